// The job order record: /JobOrders (create with defaults, the job order information JO-04, list) and
// PATCH of the catalog's fields, with what each field may hold (AMB-60, AMB-61, AMB-77, AMB-78) and
// the pass-down of values to the order's open timecards (PATCH-JO-02). The summary (JO-02) is
// job-order.routes.ts. DELETE is not offered (405): orders carry assignments and timecards.
import { branches, orderTypes, serviceReps } from '../../platform/db/schema.ts';
import { defineRecord } from '../../platform/records/record.ts';
import { recordEvent } from '../../platform/records/record-events.ts';
import { timecardRecord } from '../timecards/timecard.record.ts';
import { lookup, rule, usableRecord, visibleRecord } from '../../platform/records/rules.ts';
import type { PatchTarget } from '../../platform/records/json-patch/target.ts';
import { jobOrderDurations, jobOrderStatuses, salesTeams, shifts, workerCompCodes } from '../reference-data/reference.table.ts';
import { ownMessage } from '../messages/message.repository.ts';
import { customers } from '../customers/customer.table.ts';
import { contacts } from '../contacts/contact.table.ts';
import { jobTitles } from '../job-titles/job-title.record.ts';
import { jobOrders } from './job-order.table.ts';
import { jobOrderCatalog } from './job-order.patch-catalog.ts';
import { CLOCK_TIME, JobOrderCreate } from './job-order.schemas.ts';
import { CONTENT_TYPES, createJobOrder, customerOfJobOrder, getJobOrder, hasOpenTimecards, listJobOrders, passDown, TIMECARD_LIMIT } from './job-order.repository.ts';
import { recordCustomer } from '../reference-data/record-customer.ts';
import { worksiteOfCustomer } from '../worksites/worksite.rule.ts';
import { purchaseOrderOfCustomer } from '../reference-data/purchase-order.rule.ts';
import { codeListRules } from '../reference-data/back-office.lists.ts';

/** The order's customer: the create request's, then the stored order's. */
const orderCustomer = recordCustomer(customerOfJobOrder);

const clockTime = rule((v) => (CLOCK_TIME.test(String(v)) ? undefined : 'must be HH:MM (24-hour) or empty'));

/** AMB-61: a pass-down value must fit the order's open timecards, whose column is shorter than the order's field. */
const fitsTimecards = (max: number) => rule(async (v, { scope, id }) => (String(v).length > max && await hasOpenTimecards(scope, id!)
  ? `passes down to the order's open timecards, which take at most ${max} characters` : undefined), { onRecordOnly: true });

export const jobOrderPatchTarget: PatchTarget = {
  catalog: jobOrderCatalog,
  table: jobOrders,
  what: 'The job order',
  // AMB-78: BranchId places the order (a branch inside the caller's hierarchy).
  followsBranch: true,
  rules: {
    serviceRepId: visibleRecord(serviceReps, 'service rep'),
    // Master data: a job title of the caller's node or a node above it.
    jobTitleId: usableRecord(jobTitles, 'job title'),
    worksiteId: worksiteOfCustomer(orderCustomer, ['customerId']),
    purchaseOrderId: purchaseOrderOfCustomer(orderCustomer, ['customerId']),
    ...codeListRules('burdenTypeId'),
    jobOrderTypeId: lookup(orderTypes, 'a value of GET /Datalists/OrderTypes'),
    jobOrderDurationId: lookup(jobOrderDurations, 'a job order duration of the tenant'),
    jobOrderStatusId: lookup(jobOrderStatuses, 'a job order status of the tenant'),
    salesTeamId: lookup(salesTeams, 'a sales team of the tenant'),
    workerCompCodeId: lookup(workerCompCodes, 'a worker comp code of the tenant'),
    shiftId: lookup(shifts, 'a shift of the tenant'),
    primaryMessageId: ownMessage('jobOrder', 'job order'),
    positionsRequired: rule((v) => (Number(v) < 0 ? 'must not be negative' : undefined)),
    startTime: clockTime,
    endTime: clockTime,
    publicJobDescriptionContentType: rule((v) => (CONTENT_TYPES.includes(String(v)) ? undefined : `must be ${CONTENT_TYPES.join(' or ')}`)),
    ...Object.fromEntries(Object.entries(TIMECARD_LIMIT).map(([json, max]) => [json, fitsTimecards(max)])),
  },
  unchecked: {
    alternateJobOrderId: 'the agency\'s own identifier for the order (free text, String(255)), not a reference',
  },
  after: (ctx) => passDown(ctx, recordEvent(timecardRecord, 'updated')),
};

export const jobOrderRecord = defineRecord({
  name: 'JobOrder',
  idType: 'Int32',
  // `order-read` and `order-write` are the spec's scope names (JO-01, JO-03); roles: JO-08.
  scope: 'order',
  create: {
    summary: 'Create a job order. New orders are Unfilled, served by the caller, with the first sales team, duration and worker comp code.',
    body: JobOrderCreate,
    // Create-only fields; the catalog's (job title, worksite, order type) are the PATCH target's rules.
    rules: {
      branchId: visibleRecord(branches, 'branch'),
      customerId: visibleRecord(customers, 'customer'),
      supervisorContactId: visibleRecord(contacts, 'contact'),
    },
    run: createJobOrder,
  },
  list: { summary: 'Job orders inside the caller\'s hierarchy, oldest first.', reader: listJobOrders },
  read: { summary: 'Job order information (JO-04).', reader: getJobOrder, exact: true },
  patch: { note: 'Pass-down fields also update the order\'s unprocessed timecards.', target: jobOrderPatchTarget },
  errorCodes: { create: ['TENANT_SETUP_INCOMPLETE'] },
  // The API description's example (decision 0052).
  example: {
    jobOrderId: 1301, branchId: 3, jobDescription: 'Forklift operator, second shift.', payRate: 21.5, billRate: 32.25, isActive: true,
    positionsRequired: 4, positionsFilled: 1, customerId: 2042, customerName: 'Contoso Manufacturing', worksiteId: 318, startDate: '2026-03-09T00:00:00.000Z',
    jobTitle: 'Forklift operator', startTime: '14:00', endTime: '22:30', notes: 'Safety shoes required.',
  },
});
