// The fields `PATCH /RateSheets/{rateSheetId}` may change: the spec's PATCH catalog for Rate sheet, one line per field.
import { catalog, f } from '../../platform/records/json-patch/catalog.ts';

export const rateSheetCatalog = catalog('Rate sheet', [
  f('EmployeeId', 'Int64?'),
  f('CustomerId', 'Int64?'),
  f('WorksiteId', 'Int32?'),
  f('JobTitleId', 'Int32?'),
  f('BranchId', 'Int32?'),
  f('ShiftId', 'Guid?'),
  f('WorkerCompCodeId', 'Int32?'),
  f('ApplyRateSheetToCustomerDepartments', 'Boolean?', { note: "applies to the departments of the customer in CustomerId" }),
  f('IsActive', 'Boolean'),
]);
