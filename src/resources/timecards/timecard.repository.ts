// Data access for timecards: create from a job order (copying its branch, worksite and pass-down
// values), read, list, and the checks the record's rules use. A processed timecard is closed to PATCH (409).
import { and, eq, getTableColumns } from 'drizzle-orm';
import type { DataScope } from '../../platform/scope.ts';
import { branchName, byIdReader, catalogSelect, nameIn } from '../../platform/records/read.ts';
import { equals, listReader } from '../../platform/records/list.ts';
import { Id32, Id64 } from '../../platform/records/shapes.ts';
import { AppError, invalid } from '../../platform/http/errors.ts';
import type { PatchContext } from '../../platform/records/json-patch/target.ts';
import { payCodes } from '../reference-data/reference.table.ts';
import { jobOrders } from '../job-orders/job-order.table.ts';
import { PASS_DOWN } from '../job-orders/job-order.repository.ts';
import { timecards } from './timecard.table.ts';
import { timecardCatalog } from './timecard.patch-catalog.ts';
import { TimecardListItem, TimecardRecord, type TimecardCreateInput } from './timecard.schemas.ts';

/** The pay code of a new timecard when none is given. */
const DEFAULT_PAY_CODE = 'Regular';

const tc = timecards;
const o = jobOrders;

/** The job order a timecard copies from (its node, branch, worksite and pass-down values), inside the caller's hierarchy. */
async function orderOf(scope: DataScope, jobOrderId: number) {
  const [order] = await scope.select(o, getTableColumns(o)).where(eq(o.id, jobOrderId));
  return order;
}

/** Create's `jobOrderId` rule: an order inside the caller's hierarchy whose values a timecard can hold. */
export async function orderProblems(scope: DataScope, jobOrderId: number): Promise<string[]> {
  const order = await orderOf(scope, jobOrderId);
  if (!order) return ['no such job order inside your hierarchy'];
  // A job order value longer than its timecard field cannot be copied (AMB-61 (a)).
  return (['customerExtra1', 'customerExtra2', 'customerExtra3'] as const).filter((json) => String(order[json] ?? '').length > 10)
    .map((json) => `the order's ${json} is longer than a timecard's ${json} (10 characters)`);
}

/** ERR-13: a timecard processed by payroll is closed to PATCH (409): a rule about the record, not a field. */
export async function notProcessed({ scope, id }: PatchContext): Promise<void> {
  const [state] = await scope.select(tc, { isProcessed: tc.isProcessed }, 'tenant').where(eq(tc.id, id));
  if (state?.isProcessed) throw new AppError('TIMECARD_PROCESSED', 'The timecard has been processed by payroll and can no longer be changed.');
}

export async function createTimecard(scope: DataScope, input: TimecardCreateInput): Promise<number> {
  return scope.transaction(async (tx) => {
    // The rules (timecard.record.ts) checked the order, the pay code and the employee.
    const order = await orderOf(tx, input.jobOrderId);
    if (!order) throw invalid('jobOrderId', 'no such job order inside your hierarchy');
    let payCodeId = input.payCodeId;
    if (payCodeId == null) {
      const [regular] = await tx.select(payCodes, { id: payCodes.id }).where(eq(payCodes.name, DEFAULT_PAY_CODE));
      if (!regular) throw invalid('payCodeId', `is required: the tenant has no ${DEFAULT_PAY_CODE} pay code`);
      payCodeId = regular.id;
    }
    const passed = Object.fromEntries(PASS_DOWN.map(([json, column]) => [column, order[json]]));
    const [row] = await tx.insert(timecards, {
      ...passed,
      hierId: order.hierId,
      jobOrderId: input.jobOrderId,
      employeeId: input.employeeId ?? null,
      branchId: order.branchId,
      worksiteId: order.worksiteId,
      weekendDate: new Date(input.weekendDate),
      payCodeId,
    }).returning({ id: tc.id });
    return row!.id;
  });
}

const payCode = nameIn('pay_codes', 'x.name');

/** One timecard: every catalog field, its order, employee and assignment, and the names a client displays. */
export const getTimecard = byIdReader({
  table: 'timecards', key: 'timecardId', schema: TimecardRecord,
  select: `r.id as "timecardId", ${catalogSelect(timecardCatalog)},
      r.job_order_id as "jobOrderId", r.employee_id as "employeeId", r.assignment_id as "assignmentId", r.is_processed as "isProcessed",
      r.customer_skill as "customerSkill", r.requisition_end_date as "requisitionEndDate",
      ${branchName('r.branch_id')} as "branch", ${payCode('r.pay_code_id')} as "payCode"`,
});

/** GET /TimeEntry/timecards: by weekend date, filtered by job order and employee. */
export const listTimecards = listReader({
  table: 'timecards', item: TimecardListItem,
  select: `r.id as "timecardId", r.job_order_id as "jobOrderId", r.employee_id as "employeeId", r.weekend_date as "weekendDate", r.branch_id as "branchId",
      ${branchName('r.branch_id')} as "branch", r.pay_code_id as "payCodeId", ${payCode('r.pay_code_id')} as "payCode",
      r.regular_hours as "regularHours", r.overtime_hours as "overtimeHours", r.is_processed as "isProcessed"`,
  filters: { jobOrderId: equals('r.job_order_id', Id32()), employeeId: equals('r.employee_id', Id64()) },
  order: 'r.weekend_date, r.id',
});

/** The customer of a timecard's job order (its worksite must be that customer's, or no customer's). */
export async function customerOfTimecard(scope: DataScope, id: number): Promise<number | undefined> {
  const [row] = await scope.selectJoined(timecards, { customerId: jobOrders.customerId },
    (q) => q.innerJoin(jobOrders, and(eq(jobOrders.tenantId, timecards.tenantId), eq(jobOrders.id, timecards.jobOrderId))), 'tenant')
    .where(eq(timecards.id, id));
  return row?.customerId;
}
