// Request and response shapes of /Employees. The read shape is every catalog field (derived from the
// catalog) plus the id and what a client needs to display the record.
import { Type, type Static } from 'typebox';
import { catalogProperties } from '../../platform/http/json-patch/catalog.ts';
import { PageQuery } from '../../platform/http/paging.ts';
import { employeeCatalog } from './employee.patch-catalog.ts';

/** Optional fields take null as "not given" (AMB-84). */
const opt = <T extends ReturnType<typeof Type.String> | ReturnType<typeof Type.Integer> | ReturnType<typeof Type.Boolean>>(schema: T) =>
  Type.Optional(Type.Union([schema, Type.Null()]));
const CallingCode = Type.Integer({ minimum: 1, maximum: 9999, description: 'International calling code (1, 44, ...).' });

export const EmployeeCreate = Type.Object({
  firstName: Type.String({ minLength: 1, maxLength: 50 }),
  lastName: Type.String({ minLength: 1, maxLength: 50 }),
  branchId: Type.Integer({ minimum: 1, maximum: 2147483647, description: 'Branch the employee is linked to (GET /Datalists/Branches).' }),
  region: Type.String({ minLength: 1, maxLength: 5, description: 'State or province, e.g. MN.' }),
  bypassAddressValidationService: opt(Type.Boolean({ default: true, description: 'Default true: save the address as given. False: the address must be complete and well-formed.' })),
  countryCode: opt(Type.Integer({ minimum: 1, maximum: 999, description: 'ISO 3166 numeric; default: the branch\'s country.' })),
  governmentPersonalId: opt(Type.String({ maxLength: 50, description: '840 SSN, 826 National Insurance number, 124 SIN; checked per country. Stored hashed; shown masked.' })),
  hierId: opt(Type.Integer({ minimum: 1, maximum: 2147483647, description: 'Hierarchy node to create the employee in; default: the branch\'s node.' })),
  street1: opt(Type.String({ maxLength: 50 })),
  street2: opt(Type.String({ maxLength: 50 })),
  municipality: opt(Type.String({ maxLength: 50, description: 'City.' })),
  postalCode: opt(Type.String({ maxLength: 10 })),
  primaryEmailAddress: opt(Type.String({ maxLength: 255, format: 'email' })),
  primaryPhoneNumber: opt(Type.String({ maxLength: 255 })),
  primaryPhoneNumberCountryCallingCode: opt(CallingCode),
  cellPhoneNumber: opt(Type.String({ maxLength: 255 })),
  cellPhoneNumberCountryCallingCode: opt(CallingCode),
});
export type EmployeeCreateInput = Static<typeof EmployeeCreate>;

export const EmployeeCreated = Type.Object({ employeeId: Type.Integer() });

const nullableString = Type.Union([Type.String(), Type.Null()]);

export const EmployeeRecord = Type.Object({
  employeeId: Type.Integer(),
  ...catalogProperties(employeeCatalog),
  branch: Type.String({ description: 'Name of the branch.' }),
  serviceRep: Type.String({ description: 'Name of the service rep.' }),
  hierId: Type.Integer(),
  street1: nullableString,
  street2: nullableString,
  municipality: nullableString,
  region: Type.String(),
  postalCode: nullableString,
  countryCode: Type.Integer(),
  governmentPersonalId: Type.Union([Type.String({ description: 'Masked: only the last four characters are ever shown.' }), Type.Null()]),
  primaryEmailAddress: nullableString,
  primaryPhoneNumber: nullableString,
  employeeStatusId: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
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
  primaryEmailAddress: nullableString,
  primaryPhoneNumber: nullableString,
});

export const EmployeeListQuery = Type.Object({
  ...PageQuery.properties,
  branchId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })),
  isActive: Type.Optional(Type.Boolean()),
  lastName: Type.Optional(Type.String({ minLength: 1, maxLength: 50, description: 'Last names starting with this (any case).' })),
});
export type EmployeeListFilter = Static<typeof EmployeeListQuery>;

export const EmployeeIdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) });
