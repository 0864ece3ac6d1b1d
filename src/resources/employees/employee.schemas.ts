// Request and response shapes of /Employees. The read shape is every catalog field (derived from the
// catalog) plus the id and what a client needs to display the record.
import { Type, type Static } from 'typebox';
import { catalogProperties } from '../../platform/records/json-patch/catalog.ts';
import { Id32, Id64, nullable, nullableString, opt, Timestamps } from '../../platform/records/shapes.ts';
import { Address, AddressLines, CountryCode, PostalCode, regionOf } from '../reference-data/address.schemas.ts';
import { PrimaryMethods } from '../contact-methods/contact-method.schemas.ts';
import { employeeCatalog } from './employee.patch-catalog.ts';
const CallingCode = Type.Integer({ minimum: 1, maximum: 9999, description: 'International calling code (1, 44, ...).' });

export const EmployeeCreate = Type.Object({
  firstName: Type.String({ minLength: 1, maxLength: 50 }),
  lastName: Type.String({ minLength: 1, maxLength: 50 }),
  branchId: Id32('Branch the employee is linked to (GET /Datalists/Branches).'),
  region: regionOf({ minLength: 1 }),
  bypassAddressValidationService: opt(Type.Boolean({ default: true, description: 'Default true: save the address as given. False: the address must be complete and well-formed.' })),
  countryCode: opt(CountryCode),
  governmentPersonalId: opt(Type.String({ maxLength: 50, description: '840 SSN, 826 National Insurance number, 124 SIN; checked per country. Stored hashed; shown masked.' })),
  hierId: opt(Id32('Hierarchy node to create the employee in; default: the branch\'s node.')),
  ...AddressLines,
  postalCode: opt(PostalCode),
  primaryEmailAddress: opt(Type.String({ maxLength: 255, format: 'email' })),
  primaryPhoneNumber: opt(Type.String({ maxLength: 255 })),
  primaryPhoneNumberCountryCallingCode: opt(CallingCode),
  cellPhoneNumber: opt(Type.String({ maxLength: 255 })),
  cellPhoneNumberCountryCallingCode: opt(CallingCode),
});
export type EmployeeCreateInput = Static<typeof EmployeeCreate>;

export const EmployeeCreated = Type.Object({ employeeId: Type.Integer() });

export const EmployeeRecord = Type.Object({
  employeeId: Type.Integer(),
  ...catalogProperties(employeeCatalog),
  branch: Type.String({ description: 'Name of the branch.' }),
  serviceRep: Type.String({ description: 'Name of the service rep.' }),
  hierId: Type.Integer(),
  // An employee always has a region.
  ...Address,
  region: Type.String(),
  governmentPersonalId: nullable(Type.String({ description: 'Masked: only the last four characters are ever shown.' })),
  ...PrimaryMethods,
  employeeStatusId: Type.String(),
  ...Timestamps,
});

export const EmployeeListItem = Type.Object({
  employeeId: Type.Integer(),
  firstName: Type.String(),
  lastName: Type.String(),
  branchId: Type.Integer(),
  branch: Type.String(),
  isActive: Type.Boolean(),
  municipality: nullableString,
  region: Type.String(),
  ...PrimaryMethods,
});

export const EmployeeIdParams = Type.Object({ id: Id64() });
