// /Assignments: what is the assignment's own: create from a job order (vetted employees only), details
// with culture, the list's order, declared access, and PATCH (catalog, HH:MM times, blacklist flags,
// status transitions). The vetting sessions themselves: assignment-restrictions/.
// What every record does (reads, lists, isolation, scopes, 405, JSON Patch, branch moves): records.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { as, type Caller, callers, recordRoutes, refusedNaming, testApp, type TestContext } from '../../../test/helpers.ts';
import { expectPurchaseOrderOfCustomer } from '../reference-data/purchase-order.test-support.ts';
import { describeCatalogOf } from '../../../test/catalog-cases.ts';
import { issueCredential } from '../../platform/auth/tokens.ts';
import * as R from '../reference-data/reference.table.ts';
import { assignmentRestrictions } from './assignment.table.ts';
import { assignmentCatalog } from './assignment.patch-catalog.ts';
import { assignmentPatchTarget, detailsAccess, listAccess, writeAccess } from './assignment.record.ts';
import { codeListValues, seedPurchaseOrder } from '../reference-data/back-office.test-data.ts';
import { firstId, lookupId, seedCustomer, seedJobOrder, seedJobTitle, seedMessage, seedShift, seedWorksite, vet, type Place } from './assignment.fixtures.ts';

let t: TestContext;
let admin: Caller;
let north: Caller;
let ids: {
  worksite: number; northEmployee: number; southEmployee: number; customer: number; northOrder: number; southOrder: number; jobTitle: number; shift: string;
  ended: number; active: number; pending: number; cancelled: number; compCode: number; salesTeam: number; purchaseOrder: number; southPurchaseOrder: number;
};

const place = (tc: TestContext, side: 'north' | 'south'): Place => ({ tenantId: tc.tenant.tenantId, ...tc.tenant[side], repId: tc.tenant[side].repId });

async function newEmployee(branchId: number, lastName = 'Placed'): Promise<number> {
  const res = await admin({ method: 'POST', url: '/Employees', payload: { firstName: 'Pat', lastName, branchId, region: 'MN' } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().employeeId;
}

beforeAll(async () => {
  t = await testApp();
  ({ admin, north } = callers(t));
  const db = t.database.db;
  const n = place(t, 'north'), s = place(t, 'south');
  const customer = await seedCustomer(db, n);
  const worksite = await seedWorksite(db, n.tenantId, customer);
  const jobTitle = await seedJobTitle(db, n);
  const shift = await seedShift(db, n.tenantId);
  const northOrder = await seedJobOrder(db, n, {
    customerId: customer, jobTitleId: jobTitle, worksiteId: worksite,
    // Room for every placement of this file (ORDER_FILLED would otherwise ask for approval).
    extra: { startTime: '07:30', endTime: '16:00', shiftId: shift, isScheduledForMonday: true, isScheduledForFriday: true, jobOrderShiftNotes: 'Bring boots', doNotAutoClose: true, positionsRequired: 1000 },
  });
  const southCustomer = await seedCustomer(db, s, 'Southern Goods');
  const southOrder = await seedJobOrder(db, s, { customerId: southCustomer, jobTitleId: jobTitle, worksiteId: await seedWorksite(db, s.tenantId, southCustomer) });
  ids = {
    worksite,
    northEmployee: await newEmployee(t.tenant.north.branchId), southEmployee: await newEmployee(t.tenant.south.branchId, 'Southerly'),
    customer, northOrder, southOrder, jobTitle, shift,
    ended: await lookupId(db, R.assignmentStatuses, n.tenantId, 'Ended'), active: await lookupId(db, R.assignmentStatuses, n.tenantId, 'Active'),
    pending: await lookupId(db, R.assignmentStatuses, n.tenantId, 'Pending Start'), cancelled: await lookupId(db, R.assignmentStatuses, n.tenantId, 'Cancelled'),
    compCode: await firstId(db, R.workerCompCodes, n.tenantId), salesTeam: await firstId(db, R.salesTeams, n.tenantId),
    purchaseOrder: await seedPurchaseOrder(db, n.tenantId, customer, 'PO-100'), southPurchaseOrder: await seedPurchaseOrder(db, n.tenantId, southCustomer, 'PO-200'),
  };
});
afterAll(async () => { await t?.close(); });

const { create, patch, read, catalogHarness } = recordRoutes('/Assignments', { id: 'assignmentId', caller: () => admin });
/** Vets the employee for the order, then creates (ASG-04: every placement needs a session of its own). */
async function placeVetted(body: { employeeId: number; jobOrderId: number } & Record<string, unknown>, caller = admin) {
  await vet(caller, body.jobOrderId, body.employeeId);
  return create(body, caller);
}
async function newAssignment(body: Record<string, unknown> = {}, caller = admin): Promise<number> {
  const res = await placeVetted({ employeeId: await newEmployee(t.tenant.north.branchId), jobOrderId: ids.northOrder, startDate: '2026-01-05', ...body }, caller);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().assignmentId;
}
const restrictions = (employeeId: number) => t.database.db.select().from(assignmentRestrictions)
  .where(and(eq(assignmentRestrictions.tenantId, t.tenant.tenantId), eq(assignmentRestrictions.employeeId, employeeId))).orderBy(assignmentRestrictions.raisedBy);

describe('POST /Assignments', () => {
  it('ASG-03 ASG-26: 201 with the id and Location; the job order\'s customer, title, branch, shift and schedule are copied', async () => {
    const res = await placeVetted({ employeeId: ids.northEmployee, jobOrderId: ids.northOrder, startDate: '2026-02-02T00:00:00Z', expectedEndDate: '2026-06-30T00:00:00Z' });
    expect(res.statusCode, res.body).toBe(201);
    const { assignmentId } = res.json();
    expect(res.headers.location).toBe(`/Assignments/${assignmentId}`);
    expect(await read(assignmentId)).toMatchObject({
      assignmentId, employeeId: ids.northEmployee, employeeName: 'Pat Placed', jobOrderId: ids.northOrder, customerId: ids.customer,
      customerName: 'Acme Widgets', worksiteId: ids.worksite, worksite: 'Plant 1', jobTitleId: ids.jobTitle, jobTitle: 'Forklift Operator', assignmentStatusId: ids.active, assignmentStatus: 'Active',
      branchId: t.tenant.north.branchId, branch: 'North Branch', hierId: t.tenant.north.hierId, serviceRepId: t.tenant.north.repId,
      startDate: '2026-02-02T00:00:00.000Z', endDate: null, expectedEndDate: '2026-06-30T00:00:00.000Z',
      shiftId: ids.shift, startTime: '07:30', endTime: '16:00', shiftNote: 'Bring boots', isScheduledForMonday: true, isScheduledForTuesday: false,
      isScheduledForFriday: true, doNotAutoClose: true, customerHasBlacklistedEmployee: false, culture: 'en',
    });
  });

  it('ASG-26: the body is validated; references must exist inside the caller\'s hierarchy', async () => {
    expect(Object.keys((await create({})).json().errors).sort()).toEqual(['employeeId', 'jobOrderId', 'startDate']);
    expect((await create({ employeeId: ids.northEmployee, jobOrderId: 999999, startDate: '2026-01-01' })).json().errors).toHaveProperty('jobOrderId');
    expect((await create({ employeeId: 999999, jobOrderId: ids.northOrder, startDate: '2026-01-01' })).json().errors).toHaveProperty('employeeId');
    expect((await create({ employeeId: ids.southEmployee, jobOrderId: ids.northOrder, startDate: '2026-01-01' }, north)).json().errors).toHaveProperty('employeeId');
    expect((await create({ employeeId: ids.northEmployee, jobOrderId: ids.southOrder, startDate: '2026-01-01' }, north)).json().errors).toHaveProperty('jobOrderId');
    const res = await create({ employeeId: ids.northEmployee, jobOrderId: ids.northOrder, startDate: '2026-03-01', endDate: '2026-02-01' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ endDate: ['must not be before startDate'] });
  });

  it('ASG-04 AMB-64: 409 ASSIGNMENT_NOT_VETTED without a session; ASSIGNMENT_RESTRICTED while the session has a restriction; a new session after it is lifted places', async () => {
    const employeeId = await newEmployee(t.tenant.north.branchId, 'Restricted');
    const body = { employeeId, jobOrderId: ids.northOrder, startDate: '2026-01-05' };
    expect((await create(body)).json()).toMatchObject({ status: 409, code: 'ASSIGNMENT_NOT_VETTED', assignmentRestrictionSessionId: null });
    await t.database.db.insert(assignmentRestrictions).values({ tenantId: t.tenant.tenantId, customerId: ids.customer, employeeId, raisedBy: 'employee' });
    await vet(admin, ids.northOrder, employeeId);
    expect((await create(body)).json()).toMatchObject({ status: 409, code: 'ASSIGNMENT_RESTRICTED', results: [expect.objectContaining({ ruleCode: 'EMPLOYEE_BLACKLISTED_CUSTOMER' })] });
    await t.database.db.update(assignmentRestrictions).set({ isActive: false, updatedAt: new Date() }).where(eq(assignmentRestrictions.employeeId, employeeId));
    expect((await create(body)).json()).toMatchObject({ status: 409, code: 'ASSIGNMENT_NOT_VETTED', staleBecause: ['restrictions', 'findings'] });
    expect((await placeVetted(body)).statusCode).toBe(201);
    expect((await create(body)).json(), 'the session is used up').toMatchObject({ status: 409, code: 'ASSIGNMENT_NOT_VETTED' });
  });
});

describe('GET /Assignments/{id} and the list', () => {
  it('ASG-01 ASG-06 ASG-07 ASG-10: declared roles and scopes follow the spec\'s lists', () => {
    expect(detailsAccess).toEqual({ roles: ['ServiceRep', 'Service', 'WebUserEmployee'], scopes: ['assignment-read', 'assignment-write'] });
    expect(listAccess.roles).toEqual(['ServiceRep', 'Service']);
    expect(writeAccess).toEqual({ roles: ['ServiceRep', 'Service'], scopes: ['assignment-write'] });
  });

  it('ASG-07 ASG-10 AMB-19: the details take assignment-read or assignment-write; PATCH only assignment-write', async () => {
    const id = await newAssignment();
    const token = async (scopes: string[]) => as(t.app, await issueCredential(t.database.db, {
      tenantId: t.tenant.tenantId, serviceRepId: t.tenant.adminRepId, kind: 'personal', name: scopes.join(), scopes, expiresAt: new Date(Date.now() + 60_000),
    }));
    const reader = await token(['assignment-read']), writer = await token(['assignment-write']), neither = await token(['employee-read']);
    expect((await reader({ method: 'GET', url: `/Assignments/${id}` })).statusCode).toBe(200);
    expect((await writer({ method: 'GET', url: `/Assignments/${id}` })).statusCode).toBe(200);
    expect((await neither({ method: 'GET', url: `/Assignments/${id}` })).statusCode).toBe(403);
    expect((await patch(id, [{ op: 'replace', path: '/ShiftNote', value: 'x' }], reader)).statusCode).toBe(403);
    expect((await patch(id, [{ op: 'replace', path: '/ShiftNote', value: 'x' }], writer)).statusCode).toBe(200);
  });

  it('ASG-08 ASG-09 AMB-83: culture is at most 20 characters; supported languages translate, others fall back to English', async () => {
    const id = await newAssignment();
    const res = await admin({ method: 'GET', url: `/Assignments/${id}?culture=${'en-US-'.padEnd(21, 'x')}` });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['culture']);
    expect((await admin({ method: 'GET', url: `/Assignments/${id}?culture=not a tag` })).statusCode).toBe(400);
    expect((await admin({ method: 'GET', url: `/Assignments/${id}?culture=es-MX` })).json()).toMatchObject({ assignmentStatus: 'Activa', culture: 'es' });
    expect((await admin({ method: 'GET', url: `/Assignments/${id}?Culture=fr-FR` })).json()).toMatchObject({ assignmentStatus: 'Active', culture: 'en' });
  });

  it('lists by job order and employee, latest start first, paged', async () => {
    const employeeId = await newEmployee(t.tenant.north.branchId, 'Lister');
    const first = (await placeVetted({ employeeId, jobOrderId: ids.northOrder, startDate: '2026-01-01' })).json().assignmentId;
    const second = (await placeVetted({ employeeId, jobOrderId: ids.northOrder, startDate: '2026-04-01' })).json().assignmentId;
    const page = (await admin({ method: 'GET', url: `/assignments?EmployeeId=${employeeId}&take=1` })).json();
    expect(page).toEqual({ totalCount: 2, data: [expect.objectContaining({ assignmentId: second, employeeName: 'Pat Lister', customerName: 'Acme Widgets', assignmentStatus: 'Active', jobTitle: 'Forklift Operator' })] });
    const byOrder = (await admin({ method: 'GET', url: `/Assignments?jobOrderId=${ids.northOrder}&employeeId=${employeeId}` })).json();
    expect(byOrder.data.map((x: { assignmentId: number }) => x.assignmentId)).toEqual([second, first]);
  });

  it('NEG: the details render as XML and the list as CSV', async () => {
    const id = await newAssignment();
    const xml = await admin({ method: 'GET', url: `/Assignments/${id}`, headers: { accept: 'application/xml' } });
    expect(xml.statusCode).toBe(200);
    expect(xml.body).toContain('<customerName>Acme Widgets</customerName>');
    const csv = await admin({ method: 'GET', url: `/Assignments?jobOrderId=${ids.northOrder}`, headers: { accept: 'text/csv' } });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\n')[0]).toContain('assignmentId');
  });
});

describe('PATCH /Assignments/{id}', () => {
  let id: number;
  beforeAll(async () => { id = await newAssignment(); });

  it('PATCH-ASG-02 PATCH-ASG-03: StartTime and EndTime are HH:MM on the 24-hour clock', async () => {
    for (const [field, value] of [['StartTime', '25:00'], ['StartTime', '7:30'], ['EndTime', '12:60'], ['EndTime', '5pm']]) {
      const res = await patch(id, [{ op: 'replace', path: `/${field}`, value }]);
      expect(res.statusCode, `${field} ${value}`).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual([field!.replace(/^./, (c) => c.toLowerCase())]);
    }
    expect((await patch(id, [{ op: 'replace', path: '/StartTime', value: '00:00' }, { op: 'replace', path: '/EndTime', value: '23:59' }])).statusCode).toBe(200);
    expect((await patch(id, [{ op: 'replace', path: '/EndTime', value: null }])).statusCode).toBe(200);
    expect(await read(id)).toMatchObject({ startTime: '00:00', endTime: null });
  });

  it('PATCH-ASG-04 PATCH-ASG-05: the blacklist flags keep an assignment restriction per side; ASG-04 then refuses new placements', async () => {
    const employeeId = await newEmployee(t.tenant.north.branchId, 'Blacklisted');
    const asg = (await placeVetted({ employeeId, jobOrderId: ids.northOrder, startDate: '2026-01-05' })).json().assignmentId;
    expect((await patch(asg, [{ op: 'replace', path: '/CustomerHasBlacklistedEmployee', value: true }])).statusCode).toBe(200);
    expect(await restrictions(employeeId)).toEqual([expect.objectContaining({ customerId: ids.customer, employeeId, raisedBy: 'customer', isActive: true, sourceAssignmentId: asg })]);
    expect((await placeVetted({ employeeId, jobOrderId: ids.northOrder, startDate: '2026-05-01' })).json())
      .toMatchObject({ code: 'ASSIGNMENT_RESTRICTED', results: [expect.objectContaining({ ruleCode: 'CUSTOMER_BLACKLISTED_EMPLOYEE' })] });

    expect((await patch(asg, [{ op: 'replace', path: '/employeeHasBlacklistedCustomer', value: true }, { op: 'replace', path: '/CustomerHasBlacklistedEmployee', value: false }])).statusCode).toBe(200);
    expect((await restrictions(employeeId)).map((r) => [r.raisedBy, r.isActive])).toEqual([['customer', false], ['employee', true]]);
    expect((await read(asg))).toMatchObject({ customerHasBlacklistedEmployee: false, employeeHasBlacklistedCustomer: true });

    expect((await patch(asg, [{ op: 'replace', path: '/EmployeeHasBlacklistedCustomer', value: false }])).statusCode).toBe(200);
    expect((await restrictions(employeeId)).every((r) => !r.isActive)).toBe(true);
    expect((await placeVetted({ employeeId, jobOrderId: ids.northOrder, startDate: '2026-05-01' })).statusCode).toBe(201);
    expect((await patch(asg, [{ op: 'replace', path: '/CustomerHasBlacklistedEmployee', value: true }])).statusCode).toBe(200);
    expect((await restrictions(employeeId)).filter((r) => r.isActive)).toHaveLength(1);
  });

  it('PATCH-ASG-14: AssignmentStatusId must be a status of the tenant', async () => {
    expect((await patch(id, [{ op: 'replace', path: '/AssignmentStatusId', value: 999999 }])).json().errors).toHaveProperty('assignmentStatusId');
    expect((await patch(id, [{ op: 'replace', path: '/AssignmentStatusId', value: ids.ended }])).statusCode).toBe(200);
    expect((await read(id)).assignmentStatus).toBe('Ended');
  });

  it('issue 10: PurchaseOrderId is a purchase order of the assignment\'s customer; another customer\'s is refused naming it', async () => {
    const mine = await newAssignment();
    await expectPurchaseOrderOfCustomer(catalogHarness(mine), { own: ids.purchaseOrder, anotherCustomers: ids.southPurchaseOrder });
  });

  it('ASG-29: a new assignment starts Pending Start when its start date is ahead, else Active', async () => {
    expect((await read(await newAssignment({ startDate: '2099-03-01' }))).assignmentStatus).toBe('Pending Start');
    expect((await read(await newAssignment({ startDate: '2020-03-01' }))).assignmentStatus).toBe('Active');
  });

  it('ASG-29 PATCH-ASG-14: AssignmentStatusId moves Pending Start → Active or Cancelled, Active → Ended; Ended and Cancelled are final (409 naming the field)', async () => {
    const status = (asg: number, value: number) => patch(asg, [{ op: 'replace', path: '/AssignmentStatusId', value }]);
    const refused = async (asg: number, value: number) => {
      const res = await status(asg, value);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ code: 'ASSIGNMENT_STATUS_TRANSITION', errors: { assignmentStatusId: [expect.any(String)] } });
    };
    const started = await newAssignment({ startDate: '2099-03-01' });
    await refused(started, ids.ended);
    expect((await status(started, ids.active)).statusCode).toBe(200);
    await refused(started, ids.pending);
    await refused(started, ids.cancelled);
    expect((await status(started, ids.ended)).statusCode).toBe(200);
    await refused(started, ids.active);
    expect((await read(started)).assignmentStatus).toBe('Ended');

    const dropped = await newAssignment({ startDate: '2099-03-01' });
    expect((await status(dropped, ids.cancelled)).statusCode).toBe(200);
    await refused(dropped, ids.active);
    expect((await status(dropped, ids.cancelled)).statusCode, 'the same status is no move').toBe(200);
  });

  it('PATCH-ASG-09: ReplacesAssignmentId names another visible assignment; end dates are not before the start', async () => {
    expect((await patch(id, [{ op: 'replace', path: '/ReplacesAssignmentId', value: id }])).json().errors).toHaveProperty('replacesAssignmentId');
    expect((await patch(id, [{ op: 'replace', path: '/EndDate', value: '2025-12-31' }])).json().errors).toEqual({ endDate: ['must not be before startDate'] });
    await patch(id, [{ op: 'replace', path: '/EndDate', value: '2026-02-01' }]);
    expect((await patch(id, [{ op: 'replace', path: '/StartDate', value: '2026-03-01' }])).json().errors).toEqual({ startDate: ['must not be after endDate'] });
  });

  it('PATCH-ASG-07: ResetsAWRClock is a Boolean, stored and read back; another type or null is a 400 naming it', async () => {
    // Only the flag: nothing in this service runs an AWR cycle to restart (docs/decisions/0006).
    const mine = await newAssignment();
    for (const value of [true, false]) {
      expect((await patch(mine, [{ op: 'replace', path: '/ResetsAWRClock', value }])).statusCode).toBe(200);
      expect((await read(mine)).resetsAWRClock).toBe(value);
    }
    for (const value of ['true', 1, null]) refusedNaming(await patch(mine, [{ op: 'replace', path: '/ResetsAWRClock', value }]), 'resetsAWRClock');
    expect((await read(mine)).resetsAWRClock).toBe(false);
  });

  it('PATCH-ASG-08: PrimaryMessageId (Int64?) pins one of the assignment\'s own messages; another record\'s message or a non-integer is a 400 naming it; null unpins', async () => {
    // The pin only; that the pinned message tops GET /Assignments/{id}/messages: messages/message.routes.test.ts.
    const mine = await newAssignment();
    const own = await seedMessage(t.database.db, t.tenant.tenantId, 'assignment', mine);
    const elsewhere = await seedMessage(t.database.db, t.tenant.tenantId, 'assignment', id);
    expect((await patch(mine, [{ op: 'replace', path: '/PrimaryMessageId', value: own }])).statusCode).toBe(200);
    expect((await read(mine)).primaryMessageId).toBe(own);
    const foreign = await patch(mine, [{ op: 'replace', path: '/PrimaryMessageId', value: elsewhere }]);
    refusedNaming(foreign, 'primaryMessageId');
    expect(foreign.json().errors.primaryMessageId).toEqual(['is not a message of this assignment']);
    for (const value of [1.5, String(own)]) refusedNaming(await patch(mine, [{ op: 'replace', path: '/PrimaryMessageId', value }]), 'primaryMessageId');
    expect((await read(mine)).primaryMessageId).toBe(own);
    expect((await patch(mine, [{ op: 'replace', path: '/PrimaryMessageId', value: null }])).statusCode).toBe(200);
    expect((await read(mine)).primaryMessageId).toBeNull();
  });

  it('PATCH-ASG-10: OriginalStartDate (DateTime?) is stored and read back as an instant; text that is no date is a 400 naming it; null clears it', async () => {
    // As given by the client: nothing derives it from, or checks it against, the ReplacesAssignmentId chain.
    const mine = await newAssignment();
    for (const [value, stored] of [['2025-06-02T08:00:00Z', '2025-06-02T08:00:00.000Z'], ['2025-01-06', '2025-01-06T00:00:00.000Z']]) {
      expect((await patch(mine, [{ op: 'replace', path: '/OriginalStartDate', value }])).statusCode, value).toBe(200);
      expect((await read(mine)).originalStartDate).toBe(stored);
    }
    for (const value of ['next tuesday', '2025-02-30', 20250106]) refusedNaming(await patch(mine, [{ op: 'replace', path: '/OriginalStartDate', value }]), 'originalStartDate');
    expect((await patch(mine, [{ op: 'replace', path: '/OriginalStartDate', value: null }])).statusCode).toBe(200);
    expect((await read(mine)).originalStartDate).toBeNull();
  });

  it('PATCH-ASG-11: AlternateAssignmentId (String(10)?) takes any text up to 10 characters; 11 characters or a number is a 400 naming it; null clears it', async () => {
    const mine = await newAssignment();
    expect((await patch(mine, [{ op: 'replace', path: '/AlternateAssignmentId', value: 'EXT-000042' }])).statusCode).toBe(200);
    expect((await read(mine)).alternateAssignmentId).toBe('EXT-000042');
    for (const value of ['EXT-0000042', 42]) refusedNaming(await patch(mine, [{ op: 'replace', path: '/AlternateAssignmentId', value }]), 'alternateAssignmentId');
    expect((await read(mine)).alternateAssignmentId).toBe('EXT-000042');
    expect((await patch(mine, [{ op: 'replace', path: '/AlternateAssignmentId', value: null }])).statusCode).toBe(200);
    expect((await read(mine)).alternateAssignmentId).toBeNull();
  });

  it('PATCH-ASG-12: BurdenTypeId (Int32?) takes a commission burden type of GET /Datalists/BurdenTypes; another id, a non-integer or more than Int32 is a 400 naming it; null clears it', async () => {
    const mine = await newAssignment();
    const burdenTypes = (await admin({ method: 'GET', url: '/Datalists/BurdenTypes' })).json().data as { burdenTypeId: number }[];
    const burdenTypeId = burdenTypes.at(-1)!.burdenTypeId;
    expect((await patch(mine, [{ op: 'replace', path: '/BurdenTypeId', value: burdenTypeId }])).statusCode).toBe(200);
    expect((await read(mine)).burdenTypeId).toBe(burdenTypeId);
    const unknown = Math.max(...burdenTypes.map((b) => b.burdenTypeId)) + 1000;
    for (const value of [unknown, 1.5, 2147483648, String(burdenTypeId)]) refusedNaming(await patch(mine, [{ op: 'replace', path: '/BurdenTypeId', value }]), 'burdenTypeId');
    expect((await read(mine)).burdenTypeId).toBe(burdenTypeId);
    expect((await patch(mine, [{ op: 'replace', path: '/BurdenTypeId', value: null }])).statusCode).toBe(200);
    expect((await read(mine)).burdenTypeId).toBeNull();
  });

  it('PATCH-ASG-13: the seven IsScheduledFor… days are separate Booleans: each keeps its own value, one changes alone, a non-Boolean is a 400 naming it', async () => {
    const mine = await newAssignment();
    const days = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
    const schedule = (pattern: boolean[]) => Object.fromEntries(days.map((day, i) => [`isScheduledFor${day}`, pattern[i]]));
    const pattern = [true, false, true, false, true, false, true];
    expect((await patch(mine, days.map((day, i) => ({ op: 'replace', path: `/IsScheduledFor${day}`, value: pattern[i] })))).statusCode).toBe(200);
    expect(await read(mine)).toMatchObject(schedule(pattern));
    expect((await patch(mine, [{ op: 'replace', path: '/IsScheduledForWednesday', value: true }])).statusCode).toBe(200);
    expect(await read(mine)).toMatchObject(schedule([true, false, true, true, true, false, true]));
    for (const day of days) refusedNaming(await patch(mine, [{ op: 'replace', path: `/IsScheduledFor${day}`, value: 'yes' }]), `isScheduledFor${day}`);
  });

  it('PATCH-19 AMB-78: ServiceRepId must be inside the caller\'s hierarchy', async () => {
    const mine = await newAssignment({}, north);
    expect((await patch(mine, [{ op: 'replace', path: '/ServiceRepId', value: t.tenant.south.repId }], north)).json().errors).toHaveProperty('serviceRepId');
  });
});

describeCatalogOf(assignmentCatalog, {
  make: async () => {
    const id = await newAssignment();
    return { id, valid: {
      ...await codeListValues(t.database.db, t.tenant.tenantId), purchaseOrderId: ids.purchaseOrder,
      assignmentStatusId: ids.ended, jobTitleId: ids.jobTitle, shiftId: ids.shift, workerCompCodeId: ids.compCode, salesTeamId: ids.salesTeam,
      branchId: t.tenant.north.branchId, serviceRepId: t.tenant.north.repId, accountManagerServiceRepId: t.tenant.adminRepId,
      replacesAssignmentId: await newAssignment(), primaryMessageId: await seedMessage(t.database.db, t.tenant.tenantId, 'assignment', id),
      startTime: '08:30', endTime: '17:45',
    } };
  },
  harness: catalogHarness,
}, 'PATCH-ASG-01 PATCH-ASG-06..14', assignmentPatchTarget);
