// Behaviour shared by every endpoint: negotiation of responses and requests, problem bodies,
// paging bounds, case-insensitive paths, ETags, 404/405/406/413/415, overload.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseCsv } from 'csv-parse/sync';
import { Type } from 'typebox';
import type { FastifyInstance } from 'fastify';
import { request } from 'node:http';
import { auth, testApp, type TestContext, workbookOf } from '../../../test/helpers.ts';
import { buildApp } from '../../app.ts';
import { XLSX } from './negotiation.ts';
import { OPENAPI_PATH } from '../openapi.ts';
import type { TypedRequests } from './typed-requests.ts';

let t: TestContext;
let app: FastifyInstance;
const record = { id: 7, name: 'Fork & Lift <Co>', active: true, skills: ['forklift', 'safety'], address: { city: 'Austin', zip: null } };

beforeAll(async () => {
  t = await testApp({ BODY_LIMIT_BYTES: '4096' });
  // A separate app with a single-record route and an echo route, to exercise the platform alone
  // (with operationIds: the app refuses to start a documented route without one).
  app = await buildApp({ config: t.config, database: t.database, listenForRevocations: false });
  const access = { roles: ['ServiceRep'] as const, scopes: [] };
  const api = app.withTypeProvider<TypedRequests>();
  api.get('/Things/:id', { config: { access, representation: 'record', recordName: 'Thing' }, schema: { operationId: 'getThing' } }, async () => record);
  api.post('/Echo', {
    config: { access, representation: 'record', recordName: 'Echo' },
    schema: { operationId: 'echo', body: Type.Object({ count: Type.Integer(), name: Type.String({ maxLength: 10 }), flag: Type.Optional(Type.Boolean()) }) },
  }, async (request) => request.body);
  api.patch('/Echo', { config: { access, representation: 'record' }, schema: { operationId: 'echoPatch', body: Type.Array(Type.Object({ op: Type.String() })) } }, async (request) => ({ ops: request.body.length }));
  await app.ready();
});
afterAll(async () => { await app?.close(); await t?.close(); });

const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, headers: Record<string, string> = {}, payload?: string) =>
  app.inject({ method, url, headers: { ...auth.token(t.tenant.adminToken), ...headers }, payload });

describe('response negotiation of a single record (NEG-01 NEG-02)', () => {
  it('AMB-08: answers application/json when Accept is absent or */*', async () => {
    for (const accept of [undefined, '*/*']) {
      const res = await call('GET', '/Things/7', accept ? { accept } : {});
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.json()).toEqual(record);
    }
  });

  it('NEG-02: answers text/json', async () => {
    const res = await call('GET', '/Things/7', { accept: 'text/json' });
    expect(res.headers['content-type']).toBe('text/json; charset=utf-8');
    expect(res.json()).toEqual(record);
  });

  it('NEG-02: answers application/xml and text/xml, escaped, nulls left out, arrays as <item>', async () => {
    for (const type of ['application/xml', 'text/xml']) {
      const res = await call('GET', '/Things/7', { accept: type });
      expect(res.headers['content-type']).toBe(`${type}; charset=utf-8`);
      expect(res.body).toBe('<?xml version="1.0" encoding="utf-8"?><Thing><id>7</id><name>Fork &amp; Lift &lt;Co&gt;</name><active>true</active>'
        + '<skills><item>forklift</item><item>safety</item></skills><address><city>Austin</city></address></Thing>');
    }
  });

  it('NEG-02 NEG-11: answers text/plain as one "field: value" line per flattened field', async () => {
    const res = await call('GET', '/Things/7', { accept: 'text/plain' });
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toBe('id: 7\nname: Fork & Lift <Co>\nactive: true\nskills: forklift; safety\naddress.city: Austin\naddress.zip: \n');
  });

  it('NEG-06 AMB-07: answers 406 to CSV or XLSX for a single record', async () => {
    for (const accept of ['text/csv', XLSX, 'image/png']) {
      const res = await call('GET', '/Things/7', { accept });
      expect(res.statusCode).toBe(406);
      expect(res.headers['content-type']).toMatch(/problem\+json/);
    }
  });

  it('honours quality values', async () => {
    const res = await call('GET', '/Things/7', { accept: 'application/json;q=0.5, text/xml' });
    expect(res.headers['content-type']).toMatch(/^text\/xml/);
  });
});

describe('response negotiation of a paged list (NEG-03 NEG-04 NEG-05)', () => {
  const list = (accept: string) => call('GET', '/Datalists/HowHeardOf?originTypeId=1&take=3', { accept });

  it('NEG-03: answers the five record types for lists too', async () => {
    expect((await list('application/json')).json()).toMatchObject({ totalCount: 9, data: expect.any(Array) });
    expect((await list('text/json')).json().data).toHaveLength(3);
    expect((await list('application/xml')).body).toMatch(/^<\?xml[^>]*><PagedList><totalCount>9<\/totalCount><data><HowHeardOf><howHeardOfId>/);
    expect((await list('text/xml')).headers['content-type']).toBe('text/xml; charset=utf-8');
    expect((await list('text/plain')).body).toMatch(/^totalCount: 9\n\nhowHeardOfId: \d+\nhowHeardOf: Company Website\n/);
  });

  it('NEG-04 NEG-11: answers text/csv with a header row and the total in X-Total-Count', async () => {
    const res = await list('text/csv');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['x-total-count']).toBe('9');
    const rows = parseCsv(res.body, { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(3);
    expect(rows[0]).toEqual({ howHeardOfId: expect.stringMatching(/^\d+$/), howHeardOf: 'Company Website', originTypeId: '1', requireDetails: 'false' });
  });

  it('NEG-05: answers an XLSX workbook that exceljs opens, with the rows', async () => {
    const res = await list(XLSX);
    expect(res.headers['content-type']).toBe(XLSX);
    const workbook = await workbookOf(res);
    const sheet = workbook.getWorksheet('HowHeardOf')!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'howHeardOfId', 'howHeardOf', 'originTypeId', 'requireDetails']);
    expect(sheet.rowCount).toBe(4);
    expect(sheet.getRow(2).getCell(2).value).toBe('Company Website');
    expect(sheet.getRow(3).getCell(4).value).toBe(true);
  });
});

describe('request bodies (NEG-07 NEG-08 NEG-10)', () => {
  const echo = (type: string, body: string, method: 'POST' | 'PUT' | 'PATCH' = 'POST') => call(method, '/Echo', { 'content-type': type }, body);

  it('NEG-07: parses the JSON family', async () => {
    for (const type of ['application/json', 'text/json', 'application/vnd.textus+jsonld', 'application/problem+json', 'application/json; charset=utf-8']) {
      const res = await echo(type, '{"count":3,"name":"x"}');
      expect(res.statusCode, type).toBe(200);
      expect(res.json()).toEqual({ count: 3, name: 'x' });
    }
    expect((await call('PATCH', '/Echo', { 'content-type': 'application/json-patch+json' }, '[{"op":"replace"}]')).json()).toEqual({ ops: 1 });
  });

  it('NEG-08: parses the XML family, coercing values to the schema types', async () => {
    for (const type of ['application/xml', 'text/xml', 'application/atom+xml']) {
      const res = await echo(type, '<?xml version="1.0"?><Echo xmlns="urn:x"><count>3</count><name>a &amp; b</name><flag>true</flag></Echo>');
      expect(res.statusCode, type).toBe(200);
      expect(res.json()).toEqual({ count: 3, name: 'a & b', flag: true });
    }
  });

  it('NEG-10 AMB-06: parses form-urlencoded bodies on POST and PUT', async () => {
    const res = await echo('application/x-www-form-urlencoded', 'count=4&name=f%26g&flag=false');
    expect(res.json()).toEqual({ count: 4, name: 'f&g', flag: false });
  });

  it('AMB-06: refuses form-urlencoded on PATCH with 415', async () => {
    expect((await echo('application/x-www-form-urlencoded', 'op=replace', 'PATCH')).statusCode).toBe(415);
  });

  it('matches body property names case-insensitively', async () => {
    expect((await echo('application/json', '{"Count":3,"NAME":"x"}')).json()).toEqual({ count: 3, name: 'x' });
  });

  it('AMB-07: answers 415 to any other content type', async () => {
    const res = await echo('text/csv', 'count,name\n1,x');
    expect(res.statusCode).toBe(415);
    expect(res.headers['content-type']).toMatch(/problem\+json/);
  });

  it('ERR-06 GEN-11: keeps JSON strict: a string is not an integer', async () => {
    const res = await echo('application/json', '{"count":"3","name":"x"}');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ count: ['must be integer'] });
  });

  it('GEN-10: names the field that is too long, and every missing one', async () => {
    const res = await echo('application/json', '{"name":"01234567890"}');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ count: ['is required'], name: ['must NOT have more than 10 characters'] });
  });

  it('ERR-06: malformed JSON and malformed XML answer 400', async () => {
    expect((await echo('application/json', '{"count":')).statusCode).toBe(400);
    expect((await echo('application/xml', '<Echo><count>1</count>')).statusCode).toBe(400);
    expect((await echo('application/xml', '<a/><b/>')).statusCode).toBe(400);
  });

  it('refuses an XML body that declares a DOCTYPE or entities, without expanding them', async () => {
    const bomb = '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]><Echo><count>1</count><name>&lol2;</name></Echo>';
    const res = await echo('application/xml', bomb);
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toContain('lollol');
    const xxe = '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><Echo><count>1</count><name>&xxe;</name></Echo>';
    const res2 = await echo('text/xml', xxe);
    expect(res2.statusCode).toBe(400);
    expect(res2.body).not.toContain('root:');
  });

  it('ERR-06: answers 413 to a body over the limit', async () => {
    const res = await echo('application/json', JSON.stringify({ count: 1, name: 'x'.repeat(5000) }));
    expect(res.statusCode).toBe(413);
    expect(res.headers['content-type']).toMatch(/problem\+json/);
  });

  it('ERR-06: answers 413 to a chunked body over the limit, to a client that sends it all before reading', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const answer = await new Promise<string>((resolve) => {
      const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/Echo', headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked', ...auth.token(t.tenant.adminToken) } }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => { body += String(c); });
        res.on('end', () => resolve(`${res.statusCode} ${body}`));
      });
      req.on('error', (e) => resolve(`error ${e.message}`));
      let sent = 0;
      const send = (): void => {
        if (sent > 256 * 1024) { req.end(); return; }
        sent += 8192;
        if (req.write(`"${'x'.repeat(8190)}`)) setImmediate(send);
        else req.once('drain', send);
      };
      send();
    });
    expect(answer).toMatch(/^413 .*"code":"PAYLOAD_TOO_LARGE"/);
  });
});

describe('problems, paths and methods', () => {
  it('ERR-20: a validation problem names each field in an errors map', async () => {
    const res = await call('GET', '/Datalists/Branches?skip=-1&take=0');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      type: expect.any(String), title: 'One or more validation errors occurred.', status: 400, instance: '/Datalists/Branches',
      traceId: expect.any(String), errors: { skip: ['must be >= 0'], take: ['must be >= 1'] },
    });
  });

  it('PAGE-05: a take over the documented maximum (1000) answers 400', async () => {
    const res = await call('GET', '/Datalists/Branches?take=100000');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.take).toEqual(['must be <= 1000']);
    expect((await call('GET', '/Datalists/Branches?take=abc')).json().errors.take).toEqual(['must be integer']);
  });

  it('AMB-67: paging parameters match case-insensitively (Skip, TAKE)', async () => {
    const res = await call('GET', '/DataLists/countries?Skip=1&TAKE=2');
    expect(res.json().data).toHaveLength(2);
    expect(res.json().data[0].country).toBe('Åland Islands');
  });

  it('GEN-06: the API description\'s server is BASE_URL and its paths are relative to it: server + path reaches the endpoint', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: OPENAPI_PATH })).json<{ servers: { url: string }[]; paths: Record<string, unknown> }>();
    expect(doc.servers).toEqual([{ url: t.config.BASE_URL }]);
    expect(Object.keys(doc.paths).filter((path) => !path.startsWith('/') || path.startsWith('//'))).toEqual([]);
    const res = await t.app.inject({ method: 'GET', url: `${doc.servers[0]?.url}/Datalists/Branches`, headers: auth.token(t.tenant.adminToken) });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('GEN-08 AMB-10: paths match in any letter case', async () => {
    for (const path of ['/Datalists/Branches', '/datalists/branches', '/DATALISTS/BRANCHES', '/DataLists/Branches/']) {
      expect((await call('GET', path)).statusCode, path).toBe(200);
    }
  });

  it('ERR-09: an unknown path answers 404 with a problem body', async () => {
    const res = await call('GET', '/NoSuchThing');
    expect(res.statusCode).toBe(404);
    expect(res.json().status).toBe(404);
  });

  it('ERR-20: errors the router raises (a target that cannot be decoded, an over-long path parameter) are problem+json', async () => {
    for (const [url, status, code] of [['/Employees/%FF%FE', 400, 'MALFORMED_URL'], ['/Employees/%E0%A4%A', 400, 'MALFORMED_URL'], [`/Employees/${'9'.repeat(300)}`, 414, 'URI_TOO_LONG']] as const) {
      const res = await t.app.inject({ method: 'GET', url, headers: auth.token(t.tenant.adminToken) });
      expect(res.statusCode, url).toBe(status);
      expect(res.headers['content-type'], url).toMatch(/^application\/problem\+json/);
      expect(res.json(), url).toMatchObject({ status, code, type: `/problems/${code.toLowerCase().replace(/_/g, '-')}` });
    }
  });

  it('ERR-11: a method the path does not support answers 405 with Allow', async () => {
    const res = await call('DELETE', '/Datalists/Branches');
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET');
  });

  it('ERR-05 AMB-80: answers 304 to If-None-Match with the current ETag', async () => {
    const first = await call('GET', '/Things/7');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const second = await call('GET', '/Things/7', { 'if-none-match': etag });
    expect(second.statusCode).toBe(304);
    expect(second.body).toBe('');
    const xml = await call('GET', '/Things/7', { accept: 'application/xml', 'if-none-match': etag });
    expect(xml.statusCode).toBe(200); // another representation, another ETag
  });
});

describe('overload (ERR-16)', () => {
  it('answers 503 with Retry-After while the event loop is blocked', async () => {
    const config = { ...t.config, MAX_EVENT_LOOP_DELAY_MS: 20 };
    const busy = await buildApp({ config, database: t.database, listenForRevocations: false });
    await busy.ready();
    const until = Date.now() + 1500;
    while (Date.now() < until) { /* block the loop so the next sample sees the delay */ }
    await new Promise((r) => setTimeout(r, 50));
    const res = await busy.inject({ method: 'GET', url: '/Datalists/Branches', headers: auth.token(t.tenant.adminToken) });
    await busy.close();
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.headers['content-type']).toMatch(/problem\+json/);
  });
});

describe('strings PostgreSQL cannot store', () => {
  it('ERR-06: a NUL character in a query, path or body value answers 400 naming the field, on any route', async () => {
    const headers = auth.token(t.tenant.adminToken);
    const query = await app.inject({ method: 'GET', url: '/Search/EmailAddress?SearchString=a%00b', headers });
    expect(query.statusCode).toBe(400);
    expect(query.json().errors).toHaveProperty(['SearchString']);
    const body = await app.inject({ method: 'POST', url: '/Employees', headers, payload: { firstName: 'A\u0000', lastName: 'B', branchId: t.tenant.north.branchId, region: 'MN' } });
    expect(body.statusCode).toBe(400);
    expect(body.json().errors).toHaveProperty(['firstName']);
    const patch = await app.inject({ method: 'PATCH', url: '/Employees/1', headers, payload: [{ op: 'replace', path: '/MiddleName', value: 'x\u0000' }] });
    expect(patch.statusCode).toBe(400);
    expect(patch.json().errors).toHaveProperty(['0.value']);
  });
});
