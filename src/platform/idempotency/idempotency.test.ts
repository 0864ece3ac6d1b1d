// Idempotency-Key (decision 0048), over HTTP against the real service: one key, one effect, however
// many times and however concurrently the request is sent; the first answer again for a retry; 422
// for another request with the key; 409 with Retry-After while the first still runs; keys per
// credential and tenant; a replayed PATCH leaves no second event or history entry; expiry.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { eventTypesOf, refusedNaming, testApp, type TestContext } from '../../../test/helpers.ts';
import type { IssuedCredential } from '../auth/tokens.ts';
import { pruneIdempotencyKeys } from './idempotency.ts';

let t: TestContext;
let base: string;

beforeAll(async () => {
  t = await testApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => { await t?.close(); });

interface Answer { status: number; headers: Headers; text: string; json(): Record<string, unknown> }

async function call(credential: IssuedCredential, method: string, path: string, body: unknown, key?: string, headers: Record<string, string> = {}): Promise<Answer> {
  const res = await fetch(`${base}${path}`, {
    method, body: JSON.stringify(body),
    headers: {
      'x-tw-token': credential.token, 'content-type': method === 'PATCH' ? 'application/json-patch+json' : 'application/json',
      ...(key === undefined ? {} : { 'idempotency-key': key }), ...headers,
    },
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, json: () => JSON.parse(text) };
}

const admin = () => t.tenant.adminToken;
const employee = (lastName: string, branchId = t.tenant.north.branchId) => ({ firstName: 'Idem', lastName, branchId, region: 'MN' });
const quoted = (key: string) => `"${key}"`;

/** The tenant's employees of that last name. */
async function employeesNamed(lastName: string, tenantId = t.tenant.tenantId): Promise<number[]> {
  const { rows } = await t.database.pool.query<{ id: number }>('select id from employees where tenant_id = $1 and last_name = $2 order by id', [tenantId, lastName]);
  return rows.map((r) => r.id);
}

async function historyOf(id: number): Promise<string[]> {
  const { rows } = await t.database.pool.query<{ action: string }>(
    "select action from record_changes where tenant_id = $1 and record_type = 'Employee' and record_id = $2 order by id", [t.tenant.tenantId, id]);
  return rows.map((r) => r.action);
}

/** Sends again while the answer is 409 (the key's first request still running), as Retry-After says. */
async function untilDone(send: () => Promise<Answer>): Promise<Answer> {
  for (;;) {
    const res = await send();
    if (res.status !== 409) return res;
    expect(res.headers.get('retry-after')).toBe('1');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('POST with an Idempotency-Key', () => {
  it('20 concurrent requests with one key make one employee: each answer is the same 201 or a 409 to retry (IDEMPOTENCY_KEY_IN_USE, Retry-After), and the retries get that 201', async () => {
    const key = quoted(randomUUID());
    const body = employee('Concurrent');
    const answers = await Promise.all(Array.from({ length: 20 }, () => call(admin(), 'POST', '/Employees', body, key)));
    const created = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status !== 201);
    expect(created.length).toBeGreaterThan(0);
    for (const a of refused) {
      expect(a.status, a.text).toBe(409);
      expect(a.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_IN_USE', status: 409 });
      expect(a.headers.get('retry-after')).toBe('1');
    }
    const [first] = created;
    for (const a of created) {
      expect(a.text).toBe(first!.text);
      expect(a.headers.get('location')).toBe(first!.headers.get('location'));
    }
    expect(created.filter((a) => a.headers.get('idempotent-replayed') === null)).toHaveLength(1);
    for (const a of refused) {
      const retried = await untilDone(() => call(admin(), 'POST', '/Employees', body, key));
      expect(retried.status).toBe(201);
      expect(retried.text).toBe(first!.text);
      expect(retried.headers.get('idempotent-replayed')).toBe('true');
      expect(a.status).toBe(409);
    }
    expect(await employeesNamed('Concurrent')).toEqual([first!.json().employeeId]);
  });

  it('a retry after the first completed gets the first answer (status, Location, Content-Type, body) marked Idempotent-Replayed, and nothing is created again', async () => {
    const key = randomUUID();
    const first = await call(admin(), 'POST', '/Employees', employee('Retried'), key);
    expect(first.status, first.text).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await call(admin(), 'POST', '/Employees', employee('Retried'), key);
    expect(again.status).toBe(201);
    expect(again.text).toBe(first.text);
    for (const header of ['location', 'content-type']) expect(again.headers.get(header), header).toBe(first.headers.get(header));
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const id = Number(first.json().employeeId);
    expect(await employeesNamed('Retried')).toEqual([id]);
    expect(await eventTypesOf(t.database, t.tenant.tenantId, 'Employee', id)).toEqual(['employee.created']);
  });

  it('the same key with another body or another path is 422 problem+json (IDEMPOTENCY_KEY_REUSED), and runs nothing', async () => {
    const key = randomUUID();
    expect((await call(admin(), 'POST', '/Employees', employee('Reused'), key)).status).toBe(201);
    const other = await call(admin(), 'POST', '/Employees', employee('Reused again'), key);
    expect(other.status, other.text).toBe(422);
    expect(other.headers.get('content-type')).toContain('application/problem+json');
    expect(other.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', status: 422, title: 'Unprocessable Content' });
    const elsewhere = await call(admin(), 'POST', '/Contacts', { firstName: 'Idem', lastName: 'Reused', branchId: t.tenant.north.branchId }, key);
    expect(elsewhere.status, elsewhere.text).toBe(422);
    expect(await employeesNamed('Reused again')).toEqual([]);
  });

  it('keys belong to the credential and the tenant: another credential, or another tenant, with the same key makes its own record', async () => {
    const key = randomUUID();
    const mine = await call(admin(), 'POST', '/Employees', employee('Scoped'), key);
    const north = await call(t.tenant.northToken, 'POST', '/Employees', employee('Scoped'), key);
    const otherTenant = await call(t.other.adminToken, 'POST', '/Employees', employee('Scoped', t.other.north.branchId), key);
    for (const res of [mine, north, otherTenant]) {
      expect(res.status, res.text).toBe(201);
      expect(res.headers.get('idempotent-replayed')).toBeNull();
    }
    expect(await employeesNamed('Scoped')).toEqual([mine.json().employeeId, north.json().employeeId]);
    expect(await employeesNamed('Scoped', t.other.tenantId)).toEqual([otherTenant.json().employeeId]);
  });

  it('while the key\'s first request still runs (holds the key), another is 409 with Retry-After; once it ends, the key is free', async () => {
    const key = randomUUID();
    // The first request, as this process sees it: the key's lock held by another session (platform/idempotency).
    const holder = new pg.Client({ connectionString: t.database.url });
    await holder.connect();
    try {
      const lock = `${t.tenant.tenantId}:${t.tenant.tenantId}:${admin().id}:${key}`;
      await holder.query('select pg_advisory_lock(hashtextextended($1, 0))', [lock]);
      const busy = await call(admin(), 'POST', '/Employees', employee('Held'), key);
      expect(busy.status, busy.text).toBe(409);
      expect(busy.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_IN_USE' });
      expect(busy.headers.get('retry-after')).toBe('1');
      await holder.query('select pg_advisory_unlock(hashtextextended($1, 0))', [lock]);
    } finally {
      await holder.end();
    }
    expect((await call(admin(), 'POST', '/Employees', employee('Held'), key)).status).toBe(201);
    expect(await employeesNamed('Held')).toHaveLength(1);
  });

  it('a refusal (4xx) is the key\'s answer too, and leaves nothing written; a request without the key is not affected by any of it', async () => {
    const key = randomUUID();
    const refused = await call(admin(), 'POST', '/Employees', employee('Refused', 999_999), key);
    expect(refused.status, refused.text).toBe(400);
    const again = await call(admin(), 'POST', '/Employees', employee('Refused', 999_999), key);
    expect(again.status).toBe(400);
    expect(again.text).toBe(refused.text);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const plain = await call(admin(), 'POST', '/Employees', employee('Refused'));
    expect(plain.status, plain.text).toBe(201);
    expect(plain.headers.get('idempotent-replayed')).toBeNull();
    expect(await employeesNamed('Refused')).toEqual([plain.json().employeeId]);
  });

  it('a malformed key (empty, longer than 255 characters, not visible ASCII) is 400 naming Idempotency-Key', async () => {
    for (const key of ['""', '', 'x'.repeat(256), quoted('x'.repeat(256)), 'two words']) {
      const res = await call(admin(), 'POST', '/Employees', employee('Malformed'), key);
      refusedNaming({ statusCode: res.status, headers: Object.fromEntries(res.headers), body: res.text }, 'Idempotency-Key');
    }
    expect(await employeesNamed('Malformed')).toEqual([]);
    expect((await call(admin(), 'POST', '/Employees', employee('Malformed'), 'x'.repeat(255))).status).toBe(201);
  });

  it('a key is kept IDEMPOTENCY_KEY_HOURS: older, the request runs again; the retention loop deletes it', async () => {
    const key = randomUUID();
    const first = await call(admin(), 'POST', '/Employees', employee('Expired'), key);
    const age = () => t.database.pool.query("update idempotency_keys set created_at = now() - interval '25 hours' where tenant_id = $1 and key = $2", [t.tenant.tenantId, key]);
    await age();
    const later = await call(admin(), 'POST', '/Employees', employee('Expired'), key);
    expect(later.status, later.text).toBe(201);
    expect(later.headers.get('idempotent-replayed')).toBeNull();
    expect(await employeesNamed('Expired')).toEqual([first.json().employeeId, later.json().employeeId]);
    await age();
    expect(await pruneIdempotencyKeys(t.database.db, 24)).toBeGreaterThanOrEqual(1);
    const { rows } = await t.database.pool.query('select 1 from idempotency_keys where tenant_id = $1 and key = $2', [t.tenant.tenantId, key]);
    expect(rows).toEqual([]);
  });
});

describe('PATCH with an Idempotency-Key', () => {
  it('a replayed PATCH answers the first 200 and writes no second event or history entry, nor its value again', async () => {
    const created = await call(admin(), 'POST', '/Employees', employee('Patched'));
    const id = Number(created.json().employeeId);
    const key = randomUUID();
    const first = await call(admin(), 'PATCH', `/Employees/${id}`, [{ op: 'replace', path: '/firstName', value: 'Kim' }], key);
    expect(first.status, first.text).toBe(200);
    // Someone else changes it meanwhile; the replay must not put Kim back.
    expect((await call(admin(), 'PATCH', `/Employees/${id}`, [{ op: 'replace', path: '/firstName', value: 'Lou' }])).status).toBe(200);
    const events = await eventTypesOf(t.database, t.tenant.tenantId, 'Employee', id);
    const history = await historyOf(id);
    const again = await call(admin(), 'PATCH', `/Employees/${id}`, [{ op: 'replace', path: '/firstName', value: 'Kim' }], key);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await eventTypesOf(t.database, t.tenant.tenantId, 'Employee', id)).toEqual(events);
    expect(events).toEqual(['employee.created', 'employee.updated', 'employee.updated']);
    expect(await historyOf(id)).toEqual(history);
    const { rows: [row] } = await t.database.pool.query<{ first_name: string }>('select first_name from employees where tenant_id = $1 and id = $2', [t.tenant.tenantId, id]);
    expect(row?.first_name).toBe('Lou');
  });

  it('with If-Match too: the stored answer carries the ETag the first PATCH answered', async () => {
    const created = await call(admin(), 'POST', '/Employees', employee('Conditional'));
    const id = Number(created.json().employeeId);
    const read = await fetch(`${base}/Employees/${id}`, { headers: { 'x-tw-token': admin().token } });
    const etag = read.headers.get('etag')!;
    const key = randomUUID();
    const document = [{ op: 'replace', path: '/firstName', value: 'Cy' }];
    const first = await call(admin(), 'PATCH', `/Employees/${id}`, document, key, { 'if-match': etag });
    expect(first.status, first.text).toBe(200);
    const again = await call(admin(), 'PATCH', `/Employees/${id}`, document, key, { 'if-match': etag });
    expect(again.status, again.text).toBe(200);
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(again.headers.get('idempotent-replayed')).toBe('true');
  });
});
