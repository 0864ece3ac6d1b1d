// The timecard record: /TimeEntry/timecards (create from a job order, read, list, PATCH of the
// catalog's fields). A timecard copies its branch, worksite and pass-down values from its order; a
// processed timecard is closed to PATCH (409). DELETE is not offered (405): timecards are payroll records.
import { defineRecord } from '../../platform/records/record.ts';
import { lookup, rule, visibleRecord } from '../../platform/records/rules.ts';
import type { PatchTarget } from '../../platform/records/json-patch/target.ts';
import { payCodes } from '../reference-data/reference.table.ts';
import { employees } from '../employees/employee.table.ts';
import { timecards } from './timecard.table.ts';
import { timecardCatalog } from './timecard.patch-catalog.ts';
import { TimecardCreate } from './timecard.schemas.ts';
import { createTimecard, customerOfTimecard, getTimecard, listTimecards, notProcessed, orderProblems } from './timecard.repository.ts';
import { recordCustomer } from '../reference-data/record-customer.ts';
import { worksiteOfCustomer } from '../worksites/worksite.rule.ts';
import { purchaseOrderOfCustomer } from '../reference-data/purchase-order.rule.ts';

/** The timecard's customer: its job order's. */
const timecardCustomer = recordCustomer(customerOfTimecard);

export const timecardPatchTarget: PatchTarget = {
  catalog: timecardCatalog,
  table: timecards,
  what: 'The timecard',
  // AMB-78: BranchId stays inside the caller's hierarchy and places the timecard.
  followsBranch: true,
  rules: {
    payCodeId: lookup(payCodes, 'a pay code of the tenant'),
    worksiteId: worksiteOfCustomer(timecardCustomer),
    purchaseOrderId: purchaseOrderOfCustomer(timecardCustomer),
  },
  validate: notProcessed,
};

export const timecardRecord = defineRecord({
  name: 'Timecard',
  path: '/TimeEntry/timecards',
  idType: 'Int32',
  create: {
    summary: 'Create a timecard for a job order; its branch, worksite and pass-down values are copied from the order.',
    body: TimecardCreate,
    rules: {
      jobOrderId: rule(async (v, { scope }) => {
        const problems = await orderProblems(scope, Number(v));
        return problems.length ? { jobOrderId: problems } : undefined;
      }),
      employeeId: visibleRecord(employees, 'employee'),
    },
    run: createTimecard,
  },
  list: { summary: 'Timecards inside the caller\'s hierarchy, by weekend date.', reader: listTimecards },
  read: { summary: 'One timecard: every catalog field, plus its order, employee and display names.', reader: getTimecard },
  patch: { note: 'A processed timecard answers 409 too.', target: timecardPatchTarget },
  errorCodes: { patch: ['TIMECARD_PROCESSED'] },
  // The API description's example (decision 0052).
  example: {
    timecardId: 90210, jobOrderId: 1301, employeeId: 4711, weekendDate: '2026-03-15T00:00:00.000Z', dateWorked: '2026-03-13T00:00:00.000Z',
    regularHours: 40, overtimeHours: 2.5, payRate: 21.5, billRate: 32.25, payPeriodEndDate: '2026-03-15T00:00:00.000Z',
  },
});
