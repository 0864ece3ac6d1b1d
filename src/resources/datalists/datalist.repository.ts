// Data access for the lookup lists. Every query is a prepared statement, filtered by the caller's
// tenant (and hierarchy for reps and branches, security group for message actions).
import { and, asc, eq, getTableName, sql, SQL, type Placeholder } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { prepared, type Db } from '../../platform/db/database.ts';
import {
  branches, employeeStatuses, employmentCategories, howHeardOf, messageActions, orderTypes,
  securityGroupMessageActions, serviceReps, washedStatuses,
} from '../../platform/db/schema.ts';
import { pageOf, toPage, type Page, type Paged } from '../../platform/http/paging.ts';
import type { DataScope } from '../../platform/scope.ts';
import { documentTypes } from '../assignment-messages/assignment-message.table.ts';
import { assessments, assessmentVendors } from '../assessments/assessment.table.ts';
import { assignmentStatuses, purchaseOrders, taxJurisdictions } from '../reference-data/reference.table.ts';
import { nounOf, type CodeList } from '../reference-data/back-office.lists.ts';
import { customers } from '../customers/customer.table.ts';
import { kindOf, type StatusKind } from '../assignments/assignment.status.ts';
import { loadCountries, type Country } from '../reference-data/countries.ts';

const totalCount = sql<number>`count(*) over ()`.mapWith(Number);
const p = {
  tenantId: sql.placeholder('tenantId'),
  hierIds: sql.placeholder('hierIds'),
  skip: sql.placeholder('skip'),
  take: sql.placeholder('take'),
};
const visible = (column: PgColumn) => sql`${column} = any(${p.hierIds})`;

type Params = { tenantId: number; hierIds: number[]; skip: number; take: number } & Record<string, unknown>;
type Row = Record<string, unknown> & { totalCount: number };

/**
 * A paged list over one table: `fields` are selected (plus the total), filtered by `where`, sorted
 * by `order`. The count for a page past the end runs only when needed.
 */
function list<T>(
  name: string,
  table: PgTable,
  fields: Record<string, PgColumn | SQL>,
  where: (extra: Record<string, Placeholder>) => SQL | undefined,
  order: (PgColumn | SQL)[],
  extraParams: string[] = [],
) {
  const extra = Object.fromEntries(extraParams.map((k) => [k, sql.placeholder(k)]));
  const page = prepared((db: Db) => db.select({ ...fields, totalCount }).from(table).where(where(extra))
    .orderBy(...order.map((c) => (c instanceof SQL ? c : asc(c)))).limit(p.take).offset(p.skip).prepare(`datalist_${name}`));
  const count = prepared((db: Db) => db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(table).where(where(extra)).prepare(`datalist_${name}_count`));
  return async (scope: DataScope, paging: Page, params: Record<string, unknown> = {}): Promise<Paged<T>> => {
    const values: Params = { tenantId: scope.tenantId, hierIds: scope.hierIds, ...paging, ...params };
    const rows = (await page(scope.db).execute(values)) as Row[];
    return toPage(rows, paging, ({ totalCount: _t, ...item }) => item as T, async () => (await count(scope.db).execute(values))[0]!.n);
  };
}

export const listServiceReps = list('service_reps', serviceReps, {
  serviceRepId: serviceReps.id,
  name: sql<string>`${serviceReps.firstName} || ' ' || ${serviceReps.lastName}`,
  firstName: serviceReps.firstName,
  lastName: serviceReps.lastName,
  emailAddress: serviceReps.emailAddress,
  isActive: serviceReps.isActive,
}, () => and(eq(serviceReps.tenantId, p.tenantId), visible(serviceReps.hierId)), [serviceReps.lastName, serviceReps.firstName, serviceReps.id]);

export const listBranches = list('branches', branches, {
  branchId: branches.id, branchName: branches.name, countryCode: branches.countryCode, isWebPublic: branches.isWebPublic, isActive: branches.isActive,
}, () => and(eq(branches.tenantId, p.tenantId), visible(branches.hierId)), [branches.name, branches.id]);

export const listOrderTypes = list('order_types', orderTypes, { orderTypeId: orderTypes.id, orderType: orderTypes.name },
  () => eq(orderTypes.tenantId, p.tenantId), [orderTypes.name, orderTypes.id]);

export const listMessageActions = list('message_actions', messageActions, { messageActionId: messageActions.id, messageAction: messageActions.name },
  (x) => and(eq(messageActions.tenantId, p.tenantId), sql`exists (select 1 from ${securityGroupMessageActions} g
    where g.tenant_id = ${messageActions.tenantId} and g.message_action_id = ${messageActions.id} and g.security_group_id = ${x.securityGroupId})`),
  [messageActions.name, messageActions.id], ['securityGroupId']);

export const listDocumentTypes = list('document_types', documentTypes, { documentTypeId: documentTypes.id, documentType: documentTypes.name },
  () => and(eq(documentTypes.tenantId, p.tenantId), eq(documentTypes.isActive, true)), [documentTypes.name, documentTypes.id]);

const assignmentStatusPage = list<{ assignmentStatusId: number; assignmentStatus: string; isActive: boolean }>('assignment_statuses', assignmentStatuses,
  { assignmentStatusId: assignmentStatuses.id, assignmentStatus: assignmentStatuses.name, isActive: assignmentStatuses.isActive },
  () => eq(assignmentStatuses.tenantId, p.tenantId), [assignmentStatuses.id]);

/** The tenant's assignment statuses with the kind that decides their transitions (ASG-29, decision 0017). */
export async function listAssignmentStatuses(scope: DataScope, paging: Page): Promise<Paged<{ assignmentStatusId: number; assignmentStatus: string; isActive: boolean; kind: StatusKind }>> {
  const page = await assignmentStatusPage(scope, paging);
  return { ...page, data: page.data.map((s) => ({ ...s, kind: kindOf({ name: s.assignmentStatus, isActive: s.isActive }) })) };
}

export const listEmploymentCategories = list('employment_categories', employmentCategories,
  { employmentCategoryId: employmentCategories.id, employmentCategory: employmentCategories.name },
  () => eq(employmentCategories.tenantId, p.tenantId), [employmentCategories.name, employmentCategories.id]);

export const listWashedStatuses = list('washed_statuses', washedStatuses, { washedStatusId: washedStatuses.id, washedStatus: washedStatuses.name },
  () => eq(washedStatuses.tenantId, p.tenantId), [washedStatuses.id]);

export const listHowHeardOf = list('how_heard_of', howHeardOf, {
  howHeardOfId: howHeardOf.id, howHeardOf: howHeardOf.name, originTypeId: howHeardOf.originTypeId, requireDetails: howHeardOf.requireDetails,
}, (x) => and(eq(howHeardOf.tenantId, p.tenantId), sql`(${x.originTypeId}::int is null or ${howHeardOf.originTypeId} = ${x.originTypeId}::int)`),
[howHeardOf.name, howHeardOf.id], ['originTypeId']);

export const listEmployeeStatuses = list('employee_statuses', employeeStatuses, {
  employeeStatusId: employeeStatuses.id, employeeStatus: employeeStatuses.name, isDefault: employeeStatuses.isDefault,
}, () => eq(employeeStatuses.tenantId, p.tenantId), [employeeStatuses.name, employeeStatuses.id]);

export const listAssessmentVendors = list('assessment_vendors', assessmentVendors, {
  assessmentVendorId: assessmentVendors.id, assessmentVendor: assessmentVendors.name, kind: assessmentVendors.kind, isActive: assessmentVendors.isActive,
}, () => eq(assessmentVendors.tenantId, p.tenantId), [sql`lower(${assessmentVendors.name})`, assessmentVendors.id]);

/** The catalog entries a package may take: active ones, of one vendor when asked. */
export const listAssessments = list('assessments', assessments, {
  assessmentId: assessments.id, assessment: assessments.name, assessmentVendorId: assessments.vendorId, code: assessments.code,
  description: assessments.description, durationMinutes: assessments.durationMinutes,
}, (x) => and(eq(assessments.tenantId, p.tenantId), eq(assessments.isActive, true),
  sql`(${x.assessmentVendorId}::int is null or ${assessments.vendorId} = ${x.assessmentVendorId}::int)`),
[sql`lower(${assessments.name})`, assessments.id], ['assessmentVendorId']);

export async function listCountries(scope: DataScope, paging: Page): Promise<Paged<Country>> {
  const all = await loadCountries(scope.db);
  return pageOf(all, paging);
}

// ---- The back office's lists (decision 0028) ------------------------------------------------------

/** A code list's page: `{ <field>, <noun>, isActive }` by name in any case (as names are unique); deactivated entries too (records may still hold them). */
export function codeListPage(codeList: CodeList) {
  const { table } = codeList;
  return list(getTableName(table), table, { [codeList.field]: table.id, [nounOf(codeList)]: table.name, isActive: table.isActive },
    () => eq(table.tenantId, p.tenantId), [sql`lower(${table.name})`, table.id]);
}

export const listTaxJurisdictions = list('tax_jurisdictions', taxJurisdictions, {
  taxJurisdictionId: taxJurisdictions.id, taxJurisdiction: taxJurisdictions.name, kind: taxJurisdictions.kind, isActive: taxJurisdictions.isActive,
}, (x) => and(eq(taxJurisdictions.tenantId, p.tenantId), sql`(${x.kind}::text is null or ${taxJurisdictions.kind} = ${x.kind}::text)`),
[taxJurisdictions.name, taxJurisdictions.id], ['kind']);

/** Purchase orders of the customers inside the caller's hierarchy, of one customer when asked. */
export const listPurchaseOrders = list('purchase_orders', purchaseOrders, {
  purchaseOrderId: purchaseOrders.id, purchaseOrder: purchaseOrders.name, customerId: purchaseOrders.customerId, isActive: purchaseOrders.isActive,
}, (x) => and(eq(purchaseOrders.tenantId, p.tenantId), sql`(${x.customerId}::bigint is null or ${purchaseOrders.customerId} = ${x.customerId}::bigint)`,
  sql`exists (select 1 from ${customers} c where c.tenant_id = ${purchaseOrders.tenantId} and c.id = ${purchaseOrders.customerId} and c.hier_id = any(${p.hierIds}))`),
[purchaseOrders.customerId, purchaseOrders.name, purchaseOrders.id], ['customerId']);
