// Candidate facts in bulk and the pool's hard filter (issue 30 item 3, decision 0059), over data made
// through the API where it can be (employees, assignments and their blacklist flags, the customer's
// I-9 requirement, rule settings, assessment results; customers and orders by the fixtures the
// restriction tests use): blacklists either side, an inactive employee, I-9, a radius with a known
// distance, hierarchy visibility, past assignments and assessments, and the statements for 1,000.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { as, callers, testApp, type Caller, type TestContext } from '../../../test/helpers.ts';
import { DataScope } from '../../platform/scope.ts';
import { principalOfRep } from '../../platform/auth/rep-principal.ts';
import { employees } from '../employees/employee.table.ts';
import { postalCodes } from '../gazetteer/gazetteer.table.ts';
import { gazetteerKey } from '../gazetteer/gazetteer.repository.ts';
import { lookupId, seedCustomer, seedJobOrder, seedJobTitle, seedWorksite, vet, type Place } from '../assignments/assignment.fixtures.ts';
import * as R from '../reference-data/reference.table.ts';
import { repToken, seedOffer, seedSession } from '../assessments/assessment-session.fixtures.ts';
import { factsForEmployee, factsOf, poolFilter, type PoolOrder } from './matching.facts.ts';

let t: TestContext;
let admin: Caller;
let customer = 0, order = 0, secondCustomer = 0, otherOrder = 0;
const EARTH_RADIUS = 6_378_168; // earthdistance's
const MILE = 1609.344;

const place = (side: 'north' | 'south'): Place => ({ tenantId: t.tenant.tenantId, ...t.tenant[side] });
const scopeOf = async (repId: number) => new DataScope(t.database.db, (await principalOfRep(t.database.db, t.tenant.tenantId, repId))!);

async function newEmployee(lastName: string, extra: Record<string, unknown> = {}, branchId = t.tenant.north.branchId): Promise<number> {
  const res = await admin({ method: 'POST', url: '/Employees', payload: { firstName: 'Pat', lastName, branchId, region: 'MN', postalCode: '55401', ...extra } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().employeeId;
}
const patch = (url: string, document: unknown[]) =>
  admin({ method: 'PATCH', url, headers: { 'content-type': 'application/json-patch+json' }, payload: JSON.stringify(document) });

/** An assignment of the employee on the order, made as a recruiter makes one (vetted first), then PATCHed. */
async function assigned(employeeId: number, jobOrderId: number, changes: unknown[] = []): Promise<number> {
  await vet(admin, jobOrderId, employeeId);
  const res = await admin({ method: 'POST', url: '/Assignments', payload: { employeeId, jobOrderId, startDate: '2026-01-05' } });
  expect(res.statusCode, res.body).toBe(201);
  const id: number = res.json().assignmentId;
  if (changes.length) expect((await patch(`/Assignments/${id}`, changes)).statusCode).toBe(200);
  return id;
}

/** The employees of `ids` the pool's hard filter lets in, as a candidate query adds it. */
async function pool(scope: DataScope, ids: number[], o: PoolOrder = { customerId: customer, worksite: null, maxMiles: null }) {
  const rows = await scope.select(employees, { id: employees.id })
    .where(and(sql`${employees.id} = any(${sql.param(ids)}::bigint[])`, ...await poolFilter(scope, o))).orderBy(asc(employees.id));
  return rows.map((r) => r.id);
}

beforeAll(async () => {
  t = await testApp();
  ({ admin } = callers(t));
  const db = t.database.db;
  const n = place('north');
  customer = await seedCustomer(db, n);
  const jobTitle = await seedJobTitle(db, n);
  order = await seedJobOrder(db, n, { customerId: customer, jobTitleId: jobTitle, worksiteId: await seedWorksite(db, n.tenantId, customer), extra: { positionsRequired: 50 } });
  secondCustomer = await seedCustomer(db, n, 'Second Goods');
  otherOrder = await seedJobOrder(db, n, { customerId: secondCustomer, jobTitleId: jobTitle, worksiteId: await seedWorksite(db, n.tenantId, secondCustomer), extra: { positionsRequired: 50 } });
});
afterAll(async () => { await t?.close(); });

describe('candidate facts and the hard filter', () => {
  it('a pair blacklisted either side is refused by its rule and filtered out of the pool; the other customer\'s order still takes the employee', async () => {
    const clear = await newEmployee('Clear');
    const byCustomer = await newEmployee('Unwelcome');
    const byEmployee = await newEmployee('Unwilling');
    const doNotReturn = await assigned(byCustomer, order, [{ op: 'replace', path: '/CustomerHasBlacklistedEmployee', value: true },
      { op: 'replace', path: '/PerformanceNote', value: 'Left the line unattended' }]);
    await assigned(byEmployee, order, [{ op: 'replace', path: '/EmployeeHasBlacklistedCustomer', value: true }]);
    const scope = await scopeOf(t.tenant.adminRepId);
    const facts = await factsOf(scope, order, [clear, byCustomer, byEmployee]);
    expect(facts.get(clear)?.refusals).toEqual([]);
    expect(facts.get(byCustomer)?.refusals).toEqual(['CUSTOMER_BLACKLISTED_EMPLOYEE']);
    expect(facts.get(byEmployee)?.refusals).toEqual(['EMPLOYEE_BLACKLISTED_CUSTOMER']);
    expect(facts.get(byCustomer)).toMatchObject({ name: 'Pat Unwelcome', isActive: true, overlappingAssignments: 1,
      pastAssignmentsWithCustomer: [{ assignmentId: doNotReturn, endedWell: false, performanceNote: 'Left the line unattended', startDate: '2026-01-05' }] });
    expect(await pool(scope, [clear, byCustomer, byEmployee])).toEqual([clear]);
    // Another customer's order: no restriction between them.
    const elsewhere = await factsForEmployee(scope, byCustomer, [otherOrder, order]);
    expect([elsewhere.get(otherOrder)?.refusals, elsewhere.get(order)?.refusals]).toEqual([[], ['CUSTOMER_BLACKLISTED_EMPLOYEE']]);
    expect(elsewhere.get(otherOrder)?.pastAssignmentsWithCustomer).toEqual([]);
    expect(await pool(scope, [byCustomer, byEmployee], { customerId: secondCustomer, worksite: null, maxMiles: null })).toEqual([byCustomer, byEmployee]);
  });

  it('an inactive employee (IsActive false, or a status of Terminated) is refused and filtered; the tenant turning the rule off lets it in', async () => {
    const off = await newEmployee('Off');
    const terminated = await newEmployee('Gone');
    expect((await patch(`/Employees/${off}`, [{ op: 'replace', path: '/IsActive', value: false }])).statusCode).toBe(200);
    // The API sets no employee status (the read shape shows it; datalists name it): the status is written as the data it is.
    await t.database.db.update(employees).set({ employeeStatusId: 'T' }).where(and(eq(employees.tenantId, t.tenant.tenantId), eq(employees.id, terminated)));
    const scope = await scopeOf(t.tenant.adminRepId);
    const facts = await factsOf(scope, order, [off, terminated]);
    expect([facts.get(off)?.refusals, facts.get(terminated)?.refusals]).toEqual([['EMPLOYEE_INACTIVE'], ['EMPLOYEE_INACTIVE']]);
    expect(facts.get(off)?.isActive).toBe(false);
    expect(await pool(scope, [off, terminated])).toEqual([]);

    const rule = (isEnabled: boolean) => admin({ method: 'PUT', url: '/assignmentRestriction/rules/EMPLOYEE_INACTIVE', payload: { isEnabled, approvalLevel: 'none' } });
    expect((await rule(false)).statusCode).toBe(200);
    try {
      expect((await factsOf(scope, order, [off])).get(off)?.refusals).toEqual([]);
      expect(await pool(scope, [off, terminated])).toEqual([off, terminated]);
    } finally {
      expect((await rule(true)).statusCode).toBe(200);
    }
  });

  it('I-9: refused and filtered only where the customer requires it, and only without a current I-9 on file', async () => {
    const without = await newEmployee('NoI9');
    const current = await newEmployee('HasI9');
    const lapsed = await newEmployee('OldI9');
    for (const [id, expires] of [[current, '2099-01-01T00:00:00Z'], [lapsed, '2020-01-01T00:00:00Z']] as const) {
      const res = await patch(`/Employees/${id}`, [{ op: 'replace', path: '/IsI9OnFile', value: true }, { op: 'replace', path: '/I9ExpirationDate', value: expires }]);
      expect(res.statusCode, res.body).toBe(200);
    }
    const scope = await scopeOf(t.tenant.adminRepId);
    const customerId = secondCustomer;
    expect(await pool(scope, [without, current, lapsed], { customerId, worksite: null, maxMiles: null })).toEqual([without, current, lapsed]);
    expect((await admin({ method: 'PUT', url: `/assignmentRestriction/customers/${customerId}`, payload: { requiresI9: true } })).statusCode).toBe(200);
    const facts = await factsOf(scope, otherOrder, [without, current, lapsed]);
    expect([without, current, lapsed].map((id) => facts.get(id)?.refusals)).toEqual([['I9_MISSING'], [], ['I9_MISSING']]);
    expect(await pool(scope, [without, current, lapsed], { customerId, worksite: null, maxMiles: null })).toEqual([current]);
  });

  it('distance: an employee 20 miles from the worksite (the gazetteer\'s centroid of the postal code) is in within 21 miles, out within 19; unknown places are out', async () => {
    const near = await newEmployee('Twenty');
    const nowhere = await newEmployee('Nowhere', { postalCode: '00000' });
    const [zip] = await t.database.db.select().from(postalCodes).where(and(eq(postalCodes.countryCode, 840), eq(postalCodes.postalCode, '55401')));
    const scope = await scopeOf(t.tenant.adminRepId);
    const facts = await factsOf(scope, order, [near, nowhere]);
    expect(facts.get(near)?.place).toEqual({ latitude: zip!.latitude, longitude: zip!.longitude });
    expect(facts.get(nowhere)?.place).toBeNull();
    // Due north along the meridian: 20 miles of arc on earthdistance's sphere.
    const worksite = { latitude: zip!.latitude + (20 * MILE / EARTH_RADIUS) * (180 / Math.PI), longitude: zip!.longitude };
    expect(await pool(scope, [near, nowhere], { customerId: customer, worksite, maxMiles: 21 })).toEqual([near]);
    expect(await pool(scope, [near, nowhere], { customerId: customer, worksite, maxMiles: 19 })).toEqual([]);
    // A move follows the postal code (the trigger on employees; the API has no address change yet, so the row is written).
    await t.database.db.update(employees).set({ postalCode: '55401-1234' }).where(and(eq(employees.tenantId, t.tenant.tenantId), eq(employees.id, nowhere)));
    expect(await pool(scope, [near, nowhere], { customerId: customer, worksite, maxMiles: 21 })).toEqual([near, nowhere]);
  });

  it('the places trigger keys a postal code as the gazetteer does (ZIP+4, Canadian areas, spaces and case)', async () => {
    const samples = [[840, '55401-1234'], [840, ' 55401 '], [124, 'k1a 0b1'], [124, 'M5V3L9'], [826, 'sw1a 1aa']] as const;
    for (const [country, code] of samples) {
      const { rows: [row] } = await t.database.pool.query<{ key: string }>('select employee_gazetteer_key($1, $2) as key', [country, code]);
      expect(row?.key, `${country} ${code}`).toBe(gazetteerKey(country, code));
    }
  });

  it('another hierarchy\'s employee is never read: the South rep gets no facts of a North employee, nor the North order', async () => {
    const northOnly = await newEmployee('Northern');
    const south = await scopeOf(t.tenant.south.repId);
    const n = place('north');
    expect(n.hierId).not.toBe(t.tenant.south.hierId);
    await expect(factsOf(south, order, [northOnly])).rejects.toMatchObject({ status: 404 });
    const southCustomer = await seedCustomer(t.database.db, place('south'), 'Southern Goods');
    const southOrder = await seedJobOrder(t.database.db, place('south'), { customerId: southCustomer, jobTitleId: await seedJobTitle(t.database.db, place('south'), 'Picker'),
      worksiteId: await seedWorksite(t.database.db, t.tenant.tenantId, southCustomer) });
    expect((await factsOf(south, southOrder, [northOnly])).size).toBe(0);
    await expect(factsForEmployee(south, northOnly, [southOrder])).rejects.toMatchObject({ status: 404 });
    expect(await pool(south, [northOnly])).toEqual([]);
    const admins = await scopeOf(t.tenant.adminRepId);
    expect((await factsOf(admins, southOrder, [northOnly])).get(northOnly)?.name).toBe('Pat Northern');
  });

  it('past assignments with the customer say how they ended; completed assessments give their scores on 0-100 and outcome', async () => {
    const worker = await newEmployee('Returning');
    const ended = await lookupId(t.database.db, R.assignmentStatuses, t.tenant.tenantId, 'Ended');
    const done = await assigned(worker, order, [{ op: 'replace', path: '/AssignmentStatusId', value: ended },
      { op: 'replace', path: '/EndDate', value: '2026-02-27T00:00:00Z' }, { op: 'replace', path: '/PerformanceNote', value: 'Asked for again' }]);
    const codes = ['typing', 'safety'] as const;
    const offer = await seedOffer(t.database.db, t.tenant.tenantId, codes, { kind: 'webhook' });
    const session = await seedSession(t.database.db, { tenantId: t.tenant.tenantId, hierId: t.tenant.north.hierId, employeeId: worker, vendorId: offer.vendorId, assessmentIds: offer.assessmentIds, codes });
    const vendor = as(t.app, await repToken(t.database.db, t.tenant.tenantId, t.tenant.adminRepId, ['assessment-webhook']));
    for (const result of [{ reportId: 'R-1', assessmentCode: 'typing', score: 44, maxScore: 50, outcome: 'pass', completedAt: '2026-03-15T14:02:00Z' },
      { reportId: 'R-2', assessmentCode: 'safety', score: 3, maxScore: 10, outcome: 'fail', completedAt: '2026-03-10T09:00:00Z' }]) {
      const res = await vendor({ method: 'POST', url: `/Assessments/Sessions/Vendors/${offer.vendorId}/Results?data=${encodeURIComponent(JSON.stringify({ sessionId: session, ...result }))}` });
      expect(res.statusCode, res.body).toBe(204);
    }
    const scope = await scopeOf(t.tenant.adminRepId);
    const facts = (await factsOf(scope, order, [worker])).get(worker);
    expect(facts).toMatchObject({ refusals: [], overlappingAssignments: 0,
      pastAssignmentsWithCustomer: [{ assignmentId: done, endedWell: true, performanceNote: 'Asked for again', startDate: '2026-01-05', endDate: '2026-02-27' }] });
    expect(facts?.assessments).toEqual([
      { name: 'Assessment typing', score: 88, passed: true, completedAt: '2026-03-15T14:02:00.000Z' },
      { name: 'Assessment safety', score: 30, passed: false, completedAt: '2026-03-10T09:00:00.000Z' },
    ]);
  });

  it('facts for 1,000 employees are read in as many statements as for 3', async () => {
    const made: number[] = [];
    for (let i = 0; i < 1000; i += 50) {
      made.push(...await Promise.all(Array.from({ length: 50 }, (_, k) => newEmployee(`Many${i + k}`))));
    }
    const scope = await scopeOf(t.tenant.adminRepId);
    const statements = async (ids: number[]) => {
      const spy = vi.spyOn(t.database.pool, 'query');
      try {
        const facts = await factsOf(scope, order, ids);
        expect(facts.size).toBe(ids.length);
        return spy.mock.calls.length;
      } finally {
        spy.mockRestore();
      }
    };
    const few = await statements(made.slice(0, 3));
    const many = await statements(made);
    expect(few).toBeGreaterThan(0);
    expect(many).toBe(few);
    expect(many).toBeLessThanOrEqual(8);
  }, 120_000);
});
