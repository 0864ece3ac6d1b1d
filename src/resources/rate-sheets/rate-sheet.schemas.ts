// Request and response shapes of /RateSheets (GEN-15: the spec shows only PATCH). A rate sheet names
// what it applies to (employee, customer, worksite, job title, branch, shift, comp code); the read
// shape is every catalog field plus the id, name, hierarchy node and display names.
import { Type, type Static } from 'typebox';
import { catalogProperties } from '../../platform/records/json-patch/catalog.ts';
import { Id32, Id64, nullable, nullableString, opt } from '../../platform/records/shapes.ts';
import { rateSheetCatalog } from './rate-sheet.patch-catalog.ts';

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
  customerId: nullable(Type.Integer()),
  customerName: nullableString,
  employeeId: nullable(Type.Integer()),
  branchId: nullable(Type.Integer()),
  isActive: Type.Boolean(),
});
