// The rate sheet record: /RateSheets, with the spec's id parameter `rateSheetId` (GEN-15: the spec
// shows only PATCH; create, read and list follow the employee pattern). A rate sheet lives in its
// branch's node (else its customer's, else its creator's) and moves when BranchId changes.
// DELETE is not offered (405).
import { branches } from '../../platform/db/schema.ts';
import { defineRecord } from '../../platform/records/record.ts';
import { lookup, rule, visibleRecord } from '../../platform/records/rules.ts';
import type { PatchTarget } from '../../platform/records/json-patch/target.ts';
import { shifts, workerCompCodes } from '../reference-data/reference.table.ts';
import { customers } from '../customers/customer.table.ts';
import { employees } from '../employees/employee.table.ts';
import { usableJobTitle } from '../job-titles/job-title.record.ts';
import { rateSheets } from './rate-sheet.table.ts';
import { rateSheetCatalog } from './rate-sheet.patch-catalog.ts';
import { RateSheetCreate } from './rate-sheet.schemas.ts';
import { createRateSheet, getRateSheet, listRateSheets, moveToBranch } from './rate-sheet.repository.ts';
import { ownCustomer } from '../reference-data/record-customer.ts';
import { worksiteOfCustomer } from '../worksites/worksite.rule.ts';

const visibleCustomer = visibleRecord(customers, 'customer');

export const rateSheetPatchTarget: PatchTarget = {
  catalog: rateSheetCatalog,
  table: rateSheets,
  what: 'The rate sheet',
  // AMB-78: the employee, customer and branch are inside the caller's hierarchy, the job title usable
  // by the caller; the lists the tenant's.
  // PATCH-RS-02: ApplyRateSheetToCustomerDepartments true needs a customer. Each of the two fields
  // names itself when it is the one that breaks the pair (both rules run on any change of either:
  // each field is read by a rule, so neither takes the one-statement path).
  rules: {
    employeeId: visibleRecord(employees, 'employee'),
    customerId: rule((v, ctx) => (v === null
      ? (ctx.next.applyRateSheetToCustomerDepartments === true ? 'is required while ApplyRateSheetToCustomerDepartments is true' : undefined)
      : visibleCustomer.check(v, ctx)), { checksNull: true }),
    applyRateSheetToCustomerDepartments: rule((v, { next }) => (v === true && next.customerId == null ? 'requires CustomerId' : undefined)),
    worksiteId: worksiteOfCustomer(ownCustomer, ['customerId']),
    jobTitleId: usableJobTitle,
    branchId: visibleRecord(branches, 'branch'),
    shiftId: lookup(shifts, 'a shift of the tenant'),
    workerCompCodeId: lookup(workerCompCodes, 'a worker comp code of the tenant'),
  },
  after: moveToBranch,
};

export const rateSheetRecord = defineRecord({
  name: 'RateSheet',
  idParam: 'rateSheetId',
  idType: 'Int32',
  create: { summary: 'Create a rate sheet. ApplyRateSheetToCustomerDepartments true requires customerId.', body: RateSheetCreate, run: createRateSheet },
  list: { summary: 'Rate sheets inside the caller\'s hierarchy, by name.', reader: listRateSheets },
  read: { summary: 'One rate sheet: every catalog field, plus display names.', reader: getRateSheet },
  patch: { note: 'ApplyRateSheetToCustomerDepartments true requires CustomerId.', target: rateSheetPatchTarget },
  // The API description's example (decision 0052).
  example: { rateSheetId: 12, name: 'Contoso forklift rates', customerId: 2042, jobTitleId: 64, branchId: 3, isActive: true, applyRateSheetToCustomerDepartments: false },
});
