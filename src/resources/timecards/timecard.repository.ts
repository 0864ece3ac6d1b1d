// Data access for timecards: create from a job order (copying its branch, worksite and pass-down
// values), read, list, and the PATCH target. A processed timecard is closed to PATCH (409).
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DataScope } from '../../platform/scope.ts';
import { prepared, type Db, qualified } from '../../platform/db/database.ts';
import { AppError, invalid, type FieldErrors } from '../../platform/http/errors.ts';
import { validationError } from '../../platform/http/json-patch/patch.ts';
import type { PatchContext, PatchTarget } from '../../platform/http/json-patch/apply.ts';
import { toPage, type Paged } from '../../platform/http/paging.ts';
import { payCodes, worksites } from '../reference-data/reference.table.ts';
import { employees } from '../employees/employee.table.ts';
import { jobOrders } from '../job-orders/job-order.table.ts';
import { PASS_DOWN } from '../job-orders/job-order.repository.ts';
import { catalogSelection } from '../../platform/db/catalog-columns.ts';
import { existsInTenant } from '../../platform/db/references.ts';
import { timecards } from './timecard.table.ts';
import { timecardCatalog } from './timecard.patch-catalog.ts';
import type { TimecardCreateInput, TimecardListFilter } from './timecard.schemas.ts';

/** The pay code of a new timecard when none is given. */
const DEFAULT_PAY_CODE = 'Regular';

type Cols = Record<string, AnyPgColumn> & { tenantId: AnyPgColumn; id: AnyPgColumn; hierId: AnyPgColumn };
// The record tables' columns are typed only at run time (from their catalogs): named here.
const tc = timecards as unknown as PgTable & Cols & Record<'jobOrderId' | 'employeeId' | 'branchId' | 'payCodeId' | 'weekendDate' | 'isProcessed', AnyPgColumn>;
const o = jobOrders as unknown as PgTable & Cols;


export async function createTimecard(scope: DataScope, input: TimecardCreateInput): Promise<number> {
  return scope.transaction(async (tx) => {
    const [order] = (await tx.db.select({ hierId: o.hierId, branchId: o.branchId!, worksiteId: o.worksiteId!, ...Object.fromEntries(Object.keys(PASS_DOWN).map((k) => [k, o[k]!])) })
      .from(o).where(and(eq(o.tenantId, tx.tenantId), eq(o.id, input.jobOrderId), tx.visible(o.hierId)))) as Record<string, unknown>[];
    if (!order) throw invalid('jobOrderId', 'no such job order inside your hierarchy');
    const errors: FieldErrors = {};
    let payCodeId = input.payCodeId;
    if (payCodeId == null) {
      const [regular] = await tx.db.select({ id: payCodes.id }).from(payCodes).where(and(eq(payCodes.tenantId, tx.tenantId), eq(payCodes.name, DEFAULT_PAY_CODE)));
      if (!regular) errors.payCodeId = [`is required: the tenant has no ${DEFAULT_PAY_CODE} pay code`];
      payCodeId = regular?.id;
    } else if (!(await existsInTenant(tx, payCodes, payCodeId))) errors.payCodeId = ['is not a pay code of the tenant'];
    if (input.employeeId != null && !(await existsInTenant(tx, employees, input.employeeId, tx.visible(employees.hierId)))) {
      errors.employeeId = ['no such employee inside your hierarchy'];
    }
    // A job order value longer than its timecard field cannot be copied (AMB-61 (a)).
    for (const json of ['customerExtra1', 'customerExtra2', 'customerExtra3']) {
      if (String(order[json] ?? '').length > 10) (errors.jobOrderId ??= []).push(`the order's ${json} is longer than a timecard's ${json} (10 characters)`);
    }
    if (Object.keys(errors).length) throw validationError(errors);
    const passed = Object.fromEntries(Object.entries(PASS_DOWN).map(([json, column]) => [column, order[json]]));
    const [row] = await tx.db.insert(timecards).values({
      ...passed,
      tenantId: tx.tenantId,
      hierId: order.hierId,
      jobOrderId: input.jobOrderId,
      employeeId: input.employeeId ?? null,
      branchId: order.branchId,
      worksiteId: order.worksiteId,
      weekendDate: new Date(input.weekendDate),
      payCodeId,
    } as never).returning({ id: tc.id });
    return (row as { id: number }).id;
  });
}

const branch = sql<string>`(select b.name from branches b where b.tenant_id = ${qualified(tc.tenantId)} and b.id = ${qualified(tc.branchId!)})`;
const payCode = sql<string>`(select p.name from pay_codes p where p.tenant_id = ${qualified(tc.tenantId)} and p.id = ${qualified(tc.payCodeId!)})`;

const byId = prepared((db: Db) => db.select({
  timecardId: tc.id,
  ...catalogSelection(timecardCatalog, timecards),
  jobOrderId: tc.jobOrderId, employeeId: tc.employeeId, assignmentId: tc.assignmentId!, isProcessed: tc.isProcessed,
  customerSkill: tc.customerSkill!, requisitionEndDate: tc.requisitionEndDate!, branch, payCode,
}).from(tc)
  .where(and(eq(tc.tenantId, sql.placeholder('tenantId')), eq(tc.id, sql.placeholder('id')), sql`${tc.hierId} = any(${sql.placeholder('hierIds')})`))
  .prepare('timecard_by_id'));

export async function getTimecard(scope: DataScope, id: number) {
  const [found] = await byId(scope.db).execute({ tenantId: scope.tenantId, id, hierIds: scope.hierIds });
  return found;
}

export async function listTimecards(scope: DataScope, filter: TimecardListFilter): Promise<Paged<Record<string, unknown>>> {
  const where = and(
    eq(tc.tenantId, scope.tenantId),
    scope.visible(tc.hierId),
    filter.jobOrderId === undefined ? undefined : eq(tc.jobOrderId, filter.jobOrderId),
    filter.employeeId === undefined ? undefined : eq(tc.employeeId, filter.employeeId),
  );
  const rows = await scope.db.select({
    timecardId: tc.id, jobOrderId: tc.jobOrderId, employeeId: tc.employeeId, weekendDate: tc.weekendDate, branchId: tc.branchId, branch,
    payCodeId: tc.payCodeId, payCode, regularHours: tc.regularHours!, overtimeHours: tc.overtimeHours!, isProcessed: tc.isProcessed,
    totalCount: sql<number>`count(*) over ()`.mapWith(Number),
  }).from(tc).where(where).orderBy(asc(tc.weekendDate), asc(tc.id)).limit(filter.take).offset(filter.skip);
  return toPage(rows, filter, ({ totalCount: _t, ...item }) => item, async () =>
    (await scope.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(tc).where(where))[0]!.n);
}

/** A processed timecard is closed (ERR-13); references exist; BranchId stays in the hierarchy (AMB-78). */
async function validatePatch({ scope, id, next, changes }: PatchContext): Promise<void> {
  const [state] = await scope.db.select({ isProcessed: tc.isProcessed }).from(tc).where(and(eq(tc.tenantId, scope.tenantId), eq(tc.id, id)));
  if (state?.isProcessed) throw new AppError('CONFLICT', 'The timecard has been processed by payroll and can no longer be changed.');
  const errors: FieldErrors = {};
  const changed = new Set([...changes.keys()].map((f) => f.json));
  const check = async (json: string, ok: () => Promise<boolean>, message: string) => {
    if (changed.has(json) && next[json] !== null && !(await ok())) (errors[json] ??= []).push(message);
  };
  await check('payCodeId', () => existsInTenant(scope, payCodes, next.payCodeId), 'is not a pay code of the tenant');
  await check('worksiteId', () => existsInTenant(scope, worksites, next.worksiteId), 'is not a worksite of the tenant');
  if (Object.keys(errors).length) throw validationError(errors);
}

/** A new branch moves the timecard to that branch's hierarchy node. */

export const timecardPatchTarget: PatchTarget = {
  catalog: timecardCatalog,
  table: timecards as unknown as PatchTarget['table'],
  what: 'The timecard',
  validate: validatePatch,
  followsBranch: true,
};
