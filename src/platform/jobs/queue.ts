// The queue side of batch jobs (DESIGN.md, Background work): add items and wake the workers, claim
// with FOR UPDATE SKIP LOCKED under a lease, finish each item in the transaction that applied it,
// complete the job when no item is left, and fail items whose lease ran out too often.
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Db } from '../db/database.ts';
import type { DataScope } from '../scope.ts';
import { batchJobItems } from './job.table.ts';
import { insertEvents, textLiteral } from '../events/event-insert.ts';
import type { EventType } from '../events/event-type.ts';

/** Workers LISTEN here; the payload is the job type of a new item. */
export const ITEMS_CHANNEL = 'staffing_batch_items';

/**
 * Adds items (one per record) to a job, in the caller's transaction, and tells the workers: the
 * notification is delivered at commit, so workers listening for the type start within milliseconds.
 */
export async function enqueueItems(db: Db, job: { tenantId: number; batchJobId: number; jobType: string }, recordIds: number[]): Promise<number[]> {
  const rows = await db.insert(batchJobItems).values(recordIds.map((recordId) => ({ ...job, recordId })))
    .returning({ id: batchJobItems.id });
  await db.execute(sql`select pg_notify(${ITEMS_CHANNEL}, ${job.jobType})`);
  return rows.map((r) => r.id);
}

/**
 * Adds items for the records `from` to `to` (an import's row numbers) in one statement, however many,
 * in the scope's transaction, and tells the workers at commit.
 */
export async function enqueueRange(scope: DataScope, job: { batchJobId: number; jobType: string }, from: number, to: number): Promise<void> {
  if (to < from) return;
  await scope.db.execute(sql`insert into batch_job_items (tenant_id, batch_job_id, job_type, record_id)
    select ${scope.tenantId}::int, ${job.batchJobId}::int, ${job.jobType}::text, n from generate_series(${from}::int, ${to}::int) n`);
  await scope.db.execute(sql`select pg_notify(${ITEMS_CHANNEL}, ${job.jobType})`);
}

/** enqueueItems for a job of the scope's tenant, in the scope's transaction. */
export function enqueue(scope: DataScope, job: { batchJobId: number; jobType: string }, recordIds: number[]): Promise<number[]> {
  return enqueueItems(scope.db, { tenantId: scope.tenantId, ...job }, recordIds);
}

export interface ClaimedItem { tenantId: number; id: number; batchJobId: number; jobType: string; recordId: number; attempts: number }

/** Claims up to `limit` items of the given types for `workerId`, leased for `leaseMs`. */
export async function claimItems(db: Db, workerId: string, types: string[], limit: number, leaseMs: number, maxAttempts: number): Promise<ClaimedItem[]> {
  const { rows } = await db.execute<{ tenant_id: number; id: number; batch_job_id: number; job_type: string; record_id: number; attempts: number }>(sql`
    with claimed as (
      update batch_job_items i
         set status = 'Processing', attempts = i.attempts + 1, worker_id = ${workerId},
             lease_until = now() + make_interval(secs => ${leaseMs / 1000}), started_at = coalesce(i.started_at, now())
       where (i.tenant_id, i.id) in (
         select q.tenant_id, q.id from batch_job_items q
          where q.job_type = any(${sql.param(types)}::text[])
            and (q.status = 'New' or (q.status = 'Processing' and q.lease_until < now()))
            and q.attempts < ${maxAttempts}
          order by q.id
          limit ${limit}
          for update skip locked)
      returning i.tenant_id, i.id, i.batch_job_id, i.job_type, i.record_id, i.attempts),
    started as (
      update batch_jobs j set status = 'Processing', started_at = coalesce(j.started_at, now())
       where j.status = 'New' and (j.tenant_id, j.id) in (select tenant_id, batch_job_id from claimed))
    select * from claimed order by id`);
  return rows.map((r) => ({ tenantId: r.tenant_id, id: r.id, batchJobId: r.batch_job_id, jobType: r.job_type, recordId: r.record_id, attempts: r.attempts }));
}

/**
 * Records an item's end inside the transaction that applied it. False when the lease was lost (the
 * item was reclaimed elsewhere): the caller must roll back. It locks only the item's row: a worker
 * that freezes in this transaction holds up no other item (issue 14). The job is completed after
 * the commit (completeJobIfDone), where every item finished before is visible.
 */
export async function finishItem(client: pg.PoolClient, item: ClaimedItem, workerId: string, outcome: ItemOutcome): Promise<boolean> {
  const done = await client.query(
    `update batch_job_items set status = $4, failure_reason = $5, result_id = $6, outcome = $7, completed_at = now(), lease_until = null
      where tenant_id = $1 and id = $2 and worker_id = $3 and status = 'Processing'`,
    [item.tenantId, item.id, workerId, outcome.status, outcome.reason ?? null, outcome.resultId ?? null, outcome.outcome ?? null],
  );
  return done.rowCount === 1;
}

/** How an item ended: what finishItems records of each. */
export interface ItemOutcome { status: 'Completed' | 'Failed'; reason?: string; resultId?: number | null; outcome?: string }

/**
 * finishItem for many items in one statement (a chunk's, platform/jobs/worker.ts), in the
 * transaction that applied them. False when any lease was lost: the caller must roll back.
 */
export async function finishItems(client: pg.PoolClient, items: ClaimedItem[], workerId: string, outcomes: ItemOutcome[]): Promise<boolean> {
  if (items.length === 0) return true;
  const done = await client.query(
    `update batch_job_items i set status = o.status, failure_reason = o.reason, result_id = o.result_id, outcome = o.outcome, completed_at = now(), lease_until = null
       from unnest($3::int[], $4::text[], $5::text[], $6::int[], $7::text[]) as o(id, status, reason, result_id, outcome)
      where i.tenant_id = $1 and i.id = o.id and i.worker_id = $2 and i.status = 'Processing'`,
    [items[0]!.tenantId, workerId, items.map((i) => i.id), outcomes.map((o) => o.status), outcomes.map((o) => o.reason ?? null),
      outcomes.map((o) => o.resultId ?? null), outcomes.map((o) => o.outcome ?? null)],
  );
  return done.rowCount === items.length;
}

/**
 * The `batchJob.completed` event of the jobs a statement completed, in that statement (decision 0031):
 * `with completed as (update ... returning j.tenant_id, j.id, j.hier_id) <this>`.
 */
export const BATCH_JOB_COMPLETED = {
  type: 'batchJob.completed', readScopes: ['batchjob-read'],
  when: 'a batch job\'s last item finished (`GET /batchjobs/{id}` for counts and failures)', changedFields: 'none',
} as const satisfies EventType;
const EMIT_COMPLETED = insertEvents({
  tenantId: 'tenant_id', type: textLiteral(BATCH_JOB_COMPLETED.type), recordType: textLiteral('BatchJob'), recordId: 'id', location: `'/batchjobs/' || id`,
  hierId: 'hier_id', readScopes: `array[${BATCH_JOB_COMPLETED.readScopes.map(textLiteral).join(', ')}]::text[]`, data: `'{}'::jsonb`,
}, 'completed');

/** Completes a job with no item left New or Processing ($1 tenant, $2 job). */
const COMPLETE_IF_DONE = `with completed as (update batch_jobs j set status = 'Completed', completed_at = now()
  where j.tenant_id = $1 and j.id = $2 and j.status <> 'Completed'
    and not exists (select 1 from batch_job_items i where i.tenant_id = $1 and i.batch_job_id = $2 and i.status in ('New', 'Processing'))
  returning j.tenant_id, j.id, j.hier_id)
  ${EMIT_COMPLETED}`;

/**
 * Run after an item's transaction commits: of two items finishing at once, the one that checks last
 * sees both committed and completes the job. A process that dies between its commit and this check
 * leaves the job to completeFinishedJobs.
 */
export async function completeJobIfDone(client: pg.PoolClient | pg.Pool, tenantId: number, batchJobId: number) {
  await client.query(COMPLETE_IF_DONE, [tenantId, batchJobId]);
}

/** Completes every Processing job of these types that has no item left New or Processing. */
export async function completeFinishedJobs(db: Db, types: string[]): Promise<void> {
  await db.execute(sql`with completed as (update batch_jobs j set status = 'Completed', completed_at = now()
    where j.status = 'Processing' and j.batch_job_type = any(${sql.param(types)}::text[])
      and not exists (select 1 from batch_job_items i where i.tenant_id = j.tenant_id and i.batch_job_id = j.id and i.status in ('New', 'Processing'))
    returning j.tenant_id, j.id, j.hier_id)
    ${sql.raw(EMIT_COMPLETED)}`);
}

/**
 * Extends the lease of items a worker still has in hand: an item that runs longer than one lease (an
 * export of a million rows) is not claimed by another worker meanwhile. An item the worker no longer
 * holds (claimed elsewhere, finished) is left alone.
 */
export async function renewLeases(db: Db, workerId: string, ids: { tenantId: number; id: number }[], leaseMs: number): Promise<void> {
  if (!ids.length) return;
  await db.execute(sql`update batch_job_items set lease_until = now() + make_interval(secs => ${leaseMs / 1000})
    where worker_id = ${workerId} and status = 'Processing'
      and (tenant_id, id) in (select * from unnest(${sql.param(ids.map((i) => i.tenantId))}::int[], ${sql.param(ids.map((i) => i.id))}::int[]))`);
}

/** Gives items back to the queue (graceful shutdown): they keep their attempt count. */
export async function releaseItems(db: Db, workerId: string, ids: { tenantId: number; id: number }[]): Promise<void> {
  if (!ids.length) return;
  await db.execute(sql`update batch_job_items set status = 'New', worker_id = null, lease_until = null, attempts = greatest(attempts - 1, 0)
    where worker_id = ${workerId} and status = 'Processing'
      and (tenant_id, id) in (select * from unnest(${sql.param(ids.map((i) => i.tenantId))}::int[], ${sql.param(ids.map((i) => i.id))}::int[]))`);
}

/**
 * Items whose lease ran out after their last allowed attempt (their worker died each time) fail,
 * and their jobs complete if nothing else is left.
 */
export async function failAbandoned(db: Db, types: string[], maxAttempts: number): Promise<number> {
  const { rows } = await db.execute<{ tenant_id: number; batch_job_id: number }>(sql`
    update batch_job_items set status = 'Failed', completed_at = now(), lease_until = null,
           failure_reason = 'Abandoned: its worker stopped during each of ' || attempts || ' attempts.'
     where job_type = any(${sql.param(types)}::text[]) and status = 'Processing' and lease_until < now() and attempts >= ${maxAttempts}
    returning tenant_id, batch_job_id`);
  for (const r of new Map(rows.map((r) => [`${r.tenant_id}:${r.batch_job_id}`, r])).values()) await completeJobIfDone(db.$client, r.tenant_id, r.batch_job_id);
  return rows.length;
}
