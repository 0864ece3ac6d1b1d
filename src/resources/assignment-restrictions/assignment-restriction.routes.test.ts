// Assignment restriction vetting (ASG-04, ASG-05, AMB-64): sessions at jobOrder/{orderId}/assignmentRestriction,
// their results and approval by hierarchy level, stale sessions, the session POST /Assignments needs
// and uses up, the tenant's rule settings and I-9 requirement, isolation, bad input, declared access.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { as, callers, testApp, type TestContext } from '../../../test/helpers.ts';
import { issueCredential } from '../../platform/auth/tokens.ts';
import * as R from '../reference-data/reference.table.ts';
import { assignmentRestrictions } from '../assignments/assignment.table.ts';
import { seedCustomer, seedJobOrder, seedJobTitle, seedWorksite, type Caller, type Place } from '../assignments/assignment.fixtures.ts';
import { assignmentRestrictionRuleSettings } from './assignment-restriction.table.ts';
import { customerI9Access, vettingReadAccess, vettingWriteAccess } from './assignment-restriction.routes.ts';

let t: TestContext;
let admin: Caller, north: Caller, south: Caller, other: Caller;
let customer = 0, northOrder = 0, southOrder = 0, otherOrder = 0, jobTitle = 0, worksite = 0;

const place = (tc: TestContext['tenant'], side: 'north' | 'south'): Place => ({ tenantId: tc.tenantId, ...tc[side] });

async function newEmployee(lastName: string, branchId = t.tenant.north.branchId, caller = admin): Promise<number> {
  const res = await caller({ method: 'POST', url: '/Employees', payload: { firstName: 'Pat', lastName, branchId, region: 'MN' } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().employeeId;
}

/** A north-branch order of the file's customer (positions: 5 unless given). */
const newOrder = (extra: Parameters<typeof seedJobOrder>[2]['extra'] = {}) =>
  seedJobOrder(t.database.db, place(t.tenant, 'north'), { customerId: customer, jobTitleId: jobTitle, worksiteId: worksite, extra: { positionsRequired: 5, ...extra } });

beforeAll(async () => {
  t = await testApp();
  ({ admin, north, south, otherAdmin: other } = callers(t));
  const db = t.database.db;
  const n = place(t.tenant, 'north');
  customer = await seedCustomer(db, n);
  worksite = await seedWorksite(db, n.tenantId, customer);
  jobTitle = await seedJobTitle(db, n);
  northOrder = await newOrder();
  const s = place(t.tenant, 'south');
  const southCustomer = await seedCustomer(db, s, 'Southern Goods');
  southOrder = await seedJobOrder(db, s, { customerId: southCustomer, jobTitleId: jobTitle, worksiteId: await seedWorksite(db, s.tenantId, southCustomer) });
  const o = place(t.other, 'north');
  const otherCustomer = await seedCustomer(db, o);
  otherOrder = await seedJobOrder(db, o, { customerId: otherCustomer, jobTitleId: await seedJobTitle(db, o), worksiteId: await seedWorksite(db, o.tenantId, otherCustomer) });
});
afterAll(async () => { await t?.close(); });

const start = (orderId: number, employeeId: unknown, caller = admin) =>
  caller({ method: 'POST', url: `/jobOrder/${orderId}/assignmentRestriction`, payload: { employeeId } });
const read = (orderId: number, sessionId: number, caller = admin) => caller({ method: 'GET', url: `/jobOrder/${orderId}/assignmentRestriction/${sessionId}` });
const approve = (orderId: number, sessionId: number, resultId: number, note: unknown = 'Agreed with the customer', caller = admin) =>
  caller({ method: 'POST', url: `/jobOrder/${orderId}/assignmentRestriction/${sessionId}/results/${resultId}/approval`, payload: { note } });
const assign = (jobOrderId: number, employeeId: number, caller = admin) =>
  caller({ method: 'POST', url: '/Assignments', payload: { employeeId, jobOrderId, startDate: '2026-01-05' } });
const patch = (url: string, document: unknown[]) =>
  admin({ method: 'PATCH', url, headers: { 'content-type': 'application/json-patch+json' }, payload: JSON.stringify(document) });
const blacklist = (employeeId: number, raisedBy: 'customer' | 'employee') =>
  t.database.db.insert(assignmentRestrictions).values({ tenantId: t.tenant.tenantId, customerId: customer, employeeId, raisedBy });

/** A session started by the admin: its body (201 checked). */
async function session(orderId: number, employeeId: number, caller = admin) {
  const res = await start(orderId, employeeId, caller);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const resultOf = (body: { results: { ruleCode: string; resultId: number }[] }, ruleCode: string): number => {
  const found = body.results.find((r) => r.ruleCode === ruleCode);
  if (!found) throw new Error(`no ${ruleCode} result in ${JSON.stringify(body.results)}`);
  return found.resultId;
};

describe('POST and GET /jobOrder/{orderId}/assignmentRestriction', () => {
  it('ASG-05 ASG-04: a clear session answers 201 with Location; POST /Assignments places the employee and the session reads placed', async () => {
    const employeeId = await newEmployee('Clear');
    const res = await start(northOrder, employeeId);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(res.headers.location).toBe(`/jobOrder/${northOrder}/assignmentRestriction/${body.assignmentRestrictionSessionId}`);
    expect(body).toMatchObject({
      jobOrderId: northOrder, employeeId, employeeName: 'Pat Clear', customerId: customer, customerName: 'Acme Widgets',
      createdByServiceRepId: t.tenant.adminRepId, createdBy: 'Ada Admin', status: 'clear', staleBecause: [], assignmentId: null, results: [],
    });
    expect(new Date(body.createdAt).getTime()).not.toBeNaN();
    const placed = await assign(northOrder, employeeId);
    expect(placed.statusCode, placed.body).toBe(201);
    expect((await read(northOrder, body.assignmentRestrictionSessionId)).json()).toMatchObject({ status: 'placed', assignmentId: placed.json().assignmentId });
    expect((await assign(northOrder, employeeId)).json(), 'a session places once').toMatchObject({ status: 409, code: 'ASSIGNMENT_NOT_VETTED' });
  });

  it('ASG-04 ASG-05 AMB-64: a blacklist either way is a result; POST /Assignments answers 409 ASSIGNMENT_RESTRICTED listing the unapproved results', async () => {
    const employeeId = await newEmployee('Listed');
    await blacklist(employeeId, 'customer');
    await blacklist(employeeId, 'employee');
    const body = await session(northOrder, employeeId);
    expect(body.status).toBe('pendingApproval');
    expect(body.results).toEqual([
      expect.objectContaining({ ruleCode: 'CUSTOMER_BLACKLISTED_EMPLOYEE', approvalLevel: 'aboveOrder', approvable: true, approvedBy: null, approvedAt: null,
        description: 'Acme Widgets has blacklisted Pat Listed (CustomerHasBlacklistedEmployee).' }),
      expect.objectContaining({ ruleCode: 'EMPLOYEE_BLACKLISTED_CUSTOMER', approvalLevel: 'aboveOrder', approvable: true,
        description: 'Pat Listed has blacklisted Acme Widgets (EmployeeHasBlacklistedCustomer).' }),
    ]);
    const refused = await assign(northOrder, employeeId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'ASSIGNMENT_RESTRICTED', assignmentRestrictionSessionId: body.assignmentRestrictionSessionId,
      results: [expect.objectContaining({ ruleCode: 'CUSTOMER_BLACKLISTED_EMPLOYEE' }), expect.objectContaining({ ruleCode: 'EMPLOYEE_BLACKLISTED_CUSTOMER' })],
    });
  });

  it('ASG-05: approval needs a rep above the order\'s node: the branch rep gets 403 APPROVAL_LEVEL, the root admin approves; then POST /Assignments places', async () => {
    const employeeId = await newEmployee('Forgiven');
    await blacklist(employeeId, 'customer');
    const body = await session(northOrder, employeeId, north);
    const sessionId = body.assignmentRestrictionSessionId, resultId = resultOf(body, 'CUSTOMER_BLACKLISTED_EMPLOYEE');
    const byBranch = await approve(northOrder, sessionId, resultId, 'Branch says fine', north);
    expect(byBranch.statusCode).toBe(403);
    expect(byBranch.json().code).toBe('APPROVAL_LEVEL');
    const approved = await approve(northOrder, sessionId, resultId, 'The customer withdrew the complaint');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({
      status: 'approved',
      results: [expect.objectContaining({ resultId, approvedByServiceRepId: t.tenant.adminRepId, approvedBy: 'Ada Admin', approvalNote: 'The customer withdrew the complaint' })],
    });
    expect((await approve(northOrder, sessionId, resultId)).json().code, 'approved once').toBe('RESTRICTION_RESULT_NOT_APPROVABLE');
    expect((await assign(northOrder, employeeId, north)).statusCode).toBe(201);
  });

  it('ASG-05: a blocking rule (inactive employee, closed order) cannot be approved; the session is blocked and POST /Assignments answers 409', async () => {
    const employeeId = await newEmployee('Dormant');
    expect((await patch(`/Employees/${employeeId}`, [{ op: 'replace', path: '/IsActive', value: false }])).statusCode).toBe(200);
    const closed = await lookupStatus('Closed');
    const order = await newOrder({ jobOrderStatusId: closed });
    const body = await session(order, employeeId);
    expect(body.status).toBe('blocked');
    expect(body.results.map((r: { ruleCode: string; approvable: boolean }) => [r.ruleCode, r.approvable])).toEqual([['EMPLOYEE_INACTIVE', false], ['ORDER_CLOSED', false]]);
    expect(body.results[0].description).toBe('Pat Dormant is inactive: IsActive is false.');
    expect(body.results[1].description).toBe(`Job order ${order} is closed (status Closed).`);
    const res = await approve(order, body.assignmentRestrictionSessionId, resultOf(body, 'EMPLOYEE_INACTIVE'));
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('RESTRICTION_RESULT_NOT_APPROVABLE');
    expect((await assign(order, employeeId)).json()).toMatchObject({ status: 409, code: 'ASSIGNMENT_RESTRICTED' });
  });

  it('ASG-05: a filled order is a result any rep who sees the order may approve (overfill)', async () => {
    const order = await newOrder({ positionsRequired: 1 });
    const first = await newEmployee('First');
    await session(order, first, north);
    expect((await assign(order, first, north)).statusCode).toBe(201);
    const second = await newEmployee('Second');
    const body = await session(order, second, north);
    expect(body.results).toEqual([expect.objectContaining({ ruleCode: 'ORDER_FILLED', approvalLevel: 'orderVisible',
      description: `Job order ${order} is filled: 1 active assignments for 1 positions required.` })]);
    expect((await approve(order, body.assignmentRestrictionSessionId, resultOf(body, 'ORDER_FILLED'), 'Overfill for the rush', north)).statusCode).toBe(200);
    expect((await assign(order, second, north)).statusCode).toBe(201);
  });

  it('ASG-04: a session goes stale when the order changes or a new blacklist is raised; stale sessions neither place nor take approvals', async () => {
    const order = await newOrder();
    const employeeId = await newEmployee('Stale');
    const clear = await session(order, employeeId);
    expect((await patch(`/JobOrders/${order}`, [{ op: 'replace', path: '/Directions', value: 'Gate 4' }])).statusCode).toBe(200);
    expect((await read(order, clear.assignmentRestrictionSessionId)).json()).toMatchObject({ status: 'stale', staleBecause: ['order'] });
    expect((await assign(order, employeeId)).json()).toMatchObject({ status: 409, code: 'ASSIGNMENT_NOT_VETTED', staleBecause: ['order'] });

    const fresh = await session(order, employeeId);
    expect(fresh.status).toBe('clear');
    await blacklist(employeeId, 'employee');
    expect((await read(order, fresh.assignmentRestrictionSessionId)).json()).toMatchObject({ status: 'stale', staleBecause: ['restrictions', 'findings'] });
    expect((await assign(order, employeeId)).json().code).toBe('ASSIGNMENT_NOT_VETTED');

    const listed = await session(order, employeeId);
    expect((await patch(`/JobOrders/${order}`, [{ op: 'replace', path: '/Directions', value: 'Gate 5' }])).statusCode).toBe(200);
    const res = await approve(order, listed.assignmentRestrictionSessionId, resultOf(listed, 'EMPLOYEE_BLACKLISTED_CUSTOMER'));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'RESTRICTION_SESSION_STALE', staleBecause: ['order'] });
  });

  it('ASG-05: I9_MISSING: a customer that requires an I-9 blocks an employee without one; the change turns earlier sessions stale', async () => {
    const customerId = await seedCustomer(t.database.db, place(t.tenant, 'north'), 'Federal Works');
    const order = await seedJobOrder(t.database.db, place(t.tenant, 'north'), { customerId, jobTitleId: jobTitle, worksiteId: worksite });
    const employeeId = await newEmployee('Undocumented');
    const before = await session(order, employeeId);
    const set = await admin({ method: 'PUT', url: `/assignmentRestriction/customers/${customerId}`, payload: { requiresI9: true } });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ customerId, requiresI9: true });
    expect((await read(order, before.assignmentRestrictionSessionId)).json().staleBecause).toEqual(['customer', 'findings']);
    const body = await session(order, employeeId);
    expect(body).toMatchObject({ status: 'blocked', results: [expect.objectContaining({ ruleCode: 'I9_MISSING', approvable: false,
      description: 'Federal Works requires an I-9 and Pat Undocumented has none on file (IsI9OnFile is false).' })] });
    expect((await patch(`/Employees/${employeeId}`, [{ op: 'replace', path: '/IsI9OnFile', value: true }, { op: 'replace', path: '/I9ExpirationDate', value: '2020-01-01T00:00:00Z' }])).statusCode).toBe(200);
    expect((await session(order, employeeId)).results[0].description).toBe('Federal Works requires an I-9 and Pat Undocumented\'s expired on 2020-01-01.');
    expect((await patch(`/Employees/${employeeId}`, [{ op: 'replace', path: '/I9ExpirationDate', value: '2099-01-01T00:00:00Z' }])).statusCode).toBe(200);
    expect((await session(order, employeeId)).status).toBe('clear');
  });

  it('CAND-10: the job board candidate path still needs no vetting session', async () => {
    const employeeId = await newEmployee('Candidate');
    await blacklist(employeeId, 'customer');
    const res = await admin({ method: 'POST', url: `/JobOrders/${northOrder}/jobBoardCandidate`, payload: { employeeId } });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('lists an order\'s sessions latest first, by employee, paged, each with its status now', async () => {
    const order = await newOrder();
    const employeeId = await newEmployee('Listed Twice');
    const first = (await session(order, employeeId)).assignmentRestrictionSessionId;
    const second = (await session(order, employeeId)).assignmentRestrictionSessionId;
    await session(order, await newEmployee('Someone Else'));
    const page = (await admin({ method: 'GET', url: `/jobOrder/${order}/assignmentRestriction?employeeId=${employeeId}&take=1` })).json();
    expect(page).toEqual({ totalCount: 2, data: [expect.objectContaining({ assignmentRestrictionSessionId: second, status: 'clear', results: [] })] });
    const all = (await admin({ method: 'GET', url: `/jobOrder/${order}/assignmentRestriction?employeeId=${employeeId}&skip=1` })).json();
    expect(all.data.map((s: { assignmentRestrictionSessionId: number }) => s.assignmentRestrictionSessionId)).toEqual([first]);
    expect((await admin({ method: 'GET', url: `/jobOrder/${order}/assignmentRestriction` })).json().totalCount).toBe(3);
    const csv = await admin({ method: 'GET', url: `/jobOrder/${order}/assignmentRestriction`, headers: { accept: 'text/csv' } });
    expect(csv.body.split('\n')[0]).toContain('assignmentRestrictionSessionId');
  });
});

async function lookupStatus(name: string): Promise<number> {
  const [row] = await t.database.db.select({ id: R.jobOrderStatuses.id }).from(R.jobOrderStatuses)
    .where(and(eq(R.jobOrderStatuses.tenantId, t.tenant.tenantId), eq(R.jobOrderStatuses.name, name)));
  if (!row) throw new Error(`no job order status ${name}`);
  return row.id;
}

describe('isolation and bad input', () => {
  let sessionId = 0, resultId = 0, employeeId = 0;
  beforeAll(async () => {
    employeeId = await newEmployee('Isolated');
    await blacklist(employeeId, 'customer');
    const body = await session(northOrder, employeeId);
    sessionId = body.assignmentRestrictionSessionId;
    resultId = resultOf(body, 'CUSTOMER_BLACKLISTED_EMPLOYEE');
  });

  it('GEN-04 GEN-05 ASG-05: another branch\'s rep and another tenant get 404 for the order, its sessions and their results', async () => {
    for (const [who, caller] of [['south rep', south], ['other tenant', other]] as const) {
      expect((await start(northOrder, employeeId, caller)).statusCode, `${who} start`).toBe(404);
      expect((await read(northOrder, sessionId, caller)).statusCode, `${who} read`).toBe(404);
      expect((await caller({ method: 'GET', url: `/jobOrder/${northOrder}/assignmentRestriction` })).statusCode, `${who} list`).toBe(404);
      expect((await approve(northOrder, sessionId, resultId, 'x', caller)).statusCode, `${who} approve`).toBe(404);
    }
    const southEmployee = await newEmployee('Southerly', t.tenant.south.branchId);
    const res = await start(northOrder, southEmployee, north);
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toMatch(/employee/);
    // The admin vets a south employee for the north order: the north rep sees the order, not that session.
    const hidden = (await session(northOrder, southEmployee)).assignmentRestrictionSessionId;
    expect((await read(northOrder, hidden, north)).statusCode).toBe(404);
    const listed = (await north({ method: 'GET', url: `/jobOrder/${northOrder}/assignmentRestriction` })).json();
    expect(listed.data.map((x: { assignmentRestrictionSessionId: number }) => x.assignmentRestrictionSessionId)).not.toContain(hidden);
    expect(listed.totalCount).toBe(listed.data.length);
    expect((await start(otherOrder, employeeId)).statusCode, 'another tenant\'s order').toBe(404);
    expect((await read(southOrder, sessionId)).statusCode, 'the session under another order').toBe(404);
    expect((await approve(northOrder, sessionId, 999999)).statusCode, 'no such result').toBe(404);
    expect((await south({ method: 'PUT', url: `/assignmentRestriction/customers/${customer}`, payload: { requiresI9: false } })).statusCode).toBe(404);
  });

  it('ASG-05: bad input answers 400 naming the field', async () => {
    const fields = async (res: Awaited<ReturnType<Caller>>) => {
      expect(res.statusCode, res.body).toBe(400);
      return Object.keys(res.json().errors);
    };
    expect(await fields(await start(northOrder, undefined))).toEqual(['employeeId']);
    expect(await fields(await start(northOrder, 'abc'))).toEqual(['employeeId']);
    expect(await fields(await start(northOrder, 0))).toEqual(['employeeId']);
    expect(await fields(await admin({ method: 'POST', url: '/jobOrder/x/assignmentRestriction', payload: { employeeId } }))).toEqual(['orderId']);
    expect(await fields(await admin({ method: 'POST', url: `/jobOrder/${northOrder}/assignmentRestriction/${sessionId}/results/${resultId}/approval`, payload: {} }))).toEqual(['note']);
    expect(await fields(await approve(northOrder, sessionId, resultId, '   '))).toEqual(['note']);
    expect(await fields(await approve(northOrder, sessionId, resultId, 'x'.repeat(1001)))).toEqual(['note']);
    expect(await fields(await admin({ method: 'GET', url: `/jobOrder/${northOrder}/assignmentRestriction/abc` }))).toEqual(['sessionId']);
    expect(await fields(await admin({ method: 'GET', url: `/jobOrder/${northOrder}/assignmentRestriction?employeeId=0` }))).toEqual(['employeeId']);
    expect(await fields(await admin({ method: 'PUT', url: '/assignmentRestriction/rules/NO_SUCH_RULE', payload: { isEnabled: true, approvalLevel: 'root' } }))).toEqual(['ruleCode']);
    expect(await fields(await admin({ method: 'PUT', url: '/assignmentRestriction/rules/ORDER_FILLED', payload: { isEnabled: true, approvalLevel: 'anyone' } }))).toEqual(['approvalLevel']);
    expect(await fields(await admin({ method: 'PUT', url: `/assignmentRestriction/customers/${customer}`, payload: { requiresI9: 'yes' } }))).toEqual(['requiresI9']);
    expect((await approve(northOrder, sessionId, resultId, 'x'.repeat(1000))).statusCode, 'a 1000-character note is fine').toBe(200);
  });
});

describe('the tenant\'s rule settings', () => {
  afterAll(async () => { await t.database.db.delete(assignmentRestrictionRuleSettings).where(eq(assignmentRestrictionRuleSettings.tenantId, t.tenant.tenantId)); });

  it('ASG-05: lists every rule with its defaults; the optional rules are off until the root admin enables them; a branch rep gets 403', async () => {
    const rules = (await admin({ method: 'GET', url: '/assignmentRestriction/rules' })).json();
    expect(rules.data.map((r: { ruleCode: string; isEnabled: boolean; approvalLevel: string }) => [r.ruleCode, r.isEnabled, r.approvalLevel])).toEqual([
      ['CUSTOMER_BLACKLISTED_EMPLOYEE', true, 'aboveOrder'], ['EMPLOYEE_BLACKLISTED_CUSTOMER', true, 'aboveOrder'], ['EMPLOYEE_INACTIVE', true, 'none'],
      ['ORDER_CLOSED', true, 'none'], ['ORDER_FILLED', true, 'orderVisible'], ['I9_MISSING', true, 'none'],
      ['OVERLAPPING_ASSIGNMENT', false, 'orderVisible'], ['I9_EXPIRES_DURING_ORDER', false, 'orderVisible'],
    ]);
    const byBranch = await north({ method: 'PUT', url: '/assignmentRestriction/rules/OVERLAPPING_ASSIGNMENT', payload: { isEnabled: true, approvalLevel: 'root' } });
    expect(byBranch.statusCode).toBe(403);
    expect(byBranch.json().code).toBe('HIERARCHY_NOT_ALLOWED');

    const employeeId = await newEmployee('Busy');
    await session(northOrder, employeeId);
    expect((await assign(northOrder, employeeId)).statusCode).toBe(201);
    const order = await newOrder();
    expect((await session(order, employeeId)).status, 'off by default').toBe('clear');
    const set = await admin({ method: 'PUT', url: '/assignmentRestriction/rules/OVERLAPPING_ASSIGNMENT', payload: { isEnabled: true, approvalLevel: 'root' } });
    expect(set.json()).toMatchObject({ ruleCode: 'OVERLAPPING_ASSIGNMENT', isEnabled: true, approvalLevel: 'root', isDefault: false });
    const body = await session(order, employeeId, north);
    expect(body.results).toEqual([expect.objectContaining({ ruleCode: 'OVERLAPPING_ASSIGNMENT', approvalLevel: 'root',
      description: `Pat Busy has 1 active assignment overlapping job order ${order} (no start date to no end date).` })]);
    expect((await approve(order, body.assignmentRestrictionSessionId, body.results[0].resultId, 'ok', north)).json().code).toBe('APPROVAL_LEVEL');

    expect((await admin({ method: 'PUT', url: '/assignmentRestriction/rules/OVERLAPPING_ASSIGNMENT', payload: { isEnabled: false, approvalLevel: 'root' } })).statusCode).toBe(200);
    expect((await read(order, body.assignmentRestrictionSessionId)).json().staleBecause, 'a changed setting changes the findings').toEqual(['findings']);
  });

  it('ASG-05: I9_EXPIRES_DURING_ORDER, once enabled, finds an I-9 that runs out before the order ends; a disabled default rule finds nothing', async () => {
    const customerId = await seedCustomer(t.database.db, place(t.tenant, 'north'), 'Careful Corp');
    const order = await seedJobOrder(t.database.db, place(t.tenant, 'north'), { customerId, jobTitleId: jobTitle, worksiteId: worksite,
      extra: { estimatedEndDate: new Date('2099-06-30T00:00:00Z') } });
    await admin({ method: 'PUT', url: `/assignmentRestriction/customers/${customerId}`, payload: { requiresI9: true } });
    const employeeId = await newEmployee('Expiring');
    await patch(`/Employees/${employeeId}`, [{ op: 'replace', path: '/IsI9OnFile', value: true }, { op: 'replace', path: '/I9ExpirationDate', value: '2099-01-31T00:00:00Z' }]);
    expect((await session(order, employeeId)).status).toBe('clear');
    await admin({ method: 'PUT', url: '/assignmentRestriction/rules/I9_EXPIRES_DURING_ORDER', payload: { isEnabled: true, approvalLevel: 'orderVisible' } });
    expect((await session(order, employeeId)).results).toEqual([expect.objectContaining({ ruleCode: 'I9_EXPIRES_DURING_ORDER',
      description: `Pat Expiring's I-9 expires on 2099-01-31, before job order ${order}'s estimated end on 2099-06-30.` })]);

    const inactive = await newEmployee('Ignored');
    await patch(`/Employees/${inactive}`, [{ op: 'replace', path: '/IsActive', value: false }]);
    await admin({ method: 'PUT', url: '/assignmentRestriction/rules/EMPLOYEE_INACTIVE', payload: { isEnabled: false, approvalLevel: 'none' } });
    expect((await session(northOrder, inactive)).status).toBe('clear');
  });
});

describe('declared access', () => {
  it('ASG-05: ServiceRep and Service; start and approve need assignment-write, reads take either assignment scope, the customer\'s I-9 customer-write', () => {
    expect(vettingWriteAccess).toEqual({ roles: ['ServiceRep', 'Service'], scopes: ['assignment-write'] });
    expect(vettingReadAccess).toEqual({ roles: ['ServiceRep', 'Service'], scopes: ['assignment-read', 'assignment-write'] });
    expect(customerI9Access).toEqual({ roles: ['ServiceRep', 'Service'], scopes: ['customer-write'] });
  });

  it('ASG-05: a token without the scope gets 403 SCOPE_MISSING', async () => {
    const token = async (scopes: string[]) => as(t.app, await issueCredential(t.database.db, {
      tenantId: t.tenant.tenantId, serviceRepId: t.tenant.adminRepId, kind: 'personal', name: scopes.join(), scopes, expiresAt: new Date(Date.now() + 60_000),
    }));
    const reader = await token(['assignment-read']), neither = await token(['employee-read', 'customer-read']);
    const employeeId = await newEmployee('Scoped');
    const started = await session(northOrder, employeeId);
    const refused = async (res: Awaited<ReturnType<Caller>>) => {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().code).toBe('SCOPE_MISSING');
    };
    await refused(await start(northOrder, employeeId, reader));
    await refused(await approve(northOrder, started.assignmentRestrictionSessionId, 1, 'x', reader));
    await refused(await reader({ method: 'PUT', url: `/assignmentRestriction/customers/${customer}`, payload: { requiresI9: false } }));
    expect((await read(northOrder, started.assignmentRestrictionSessionId, reader)).statusCode).toBe(200);
    expect((await reader({ method: 'GET', url: '/assignmentRestriction/rules' })).statusCode).toBe(200);
    await refused(await read(northOrder, started.assignmentRestrictionSessionId, neither));
    await refused(await neither({ method: 'GET', url: `/jobOrder/${northOrder}/assignmentRestriction` }));
  });
});

describe('events (docs/events.md)', () => {
  interface Event { type: string; record: { type: string; id: number; location: string }; changedFields?: string[] }
  /** The caller's events after `after`, and the last sequence it sees now. */
  const events = async (caller: Caller, after = 0): Promise<{ data: Event[]; next: number }> => {
    const res = await caller({ method: 'GET', url: `/Events?after=${after}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  /** The admin's last sequence now: what a test reads "after" (the feed pages by 1000). */
  const cursor = async () => {
    for (let after = 0; ;) {
      const page = await events(admin, after);
      if (!page.data.length) return after;
      after = page.next;
    }
  };
  const since = async (after: number, caller = admin) => (await events(caller, after)).data.map(({ type, record, changedFields }) => ({ type, record, changedFields }));
  afterAll(async () => { await t.database.db.delete(assignmentRestrictionRuleSettings).where(eq(assignmentRestrictionRuleSettings.tenantId, t.tenant.tenantId)); });

  it('GEN-16 ASG-05: starting a session is its assignmentRestrictionSession.created, seen by who sees the order; a refused start leaves none', async () => {
    const employeeId = await newEmployee('Announced');
    let after = await cursor();
    expect((await start(northOrder, employeeId, south)).statusCode).toBe(404);
    expect((await start(northOrder, 0)).statusCode).toBe(400);
    expect(await since(after), 'a refused start').toEqual([]);
    const sessionId = (await session(northOrder, employeeId)).assignmentRestrictionSessionId;
    const created = { type: 'assignmentRestrictionSession.created',
      record: { type: 'AssignmentRestrictionSession', id: sessionId, location: `/jobOrder/${northOrder}/assignmentRestriction/${sessionId}` } };
    expect(await since(after)).toEqual([created]);
    expect(await since(after, north)).toEqual([created]);
    expect(await since(after, south), 'another branch does not see the order').toEqual([]);
    after = await cursor();
    expect((await assign(northOrder, employeeId)).statusCode).toBe(201);
    expect((await since(after)).filter((e) => e.record.type === 'AssignmentRestrictionSession'), 'the placement uses the session up').toEqual([
      { ...created, type: 'assignmentRestrictionSession.updated', changedFields: ['assignmentId', 'status'] }]);
    after = await cursor();
    expect((await assign(northOrder, employeeId)).statusCode, 'a refused placement').toBe(409);
    expect(await since(after)).toEqual([]);
  });

  it('GEN-16 ASG-05: approving a result is the session\'s .updated (results, and status once none is open); a refused approval leaves none', async () => {
    const employeeId = await newEmployee('Approved');
    await blacklist(employeeId, 'customer');
    await blacklist(employeeId, 'employee');
    const body = await session(northOrder, employeeId);
    const sessionId = body.assignmentRestrictionSessionId;
    const after = await cursor();
    expect((await approve(northOrder, sessionId, resultOf(body, 'CUSTOMER_BLACKLISTED_EMPLOYEE'), 'x', north)).statusCode).toBe(403);
    expect(await since(after), 'a refused approval').toEqual([]);
    expect((await approve(northOrder, sessionId, resultOf(body, 'CUSTOMER_BLACKLISTED_EMPLOYEE'))).statusCode).toBe(200);
    expect((await approve(northOrder, sessionId, resultOf(body, 'EMPLOYEE_BLACKLISTED_CUSTOMER'))).statusCode).toBe(200);
    const record = { type: 'AssignmentRestrictionSession', id: sessionId, location: `/jobOrder/${northOrder}/assignmentRestriction/${sessionId}` };
    expect(await since(after)).toEqual([
      { type: 'assignmentRestrictionSession.updated', record, changedFields: ['results'] },
      { type: 'assignmentRestrictionSession.updated', record, changedFields: ['results', 'status'] },
    ]);
  });

  it('GEN-16 ASG-05: setting a rule is the tenant\'s assignmentRestrictionRules.updated naming the rule, seen at the root; a refused one leaves none', async () => {
    const after = await cursor();
    const rule = (caller: Caller) => caller({ method: 'PUT', url: '/assignmentRestriction/rules/OVERLAPPING_ASSIGNMENT', payload: { isEnabled: false, approvalLevel: 'root' } });
    expect((await rule(north)).statusCode).toBe(403);
    expect(await since(after), 'a refused setting').toEqual([]);
    expect((await rule(admin)).statusCode).toBe(200);
    expect(await since(after)).toEqual([{ type: 'assignmentRestrictionRules.updated', changedFields: ['OVERLAPPING_ASSIGNMENT'],
      record: { type: 'AssignmentRestrictionRules', id: t.tenant.rootHierId, location: '/assignmentRestriction/rules' } }]);
    expect(await since(after, north), 'the rules are the root\'s').toEqual([]);
  });

  it('GEN-16 ASG-05: a customer\'s I-9 requirement is its customer.updated (requiresI9); a refused one leaves none', async () => {
    const after = await cursor();
    const requires = (caller: Caller, requiresI9: unknown) => caller({ method: 'PUT', url: `/assignmentRestriction/customers/${customer}`, payload: { requiresI9 } });
    expect((await requires(south, true)).statusCode).toBe(404);
    expect((await requires(admin, 'yes')).statusCode).toBe(400);
    expect(await since(after), 'a refused change').toEqual([]);
    expect((await requires(admin, false)).statusCode).toBe(200);
    expect(await since(after)).toEqual([{ type: 'customer.updated', changedFields: ['requiresI9'],
      record: { type: 'Customer', id: customer, location: `/Customers/${customer}` } }]);
  });
});
