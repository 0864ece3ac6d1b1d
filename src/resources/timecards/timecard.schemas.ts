// Request and response shapes of /TimeEntry/timecards. The read shape is every catalog field (derived
// from the catalog), the id, the order and employee it belongs to, and the pass-down-only columns.
import { Type, type Static } from 'typebox';
import { catalogProperties } from '../../platform/records/json-patch/catalog.ts';
import { Id32, Id64, nullable } from '../../platform/records/shapes.ts';
import { timecardCatalog } from './timecard.patch-catalog.ts';

const DateTime = Type.Unsafe<Date | string>(Type.String({ format: 'date-time' }));

export const TimecardCreate = Type.Object({
  jobOrderId: Id32('A job order inside the caller\'s hierarchy: its branch, worksite and pass-down values are copied.'),
  weekendDate: Type.String({ format: 'date-time', description: 'Last day of the week worked.' }),
  payCodeId: Type.Optional(Type.Union([Id32('A pay code of the tenant; default Regular.'), Type.Null()])),
  employeeId: Type.Optional(Type.Union([Id64('An employee inside the caller\'s hierarchy.'), Type.Null()])),
});
export type TimecardCreateInput = Static<typeof TimecardCreate>;

export const TimecardRecord = Type.Object({
  timecardId: Type.Integer(),
  ...catalogProperties(timecardCatalog),
  jobOrderId: nullable(Type.Integer()),
  employeeId: nullable(Type.Integer()),
  assignmentId: nullable(Type.Integer()),
  isProcessed: Type.Boolean({ description: 'Processed by payroll: PATCH answers 409 and job order values no longer pass down.' }),
  customerSkill: nullable(Type.String({ description: 'Passed down from the job order; not patchable here.' })),
  requisitionEndDate: Type.Union([DateTime, Type.Null()], { description: 'Passed down from the job order; not patchable here.' }),
  branch: Type.String({ description: 'Name of the branch.' }),
  payCode: Type.String({ description: 'Name of the pay code.' }),
});

export const TimecardListItem = Type.Object({
  timecardId: Type.Integer(),
  jobOrderId: nullable(Type.Integer()),
  employeeId: nullable(Type.Integer()),
  weekendDate: DateTime,
  branchId: Type.Integer(),
  branch: Type.String(),
  payCodeId: Type.Integer(),
  payCode: Type.String(),
  regularHours: Type.Number(),
  overtimeHours: Type.Number(),
  isProcessed: Type.Boolean(),
});
