// Request and response shapes of /RateSheets (GEN-15: the spec shows only PATCH). A rate sheet names
// what it applies to (employee, customer, worksite, job title, branch, shift, comp code); the read
// shape is every catalog field plus the id, name, hierarchy node and display names.
import { Type, type Static, type TSchema } from 'typebox';
import { catalogProperties } from '../../platform/http/json-patch/catalog.ts';
import { PageQuery } from '../../platform/http/paging.ts';
import { rateSheetCatalog } from './rate-sheet.patch-catalog.ts';

/** Optional fields take null as "not given" (AMB-84). */
const opt = <T extends TSchema>(schema: T) => Type.Optional(Type.Union([schema, Type.Null()]));
const Id32 = (description?: string) => Type.Integer({ minimum: 1, maximum: 2147483647, ...(description ? { description } : {}) });
const Id64 = (description?: string) => Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, ...(description ? { description } : {}) });

export const RateSheetCreate = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100 }),
  employeeId: opt(Id64('An employee inside the caller\'s hierarchy.')),
  customerId: opt(Id64('A customer inside the caller\'s hierarchy.')),
  worksiteId: opt(Id32('A worksite of the tenant.')),
  jobTitleId: opt(Id32('A job title of the tenant.')),
  branchId: opt(Id32('A branch inside the caller\'s hierarchy; the rate sheet lives in its node.')),
  shiftId: opt(Type.String({ format: 'uuid', description: 'A shift of the tenant.' })),
  workerCompCodeId: opt(Id32('A worker comp code of the tenant.')),
  applyRateSheetToCustomerDepartments: opt(Type.Boolean({ description: 'True applies the sheet to the departments of the customer in customerId, which is then required.' })),
  isActive: opt(Type.Boolean({ description: 'Default true.' })),
});
export type RateSheetCreateInput = Static<typeof RateSheetCreate>;

const nullableString = Type.Union([Type.String(), Type.Null()]);

export const RateSheetRecord = Type.Object({
  rateSheetId: Type.Integer(),
  name: Type.String(),
  ...catalogProperties(rateSheetCatalog),
  hierId: Type.Integer({ description: 'The branch\'s node, else the customer\'s, else the creator\'s.' }),
  employeeName: nullableString,
  customerName: nullableString,
  jobTitle: nullableString,
  branch: nullableString,
});

export const RateSheetListItem = Type.Object({
  rateSheetId: Type.Integer(),
  name: Type.String(),
  customerId: Type.Union([Type.Integer(), Type.Null()]),
  customerName: nullableString,
  employeeId: Type.Union([Type.Integer(), Type.Null()]),
  branchId: Type.Union([Type.Integer(), Type.Null()]),
  isActive: Type.Boolean(),
});

export const RateSheetListQuery = Type.Object({
  ...PageQuery.properties,
  customerId: Type.Optional(Id64()),
  employeeId: Type.Optional(Id64()),
  isActive: Type.Optional(Type.Boolean()),
});
export type RateSheetListFilter = Static<typeof RateSheetListQuery>;
