// Request and response shapes of /JobOrders. The two reads carry exactly the spec's fields ("Job order
// summary" JO-02 and "Job order information" JO-04): the catalog fields outside them (pass-down
// values, schedule, ...) are written by PATCH but not shown by these reads.
import { Type, type Static } from 'typebox';
import { Id32, Id64, nullable, opt } from '../../platform/records/shapes.ts';

/** HH:MM, 24-hour, or empty for "not set" (AMB-77). */
export const CLOCK_TIME = /^(?:(?:[01]\d|2[0-3]):[0-5]\d)?$/;
const ClockTime = Type.String({ maxLength: 10, pattern: CLOCK_TIME.source, description: 'HH:MM, 24-hour; empty for not set.' });

export const JobOrderCreate = Type.Object({
  customerId: Id64('A customer inside the caller\'s hierarchy.'),
  jobTitleId: Id32('A job title inside the caller\'s hierarchy (GET /Administration/JobTitles).'),
  branchId: Id32('A branch inside the caller\'s hierarchy (GET /Datalists/Branches).'),
  worksiteId: Id32('A worksite of the tenant.'),
  jobOrderTypeId: Id32('An order type of GET /Datalists/OrderTypes.'),
  positionsRequired: Type.Integer({ minimum: 1, maximum: 32767 }),
  supervisorContactId: opt(Id64('A contact inside the caller\'s hierarchy.')),
  jobDescription: opt(Type.String({ maxLength: 4000 })),
  startDate: opt(Type.String({ format: 'date-time' })),
  estimatedEndDate: opt(Type.String({ format: 'date-time' })),
  startTime: Type.Optional(Type.Union([ClockTime, Type.Null()])),
  endTime: Type.Optional(Type.Union([ClockTime, Type.Null()])),
  notes: opt(Type.String({ maxLength: 255 })),
  alternateJobOrderId: opt(Type.String({ maxLength: 255 })),
  payRate: opt(Type.Number({ minimum: 0, maximum: 1e9, description: 'Default 0.' })),
  billRate: opt(Type.Number({ minimum: 0, maximum: 1e9, description: 'Default 0.' })),
});
export type JobOrderCreateInput = Static<typeof JobOrderCreate>;

const DateTime = Type.Unsafe<Date | string>(Type.String({ format: 'date-time' }));

/** The order's status, positions and customer: in its summary and its information alike. */
const statusAndCustomer = {
  jobOrderStatusId: Type.Integer(),
  jobOrderStatus: Type.String(),
  isActive: Type.Boolean(),
  positionsRequired: Type.Integer(),
  positionsFilled: Type.Integer(),
  customerId: Type.Integer(),
  customerName: Type.String(),
  departmentName: Type.String(),
};

/** JO-02. */
export const summaryFields = {
  branchId: Type.Integer(),
  branch: Type.String(),
  ...statusAndCustomer,
  jobTitleId: Type.Integer(),
  jobTitle: Type.String(),
};
export const JobOrderSummary = Type.Object(summaryFields, { additionalProperties: false });

/** JO-04 to JO-06, in the spec's order. */
export const JobOrderInformation = Type.Object({
  jobOrderId: Type.Integer(),
  branchId: Type.Integer(),
  branch: Type.String(),
  jobOrderTypeId: Type.Integer(),
  jobOrderType: Type.String(),
  jobTitleId: Type.Integer(),
  jobTitle: Type.String(),
  jobDescription: Type.String(),
  payRate: Type.Number(),
  billRate: Type.Number(),
  ...statusAndCustomer,
  jobOrderDurationId: Type.Integer(),
  jobOrderDuration: Type.String(),
  dateOrderTaken: DateTime,
  startDate: Type.Union([DateTime, Type.Null()], { description: 'Null until a start date is set (StartDate is DateTime? in the PATCH catalog).' }),
  supervisorContactId: nullable(Type.Integer()),
  supervisorFirstName: nullable(Type.String()),
  supervisorLastName: nullable(Type.String()),
  supervisorOfficePhoneCountryCallingCode: nullable(Type.Integer()),
  supervisorOfficePhone: nullable(Type.String()),
  doNotAutoClose: Type.Boolean(),
  usesTimeClock: Type.Boolean(),
  usesPeopleNet: Type.Boolean(),
  notes: nullable(Type.String()),
  alternateJobOrderId: nullable(Type.String()),
  dressCode: Type.String(),
  safetyNotes: nullable(Type.String()),
  directions: Type.String(),
  serviceRepId: Type.Integer(),
  serviceRep: Type.String(),
  salesTeamId: Type.Integer(),
  salesTeam: Type.String(),
  publicJobTitle: nullable(Type.String()),
  publicJobDescription: Type.String(),
  publicPostingDate: Type.Union([DateTime, Type.Null()], { description: 'The PATCHed yyyymmdd Decimal as a date at 00:00Z; null when unset or not a valid date (AMB-04).' }),
  doNotPostPublicly: Type.Boolean(),
  publicJobDescriptionContentType: Type.String(),
  publicEducationSummary: nullable(Type.String()),
  publicExperienceSummary: nullable(Type.String()),
  showPayRate: Type.Boolean(),
  showWorksiteAddress: Type.Boolean(),
}, { additionalProperties: false });
export type JobOrderInformationShape = Static<typeof JobOrderInformation>;

export const JobOrderListItem = Type.Object({
  jobOrderId: Type.Integer(),
  ...summaryFields,
  startDate: Type.Union([DateTime, Type.Null()]),
});
