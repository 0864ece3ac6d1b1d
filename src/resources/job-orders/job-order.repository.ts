// Data access for job orders: create with defaults, the two reads of the spec, list, and the pass-down
// of PATCHed values to the order's open timecards (PATCH-JO-02, AMB-61). The record and its rules:
// job-order.record.ts.
import { visibleBranch } from '../../platform/records/branches.ts';
import { and, asc, eq, getTableName, sql } from 'drizzle-orm';
import { emitEvent, type EventTemplate } from '../../platform/events/outbox.ts';
import type { DataScope } from '../../platform/scope.ts';
import { byIdReader } from '../../platform/records/read.ts';
import { NoQuery, recordRead } from '../../platform/records/record.ts';
import { equals, listReader } from '../../platform/records/list.ts';
import { Id32, Id64 } from '../../platform/records/shapes.ts';
import { storedValue } from '../../platform/records/rules.ts';
import { AppError, invalid } from '../../platform/http/errors.ts';
import type { PatchContext } from '../../platform/records/json-patch/target.ts';
import { jobOrderDurations, jobOrderStatuses, salesTeams, workerCompCodes } from '../reference-data/reference.table.ts';
import { timecards } from '../timecards/timecard.table.ts';
import { jobBoardSettingsOf } from '../reference-data/job-board.settings.ts';
import { jobOrders } from './job-order.table.ts';
import { JobOrderInformation, JobOrderListItem, type JobOrderCreateInput } from './job-order.schemas.ts';

/** The status of a new order (JO-07: the statuses are the tenant's job_order_statuses). */
const NEW_ORDER_STATUS = 'Unfilled';
/** PublicJobDescriptionContentType of a new order. */
const TEXT_PLAIN = 'text/plain';
/** PublicJobDescriptionContentType values (AMB-60 (a)). */
export const CONTENT_TYPES = [TEXT_PLAIN, 'text/html; charset=utf-8'];

async function firstId(scope: DataScope, table: typeof jobOrderStatuses | typeof salesTeams | typeof jobOrderDurations | typeof workerCompCodes, name?: string): Promise<number> {
  const [row] = await scope.select(table, { id: table.id }).where(name === undefined ? undefined : eq(table.name, name))
    .orderBy(asc(table.id)).limit(1);
  if (!row) throw new AppError('TENANT_SETUP_INCOMPLETE', `The tenant has no ${name ?? 'default'} value in a lookup list needed by new job orders.`);
  return row.id;
}

/** Creates the order at its branch's node with the defaults of JO-07; the record's rules have checked the references. */
export async function createJobOrder(scope: DataScope, input: JobOrderCreateInput): Promise<number> {
  return scope.transaction(async (tx) => {
    const branch = await visibleBranch(tx, input.branchId);
    if (!branch) throw invalid('branchId', 'no such branch inside your hierarchy');
    const [row] = await tx.insert(jobOrders, {
      hierId: branch.hierId,
      customerId: input.customerId,
      jobTitleId: input.jobTitleId,
      branchId: input.branchId,
      worksiteId: input.worksiteId,
      jobOrderTypeId: input.jobOrderTypeId,
      positionsRequired: input.positionsRequired,
      jobOrderStatusId: await firstId(tx, jobOrderStatuses, NEW_ORDER_STATUS),
      serviceRepId: tx.principal.serviceRepId,
      salesTeamId: await firstId(tx, salesTeams),
      jobOrderDurationId: await firstId(tx, jobOrderDurations),
      workerCompCodeId: await firstId(tx, workerCompCodes),
      supervisorContactId: input.supervisorContactId ?? null,
      jobDescription: input.jobDescription ?? '',
      startDate: input.startDate ? new Date(input.startDate) : null,
      estimatedEndDate: input.estimatedEndDate ? new Date(input.estimatedEndDate) : null,
      startTime: input.startTime ?? '',
      endTime: input.endTime ?? '',
      notes: input.notes ?? '',
      alternateJobOrderId: input.alternateJobOrderId ?? '',
      payRate: input.payRate ?? 0,
      billRate: input.billRate ?? 0,
      publicJobDescriptionContentType: TEXT_PLAIN,
      // JBD-04, JBD-05: a snapshot; changing the tenant's setting later leaves this order as it is.
      doNotPostToWebAtCreation: (await jobBoardSettingsOf(tx)).doNotPostToWeb,
    }).returning({ id: jobOrders.id });
    return row!.id;
  });
}

/** PublicPostingDate is a Decimal holding a date as yyyymmdd (AMB-04 (a)): that date at 00:00Z, or null. */
export function postingDate(value: number | null): Date | null {
  if (value === null || !Number.isInteger(value) || value < 10000101 || value > 99991231) return null;
  const y = Math.floor(value / 10000), m = Math.floor(value / 100) % 100, d = value % 100;
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d ? date : null;
}

/** The order's summary (JO-02) and the start of its list item, over SUMMARY_JOINS. */
const SUMMARY = `r.id as "jobOrderId", r.branch_id as "branchId", b.name as "branch", r.job_order_status_id as "jobOrderStatusId", s.name as "jobOrderStatus",
      r.is_active as "isActive", r.positions_required as "positionsRequired", r.positions_filled as "positionsFilled", r.customer_id as "customerId",
      c.customer_name as "customerName", c.department_name as "departmentName", r.job_title_id as "jobTitleId", jt.job_title as "jobTitle"`;
const SUMMARY_JOINS = `join branches b on b.tenant_id = r.tenant_id and b.id = r.branch_id
    join job_order_statuses s on s.tenant_id = r.tenant_id and s.id = r.job_order_status_id
    join customers c on c.tenant_id = r.tenant_id and c.id = r.customer_id
    join job_titles jt on jt.tenant_id = r.tenant_id and jt.id = r.job_title_id`;

const readInformation = byIdReader({
  name: 'job_orders_by_ids',
  table: 'job_orders',
  key: 'jobOrderId',
  select: `r.id as "jobOrderId", r.branch_id as "branchId", b.name as "branch", r.job_order_type_id as "jobOrderTypeId", ot.name as "jobOrderType",
      r.job_title_id as "jobTitleId", jt.job_title as "jobTitle", r.job_description as "jobDescription", r.pay_rate as "payRate", r.bill_rate as "billRate",
      r.job_order_status_id as "jobOrderStatusId", s.name as "jobOrderStatus", r.is_active as "isActive", r.positions_required as "positionsRequired",
      r.positions_filled as "positionsFilled", r.customer_id as "customerId", c.customer_name as "customerName", c.department_name as "departmentName",
      r.job_order_duration_id as "jobOrderDurationId", d.name as "jobOrderDuration", r.date_order_taken as "dateOrderTaken", r.start_date as "startDate",
      r.supervisor_contact_id as "supervisorContactId", sup.first_name as "supervisorFirstName", sup.last_name as "supervisorLastName",
      ph.country_calling_code as "supervisorOfficePhoneCountryCallingCode", ph.contact_method as "supervisorOfficePhone",
      r.do_not_auto_close as "doNotAutoClose", r.uses_time_clock as "usesTimeClock", r.uses_people_net as "usesPeopleNet", r.notes,
      r.alternate_job_order_id as "alternateJobOrderId", r.dress_code as "dressCode", r.safety_notes as "safetyNotes", r.directions,
      r.service_rep_id as "serviceRepId", sr.first_name || ' ' || sr.last_name as "serviceRep",
      r.sales_team_id as "salesTeamId", st.name as "salesTeam", r.public_job_title as "publicJobTitle", r.public_job_description as "publicJobDescription",
      r.public_posting_date as "publicPostingDate", r.do_not_post_publicly as "doNotPostPublicly", r.public_job_description_content_type as "publicJobDescriptionContentType",
      r.public_education_summary as "publicEducationSummary", r.public_experience_summary as "publicExperienceSummary", r.show_pay_rate as "showPayRate",
      r.show_worksite_address as "showWorksiteAddress"`,
  joins: `${SUMMARY_JOINS}
    join order_types ot on ot.tenant_id = r.tenant_id and ot.id = r.job_order_type_id
    join job_order_durations d on d.tenant_id = r.tenant_id and d.id = r.job_order_duration_id
    join service_reps sr on sr.tenant_id = r.tenant_id and sr.id = r.service_rep_id
    join sales_teams st on st.tenant_id = r.tenant_id and st.id = r.sales_team_id
    left join contacts sup on sup.tenant_id = r.tenant_id and sup.id = r.supervisor_contact_id
    left join contact_methods ph on ph.tenant_id = r.tenant_id and ph.id = sup.primary_phone_number_contact_method_id`,
});

/** GET /JobOrders/{id}: the job order information (JO-04), or undefined when not visible. */
export const getJobOrder = recordRead(JobOrderInformation, NoQuery, async (scope, id, _query, fields) => {
  const found = await readInformation(scope, id, undefined, fields);
  if (!found) return undefined;
  return { ...found, publicPostingDate: postingDate(typeof found.publicPostingDate === 'number' ? found.publicPostingDate : null) };
});

/** The order's summary (JO-02): its own statement, the summary's fields only. */
const readSummary = byIdReader({ name: 'job_order_summaries_by_ids', table: 'job_orders', key: 'jobOrderId', select: SUMMARY, joins: SUMMARY_JOINS });

/** GET /JobOrders/{id}/summary (JO-02). */
export async function getJobOrderSummary(scope: DataScope, id: number) {
  const found = await readSummary(scope, id);
  if (!found) return undefined;
  const { jobOrderId: _id, ...summary } = found;
  return summary;
}

/** GET /JobOrders: oldest first, filtered by customer, status and branch. */
export const listJobOrders = listReader({
  table: 'job_orders', item: JobOrderListItem, select: `${SUMMARY}, r.start_date as "startDate"`, joins: SUMMARY_JOINS,
  filters: { customerId: equals('r.customer_id', Id64()), jobOrderStatusId: equals('r.job_order_status_id', Id32()), branchId: equals('r.branch_id', Id32()) },
  order: 'r.id',
});

// ---- PATCH ---------------------------------------------------------------------------------------

/** The order's customer (its worksite and purchase order must be that customer's); the catalog has no CustomerId. */
export const customerOfJobOrder = storedValue(jobOrders, jobOrders.customerId);

/** Job order field → the timecard column it passes down to (PATCH-JO-02, AMB-61 (a)). */
export const PASS_DOWN = [
  ['location', 'location'], ['costCenter', 'costCenter'], ['subEntity', 'subEntity'], ['accountCode', 'accountCode'], ['customerSkill', 'customerSkill'],
  ['checkDelivery', 'checkDeliveryCode'], ['requisitionNumber', 'requisitionNumber'], ['requisitionEndDate', 'requisitionEndDate'],
  ['customerExtra1', 'customerExtra1'], ['customerExtra2', 'customerExtra2'], ['customerExtra3', 'customerExtra3'], ['payrollNote', 'payrollNote'],
] as const satisfies readonly (readonly [keyof typeof jobOrders.$inferSelect, keyof typeof timecards.$inferInsert])[];

/** The longest value each pass-down timecard column takes, where it is shorter than the order's field. */
export const TIMECARD_LIMIT: Record<string, number> = { customerExtra1: 10, customerExtra2: 10, customerExtra3: 10 };

// The order's timecards wherever they are in the tenant: a timecard follows its order, whose PATCH the engine has allowed.
const openTimecards = (id: number) => and(eq(timecards.jobOrderId, id), eq(timecards.isProcessed, false));
export const hasOpenTimecards = async (scope: DataScope, id: number) => (await scope.select(timecards, { one: sql`1` }, 'tenant').where(openTimecards(id)).limit(1)).length > 0;

/**
 * Pass-down values reach the order's open timecards (a new branch moves the order: the engine's
 * `followsBranch`); each timecard changed this way has its `.updated` event (`timecardUpdated`), in
 * the order's transaction, naming the timecard's fields.
 */
export async function passDown({ scope, id, changes, next }: PatchContext, timecardUpdated: EventTemplate): Promise<void> {
  const changed = new Set([...changes.keys()].map((f) => f.json));
  const passed = PASS_DOWN.filter(([json]) => changed.has(json));
  const set = Object.fromEntries(passed.map(([json, column]) => [column, next[json]]));
  // Only when there are open timecards: PostgreSQL checks a parameter against the column type even when no row matches.
  if (!passed.length || !(await hasOpenTimecards(scope, id))) return;
  const updated = await scope.update(timecards, { ...set, updatedAt: new Date() }, 'tenant').where(openTimecards(id)).returning({ id: timecards.id });
  const changedFields = passed.map(([, column]) => column);
  for (const timecard of updated) await emitEvent(scope, timecardUpdated, getTableName(timecards), timecard.id, { changedFields });
}
