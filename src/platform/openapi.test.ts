// The OpenAPI description: generated from the route schemas, labelled `v 1`, with the security
// schemes, named operations and schemas for client generators, and identical to the committed
// docs/openapi.json and client types (regenerate both: npm run openapi). Versioning (decision 0030):
// deprecated elements marked and announced by header, and no break of the last committed description.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { Type } from 'typebox';
import { testApp, type TestContext } from '../../test/helpers.ts';
import { clientTypes, TYPES_FILE } from '../../packages/client/scripts/generate.ts';
import { openApiDocument } from '../cli/openapi.command.ts';
import { OPENAPI_PATH, danglingRefs, deprecatedPaths, operationIdProblems, operationsOf, registerOpenApi } from './openapi.ts';
import { breakingChanges } from './openapi-compatibility.ts';

let t: TestContext;
beforeAll(async () => { t = await testApp(); });
afterAll(async () => { await t?.close(); });

describe('OpenAPI description', () => {
  it('VER-01: is served without credentials at /swagger/v1/swagger.json, labelled "v 1"', async () => {
    const res = await t.app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('v 1');
    expect(doc.servers).toEqual([{ url: 'http://api.test' }]);
  });

  it('AUTH-02 GEN-14: declares the three credential forms with placeholders only, the bearer one with the login server\'s addresses', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: OPENAPI_PATH })).json();
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['basic', 'oauth2', 'twToken', 'twTokenQuery']);
    expect(doc.components.securitySchemes.oauth2.flows.authorizationCode).toMatchObject({
      authorizationUrl: `${t.config.AUTH_URL}/connect/authorize`, tokenUrl: `${t.config.AUTH_URL}/connect/token`,
      scopes: expect.objectContaining({ 'employee-read': expect.any(String), 'assignment-write': expect.any(String) }),
    });
    expect(doc.components.securitySchemes.twToken).toMatchObject({ type: 'apiKey', in: 'header', name: 'x-tw-token' });
    expect(doc.components.securitySchemes.twTokenQuery).toMatchObject({ type: 'apiKey', in: 'query', name: 'tw-token' });
    expect(doc.paths['/health'].get.security).toEqual([]);
  });

  it('documents every route with its negotiated media types and the problem body', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: OPENAPI_PATH })).json();
    const branches = doc.paths['/Datalists/Branches'].get;
    expect(Object.keys(branches.responses['200'].content)).toContain('text/csv');
    expect(branches.responses['4XX'].content['application/problem+json'].schema.$ref).toBe('#/components/schemas/Problem');
  });

  it('every operation has its own camelCase operationId', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: OPENAPI_PATH })).json();
    expect(operationIdProblems(operationsOf(doc))).toEqual([]);
    expect(doc.paths['/batchjobs'].post.operationId).toBe('createBatchJob');
    expect(doc.paths['/Datalists/Branches'].get.operationId).toBe('listDatalistBranches');
    expect(doc.paths['/DataLists/countries'].get.operationId).toBe('listDatalistCountries');
  });

  it('request and response schemas are components named after their $id', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: OPENAPI_PATH })).json();
    const schemaOf = (path: string, method: string, status: string, type = 'application/json') => doc.paths[path][method].responses[status].content[type].schema;
    expect(schemaOf('/batchjobs/{id}', 'get', '200')).toEqual({ $ref: '#/components/schemas/BatchJob' });
    expect(schemaOf('/batchjobs/{id}', 'get', '200', 'application/xml')).toEqual({ $ref: '#/components/schemas/BatchJob' });
    expect(doc.paths['/batchjobs'].post.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/BatchJobCreate' });
    // One $id used by several routes is one component.
    expect(schemaOf('/Staging/Employees/delete', 'post', '201')).toEqual(schemaOf('/batchjobs', 'post', '201'));
    // A page of named items is `<item>Page`; the items are referenced, not repeated.
    expect(schemaOf('/Datalists/Branches', 'get', '200')).toEqual({ $ref: '#/components/schemas/DatalistBranchPage' });
    expect(doc.components.schemas.DatalistBranchPage.properties.data.items).toEqual({ $ref: '#/components/schemas/DatalistBranch' });
    expect(doc.components.schemas.BatchJob.properties.batchJobItems.items).toEqual({ $ref: '#/components/schemas/BatchJobItem' });
    expect(Object.keys(doc.components.schemas).filter((name) => /^(GET|POST)_(batchjobs|Datalists|Staging|Search|JobOrders_(jobOrderId|id_candidates))/.test(name))).toEqual([]);
  });

  it('has no reference to nothing', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: OPENAPI_PATH })).json();
    expect(danglingRefs(doc)).toEqual([]);
    expect(danglingRefs({ a: { $ref: '#/components/schemas/Nope' }, components: { schemas: {} } })).toEqual(['#/components/schemas/Nope']);
  });

  it('paging parameters with a default are optional for clients', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: OPENAPI_PATH })).json();
    const parameters = doc.paths['/Datalists/Branches'].get.parameters as { name: string; required?: boolean }[];
    expect(parameters.map((p) => [p.name, p.required])).toEqual([['skip', false], ['take', false]]);
  });

  it('an app whose routes share an operationId, or lack one, does not start', async () => {
    const withRoutes = async (ids: (string | undefined)[]) => {
      const app = Fastify();
      await registerOpenApi(app, 'http://api.test', { authUrl: 'http://auth.test' });
      ids.forEach((operationId, i) => app.get(`/things/${i}`, { schema: operationId ? { operationId } : {} }, async () => ({})));
      const ready = app.ready().then(() => 'started', (e: Error) => e.message);
      const outcome = await ready;
      await app.close();
      return outcome;
    };
    expect(await withRoutes(['getThing', 'listThings'])).toBe('started');
    expect(await withRoutes(['getThing', 'getThing'])).toMatch(/GET \/things\/1: operationId "getThing" is also the one of GET \/things\/0/);
    expect(await withRoutes(['getThing', undefined])).toMatch(/GET \/things\/1 has no operationId/);
    expect(await withRoutes(['get_thing'])).toMatch(/"get_thing" is not camelCase/);
  });

  it('one $id for two different schemas is refused when the description is built', async () => {
    const app = Fastify();
    await registerOpenApi(app, 'http://api.test', { authUrl: 'http://auth.test' });
    app.get('/a', { schema: { operationId: 'getA', response: { 200: Type.Object({ a: Type.String() }, { $id: 'Thing' }) } } }, async () => ({ a: '' }));
    app.get('/b', { schema: { operationId: 'getB', response: { 200: Type.Object({ b: Type.String() }, { $id: 'Thing' }) } } }, async () => ({ b: '' }));
    await app.ready();
    expect(() => app.swagger()).toThrow(/two different schemas are named Thing/);
    await app.close();
  });

  it('the interactive documentation page is served', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/swagger' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('swagger-ui');
    expect(res.body).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
  });

  it('matches the committed docs/openapi.json and client types (run `npm run openapi` after an API change)', async () => {
    const committed = JSON.parse(readFileSync(new URL('../../docs/openapi.json', import.meta.url), 'utf8'));
    const generated = await openApiDocument(t.config);
    expect(generated).toEqual(committed);
    const types = await clientTypes(generated);
    expect(types === readFileSync(TYPES_FILE, 'utf8'), 'packages/client/src/openapi.ts is stale: run `npm run openapi`').toBe(true);
  });
});

/** docs/openapi.json as last committed; undefined outside a git checkout. */
function lastCommittedDescription(): Record<string, unknown> | undefined {
  try {
    const text = execFileSync('git', ['show', 'HEAD:docs/openapi.json'], {
      cwd: new URL('../..', import.meta.url), encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 64 * 1024 * 1024,
    });
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
const lastCommitted = lastCommittedDescription();

describe('PATCH documents', () => {
  it('PATCH-06: every record\'s PATCH document in the description recommends replace', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: OPENAPI_PATH })).json();
    const patches = Object.entries(doc.components.schemas as Record<string, { description?: string }>).filter(([name]) => name.endsWith('Patch'));
    expect(patches.length).toBeGreaterThanOrEqual(11);
    for (const [name, schema] of patches) expect(schema.description, name).toMatch(/`replace` is the recommended operation/);
  });
});

describe('Versioning (decision 0030)', () => {
  it('VER-03 AMB-29: the version is the description\'s, "v 1" at /swagger/v1/, with its promise; requests carry none (no /v1 path, no version parameter)', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: OPENAPI_PATH })).json();
    expect(doc.info.version).toBe('v 1');
    expect(doc.info.description).toMatch(/v 1 changes only by adding .*nothing is removed or retyped.*Deprecation header \(RFC 9745\)/);
    expect(Object.keys(doc.paths).filter((path) => /^\/v\d/i.test(path))).toEqual([]);
    const parameters = Object.values(doc.paths as Record<string, Record<string, { parameters?: { name: string }[] }>>)
      .flatMap((item) => Object.values(item).flatMap((operation) => operation.parameters ?? []));
    expect(parameters.filter((parameter) => /version/i.test(parameter.name))).toEqual([]);
  });

  it('VER-04: exactly orderId, jobBoardUrl and payCurrency of the job board details are deprecated, each saying what replaces it', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: OPENAPI_PATH })).json();
    expect(deprecatedPaths(doc).sort()).toEqual(['jobBoardUrl', 'orderId', 'payCurrency'].map((field) => `components.schemas.JobBoardDetails.properties.${field}`));
    const fields = doc.components.schemas.JobBoardDetails.properties;
    expect(fields.orderId.description).toMatch(/^Obsolete: use jobOrderId/);
    expect(fields.jobBoardUrl.description).toMatch(/^Obsolete, no replacement here: .*GET \/Search\/JobBoard/);
    expect(fields.payCurrency.description).toMatch(/^Obsolete, no replacement: always null/);
  });

  it('VER-03: a deprecated operation or response field makes its answers carry Deprecation and a Link to the description; errors and other routes do not', async () => {
    const app = Fastify();
    await registerOpenApi(app, 'http://api.test', { authUrl: 'http://auth.test' });
    const deprecatedSince = new Date('2026-01-02T00:00:00Z');
    app.get('/old', { schema: { operationId: 'getOld', deprecated: true }, config: { deprecatedSince } }, async () => ({}));
    const thing = Type.Object({ a: Type.String(), b: Type.Union([Type.String(), Type.Null()], { deprecated: true }) });
    for (const [url, operationId, status] of [['/thing', 'getThing', 200], ['/gone', 'getGone', 404]] as const) {
      app.get(url, { schema: { operationId, response: { 200: thing, 404: Type.Object({}) } }, config: { deprecatedSince } },
        async (_request, reply) => reply.code(status).send(status === 200 ? { a: 'x', b: null } : {}));
    }
    app.get('/current', { schema: { operationId: 'getCurrent' } }, async () => ({}));
    const headers = async (url: string) => {
      const { deprecation, link } = (await app.inject({ method: 'GET', url })).headers;
      return { deprecation, link };
    };
    const announced = { deprecation: '@1767312000', link: '<http://api.test/swagger/v1/swagger.json>; rel="deprecation"; type="application/json"' };
    expect(await headers('/old')).toEqual(announced);
    expect(await headers('/thing')).toEqual(announced);
    expect(await headers('/gone')).toEqual({ deprecation: undefined, link: undefined });
    expect(await headers('/current')).toEqual({ deprecation: undefined, link: undefined });
    await app.close();
  });

  it('VER-03: a route that marks something deprecated without a date, or dates nothing deprecated, does not start', async () => {
    const outcome = async (deprecated: boolean, deprecatedSince?: Date) => {
      const app = Fastify();
      await registerOpenApi(app, 'http://api.test', { authUrl: 'http://auth.test' });
      const started = Promise.resolve().then(() => {
        app.get('/a', { schema: { operationId: 'getA', response: { 200: Type.Object({ a: Type.String({ deprecated }) }) } }, config: { deprecatedSince } }, async () => ({ a: '' }));
        return app.ready();
      }).then(() => 'started', (e: Error) => e.message);
      const result = await started;
      await app.close();
      return result;
    };
    expect(await outcome(true, new Date('2026-01-02T00:00:00Z'))).toBe('started');
    expect(await outcome(false)).toBe('started');
    expect(await outcome(true)).toMatch(/response\.200\.properties\.a deprecated: give config\.deprecatedSince/);
    expect(await outcome(false, new Date('2026-01-02T00:00:00Z'))).toMatch(/neither the operation nor a response field is deprecated/);
  });

  it('VER-03: breakingChanges names removed and retyped operations, parameters and fields, and lets additions and deprecations through', () => {
    const field = (type: string, extra: Record<string, unknown> = {}) => ({ type, ...extra });
    const doc = (thing: Record<string, unknown>, parameters: Record<string, unknown>[], paths: Record<string, unknown> = {}) => ({
      paths: {
        '/things/{id}': { get: { parameters, responses: { 200: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } } } } },
        ...paths,
      },
      components: { schemas: { Thing: { type: 'object', properties: thing } } },
    });
    const before = doc({
      id: field('integer'), name: { anyOf: [field('string'), field('null')] }, tags: field('array', { items: field('string') }),
      place: { anyOf: [field('object', { properties: { lat: field('number') } }), field('null')] }, when: field('string', { format: 'date-time' }),
    }, [{ in: 'path', name: 'id', required: true, schema: field('integer') }, { in: 'query', name: 'q', schema: field('string') }], { '/gone': { get: {} } });
    const after = doc({
      id: field('integer', { deprecated: true, description: 'use key' }), key: field('string'), name: field('string'), tags: field('array', { items: field('integer') }),
      place: { anyOf: [field('object', { properties: {} }), field('null')] }, when: field('string'),
    }, [{ in: 'path', name: 'id', required: true, schema: field('integer') }, { in: 'query', name: 'q', required: true, schema: field('string') }, { in: 'query', name: 'r', schema: field('string') }]);
    expect(breakingChanges(before, after)).toEqual([
      'GET /things/{id} parameter query q became required',
      'GET /gone removed',
      'Thing.name retyped: null|string became string',
      'Thing.tags retyped: array<string> became array<integer>',
      'Thing.place.lat removed',
      'Thing.when retyped: string(date-time) became string',
    ]);
    expect(breakingChanges(before, before)).toEqual([]);
    expect(breakingChanges(doc({ id: field('integer') }, []), doc({ id: field('integer'), more: field('string') }, [], { '/new': { get: {} } }))).toEqual([]);
    expect(breakingChanges(doc({}, []), { paths: { '/things/{id}': { get: { responses: {} } } } })).toEqual(['GET /things/{id} 200 removed', 'Thing removed']);
  });

  it.skipIf(!lastCommitted)('VER-03: no operation, parameter or field of the last committed docs/openapi.json is removed or retyped (v 1 only adds)', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: OPENAPI_PATH })).json();
    expect(breakingChanges(lastCommitted ?? {}, doc), 'v 1 changes only by adding (decision 0030): keep the field, mark it deprecated').toEqual([]);
  });
});
