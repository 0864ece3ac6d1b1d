// What every operation of the description promises (decision 0052), checked over the whole
// description and, for a record, against what the service answers: a success response for every
// operation (a PATCH's 200 too), the response headers as components, the error statuses each
// operation can answer with the codes each carries, Idempotency-Key and If-Match, CSV and XLSX.
import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../test/helpers.ts';
import { ERROR_CODES, type ErrorCode } from './http/errors.ts';
import { XLSX } from './http/negotiation.ts';
import { OPENAPI_PATH } from './openapi.ts';
import { resolverOf } from './openapi-examples.ts';
import { breakingChanges } from './openapi-compatibility.ts';

const { t, admin } = testAppForFile();

/** A part of the description as JSON.parse reads it (any JSON). */
type Json = ReturnType<typeof JSON.parse>;
const description = async (): Promise<Json> => (await t.app.inject({ method: 'GET', url: OPENAPI_PATH })).json();
const operations = (doc: Json) => Object.entries(doc.paths as Record<string, Json>)
  .flatMap(([path, item]) => Object.entries(item as Record<string, Json>).map(([method, operation]) => ({ where: `${method.toUpperCase()} ${path}`, method, path, operation })));
/** A response as the description gives it, its `$ref` followed. */
const responseOf = (doc: Json, response: Json | undefined): Json | undefined => (response?.$ref ? resolverOf(doc)(response.$ref) as Json : response);
/** The header names a response documents, in lower case. */
const headersOf = (doc: Json, response: Json | undefined) => Object.keys(responseOf(doc, response)?.headers ?? {}).map((h) => h.toLowerCase()).sort();
/** The codes an error response says it carries. */
const codesOf = (doc: Json, response: Json | undefined): string[] =>
  responseOf(doc, response)?.content?.['application/problem+json']?.schema?.allOf?.[1]?.properties?.code?.enum ?? [];

describe('every operation documents what it answers', () => {
  it('each has a success response; a record\'s PATCH (and the message PUT) documents its 200 with no body', async () => {
    const doc = await description();
    const without = operations(doc).filter(({ operation }) => !Object.keys(operation.responses).some((status) => /^[23]\d\d$/.test(status)));
    expect(without.map(({ where }) => where)).toEqual([]);
    for (const where of [['/Employees/{id}', 'patch'], ['/Customers/{id}/worksites/{worksiteId}', 'patch'], ['/Employees/{id}/contactmethods/{contactMethodId}', 'patch'], ['/Assignments/{assignmentId}/messages/{messageId}', 'put']] as const) {
      const ok = doc.paths[where[0]][where[1]].responses['200'];
      expect(ok, where.join(' ')).toBeDefined();
      expect(ok.content, where.join(' ')).toBeUndefined();
    }
  });

  it('response headers are components, referenced: X-Request-Id and RateLimit on every response, ETag on GET and PATCH, Location on 201, X-Total-Count and Link on lists, Retry-After on 429 and 503', async () => {
    const doc = await description();
    expect(Object.keys(doc.components.headers).sort()).toEqual(['ETag', 'Link', 'Location', 'RateLimit', 'RateLimit-Policy', 'Retry-After', 'WWW-Authenticate', 'X-Request-Id', 'X-Total-Count']);
    for (const { where, operation } of operations(doc)) {
      for (const [status, response] of Object.entries(operation.responses as Record<string, Json>)) {
        expect(headersOf(doc, response), `${where} ${status}`).toEqual(expect.arrayContaining(['ratelimit', 'ratelimit-policy', 'x-request-id']));
        for (const header of Object.values(responseOf(doc, response)?.headers ?? {}) as Json[]) expect(header.$ref, `${where} ${status}`).toMatch(/^#\/components\/headers\//);
        if (status === '429' || status === '503') expect(headersOf(doc, response), `${where} ${status}`).toContain('retry-after');
        if (status === '201') expect(headersOf(doc, response), `${where} ${status}`).toContain('location');
      }
    }
    const employees = doc.paths['/Employees'];
    expect(headersOf(doc, employees.get.responses['200'])).toEqual(expect.arrayContaining(['etag', 'x-total-count', 'link']));
    expect(headersOf(doc, doc.paths['/Employees/{id}'].get.responses['200'])).toContain('etag');
    expect(headersOf(doc, doc.paths['/Employees/{id}'].get.responses['200'])).not.toContain('x-total-count');
    // A file is not a page of a list, though it may be CSV.
    expect(headersOf(doc, doc.paths['/batchjobs/{id}/file'].get.responses['200'])).not.toContain('link');
    expect(headersOf(doc, doc.paths['/Employees/{id}'].patch.responses['200'])).toContain('etag');
    expect(headersOf(doc, employees.post.responses['201'])).toContain('location');
  });

  it('the specific error statuses an operation can answer, each with the problem schema and only codes of that status', async () => {
    const doc = await description();
    for (const { where, operation } of operations(doc)) {
      for (const [status, response] of Object.entries(operation.responses as Record<string, Json>)) {
        if (!/^[45]\d\d$/.test(status)) continue;
        const resolved = responseOf(doc, response);
        expect(resolved?.content?.['application/problem+json'], `${where} ${status}`).toBeDefined();
        for (const code of codesOf(doc, response)) expect(ERROR_CODES[code as ErrorCode]?.status, `${where} ${status} ${code}`).toBe(Number(status));
      }
    }
    const statuses = (path: string, method: string) => Object.keys(doc.paths[path][method].responses).filter((s) => /^\d+$/.test(s));
    expect(statuses('/Employees/{id}', 'get')).toEqual(['200', '400', '401', '403', '404', '406', '429', '503']);
    expect(statuses('/Employees', 'post')).toEqual(['201', '400', '401', '403', '406', '409', '413', '415', '422', '429', '503']);
    expect(statuses('/Employees/{id}', 'patch')).toEqual(['200', '400', '401', '403', '404', '409', '412', '413', '415', '422', '429', '503']);
    // A public route: no credential, so no 401, 403 or quota.
    expect(statuses('/health', 'get')).toEqual(['200', '503']);
    expect(codesOf(doc, doc.paths['/Employees/{id}'].get.responses['403']).sort()).toEqual(['ROLE_NOT_ALLOWED', 'SCOPE_MISSING']);
    expect(codesOf(doc, doc.paths['/Employees/{id}'].patch.responses['409'])).toContain('PRECONDITION_FAILED');
  });

  it('writes take Idempotency-Key (POST and PATCH) and If-Match (PATCH) as reusable parameters', async () => {
    const doc = await description();
    expect(doc.components.parameters.IdempotencyKey).toMatchObject({ name: 'Idempotency-Key', in: 'header', required: false });
    expect(doc.components.parameters.IfMatch).toMatchObject({ name: 'If-Match', in: 'header', required: false });
    const refs = (path: string, method: string) => (doc.paths[path][method].parameters as Json[]).map((p) => p.$ref).filter(Boolean);
    expect(refs('/Employees', 'post')).toEqual(['#/components/parameters/IdempotencyKey']);
    expect(refs('/Employees/{id}', 'patch')).toEqual(['#/components/parameters/IdempotencyKey', '#/components/parameters/IfMatch']);
    expect(refs('/Employees/{id}', 'get')).toEqual([]);
  });

  it('VER-03: a parameter given as a reference to a component is compared as the parameter it names', () => {
    const doc = (parameters: Json[], components: Json) => ({ paths: { '/things': { post: { parameters, responses: {} } } }, components: { parameters: components } });
    const key = { name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string' } };
    const withKey = doc([{ $ref: '#/components/parameters/IdempotencyKey' }], { IdempotencyKey: key });
    expect(breakingChanges(withKey, withKey)).toEqual([]);
    expect(breakingChanges(doc([], {}), withKey)).toEqual([]);
    expect(breakingChanges(withKey, doc([], {}))).toEqual(['POST /things parameter header Idempotency-Key removed']);
    expect(breakingChanges(withKey, doc([{ $ref: '#/components/parameters/IdempotencyKey' }], { IdempotencyKey: { ...key, required: true } })))
      .toEqual(['POST /things parameter header Idempotency-Key became required']);
  });

  it('CSV is text and XLSX a binary workbook, not the JSON schema', async () => {
    const doc = await description();
    const content = doc.paths['/Employees'].get.responses['200'].content;
    expect(content['text/csv'].schema).toMatchObject({ type: 'string' });
    expect(content[XLSX].schema).toMatchObject({ type: 'string', format: 'binary' });
    expect(content['application/json'].schema).toEqual({ $ref: '#/components/schemas/EmployeePage' });
  });
});

describe('what the service answers is what the description says', () => {
  it('a customer\'s create, list, read, PATCH, CSV and refusals answer the statuses and headers documented for them', async () => {
    const doc = await description();
    const documented = (path: string, method: string, status: number) => {
      const responses = doc.paths[path][method].responses;
      expect(Object.keys(responses), `${method.toUpperCase()} ${path} documents ${status}`).toContain(String(status));
      return responses[String(status)];
    };
    const created = await admin({ method: 'POST', url: '/Customers', payload: { customerName: 'Contoso', departmentName: 'Assembly', branchId: t.tenant.north.branchId } });
    expect(created.statusCode, created.body).toBe(201);
    expect(headersOf(doc, documented('/Customers', 'post', 201))).toContain('location');
    expect(created.headers.location).toBe(`/Customers/${created.json().customerId}`);
    const list = await admin({ method: 'GET', url: '/Customers' });
    expect(headersOf(doc, documented('/Customers', 'get', 200))).toEqual(expect.arrayContaining(['etag', 'x-total-count']));
    expect(list.headers['x-total-count']).toBe(String(list.json().totalCount));
    expect(list.headers.etag).toMatch(/^"/);
    const csv = await admin({ method: 'GET', url: '/Customers', headers: { accept: 'text/csv' } });
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(documented('/Customers', 'get', 200).content['text/csv'].schema.type).toBe('string');
    const id = created.json().customerId;
    const patched = await admin({ method: 'PATCH', url: `/Customers/${id}`, payload: [{ op: 'replace', path: '/note', value: 'Net 30' }] });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.body).toBe('');
    expect(documented('/Customers/{id}', 'patch', 200).content).toBeUndefined();
    const failedTest = await admin({ method: 'PATCH', url: `/Customers/${id}`, payload: [{ op: 'test', path: '/note', value: 'Net 60' }] });
    expect(failedTest.statusCode).toBe(409);
    expect(codesOf(doc, documented('/Customers/{id}', 'patch', 409))).toContain(failedTest.json().code);
    const missing = await admin({ method: 'GET', url: '/Customers/999999' });
    expect(codesOf(doc, documented('/Customers/{id}', 'get', missing.statusCode))).toContain(missing.json().code);
    const anonymous = await t.app.inject({ method: 'GET', url: `/Customers/${id}` });
    expect(codesOf(doc, documented('/Customers/{id}', 'get', anonymous.statusCode))).toContain(anonymous.json().code);
    const unacceptable = await admin({ method: 'GET', url: `/Customers/${id}`, headers: { accept: 'image/png' } });
    expect(codesOf(doc, documented('/Customers/{id}', 'get', unacceptable.statusCode))).toContain(unacceptable.json().code);
  });
});
