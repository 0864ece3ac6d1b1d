// The queue and the worker on their own: several workers never process one item twice, a lost
// lease goes back to the queue, attempts are bounded, stop() gives unfinished items back, a job's
// parameters reach the handler checked against its type's schema.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { Type } from 'typebox';
import { and, eq, sql } from 'drizzle-orm';
import { testApp, type TestContext } from '../../../test/helpers.ts';
import { defineJob, ItemFailure, type JobDefinition } from './job-catalog.ts';
import { batchJobItems, batchJobs } from './job.table.ts';
import { claimItems, completeFinishedJobs, completeJobIfDone, enqueueItems, failAbandoned, finishItem } from './queue.ts';
import { createBackground } from '../background.ts';
import { BatchWorker, type WorkerOptions } from './worker.ts';

let t: TestContext;
const log = pino({ level: 'silent' });
let type = 0;

beforeAll(async () => { t = await testApp(); });
afterAll(async () => t.close());

const NoParameters = Type.Object({});
/** A catalog entry of the test type `name` taking any parameters. */
const entry = (name: string, handle: JobDefinition<string, typeof NoParameters>['handle']) => defineJob({ type: name, parameters: NoParameters, handle });

const worker = (catalog: JobDefinition[], options: Partial<WorkerOptions> = {}) =>
  new BatchWorker(t.database, { catalog, concurrency: 2, leaseMs: 30_000, maxAttempts: 3, pollMs: 100, graceMs: 2_000, log, ...options });

/** A job (by default of a fresh type, so workers of other tests never see it), created by the North rep, with `n` items. */
async function job(n: number, parameters: Record<string, unknown> = {}, name = `Test_Type_${++type}_${Date.now()}`) {
  const { tenantId, north } = t.tenant;
  const [row] = await t.database.db.insert(batchJobs).values({ tenantId, batchJobType: name, parameters, hierId: north.hierId, serviceRepId: north.repId })
    .returning({ id: batchJobs.id });
  if (n) await enqueueItems(t.database.db, { tenantId, batchJobId: row!.id, jobType: name }, Array.from({ length: n }, (_, i) => i + 1));
  return { name, id: row!.id };
}

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const v = await read();
    if (ok(v)) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('condition not reached');
}
const jobRow = async (id: number) => (await t.database.db.select().from(batchJobs).where(and(eq(batchJobs.tenantId, t.tenant.tenantId), eq(batchJobs.id, id))))[0]!;
const itemRows = async (id: number) => t.database.db.select().from(batchJobItems).where(and(eq(batchJobItems.tenantId, t.tenant.tenantId), eq(batchJobItems.batchJobId, id))).orderBy(batchJobItems.id);

describe('batch worker', () => {
  it('BATCH-07 BATCH-43 BATCH-47 BATCH-48 BATCH-49 two workers process every item exactly once; the job goes New → Processing → Completed', async () => {
    const { name, id } = await job(30);
    expect((await jobRow(id)).status).toBe('New');
    const seen: number[] = [];
    const handler = entry(name, async (_ctx, _parameters, item) => { seen.push(item.id); await new Promise((r) => setTimeout(r, 5)); return async () => item.recordId; });
    const a = worker([handler]), b = worker([handler]);
    await Promise.all([a.start(), b.start()]);
    const done = await until(() => jobRow(id), (j) => j.status === 'Completed');
    await Promise.all([a.stop(), b.stop()]);
    expect(done.startedAt).not.toBeNull();
    const items = await itemRows(id);
    expect(items.every((i) => i.status === 'Completed' && i.attempts === 1 && i.resultId === i.recordId)).toBe(true);
    expect(new Set(seen).size).toBe(30);
    expect(seen.length).toBe(30);
  });

  it('BATCH-45 an ItemFailure fails its item with the reason at once; other items go on; the job completes', async () => {
    const { name, id } = await job(3);
    const w = worker([entry(name, async (_ctx, _parameters, item) => { if (item.recordId === 2) throw new ItemFailure('record 2 is broken'); return async () => null; })]);
    await w.start();
    await until(() => jobRow(id), (j) => j.status === 'Completed');
    await w.stop();
    expect((await itemRows(id)).map((i) => [i.status, i.failureReason, i.attempts])).toEqual([['Completed', null, 1], ['Failed', 'record 2 is broken', 1], ['Completed', null, 1]]);
  });

  it('an unexpected error is retried after the lease and fails after the last attempt', async () => {
    const { name, id } = await job(1);
    let calls = 0;
    const w = worker([entry(name, async () => { calls++; throw new Error('database hiccup'); })], { leaseMs: 100, maxAttempts: 2 });
    await w.start();
    await until(() => jobRow(id), (j) => j.status === 'Completed');
    await w.stop();
    expect(calls).toBe(2);
    expect((await itemRows(id))[0]).toMatchObject({ status: 'Failed', attempts: 2, failureReason: expect.stringContaining('database hiccup') });
  });

  it('a lease that runs out gives the item to another worker; the first one\'s late finish is refused', async () => {
    const { name, id } = await job(1);
    const [first] = await claimItems(t.database.db, 'worker-a', [name], 1, 50, 3);
    expect(first).toBeDefined();
    expect(await claimItems(t.database.db, 'worker-b', [name], 1, 30_000, 3)).toEqual([]); // leased
    await new Promise((r) => setTimeout(r, 120));
    const [again] = await claimItems(t.database.db, 'worker-b', [name], 1, 30_000, 3);
    expect(again).toMatchObject({ id: first!.id, attempts: 2 });
    const client = await t.database.pool.connect();
    try {
      expect(await finishItem(client, first!, 'worker-a', { status: 'Completed' })).toBe(false);
      expect(await finishItem(client, again!, 'worker-b', { status: 'Completed' })).toBe(true);
      await completeJobIfDone(client, t.tenant.tenantId, id);
    } finally { client.release(); }
    expect((await jobRow(id)).status).toBe('Completed');
  });

  it('an item that runs longer than its lease keeps it while its worker runs: another worker never takes it meanwhile', async () => {
    const { name, id } = await job(1);
    let calls = 0;
    // Four leases long; the lease is renewed every third of one.
    const slow = entry(name, async () => { calls++; await new Promise((r) => setTimeout(r, 6_000)); return async () => null; });
    const a = worker([slow], { leaseMs: 1_500 });
    await a.start();
    await until(() => itemRows(id), (items) => items[0]?.status === 'Processing');
    const b = worker([slow], { leaseMs: 1_500 });
    await b.start();
    await until(() => jobRow(id), (j) => j.status === 'Completed');
    await Promise.all([a.stop(), b.stop()]);
    expect(calls).toBe(1);
    expect((await itemRows(id)).map((i) => [i.status, i.attempts])).toEqual([['Completed', 1]]);
  }, 20_000);

  it('a worker frozen in the middle of finishing an item holds up no other item of the job; the job completes once the last commits', async () => {
    const { name, id } = await job(2);
    const [stuck, other] = await claimItems(t.database.db, 'worker-a', [name], 2, 30_000, 3);
    const frozen = await t.database.pool.connect(), live = await t.database.pool.connect();
    try {
      // The frozen worker has finished its item inside its transaction and never commits (SIGSTOP).
      await frozen.query('begin');
      expect(await finishItem(frozen, stuck!, 'worker-a', { status: 'Completed' })).toBe(true);
      // Another item of the same job finishes and commits meanwhile: nothing makes it wait.
      await live.query('begin');
      await live.query("set local lock_timeout = '3s'");
      expect(await finishItem(live, other!, 'worker-a', { status: 'Completed' })).toBe(true);
      await live.query('commit');
      await completeJobIfDone(live, t.tenant.tenantId, id);
      expect((await jobRow(id)).status).toBe('Processing'); // the frozen item is not committed
      await frozen.query('commit');
      await completeJobIfDone(frozen, t.tenant.tenantId, id);
      expect((await jobRow(id)).status).toBe('Completed');
    } finally { frozen.release(); live.release(); }
  });

  it('a job whose last item committed but whose worker died before completing it is completed by the sweep', async () => {
    const { name, id } = await job(1);
    const [item] = await claimItems(t.database.db, 'worker-a', [name], 1, 30_000, 3);
    const client = await t.database.pool.connect();
    try { expect(await finishItem(client, item!, 'worker-a', { status: 'Completed' })).toBe(true); } finally { client.release(); }
    expect((await jobRow(id)).status).toBe('Processing');
    await completeFinishedJobs(t.database.db, [name]);
    expect((await jobRow(id)).status).toBe('Completed');
  });

  it('an item whose worker died on its last allowed attempt fails as abandoned, and its job completes', async () => {
    const { name, id } = await job(1);
    const [held] = await claimItems(t.database.db, 'worker-gone', [name], 1, 50, 1);
    expect(await failAbandoned(t.database.db, [name], 1)).toBe(0); // its lease still runs
    await new Promise((r) => setTimeout(r, 120));
    expect(await claimItems(t.database.db, 'worker-b', [name], 1, 30_000, 1)).toEqual([]); // no attempt left
    expect(await failAbandoned(t.database.db, [name], 1)).toBe(1);
    expect((await itemRows(id))[0]).toMatchObject({ id: held!.id, status: 'Failed', failureReason: expect.stringContaining('Abandoned') });
    expect((await jobRow(id)).status).toBe('Completed');
  });

  it('stop() waits for items in hand up to the grace period, then gives them back to the queue', async () => {
    const { name, id } = await job(1);
    let release!: () => void;
    const blocked = new Promise<void>((r) => { release = r; });
    const w = worker([entry(name, async () => { await blocked; return async () => null; })], { graceMs: 100 });
    await w.start();
    await until(() => itemRows(id), (items) => items[0]!.status === 'Processing');
    await w.stop();
    release();
    expect((await itemRows(id))[0]).toMatchObject({ status: 'New', workerId: null, attempts: 0 });
    // And it is processed by the next worker.
    const next = worker([entry(name, async () => async () => 7)]);
    await next.start();
    await until(() => jobRow(id), (j) => j.status === 'Completed');
    await next.stop();
    expect((await itemRows(id))[0]).toMatchObject({ status: 'Completed', resultId: 7 });
  });

  it('BATCH-05 a worker registers the types it listens for while it runs', async () => {
    const { name } = await job(0);
    const w = worker([entry(name, async () => async () => null)]);
    await w.start();
    const live = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from batch_workers where ${name} = any(types)`);
    await w.stop();
    const after = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from batch_workers where ${name} = any(types)`);
    expect([live.rows[0]!.n, after.rows[0]!.n]).toEqual([1, 0]);
  });

  it('a handler gets its job\'s parameters checked and typed; parameters that do not fit fail the items at once, naming the field', async () => {
    const Scale = Type.Object({ factor: Type.Integer({ minimum: 1 }) });
    const fits = await job(2, { factor: 3 });
    const unfit = await job(1, { factor: 'three' }, fits.name);
    let calls = 0;
    const w = worker([defineJob({ type: fits.name, parameters: Scale, async handle(_ctx, { factor }, item) { calls++; return async () => item.recordId * factor; } })]);
    await w.start();
    await until(() => jobRow(unfit.id), (j) => j.status === 'Completed');
    await until(() => jobRow(fits.id), (j) => j.status === 'Completed');
    await w.stop();
    expect((await itemRows(fits.id)).map((i) => [i.status, i.resultId])).toEqual([['Completed', 3], ['Completed', 6]]);
    expect(calls).toBe(2);
    expect((await itemRows(unfit.id))[0]).toMatchObject({ status: 'Failed', attempts: 1, failureReason: expect.stringMatching(/parameters do not fit a Test_Type_\S+ job: factor /) });
  });

  it('refuses a type its catalog does not have, and a catalog naming a type twice', () => {
    const a = entry('A_Type', async () => async () => null);
    expect(() => createBackground(t.database, t.config, [a], log, { types: ['B_Type'] })).toThrow('No handler for batch job type B_Type; known: A_Type');
    expect(() => worker([a, a])).toThrow('The job catalog names A_Type twice.');
  });
});
