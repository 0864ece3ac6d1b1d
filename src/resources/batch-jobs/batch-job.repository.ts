// Batch jobs as callers see them: create, read with counts and failures, page items, add items.
// The queue side (claiming, leases, completion) and the worker are the job engine's: platform/jobs/.
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { DataScope } from '../../platform/scope.ts';
import { AppError, notFound } from '../../platform/http/errors.ts';
import { toPage, type Page, type Paged } from '../../platform/http/paging.ts';
import { batchJobItems as items, batchJobs as jobs, type ItemStatus } from '../../platform/jobs/job.table.ts';
import { enqueueItems } from '../../platform/jobs/queue.ts';
import { isListenedFor } from '../../platform/jobs/worker.ts';
import { checkParameters, resolveType } from './batch-job.types.ts';
const FAILURES_SHOWN = 100;
const ITEMS_SHOWN = 100;

export async function createBatchJob(scope: DataScope, type: string, parameters: Record<string, unknown>, recordIds: number[] = []): Promise<number> {
  const batchJobType = resolveType(type, parameters);
  const checked = await checkParameters(scope, batchJobType, parameters);
  return scope.transaction(async (tx) => {
    const [row] = await tx.db.insert(jobs).values({
      tenantId: tx.tenantId, batchJobType, parameters: checked, hierId: tx.principal.hierId, serviceRepId: tx.principal.serviceRepId,
    }).returning({ id: jobs.id });
    const ids = [...recordIds, ...((checked.stagedEmployeeIds as number[] | undefined) ?? [])];
    if (ids.length) await enqueueItems(tx.db, { tenantId: tx.tenantId, batchJobId: row!.id, jobType: batchJobType }, [...new Set(ids)]);
    return row!.id;
  });
}

export interface JobRef { id: number; batchJobType: string; parameters: Record<string, unknown>; status: string; hierId: number }

/** The job, locked, if the caller sees it (404 otherwise) and it is of one of the `types` (409 otherwise, AMB-45 (c)). */
export async function jobForNewItem(tx: DataScope, batchJobId: number, types: readonly string[]): Promise<JobRef> {
  const [job] = await tx.db.select({ id: jobs.id, batchJobType: jobs.batchJobType, parameters: jobs.parameters, status: jobs.status, hierId: jobs.hierId }).from(jobs)
    .where(and(eq(jobs.tenantId, tx.tenantId), eq(jobs.id, batchJobId), tx.visible(jobs.hierId))).for('update');
  if (!job) throw new AppError('NOT_FOUND', 'No batch job with this batchJobId inside your hierarchy.', { batchJobId: ['no such batch job'] });
  if (!types.includes(job.batchJobType)) {
    throw new AppError('BATCH_JOB_WRONG_TYPE', `Batch job ${batchJobId} is a ${job.batchJobType} job; this operation needs a ${types.join(' or ')} job.`, { batchJobId: [`is not a ${types.join(' or ')} job`] });
  }
  return job;
}

/** Adds one item to a job, in the caller's transaction. A Completed job is reopened: Completed means every item added so far is done. */
export async function addItem(tx: DataScope, job: JobRef, recordId: number): Promise<number> {
  const [id] = await enqueueItems(tx.db, { tenantId: tx.tenantId, batchJobId: job.id, jobType: job.batchJobType }, [recordId]);
  if (job.status === 'Completed') {
    await tx.db.update(jobs).set({ status: 'Processing', completedAt: null }).where(and(eq(jobs.tenantId, tx.tenantId), eq(jobs.id, job.id)));
  }
  return id!;
}

const itemColumns = {
  batchJobItemId: items.id, recordId: items.recordId, status: items.status, attempts: items.attempts,
  failureReason: items.failureReason, resultId: items.resultId, createdAt: items.createdAt, startedAt: items.startedAt, completedAt: items.completedAt,
};
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
function itemShape(row: { createdAt: Date; startedAt: Date | null; completedAt: Date | null } & Record<string, unknown>) {
  return { ...row, createdAt: iso(row.createdAt), startedAt: iso(row.startedAt), completedAt: iso(row.completedAt) };
}

export async function getBatchJob(scope: DataScope, id: number) {
  const [job] = await scope.db.select().from(jobs).where(and(eq(jobs.tenantId, scope.tenantId), eq(jobs.id, id), scope.visible(jobs.hierId)));
  if (!job) return undefined;
  const where = and(eq(items.tenantId, scope.tenantId), eq(items.batchJobId, id));
  const [counts, failures, first, listening] = await Promise.all([
    scope.db.select({ status: items.status, n: count() }).from(items).where(where).groupBy(items.status),
    scope.db.select({ batchJobItemId: items.id, recordId: items.recordId, reason: items.failureReason }).from(items)
      .where(and(where, eq(items.status, 'Failed'))).orderBy(asc(items.id)).limit(FAILURES_SHOWN),
    scope.db.select(itemColumns).from(items).where(where).orderBy(asc(items.id)).limit(ITEMS_SHOWN),
    isListenedFor(scope.db, job.batchJobType),
  ]);
  const byStatus = Object.fromEntries(counts.map((c) => [c.status, Number(c.n)])) as Partial<Record<ItemStatus, number>>;
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
  const [job] = await scope.db.select({ id: jobs.id }).from(jobs).where(and(eq(jobs.tenantId, scope.tenantId), eq(jobs.id, batchJobId), scope.visible(jobs.hierId)));
  if (!job) throw notFound('The batch job');
  const where = and(eq(items.tenantId, scope.tenantId), eq(items.batchJobId, batchJobId), page.status ? eq(items.status, page.status) : undefined);
  const rows = await scope.db.select({ ...itemColumns, totalCount: sql<number>`count(*) over ()` }).from(items).where(where)
    .orderBy(asc(items.id)).offset(page.skip).limit(page.take);
  return toPage(rows, page, ({ totalCount: _t, ...row }) => itemShape(row), async () => {
    const [c] = await scope.db.select({ n: count() }).from(items).where(where);
    return Number(c?.n ?? 0);
  });
}
