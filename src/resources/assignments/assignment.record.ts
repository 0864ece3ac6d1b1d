// The assignment record: /Assignments (create from a job order for a vetted employee, read with
// `culture`, list, PATCH of the catalog's fields). The blacklist flags keep assignment restrictions
// (docs/decisions/0006); vetting and status transitions: docs/decisions/0017.
// Accruals (assignment-accruals/), messages and documents (assignment-messages/) are features of their
// own; DELETE is not offered (405).
import { serviceReps } from '../../platform/db/schema.ts';
import type { Access } from '../../platform/auth/access.ts';
import { defineRecord } from '../../platform/records/record.ts';
import { lookup, notItself, rule, visibleRecord, type Rule } from '../../platform/records/rules.ts';
import type { PatchTarget } from '../../platform/records/json-patch/target.ts';
import { parseDateTime } from '../../platform/records/json-patch/values.ts';
import { assignmentStatuses, salesTeams, shifts, workerCompCodes } from '../reference-data/reference.table.ts';
import { ownMessage } from '../messages/message.repository.ts';
import { employees } from '../employees/employee.table.ts';
import { jobOrders } from '../job-orders/job-order.table.ts';
import { usableJobTitle } from '../job-titles/job-title.record.ts';
import { assignments } from './assignment.table.ts';
import { assignmentCatalog } from './assignment.patch-catalog.ts';
import { AssignmentCreate } from './assignment.schemas.ts';
import { checkStatusTransition, createAssignment, customerOfAssignment, getAssignment, HH_MM, keepRestrictions, listAssignments } from './assignment.repository.ts';
import { recordCustomer } from '../reference-data/record-customer.ts';
import { purchaseOrderOfCustomer } from '../reference-data/purchase-order.rule.ts';
import { codeListRules } from '../reference-data/back-office.lists.ts';

// The spec's lists, as written (ASG-01, ASG-06, ASG-07, ASG-10, AMB-19 (a)): the GET also takes the
// write scope, and the details also admit WebUserEmployee.
export const detailsAccess: Access = { roles: ['ServiceRep', 'Service', 'WebUserEmployee'], scopes: ['assignment-read', 'assignment-write'] };
export const listAccess: Access = { roles: ['ServiceRep', 'Service'], scopes: ['assignment-read', 'assignment-write'] };
export const writeAccess: Access = { roles: ['ServiceRep', 'Service'], scopes: ['assignment-write'] };

/** A date as PATCH holds it (a Date) or as a create request gives it (ISO 8601 text); undefined when unreadable. */
function timeOf(value: unknown): number | undefined {
  if (value instanceof Date) return value.getTime();
  return typeof value === 'string' ? parseDateTime(value)?.getTime() : undefined;
}

/** PATCH-ASG-09: an end date is not before the start (the end date is named when it is the one given). */
const notBeforeStart: Rule = rule((v, { next }) => {
  const end = timeOf(v), start = timeOf(next.startDate);
  return end !== undefined && start !== undefined && end < start ? 'must not be before startDate' : undefined;
});

/** PATCH-ASG-02/03: a time of day, HH:MM on the 24-hour clock. */
const timeOfDay: Rule = rule((v) => (HH_MM.test(String(v)) ? undefined : 'must be a time HH:MM on the 24-hour clock'));

export const assignmentPatchTarget: PatchTarget = {
  catalog: assignmentCatalog,
  table: assignments,
  what: 'The assignment',
  // AMB-78: BranchId stays inside the caller's hierarchy and places the assignment.
  followsBranch: true,
  rules: {
    startTime: timeOfDay,
    endTime: timeOfDay,
    endDate: notBeforeStart,
    expectedEndDate: notBeforeStart,
    // A start moved past an end date names the start. On create the end dates name themselves.
    startDate: rule((v, { next }) => {
      const start = timeOf(v) ?? -Infinity;
      const after = ['endDate', 'expectedEndDate'].filter((json) => (timeOf(next[json]) ?? Infinity) < start);
      return after.length ? { startDate: after.map((json) => `must not be after ${json}`) } : undefined;
    }, { onRecordOnly: true }),
    assignmentStatusId: lookup(assignmentStatuses, 'an assignment status of the tenant'),
    jobTitleId: usableJobTitle,
    shiftId: lookup(shifts, 'a shift of the tenant'),
    workerCompCodeId: lookup(workerCompCodes, 'a worker comp code of the tenant'),
    salesTeamId: lookup(salesTeams, 'a sales team of the tenant'),
    serviceRepId: visibleRecord(serviceReps, 'service rep'),
    accountManagerServiceRepId: visibleRecord(serviceReps, 'service rep'),
    replacesAssignmentId: notItself(visibleRecord(assignments, 'other assignment'), 'no such other assignment inside your hierarchy'),
    primaryMessageId: ownMessage('assignment', 'assignment'),
    purchaseOrderId: purchaseOrderOfCustomer(recordCustomer(customerOfAssignment)),
    ...codeListRules('burdenTypeId', 'businessCodeId', 'remoteWorkStatusId'),
  },
  unchecked: {
    alternateAssignmentId: 'the agency\'s own identifier for the assignment (free text, String(10)), not a reference',
  },
  // ASG-29: the status moves only along the transitions of assignment.status.ts.
  validate: checkStatusTransition,
  after: keepRestrictions,
};

export const assignmentRecord = defineRecord({
  name: 'Assignment',
  idType: 'Int64',
  access: { read: detailsAccess, list: listAccess, write: writeAccess },
  create: {
    summary: 'Place an employee on a job order. The latest vetting session of the employee and order (POST /jobOrder/{orderId}/assignmentRestriction) '
      + 'must be clear or approved and still hold: else 409 ASSIGNMENT_NOT_VETTED, or ASSIGNMENT_RESTRICTED with the unapproved `results`. '
      + 'The assignment uses the session up; it starts Pending Start when startDate is ahead, else Active.',
    body: AssignmentCreate,
    rules: {
      jobOrderId: visibleRecord(jobOrders, 'job order'),
      employeeId: visibleRecord(employees, 'employee'),
    },
    run: createAssignment,
  },
  list: { summary: 'Assignments inside the caller\'s hierarchy, latest start first.', reader: listAssignments },
  read: { summary: 'Assignment details: every catalog field, plus the employee, job order, customer and names.', reader: getAssignment },
  patch: {
    note: 'The blacklist flags keep assignment restrictions; AssignmentStatusId moves only along the status transitions (409 ASSIGNMENT_STATUS_TRANSITION).',
    target: assignmentPatchTarget,
  },
  errorCodes: { create: ['ASSIGNMENT_NOT_VETTED', 'ASSIGNMENT_RESTRICTED', 'TENANT_SETUP_INCOMPLETE'], patch: ['ASSIGNMENT_STATUS_TRANSITION'] },
  // The API description's example (decision 0052).
  example: {
    assignmentId: 5501, employeeId: 4711, employeeName: 'Jane Doe', jobOrderId: 1301, customerId: 2042, customerName: 'Contoso Manufacturing',
    worksiteId: 318, startDate: '2026-03-09T00:00:00.000Z', endDate: null, expectedEndDate: '2026-06-30T00:00:00.000Z', startTime: '14:00', endTime: '22:30',
  },
});
