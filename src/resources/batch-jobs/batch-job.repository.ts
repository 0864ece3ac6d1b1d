// Batch jobs as callers see them: create, read with counts and failures, page items, add items.
// The queue side (claiming, leases, completion) and the worker are the job engine's: platform/jobs/.
import { and, asc, count, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { Type } from 'typebox';
import { Value } from 'typebox/value';
import type { DataScope } from '../../platform/scope.ts';
import { emitEvent } from '../../platform/events/outbox.ts';
import { AppError, notFound } from '../../platform/http/errors.ts';
import { toPage, type Page, type Paged } from '../../platform/http/paging.ts';
import { batchJobItems as items, batchJobs as jobs, type ItemStatus } from '../../platform/jobs/job.table.ts';
import { enqueue } from '../../platform/jobs/queue.ts';
import { isListenedFor } from '../../platform/jobs/worker.ts';
import { openFile } from '../../platform/files/file-store.ts';
import { batchJobCreated, batchJobUpdated } from './batch-job.events.ts';

const FAILURES_SHOWN = 100;
/** Records a job's parameters name for its items (a delete job's `stagedEmployeeIds`). */
const RecordIds = Type.Array(Type.Integer());
const ITEMS_SHOWN = 100;

/**
 * Creates a job of a type and parameters already checked (POST /batchjobs: checkedJob) with its
 * `batchJob.created` event, and queues the records named: `recordIds`, and a delete job's
 * `stagedEmployeeIds`.
 */
export async function createBatchJob(scope: DataScope, batchJobType: string, parameters: Record<string, unknown>, recordIds: number[] = []): Promise<number> {
  return scope.transaction(async (tx) => {
    const [row] = await tx.insert(jobs, { batchJobType, parameters, hierId: tx.principal.hierId, serviceRepId: tx.principal.serviceRepId }).returning({ id: jobs.id });
    const id = row!.id;
    await emitEvent(tx, batchJobCreated, 'batch_jobs', id);
    const ids = [...recordIds, ...(Value.Check(RecordIds, parameters.stagedEmployeeIds) ? parameters.stagedEmployeeIds : [])];
    if (ids.length) await enqueue(tx, { batchJobId: id, jobType: batchJobType }, [...new Set(ids)]);
    return id;
  });
}

export interface JobRef { id: number; batchJobType: string; parameters: Record<string, unknown>; status: string; hierId: number }

/** The job, locked, if the caller sees it (404 otherwise) and it is of one of the `types` (409 otherwise, AMB-45 (c)). */
export async function jobForNewItem(tx: DataScope, batchJobId: number, types: readonly string[]): Promise<JobRef> {
  const [job] = await tx.select(jobs, { id: jobs.id, batchJobType: jobs.batchJobType, parameters: jobs.parameters, status: jobs.status, hierId: jobs.hierId })
    .where(eq(jobs.id, batchJobId)).for('update');
  if (!job) throw new AppError('NOT_FOUND', 'No batch job with this batchJobId inside your hierarchy.', { batchJobId: ['no such batch job'] });
  if (!types.includes(job.batchJobType)) {
    throw new AppError('BATCH_JOB_WRONG_TYPE', `Batch job ${batchJobId} is a ${job.batchJobType} job; this operation needs a ${types.join(' or ')} job.`, { batchJobId: [`is not a ${types.join(' or ')} job`] });
  }
  return job;
}

/** Adds one item to a job, with the job's `batchJob.updated`, in the caller's transaction. A Completed job is reopened: Completed means every item added so far is done. */
export async function addItem(tx: DataScope, job: JobRef, recordId: number): Promise<number> {
  const [id] = await enqueue(tx, { batchJobId: job.id, jobType: job.batchJobType }, [recordId]);
  const reopened = job.status === 'Completed';
  if (reopened) await tx.update(jobs, { status: 'Processing', completedAt: null }, 'tenant').where(eq(jobs.id, job.id));
  await emitEvent(tx, batchJobUpdated, 'batch_jobs', job.id, { changedFields: reopened ? ['batchJobItems', 'status'] : ['batchJobItems'] });
  return id!;
}

const itemColumns = {
  batchJobItemId: items.id, recordId: items.recordId, status: items.status, attempts: items.attempts,
  failureReason: items.failureReason, resultId: items.resultId, outcome: items.outcome, createdAt: items.createdAt, startedAt: items.startedAt, completedAt: items.completedAt,
};
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
function itemShape(row: { createdAt: Date; startedAt: Date | null; completedAt: Date | null } & Record<string, unknown>) {
  return { ...row, createdAt: iso(row.createdAt), startedAt: iso(row.startedAt), completedAt: iso(row.completedAt) };
}

export async function getBatchJob(scope: DataScope, id: number) {
  const [job] = await scope.select(jobs, getTableColumns(jobs)).where(eq(jobs.id, id));
  if (!job) return undefined;
  const ofJob = eq(items.batchJobId, id);
  const [counts, failures, first, listening] = await Promise.all([
    scope.select(items, { status: items.status, n: count() }).where(ofJob).groupBy(items.status),
    scope.select(items, { batchJobItemId: items.id, recordId: items.recordId, reason: items.failureReason })
      .where(and(ofJob, eq(items.status, 'Failed'))).orderBy(asc(items.id)).limit(FAILURES_SHOWN),
    scope.select(items, itemColumns).where(ofJob).orderBy(asc(items.id)).limit(ITEMS_SHOWN),
    isListenedFor(scope, job.batchJobType),
  ]);
  const byStatus: Partial<Record<ItemStatus, number>> = {};
  for (const c of counts) byStatus[c.status] = Number(c.n);
  const total = Object.values(byStatus).reduce((a, b) => a + b, 0);
  return {
    batchJobId: job.id,
    batchJobType: job.batchJobType,
    batchJobParameters: job.parameters,
    status: job.status,
    createdAt: iso(job.createdAt)!, startedAt: iso(job.startedAt), completedAt: iso(job.completedAt),
    details: {
      totalItems: total,
      newItems: byStatus.New ?? 0,
      processingItems: byStatus.Processing ?? 0,
      completedItems: byStatus.Completed ?? 0,
      failedItems: byStatus.Failed ?? 0,
      failures: failures.map((f) => ({ ...f, reason: f.reason ?? '' })),
      listenerConfigured: listening,
      message: listening ? null : `No worker listens for ${job.batchJobType} jobs: the job's items are not picked up until one does.`,
    },
    batchJobItems: first.map(itemShape),
  };
}

export async function listBatchJobItems(scope: DataScope, batchJobId: number, page: Page & { status?: ItemStatus }): Promise<Paged<ReturnType<typeof itemShape>>> {
  const [job] = await scope.select(jobs, { id: jobs.id }).where(eq(jobs.id, batchJobId));
  if (!job) throw notFound('The batch job');
  const where = and(eq(items.batchJobId, batchJobId), page.status ? eq(items.status, page.status) : undefined);
  const rows = await scope.select(items, { ...itemColumns, totalCount: sql<number>`count(*) over ()` }).where(where)
    .orderBy(asc(items.id)).offset(page.skip).limit(page.take);
  return toPage(rows, page, ({ totalCount: _t, ...row }) => itemShape(row), async () => {
    const [c] = await scope.select(items, { n: count() }).where(where);
    return Number(c?.n ?? 0);
  });
}

/**
 * The file a job of one of `types` (those whose result is a file: exports) wrote, if the caller sees
 * the job and its item has finished; the job's visibility is the file's.
 */
export async function batchJobFile(scope: DataScope, batchJobId: number, types: readonly string[]) {
  if (!types.length) return undefined;
  const [job] = await scope.select(jobs, { id: jobs.id }).where(and(eq(jobs.id, batchJobId), inArray(jobs.batchJobType, [...types])));
  if (!job) return undefined;
  const [item] = await scope.select(items, { fileId: items.resultId })
    .where(and(eq(items.batchJobId, batchJobId), eq(items.status, 'Completed'))).orderBy(asc(items.id)).limit(1);
  return item?.fileId ? openFile(scope, item.fileId) : undefined;
}
