// Data access for employees: create with the spec's rules, read, list, and the PATCH target.
// Every query is bound to the caller's tenant and hierarchy through the DataScope.
import { and, asc, eq } from 'drizzle-orm';
import { Type } from 'typebox';
import type { DataScope } from '../../platform/scope.ts';
import { pgError } from '../../platform/db/database.ts';
import { byIdReader, catalogSelect, nameIn } from '../../platform/records/read.ts';
import { equals, listReader, startsWith } from '../../platform/records/list.ts';
import { Id32 } from '../../platform/records/shapes.ts';
import { visibleBranch } from '../../platform/records/branches.ts';
import { keptPerScope } from '../../platform/scope-reads.ts';
import { employeeStatuses, hierarchyNodes, washedStatuses } from '../../platform/db/schema.ts';
import { AppError, invalid, validationError } from '../../platform/http/errors.ts';
import { isCountryCode } from '../reference-data/countries.ts';
import { contactMethods, CONTACT_METHOD_TYPES } from '../contact-methods/contact-method.table.ts';
import { PRIMARY_METHODS } from '../contact-methods/contact-method.repository.ts';
import { employees } from './employee.table.ts';
import { employeeCatalog } from './employee.patch-catalog.ts';
import { EmployeeListItem, EmployeeRecord, type EmployeeCreateInput } from './employee.schemas.ts';
import { checkGovernmentId, governmentIdHash } from './government-id.ts';
import { municipalityAt, placeOfPostalCode } from '../gazetteer/gazetteer.repository.ts';

/** MaritalTaxStatusId of a new employee: 1 Single (the W-4 default). */
const DEFAULT_MARITAL_TAX_STATUS = 1;

const US_ZIP = /^\d{5}(-\d{4})?$/;
const CA_POSTAL = /^[A-Za-z]\d[A-Za-z] ?\d[A-Za-z]\d$/;

/**
 * `bypassAddressValidationService: false` (EMP-07, AMB-31): the address must be complete and
 * well-formed, and a US ZIP code must exist in the gazetteer and belong to the given city (by any of its names) and state.
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
  const place = await placeOfPostalCode(scope.reference, countryCode, postal!);
  if (!place) throw invalid('postalCode', 'is not a known US ZIP code');
  // The city by any of its names: the ZIP's own, or a place within reach of it (decision 0027).
  if (place.region !== input.region.toUpperCase() || !(await municipalityAt(scope.reference, place, input.municipality!))) {
    throw invalid('postalCode', `belongs to ${place.municipality}, ${place.region}`);
  }
  return new Date();
}

/** The create's reads of what rows share (an import's chunk: once, not per row). */
const branchOf = keptPerScope(visibleBranch);
const defaultsOf = keptPerScope(async (scope: DataScope) => {
  const [washed] = await scope.select(washedStatuses, { id: washedStatuses.id }).where().orderBy(asc(washedStatuses.id)).limit(1);
  const [status] = await scope.select(employeeStatuses, { id: employeeStatuses.id }).where(eq(employeeStatuses.isDefault, true)).limit(1);
  return { washed, status };
});

/** A new employee's row, after the create's checks (EMP-21..24, the address, the government id): throws the 4xx of the first that fails. */
async function employeeRow(scope: DataScope, input: EmployeeCreateInput) {
  const p = scope.principal;
  // Where the employee goes, and whether that level may create employees (EMP-21, EMP-22, EMP-24).
  let hierId: number | undefined;
  if (input.hierId != null) {
    const [node] = await scope.select(hierarchyNodes, { id: hierarchyNodes.id, canCreateEmployees: hierarchyNodes.canCreateEmployees })
      .where(and(eq(hierarchyNodes.id, input.hierId), scope.visible(hierarchyNodes.id)));
    if (!node) throw invalid('hierId', 'no such hierarchy node inside your hierarchy');
    if (!node.canCreateEmployees) throw new AppError('HIERARCHY_CANNOT_CREATE_EMPLOYEES', 'The given hierarchy level does not allow creating employees.');
    hierId = node.id;
  } else if (!p.canCreateEmployees) {
    throw new AppError('HIERARCHY_CANNOT_CREATE_EMPLOYEES', 'Your hierarchy level does not allow creating employees.');
  }

  const branch = await branchOf(scope, input.branchId);
  if (!branch) throw invalid('branchId', 'no such branch inside your hierarchy');
  const countryCode = input.countryCode ?? branch.countryCode;
  if (!(await isCountryCode(scope.reference, countryCode))) throw invalid('countryCode', 'is not a country code of GET /DataLists/countries');

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

  const { washed, status } = await defaultsOf(scope, scope.tenantId);

  // The catalog's columns are typed only at run time: the row is a value, not a literal checked for unknown names.
  return {
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
  };
}

/**
 * Creates employees: each row checked (a row that fails its checks answers its 4xx and is not
 * written), then every other row in one insert, and each one's contact methods (createRecords:
 * an import's chunk). A government id that exists throws: the rows are then created one by one.
 */
export async function createEmployees(scope: DataScope, inputs: readonly EmployeeCreateInput[]): Promise<(number | AppError)[]> {
  const checked = await Promise.all(inputs.map((input) => employeeRow(scope, input).catch((e: unknown) => {
    if (e instanceof AppError && e.status < 500) return e;
    throw e;
  })));
  const rows = checked.flatMap((row, i) => (row instanceof AppError ? [] : [{ values: row, input: inputs[i]! }]));
  try {
    const ids = rows.length ? await scope.transaction(async (tx) => {
      const inserted = await tx.insert(employees, rows.map((r) => r.values)).returning({ id: employees.id });
      // Postgres answers an insert's rows in the order of its values.
      for (const [i, { id }] of inserted.entries()) await contactMethodsOf(tx, id, rows[i]!.input);
      return inserted.map((r) => r.id);
    }) : [];
    let next = 0;
    return checked.map((row) => (row instanceof AppError ? row : ids[next++]!));
  } catch (e) {
    const pg = pgError(e);
    if (pg?.code === '23505' && pg.constraint === 'employees_government_id') {
      throw new AppError('EMPLOYEE_GOVERNMENT_ID_EXISTS', 'An employee with this governmentPersonalId already exists.', { governmentPersonalId: ['already exists'] });
    }
    throw e;
  }
}

/** The employee's contact methods the create gives (email, phone, cell), and its primary ones set. */
async function contactMethodsOf(tx: DataScope, employeeId: number, input: EmployeeCreateInput): Promise<void> {
  const method = async (typeId: number, value: string, callingCode: number | null) => {
    const row = {
      ownerType: 'employee', ownerId: employeeId,
      contactMethodTypeId: typeId, contactMethod: value, isActive: true, areaCode: 0, providerId: -1, countryCallingCode: callingCode, isPinned: false,
    } as const;
    const [m] = await tx.insert(contactMethods, row).returning({ id: contactMethods.id });
    return m!.id;
  };
  const primary: { primaryEmailAddressContactMethodId?: number; primaryPhoneNumberContactMethodId?: number } = {};
  if (input.primaryEmailAddress) primary.primaryEmailAddressContactMethodId = await method(CONTACT_METHOD_TYPES.email, input.primaryEmailAddress, null);
  if (input.primaryPhoneNumber) primary.primaryPhoneNumberContactMethodId = await method(CONTACT_METHOD_TYPES.homePhone, input.primaryPhoneNumber, input.primaryPhoneNumberCountryCallingCode ?? null);
  if (input.cellPhoneNumber) await method(CONTACT_METHOD_TYPES.cellPhone, input.cellPhoneNumber, input.cellPhoneNumberCountryCallingCode ?? null);
  if (Object.keys(primary).length) {
    await tx.update(employees, primary, 'tenant').where(eq(employees.id, employeeId));
  }
}

/** One employee: createEmployees of one row. */
export async function createEmployee(scope: DataScope, input: EmployeeCreateInput): Promise<number> {
  const [id] = await createEmployees(scope, [input]);
  if (id instanceof AppError) throw id;
  return id!;
}

/**
 * What a create from another entry point knows that POST /Employees' body does not carry and the
 * catalog does not hold (a conversion's employee status, when a resume's address was standardized):
 * written by the create's own caller in the create's transaction (`tx`), so it is part of the
 * employee's `.created` state.
 */
export async function setCreateFacts(tx: DataScope, employeeId: number, facts: { employeeStatusId?: string; dateAddressStandardized?: Date }): Promise<void> {
  if (Object.keys(facts).length) await tx.update(employees, facts, 'tenant').where(eq(employees.id, employeeId));
}

/** An employee's name, in others' select lists: `employeeName('r.employee_id')`. */
export const employeeName = nameIn('employees', `x.first_name || ' ' || x.last_name`);

/** One employee: every catalog field, the address, the masked government id and the names a client displays. */
export const getEmployee = byIdReader({
  table: 'employees', key: 'employeeId', schema: EmployeeRecord,
  select: `r.id as "employeeId", ${catalogSelect(employeeCatalog)},
      b.name as "branch", sr.first_name || ' ' || sr.last_name as "serviceRep", r.hier_id as "hierId",
      r.street1, r.street2, r.municipality, r.region, r.postal_code as "postalCode", r.country_code as "countryCode",
      case when r.government_id_last4 is null then null else '*****' || r.government_id_last4 end as "governmentPersonalId",
      ${PRIMARY_METHODS}, r.employee_status_id as "employeeStatusId", r.created_at as "createdAt", r.updated_at as "updatedAt"`,
  joins: `join branches b on b.tenant_id = r.tenant_id and b.id = r.branch_id
    join service_reps sr on sr.tenant_id = r.tenant_id and sr.id = r.service_rep_id`,
});

/** GET /Employees: by last name, filtered by branch, active flag and last-name prefix. */
export const listEmployees = listReader({
  table: 'employees', item: EmployeeListItem,
  select: `r.id as "employeeId", r.first_name as "firstName", r.last_name as "lastName", r.branch_id as "branchId", b.name as "branch",
      r.is_active as "isActive", r.municipality, r.region, ${PRIMARY_METHODS}`,
  joins: 'join branches b on b.tenant_id = r.tenant_id and b.id = r.branch_id',
  filters: {
    branchId: equals('r.branch_id', Id32()),
    isActive: equals('r.is_active', Type.Boolean()),
    lastName: startsWith('r.last_name', Type.String({ minLength: 1, maxLength: 50, description: 'Last names starting with this (any case).' })),
  },
  order: 'r.last_name, r.first_name, r.id',
});
