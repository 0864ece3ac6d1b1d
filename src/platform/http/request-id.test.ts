// Request ids and traces (issue 29 item 6, decision 0047): a well-formed X-Request-Id is the request's
// id (a malformed one is replaced), a valid traceparent's trace id is its trace; both are answered on
// every response (API, errors, 404s, pages, the login server), the request id is in every log line
// of the request with the trace, in problem bodies (traceId), and in the history entry it writes.
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { auth, testApp, testConfig, type TestContext } from '../../../test/helpers.ts';
import { buildApp } from '../../app.ts';
import { startLoginServer, type LoginServer } from '../../login/login-server.ts';
import { acceptedRequestId, parseTraceparent } from './request-id.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const TRACEPARENT = `00-${TRACE}-00f067aa0ba902b7-01`;
/** `version-traceid-spanid-flags` of a traceresponse. */
const TRACERESPONSE = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

let t: TestContext;
let logged: FastifyInstance;
let log = '';
let login: LoginServer;

beforeAll(async () => {
  t = await testApp();
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => { log += String(chunk); });
  logged = await buildApp({ config: { ...t.config, LOG_LEVEL: 'info' }, database: t.database, listenForRevocations: false, logStream: stream });
  await logged.ready();
  login = await startLoginServer({ config: testConfig({ AUTH_PORT: '0' }), database: t.database, listenForRotations: false });
});
afterAll(async () => { await login?.close(); await logged?.close(); await t?.close(); });

const token = () => auth.token(t.tenant.adminToken);

describe('what is accepted', () => {
  it('a request id of 1 to 128 letters, digits and -_.:+/=@; nothing else', () => {
    for (const id of ['a', 'req-42', '0190a5c8-7b3e-7c4d-9e2f-1a2b3c4d5e6f', 'ab:cd/ef+gh=@_.', 'x'.repeat(128)]) expect(acceptedRequestId(id), id).toBe(id);
    for (const id of [undefined, '', 'x'.repeat(129), 'has space', 'semi;colon', 'quote"', 'line\nbreak', 'ünïcode', ['a', 'b']]) expect(acceptedRequestId(id), String(id)).toBeUndefined();
  });

  it('a traceparent valid per W3C Trace Context: version, non-zero ids, lowercase hex; a later version may add fields', () => {
    expect(parseTraceparent(TRACEPARENT)).toEqual({ traceId: TRACE, flags: '01' });
    expect(parseTraceparent(`cc-${TRACE}-00f067aa0ba902b7-00-more`)).toEqual({ traceId: TRACE, flags: '00' });
    for (const bad of [
      `ff-${TRACE}-00f067aa0ba902b7-01`, `00-${'0'.repeat(32)}-00f067aa0ba902b7-01`, `00-${TRACE}-${'0'.repeat(16)}-01`,
      `00-${TRACE.toUpperCase()}-00f067aa0ba902b7-01`, `00-${TRACE}-00f067aa0ba902b7-01-extra`, `00-${TRACE}-00f067aa0ba902b7`, 'garbage', undefined,
    ]) expect(parseTraceparent(bad), String(bad)).toBeUndefined();
  });
});

describe('every response answers the request id and the trace', () => {
  it('a well-formed X-Request-Id is answered as sent, on a 200, a 401, a 404, a 405 and a 400 of an undecodable URL, and is the problem\'s traceId', async () => {
    for (const [url, status, headers] of [
      ['/Datalists/Branches', 200, token()], ['/Datalists/Branches', 401, {}], ['/NoSuchThing', 404, {}], ['/Employees/%E0%A4%A', 400, token()],
    ] as const) {
      const id = `req-${status}-${url.length}`;
      const res = await t.app.inject({ url, headers: { ...headers, 'x-request-id': id } });
      expect(res.statusCode, url).toBe(status);
      expect(res.headers['x-request-id'], url).toBe(id);
      expect(res.headers.traceresponse, url).toMatch(TRACERESPONSE);
      if (status >= 400) expect(res.json().traceId, url).toBe(id);
    }
    const notAllowed = await t.app.inject({ method: 'DELETE', url: '/Datalists/Branches', headers: { 'x-request-id': 'req-405' } });
    expect(notAllowed.statusCode).toBe(405);
    expect(notAllowed.headers['x-request-id']).toBe('req-405');
  });

  it('a malformed X-Request-Id is replaced by a UUID, not refused; without one a UUID is made, a new one per request', async () => {
    for (const sent of ['x'.repeat(129), 'two words', 'a;b']) {
      const res = await t.app.inject({ url: '/Datalists/Branches', headers: { ...token(), 'x-request-id': sent } });
      expect(res.statusCode, sent).toBe(200);
      expect(res.headers['x-request-id'], sent).toMatch(UUID);
    }
    const [a, b] = [await t.app.inject({ url: '/health' }), await t.app.inject({ url: '/health' })];
    expect(a.headers['x-request-id']).toMatch(UUID);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });

  it('a valid traceparent\'s trace id and flags are answered in traceresponse with a span of the service; an invalid one starts a new trace', async () => {
    const res = await t.app.inject({ url: '/Datalists/Branches', headers: { ...token(), traceparent: TRACEPARENT } });
    const [, traceId, spanId, flags] = TRACERESPONSE.exec(String(res.headers.traceresponse)) ?? [];
    expect([traceId, flags]).toEqual([TRACE, '01']);
    expect(spanId).not.toBe('00f067aa0ba902b7');
    const invalid = await t.app.inject({ url: '/Datalists/Branches', headers: { ...token(), traceparent: `ff-${TRACE}-00f067aa0ba902b7-01` } });
    const [, newTrace, , newFlags] = TRACERESPONSE.exec(String(invalid.headers.traceresponse)) ?? [];
    expect(newTrace).toMatch(/^[0-9a-f]{32}$/);
    expect([newTrace === TRACE, newFlags]).toEqual([false, '00']);
  });

  it('the pages answer them too', async () => {
    const res = await t.app.inject({ url: '/jobboard/acme', headers: { 'x-request-id': 'page-request' } });
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['x-request-id']).toBe('page-request');
  });

  it('the login server answers them on its own routes and on oidc-provider\'s, found or not', async () => {
    for (const path of ['/.well-known/openid-configuration', '/interaction/no-such-interaction', '/no-such-path']) {
      const res = await fetch(`${login.issuer}${path}`, { headers: { 'x-request-id': `login${path.replace(/[^a-z]/g, '-')}`, traceparent: TRACEPARENT } });
      await res.arrayBuffer();
      expect(res.headers.get('x-request-id'), path).toBe(`login${path.replace(/[^a-z]/g, '-')}`);
      expect(res.headers.get('traceresponse'), path).toContain(TRACE);
    }
  });
});

describe('where the request id goes', () => {
  it('every log line of the request carries it (reqId) and its trace (trace_id)', async () => {
    const res = await logged.inject({ url: '/Employees/2000000000', headers: { ...token(), 'x-request-id': 'logged-request', traceparent: TRACEPARENT } });
    expect(res.statusCode).toBe(404);
    const lines = log.split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);
    const ours = lines.filter((line) => line.reqId === 'logged-request');
    expect(ours.map((line) => line.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    for (const line of ours) expect(line.trace_id).toBe(TRACE);
    // Every line of a request is bound to one: none of this run's request lines lacks the ids.
    for (const line of lines.filter((l) => l.req !== undefined || l.res !== undefined)) expect([typeof line.reqId, typeof line.trace_id]).toEqual(['string', 'string']);
  });

  it('an accepted X-Request-Id is the requestId of the history entry its write made', async () => {
    const created = await t.app.inject({
      method: 'POST', url: '/Employees', headers: { ...auth.token(t.tenant.northToken), 'x-request-id': 'create-employee-7' },
      payload: { firstName: 'Ria', lastName: 'Quest', branchId: t.tenant.north.branchId, region: 'MN' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const history = await t.app.inject({ url: `/Employees/${created.json().employeeId}/history`, headers: auth.token(t.tenant.northToken) });
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json().data.map((entry: { requestId: string }) => entry.requestId)).toEqual(['create-employee-7']);
  });
});
