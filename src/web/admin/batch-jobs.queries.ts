// The batch jobs a signed-in rep sees, for the admin pages' list: the API reads one job at a time
// (GET /batchjobs/{id}) but has no list, so the list is read here through the rep's DataScope, with
// the same visibility rule as the API (the job's node inside the rep's hierarchy).
import { and, desc, eq, sql } from 'drizzle-orm';
import type { DataScope } from '../../platform/scope.ts';
import { batchJobItems as items, batchJobs as jobs, type BatchJobStatus } from '../../platform/jobs/job.table.ts';

export interface BatchJobRow {
  id: number; type: string; status: BatchJobStatus; createdAt: Date;
  totalItems: number; completedItems: number; failedItems: number;
}

export async function listBatchJobs(scope: DataScope, page: { skip: number; take: number }): Promise<{ data: BatchJobRow[]; totalCount: number }> {
  const [rows, [total]] = await Promise.all([
    scope.selectJoined(jobs, {
      id: jobs.id, type: jobs.batchJobType, status: jobs.status, createdAt: jobs.createdAt,
      totalItems: sql<number>`count(${items.id})`.mapWith(Number),
      completedItems: sql<number>`count(${items.id}) filter (where ${items.status} = 'Completed')`.mapWith(Number),
      failedItems: sql<number>`count(${items.id}) filter (where ${items.status} = 'Failed')`.mapWith(Number),
    }, (from) => from.leftJoin(items, and(eq(items.tenantId, jobs.tenantId), eq(items.batchJobId, jobs.id))))
      .where().groupBy(jobs.tenantId, jobs.id).orderBy(desc(jobs.id)).offset(page.skip).limit(page.take),
    scope.select(jobs, { n: sql<number>`count(*)`.mapWith(Number) }).where(),
  ]);
  return { data: rows, totalCount: total?.n ?? 0 };
}
