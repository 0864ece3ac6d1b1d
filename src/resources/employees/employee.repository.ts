// Data access for employees: create with the spec's rules, read, list, and the PATCH target.
// Every query is bound to the caller's tenant and hierarchy through the DataScope.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DataScope } from '../../platform/scope.ts';
import type pg from 'pg';
import { coalescer, pgError, prepared } from '../../platform/db/database.ts';
import { visibleBranch } from '../../platform/db/branches.ts';
import { existsInTenant } from '../../platform/db/references.ts';
import { branches, employeeStatuses, employmentCategories, hierarchyNodes, howHeardOf, orderTypes, serviceReps, washedStatuses } from '../../platform/db/schema.ts';
import { AppError, invalid } from '../../platform/http/errors.ts';
import { validationError } from '../../platform/http/json-patch/patch.ts';
import type { PatchContext, PatchTarget } from '../../platform/http/json-patch/apply.ts';
import { toPage, type Paged } from '../../platform/http/paging.ts';
import { loadCountries } from '../datalists/datalist.repository.ts';
import { contactMethods, CONTACT_METHOD_TYPES } from '../contact-methods/contact-method.table.ts';
import { employees } from './employee.table.ts';
import { employeeCatalog } from './employee.patch-catalog.ts';
import type { EmployeeCreateInput, EmployeeListFilter } from './employee.schemas.ts';
import { checkGovernmentId, governmentIdHash } from './government-id.ts';
import { placeOfPostalCode } from '../gazetteer/gazetteer.repository.ts';

/** MaritalTaxStatusId of a new employee: 1 Single (the W-4 default). */
const DEFAULT_MARITAL_TAX_STATUS = 1;



const US_ZIP = /^\d{5}(-\d{4})?$/;
const CA_POSTAL = /^[A-Za-z]\d[A-Za-z] ?\d[A-Za-z]\d$/;

/**
 * `bypassAddressValidationService: false` (EMP-07, AMB-31): the address must be complete and
 * well-formed, and a US ZIP code must exist in the gazetteer and belong to the given city and state.
 * Answers the time of standardization when the gazetteer confirmed the address.
 */
async function validateAddress(scope: DataScope, input: EmployeeCreateInput, countryCode: number): Promise<Date | null> {
  const errors: Record<string, string[]> = {};
  for (const key of ['street1', 'municipality', 'postalCode'] as const) if (!input[key]) errors[key] = ['is required when address validation is not bypassed'];
  const postal = input.postalCode;
  if (postal && countryCode === 840 && !US_ZIP.test(postal)) errors.postalCode = ['is not a US ZIP code (12345 or 12345-6789)'];
  if (postal && countryCode === 124 && !CA_POSTAL.test(postal)) errors.postalCode = ['is not a Canadian postal code (A1A 1A1)'];
  if (Object.keys(errors).length) throw validationError(errors);
  if (countryCode !== 840) return null;
  const place = await placeOfPostalCode(scope.db, countryCode, postal!);
  if (!place) throw invalid('postalCode', 'is not a known US ZIP code');
  if (place.region !== input.region.toUpperCase() || place.municipality.toLowerCase() !== input.municipality!.trim().toLowerCase()) {
    throw invalid('postalCode', `belongs to ${place.municipality}, ${place.region}`);
  }
  return new Date();
}

export async function createEmployee(scope: DataScope, input: EmployeeCreateInput): Promise<number> {
  const p = scope.principal;
  // Where the employee goes, and whether that level may create employees (EMP-21, EMP-22, EMP-24).
  let hierId: number | undefined;
  if (input.hierId != null) {
    const [node] = await scope.db.select({ id: hierarchyNodes.id, canCreateEmployees: hierarchyNodes.canCreateEmployees }).from(hierarchyNodes)
      .where(and(eq(hierarchyNodes.tenantId, scope.tenantId), eq(hierarchyNodes.id, input.hierId), scope.visible(hierarchyNodes.id)));
    if (!node) throw invalid('hierId', 'no such hierarchy node inside your hierarchy');
    if (!node.canCreateEmployees) throw new AppError('HIERARCHY_NOT_ALLOWED', 'The given hierarchy level does not allow creating employees.');
    hierId = node.id;
  } else if (!p.canCreateEmployees) {
    throw new AppError('HIERARCHY_NOT_ALLOWED', 'Your hierarchy level does not allow creating employees.');
  }

  const branch = await visibleBranch(scope, input.branchId);
  if (!branch) throw invalid('branchId', 'no such branch inside your hierarchy');
  const countryCode = input.countryCode ?? branch.countryCode;
  if (!(await loadCountries(scope.db)).some((c) => c.countryCode === countryCode)) throw invalid('countryCode', 'is not a country code of GET /DataLists/countries');

  const errors: Record<string, string[]> = {};
  let idHash: Buffer | null = null;
  let idLast4: string | null = null;
  if (input.governmentPersonalId) {
    const checked = checkGovernmentId(countryCode, input.governmentPersonalId);
    if (!checked.ok) errors.governmentPersonalId = [checked.message];
    else {
      idHash = governmentIdHash(scope.tenantId, countryCode, checked.normalized);
      idLast4 = checked.normalized.slice(-4);
    }
  }
  if (input.primaryPhoneNumber && input.primaryPhoneNumberCountryCallingCode == null) errors.primaryPhoneNumberCountryCallingCode = ['is required with primaryPhoneNumber'];
  if (input.cellPhoneNumber && input.cellPhoneNumberCountryCallingCode == null) errors.cellPhoneNumberCountryCallingCode = ['is required with cellPhoneNumber'];
  if (Object.keys(errors).length) throw validationError(errors);
  const standardizedAt = input.bypassAddressValidationService === false ? await validateAddress(scope, input, countryCode) : null;

  const [washed] = await scope.db.select({ id: washedStatuses.id }).from(washedStatuses).where(eq(washedStatuses.tenantId, scope.tenantId)).orderBy(asc(washedStatuses.id)).limit(1);
  const [status] = await scope.db.select({ id: employeeStatuses.id }).from(employeeStatuses)
    .where(and(eq(employeeStatuses.tenantId, scope.tenantId), eq(employeeStatuses.isDefault, true))).limit(1);

  try {
    return await scope.transaction(async (tx) => {
      const [row] = await tx.db.insert(employees).values({
        tenantId: tx.tenantId,
        hierId: hierId ?? branch.hierId,
        firstName: input.firstName,
        lastName: input.lastName,
        branchId: branch.id,
        serviceRepId: p.serviceRepId,
        washedStatusId: washed?.id ?? 1,
        maritalTaxStatusId: DEFAULT_MARITAL_TAX_STATUS,
        isActive: true,
        street1: input.street1 ?? null,
        street2: input.street2 ?? null,
        municipality: input.municipality ?? null,
        region: input.region,
        postalCode: input.postalCode ?? null,
        countryCode,
        bypassAddressValidation: input.bypassAddressValidationService ?? true,
        dateAddressStandardized: standardizedAt,
        governmentIdHash: idHash,
        governmentIdLast4: idLast4,
        employeeStatusId: status?.id ?? 'N',
      } as typeof employees.$inferInsert).returning({ id: employees.id });
      const employeeId = row!.id;
      const method = async (typeId: number, value: string, callingCode: number | null) => {
        const [m] = await tx.db.insert(contactMethods).values({
          tenantId: tx.tenantId, ownerType: 'employee', ownerId: employeeId,
          contactMethodTypeId: typeId, contactMethod: value, isActive: true, areaCode: 0, providerId: -1, countryCallingCode: callingCode, isPinned: false,
        } as typeof contactMethods.$inferInsert).returning({ id: contactMethods.id });
        return m!.id;
      };
      const primary: Record<string, number> = {};
      if (input.primaryEmailAddress) primary.primaryEmailAddressContactMethodId = await method(CONTACT_METHOD_TYPES.email, input.primaryEmailAddress, null);
      if (input.primaryPhoneNumber) primary.primaryPhoneNumberContactMethodId = await method(CONTACT_METHOD_TYPES.homePhone, input.primaryPhoneNumber, input.primaryPhoneNumberCountryCallingCode ?? null);
      if (input.cellPhoneNumber) await method(CONTACT_METHOD_TYPES.cellPhone, input.cellPhoneNumber, input.cellPhoneNumberCountryCallingCode ?? null);
      if (Object.keys(primary).length) {
        await tx.db.update(employees).set(primary as never).where(and(eq(employees.tenantId, tx.tenantId), eq(employees.id, employeeId)));
      }
      return employeeId;
    });
  } catch (e) {
    const pg = pgError(e);
    if (pg?.code === '23505' && pg.constraint === 'employees_government_id') {
      throw new AppError('CONFLICT', 'An employee with this governmentPersonalId already exists.', { governmentPersonalId: ['already exists'] });
    }
    throw e;
  }
}

type CatalogColumn = 'branchId' | 'serviceRepId' | 'firstName' | 'lastName' | 'isActive' | 'primaryEmailAddressContactMethodId' | 'primaryPhoneNumberContactMethodId';
/** The catalog's columns, named (their types are known only at run time). */
const e = employees as unknown as typeof employees & Record<CatalogColumn, AnyPgColumn>;
const email = sql`(select m.contact_method from contact_methods m where m.tenant_id = ${employees.tenantId} and m.id = ${e.primaryEmailAddressContactMethodId})`;
const phone = sql`(select m.contact_method from contact_methods m where m.tenant_id = ${employees.tenantId} and m.id = ${e.primaryPhoneNumberContactMethodId})`;

// The hot path: one named (prepared) statement answering the read shape directly, its column list
// derived from the catalog; no ORM mapping per row. It reads a set of ids: concurrent GETs of one
// tenant and hierarchy are coalesced into one execution (see `coalescer`).
const BY_IDS = {
  name: 'employees_by_ids',
  text: `select e.id as "employeeId", ${employeeCatalog.fields.map((f) => `e.${f.column} as "${f.json}"`).join(', ')},
      b.name as "branch", r.first_name || ' ' || r.last_name as "serviceRep", e.hier_id as "hierId",
      e.street1, e.street2, e.municipality, e.region, e.postal_code as "postalCode", e.country_code as "countryCode",
      case when e.government_id_last4 is null then null else '*****' || e.government_id_last4 end as "governmentPersonalId",
      (select m.contact_method from contact_methods m where m.tenant_id = e.tenant_id and m.id = e.primary_email_address_contact_method_id) as "primaryEmailAddress",
      (select m.contact_method from contact_methods m where m.tenant_id = e.tenant_id and m.id = e.primary_phone_number_contact_method_id) as "primaryPhoneNumber",
      e.employee_status_id as "employeeStatusId", e.created_at as "createdAt", e.updated_at as "updatedAt"
    from employees e
    join branches b on b.tenant_id = e.tenant_id and b.id = e.branch_id
    join service_reps r on r.tenant_id = e.tenant_id and r.id = e.service_rep_id
   where e.tenant_id = $1 and e.id = any($2::bigint[]) and e.hier_id = any($3::int[])`,
};

type EmployeeRow = Record<string, unknown> & { employeeId: number };

async function employeesByIds(client: Pick<pg.Pool, 'query'>, scope: DataScope, ids: number[]): Promise<Map<number, EmployeeRow>> {
  const { rows } = await client.query<EmployeeRow>({ ...BY_IDS, values: [scope.tenantId, ids, scope.hierIds] });
  return new Map(rows.map((row) => [row.employeeId, row]));
}

const reads = prepared(() => coalescer<number, EmployeeRow>());
/** The coalescing group of a caller: its tenant and the hierarchy nodes the query filters by. */
const groups = new WeakMap<number[], string>();
function groupOf(scope: DataScope): string {
  let group = groups.get(scope.hierIds);
  if (group === undefined) groups.set(scope.hierIds, group = `${scope.tenantId}:${scope.hierIds.join(',')}`);
  return group;
}

export async function getEmployee(scope: DataScope, id: number): Promise<Record<string, unknown> | undefined> {
  // Inside a transaction, on its connection (it may see its own uncommitted writes).
  if (scope.client) return (await employeesByIds(scope.client, scope, [id])).get(id);
  return reads(scope.db)(groupOf(scope), id, (ids) => employeesByIds(scope.db.$client, scope, ids));
}

export async function listEmployees(scope: DataScope, filter: EmployeeListFilter): Promise<Paged<Record<string, unknown>>> {
  const where = and(
    eq(employees.tenantId, scope.tenantId),
    scope.visible(employees.hierId),
    filter.branchId === undefined ? undefined : eq(e.branchId, filter.branchId),
    filter.isActive === undefined ? undefined : eq(e.isActive, filter.isActive),
    filter.lastName === undefined ? undefined : sql`lower(${e.lastName}) like ${filter.lastName.toLowerCase().replace(/[\\%_]/g, '\\$&') + '%'}`,
  );
  const rows = await scope.db.select({
    employeeId: employees.id, firstName: e.firstName, lastName: e.lastName, branchId: e.branchId, branch: branches.name, isActive: e.isActive,
    municipality: employees.municipality, region: employees.region, primaryEmailAddress: sql<string | null>`${email}`, primaryPhoneNumber: sql<string | null>`${phone}`,
    totalCount: sql<number>`count(*) over ()`.mapWith(Number),
  }).from(employees)
    .innerJoin(branches, and(eq(branches.tenantId, employees.tenantId), eq(branches.id, e.branchId)))
    .where(where).orderBy(asc(e.lastName), asc(e.firstName), asc(employees.id)).limit(filter.take).offset(filter.skip);
  return toPage(rows, filter, ({ totalCount: _t, ...item }) => item, async () =>
    (await scope.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(employees).where(where))[0]!.n);
}

/** Rules beyond the catalog, checked against the record as it will be (PATCH-EMP-04, AMB-78). */
async function validatePatch({ scope, id, next, changes }: PatchContext): Promise<void> {
  const errors: Record<string, string[]> = {};
  const changed = (json: string) => [...changes.keys()].some((f) => f.json === json);
  const check = async (json: string, ok: () => Promise<boolean>, message: string) => {
    if (changed(json) && next[json] !== null && !(await ok())) (errors[json] ??= []).push(message);
  };
  await check('serviceRepId', () => existsInTenant(scope, serviceReps, next.serviceRepId, scope.visible(serviceReps.hierId)), 'no such service rep inside your hierarchy');
  await check('washedStatusId', () => existsInTenant(scope, washedStatuses, next.washedStatusId), 'is not a value of GET /Datalists/WashedStatuses');
  await check('orderTypeId', () => existsInTenant(scope, orderTypes, next.orderTypeId), 'is not a value of GET /Datalists/OrderTypes');
  await check('employmentCategoryId', () => existsInTenant(scope, employmentCategories, next.employmentCategoryId), 'is not a value of GET /Datalists/EmploymentCategories');
  for (const key of ['primaryEmailAddressContactMethodId', 'primaryPhoneNumberContactMethodId']) {
    await check(key, async () => (await scope.db.select({ one: sql`1` }).from(contactMethods).where(and(eq(contactMethods.tenantId, scope.tenantId),
      eq(contactMethods.id, next[key] as number), eq(contactMethods.ownerType, 'employee'), eq(contactMethods.ownerId, id)))).length > 0,
    'is not a contact method of this employee');
  }
  if (changed('howHeardOfId') || changed('howHeardOfDetail')) {
    if (next.howHeardOfId !== null) {
      const [option] = await scope.db.select({ requireDetails: howHeardOf.requireDetails }).from(howHeardOf)
        .where(and(eq(howHeardOf.tenantId, scope.tenantId), eq(howHeardOf.id, next.howHeardOfId as number), eq(howHeardOf.originTypeId, 1)));
      if (!option) (errors.howHeardOfId ??= []).push('is not an employee option of GET /Datalists/HowHeardOf?originTypeId=1');
      else if (option.requireDetails && !String(next.howHeardOfDetail ?? '').trim()) (errors.howHeardOfDetail ??= []).push('is required by the chosen how-heard-of option');
    }
  }
  if (Object.keys(errors).length) throw validationError(errors);
}


export const employeePatchTarget: PatchTarget = {
  catalog: employeeCatalog,
  table: employees as unknown as PatchTarget['table'],
  what: 'The employee',
  validate: validatePatch,
  followsBranch: true,
  // What validatePatch checks; a document setting only other fields is one UPDATE statement.
  hookFields: ['serviceRepId', 'washedStatusId', 'orderTypeId', 'employmentCategoryId', 'primaryEmailAddressContactMethodId',
    'primaryPhoneNumberContactMethodId', 'howHeardOfId', 'howHeardOfDetail'],
};
