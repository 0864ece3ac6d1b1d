// Issue 14's bad-input sweep over every route of the API, derived from what the app registers
// (test/routes.ts), never listed by hand: bodies nested past MAX_BODY_DEPTH, dates at and beyond the
// range the service stores (date-range.ts), targets the router cannot decode or whose parameter is
// too long, and chunked bodies over the size limit. Every refusal is a 4xx problem+json, never a 500.
// The pages (/jobboard, /register, /admin, /assets) are hidden from the API description and answer
// HTML error pages of their own (docs/web.md): they are not API routes and are left out.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { as, testApp } from '../../../test/helpers.ts';
import { collectingRoutes, isObject, paramNames, pathOf, type RegisteredRoute } from '../../../test/routes.ts';
import { FIXTURES, recordMaker } from '../../../test/record-fixtures.ts';
import { multipart } from '../../../test/multipart.ts';
import { MAX_BODY_DEPTH } from './body.ts';
import { catalogs } from '../../resources/catalogs.ts';
import { records } from '../../resources/registry.ts';
import { collectionPath, routePath } from '../records/record.ts';
import { seedMessage } from '../../resources/assignments/assignment.fixtures.ts';
import { hasMessages } from '../../resources/messages/message.repository.ts';
import { idProperty } from '../records/record.ts';
import { seedOffer, seedSession } from '../../resources/assessments/assessment-session.fixtures.ts';
import { RESUME_LIMITS } from '../../resources/resumes/resume.text.ts';

/** Above the 20,000-deep bodies (up to 280 KB), small enough that sending past it is quick. */
const BODY_LIMIT = 512 * 1024;
const DOCUMENT_LIMIT = 64 * 1024;

const { built: t, routesOf } = await collectingRoutes(() => testApp({ BODY_LIMIT_BYTES: String(BODY_LIMIT), DOCUMENT_UPLOAD_MAX_BYTES: String(DOCUMENT_LIMIT), IMPORT_MAX_BYTES: String(DOCUMENT_LIMIT) }));
afterAll(async () => { await t.close(); });

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
type Method = (typeof METHODS)[number];
function methodOf(name: string): Method {
  const method = METHODS.find((m) => m === name);
  if (!method) throw new Error(`the sweep cannot send ${name}`);
  return method;
}

interface ApiRoute extends RegisteredRoute { method: Method; name: string; multipart: boolean }

const api: ApiRoute[] = routesOf(t.app).filter(({ route }) => !route.schema?.hide).map((r) => ({
  ...r, method: methodOf(r.method), name: `${r.method} ${r.url}`, multipart: r.route.schema?.consumes?.includes('multipart/form-data') ?? false,
}));
// Fastify reads no body on GET; it does on DELETE, so DELETE routes are swept with the writes.
const bodyRoutes = api.filter((r) => r.method !== 'GET');

const admin = as(t.app, t.tenant.adminToken);
const fixtures = recordMaker(t.app, t.database.db, t.tenant);

type Response = LightMyRequestResponse;
const PROBLEM = /^application\/problem\+json/;
const shown = (res: Response) => `${res.statusCode} ${String(res.headers['content-type'])} ${res.body.slice(0, 300)}`;
const errorsOf = (res: Response): Record<string, unknown> => {
  const errors: unknown = res.json<{ errors?: unknown }>().errors;
  return isObject(errors) ? errors : {};
};

/** Whatever the answer, it is no 5xx, and an error is problem+json. */
function expectNoServerError(res: Response, what: string) {
  expect(res.statusCode, `${what}: ${shown(res)}`).toBeLessThan(500);
  if (res.statusCode >= 400) expect(res.headers['content-type'], `${what}: ${shown(res)}`).toMatch(PROBLEM);
}

function expectProblem(res: Response, status: number, code: string, what: string) {
  expect(res.statusCode, `${what}: ${shown(res)}`).toBe(status);
  expect(res.headers['content-type'], `${what}: ${shown(res)}`).toMatch(PROBLEM);
  expect(res.json(), `${what}: ${shown(res)}`).toMatchObject({ status, code });
}

/** A body every route accepts to parse, for requests where the body is not what is tested. */
function someBody(route: ApiRoute) {
  if (route.method === 'GET') return {};
  return route.method === 'PATCH'
    ? { headers: { 'content-type': 'application/json-patch+json' }, payload: '[]' }
    : { headers: { 'content-type': 'application/json' }, payload: '{}' };
}

it('AUTH-29: the sweep finds the API\'s routes (and leaves out the pages only)', () => {
  expect(api.length).toBeGreaterThan(90);
  expect(bodyRoutes.length).toBeGreaterThan(40);
  const pages = routesOf(t.app).filter(({ route }) => route.schema?.hide).map((r) => r.url);
  expect(pages.filter((url) => !/^\/(jobboard|register|admin|assets)(\/|$)/.test(url))).toEqual([]);
});

describe('nesting depth: every route that takes a body (ERR-06)', () => {
  const DEEP = 20_000;
  /** Openers inside text (a string, CDATA, a comment) nest nothing: every body carries 20,000 of them innermost. */
  const INERT = 20_000;
  interface Nesting { type: string; nested(depth: number): string }
  /** The JSON family (JSON Patch on PATCH) and the XML family, nested with each kind of element name and inert text. */
  const nestingsOf = (method: Method): Nesting[] => {
    const json = method === 'PATCH' ? 'application/json-patch+json' : 'application/json';
    return [
      { type: json, nested: (d) => '['.repeat(d) + `"${'['.repeat(INERT)}"` + ']'.repeat(d) },
      { type: json, nested: (d) => '{"a":'.repeat(d) + `"${'{'.repeat(INERT)}"` + '}'.repeat(d) },
      { type: 'application/xml', nested: (d) => '<a>'.repeat(d) + `<![CDATA[${'<a>'.repeat(INERT)}]]>` + '</a>'.repeat(d) },
      { type: 'application/xml', nested: (d) => '<é>'.repeat(d) + `<!--${'<é>'.repeat(INERT)}-->` + '</é>'.repeat(d) },
      { type: 'text/xml', nested: (d) => '<a b="/>">'.repeat(d) + '</a>'.repeat(d) },
    ];
  };
  /** Tags never closed, which a backtracking scan takes seconds (growing with the cube of their number) to give up on. */
  const UNCLOSED = ['<a', '<a b="', '<!--', '<![CDATA[', '<?a'].map((tag) => tag.repeat(3000));

  for (const route of bodyRoutes) {
    it(`ERR-06 ERR-20 ${route.name}: ${DEEP} levels and ${MAX_BODY_DEPTH + 1} are a 400 naming body; ${MAX_BODY_DEPTH} is not refused for depth; unclosed tags are answered at once`, async () => {
      const send = (type: string, payload: string) => admin({ method: route.method, url: pathOf(route), headers: { 'content-type': type }, payload });
      for (const { type, nested } of nestingsOf(route.method)) {
        const what = `${type} ${nested(2).slice(0, 30)}`;
        const past = await send(type, nested(MAX_BODY_DEPTH + 1));
        expectProblem(past, 400, 'VALIDATION_FAILED', `${what}, ${MAX_BODY_DEPTH + 1} deep`);
        expect(Object.keys(errorsOf(past)), `${what}: ${shown(past)}`).toEqual(['body']);
        const deep = await send(type, nested(DEEP));
        expectProblem(deep, 400, 'VALIDATION_FAILED', `${what}, ${DEEP} deep`);
        expect(errorsOf(deep), `${what}, ${DEEP} deep: ${shown(deep)}`).toEqual(errorsOf(past));
        const atLimit = await send(type, nested(MAX_BODY_DEPTH));
        expectNoServerError(atLimit, `${what}, ${MAX_BODY_DEPTH} deep`);
        expect(atLimit.json<{ detail?: string }>().detail, `${what}, ${MAX_BODY_DEPTH} deep is refused for depth`).not.toBe(past.json<{ detail?: string }>().detail);
      }
      for (const text of UNCLOSED) {
        const started = performance.now();
        expectNoServerError(await send('application/xml', text), text.slice(0, 20));
        expect(performance.now() - started, `${text.slice(0, 20)}... took`).toBeLessThan(1000);
      }
    });
  }
});

describe('errors the router raises: every route (ERR-06, ERR-20)', () => {
  const maxParamLength = t.app.initialConfig.routerOptions?.maxParamLength;
  if (maxParamLength === undefined) throw new Error('the app sets no maxParamLength');
  const queryNames = (route: ApiRoute) => {
    const query = route.route.schema?.querystring;
    return isObject(query) && isObject(query.properties) ? Object.keys(query.properties) : [];
  };

  for (const route of api) {
    const params = paramNames(route.url);
    const checks = params.length > 0
      ? `a parameter with invalid percent-encoding is 400 MALFORMED_URL, one over ${maxParamLength} characters 414 URI_TOO_LONG; `
      : '';
    it(`ERR-06 ERR-20 ${route.name}: ${checks}invalid percent-encoding in the query is never a 500 nor another body than problem+json`, async () => {
      const call = (url: string) => admin({ method: route.method, url, ...someBody(route) });
      for (const name of params) {
        for (const bad of ['%FF%FE', '%E0%A4%A', '%']) expectProblem(await call(pathOf(route, { [name]: bad })), 400, 'MALFORMED_URL', `${name}=${bad}`);
        expectProblem(await call(pathOf(route, { [name]: '9'.repeat(maxParamLength + 1) })), 414, 'URI_TOO_LONG', `${name} of ${maxParamLength + 1}`);
        expectNoServerError(await call(pathOf(route, { [name]: '9'.repeat(maxParamLength) })), `${name} of ${maxParamLength}`);
      }
      for (const name of [...queryNames(route), 'unknownParameter']) {
        for (const bad of ['%FF%FE', '%E0%A4%A', '%']) expectNoServerError(await call(`${pathOf(route)}?${name}=${bad}`), `?${name}=${bad}`);
      }
    });
  }
});

// Dates: the ends of the range are stored (or refused for a business reason, never as out of
// range), and the record still reads; beyond them is a 400 naming the field. The last end is .NET's
// DateTime.MaxValue as ASP.NET clients write it (seven fraction digits).
const RANGE_ENDS = ['0001-01-01T00:00:00Z', '9999-12-31T23:59:59Z', '9999-12-31T23:59:59.9999999Z'];
const BEYOND = ['0000-01-01T00:00:00Z', '10000-01-01T00:00:00Z', '-000001-01-01T00:00:00Z', '+010000-01-01T00:00:00Z', '0001-01-01T00:00:00+01:00', '9999-12-31T23:59:59-01:00'];

/** What an answer refuses, to tell a business refusal of a range end from the range's own. */
const refusalOf = (res: Response) => JSON.stringify(errorsOf(res));

/** The reads of one record beside its GET (accruals, summary, ...): the GET routes under its path that take only its id. */
function readsOf(path: string, id: number): string[] {
  const under = new RegExp(`^${path}/:[A-Za-z0-9_]+/`, 'i');
  return api.flatMap((route) => {
    const [name, ...more] = paramNames(route.url);
    return route.method === 'GET' && under.test(route.url) && name && more.length === 0 ? [pathOf(route, { [name]: String(id) })] : [];
  });
}

describe('dates at and beyond the range: every DateTime field of every PATCH catalog (GEN-13, ERR-06)', () => {
  it('the PATCH routes are the catalogs\' routes (so every PATCH date field is swept)', () => {
    const braced = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').toLowerCase();
    expect(api.filter((r) => r.method === 'PATCH').map((r) => braced(r.url)).sort())
      .toEqual(Object.values(catalogs).flatMap((c) => c.routes).map((url) => url.toLowerCase()).sort());
  });

  for (const { catalog } of Object.values(catalogs)) {
    const dates = catalog.fields.filter((field) => field.type === 'DateTime');
    if (dates.length === 0) continue;
    const def = records.find((r) => r.patch.target.catalog === catalog);
    for (const field of dates) {
      it(`GEN-13 ERR-06 ERR-01 ${catalog.resource} ${field.name} (${field.notation}): the range's ends are stored and read back; beyond them a 400 naming ${field.json}`, async () => {
        if (!def) throw new Error(`${catalog.resource} has DateTime fields but no record to create: teach the sweep how to make one`);
        const id = await fixtures.make(def.name);
        const url = `${def.path}/${id}`;
        const patch = (value: string) => admin({
          method: 'PATCH', url, headers: { 'content-type': 'application/json-patch+json' }, payload: JSON.stringify([{ op: 'replace', path: `/${field.name}`, value }]),
        });
        const refusals = new Set<string>();
        for (const value of BEYOND) {
          const res = await patch(value);
          expectProblem(res, 400, 'VALIDATION_FAILED', value);
          expect(Object.keys(errorsOf(res)), value).toEqual([field.json]);
          refusals.add(refusalOf(res));
        }
        for (const value of RANGE_ENDS) {
          const res = await patch(value);
          expectNoServerError(res, value);
          if (res.statusCode >= 300) expect(refusals.has(refusalOf(res)), `${value} refused as out of range: ${shown(res)}`).toBe(false);
          const read = await admin({ method: 'GET', url });
          expect(read.statusCode, `GET after ${value}: ${shown(read)}`).toBe(200);
          const list = await admin({ method: 'GET', url: `${def.path}?take=1000` });
          expect(list.statusCode, `list after ${value}: ${shown(list)}`).toBe(200);
          for (const other of readsOf(def.path, id)) expectNoServerError(await admin({ method: 'GET', url: other }), `GET ${other} after ${value}`);
        }
      });
    }
  }
});

/** Where a date sits in a body: the properties declared `format: date-time` or documented as ISO 8601 (those also take a date alone), as paths ('0' for an array's first item). */
function datePaths(schema: unknown, path: string[] = []): string[][] {
  if (!isObject(schema)) return [];
  const isDate = schema.type === 'string' && (schema.format === 'date-time' || /ISO 8601/.test(String(schema.description ?? '')));
  const properties = isObject(schema.properties) ? Object.entries(schema.properties) : [];
  const alternatives = ['anyOf', 'oneOf', 'allOf'].flatMap((k) => { const list = schema[k]; return Array.isArray(list) ? list : []; });
  return [
    ...(isDate ? [path] : []),
    ...properties.flatMap(([name, property]) => datePaths(property, [...path, name])),
    ...datePaths(schema.items, [...path, '0']),
    ...alternatives.flatMap((alternative) => datePaths(alternative, path)),
  ];
}

/** `body` with `value` at `path`. */
function withValue(body: unknown, path: string[], value: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  if (Array.isArray(body)) return body.map((item, n) => (String(n) === head ? withValue(item, rest, value) : item));
  const object = isObject(body) ? body : {};
  return { ...object, [head]: withValue(object[head], rest, value) };
}

/** A valid request of a route whose body has dates; `read` is where the result reads (default: the answer's Location). */
interface Valid { url: string; body: Record<string, unknown>; read?: string; by?: typeof admin }

const CODES = ['typing-60'];
let offer: Awaited<ReturnType<typeof seedOffer>> | undefined;
async function assessmentSession(): Promise<number> {
  offer ??= await seedOffer(t.database.db, t.tenant.tenantId, CODES, { apiUrl: 'http://127.0.0.1:9', apiKey: 'k' });
  return seedSession(t.database.db, {
    tenantId: t.tenant.tenantId, hierId: t.tenant.north.hierId, employeeId: await fixtures.make('Employee'), vendorId: offer.vendorId, assessmentIds: offer.assessmentIds, codes: CODES,
  });
}

async function assignmentMessage(): Promise<string> {
  const assignmentId = await fixtures.make('Assignment');
  return `/Assignments/${assignmentId}/messages/${await seedMessage(t.database.db, t.tenant.tenantId, 'assignment', assignmentId)}`;
}

async function documentTypeId(): Promise<number> {
  const res = await admin({ method: 'GET', url: '/Datalists/DocumentTypes?take=1' });
  const [first] = res.json<{ data: { documentTypeId: number }[] }>().data;
  if (!first) throw new Error('the tenant has no document type');
  return first.documentTypeId;
}

/** Route → a fresh valid request: the records from their fixtures, the rest here. A route whose body has dates needs a line. */
const VALID: Record<string, () => Promise<Valid>> = {
  ...Object.fromEntries(records.map((def) => [`POST ${routePath(def)}`, async (): Promise<Valid> => {
    const fixture = FIXTURES[def.name];
    if (!fixture) throw new Error(`${def.name} has no fixture (test/record-fixtures.ts)`);
    const url = collectionPath(def, def.parent && await fixtures.make(def.parent.record.name));
    return { url, body: await fixture.body(fixtures), by: as(t.app, fixture.at === 'north' ? t.tenant.northToken : t.tenant.southToken) };
  }])),
  // A message logged on each record that has messages (decision 0035).
  ...Object.fromEntries(records.filter(hasMessages).map((def) => [`POST ${def.path}/:${idProperty(def)}/messages`, async (): Promise<Valid> =>
    ({ url: `${def.path}/${await fixtures.make(def.name)}/messages`, body: { text: 'Called about the start.' } })])),
  'PUT /Assignments/:assignmentId/messages/:messageId': async () => {
    const url = await assignmentMessage();
    return { url, body: { text: 'Called about the start.' }, read: `${url}/documents` };
  },
  'POST /Assignments/:assignmentId/messages/:messageId/documents': async () => {
    const url = `${await assignmentMessage()}/documents`;
    return { url, body: { DocumentName: 'I-9', DocumentTypeId: String(await documentTypeId()) }, read: url };
  },
  'POST /Assessments/Sessions/AssessOnCloud/Results': async () => {
    const id = await assessmentSession();
    return { url: '/Assessments/Sessions/AssessOnCloud/Results', body: { assessmentSessionId: id, reports: [{ reportId: `R-${id}`, assessmentCode: CODES[0], completedAt: '2026-03-15T14:02:00Z' }] }, read: `/Assessments/Sessions/${id}` };
  },
  'POST /Assessments/Sessions/AssessOnCloud/Status': async () => {
    const id = await assessmentSession();
    return { url: '/Assessments/Sessions/AssessOnCloud/Status', body: { assessmentSessionId: id, status: 'inProgress', occurredAt: '2026-03-15T14:02:00Z' }, read: `/Assessments/Sessions/${id}` };
  },
};

async function payloadOf(route: ApiRoute, body: unknown) {
  if (!route.multipart) return { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) };
  const fields = isObject(body) ? Object.fromEntries(Object.entries(body).map(([k, v]) => [k, String(v)])) : {};
  return multipart(fields);
}

describe('dates at and beyond the range: every date field of every create or update body (GEN-13, ERR-06)', () => {
  const dated = api.filter((r) => r.method === 'POST' || r.method === 'PUT')
    .map((route) => ({ route, paths: datePaths(route.route.schema?.body ?? route.route.schema?.documentedBody) }))
    .filter(({ paths }) => paths.length > 0);

  it('finds the date fields, and every route holding one has a valid request here', () => {
    expect(dated.flatMap(({ paths }) => paths).length).toBeGreaterThan(10);
    expect(dated.filter(({ route }) => !VALID[route.name]).map(({ route }) => route.name)).toEqual([]);
  });

  for (const { route, paths } of dated) {
    for (const path of paths) {
      const field = path.join('.');
      it(`GEN-13 ERR-06 ${route.name} ${field}: the range's ends are taken (or refused for another reason) and the result reads; beyond them a 400 naming ${field}`, async () => {
        const valid = VALID[route.name];
        if (!valid) throw new Error(`${route.name} has no valid request in VALID`);
        const send = async ({ url, body, by = admin }: Valid, value: string) => by({ method: route.method, url, ...await payloadOf(route, withValue(body, path, value)) });
        const base = await valid();
        const refusals = new Set<string>();
        for (const value of BEYOND) {
          const res = await send(base, value);
          expectProblem(res, 400, 'VALIDATION_FAILED', value);
          expect(Object.keys(errorsOf(res)).map((name) => name.toLowerCase()), value).toEqual([field.toLowerCase()]);
          refusals.add(refusalOf(res));
        }
        for (const value of RANGE_ENDS) {
          const request = await valid();
          const res = await send(request, value);
          expectNoServerError(res, value);
          if (res.statusCode >= 300) {
            expect(refusals.has(refusalOf(res)), `${value} refused as out of range: ${shown(res)}`).toBe(false);
            continue;
          }
          const read = request.read ?? res.headers.location;
          expect(typeof read, `${value}: where the result reads`).toBe('string');
          const got = await admin({ method: 'GET', url: String(read) });
          expect(got.statusCode, `GET ${String(read)} after ${value}: ${shown(got)}`).toBe(200);
        }
      });
    }
  }
});

describe('chunked bodies over the limit, without Content-Length: every route that takes a body (ERR-06, RES-05, PAGE-09)', () => {
  /** The multipart routes' own limits: each refuses a file over it (413) while reading. */
  const UPLOADS: Record<string, { limit: number; file: string; fields?: () => Promise<Record<string, string>>; url?: () => Promise<string> }> = {
    'POST /Staging/Employees/Resumes': { limit: RESUME_LIMITS.maxBytes, file: 'resume' },
    'POST /Employees/Resume': { limit: RESUME_LIMITS.maxBytes, file: 'resume' },
    'PUT /Employees/:id/Resume': { limit: RESUME_LIMITS.maxBytes, file: 'resume', url: async () => `/Employees/${await fixtures.make('Employee')}/Resume` },
    'POST /batchjobs/imports': { limit: DOCUMENT_LIMIT, file: 'file', fields: async () => ({ batchJobType: 'Import_Employees' }) },
    'POST /Assignments/:assignmentId/messages/:messageId/documents': {
      limit: DOCUMENT_LIMIT, file: 'File', url: async () => `${await assignmentMessage()}/documents`,
      fields: async () => ({ DocumentName: 'Too big', DocumentTypeId: String(await documentTypeId()) }),
    },
  };
  let port = 0;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    port = isObject(address) && typeof address.port === 'number' ? address.port : 0;
  });

  it('every multipart route has its limit here', () => {
    expect(api.filter((r) => r.multipart).map((r) => r.name).sort()).toEqual(Object.keys(UPLOADS).sort());
  });

  const fill = 'x'.repeat(16 * 1024);
  /**
   * Sends `head`, then `size` bytes, then `tail`, chunked (no Content-Length), all of it before
   * reading the answer, as a plain client does; answers `<status> <content-type> <body>`.
   */
  const sendChunked = (method: Method, url: string, type: string, size: number, head = '', tail = '') => new Promise<string>((resolve) => {
    const req = request({
      host: '127.0.0.1', port, method, path: url, agent: false,
      headers: { 'content-type': type, 'transfer-encoding': 'chunked', 'x-tw-token': t.tenant.adminToken.token },
    }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => { body += String(chunk); });
      res.on('end', () => resolve(`${res.statusCode} ${String(res.headers['content-type'])} ${body}`));
    });
    req.on('error', (e) => resolve(`error ${e.message}`));
    req.setTimeout(20_000, () => req.destroy(new Error('no answer in 20 s')));
    let sent = 0;
    const send = (): void => {
      if (sent >= size) { req.end(tail); return; }
      sent += fill.length;
      if (req.write(fill)) setImmediate(send);
      else req.once('drain', send);
    };
    req.write(head);
    send();
  });
  const TOO_LARGE = /^413 application\/problem\+json.*"code":"PAYLOAD_TOO_LARGE"/;

  for (const route of bodyRoutes) {
    it(`ERR-06 ERR-20 ${route.name}: a chunked JSON body over ${BODY_LIMIT} bytes is a 413 problem+json`, async () => {
      const answer = await sendChunked(route.method, pathOf(route), 'application/json', BODY_LIMIT + 64 * 1024, '"');
      expect(answer.slice(0, 300)).toMatch(TOO_LARGE);
    });
  }

  for (const route of api.filter((r) => r.multipart)) {
    it(`ERR-06 RES-05 PAGE-09 ${route.name}: a chunked upload over the route's own limit is a 413 problem+json`, async () => {
      const upload = UPLOADS[route.name];
      if (!upload) throw new Error(`${route.name} has no limit in UPLOADS`);
      const url = upload.url ? await upload.url() : pathOf(route);
      const fields = Object.entries(await upload.fields?.() ?? {}).map(([name, value]) => `--B\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`).join('');
      const head = `${fields}--B\r\nContent-Disposition: form-data; name="${upload.file}"; filename="big.txt"\r\nContent-Type: text/plain\r\n\r\n`;
      const answer = await sendChunked(route.method, url, 'multipart/form-data; boundary=B', upload.limit + 64 * 1024, head, '\r\n--B--\r\n');
      expect(answer.slice(0, 300)).toMatch(TOO_LARGE);
    });
  }
});
