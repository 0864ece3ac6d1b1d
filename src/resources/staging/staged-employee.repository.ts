// Staged employees: created per uploaded resume, filled in by the import job's worker, listed with
// the statuses of their batch job items, deleted or converted by batch jobs.
import { and, asc, count, eq, getTableName, sql, type SQL } from 'drizzle-orm';
import { TENANT, type DataScope } from '../../platform/scope.ts';
import { qualified } from '../../platform/db/database.ts';
import { putFile } from '../../platform/files/file-store.ts';
import { emitEvent } from '../../platform/events/outbox.ts';
import { AppError, notFound } from '../../platform/http/errors.ts';
import { toPage, type Paged } from '../../platform/http/paging.ts';
import { batchJobItems, batchJobs } from '../../platform/jobs/job.table.ts';
import { addItem, jobForNewItem } from '../batch-jobs/batch-job.repository.ts';
import { CONVERT_STAGED, IMPORT_RESUMES, STAGED_EMPLOYEE_TYPES } from '../batch-jobs/batch-job.types.ts';
import { stagedEmployees as s } from './staged-employee.table.ts';
import type { StagedEmployeeListFilter } from './staged-employee.schemas.ts';
import { STAGED_EMPLOYEE_CREATED } from './staged-employee.events.ts';

export async function stageResume(scope: DataScope, batchJobId: number, file: { fileName: string; contentType: string; bytes: Buffer; format: string }) {
  return scope.transaction(async (tx) => {
    const job = await jobForNewItem(tx, batchJobId, [IMPORT_RESUMES]);
    const fileId = await putFile(tx, { fileName: file.fileName, contentType: file.contentType, content: file.bytes });
    // The staged employee belongs where its job does: the job's worker acts as the job's creator, who
    // must see it, whoever uploaded it (an administrator adding to a branch rep's job, say).
    const staged = { hierId: job.hierId, batchJobId, fileId, fileName: file.fileName, format: file.format };
    const [row] = await tx.insert(s, staged).returning({ id: s.id });
    await emitEvent(tx, STAGED_EMPLOYEE_CREATED, getTableName(s), row!.id);
    const batchJobItemId = await addItem(tx, job, row!.id);
    return { stagedEmployeeId: row!.id, batchJobId, batchJobItemId };
  });
}

export async function queueConversion(scope: DataScope, stagedEmployeeId: number, batchJobId: number) {
  return scope.transaction(async (tx) => {
    const [staged] = await tx.select(s, { id: s.id }).where(eq(s.id, stagedEmployeeId));
    if (!staged) throw notFound('The staged employee');
    const job = await jobForNewItem(tx, batchJobId, [CONVERT_STAGED]);
    // The job's worker converts as the job's creator: a staged employee it could not see would fail.
    if (!(await underNode(tx, stagedEmployeeId, job.hierId))) {
      throw new AppError('NOT_FOUND', `Staged employee ${stagedEmployeeId} is outside the hierarchy of batch job ${batchJobId}'s creator.`, { stagedEmployeeId: ['outside the batch job\'s hierarchy'] });
    }
    return { batchJobId, batchJobItemId: await addItem(tx, job, stagedEmployeeId) };
  });
}

/** Whether the staged employee sits at or below hierarchy node `hierId`. */
async function underNode(scope: DataScope, stagedEmployeeId: number, hierId: number): Promise<boolean> {
  const rows = await scope.sql`select 1 from ${s} join hierarchy_nodes sn on sn.tenant_id = ${qualified(s.tenantId)} and sn.id = ${qualified(s.hierId)}
    join hierarchy_nodes jn on jn.tenant_id = sn.tenant_id and jn.id = ${hierId}
    where ${qualified(s.tenantId)} = ${TENANT} and ${qualified(s.id)} = ${stagedEmployeeId} and sn.path <@ jn.path`;
  return rows.length > 0;
}

/** The ids among `ids` that the caller sees; the rest make the request fail (404 naming them). */
export async function visibleStagedIds(scope: DataScope, ids: number[]): Promise<number[]> {
  const rows = await scope.select(s, { id: s.id }).where(sql`${s.id} = any(${sql.param(ids)}::int[])`);
  return rows.map((r) => r.id);
}

const itemStatuses = sql<ItemStatusRow[]>`coalesce((
  select json_agg(json_build_object('batchJobId', i.batch_job_id, 'batchJobItemId', i.id, 'batchJobType', i.job_type,
    'status', i.status, 'failureReason', i.failure_reason) order by i.id)
    from ${batchJobItems} i where i.tenant_id = ${qualified(s.tenantId)} and i.record_id = ${qualified(s.id)}
     and i.job_type = any(${sql.param([...STAGED_EMPLOYEE_TYPES])}::text[])), '[]')`;
interface ItemStatusRow { batchJobId: number; batchJobItemId: number; batchJobType: string; status: string; failureReason: string | null }

// A resume whose import item failed for good (its worker died each time, its creator was deactivated,
// ...) never ran the parse that would set its status: it reads as Failed with the item's reason,
// never Pending after its item ended.
const failedImport = sql`(select i.failure_reason from ${batchJobItems} i where i.tenant_id = ${qualified(s.tenantId)} and i.record_id = ${qualified(s.id)}
  and i.batch_job_id = ${qualified(s.batchJobId)} and i.job_type = ${IMPORT_RESUMES} and i.status = 'Failed' order by i.id desc limit 1)`;
const parseStatus = sql<(typeof s.parseStatus)['_']['data']>`case when ${qualified(s.parseStatus)} = 'Pending' and ${failedImport} is not null then 'Failed' else ${qualified(s.parseStatus)} end`;
const parseError = sql<string | null>`case when ${qualified(s.parseStatus)} = 'Pending' then coalesce(${failedImport}, ${qualified(s.parseError)}) else ${qualified(s.parseError)} end`;

const columns = {
  stagedEmployeeId: s.id, batchJobId: s.batchJobId, fileName: s.fileName, format: s.format, parseStatus, parseError,
  firstName: s.firstName, middleName: s.middleName, lastName: s.lastName, emailAddress: s.emailAddress, phoneNumber: s.phoneNumber, phoneCountryCallingCode: s.phoneCountryCallingCode,
  street1: s.street1, street2: s.street2, municipality: s.municipality, region: s.region, postalCode: s.postalCode, countryCode: s.countryCode,
  skills: s.skills, interestCodes: s.interestCodes, workHistory: s.workHistory, education: s.education, profile: s.profile, confidence: s.confidence,
  overallConfidence: s.overallConfidence, possibleDuplicateEmployeeIds: s.possibleDuplicateEmployeeIds, isConverted: s.isConverted, employeeId: s.employeeId,
  createdAt: s.createdAt, updatedAt: s.updatedAt, batchJobItems: itemStatuses,
};
type Row = { createdAt: Date; updatedAt: Date } & Record<string, unknown>;
const shape = <R extends Row>(r: R) => ({ ...r, createdAt: new Date(r.createdAt).toISOString(), updatedAt: new Date(r.updatedAt).toISOString() });

export async function getStagedEmployee(scope: DataScope, id: number) {
  const [row] = await scope.select(s, columns).where(eq(s.id, id));
  return row && shape(row);
}

export async function listStagedEmployees(scope: DataScope, q: StagedEmployeeListFilter): Promise<Paged<ReturnType<typeof shape>>> {
  const conditions: (SQL | undefined)[] = [];
  if (q.batchJobId !== undefined) {
    // Staged by that import job, or worked on by that (conversion or delete) job.
    conditions.push(sql`(${s.batchJobId} = ${q.batchJobId} or exists (select 1 from ${batchJobItems} i
      where i.tenant_id = ${qualified(s.tenantId)} and i.record_id = ${qualified(s.id)} and i.batch_job_id = ${q.batchJobId}))`);
  }
  if (q.status !== undefined) {
    // The status of the staged employee's latest item (in the given job, if one is named).
    conditions.push(sql`(select i.status from ${batchJobItems} i where i.tenant_id = ${qualified(s.tenantId)} and i.record_id = ${qualified(s.id)}
      ${q.batchJobId !== undefined ? sql`and i.batch_job_id = ${q.batchJobId}` : sql`and i.job_type = any(${sql.param([IMPORT_RESUMES, CONVERT_STAGED])}::text[])`}
      order by i.id desc limit 1) = ${q.status}`);
  }
  if (q.parseStatus !== undefined) conditions.push(sql`${parseStatus} = ${q.parseStatus}`);
  if (q.isConverted !== undefined) conditions.push(eq(s.isConverted, q.isConverted));
  const where = and(...conditions);
  const rows = await scope.select(s, { ...columns, totalCount: sql<number>`count(*) over ()` }).where(where)
    .orderBy(asc(s.id)).offset(q.skip).limit(q.take);
  return toPage(rows, q, ({ totalCount: _t, ...row }) => shape(row), async () => Number((await scope.select(s, { n: count() }).where(where))[0]?.n ?? 0));
}

/** Whether a batch job (any type) is visible: used to check list filters. */
export async function batchJobVisible(scope: DataScope, id: number): Promise<boolean> {
  const rows = await scope.select(batchJobs, { id: batchJobs.id }).where(eq(batchJobs.id, id));
  return rows.length > 0;
}
