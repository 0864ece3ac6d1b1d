// The matches over HTTP (issue 30 item 3, decision 0060): an order's ranked employees and an
// employee's ranked orders with their evidence, the hard filters (a blacklisted pair, a radius, a
// required licence held and current), hierarchy visibility, bad input, paging, fields= and CSV, and a
// matched pair made a candidate in one call.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { callers, testApp, type Caller, type TestContext } from '../../../test/helpers.ts';
import { employees } from '../employees/employee.table.ts';
import { seedCustomer, seedJobOrder, seedJobTitle, seedWorksite, vet, type Place } from '../assignments/assignment.fixtures.ts';
import { EMPTY_PROFILE, type EmployeeProfile } from './employee-profile.schema.ts';
import { CredentialVerifier } from '../../platform/auth/verifier.ts';
import { DataScope } from '../../platform/scope.ts';
import { orderRequirements } from './order-requirements.repository.ts';
import { poolFilter } from './matching.facts.ts';
import { orderPool } from './matches.pool.ts';

let t: TestContext;
let admin: Caller, north: Caller;
let customer = 0, forkliftOrder = 0, driverOrder = 0;

const place = (side: 'north' | 'south'): Place => ({ tenantId: t.tenant.tenantId, ...t.tenant[side] });
const job = (occupationId: string, title: string, startDate: string, endDate: string | null = null) =>
  ({ employer: 'Some Warehouse', title, occupationId, seniority: null, startDate, endDate, current: endDate === null });

const FORKLIFT: EmployeeProfile = {
  ...EMPTY_PROFILE,
  skills: [{ id: 'forklift', stated: true }, { id: 'reach-truck', stated: true }, { id: 'rf-scanner', stated: true }],
  certifications: [{ id: 'forklift-certification', number: null, expires: null, endorsements: [] }],
  workHistory: [job('forklift-operator', 'Forklift Operator', '2021-03'), job('warehouse-associate', 'Warehouse Associate', '2018-01', '2021-02')],
};
const CASHIER: EmployeeProfile = {
  ...EMPTY_PROFILE,
  skills: [{ id: 'cash-handling', stated: true }, { id: 'customer-service', stated: true }, { id: 'rf-scanner', stated: true }],
  workHistory: [job('cashier', 'Cashier', '2020-05')],
};
const DRIVER = (expires: string | null): EmployeeProfile => ({
  ...EMPTY_PROFILE,
  certifications: [{ id: 'cdl-a', number: null, expires, endorsements: [] }],
  workHistory: [job('truck-driver', 'OTR Driver', '2019-01')],
});

/** An employee of the branch with its postal code and profile, made through the API. */
async function employee(lastName: string, postalCode: string, profile: EmployeeProfile, branchId = t.tenant.north.branchId): Promise<number> {
  const res = await admin({ method: 'POST', url: '/Employees', payload: { firstName: 'Pat', lastName, branchId, region: 'MN', postalCode } });
  expect(res.statusCode, res.body).toBe(201);
  const id: number = res.json().employeeId;
  const put = await admin({ method: 'PUT', url: `/Employees/${id}/Profile`, payload: profile });
  expect(put.statusCode, put.body).toBe(200);
  return id;
}

const matches = (caller: Caller, url: string) => caller({ method: 'GET', url });
const ids = (res: { json(): { data: { employeeId?: number; jobOrderId?: number }[] } }) => res.json().data.map((m) => m.employeeId ?? m.jobOrderId);

let strong = 0, weak = 0, far = 0, blacklisted = 0, southern = 0, current = 0, lapsed = 0;

beforeAll(async () => {
  t = await testApp();
  ({ admin, north } = callers(t));
  const db = t.database.db;
  const n = place('north');
  customer = await seedCustomer(db, n);
  const worksiteId = await seedWorksite(db, n.tenantId, customer);
  forkliftOrder = await seedJobOrder(db, n, {
    customerId: customer, jobTitleId: await seedJobTitle(db, n, 'Forklift Operator'), worksiteId,
    extra: { jobDescription: 'Load and unload trailers on second shift. Required: forklift certification. Preferred: reach truck, RF scanner.', positionsRequired: 20 },
  });
  driverOrder = await seedJobOrder(db, n, {
    customerId: customer, jobTitleId: await seedJobTitle(db, n, 'Truck Driver'), worksiteId,
    extra: { jobDescription: 'Regional routes, home weekly. Required: CDL Class A.', positionsRequired: 5 },
  });
  strong = await employee('Strong', '55401', FORKLIFT);
  weak = await employee('Weak', '55401', CASHIER);
  far = await employee('Far', '55901', FORKLIFT); // Rochester, MN: about 76 miles from Minneapolis
  blacklisted = await employee('Blacklisted', '55401', FORKLIFT);
  southern = await employee('Southern', '55401', FORKLIFT, t.tenant.south.branchId);
  current = await employee('Current', '55401', DRIVER('2030-01'));
  lapsed = await employee('Lapsed', '55401', DRIVER('2023-04'));
  // The customer blacklists one employee, through an assignment's flag as a recruiter records it.
  await vet(admin, forkliftOrder, blacklisted);
  const assignment = await admin({ method: 'POST', url: '/Assignments', payload: { employeeId: blacklisted, jobOrderId: forkliftOrder, startDate: '2026-01-05' } });
  expect(assignment.statusCode, assignment.body).toBe(201);
  const flag = await admin({ method: 'PATCH', url: `/Assignments/${assignment.json().assignmentId}`, headers: { 'content-type': 'application/json-patch+json' },
    payload: JSON.stringify([{ op: 'replace', path: '/CustomerHasBlacklistedEmployee', value: true }]) });
  expect(flag.statusCode, flag.body).toBe(200);
});
afterAll(async () => { await t?.close(); });

describe('GET /JobOrders/{id}/matches', () => {
  it('ranks the employees who fit first, with a score and evidence per category; never a blacklisted pair, one beyond the radius, or one the caller cannot see', async () => {
    const res = await matches(admin, `/JobOrders/${forkliftOrder}/matches`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(ids(res)[0]).toBe(strong);
    expect(ids(res)).toContain(weak);
    expect(ids(res)).not.toContain(blacklisted);
    expect(ids(res)).not.toContain(far);
    const [best] = body.data;
    expect(best).toMatchObject({ employeeId: strong, firstName: 'Pat', lastName: 'Strong', distanceMiles: 0 });
    expect(best.score).toBeGreaterThan(body.data.find((m: { employeeId: number }) => m.employeeId === weak).score);
    expect(Object.keys(best.evidence)).toEqual(['occupation', 'skills', 'certifications', 'distance', 'experience', 'availability', 'pay', 'history', 'assessments']);
    expect(best.evidence.certifications).toMatchObject({ value: 1, matched: ['forklift-certification'], missing: [] });
    expect(body.totalCount).toBe(body.data.length);
    // The South branch's employee is the admin's to see, not the North rep's.
    expect(ids(res)).toContain(southern);
    expect(ids(await matches(north, `/JobOrders/${forkliftOrder}/matches`))).not.toContain(southern);
  });

  it('maxMiles widens the radius; minScore, skip and take page the ranking', async () => {
    expect(ids(await matches(admin, `/JobOrders/${forkliftOrder}/matches?maxMiles=100`))).toContain(far);
    const all = ids(await matches(admin, `/JobOrders/${forkliftOrder}/matches`));
    expect(ids(await matches(admin, `/JobOrders/${forkliftOrder}/matches?skip=1&take=1`))).toEqual([all[1]]);
    const top = await matches(admin, `/JobOrders/${forkliftOrder}/matches?minScore=100`);
    expect(top.json().data.every((m: { score: number }) => m.score >= 100)).toBe(true);
  });

  it('an employee who moves into range is found with their profile (the place is made anew with the profile\'s ids)', async () => {
    const mover = await employee('Mover', '55901', FORKLIFT);
    expect(ids(await matches(admin, `/JobOrders/${forkliftOrder}/matches`))).not.toContain(mover);
    // No API route changes a postal code today: the row is written as an address update would.
    await t.database.db.update(employees).set({ postalCode: '55401' }).where(and(eq(employees.tenantId, t.tenant.tenantId), eq(employees.id, mover)));
    expect(ids(await matches(admin, `/JobOrders/${forkliftOrder}/matches`))).toContain(mover);
  });

  it('the pool looks up the best ranked first and, when too few of them pass the hard filters, every one in range: the same pool either way', async () => {
    const verified = await new CredentialVerifier(t.database, 0).verify(t.tenant.northToken.sid, t.tenant.northToken.secret);
    if (!verified.ok) throw new Error(verified.detail);
    const scope = new DataScope(t.database.db, verified.principal);
    const read = await orderRequirements(scope, forkliftOrder);
    if (!read) throw new Error('the order is not found');
    const requirements = { ...read, maxMiles: 50 };
    const conditions = await poolFilter(scope, { customerId: requirements.customerId, worksite: requirements.worksite, maxMiles: null });
    const pool = async (firstLook?: number) => (await orderPool(scope, requirements, conditions, { skip: 0, take: 25 }, firstLook)).map((e) => e.employeeId);
    const all = await pool();
    expect(all).toContain(strong);
    expect(all).not.toContain(southern);
    expect(all.length).toBeGreaterThan(1);
    // One looked up first: fewer than the pool's size pass, more were in range, so all are looked up.
    expect(await pool(1)).toEqual(all);
  });

  it('a required licence filters: a driver with a current CDL-A is listed, one whose licence lapsed or who has none is not', async () => {
    const listed = ids(await matches(admin, `/JobOrders/${driverOrder}/matches`));
    expect(listed).toContain(current);
    expect(listed).not.toContain(lapsed);
    expect(listed).not.toContain(strong);
  });

  it('fields= answers only the fields named and the id; CSV shows each part of the evidence as a column', async () => {
    const res = await matches(admin, `/JobOrders/${forkliftOrder}/matches?fields=score`);
    expect(res.statusCode, res.body).toBe(200);
    expect(Object.keys(res.json().data[0]).sort()).toEqual(['employeeId', 'score']);
    const csv = await admin({ method: 'GET', url: `/JobOrders/${forkliftOrder}/matches`, headers: { accept: 'text/csv' } });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\n')[0]).toContain('evidence.skills.summary');
  });

  it('bad input: an unknown order is 404, another hierarchy\'s too; a bad parameter is 400 naming it', async () => {
    expect((await matches(admin, '/JobOrders/99999/matches')).statusCode).toBe(404);
    const bad = await matches(admin, `/JobOrders/${forkliftOrder}/matches?maxMiles=0`);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('maxMiles');
    const unknown = await matches(admin, `/JobOrders/${forkliftOrder}/matches?fields=nope`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('fields');
  });
});

describe('GET /Employees/{id}/matches', () => {
  it('ranks the open orders that fit the employee, each with its score and evidence; an order whose licence the employee lacks is not listed', async () => {
    const res = await matches(admin, `/Employees/${strong}/matches`);
    expect(res.statusCode, res.body).toBe(200);
    expect(ids(res)).toEqual([forkliftOrder]);
    expect(res.json().data[0]).toMatchObject({ jobOrderId: forkliftOrder, customerId: customer, distanceMiles: 0 });
    expect(ids(await matches(admin, `/Employees/${current}/matches`))[0]).toBe(driverOrder);
    // The blacklisted employee is never offered the customer's order.
    expect(ids(await matches(admin, `/Employees/${blacklisted}/matches`))).not.toContain(forkliftOrder);
  });

  it('404 for an unknown employee and one outside the caller\'s hierarchy', async () => {
    expect((await matches(admin, '/Employees/99999999/matches')).statusCode).toBe(404);
    expect((await matches(north, `/Employees/${southern}/matches`)).statusCode).toBe(404);
  });
});

describe('POST /JobOrders/{id}/matches/{employeeId}', () => {
  it('makes a matched employee the order\'s candidate (Under review) in one call; again is 409 CANDIDATE_EXISTS; a refused pair is 409 MATCH_REFUSED', async () => {
    const made = await admin({ method: 'POST', url: `/JobOrders/${forkliftOrder}/matches/${strong}` });
    expect(made.statusCode, made.body).toBe(201);
    const candidate = await admin({ method: 'GET', url: made.headers.location as string });
    expect(candidate.json()).toMatchObject({ employeeId: strong, status: 'Under review', utmSource: 'matching' });
    const again = await admin({ method: 'POST', url: `/JobOrders/${forkliftOrder}/matches/${strong}` });
    expect([again.statusCode, again.json().code]).toEqual([409, 'CANDIDATE_EXISTS']);
    const refused = await admin({ method: 'POST', url: `/JobOrders/${forkliftOrder}/matches/${blacklisted}` });
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'MATCH_REFUSED']);
    expect(refused.json().detail).toContain('CUSTOMER_BLACKLISTED_EMPLOYEE');
    const unlicensed = await admin({ method: 'POST', url: `/JobOrders/${driverOrder}/matches/${lapsed}` });
    expect([unlicensed.statusCode, unlicensed.json().code]).toEqual([409, 'MATCH_REFUSED']);
  });
});
