// GET /Assignments/{id}/accruals (ASG-12 to ASG-15, ASG-26, AMB-66, AMB-67): the tenant's default
// plans, computed from the assignment's timecards; access, visibility and paging.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { as, testApp, type TestContext } from '../../../test/helpers.ts';
import { issueCredential } from '../../platform/auth/tokens.ts';
import { payCodes } from '../reference-data/reference.table.ts';
import type { Place } from '../assignments/assignment.fixtures.ts';
import { seedAssignment, seedTimecard, type SeededAssignment } from './assignment-accrual.fixtures.ts';

let t: TestContext;
let north: Place;
let settled: SeededAssignment, fresh: SeededAssignment;
const DAY = 86_400_000;

async function payCode(name: string): Promise<number> {
  const [row] = await t.database.db.select({ id: payCodes.id }).from(payCodes).where(and(eq(payCodes.tenantId, t.tenant.tenantId), eq(payCodes.name, name)));
  if (!row) throw new Error(`no pay code ${name}`);
  return row.id;
}

beforeAll(async () => {
  t = await testApp();
  const db = t.database.db;
  north = { tenantId: t.tenant.tenantId, ...t.tenant.north };
  // Started 100 days ago: past both default plans' 90-day waiting period. Started 10 days ago: not yet.
  settled = await seedAssignment(db, north, { startDate: new Date(Date.now() - 100 * DAY) });
  fresh = await seedAssignment(db, north, { startDate: new Date(Date.now() - 10 * DAY) });
  const regular = await payCode('Regular'), vacation = await payCode('Vacation'), sick = await payCode('Sick');
  await seedTimecard(db, north, settled, { weekendDate: new Date(Date.now() - 90 * DAY), payCodeId: regular, regularHours: 40, overtimeHours: 6, doubletimeHours: 2 });
  await seedTimecard(db, north, settled, { weekendDate: new Date(Date.now() - 83 * DAY), payCodeId: regular, regularHours: 32 });
  await seedTimecard(db, north, settled, { weekendDate: new Date(Date.now() - 76 * DAY), payCodeId: vacation, regularHours: 1 });
  await seedTimecard(db, north, settled, { weekendDate: new Date(Date.now() - 69 * DAY), payCodeId: sick, regularHours: 2 });
});
afterAll(async () => { await t?.close(); });

const url = (a: SeededAssignment, query = '') => `/Assignments/${a.assignmentId}/accruals${query}`;

describe('GET /Assignments/{id}/accruals', () => {
  it('ASG-13 ASG-26: a paged list, one accrual per plan, computed from the assignment\'s timecards', async () => {
    const res = await as(t.app, t.tenant.northToken)({ method: 'GET', url: url(settled) });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.totalCount).toBe(2);
    expect(res.headers['x-total-count']).toBe('2');
    const [pto, sick] = body.data;
    // 80 hours worked; the vacation and sick timecards are time off.
    expect(pto).toMatchObject({ type: 'PTO', name: 'Paid time off', ratePerHourWorked: 0.025, maxBalance: 80, hoursWorked: 80, hoursAccrued: 2, hoursUsed: 1, balance: 1, activeTo: null, isActive: true });
    expect(sick).toMatchObject({ type: 'Sick', ratePerHourWorked: 0.033333, maxBalance: 48, hoursWorked: 80, hoursAccrued: 2.6667, hoursUsed: 2, balance: 0.6667, isActive: true });
    expect(Object.keys(pto).sort()).toEqual(['accrualId', 'activeFrom', 'activeTo', 'balance', 'hoursAccrued', 'hoursUsed', 'hoursWorked', 'isActive', 'maxBalance', 'name', 'ratePerHourWorked', 'type']);
    expect(new Date(pto.activeFrom).getTime()).toBeCloseTo(Date.now() - 10 * DAY, -5);
    // The accrual id is the plan's: the same on every assignment.
    const other = (await as(t.app, t.tenant.northToken)({ method: 'GET', url: url(fresh) })).json();
    expect(other.data.map((x: { accrualId: number }) => x.accrualId)).toEqual([pto.accrualId, sick.accrualId]);
    expect(other.data[0]).toMatchObject({ hoursWorked: 0, hoursAccrued: 0, balance: 0, isActive: false });
  });

  it('ASG-14 AMB-66: ActiveOnly=true lists only accruals whose window includes today; the default is false', async () => {
    const admin = as(t.app, t.tenant.adminToken);
    expect((await admin({ method: 'GET', url: url(fresh) })).json().totalCount).toBe(2);
    expect((await admin({ method: 'GET', url: url(fresh, '?ActiveOnly=true') })).json()).toEqual({ data: [], totalCount: 0 });
    expect((await admin({ method: 'GET', url: url(fresh, '?ActiveOnly=false') })).json().totalCount).toBe(2);
    expect((await admin({ method: 'GET', url: url(settled, '?activeonly=true') })).json().totalCount).toBe(2);
    const bad = await admin({ method: 'GET', url: url(fresh, '?ActiveOnly=maybe') });
    expect(bad.json()).toMatchObject({ status: 400, errors: { activeOnly: expect.any(Array) } });
  });

  it('ASG-15 AMB-67: Skip and Take, any case, default 0 and 1000; take 1 to 1000, skip at least 0', async () => {
    const admin = as(t.app, t.tenant.adminToken);
    const all = (await admin({ method: 'GET', url: url(settled) })).json();
    const second = (await admin({ method: 'GET', url: url(settled, '?Skip=1&Take=1') })).json();
    expect(second).toEqual({ data: [all.data[1]], totalCount: 2 });
    expect((await admin({ method: 'GET', url: url(settled, '?skip=0&TAKE=1') })).json().data).toEqual([all.data[0]]);
    expect((await admin({ method: 'GET', url: url(settled, '?Skip=5') })).json()).toEqual({ data: [], totalCount: 2 });
    for (const [query, field] of [['?Take=0', 'take'], ['?Take=1001', 'take'], ['?Skip=-1', 'skip'], ['?Skip=x', 'skip']] as const) {
      const res = await admin({ method: 'GET', url: url(settled, query) });
      expect(res.json(), query).toMatchObject({ status: 400, errors: { [field]: expect.any(Array) } });
    }
  });

  it('ASG-12: takes assignment-read or assignment-write; any other scope is 403', async () => {
    const token = async (scopes: string[]) => as(t.app, await issueCredential(t.database.db, {
      tenantId: t.tenant.tenantId, serviceRepId: t.tenant.adminRepId, kind: 'personal', name: scopes.join(), scopes, expiresAt: new Date(Date.now() + 60_000),
    }));
    for (const scope of ['assignment-read', 'assignment-write']) expect((await (await token([scope]))({ method: 'GET', url: url(settled) })).statusCode, scope).toBe(200);
    const refused = await (await token(['employee-read', 'timecard-read']))({ method: 'GET', url: url(settled) });
    expect(refused.json()).toMatchObject({ status: 403, code: 'SCOPE_MISSING' });
  });

  it('ASG-12: takes an Int64 id; 404 for an assignment of another branch or tenant, or none; 400 for an id that is no Int64', async () => {
    expect((await as(t.app, t.tenant.southToken)({ method: 'GET', url: url(settled) })).json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect((await as(t.app, t.other.adminToken)({ method: 'GET', url: url(settled) })).statusCode).toBe(404);
    for (const id of ['9007199254740991', '9007199254740993', '9223372036854775807']) {
      expect((await as(t.app, t.tenant.adminToken)({ method: 'GET', url: `/Assignments/${id}/accruals` })).statusCode, id).toBe(404);
    }
    for (const id of ['abc', '0', '9223372036854775808']) {
      const res = await as(t.app, t.tenant.adminToken)({ method: 'GET', url: `/Assignments/${id}/accruals` });
      expect(res.json(), id).toMatchObject({ status: 400, errors: { id: expect.any(Array) } });
    }
  });

  it('answers CSV like every list', async () => {
    const res = await as(t.app, t.tenant.adminToken)({ method: 'GET', url: url(settled), headers: { accept: 'text/csv' } });
    expect(res.statusCode).toBe(200);
    expect(res.body.split('\n')[0]).toContain('accrualId,type,name,ratePerHourWorked');
  });
});
