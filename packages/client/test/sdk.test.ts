// The SDK against a real `staffing serve --demo` (its API, its login server, its webhook delivery),
// directly or through a proxy that injects 429s and 503s: the three ways to sign in and the service
// token's renewal, paging to the end, retries that honour Retry-After and repeat only what is safe,
// idempotency keys, If-Match, webhook signatures, the change feed, and a storm of faults over a few
// hundred writes with none lost and none doubled.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../../test/e2e/serve-process.ts';
import {
  changes, createStaffingClient, etagOf, ifMatch, paginate, StaffingApiError, unwrap, verifyWebhook, WebhookVerificationError,
  type Auth, type StaffingClientOptions,
} from '../src/index.ts';
import { pass, startFaultProxy, type Fault, type FaultPlan, type FaultProxy } from './fault-proxy.ts';

let server: DemoServer;
let proxy: FaultProxy;
let pat: Auth;

beforeAll(async () => {
  // Webhooks may go to a receiver on loopback over plain http (this test's).
  server = await startDemoServer({ WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true' });
  proxy = await startFaultProxy(server.base);
  pat = { personalAccessToken: server.credentials.personalAccessToken.token };
}, 90_000);
afterAll(async () => {
  await proxy?.close();
  await server?.stop();
});

const client = (options: Partial<StaffingClientOptions> = {}) => createStaffingClient({ baseUrl: server.base, auth: pat, ...options });
/** A client through the fault proxy, whose waits are recorded (and not waited: the proxy's plan decides, not the clock). */
function throughProxy(plan: FaultPlan, options: Partial<StaffingClientOptions> = {}) {
  proxy.plan(plan);
  proxy.seen.length = 0;
  const waits: number[] = [];
  const api = client({ ...options, baseUrl: proxy.base, retry: { ...options.retry, sleep: async (ms) => { waits.push(ms); } } });
  return { api, waits };
}
/** Faults for the first requests, in order, then every request passes. */
const faults = (...first: Fault[]): FaultPlan => (_request, n) => first[n] ?? { kind: 'pass' };

/** A fetch that counts what it sends to each path, and may rewrite answers. */
function counting(rewrite?: (url: URL, response: Response) => Promise<Response>) {
  const counts = new Map<string, number>();
  const fetch = async (request: Request) => {
    const url = new URL(request.url);
    counts.set(url.pathname, (counts.get(url.pathname) ?? 0) + 1);
    const response = await globalThis.fetch(request);
    return rewrite ? rewrite(url, response) : response;
  };
  return { fetch, count: (path: string) => counts.get(path) ?? 0 };
}

const BRANCHES = ['Austin', 'Minneapolis'];
const branchNames = async (api: ReturnType<typeof client>) => unwrap(await api.GET('/Datalists/Branches')).data.map((b) => b.branchName);

describe('signing in', () => {
  const service = (): Auth => ({
    service: {
      authUrl: `http://127.0.0.1:${server.env.AUTH_PORT}`, clientId: server.credentials.oauth.service.clientId,
      clientSecret: server.credentials.oauth.service.clientSecret, acrValues: server.credentials.oauth.acrValues,
    },
  });

  it('AUTH: each of the three ways works: a personal access token, Basic with the account SID and auth token, the service grant', async () => {
    expect(await branchNames(client())).toEqual(BRANCHES);
    expect(await branchNames(client({ auth: { basic: { accountSid: server.credentials.accountSid, authToken: server.credentials.authToken } } }))).toEqual(BRANCHES);
    expect(await branchNames(client({ auth: service() }))).toEqual(BRANCHES);
    // A wrong token is the answer (401), not retried.
    const wrong = counting();
    const refused = await client({ auth: { personalAccessToken: btoa('PAnobody:nothing') }, fetch: wrong.fetch }).GET('/Datalists/Branches');
    expect(refused.response.status).toBe(401);
    expect(wrong.count('/Datalists/Branches')).toBe(1);
  });

  it('the service asks the login server once for many calls, and renews its token before it expires', async () => {
    const sent = counting();
    let now = Date.now();
    const api = client({ auth: service(), fetch: sent.fetch, clock: () => now });
    await Promise.all(Array.from({ length: 8 }, () => branchNames(api)));
    expect(sent.count('/connect/token')).toBe(1);
    // 30 s before the hour the token lives: inside the minute before expiry, so it is renewed first.
    now += (3600 - 30) * 1000;
    expect(await branchNames(api)).toEqual(BRANCHES);
    expect(sent.count('/connect/token')).toBe(2);
    expect(await branchNames(api)).toEqual(BRANCHES);
    expect(sent.count('/connect/token')).toBe(2);
  });

  it('after a 401 the service gets a new token and sends the call again, once: a second 401 is the answer', async () => {
    // The login server's first token is spoiled on the way (as a revoked one would be): the API refuses it.
    let spoil = 1;
    const sent = counting(async (url, response) => {
      if (!url.pathname.endsWith('/connect/token') || spoil-- <= 0) return response;
      const body = await response.json();
      return new Response(JSON.stringify({ ...body, access_token: `${body.access_token}x` }), { status: response.status, headers: { 'content-type': 'application/json' } });
    });
    const api = client({ auth: service(), fetch: sent.fetch });
    expect(await branchNames(api)).toEqual(BRANCHES);
    expect(sent.count('/connect/token')).toBe(2);
    expect(sent.count('/Datalists/Branches')).toBe(2);

    const always = counting(async (url, response) => {
      if (!url.pathname.endsWith('/connect/token')) return response;
      const body = await response.json();
      return new Response(JSON.stringify({ ...body, access_token: `${body.access_token}x` }), { status: response.status, headers: { 'content-type': 'application/json' } });
    });
    const refused = await client({ auth: service(), fetch: always.fetch }).GET('/Datalists/Branches');
    expect(refused.response.status).toBe(401);
    expect(always.count('/connect/token')).toBe(2);
    expect(always.count('/Datalists/Branches')).toBe(2);
  });
});

describe('paging', () => {
  it('walks a list to its end, a page per request: every employee once', async () => {
    const sent = counting();
    const api = client({ fetch: sent.fetch });
    const { totalCount } = unwrap(await api.GET('/Employees', { params: { query: { take: 1 } } }));
    expect(totalCount).toBeGreaterThan(250);
    const ids: number[] = [];
    for await (const employee of paginate((page) => api.GET('/Employees', { params: { query: page } }), { take: 100 })) ids.push(employee.employeeId);
    expect(ids).toHaveLength(totalCount);
    expect(new Set(ids).size).toBe(totalCount);
    expect(sent.count('/Employees')).toBe(1 + Math.ceil(totalCount / 100));
  });

  it('passes the list\'s filters and starts where asked; an error answer throws with the problem', async () => {
    const api = client();
    const all = unwrap(await api.GET('/Employees', { params: { query: { take: 1000 } } })).data.map((e) => e.employeeId);
    const rest: number[] = [];
    for await (const e of paginate((page) => api.GET('/Employees', { params: { query: page } }), { skip: 10, take: 7 })) rest.push(e.employeeId);
    expect(rest).toEqual(all.slice(10));
    const error = await (async () => {
      for await (const e of paginate((page) => api.GET('/Employees', { params: { query: page } }), { take: 5000 })) expect(e).toBeUndefined();
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StaffingApiError);
    expect(error).toHaveProperty('status', 400);
  });
});

describe('retries', () => {
  it('sends a GET again after a 429 and a 503, waiting at least what Retry-After says', async () => {
    const { api, waits } = throughProxy(faults({ kind: 'before', status: 429, retryAfter: '1' }, { kind: 'before', status: 503, retryAfter: '2' }));
    expect(await branchNames(api)).toEqual(BRANCHES);
    expect(proxy.seen.map((s) => s.status)).toEqual([429, 503, 200]);
    expect(waits).toHaveLength(2);
    expect(waits[0]).toBeGreaterThanOrEqual(1000);
    expect(waits[1]).toBeGreaterThanOrEqual(2000);
  });

  it('is bounded: the last 503 is the answer once the attempts are used, and a Retry-After beyond maxDelayMs is not waited for', async () => {
    const { api } = throughProxy(() => ({ kind: 'before', status: 503, retryAfter: '0' }), { retry: { attempts: 3 } });
    expect((await api.GET('/Datalists/Branches')).response.status).toBe(503);
    expect(proxy.seen).toHaveLength(3);
    const patient = throughProxy(() => ({ kind: 'before', status: 429, retryAfter: '3600' }));
    expect((await patient.api.GET('/Datalists/Branches')).response.status).toBe(429);
    expect(proxy.seen).toHaveLength(1);
  });

  it('a POST carries an Idempotency-Key, the same on each of its retries and a new one per call', async () => {
    const { api } = throughProxy(faults({ kind: 'before', status: 503, retryAfter: '0' }));
    const first = unwrap(await api.POST('/Prospects', { body: { name: 'Keyed Prospect 1' } }));
    const second = unwrap(await api.POST('/Prospects', { body: { name: 'Keyed Prospect 2' } }));
    expect(second.prospectId).not.toBe(first.prospectId);
    const keys = proxy.seen.map((s) => s.headers['idempotency-key']);
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('a 409 with Retry-After is waited out for a call with an Idempotency-Key (its first request still runs), and is the answer for one without', async () => {
    const keyed = throughProxy(faults({ kind: 'before', status: 409, retryAfter: '1' }));
    expect((await keyed.api.POST('/Prospects', { body: { name: 'Waited Prospect' } })).response.status).toBe(201);
    expect(proxy.seen.map((s) => s.status)).toEqual([409, 201]);
    expect(keyed.waits[0]).toBeGreaterThanOrEqual(1000);
    const plain = throughProxy(faults({ kind: 'before', status: 409, retryAfter: '1' }));
    expect((await plain.api.GET('/Datalists/Branches')).response.status).toBe(409);
    expect(proxy.seen).toHaveLength(1);
  });

  it('20 calls at once with one Idempotency-Key make one record: those that meet the first still running wait out its 409 and get its answer', async () => {
    const api = client();
    const before = unwrap(await api.GET('/Prospects', { params: { query: { take: 1 } } })).totalCount;
    const key = crypto.randomUUID();
    const answers = await Promise.all(Array.from({ length: 20 }, () => api.POST('/Prospects', { body: { name: 'Once Only' }, headers: { 'Idempotency-Key': key } })));
    expect(answers.map((a) => a.response.status)).toEqual(Array(20).fill(201));
    expect(new Set(answers.map((a) => unwrap(a).prospectId)).size).toBe(1);
    expect(unwrap(await api.GET('/Prospects', { params: { query: { take: 1 } } })).totalCount).toBe(before + 1);
  });

  it('a write that is not safe to repeat is not sent again: a POST without a key (idempotencyKeys: false), a PATCH without one', async () => {
    const once = throughProxy(() => ({ kind: 'before', status: 503, retryAfter: '0' }), { idempotencyKeys: false });
    const post = await once.api.POST('/Prospects', { body: { name: 'Unkeyed Prospect' } });
    expect(post.response.status).toBe(503);
    expect(proxy.seen).toHaveLength(1);
    expect(proxy.seen[0]!.headers['idempotency-key']).toBeUndefined();

    const { prospectId } = unwrap(await client().POST('/Prospects', { body: { name: 'Patched Prospect' } }));
    const patch = throughProxy(faults({ kind: 'before', status: 503, retryAfter: '0' }));
    const body = [{ op: 'replace' as const, path: '/Department' as const, value: 'Purchasing' }];
    expect((await patch.api.PATCH('/Prospects/{id}', { params: { path: { id: prospectId } }, body })).response.status).toBe(503);
    expect(proxy.seen).toHaveLength(1);
    // With a key it is safe, and retried.
    proxy.plan(faults({ kind: 'before', status: 503, retryAfter: '0' }));
    proxy.seen.length = 0;
    const keyed = await patch.api.PATCH('/Prospects/{id}', { params: { path: { id: prospectId } }, body, headers: { 'Idempotency-Key': crypto.randomUUID() } });
    expect(keyed.response.status).toBe(200);
    expect(proxy.seen.map((s) => s.status)).toEqual([503, 200]);
  });
});

describe('conditional writes', () => {
  it('sends If-Match when asked: the ETag read changes with the record, and a stale one answers 412', async () => {
    const api = client();
    const { prospectId } = unwrap(await api.POST('/Prospects', { body: { name: 'Edited Twice' } }));
    const path = { params: { path: { id: prospectId } } };
    const etag = etagOf(await api.GET('/Prospects/{id}', path));
    expect(etag).toMatch(/^"/);
    const { api: seen } = throughProxy(pass);
    const first = await seen.PATCH('/Prospects/{id}', { ...path, body: [{ op: 'replace', path: '/Department', value: 'Sales' }], headers: ifMatch(etag!) });
    expect(first.response.status).toBe(200);
    expect(proxy.seen[0]!.headers['if-match']).toBe(etag);
    // The second editor still holds the first ETag: the record changed since, so nothing is written.
    const stale = await api.PATCH('/Prospects/{id}', { ...path, body: [{ op: 'replace', path: '/Department', value: 'Marketing' }], headers: ifMatch(etag!) });
    expect(stale.response.status).toBe(412);
    expect(unwrap(await api.GET('/Prospects/{id}', path)).department).toBe('Sales');
  });
});

interface Delivery { headers: IncomingHttpHeaders; body: string }

describe('webhooks and the change feed', () => {
  it('verifies a delivery with the subscription\'s secret, and refuses a tampered body or another secret', async () => {
    const deliveries: Delivery[] = [];
    const receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => { body += String(chunk); });
      req.on('end', () => { deliveries.push({ headers: req.headers, body }); res.writeHead(204).end(); });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const address = receiver.address();
    if (address === null || typeof address === 'string') throw new Error('the receiver listens on a TCP port');
    try {
      const api = client();
      const { secret } = unwrap(await api.POST('/Webhooks', { body: { url: `http://127.0.0.1:${address.port}/hook`, eventTypes: ['prospect.created'] } }));
      const { prospectId } = unwrap(await api.POST('/Prospects', { body: { name: 'Announced Prospect' } }));
      for (let i = 0; i < 300 && deliveries.length === 0; i++) await new Promise((r) => setTimeout(r, 100));
      const delivery = deliveries[0]!;
      const event = verifyWebhook(secret, delivery.body, delivery.headers);
      expect(event).toMatchObject({ type: 'prospect.created', record: { id: prospectId } });
      expect(() => verifyWebhook(secret, delivery.body.replace('Announced', 'Forged'), delivery.headers)).toThrow(WebhookVerificationError);
      const another = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
      expect(() => verifyWebhook(another, delivery.body, delivery.headers)).toThrow(WebhookVerificationError);
      // Fetch's Headers work as well as Node's request.headers.
      const headers = new Headers();
      for (const [name, value] of Object.entries(delivery.headers)) if (typeof value === 'string') headers.set(name, value);
      expect(verifyWebhook(secret, delivery.body, headers).id).toBe(event.id);
    } finally {
      receiver.closeAllConnections();
      await new Promise((resolve) => receiver.close(resolve));
    }
  }, 60_000);

  it('the change feed yields the events after a cursor, then the next one as it commits', async () => {
    const api = client();
    const { prospectId: first } = unwrap(await api.POST('/Prospects', { body: { name: 'Fed Prospect 1' } }));
    const feed = changes(api, { types: ['prospect.created'], wait: 20 });
    let cursor = 0;
    for (;;) {
      const { value, done } = await feed.next();
      if (done) throw new Error('the feed does not end by itself');
      cursor = value.sequence;
      if (value.record.id === first) break;
    }
    const waiting = feed.next();
    const { prospectId: second } = unwrap(await api.POST('/Prospects', { body: { name: 'Fed Prospect 2' } }));
    const next = await waiting;
    if (next.done) throw new Error('the feed does not end by itself');
    expect(next.value).toMatchObject({ type: 'prospect.created', record: { id: second } });
    expect(next.value.sequence).toBeGreaterThan(cursor);
    await feed.return();
  });
});

describe('a storm of 429s and 503s', () => {
  it('300 creates through a proxy answering 429 and 503 before and after the server wrote: none lost, none doubled', async () => {
    const api = client();
    const before = unwrap(await api.GET('/Prospects', { params: { query: { take: 1 } } })).totalCount;
    // Per idempotency key (one logical call), its attempts' fate: the i-th call met gets plan i % 4.
    const plans: Fault['kind'][][] = [['pass'], ['before', 'pass'], ['after', 'pass'], ['before', 'after', 'pass']];
    const calls = new Map<string, { index: number; plan: number; attempt: number }>();
    const storm: FaultPlan = (request) => {
      const key = request.headers['idempotency-key'];
      if (request.method !== 'POST' || typeof key !== 'string') return { kind: 'pass' };
      const call = calls.get(key) ?? { index: calls.size, plan: calls.size % plans.length, attempt: 0 };
      calls.set(key, call);
      const kind = plans[call.plan]![call.attempt++] ?? 'pass';
      if (kind === 'pass') return { kind };
      // Both statuses, both sides of the write; a tenth of the calls told to wait a whole second.
      return { kind, status: (call.plan + call.attempt) % 2 === 0 ? 503 : 429, retryAfter: call.index % 10 === 0 ? '1' : '0' };
    };
    proxy.plan(storm);
    proxy.seen.length = 0;
    const stormy = client({ baseUrl: proxy.base });
    const WRITES = 300, AT_ONCE = 10;
    const ids: number[] = [];
    let next = 0;
    await Promise.all(Array.from({ length: AT_ONCE }, async () => {
      while (next < WRITES) {
        const n = next++;
        ids.push(unwrap(await stormy.POST('/Prospects', { body: { name: `Storm Prospect ${n}` } })).prospectId);
      }
    }));
    expect(ids).toHaveLength(WRITES);
    expect(new Set(ids).size).toBe(WRITES);
    expect(unwrap(await api.GET('/Prospects', { params: { query: { take: 1 } } })).totalCount).toBe(before + WRITES);
    // The storm was one: both kinds of fault, both statuses, on a good share of the calls.
    const faulted = proxy.seen.filter((s) => s.fault !== 'pass');
    expect(faulted.filter((s) => s.fault === 'after').length).toBeGreaterThanOrEqual(WRITES / 4);
    expect(faulted.filter((s) => s.fault === 'before').length).toBeGreaterThanOrEqual(WRITES / 4);
    expect(new Set(faulted.map((s) => s.status))).toEqual(new Set([429, 503]));
  }, 180_000);
});
