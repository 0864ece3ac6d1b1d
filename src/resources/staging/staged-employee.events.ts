// The events of staged employees (decision 0031): an integrator that watches resume imports learns
// of each staged resume, of what parsing found (or why it failed), of its conversion and of its
// deletion, without polling GET /Staging/Employees.
import type { EventTemplate } from '../../platform/events/outbox.ts';

/** Who reads a staged employee: GET /Staging/Employees/{id}'s scope. */
const readScopes = ['batchjob-read'] as const;
const record = { recordType: 'StagedEmployee', path: '/Staging/Employees', readScopes } as const;

/** Each type, what it reports and what its `changedFields` say (docs/events.md lists them). */
export const STAGED_EMPLOYEE_CREATED = {
  ...record, type: 'stagedEmployee.created',
  when: 'a resume was staged into an import job (`POST /Staging/Employees/Resumes`, the admin upload page)',
  changedFields: 'none',
} as const satisfies EventTemplate & { when: string; changedFields: string };

export const STAGED_EMPLOYEE_UPDATED = {
  ...record, type: 'stagedEmployee.updated',
  when: 'the import job parsed the staged resume (or failed to), or a conversion job made it an employee (its `employeeId`; the employee has its own `employee.created`)',
  changedFields: 'the fields written, as GET /Staging/Employees/{id} names them: `parseStatus`, `parseError` and what parsing found; `isConverted` and `employeeId` for a conversion',
} as const satisfies EventTemplate & { when: string; changedFields: string };

export const STAGED_EMPLOYEE_DELETED = {
  ...record, type: 'stagedEmployee.deleted',
  when: 'a delete job removed the staged employee and its resume file (`POST /Staging/Employees/delete`); its location answers 404 from then on',
  changedFields: 'none',
} as const satisfies EventTemplate & { when: string; changedFields: string };

export const STAGED_EMPLOYEE_EVENTS = [STAGED_EMPLOYEE_CREATED, STAGED_EMPLOYEE_UPDATED, STAGED_EMPLOYEE_DELETED] as const;
