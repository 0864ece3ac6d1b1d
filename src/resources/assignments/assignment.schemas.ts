// Request and response shapes of /Assignments. The spec shows none of them (ASG-26): the create
// request names the employee, the job order and the dates; everything else is copied from the job
// order. The read shape is every catalog field plus the ids and names a client displays.
import { Type, type Static } from 'typebox';
import { catalogProperties } from '../../platform/records/json-patch/catalog.ts';
import { Id32, Id64, nullable, opt } from '../../platform/records/shapes.ts';
import { assignmentCatalog } from './assignment.patch-catalog.ts';

/** ISO 8601, a date or a date-time, as PATCH accepts (checked by the repository, which names the field). */
const DateTime = (description: string) => Type.String({ maxLength: 40, description: `${description} ISO 8601 date or date-time.` });

export const AssignmentCreate = Type.Object({
  employeeId: Id64('The employee placed; visible to the caller.'),
  jobOrderId: Id32('The job order filled; visible to the caller. Customer, job title, branch, shift, schedule and codes are copied from it.'),
  startDate: DateTime('First day of the assignment.'),
  endDate: opt(DateTime('Last day, when known; not before startDate.')),
  expectedEndDate: opt(DateTime('Expected last day; not before startDate.')),
});
export type AssignmentCreateInput = Static<typeof AssignmentCreate>;

export const AssignmentRecord = Type.Object({
  assignmentId: Type.Integer(),
  ...catalogProperties(assignmentCatalog),
  employeeId: Type.Integer(),
  employeeName: Type.String({ description: 'First and last name of the employee.' }),
  jobOrderId: Type.Integer(),
  customerId: Type.Integer(),
  customerName: Type.String(),
  worksiteId: Type.Integer({ description: 'The job order\'s worksite, where the assignment is worked.' }),
  worksite: Type.String({ description: 'Name of the worksite.' }),
  jobTitle: Type.String({ description: 'Name of the job title (JobTitleId).' }),
  assignmentStatus: Type.String({ description: 'Name of the status (AssignmentStatusId), in the language of `culture`.' }),
  branch: Type.String({ description: 'Name of the branch.' }),
  hierId: Type.Integer(),
  culture: Type.String({ description: 'The language the translated texts are in: the requested one when supported, else en (AMB-83).' }),
});

export const AssignmentListItem = Type.Object({
  assignmentId: Type.Integer(),
  employeeId: Type.Integer(),
  employeeName: Type.String(),
  jobOrderId: Type.Integer(),
  customerId: Type.Integer(),
  customerName: Type.String(),
  jobTitle: Type.String(),
  assignmentStatusId: Type.Integer(),
  assignmentStatus: Type.String(),
  branchId: Type.Integer(),
  startDate: Type.String({ format: 'date-time' }),
  endDate: nullable(Type.String({ format: 'date-time' })),
});

/** A language tag such as `en`, `en-US`, `es-419` (ASG-09: at most 20 characters). */
export const AssignmentDetailsQuery = Type.Object({
  culture: Type.Optional(Type.String({
    maxLength: 20, pattern: '^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$',
    description: 'Language of translated texts, a language tag (en-US). Unsupported languages fall back to English (AMB-83).',
  })),
});
