// Data access for job orders: create with defaults, the two reads of the spec, list, and the PATCH
// target with its pass-down of values to the order's open timecards (PATCH-JO-02, AMB-61).
import { visibleBranch } from '../../platform/db/branches.ts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { DataScope } from '../../platform/scope.ts';
import { prepared, type Db } from '../../platform/db/database.ts';
import { branches, orderTypes, serviceReps } from '../../platform/db/schema.ts';
import { AppError, type FieldErrors } from '../../platform/http/errors.ts';
import { validationError } from '../../platform/http/json-patch/patch.ts';
import type { PatchContext, PatchTarget } from '../../platform/http/json-patch/apply.ts';
import { toPage, type Paged } from '../../platform/http/paging.ts';
import { jobOrderDurations, jobOrderStatuses, salesTeams, shifts, workerCompCodes, worksites } from '../reference-data/reference.table.ts';
import { customers } from '../customers/customer.table.ts';
import { contacts } from '../contacts/contact.table.ts';
import { contactMethods } from '../contact-methods/contact-method.table.ts';
import { jobTitles } from '../job-titles/job-title.table.ts';
import { timecards } from '../timecards/timecard.table.ts';
import { visibleJobTitle } from '../job-titles/job-title.repository.ts';
import { existsInTenant } from '../../platform/db/references.ts';
import { readJobBoardSettings } from '../job-board/job-board.settings.ts';
import { jobOrders } from './job-order.table.ts';
import { jobOrderCatalog } from './job-order.patch-catalog.ts';
import { CLOCK_TIME, type JobOrderCreateInput, type JobOrderInformationShape, type JobOrderListFilter } from './job-order.schemas.ts';

/** The status of a new order (JO-07: the statuses are the tenant's job_order_statuses). */
const NEW_ORDER_STATUS = 'Unfilled';
/** PublicJobDescriptionContentType values (AMB-60 (a)). */
export const CONTENT_TYPES = ['text/plain', 'text/html; charset=utf-8'];

type Cols = Record<string, AnyPgColumn> & { tenantId: AnyPgColumn; id: AnyPgColumn; hierId: AnyPgColumn };
// The record tables' columns are typed only at run time (from their catalogs): named here.
const o = jobOrders as unknown as PgTable & Cols & Record<'customerId' | 'branchId' | 'jobTitleId' | 'jobOrderStatusId' | 'jobOrderTypeId' | 'jobOrderDurationId' | 'serviceRepId' | 'salesTeamId' | 'supervisorContactId' | 'startDate' | 'isActive' | 'positionsRequired' | 'positionsFilled', AnyPgColumn>;
const c = customers as unknown as PgTable & Cols & Record<'customerName' | 'departmentName', AnyPgColumn>;
const jt = jobTitles as unknown as PgTable & Cols & Record<'jobTitle', AnyPgColumn>;
const sup = alias(contacts as unknown as PgTable, 'supervisor') as unknown as PgTable & Cols & Record<'firstName' | 'lastName' | 'primaryPhoneNumberContactMethodId', AnyPgColumn>;
const tc = timecards as unknown as PgTable & Cols & Record<'jobOrderId' | 'isProcessed', AnyPgColumn>;


async function firstId(scope: DataScope, table: PgTable & { tenantId: AnyPgColumn; id: AnyPgColumn; name: AnyPgColumn }, name?: string): Promise<number> {
  const [row] = await scope.db.select({ id: table.id }).from(table).where(and(eq(table.tenantId, scope.tenantId), name === undefined ? undefined : eq(table.name, name)))
    .orderBy(asc(table.id)).limit(1);
  if (!row) throw new AppError('INTERNAL', `The tenant has no ${name ?? 'default'} value in a lookup list needed by new job orders.`);
  return row.id as number;
}

export async function createJobOrder(scope: DataScope, input: JobOrderCreateInput): Promise<number> {
  return scope.transaction(async (tx) => {
    const errors: FieldErrors = {};
    const check = (ok: boolean, field: string, message: string) => { if (!ok) (errors[field] ??= []).push(message); };
    const branch = await visibleBranch(tx, input.branchId);
    check(!!branch, 'branchId', 'no such branch inside your hierarchy');
    check(await existsInTenant(tx, c, input.customerId, tx.visible(c.hierId)), 'customerId', 'no such customer inside your hierarchy');
    check(await visibleJobTitle(tx, input.jobTitleId), 'jobTitleId', 'no such job title inside your hierarchy');
    check(await existsInTenant(tx, worksites, input.worksiteId), 'worksiteId', 'is not a worksite of the tenant');
    check(await existsInTenant(tx, orderTypes, input.jobOrderTypeId), 'jobOrderTypeId', 'is not a value of GET /Datalists/OrderTypes');
    if (input.supervisorContactId != null) {
      check(await existsInTenant(tx, sup, input.supervisorContactId, tx.visible(sup.hierId)), 'supervisorContactId', 'no such contact inside your hierarchy');
    }
    if (Object.keys(errors).length) throw validationError(errors);

    const [row] = await tx.db.insert(jobOrders).values({
      tenantId: tx.tenantId,
      hierId: branch!.hierId,
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
      publicJobDescriptionContentType: CONTENT_TYPES[0],
      // JBD-04, JBD-05: a snapshot; changing the tenant's setting later leaves this order as it is.
      doNotPostToWebAtCreation: (await readJobBoardSettings(tx.db, tx.tenantId)).doNotPostToWeb,
    } as never).returning({ id: o.id });
    return (row as { id: number }).id;
  });
}

/** PublicPostingDate is a Decimal holding a date as yyyymmdd (AMB-04 (a)): that date at 00:00Z, or null. */
export function postingDate(value: number | null): Date | null {
  if (value === null || !Number.isInteger(value) || value < 10000101 || value > 99991231) return null;
  const y = Math.floor(value / 10000), m = Math.floor(value / 100) % 100, d = value % 100;
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d ? date : null;
}

const phone = alias(contactMethods, 'supervisor_phone') as unknown as PgTable & Cols & Record<'countryCallingCode' | 'contactMethod', AnyPgColumn>;
const byId = prepared((db: Db) => db.select({
  jobOrderId: o.id, branchId: o.branchId, branch: branches.name, jobOrderTypeId: o.jobOrderTypeId, jobOrderType: orderTypes.name,
  jobTitleId: o.jobTitleId, jobTitle: jt.jobTitle, jobDescription: o.jobDescription!, payRate: o.payRate!, billRate: o.billRate!,
  jobOrderStatusId: o.jobOrderStatusId, jobOrderStatus: jobOrderStatuses.name, isActive: o.isActive, positionsRequired: o.positionsRequired,
  positionsFilled: o.positionsFilled, customerId: o.customerId, customerName: c.customerName, departmentName: c.departmentName,
  jobOrderDurationId: o.jobOrderDurationId, jobOrderDuration: jobOrderDurations.name, dateOrderTaken: o.dateOrderTaken!, startDate: o.startDate,
  supervisorContactId: o.supervisorContactId, supervisorFirstName: sup.firstName, supervisorLastName: sup.lastName,
  supervisorOfficePhoneCountryCallingCode: phone.countryCallingCode, supervisorOfficePhone: phone.contactMethod,
  doNotAutoClose: o.doNotAutoClose!, usesTimeClock: o.usesTimeClock!, usesPeopleNet: o.usesPeopleNet!, notes: o.notes!,
  alternateJobOrderId: o.alternateJobOrderId!, dressCode: o.dressCode!, safetyNotes: o.safetyNotes!, directions: o.directions!,
  serviceRepId: o.serviceRepId, serviceRep: sql<string>`${serviceReps.firstName} || ' ' || ${serviceReps.lastName}`,
  salesTeamId: o.salesTeamId, salesTeam: salesTeams.name, publicJobTitle: o.publicJobTitle!, publicJobDescription: o.publicJobDescription!,
  publicPostingDate: o.publicPostingDate!, doNotPostPublicly: o.doNotPostPublicly!, publicJobDescriptionContentType: o.publicJobDescriptionContentType!,
  publicEducationSummary: o.publicEducationSummary!, publicExperienceSummary: o.publicExperienceSummary!, showPayRate: o.showPayRate!,
  showWorksiteAddress: o.showWorksiteAddress!,
}).from(o)
  .innerJoin(branches, and(eq(branches.tenantId, o.tenantId), eq(branches.id, o.branchId)))
  .innerJoin(orderTypes, and(eq(orderTypes.tenantId, o.tenantId), eq(orderTypes.id, o.jobOrderTypeId)))
  .innerJoin(jt, and(eq(jt.tenantId, o.tenantId), eq(jt.id, o.jobTitleId)))
  .innerJoin(jobOrderStatuses, and(eq(jobOrderStatuses.tenantId, o.tenantId), eq(jobOrderStatuses.id, o.jobOrderStatusId)))
  .innerJoin(c, and(eq(c.tenantId, o.tenantId), eq(c.id, o.customerId)))
  .innerJoin(jobOrderDurations, and(eq(jobOrderDurations.tenantId, o.tenantId), eq(jobOrderDurations.id, o.jobOrderDurationId)))
  .innerJoin(serviceReps, and(eq(serviceReps.tenantId, o.tenantId), eq(serviceReps.id, o.serviceRepId)))
  .innerJoin(salesTeams, and(eq(salesTeams.tenantId, o.tenantId), eq(salesTeams.id, o.salesTeamId)))
  .leftJoin(sup, and(eq(sup.tenantId, o.tenantId), eq(sup.id, o.supervisorContactId)))
  .leftJoin(phone, and(eq(phone.tenantId, o.tenantId), eq(phone.id, sup.primaryPhoneNumberContactMethodId)))
  .where(and(eq(o.tenantId, sql.placeholder('tenantId')), eq(o.id, sql.placeholder('id')), sql`${o.hierId} = any(${sql.placeholder('hierIds')})`))
  .prepare('job_order_by_id'));

/** GET /JobOrders/{id}: the job order information (JO-04), or undefined when not visible. */
export async function getJobOrder(scope: DataScope, id: number): Promise<JobOrderInformationShape | undefined> {
  const [found] = await byId(scope.db).execute({ tenantId: scope.tenantId, id, hierIds: scope.hierIds });
  if (!found) return undefined;
  return { ...found, publicPostingDate: postingDate(found.publicPostingDate as number | null) } as JobOrderInformationShape;
}

/** GET /JobOrders/{id}/summary (JO-02). */
export async function getJobOrderSummary(scope: DataScope, id: number) {
  const info = await getJobOrder(scope, id);
  if (!info) return undefined;
  const { branchId, branch, jobOrderStatusId, jobOrderStatus, isActive, positionsRequired, positionsFilled, customerId, customerName, departmentName, jobTitleId, jobTitle } = info;
  return { branchId, branch, jobOrderStatusId, jobOrderStatus, isActive, positionsRequired, positionsFilled, customerId, customerName, departmentName, jobTitleId, jobTitle };
}

export async function listJobOrders(scope: DataScope, filter: JobOrderListFilter): Promise<Paged<Record<string, unknown>>> {
  const where = and(
    eq(o.tenantId, scope.tenantId),
    scope.visible(o.hierId),
    filter.customerId === undefined ? undefined : eq(o.customerId, filter.customerId),
    filter.jobOrderStatusId === undefined ? undefined : eq(o.jobOrderStatusId, filter.jobOrderStatusId),
    filter.branchId === undefined ? undefined : eq(o.branchId, filter.branchId),
  );
  const rows = await scope.db.select({
    jobOrderId: o.id, branchId: o.branchId, branch: branches.name, jobOrderStatusId: o.jobOrderStatusId, jobOrderStatus: jobOrderStatuses.name,
    isActive: o.isActive, positionsRequired: o.positionsRequired, positionsFilled: o.positionsFilled, customerId: o.customerId,
    customerName: c.customerName, departmentName: c.departmentName, jobTitleId: o.jobTitleId, jobTitle: jt.jobTitle, startDate: o.startDate,
    totalCount: sql<number>`count(*) over ()`.mapWith(Number),
  }).from(o)
    .innerJoin(branches, and(eq(branches.tenantId, o.tenantId), eq(branches.id, o.branchId)))
    .innerJoin(jobOrderStatuses, and(eq(jobOrderStatuses.tenantId, o.tenantId), eq(jobOrderStatuses.id, o.jobOrderStatusId)))
    .innerJoin(c, and(eq(c.tenantId, o.tenantId), eq(c.id, o.customerId)))
    .innerJoin(jt, and(eq(jt.tenantId, o.tenantId), eq(jt.id, o.jobTitleId)))
    .where(where).orderBy(asc(o.id)).limit(filter.take).offset(filter.skip);
  return toPage(rows, filter, ({ totalCount: _t, ...item }) => item, async () =>
    (await scope.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(o).where(where))[0]!.n);
}

// ---- PATCH ---------------------------------------------------------------------------------------

/** Job order field → the timecard column it passes down to (PATCH-JO-02, AMB-61 (a)). */
export const PASS_DOWN: Record<string, string> = {
  location: 'location', costCenter: 'costCenter', subEntity: 'subEntity', accountCode: 'accountCode', customerSkill: 'customerSkill',
  checkDelivery: 'checkDeliveryCode', requisitionNumber: 'requisitionNumber', requisitionEndDate: 'requisitionEndDate',
  customerExtra1: 'customerExtra1', customerExtra2: 'customerExtra2', customerExtra3: 'customerExtra3', payrollNote: 'payrollNote',
};

/** The longest value each pass-down timecard column takes, where it is shorter than the order's field. */
const TIMECARD_LIMIT: Record<string, number> = { customerExtra1: 10, customerExtra2: 10, customerExtra3: 10 };

const openTimecards = (scope: DataScope, id: number) => and(eq(tc.tenantId, scope.tenantId), eq(tc.jobOrderId, id), eq(tc.isProcessed, false));
const hasOpenTimecards = async (scope: DataScope, id: number) => (await scope.db.select({ one: sql`1` }).from(tc).where(openTimecards(scope, id)).limit(1)).length > 0;

/** Rules beyond the catalog, checked against the order as it will be (AMB-60, AMB-61, AMB-77, AMB-78). */
async function validatePatch({ scope, id, next, changes }: PatchContext): Promise<void> {
  const errors: FieldErrors = {};
  const changed = new Set([...changes.keys()].map((f) => f.json));
  const fail = (json: string, message: string) => (errors[json] ??= []).push(message);
  const check = async (json: string, ok: () => Promise<boolean>, message: string) => {
    if (changed.has(json) && next[json] !== null && !(await ok())) fail(json, message);
  };
  const ref = (json: string, table: PgTable & { tenantId: AnyPgColumn; id: AnyPgColumn }, what: string) =>
    check(json, () => existsInTenant(scope, table, next[json]), `is not ${what} of the tenant`);
  await check('serviceRepId', () => existsInTenant(scope, serviceReps, next.serviceRepId, scope.visible(serviceReps.hierId)), 'no such service rep inside your hierarchy');
  await check('jobTitleId', () => visibleJobTitle(scope, next.jobTitleId as number), 'no such job title inside your hierarchy');
  await ref('worksiteId', worksites, 'a worksite');
  await ref('jobOrderTypeId', orderTypes, 'an order type (GET /Datalists/OrderTypes)');
  await ref('jobOrderDurationId', jobOrderDurations, 'a job order duration');
  await ref('jobOrderStatusId', jobOrderStatuses, 'a job order status');
  await ref('salesTeamId', salesTeams, 'a sales team');
  await ref('workerCompCodeId', workerCompCodes, 'a worker comp code');
  await ref('shiftId', shifts, 'a shift');
  if (changed.has('positionsRequired') && (next.positionsRequired as number) < 0) fail('positionsRequired', 'must not be negative');
  for (const json of ['startTime', 'endTime']) {
    if (changed.has(json) && !CLOCK_TIME.test(next[json] as string)) fail(json, 'must be HH:MM (24-hour) or empty');
  }
  if (changed.has('publicJobDescriptionContentType') && !CONTENT_TYPES.includes(next.publicJobDescriptionContentType as string)) {
    fail('publicJobDescriptionContentType', `must be ${CONTENT_TYPES.join(' or ')}`);
  }
  const tooLong = Object.entries(TIMECARD_LIMIT).filter(([json, max]) => changed.has(json) && String(next[json] ?? '').length > max);
  if (tooLong.length && await hasOpenTimecards(scope, id)) {
    for (const [json, max] of tooLong) fail(json, `passes down to the order's open timecards, which take at most ${max} characters`);
  }
  if (Object.keys(errors).length) throw validationError(errors);
}

/** A new branch moves the order to that branch's node; pass-down values reach the open timecards. */
async function afterPatch({ scope, id, changes, next }: PatchContext): Promise<void> {
  const changed = new Set([...changes.keys()].map((f) => f.json));
  const set = Object.fromEntries(Object.entries(PASS_DOWN).filter(([json]) => changed.has(json)).map(([json, column]) => [column, next[json]]));
  // Only when there are open timecards: PostgreSQL checks a parameter against the column type even when no row matches.
  if (Object.keys(set).length && await hasOpenTimecards(scope, id)) {
    await scope.db.update(timecards).set({ ...set, updatedAt: new Date() } as never).where(openTimecards(scope, id));
  }
}

export const jobOrderPatchTarget: PatchTarget = {
  catalog: jobOrderCatalog,
  table: jobOrders as unknown as PatchTarget['table'],
  what: 'The job order',
  validate: validatePatch,
  after: afterPatch,
  followsBranch: true,
};
