// Data access for assignments: create from a job order (placing only a vetted employee, ASG-04), read,
// list, and PATCH's rule and side effect (status transitions, ASG-29; the blacklist flags keep
// assignment restrictions).
import { and, asc, eq, getTableColumns, inArray } from 'drizzle-orm';
import type { DataScope } from '../../platform/scope.ts';
import { branchName, byIdReader, catalogSelect, nameIn } from '../../platform/records/read.ts';
import { recordRead } from '../../platform/records/record.ts';
import { equals, listReader } from '../../platform/records/list.ts';
import { Id32, Id64 } from '../../platform/records/shapes.ts';
import { storedValue } from '../../platform/records/rules.ts';
import { addFieldError, AppError, invalid, validationError } from '../../platform/http/errors.ts';
import { parseDateTime } from '../../platform/records/json-patch/values.ts';
import type { PatchContext } from '../../platform/records/json-patch/target.ts';
import { assignmentStatuses } from '../reference-data/reference.table.ts';
import { jobOrders } from '../job-orders/job-order.table.ts';
import { customerName } from '../customers/customer.repository.ts';
import { employeeName } from '../employees/employee.repository.ts';
import { jobTitleName } from '../job-titles/job-title.record.ts';
import { markPlaced, vetPlacement } from '../assignment-restrictions/assignment-restriction.repository.ts';
import { assignmentRestrictions, assignments } from './assignment.table.ts';
import { ACTIVE, refusedMove, startStatusName } from './assignment.status.ts';
import { assignmentCatalog } from './assignment.patch-catalog.ts';
import { AssignmentDetailsQuery, AssignmentListItem, AssignmentRecord, type AssignmentCreateInput } from './assignment.schemas.ts';

/** PATCH-ASG-02/03: a time of day, HH:MM on the 24-hour clock. */
export const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

const a = assignments;

/** ASG-29: the tenant's active status of that name, else its Active one, else its first active one. */
async function startStatus(scope: DataScope, name: string): Promise<number> {
  const s = assignmentStatuses;
  const rows = await scope.select(s, { id: s.id, name: s.name }).where(eq(s.isActive, true)).orderBy(asc(s.id));
  const found = rows.find((r) => r.name === name) ?? rows.find((r) => r.name === ACTIVE) ?? rows[0];
  if (!found) throw new AppError('TENANT_SETUP_INCOMPLETE', 'The tenant has no active assignment status.');
  return found.id;
}

export async function createAssignment(scope: DataScope, input: AssignmentCreateInput): Promise<number> {
  return scope.transaction(async (tx) => {
    const [order] = await tx.select(jobOrders, getTableColumns(jobOrders)).where(eq(jobOrders.id, input.jobOrderId));
    // The rules (assignment.record.ts) checked the order, the employee and the end dates.
    if (!order) throw invalid('jobOrderId', 'no such job order inside your hierarchy');
    const errors: Record<string, string[]> = {};
    const date = (json: 'startDate' | 'endDate' | 'expectedEndDate') => {
      const text = input[json];
      if (text == null) return null;
      const parsed = parseDateTime(text);
      if (!parsed) addFieldError(errors, json, 'must be an ISO 8601 date-time');
      return parsed ?? null;
    };
    const startDate = date('startDate'), endDate = date('endDate'), expectedEndDate = date('expectedEndDate');
    if (!startDate) errors.startDate ??= ['is required'];
    if (Object.keys(errors).length || !startDate) throw validationError(errors);
    const o = order;
    // ASG-04, AMB-64 (a): the latest vetting session of the pair must allow it (else 409); this assignment uses it up.
    const sessionId = await vetPlacement(tx, input.jobOrderId, input.employeeId);
    const time = (value: string) => HH_MM.test(value) ? value : null;
    const [row] = await tx.insert(assignments, {
      hierId: o.hierId,
      employeeId: input.employeeId,
      jobOrderId: input.jobOrderId,
      customerId: o.customerId,
      assignmentStatusId: await startStatus(tx, startStatusName(startDate)),
      jobTitleId: o.jobTitleId,
      branchId: o.branchId,
      workerCompCodeId: o.workerCompCodeId,
      salesTeamId: o.salesTeamId,
      serviceRepId: o.serviceRepId,
      burdenTypeId: o.burdenTypeId ?? null,
      purchaseOrderId: o.purchaseOrderId ?? null,
      shiftId: o.shiftId ?? null,
      startTime: time(o.startTime),
      endTime: time(o.endTime),
      shiftNote: o.jobOrderShiftNotes || null,
      payrollNote: o.payrollNote || null,
      doNotAutoClose: o.doNotAutoClose,
      isScheduledForSunday: o.isScheduledForSunday, isScheduledForMonday: o.isScheduledForMonday, isScheduledForTuesday: o.isScheduledForTuesday,
      isScheduledForWednesday: o.isScheduledForWednesday, isScheduledForThursday: o.isScheduledForThursday, isScheduledForFriday: o.isScheduledForFriday,
      isScheduledForSaturday: o.isScheduledForSaturday,
      startDate, endDate, expectedEndDate,
    }).returning({ id: assignments.id });
    if (!row) throw new Error('the assignment insert returned no row');
    await markPlaced(tx, sessionId, row.id);
    return row.id;
  });
}

/** The assignment's customer (its purchase order must be that customer's); the catalog has no CustomerId. */
export const customerOfAssignment = storedValue(assignments, assignments.customerId);

/** Translated status names (ASG-09, AMB-83): only the default statuses have translations. */
const TRANSLATIONS: Record<string, Record<string, string>> = {
  es: { Active: 'Activa', 'Pending Start': 'Inicio pendiente', Ended: 'Finalizada', Cancelled: 'Cancelada' },
};

/** The language used for a requested culture: its primary language when translated, else English. */
export function languageOf(culture: string | undefined): string {
  const language = culture?.split('-')[0]?.toLowerCase();
  return language && TRANSLATIONS[language] ? language : 'en';
}

/** Every catalog field, the ids and the names a client displays; the assignment works at its job order's worksite. */
const assignmentStatus = nameIn('assignment_statuses', 'x.name');

const readAssignment = byIdReader({
  table: 'assignments', key: 'assignmentId',
  // ASG-06, AMB-24 (b): a WebUserEmployee reads their own assignments.
  ownedByEmployee: 'r.employee_id',
  select: `r.id as "assignmentId", ${catalogSelect(assignmentCatalog)},
      r.employee_id as "employeeId", ${employeeName('r.employee_id')} as "employeeName",
      r.job_order_id as "jobOrderId", r.customer_id as "customerId", ${customerName('r.customer_id')} as "customerName",
      (select o.worksite_id from job_orders o where o.tenant_id = r.tenant_id and o.id = r.job_order_id) as "worksiteId",
      (select w.name from job_orders o join worksites w on w.tenant_id = o.tenant_id and w.id = o.worksite_id
        where o.tenant_id = r.tenant_id and o.id = r.job_order_id) as "worksite",
      ${jobTitleName('r.job_title_id')} as "jobTitle", ${assignmentStatus('r.assignment_status_id')} as "assignmentStatus",
      ${branchName('r.branch_id')} as "branch", r.hier_id as "hierId"`,
});

/** The assignment's details, the status name in the language of `culture` (ASG-09, AMB-83). */
export const getAssignment = recordRead(AssignmentRecord, AssignmentDetailsQuery, async (scope, id, { culture }, fields) => {
  const found = await readAssignment(scope, id, undefined, fields);
  if (!found) return undefined;
  const language = languageOf(culture);
  const status = found.assignmentStatus;
  const translated = typeof status === 'string' ? TRANSLATIONS[language]?.[status] : undefined;
  return { ...found, assignmentStatus: translated ?? status, culture: language };
});

/** GET /Assignments: latest start first, filtered by employee and job order. */
export const listAssignments = listReader({
  table: 'assignments', item: AssignmentListItem,
  select: `r.id as "assignmentId", r.employee_id as "employeeId", ${employeeName('r.employee_id')} as "employeeName",
      r.job_order_id as "jobOrderId", r.customer_id as "customerId", ${customerName('r.customer_id')} as "customerName",
      ${jobTitleName('r.job_title_id')} as "jobTitle",
      r.assignment_status_id as "assignmentStatusId", ${assignmentStatus('r.assignment_status_id')} as "assignmentStatus",
      r.branch_id as "branchId", r.start_date as "startDate", r.end_date as "endDate"`,
  filters: {
    employeeId: equals('r.employee_id', Id64('Only this employee\'s assignments.')),
    jobOrderId: equals('r.job_order_id', Id32('Only this job order\'s assignments.')),
  },
  order: 'r.start_date desc, r.id desc',
});

/** PATCH-ASG-04/05: the blacklist flags keep one restriction per customer, employee and side. */
async function setRestriction(scope: DataScope, id: number, raisedBy: 'customer' | 'employee', active: boolean) {
  const [row] = await scope.select(assignments, { customerId: a.customerId, employeeId: a.employeeId }, 'tenant').where(eq(assignments.id, id));
  // PATCH has loaded the assignment in this transaction: it exists.
  if (!row) return;
  const { customerId, employeeId } = row;
  const r = assignmentRestrictions;
  if (active) {
    await scope.insert(r, { customerId, employeeId, raisedBy, sourceAssignmentId: id, isActive: true })
      .onConflictDoUpdate({ target: [r.tenantId, r.customerId, r.employeeId, r.raisedBy], set: { isActive: true, sourceAssignmentId: id, updatedAt: new Date() } });
  } else {
    await scope.update(r, { isActive: false, updatedAt: new Date() }).where(and(eq(r.customerId, customerId),
      eq(r.employeeId, employeeId), eq(r.raisedBy, raisedBy), eq(r.isActive, true)));
  }
}

/** PATCH's side effect: the blacklist flags keep the assignment restrictions. */
export async function keepRestrictions({ scope, id, changes, next }: PatchContext): Promise<void> {
  const changed = (json: string) => [...changes.keys()].some((f) => f.json === json);
  if (changed('customerHasBlacklistedEmployee')) await setRestriction(scope, id, 'customer', next.customerHasBlacklistedEmployee === true);
  if (changed('employeeHasBlacklistedCustomer')) await setRestriction(scope, id, 'employee', next.employeeHasBlacklistedCustomer === true);
}

/** ASG-29: AssignmentStatusId moves only as STATUS_TRANSITIONS allows (409 naming the field). An id that is no status is the lookup rule's 400. */
export async function checkStatusTransition({ scope, current, next }: PatchContext): Promise<void> {
  const from = current.assignmentStatusId, to = next.assignmentStatusId;
  if (from === to || typeof from !== 'number' || typeof to !== 'number') return;
  const s = assignmentStatuses;
  const rows = await scope.select(s, { id: s.id, name: s.name, isActive: s.isActive }).where(inArray(s.id, [from, to]));
  const before = rows.find((r) => r.id === from), after = rows.find((r) => r.id === to);
  const refused = before && after ? refusedMove(before, after) : undefined;
  if (refused) throw new AppError('ASSIGNMENT_STATUS_TRANSITION', `assignmentStatusId: ${refused}.`, { assignmentStatusId: [refused] });
}
