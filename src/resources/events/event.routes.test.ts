// GEN-16 (docs/decisions/0031, docs/events.md): the event log is written in the transaction of the
// change it reports, and GET /Events pages it by cursor, showing only events of records the caller
// may read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import { sql } from 'drizzle-orm';
import { as, callers, testApp, testConfig, type Caller, type TestContext } from '../../../test/helpers.ts';
import { buildApp } from '../../app.ts';
import { openDatabase } from '../../platform/db/database.ts';
import { EventWaits, MAX_WAITERS, waitersOf } from '../../platform/events/event-wake.ts';
import { issueCredential } from '../../platform/auth/tokens.ts';
import { batchJobs } from '../../platform/jobs/job.table.ts';
import { completeJobIfDone } from '../../platform/jobs/queue.ts';
import type { EventBody } from '../../platform/events/event-shape.ts';
import { sequenceEvents } from '../../platform/events/outbox.ts';
import { pruneEvents } from '../../platform/events/retention.ts';

let t: TestContext;
let c: ReturnType<typeof callers>;
beforeAll(async () => { t = await testApp(); c = callers(t); });
afterAll(async () => t?.close());

const patch = (caller: Caller, id: number, document: unknown) =>
  caller({ method: 'PATCH', url: `/Employees/${id}`, headers: { 'content-type': 'application/json-patch+json' }, payload: JSON.stringify(document) });

async function employee(caller: Caller, branchId: number, lastName = 'Eventful'): Promise<number> {
  const res = await caller({ method: 'POST', url: '/Employees', payload: { firstName: 'Eve', lastName, branchId, region: 'MN' } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().employeeId;
}

interface Page { data: EventBody[]; totalCount: number; next: number }
async function feed(caller: Caller, after = 0, take?: number): Promise<Page> {
  const res = await caller({ method: 'GET', url: `/Events?after=${after}${take ? `&take=${take}` : ''}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
/** The caller's last sequence now: what a test reads "after". */
const cursor = async (caller: Caller) => (await feed(caller)).data.at(-1)?.sequence ?? 0;
const of = (page: Page, recordId: number) => page.data.filter((e) => e.record.id === recordId);

describe('GEN-16 polling', () => {
  it('GEN-16 a poll with nothing to sequence neither writes nor waits for the sequencer\'s lock', async () => {
    await feed(c.admin);
    // Another sequencer holds the tenant's lock (a long one): a poll with nothing new answers at once.
    const holder = await t.database.pool.connect();
    try {
      await holder.query('begin');
      await holder.query('select pg_advisory_xact_lock(31001, $1)', [t.tenant.tenantId]);
      const answered = await Promise.race([feed(c.admin).then(() => 'answered'), new Promise((r) => setTimeout(() => r('waited'), 3000))]);
      expect(answered).toBe('answered');
    } finally {
      await holder.query('rollback');
      holder.release();
    }
  });
});

describe('GEN-16 the feed by type', () => {
  it('GEN-16 types narrows the feed to the types named (next follows the events shown); an unknown type is a 400 naming types', async () => {
    const after = await cursor(c.admin);
    const id = await employee(c.north, t.tenant.north.branchId, 'Typed');
    expect((await patch(c.north, id, [{ op: 'replace', path: '/LastName', value: 'Retyped' }])).statusCode).toBe(200);
    const typed = async (types: string) => c.admin({ method: 'GET', url: `/Events?after=${after}&types=${encodeURIComponent(types)}` });
    const updated = (await typed('employee.updated')).json();
    expect(of(updated, id).map((e: EventBody) => e.type)).toEqual(['employee.updated']);
    expect(updated.data.every((e: EventBody) => e.type === 'employee.updated')).toBe(true);
    expect(updated.next).toBe(updated.data.at(-1).sequence);
    const both = (await typed(' employee.created , employee.updated,employee.created')).json();
    expect(of(both, id).map((e: EventBody) => e.type)).toEqual(['employee.created', 'employee.updated']);
    for (const bad of ['employee.deleted', ',']) {
      const res = await typed(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(['types']);
    }
  });
});

describe('GEN-16 events are written in the transaction of their change', () => {
  it('GEN-16 a POST leaves one <record>.created event; a successful PATCH exactly one <record>.updated naming the changed fields', async () => {
    const after = await cursor(c.admin);
    const id = await employee(c.north, t.tenant.north.branchId);
    expect((await patch(c.north, id, [{ op: 'replace', path: '/LastName', value: 'Changed' }, { op: 'replace', path: '/FirstName', value: 'Evelyn' }])).statusCode).toBe(200);
    const events = of(await feed(c.admin, after), id);
    expect(events.map((e) => e.type)).toEqual(['employee.created', 'employee.updated']);
    expect(events[0]).toMatchObject({ record: { type: 'Employee', id, location: `/Employees/${id}` } });
    expect(events[0]!.changedFields).toBeUndefined();
    // The one-statement path names the fields written, in the catalog's order.
    expect(events[1]!.changedFields).toEqual(['firstName', 'lastName']);
    expect(events[1]!.sequence).toBe(events[0]!.sequence + 1);
    expect(events[1]!.id).toMatch(/^evt_\d+$/);
  });

  it('GEN-16 a PATCH that changes nothing leaves no event, on the one-statement path as on the general one, which names only the fields it changed', async () => {
    const id = await employee(c.north, t.tenant.north.branchId);
    const after = await cursor(c.admin);
    expect((await patch(c.north, id, [{ op: 'replace', path: '/LastName', value: 'Eventful' }])).statusCode).toBe(200);
    expect((await patch(c.north, id, [{ op: 'test', path: '/LastName', value: 'Eventful' }, { op: 'replace', path: '/FirstName', value: 'Eve' }])).statusCode).toBe(200);
    expect(of(await feed(c.admin, after), id)).toEqual([]);
    const both = [{ op: 'test', path: '/LastName', value: 'Eventful' }, { op: 'replace', path: '/FirstName', value: 'Evie' }, { op: 'replace', path: '/LastName', value: 'Eventful' }];
    expect((await patch(c.north, id, both)).statusCode).toBe(200);
    expect(of(await feed(c.admin, after), id).map((e) => e.changedFields)).toEqual([['firstName']]);
  });

  it('GEN-16 a PATCH that fails (400, 404, a failed test) leaves no event; a document of tests only writes nothing and reports nothing', async () => {
    const id = await employee(c.north, t.tenant.north.branchId);
    const after = await cursor(c.admin);
    expect((await patch(c.north, id, [{ op: 'replace', path: '/LastName', value: 'x'.repeat(51) }])).statusCode).toBe(400);
    expect((await patch(c.south, id, [{ op: 'replace', path: '/LastName', value: 'Hidden' }])).statusCode).toBe(404);
    expect((await patch(c.north, id, [{ op: 'test', path: '/LastName', value: 'Wrong' }, { op: 'replace', path: '/LastName', value: 'Never' }])).statusCode).toBe(409);
    expect((await patch(c.north, id, [{ op: 'test', path: '/LastName', value: 'Eventful' }])).statusCode).toBe(200);
    expect(of(await feed(c.admin, after), id)).toEqual([]);
  });

  it('GEN-16 when the event cannot be written, the change is undone too (one transaction), on the one-statement PATCH path as on create', async () => {
    const id = await employee(c.north, t.tenant.north.branchId);
    const db = t.database.db;
    await db.execute(sql`alter table events add constraint events_refused_for_test check (record_type <> 'Employee') not valid`);
    try {
      expect((await patch(c.north, id, [{ op: 'replace', path: '/LastName', value: 'Unreported' }])).statusCode).toBe(500);
      expect((await c.north({ method: 'POST', url: '/Employees', payload: { firstName: 'Un', lastName: 'Reported', branchId: t.tenant.north.branchId, region: 'MN' } })).statusCode).toBe(500);
    } finally {
      await db.execute(sql`alter table events drop constraint events_refused_for_test`);
    }
    expect((await c.north({ method: 'GET', url: `/Employees/${id}` })).json().lastName).toBe('Eventful');
    const { rows } = await db.execute(sql`select 1 from employees where tenant_id = ${t.tenant.tenantId} and last_name = 'Reported'`);
    expect(rows).toEqual([]);
  });

  it('GEN-16 a batch job that completes leaves one batchJob.completed event, seen by who sees the job', async () => {
    const { tenantId, north } = t.tenant;
    const [job] = await t.database.db.insert(batchJobs).values({ tenantId, batchJobType: 'Test_Events', parameters: {}, status: 'Processing', hierId: north.hierId, serviceRepId: north.repId })
      .returning({ id: batchJobs.id });
    const after = await cursor(c.admin);
    await completeJobIfDone(t.database.pool, tenantId, job!.id);
    await completeJobIfDone(t.database.pool, tenantId, job!.id); // already completed: nothing more
    const completed = (await feed(c.north, after)).data.filter((e) => e.type === 'batchJob.completed');
    expect(completed).toEqual([expect.objectContaining({ record: { type: 'BatchJob', id: job!.id, location: `/batchjobs/${job!.id}` } })]);
    expect((await feed(c.south, after)).data.filter((e) => e.type === 'batchJob.completed')).toEqual([]);
  });
});

describe('GEN-16 GET /Events', () => {
  it('GEN-16 pages by cursor: take bounds a page, next is the cursor of the following page, totalCount counts what is left', async () => {
    const after = await cursor(c.admin);
    const ids = [await employee(c.north, t.tenant.north.branchId), await employee(c.north, t.tenant.north.branchId), await employee(c.north, t.tenant.north.branchId)];
    const first = await feed(c.admin, after, 2);
    expect(first.data.map((e) => e.record.id)).toEqual(ids.slice(0, 2));
    expect(first.totalCount).toBe(3);
    expect(first.next).toBe(first.data[1]!.sequence);
    const second = await feed(c.admin, first.next, 2);
    expect(second.data.map((e) => e.record.id)).toEqual(ids.slice(2));
    expect(second.totalCount).toBe(1);
    const empty = await feed(c.admin, second.next, 2);
    expect(empty).toEqual({ data: [], totalCount: 0, next: second.next });
  });

  it('GEN-16 shows only events of records the caller may read: not another branch\'s, not another tenant\'s, not without the record\'s read scope', async () => {
    const after = await cursor(c.admin);
    const northId = await employee(c.admin, t.tenant.north.branchId, 'Northern');
    const southId = await employee(c.admin, t.tenant.south.branchId, 'Southern');
    const ids = (page: Page) => page.data.map((e) => e.record.id);
    expect(ids(await feed(c.admin, after))).toEqual([northId, southId]);
    expect(ids(await feed(c.north, after))).toEqual([northId]);
    expect(ids(await feed(c.south, after))).toEqual([southId]);
    expect(ids(await feed(c.otherAdmin, 0))).toEqual([]);
    // Events only, no employee-read: the employee's events are not the caller's to see.
    const eventsOnly = await issueCredential(t.database.db, { tenantId: t.tenant.tenantId, serviceRepId: t.tenant.adminRepId, kind: 'personal', name: 'events only', scopes: ['event-read'], expiresAt: new Date(Date.now() + 86_400_000) });
    expect(ids(await feed(as(t.app, eventsOnly), after))).toEqual([]);
    const noEvents = await issueCredential(t.database.db, { tenantId: t.tenant.tenantId, serviceRepId: t.tenant.adminRepId, kind: 'personal', name: 'no events', scopes: ['employee-read'], expiresAt: new Date(Date.now() + 86_400_000) });
    expect((await as(t.app, noEvents)({ method: 'GET', url: '/Events' })).statusCode).toBe(403);
  });

  it('GEN-16 a bad cursor or take answers 400 naming it', async () => {
    expect((await c.admin({ method: 'GET', url: '/Events?after=-1' })).json()).toMatchObject({ status: 400, errors: { after: expect.any(Array) } });
    expect((await c.admin({ method: 'GET', url: '/Events?take=0' })).json()).toMatchObject({ status: 400, errors: { take: expect.any(Array) } });
  });
});

/** Resolves when `ready` holds, checking every 10 ms (what a test waits for before it acts; no assertion on time). */
async function until(ready: () => boolean): Promise<void> {
  while (!ready()) await new Promise((r) => setTimeout(r, 10));
}

describe('issue 28 GET /Events?wait= (long poll)', () => {
  it('a poll waiting after the last event answers with the event another process commits, woken by its NOTIFY (not its wait running out)', async () => {
    const after = await cursor(c.admin);
    // Another process: its own pool and app, writing through its own request path.
    const database = openDatabase(t.database.url, 2);
    const other = await buildApp({ config: testConfig(), database, listenForRevocations: false });
    try {
      const polled = c.admin({ method: 'GET', url: `/Events?after=${after}&wait=10` });
      await until(() => waitersOf(t.database.pool, t.tenant.tenantId) > 0);
      const res = await as(other, t.tenant.northToken)({ method: 'POST', url: '/Employees', payload: { firstName: 'Long', lastName: 'Polled', branchId: t.tenant.north.branchId, region: 'MN' } });
      expect(res.statusCode, res.body).toBe(201);
      const page = (await polled).json();
      expect(page.data.map((e: EventBody) => [e.type, e.record.id])).toEqual([['employee.created', res.json().employeeId]]);
      expect(page.next).toBe(page.data[0].sequence);
    } finally {
      await other.close();
      await database.close();
    }
  });

  it('a notification missed while the listener is down does not strand a waiter: losing and restoring the listener makes it read again', async () => {
    const after = await cursor(c.admin);
    // No notification will come for this event (the trigger is off): as if sent while the listener was down.
    await t.database.db.execute(sql`alter table events disable trigger events_notify_inserted`);
    try {
      const polled = c.admin({ method: 'GET', url: `/Events?after=${after}&wait=10` });
      await until(() => waitersOf(t.database.pool, t.tenant.tenantId) > 0);
      const id = await employee(c.north, t.tenant.north.branchId, 'Unnotified');
      // The listener's connection dies (a database restart, a network cut).
      await t.database.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and application_name = 'staffing listen'`);
      const page = (await polled).json();
      expect(page.data.map((e: EventBody) => e.record.id)).toEqual([id]);
    } finally {
      await t.database.db.execute(sql`alter table events enable trigger events_notify_inserted`);
    }
  });

  it(`waits are bounded: with ${MAX_WAITERS} polls waiting in the process, one more answers 503 with Retry-After (a poll that need not wait still answers)`, async () => {
    const after = await cursor(c.admin);
    const others = new EventWaits();
    try {
      for (let i = 0; i < MAX_WAITERS; i++) await others.arm(t.database.pool, t.other.tenantId);
      const refused = await c.admin({ method: 'GET', url: `/Events?after=${after}&wait=5` });
      expect(refused.statusCode, refused.body).toBe(503);
      expect(refused.headers['retry-after']).toBe('1');
      expect(refused.json()).toMatchObject({ code: 'OVERLOADED' });
      expect((await c.admin({ method: 'GET', url: `/Events?after=${after}` })).statusCode).toBe(200);
    } finally {
      await others.close();
    }
    expect(waitersOf(t.database.pool, t.other.tenantId)).toBe(0);
  });

  it('a wait with nothing happening answers the empty page when it runs out; wait is 0..30 (400 naming it)', async () => {
    const after = await cursor(c.admin);
    const res = await c.admin({ method: 'GET', url: `/Events?after=${after}&wait=1` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: [], totalCount: 0, next: after });
    expect(waitersOf(t.database.pool, t.tenant.tenantId)).toBe(0);
    for (const bad of ['31', '-1', '1.5']) {
      expect((await c.admin({ method: 'GET', url: `/Events?wait=${bad}` })).json(), bad).toMatchObject({ status: 400, errors: { wait: expect.any(Array) } });
    }
  });

  it('a client that goes away frees its wait; closing the server answers the waits left at once (empty page), so close() does not wait for them', async () => {
    const after = await cursor(c.admin);
    const other = await buildApp({ config: testConfig(), database: t.database, listenForRevocations: false });
    await other.listen({ port: 0, host: '127.0.0.1' });
    const address = other.server.address();
    if (address === null || typeof address === 'string') throw new Error('a TCP address');
    const get = (signal?: AbortSignal) => new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.get({ host: '127.0.0.1', port: address.port, path: `/Events?after=${after}&wait=30`, headers: { 'x-tw-token': t.tenant.adminToken.token }, signal }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => { body += String(chunk); });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
    });
    try {
      const gone = new AbortController();
      const abandoned = get(gone.signal).catch((e: unknown) => e);
      await until(() => waitersOf(t.database.pool, t.tenant.tenantId) === 1);
      gone.abort();
      await abandoned;
      await until(() => waitersOf(t.database.pool, t.tenant.tenantId) === 0);

      const left = get();
      await until(() => waitersOf(t.database.pool, t.tenant.tenantId) === 1);
      await other.close();
      const answer = await left;
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toEqual({ data: [], totalCount: 0, next: after });
    } finally {
      await other.close();
    }
  });
});

describe('issue 28 an event carries its change', () => {
  it('a created and an updated event carry their change id (the record\'s history entry of their transaction) and each field\'s old and new value', async () => {
    const after = await cursor(c.admin);
    const id = await employee(c.north, t.tenant.north.branchId, 'Before');
    expect((await patch(c.north, id, [{ op: 'replace', path: '/LastName', value: 'After' }])).statusCode).toBe(200);
    const [created, updated] = of(await feed(c.admin, after), id);
    const { rows } = await t.database.db.execute<{ id: string; action: string }>(sql`select id, action from record_changes
      where tenant_id = ${t.tenant.tenantId} and record_type = 'Employee' and record_id = ${id} order by id`);
    expect(rows.map((r) => [`chg_${r.id}`, r.action])).toEqual([[created!.changeId, 'created'], [updated!.changeId, 'updated']]);
    expect(created!.changes).toMatchObject({ lastName: { old: null, new: 'Before' }, firstName: { old: null, new: 'Eve' } });
    expect(updated!.changes).toEqual({ lastName: { old: 'Before', new: 'After' } });
    expect(updated!.history).toBeUndefined();
  });

  it('an event of what keeps no history (a batch job) has no change id', async () => {
    const { tenantId, north } = t.tenant;
    const [job] = await t.database.db.insert(batchJobs).values({ tenantId, batchJobType: 'Test_Events', parameters: {}, status: 'Processing', hierId: north.hierId, serviceRepId: north.repId })
      .returning({ id: batchJobs.id });
    const after = await cursor(c.admin);
    await completeJobIfDone(t.database.pool, tenantId, job!.id);
    const [completed] = (await feed(c.admin, after)).data.filter((e) => e.record.id === job!.id);
    expect(completed).toMatchObject({ type: 'batchJob.completed' });
    expect(completed!.changeId).toBeUndefined();
    expect(completed!.changes).toBeUndefined();
  });
});

describe('GEN-16 retention (EVENT_RETENTION_DAYS)', () => {
  it('GEN-16 events older than the retention go, with their finished deliveries; an event a delivery still retries stays, as do recent ones', async () => {
    const db = t.database.db, { tenantId, adminRepId, rootHierId } = t.tenant;
    const ids: number[] = [];
    for (const name of ['Delivered', 'Pending', 'Undelivered', 'Recent']) ids.push(await employee(c.north, t.tenant.north.branchId, name));
    await sequenceEvents(db, tenantId);
    const { rows } = await db.execute<{ id: string; record_id: string }>(sql`select id, record_id from events
      where tenant_id = ${tenantId} and type = 'employee.created' and record_id = any(${sql.param(ids)}::bigint[])`);
    const [delivered, pending, undelivered, recent] = ids.map((id) => Number(rows.find((r) => Number(r.record_id) === id)!.id));
    const { rows: [sub] } = await db.execute<{ id: number }>(sql`insert into webhook_subscriptions (tenant_id, url, event_types, secret, service_rep_id, hier_id)
      values (${tenantId}, 'https://example.com/hook', '{employee.created}', 'whsec_test', ${adminRepId}, ${rootHierId}) returning id`);
    await db.execute(sql`insert into webhook_deliveries (tenant_id, subscription_id, event_id, status)
      values (${tenantId}, ${sub!.id}, ${delivered}, 'Delivered'), (${tenantId}, ${sub!.id}, ${pending}, 'Pending')`);
    await db.execute(sql`update events set occurred_at = now() - interval '100 days'
      where tenant_id = ${tenantId} and id = any(${sql.param([delivered, pending, undelivered])}::bigint[])`);

    expect(await pruneEvents(db, 90)).toBeGreaterThanOrEqual(2);
    const kept = await db.execute<{ id: string }>(sql`select id from events where tenant_id = ${tenantId}
      and id = any(${sql.param([delivered, pending, undelivered, recent])}::bigint[]) order by id`);
    expect(kept.rows.map((r) => Number(r.id))).toEqual([pending, recent]);
    const deliveries = await db.execute<{ event_id: string }>(sql`select event_id from webhook_deliveries where tenant_id = ${tenantId} and subscription_id = ${sub!.id}`);
    expect(deliveries.rows.map((r) => Number(r.event_id))).toEqual([pending]);
  });
});

describe('issue 28 a cursor older than retention answers 410', () => {
  it('410 naming after when events after the cursor were pruned (after=0 too), with the oldest cursor served; from that cursor the feed answers', async () => {
    // The retention test above pruned this tenant's old events.
    const { rows: [pruned] } = await t.database.db.execute<{ pruned_through: number }>(sql`select pruned_through from event_log_pruned where tenant_id = ${t.tenant.tenantId}`);
    const through = Number(pruned!.pruned_through);
    expect(through).toBeGreaterThan(0);
    for (const after of [0, through - 1]) {
      const res = await c.admin({ method: 'GET', url: `/Events?after=${after}&wait=5` });
      expect(res.statusCode, res.body).toBe(410);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json()).toMatchObject({ code: 'EVENT_CURSOR_EXPIRED', oldestCursor: through, errors: { after: [expect.stringContaining(String(through))] } });
      expect(res.json().detail).toMatch(/history|list/);
    }
    const res = await c.admin({ method: 'GET', url: `/Events?after=${through}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.every((e: EventBody) => e.sequence > through)).toBe(true);
    // Another tenant's log was not pruned: its cursor 0 is served.
    expect((await c.otherAdmin({ method: 'GET', url: '/Events?after=0' })).statusCode).toBe(200);
  });
});
