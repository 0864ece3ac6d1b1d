// The OpenAPI description: generated from the route schemas, labelled `v 1`, with the security
// schemes, named operations and schemas for client generators, and identical to the committed
// docs/openapi.json and client types (regenerate both: npm run openapi).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { Type } from 'typebox';
import { testApp, type TestContext } from '../../test/helpers.ts';
import { clientTypes, TYPES_FILE } from '../../test/e2e/api-client/generate.ts';
import { openApiDocument } from '../cli/openapi.command.ts';
import { OPENAPI_PATH, danglingRefs, operationIdProblems, operationsOf, registerOpenApi } from './openapi.ts';

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
  });

  it('matches the committed docs/openapi.json and client types (run `npm run openapi` after an API change)', async () => {
    const committed = JSON.parse(readFileSync(new URL('../../docs/openapi.json', import.meta.url), 'utf8'));
    const generated = await openApiDocument(t.config);
    expect(generated).toEqual(committed);
    const types = await clientTypes(generated);
    expect(types === readFileSync(TYPES_FILE, 'utf8'), 'test/e2e/api-client/openapi.ts is stale: run `npm run openapi`').toBe(true);
  });
});
