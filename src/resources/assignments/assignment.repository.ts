// Data access for assignments: create from a job order (with the restriction check of ASG-04), read,
// list, and the PATCH target with its rules (HH:MM times, references, blacklist side effects).
import { existsInTenant } from '../../platform/db/references.ts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DataScope } from '../../platform/scope.ts';
import { prepared, type Db } from '../../platform/db/database.ts';
import { serviceReps } from '../../platform/db/schema.ts';
import { AppError, invalid } from '../../platform/http/errors.ts';
import { validationError } from '../../platform/http/json-patch/patch.ts';
import { parseDateTime } from '../../platform/http/json-patch/values.ts';
import type { PatchContext, PatchTarget } from '../../platform/http/json-patch/apply.ts';
import { toPage, type Paged } from '../../platform/http/paging.ts';
import { assignmentStatuses, messages, salesTeams, shifts, workerCompCodes } from '../reference-data/reference.table.ts';
import { employees } from '../employees/employee.table.ts';
import { jobOrders } from '../job-orders/job-order.table.ts';
import { jobTitles } from '../job-titles/job-title.table.ts';
import { assignmentRestrictions, assignments } from './assignment.table.ts';
import { assignmentCatalog } from './assignment.patch-catalog.ts';
import type { AssignmentCreateInput, AssignmentListFilter } from './assignment.schemas.ts';



/** PATCH-ASG-02/03: a time of day, HH:MM on the 24-hour clock. */
export const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The columns the catalog gives the table (typed at run time). */
/** Drizzle types a run-time-column table as `never` rows: queries name it as a plain table. */
const asgTable = assignments as unknown as PgTable;
type Column = 'employeeId' | 'jobOrderId' | 'customerId' | 'jobTitleId' | 'assignmentStatusId' | 'branchId' | 'startDate' | 'endDate';
const a = assignments as unknown as Record<Column, AnyPgColumn>;

/** ASG-04, AMB-64: an active restriction either way between the customer and the employee. */
async function restricted(scope: DataScope, customerId: number, employeeId: number): Promise<boolean> {
  const rows = await scope.db.select({ one: sql`1` }).from(assignmentRestrictions).where(and(
    eq(assignmentRestrictions.tenantId, scope.tenantId), eq(assignmentRestrictions.customerId, customerId),
    eq(assignmentRestrictions.employeeId, employeeId), eq(assignmentRestrictions.isActive, true))).limit(1);
  return rows.length > 0;
}

function checkDates(start: Date, end: { json: string; value: Date | null | undefined }[], errors: Record<string, string[]>) {
  for (const { json, value } of end) if (value && value.getTime() < start.getTime()) (errors[json] ??= []).push('must not be before startDate');
}

export async function createAssignment(scope: DataScope, input: AssignmentCreateInput): Promise<number> {
  return scope.transaction(async (tx) => {
    const [order] = await tx.db.select().from(jobOrders)
      .where(and(eq(jobOrders.tenantId, tx.tenantId), eq(jobOrders.id, input.jobOrderId), tx.visible(jobOrders.hierId))) as Record<string, unknown>[];
    if (!order) throw invalid('jobOrderId', 'no such job order inside your hierarchy');
    if (!(await existsInTenant(tx, employees, input.employeeId, tx.visible(employees.hierId)))) throw invalid('employeeId', 'no such employee inside your hierarchy');
    const errors: Record<string, string[]> = {};
    const date = (json: 'startDate' | 'endDate' | 'expectedEndDate') => {
      const text = input[json];
      if (text == null) return null;
      const parsed = parseDateTime(text);
      if (!parsed) (errors[json] ??= []).push('must be an ISO 8601 date-time');
      return parsed ?? null;
    };
    const startDate = date('startDate'), endDate = date('endDate'), expectedEndDate = date('expectedEndDate');
    if (Object.keys(errors).length) throw validationError(errors);
    checkDates(startDate!, [{ json: 'endDate', value: endDate }, { json: 'expectedEndDate', value: expectedEndDate }], errors);
    if (Object.keys(errors).length) throw validationError(errors);
    const o = order;
    if (await restricted(tx, o.customerId as number, input.employeeId)) {
      throw new AppError('CONFLICT', 'An active assignment restriction exists between the job order\'s customer and the employee.');
    }
    const [status] = await tx.db.select({ id: assignmentStatuses.id }).from(assignmentStatuses)
      .where(and(eq(assignmentStatuses.tenantId, tx.tenantId), eq(assignmentStatuses.name, 'Active'), eq(assignmentStatuses.isActive, true))).limit(1);
    const [fallback] = status ? [status] : await tx.db.select({ id: assignmentStatuses.id }).from(assignmentStatuses)
      .where(and(eq(assignmentStatuses.tenantId, tx.tenantId), eq(assignmentStatuses.isActive, true))).orderBy(assignmentStatuses.id).limit(1);
    if (!fallback) throw new AppError('CONFLICT', 'The tenant has no active assignment status.');
    const time = (value: unknown) => typeof value === 'string' && HH_MM.test(value) ? value : null;
    const days = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'].map((d) => `isScheduledFor${d}`);
    const [row] = await tx.db.insert(assignments).values({
      tenantId: tx.tenantId,
      hierId: o.hierId,
      employeeId: input.employeeId,
      jobOrderId: input.jobOrderId,
      customerId: o.customerId,
      assignmentStatusId: fallback.id,
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
      shiftNote: (o.jobOrderShiftNotes as string) || null,
      payrollNote: (o.payrollNote as string) || null,
      doNotAutoClose: o.doNotAutoClose,
      ...Object.fromEntries(days.map((d) => [d, o[d]])),
      startDate, endDate, expectedEndDate,
    } as never).returning({ id: assignments.id });
    return (row as { id: number }).id;
  });
}

/** Translated status names (ASG-09, AMB-83): only the default statuses have translations. */
const TRANSLATIONS: Record<string, Record<string, string>> = {
  es: { Active: 'Activa', 'Pending Start': 'Inicio pendiente', Ended: 'Finalizada', Cancelled: 'Cancelada' },
};

/** The language used for a requested culture: its primary language when translated, else English. */
export function languageOf(culture: string | undefined): string {
  const language = culture?.split('-')[0]?.toLowerCase();
  return language && TRANSLATIONS[language] ? language : 'en';
}

// Outer columns are written qualified: Drizzle renders a one-table select's columns unqualified,
// and inside a subquery `"tenant_id"` would bind to the subquery's own table.
const names = {
  employeeName: sql<string>`(select e.first_name || ' ' || e.last_name from employees e where e.tenant_id = assignments.tenant_id and e.id = assignments.employee_id)`,
  customerName: sql<string>`(select c.customer_name from customers c where c.tenant_id = assignments.tenant_id and c.id = assignments.customer_id)`,
  jobTitle: sql<string>`(select t.job_title from job_titles t where t.tenant_id = assignments.tenant_id and t.id = assignments.job_title_id)`,
  assignmentStatus: sql<string>`(select s.name from assignment_statuses s where s.tenant_id = assignments.tenant_id and s.id = assignments.assignment_status_id)`,
  branch: sql<string>`(select b.name from branches b where b.tenant_id = assignments.tenant_id and b.id = assignments.branch_id)`,
};
/** The assignment has no worksite of its own: it works at its job order's. */
const worksite = {
  worksiteId: sql<number>`(select o.worksite_id from job_orders o where o.tenant_id = assignments.tenant_id and o.id = assignments.job_order_id)`,
  worksite: sql<string>`(select w.name from job_orders o join worksites w on w.tenant_id = o.tenant_id and w.id = o.worksite_id
    where o.tenant_id = assignments.tenant_id and o.id = assignments.job_order_id)`,
};

const byId = prepared((db: Db) => db.select({ row: assignments, ...names, ...worksite }).from(assignments)
  .where(and(eq(assignments.tenantId, sql.placeholder('tenantId')), eq(assignments.id, sql.placeholder('id')), sql`${assignments.hierId} = any(${sql.placeholder('hierIds')})`))
  .prepare('assignment_by_id'));

export async function getAssignment(scope: DataScope, id: number, culture?: string) {
  const [found] = await byId(scope.db).execute({ tenantId: scope.tenantId, id, hierIds: scope.hierIds }) as unknown as
    ({ row: Record<string, unknown>; worksiteId: number; worksite: string } & Record<keyof typeof names, string>)[];
  if (!found) return undefined;
  const row = found.row;
  const language = languageOf(culture);
  return {
    assignmentId: row.id,
    ...Object.fromEntries(assignmentCatalog.fields.map((f) => [f.json, row[f.json]])),
    employeeId: row.employeeId, employeeName: found.employeeName, jobOrderId: row.jobOrderId, customerId: row.customerId,
    customerName: found.customerName, worksiteId: found.worksiteId, worksite: found.worksite, jobTitle: found.jobTitle,
    assignmentStatus: TRANSLATIONS[language]?.[found.assignmentStatus] ?? found.assignmentStatus,
    branch: found.branch, hierId: row.hierId, culture: language,
  };
}

export async function listAssignments(scope: DataScope, filter: AssignmentListFilter): Promise<Paged<Record<string, unknown>>> {
  const where = and(
    eq(assignments.tenantId, scope.tenantId),
    scope.visible(assignments.hierId),
    filter.employeeId === undefined ? undefined : eq(a.employeeId, filter.employeeId),
    filter.jobOrderId === undefined ? undefined : eq(a.jobOrderId, filter.jobOrderId),
  );
  const rows = await scope.db.select({
    assignmentId: assignments.id, employeeId: a.employeeId, employeeName: names.employeeName, jobOrderId: a.jobOrderId,
    customerId: a.customerId, customerName: names.customerName, jobTitle: names.jobTitle, assignmentStatusId: a.assignmentStatusId,
    assignmentStatus: names.assignmentStatus, branchId: a.branchId, startDate: a.startDate, endDate: a.endDate,
    totalCount: sql<number>`count(*) over ()`.mapWith(Number),
  }).from(asgTable).where(where).orderBy(desc(a.startDate), desc(assignments.id)).limit(filter.take).offset(filter.skip);
  return toPage(rows, filter, ({ totalCount: _t, ...item }) => item, async () =>
    (await scope.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(asgTable).where(where))[0]!.n);
}

/** Rules beyond the catalog, checked against the assignment as it will be (PATCH-ASG-02/03, AMB-78). */
async function validatePatch({ scope, id, next, changes }: PatchContext): Promise<void> {
  const errors: Record<string, string[]> = {};
  const changed = (json: string) => [...changes.keys()].some((f) => f.json === json);
  const check = async (json: string, ok: () => Promise<boolean> | boolean, message: string) => {
    if (changed(json) && next[json] !== null && !(await ok())) (errors[json] ??= []).push(message);
  };
  for (const json of ['startTime', 'endTime']) await check(json, () => HH_MM.test(next[json] as string), 'must be a time HH:MM on the 24-hour clock');
  await check('assignmentStatusId', () => existsInTenant(scope, assignmentStatuses, next.assignmentStatusId), 'is not an assignment status of the tenant');
  await check('jobTitleId', () => existsInTenant(scope, jobTitles, next.jobTitleId), 'is not a job title of the tenant');
  await check('shiftId', () => existsInTenant(scope, shifts, next.shiftId), 'is not a shift of the tenant');
  await check('workerCompCodeId', () => existsInTenant(scope, workerCompCodes, next.workerCompCodeId), 'is not a worker comp code of the tenant');
  await check('salesTeamId', () => existsInTenant(scope, salesTeams, next.salesTeamId), 'is not a sales team of the tenant');
  for (const json of ['serviceRepId', 'accountManagerServiceRepId']) {
    await check(json, () => existsInTenant(scope, serviceReps, next[json], scope.visible(serviceReps.hierId)), 'no such service rep inside your hierarchy');
  }
  await check('replacesAssignmentId', () => next.replacesAssignmentId !== id && existsInTenant(scope, assignments, next.replacesAssignmentId, scope.visible(assignments.hierId)),
    'no such other assignment inside your hierarchy');
  await check('primaryMessageId', () => existsInTenant(scope, messages, next.primaryMessageId, and(eq(messages.originType, 'assignment'), eq(messages.originId, id))),
    'is not a message of this assignment');
  for (const json of ['endDate', 'expectedEndDate']) {
    const end = next[json] as Date | null;
    if ((changed(json) || changed('startDate')) && end && end.getTime() < (next.startDate as Date).getTime()) {
      (errors[changed(json) ? json : 'startDate'] ??= []).push(changed(json) ? 'must not be before startDate' : `must not be after ${json}`);
    }
  }
  if (Object.keys(errors).length) throw validationError(errors);
}

/** PATCH-ASG-04/05: the blacklist flags keep one restriction per customer, employee and side. */
async function setRestriction(scope: DataScope, id: number, raisedBy: 'customer' | 'employee', active: boolean) {
  const [row] = await scope.db.select({ customerId: a.customerId, employeeId: a.employeeId }).from(asgTable)
    .where(and(eq(assignments.tenantId, scope.tenantId), eq(assignments.id, id)));
  const { customerId, employeeId } = row as { customerId: number; employeeId: number };
  const r = assignmentRestrictions;
  if (active) {
    await scope.db.insert(r).values({ tenantId: scope.tenantId, customerId, employeeId, raisedBy, sourceAssignmentId: id, isActive: true })
      .onConflictDoUpdate({ target: [r.tenantId, r.customerId, r.employeeId, r.raisedBy], set: { isActive: true, sourceAssignmentId: id, updatedAt: new Date() } });
  } else {
    await scope.db.update(r).set({ isActive: false, updatedAt: new Date() }).where(and(eq(r.tenantId, scope.tenantId), eq(r.customerId, customerId),
      eq(r.employeeId, employeeId), eq(r.raisedBy, raisedBy), eq(r.isActive, true)));
  }
}

async function afterPatch({ scope, id, changes, next }: PatchContext): Promise<void> {
  const changed = (json: string) => [...changes.keys()].some((f) => f.json === json);
  if (changed('customerHasBlacklistedEmployee')) await setRestriction(scope, id, 'customer', next.customerHasBlacklistedEmployee as boolean);
  if (changed('employeeHasBlacklistedCustomer')) await setRestriction(scope, id, 'employee', next.employeeHasBlacklistedCustomer as boolean);
}

export const assignmentPatchTarget: PatchTarget = {
  catalog: assignmentCatalog,
  table: assignments as unknown as PatchTarget['table'],
  what: 'The assignment',
  validate: validatePatch,
  after: afterPatch,
  followsBranch: true,
};
