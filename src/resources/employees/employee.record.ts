// The employee record: /Employees (create with the spec's rules, read, list) and PATCH of the
// catalog's fields, with what each reference field may hold (PATCH-EMP-04, AMB-78). DELETE is not
// offered (405): employees carry payroll history.
import { employmentCategories, orderTypes, serviceReps, washedStatuses } from '../../platform/db/schema.ts';
import { defineRecord } from '../../platform/records/record.ts';
import { lookup, rule, visibleRecord } from '../../platform/records/rules.ts';
import type { PatchTarget } from '../../platform/records/json-patch/target.ts';
import { salesTeams, type JurisdictionKind } from '../reference-data/reference.table.ts';
import { codeListRules, taxJurisdiction } from '../reference-data/back-office.lists.ts';
import { regionCode } from '../reference-data/reference.rules.ts';
import { ownMessage } from '../messages/message.repository.ts';
import { ownContactMethod } from '../contact-methods/contact-method.repository.ts';
import { contacts } from '../contacts/contact.table.ts';
import { howHeardOfOption } from '../contacts/contact.record.ts';
import { vendors } from '../vendors/vendor.table.ts';
import { employees } from './employee.table.ts';
import { employeeCatalog } from './employee.patch-catalog.ts';
import { EmployeeCreate } from './employee.schemas.ts';
import { createEmployee, createEmployees, getEmployee, listEmployees } from './employee.repository.ts';
import { employeeProfileHistory } from './employee-profile.history.ts';

/** W-4 filing statuses: 1 Single (a new employee's), 2 Married, 3 Married filing separately, 4 Head of household. */
const MARITAL_TAX_STATUSES = new Set([1, 2, 3, 4]);

/** The kind of tax jurisdiction each field takes: where the employee lives and where the tax goes, per level. */
export const JURISDICTION_FIELDS: Readonly<Record<string, JurisdictionKind>> = {
  schoolDistrictId: 'schoolDistrict', taxSchoolDistrictJurisdictionId: 'schoolDistrict', municipalityId: 'municipality', taxMunicipalityJurisdictionId: 'municipality',
  countyId: 'county', taxCountyJurisdictionId: 'county', taxRegionJurisdictionId: 'region',
};

export const employeePatchTarget: PatchTarget = {
  catalog: employeeCatalog,
  table: employees,
  what: 'The employee',
  followsBranch: true,
  rules: {
    serviceRepId: visibleRecord(serviceReps, 'service rep'),
    interviewedBySrIdent: visibleRecord(serviceReps, 'service rep'),
    washedStatusId: lookup(washedStatuses, 'a value of GET /Datalists/WashedStatuses'),
    orderTypeId: lookup(orderTypes, 'a value of GET /Datalists/OrderTypes'),
    employmentCategoryId: lookup(employmentCategories, 'a value of GET /Datalists/EmploymentCategories'),
    salesTeamId: lookup(salesTeams, 'a sales team of the tenant'),
    contactId: visibleRecord(contacts, 'contact'),
    companyId: visibleRecord(vendors, 'vendor'),
    maritalTaxStatusId: rule((v) => (MARITAL_TAX_STATUSES.has(Number(v)) ? undefined : 'is not a marital tax status (1 Single, 2 Married, 3 Married filing separately, 4 Head of household)')),
    taxRegion: regionCode,
    primaryEmailAddressContactMethodId: ownContactMethod('employee'),
    primaryPhoneNumberContactMethodId: ownContactMethod('employee'),
    primaryMessageId: ownMessage('employee', 'employee'),
    howHeardOfId: howHeardOfOption(1, 'an employee'),
    ...Object.fromEntries(Object.entries(JURISDICTION_FIELDS).map(([field, kind]) => [field, taxJurisdiction(kind)])),
    ...codeListRules('wotcEligibilityStatusId'),
  },
  unchecked: {
    alternateEmployeeId: 'the agency\'s own identifier for the employee (free text, String(10)), not a reference',
  },
};

export const employeeRecord = defineRecord({
  name: 'Employee',
  idType: 'Int64',
  create: {
    summary: 'Create an employee. 403 when the hierarchy level may not create employees; 409 when the governmentPersonalId exists.',
    body: EmployeeCreate,
    run: createEmployee,
    runMany: createEmployees,
  },
  list: { summary: 'Employees inside the caller\'s hierarchy, by last name.', reader: listEmployees },
  read: { summary: 'One employee: every catalog field, plus display names.', reader: getEmployee },
  patch: { target: employeePatchTarget },
  // The government id's last four characters, as the GET shows them (masked); never its hash.
  history: { fields: { government_id_last4: 'governmentPersonalId' }, masked: { governmentPersonalId: 'last4' }, joined: [employeeProfileHistory] },
  errorCodes: { create: ['HIERARCHY_CANNOT_CREATE_EMPLOYEES', 'EMPLOYEE_GOVERNMENT_ID_EXISTS'] },
  // The API description's example (decision 0052): a read's values; the create and the list take theirs from it.
  example: {
    employeeId: 4711, firstName: 'Jane', middleName: null, lastName: 'Doe', branchId: 3, isActive: true, region: 'MN', countryCode: 840,
    street1: '100 Main St', municipality: 'Minneapolis', postalCode: '55401', primaryEmailAddress: 'jane.doe@example.com',
    primaryPhoneNumber: '612-555-0100', primaryPhoneNumberCountryCallingCode: 1, interviewDate: '2026-02-16T15:00:00.000Z', taxRegion: 'MN',
    maritalTaxStatusId: 1, federalExemptions: 0,
  },
});
