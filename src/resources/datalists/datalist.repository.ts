// Data access for the lookup lists. Every query is a named statement (planned once per connection),
// bound to the caller's tenant (and hierarchy for reps, branches and purchase orders, security group
// for message actions) through the scope.
import { getTableName } from 'drizzle-orm';
import { pageOf, toPage, type Page, type Paged } from '../../platform/http/paging.ts';
import { NODES, TENANT, type DataScope } from '../../platform/scope.ts';
import { nounOf, type CodeList } from '../reference-data/back-office.lists.ts';
import { kindOf, type StatusKind } from '../assignments/assignment.status.ts';
import { loadCountries, type Country } from '../reference-data/countries.ts';

type Counted<T> = T & { totalCount: number };
/** The list's named statement, answering its rows. */
type Statement<T> = (strings: TemplateStringsArray, ...values: unknown[]) => Promise<Counted<T>[]>;
interface Window { skip: number; take: number }
type Item = Record<string, unknown>;

/**
 * A paged list: `read` reads one page of it, each row with `count(*) over () as "totalCount"`.
 * A page past the end has no rows: the first page's count answers it.
 */
function list<T extends Item = Item, P = void>(name: string, read: (q: Statement<T>, page: Window, params: P) => Promise<Counted<T>[]>) {
  return async (scope: DataScope, paging: Page, params: P): Promise<Paged<Omit<Counted<T>, 'totalCount'>>> => {
    const statement: Statement<T> = (strings, ...values) => scope.named(`datalist_${name}`)<Counted<T>>(strings, ...values);
    const run = (page: Window) => read(statement, page, params);
    const rows = await run(paging);
    return toPage(rows, paging, ({ totalCount: _t, ...item }) => item, async () => (await run({ skip: 0, take: 1 }))[0]?.totalCount ?? 0);
  };
}

export const listServiceReps = list('service_reps', (q, { skip, take }) => q`select id as "serviceRepId", first_name || ' ' || last_name as "name",
    first_name as "firstName", last_name as "lastName", email_address as "emailAddress", is_active as "isActive", count(*) over () as "totalCount"
  from service_reps where tenant_id = ${TENANT} and hier_id = any(${NODES}::int[])
  order by last_name, first_name, id limit ${take} offset ${skip}`);

export const listBranches = list('branches', (q, { skip, take }) => q`select id as "branchId", name as "branchName", country_code as "countryCode",
    is_web_public as "isWebPublic", is_active as "isActive", count(*) over () as "totalCount"
  from branches where tenant_id = ${TENANT} and hier_id = any(${NODES}::int[])
  order by name, id limit ${take} offset ${skip}`);

export const listOrderTypes = list('order_types', (q, { skip, take }) => q`select id as "orderTypeId", name as "orderType", count(*) over () as "totalCount"
  from order_types where tenant_id = ${TENANT}
  order by name, id limit ${take} offset ${skip}`);

export const listMessageActions = list<Item, { securityGroupId: number }>('message_actions', (q, { skip, take }, { securityGroupId }) => q`select
    a.id as "messageActionId", a.name as "messageAction", count(*) over () as "totalCount"
  from message_actions a where a.tenant_id = ${TENANT} and exists (select 1 from security_group_message_actions g
    where g.tenant_id = a.tenant_id and g.message_action_id = a.id and g.security_group_id = ${securityGroupId})
  order by a.name, a.id limit ${take} offset ${skip}`);

export const listDocumentTypes = list('document_types', (q, { skip, take }) => q`select id as "documentTypeId", name as "documentType", count(*) over () as "totalCount"
  from document_types where tenant_id = ${TENANT} and is_active
  order by name, id limit ${take} offset ${skip}`);

const assignmentStatusPage = list<{ assignmentStatusId: number; assignmentStatus: string; isActive: boolean }>('assignment_statuses', (q, { skip, take }) => q`select
    id as "assignmentStatusId", name as "assignmentStatus", is_active as "isActive", count(*) over () as "totalCount"
  from assignment_statuses where tenant_id = ${TENANT}
  order by id limit ${take} offset ${skip}`);

/** The tenant's assignment statuses with the kind that decides their transitions (ASG-29, decision 0017). */
export async function listAssignmentStatuses(scope: DataScope, paging: Page): Promise<Paged<{ assignmentStatusId: number; assignmentStatus: string; isActive: boolean; kind: StatusKind }>> {
  const page = await assignmentStatusPage(scope, paging);
  return { ...page, data: page.data.map((s) => ({ ...s, kind: kindOf({ name: s.assignmentStatus, isActive: s.isActive }) })) };
}

export const listEmploymentCategories = list('employment_categories', (q, { skip, take }) => q`select
    id as "employmentCategoryId", name as "employmentCategory", count(*) over () as "totalCount"
  from employment_categories where tenant_id = ${TENANT}
  order by name, id limit ${take} offset ${skip}`);

export const listWashedStatuses = list('washed_statuses', (q, { skip, take }) => q`select id as "washedStatusId", name as "washedStatus", count(*) over () as "totalCount"
  from washed_statuses where tenant_id = ${TENANT}
  order by id limit ${take} offset ${skip}`);

export const listHowHeardOf = list<Item, { originTypeId: unknown }>('how_heard_of', (q, { skip, take }, { originTypeId }) => q`select
    id as "howHeardOfId", name as "howHeardOf", origin_type_id as "originTypeId", require_details as "requireDetails", count(*) over () as "totalCount"
  from how_heard_of where tenant_id = ${TENANT} and (${originTypeId}::int is null or origin_type_id = ${originTypeId}::int)
  order by name, id limit ${take} offset ${skip}`);

export const listEmployeeStatuses = list('employee_statuses', (q, { skip, take }) => q`select
    id as "employeeStatusId", name as "employeeStatus", is_default as "isDefault", count(*) over () as "totalCount"
  from employee_statuses where tenant_id = ${TENANT}
  order by name, id limit ${take} offset ${skip}`);

export const listAssessmentVendors = list('assessment_vendors', (q, { skip, take }) => q`select
    id as "assessmentVendorId", name as "assessmentVendor", kind, is_active as "isActive", count(*) over () as "totalCount"
  from assessment_vendors where tenant_id = ${TENANT}
  order by lower(name), id limit ${take} offset ${skip}`);

/** The catalog entries a package may take: active ones, of one vendor when asked. */
export const listAssessments = list<Item, { assessmentVendorId: unknown }>('assessments', (q, { skip, take }, { assessmentVendorId }) => q`select
    id as "assessmentId", name as "assessment", vendor_id as "assessmentVendorId", code, description, duration_minutes as "durationMinutes",
    count(*) over () as "totalCount"
  from assessments where tenant_id = ${TENANT} and is_active and (${assessmentVendorId}::int is null or vendor_id = ${assessmentVendorId}::int)
  order by lower(name), id limit ${take} offset ${skip}`);

export async function listCountries(scope: DataScope, paging: Page): Promise<Paged<Country>> {
  const all = await loadCountries(scope.reference);
  return pageOf(all, paging);
}

// ---- The back office's lists (decision 0028) ------------------------------------------------------

/**
 * A code list's page: `{ <field>, <noun>, isActive }` by name in any case (as names are unique); deactivated entries too (records may still hold them).
 * One statement text per list, written from its table's name (the lists' own definition, not input).
 */
export function codeListPage(codeList: CodeList) {
  const text = (parts: string[]) => Object.assign(parts, { raw: parts });
  const strings = text([`select id as "${codeList.field}", name as "${nounOf(codeList)}", is_active as "isActive", count(*) over () as "totalCount"
  from ${getTableName(codeList.table)} where tenant_id = `, ' order by lower(name), id limit ', ' offset ', '']);
  return list(getTableName(codeList.table), (q, { skip, take }) => q(strings, TENANT, take, skip));
}

export const listTaxJurisdictions = list<Item, { kind: unknown }>('tax_jurisdictions', (q, { skip, take }, { kind }) => q`select
    id as "taxJurisdictionId", name as "taxJurisdiction", kind, is_active as "isActive", count(*) over () as "totalCount"
  from tax_jurisdictions where tenant_id = ${TENANT} and (${kind}::text is null or kind = ${kind}::text)
  order by name, id limit ${take} offset ${skip}`);

/** Purchase orders of the customers inside the caller's hierarchy, of one customer when asked. */
export const listPurchaseOrders = list<Item, { customerId: unknown }>('purchase_orders', (q, { skip, take }, { customerId }) => q`select
    p.id as "purchaseOrderId", p.name as "purchaseOrder", p.customer_id as "customerId", p.is_active as "isActive", count(*) over () as "totalCount"
  from purchase_orders p where p.tenant_id = ${TENANT} and (${customerId}::bigint is null or p.customer_id = ${customerId}::bigint)
    and exists (select 1 from customers c where c.tenant_id = p.tenant_id and c.id = p.customer_id and c.hier_id = any(${NODES}::int[]))
  order by p.customer_id, p.name, p.id limit ${take} offset ${skip}`);
