// The AssessOnCloud callbacks (ASM-18 to ASM-24, AMB-70 (a)): results stored once and acknowledged
// every time, all or nothing, completing the session; status updates that never move backwards;
// 404 for sessions the caller may not report on, 400 naming the field, declared access.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, type Caller, testApp, type TestContext } from '../../../test/helpers.ts';
import { and, eq } from 'drizzle-orm';
import { assessmentResults } from './assessment.table.ts';
import { repToken, seedOffer, seedSession, serviceBearer } from './assessment-session.fixtures.ts';
import { callbackAccess } from './assessment-callback.routes.ts';
import { statusApplies } from './assessment-callback.repository.ts';

const CODES = ['typing-60', 'forklift-safety'] as const;
let t: TestContext;
/** The dedicated callback rep: at the root node, only the callback scope (AMB-70 (a)). */
let provider: Caller;
let north: Caller;
let offer: Awaited<ReturnType<typeof seedOffer>>;
let employees: { north: number; other: number };
let otherSession: number;

async function newEmployee(caller: Caller, branchId: number): Promise<number> {
  const res = await caller({ method: 'POST', url: '/Employees', payload: { firstName: 'Ann', lastName: 'Lee', branchId, region: 'MN' } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().employeeId;
}

/** A requested session of the North employee, with the provider's id `AOC-<n>` when asked. */
async function session(providerSessionId?: string, vendor = offer): Promise<number> {
  return seedSession(t.database.db, {
    tenantId: t.tenant.tenantId, hierId: t.tenant.north.hierId, employeeId: employees.north, vendorId: vendor.vendorId,
    assessmentIds: vendor.assessmentIds, codes: CODES, providerSessionId,
  });
}

beforeAll(async () => {
  t = await testApp();
  const db = t.database.db;
  provider = as(t.app, await repToken(db, t.tenant.tenantId, t.tenant.adminRepId, ['assessoncloudresults-write']));
  north = as(t.app, t.tenant.northToken);
  offer = await seedOffer(db, t.tenant.tenantId, CODES, { apiUrl: 'http://127.0.0.1:9', apiKey: 'k' });
  employees = { north: await newEmployee(as(t.app, t.tenant.adminToken), t.tenant.north.branchId), other: await newEmployee(as(t.app, t.other.adminToken), t.other.north.branchId) };
  const otherOffer = await seedOffer(db, t.other.tenantId, CODES, { apiUrl: 'http://127.0.0.1:9', apiKey: 'k' });
  otherSession = await seedSession(db, { tenantId: t.other.tenantId, hierId: t.other.north.hierId, employeeId: employees.other, vendorId: otherOffer.vendorId, assessmentIds: otherOffer.assessmentIds, codes: CODES });
});
afterAll(async () => { await t?.close(); });

/** The session's `assessmentSession.updated` events, oldest first: their changedFields (GEN-16). */
async function sessionEvents(id: number): Promise<string[][]> {
  const { rows } = await t.database.pool.query<{ type: string; data: { changedFields: string[] }; location: string }>(
    `select type, data, location from events where tenant_id = $1 and record_type = 'AssessmentSession' and record_id = $2 order by id`, [t.tenant.tenantId, id]);
  for (const row of rows) expect(row).toMatchObject({ type: 'assessmentSession.updated', location: `/Assessments/Sessions/${id}` });
  return rows.map((r) => r.data.changedFields);
}

const report = (n: number, code: string = CODES[0], extra: Record<string, unknown> = {}) => ({
  reportId: `R-${n}`, assessmentCode: code, status: 'completed', completedAt: '2026-03-15T14:02:00Z',
  score: { value: 62, minimum: 0, maximum: 100 }, percentile: 88, outcome: 'pass', reportUrl: `https://assess.example/reports/R-${n}`, ...extra,
});
const results = (payload: unknown, caller: Caller = provider) => caller({ method: 'POST', url: '/Assessments/Sessions/AssessOnCloud/Results', payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } });
const status = (payload: unknown, caller: Caller = provider) => caller({ method: 'POST', url: '/Assessments/Sessions/AssessOnCloud/Status', payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } });
const read = async (sessionId: number) => (await north({ method: 'GET', url: `/Assessments/Sessions/${sessionId}` })).json();
const storedCount = async (sessionId: number) => (await t.database.db.select({ id: assessmentResults.id }).from(assessmentResults)
  .where(and(eq(assessmentResults.tenantId, t.tenant.tenantId), eq(assessmentResults.sessionId, sessionId)))).length;

describe('POST /Assessments/Sessions/AssessOnCloud/Results', () => {
  it('ASM-19 ASM-24: stores each report (score on its range, percentile, outcome, link) and answers 200 with the acknowledgment; the results show on the session', async () => {
    const id = await session('AOC-1');
    const res = await results({ assessmentSessionId: id, providerSessionId: 'AOC-1', reports: [report(1)] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ acknowledged: true, assessmentSessionId: id, received: 1, stored: 1, duplicates: 0, status: 'requested' });
    expect((await read(id)).results).toEqual([{
      reportId: 'R-1', assessmentCode: 'typing-60', score: { value: 62, minimum: 0, maximum: 100 }, percentile: 88, outcome: 'pass',
      completedAt: '2026-03-15T14:02:00.000Z', reportUrl: 'https://assess.example/reports/R-1', receivedAt: expect.any(String),
    }]);
  });

  it('ASM-19: the same results delivered twice are stored once and acknowledged twice', async () => {
    const id = await session();
    const payload = { assessmentSessionId: id, reports: [report(1), report(2, CODES[0], { score: { value: 7 } })] };
    expect((await results(payload)).json()).toMatchObject({ received: 2, stored: 2, duplicates: 0 });
    const again = await results(payload);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ acknowledged: true, received: 2, stored: 0, duplicates: 2 });
    expect(await storedCount(id)).toBe(2);
  });

  it('ASM-19: the same report delivered twice at the same time is stored once', async () => {
    const id = await session();
    const payload = { assessmentSessionId: id, reports: [report(1)] };
    const answers = await Promise.all([results(payload), results(payload), results(payload)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(answers.map((a) => a.json().stored).sort()).toEqual([0, 0, 1]);
    expect(await storedCount(id)).toBe(1);
  });

  it('results for every assessment of the session complete it; results for some do not', async () => {
    const id = await session();
    expect((await results({ assessmentSessionId: id, reports: [report(1, CODES[0])] })).json().status).toBe('requested');
    const done = await results({ assessmentSessionId: id, reports: [report(2, CODES[1], { completedAt: '2026-03-16T09:30:00+01:00' })] });
    expect(done.json().status).toBe('completed');
    expect(await read(id)).toMatchObject({ status: 'completed', statusChangedAt: '2026-03-16T08:30:00.000Z' });
    // GEN-16: each callback that stored results is an event; the one that completed the session says so.
    await results({ assessmentSessionId: id, reports: [report(2, CODES[1])] });
    expect(await sessionEvents(id)).toEqual([['results'], ['results', 'status']]);
  });

  it('results for a session that has expired are stored; the session stays expired', async () => {
    const id = await session();
    expect((await status({ assessmentSessionId: id, status: 'expired', occurredAt: '2026-03-01T00:00:00Z', reason: 'invitation expired' })).json().applied).toBe(true);
    const res = await results({ assessmentSessionId: id, reports: [report(1, CODES[0]), report(2, CODES[1])] });
    expect(res.json()).toMatchObject({ stored: 2, status: 'expired' });
  });

  it('nothing is half-written: a batch with one report for an assessment outside the session stores none (400 naming reports.1.assessmentCode)', async () => {
    const id = await session();
    const res = await results({ assessmentSessionId: id, reports: [report(1), report(2, 'not-ours'), report(3, CODES[1])] });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['reports.1.assessmentCode']);
    expect(await storedCount(id)).toBe(0);
    expect((await read(id)).status).toBe('requested');
  });

  it('ASM-24: 400 naming the field for a malformed callback, and nothing is stored', async () => {
    const id = await session();
    const cases: [unknown, string][] = [
      [{ reports: [report(1)] }, 'assessmentSessionId'],
      [{ assessmentSessionId: 'x', reports: [report(1)] }, 'assessmentSessionId'],
      [{ assessmentSessionId: id, reports: [] }, 'reports'],
      [{ assessmentSessionId: id, reports: Array.from({ length: 101 }, (_, n) => report(n)) }, 'reports'],
      [{ assessmentSessionId: id, reports: [{ ...report(1), reportId: undefined }] }, 'reports.0.reportId'],
      [{ assessmentSessionId: id, reports: [report(1, CODES[0], { completedAt: '15/03/2026' })] }, 'reports.0.completedAt'],
      // PostgreSQL has no year 0: outside the stored range is a 400, not a failed insert (500).
      [{ assessmentSessionId: id, reports: [report(1, CODES[0], { completedAt: '0000-01-01T00:00:00Z' })] }, 'reports.0.completedAt'],
      [{ assessmentSessionId: id, reports: [report(1, CODES[0], { completedAt: '0001-01-01T00:00:00+01:00' })] }, 'reports.0.completedAt'],
      [{ assessmentSessionId: id, reports: [report(1, CODES[0], { outcome: 'maybe' })] }, 'reports.0.outcome'],
      [{ assessmentSessionId: id, reports: [report(1, CODES[0], { percentile: 101 })] }, 'reports.0.percentile'],
      [{ assessmentSessionId: id, reports: [report(1, CODES[0], { reportUrl: 'ftp://x' })] }, 'reports.0.reportUrl'],
      [{ assessmentSessionId: id, reports: [report(1), report(2, CODES[0], { score: { value: 120, maximum: 100 } })] }, 'reports.1.score.value'],
      [{ assessmentSessionId: id, reports: [report(1, CODES[0], { score: { value: 1, minimum: 5, maximum: 2 } })] }, 'reports.0.score.minimum'],
      [{ assessmentSessionId: id, reports: [report(1, CODES[0], { status: 'started' })] }, 'reports.0.status'],
    ];
    for (const [payload, field] of cases) {
      const res = await results(payload);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(Object.keys(res.json().errors), field).toContain(field);
    }
    expect(await storedCount(id)).toBe(0);
  });

  it('404 for an unknown session, another tenant\'s, one outside the caller\'s hierarchy, another provider session id, or a webhook vendor\'s session', async () => {
    const id = await session('AOC-7');
    const webhook = await seedOffer(t.database.db, t.tenant.tenantId, CODES, { kind: 'webhook' });
    const southProvider = as(t.app, await repToken(t.database.db, t.tenant.tenantId, t.tenant.south.repId, ['assessoncloudresults-write']));
    const cases: [Record<string, unknown>, Caller][] = [
      [{ assessmentSessionId: 9_000_000_000 }, provider],
      [{ assessmentSessionId: otherSession }, provider],
      [{ assessmentSessionId: id }, southProvider],
      [{ assessmentSessionId: id, providerSessionId: 'AOC-8' }, provider],
      [{ assessmentSessionId: await session(undefined, webhook) }, provider],
    ];
    for (const [target, caller] of cases) {
      const res = await results({ ...target, reports: [report(1)] }, caller);
      expect(res.statusCode, `${JSON.stringify(target)}: ${res.body}`).toBe(404);
      expect((await status({ ...target, status: 'inProgress', occurredAt: '2026-03-15T10:00:00Z' }, caller)).statusCode).toBe(404);
    }
    expect(await storedCount(id)).toBe(0);
  });
});

describe('POST /Assessments/Sessions/AssessOnCloud/Status', () => {
  const at = (hour: number) => `2026-03-15T${String(hour).padStart(2, '0')}:00:00Z`;

  it('ASM-22 ASM-24: applies a newer status and answers 200 with the acknowledgment; the reason shows on the session', async () => {
    const id = await session('AOC-2');
    const res = await status({ assessmentSessionId: id, providerSessionId: 'AOC-2', status: 'inProgress', occurredAt: at(10) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ acknowledged: true, assessmentSessionId: id, applied: true, status: 'inProgress', statusChangedAt: '2026-03-15T10:00:00.000Z' });
    await status({ assessmentSessionId: id, status: 'failed', occurredAt: at(11), reason: 'candidate withdrew' });
    expect(await read(id)).toMatchObject({ status: 'failed', statusReason: 'candidate withdrew' });
  });

  it('out-of-order updates never move a session backwards: a lower status or an older one of the same rank is acknowledged, not applied', async () => {
    const id = await session();
    expect((await status({ assessmentSessionId: id, status: 'inProgress', occurredAt: at(12) })).json().applied).toBe(true);
    const older = await status({ assessmentSessionId: id, status: 'inProgress', occurredAt: at(11) });
    expect(older.statusCode).toBe(200);
    expect(older.json()).toMatchObject({ acknowledged: true, applied: false, status: 'inProgress', statusChangedAt: '2026-03-15T12:00:00.000Z' });
    expect((await status({ assessmentSessionId: id, status: 'requested', occurredAt: at(13) })).json()).toMatchObject({ applied: false, status: 'inProgress' });
    expect((await status({ assessmentSessionId: id, status: 'inProgress', occurredAt: at(14) })).json()).toMatchObject({ applied: true, statusChangedAt: '2026-03-15T14:00:00.000Z' });
    expect((await status({ assessmentSessionId: id, status: 'completed', occurredAt: at(9) })).json()).toMatchObject({ applied: true, status: 'completed' });
    for (const late of ['inProgress', 'expired', 'failed', 'completed']) {
      expect((await status({ assessmentSessionId: id, status: late, occurredAt: at(20) })).json(), late).toMatchObject({ applied: false, status: 'completed' });
    }
    expect((await read(id)).status).toBe('completed');
  });

  it('the same status delivered twice is applied once and acknowledged twice', async () => {
    const id = await session();
    const payload = { assessmentSessionId: id, status: 'inProgress', occurredAt: at(10) };
    expect((await status(payload)).json().applied).toBe(true);
    expect((await status(payload)).json()).toMatchObject({ acknowledged: true, applied: false, status: 'inProgress' });
    expect(await sessionEvents(id)).toEqual([['status']]); // GEN-16: the applied update only
  });

  it('ASM-24: 400 naming the field for a malformed update', async () => {
    const id = await session();
    const cases: [unknown, string][] = [
      [{ status: 'inProgress', occurredAt: at(10) }, 'assessmentSessionId'],
      [{ assessmentSessionId: id, status: 'done', occurredAt: at(10) }, 'status'],
      [{ assessmentSessionId: id, status: 'inProgress' }, 'occurredAt'],
      [{ assessmentSessionId: id, status: 'inProgress', occurredAt: '2026-03-15 10:00' }, 'occurredAt'],
      [{ assessmentSessionId: id, status: 'inProgress', occurredAt: '0000-06-01T10:00:00Z' }, 'occurredAt'],
      [{ assessmentSessionId: id, status: 'failed', occurredAt: at(10), reason: 'x'.repeat(1001) }, 'reason'],
      [{ assessmentSessionId: id, providerSessionId: '', status: 'failed', occurredAt: at(10) }, 'providerSessionId'],
    ];
    for (const [payload, field] of cases) {
      const res = await status(payload);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(Object.keys(res.json().errors), field).toContain(field);
    }
    expect((await read(id)).status).toBe('requested');
  });

  it('statusApplies: terminal statuses are final; lower ranks never apply; the same rank only when newer', () => {
    const changedAt = new Date('2026-03-15T10:00:00Z'), later = new Date('2026-03-15T11:00:00Z'), earlier = new Date('2026-03-15T09:00:00Z');
    expect(statusApplies({ status: 'requested', changedAt }, { status: 'inProgress', at: earlier })).toBe(true);
    expect(statusApplies({ status: 'inProgress', changedAt }, { status: 'requested', at: later })).toBe(false);
    expect(statusApplies({ status: 'inProgress', changedAt }, { status: 'inProgress', at: changedAt })).toBe(false);
    expect(statusApplies({ status: 'inProgress', changedAt }, { status: 'inProgress', at: later })).toBe(true);
    expect(statusApplies({ status: 'inProgress', changedAt }, { status: 'expired', at: earlier })).toBe(true);
    for (const terminal of ['completed', 'expired', 'failed'] as const) {
      expect(statusApplies({ status: terminal, changedAt }, { status: 'completed', at: later })).toBe(false);
    }
  });
});

describe('access (ASM-18, ASM-21, AMB-70 (a))', () => {
  it('ASM-18 ASM-21: declared for ServiceRep with the assessoncloudresults-write scope', () => {
    expect(callbackAccess).toEqual({ roles: ['ServiceRep'], scopes: ['assessoncloudresults-write'] });
  });

  it('ASM-18 ASM-21 AMB-70 (a): the dedicated rep\'s token with only the callback scope is enough; a token without it is 403; a Service token with it is 403', async () => {
    const id = await session();
    const { tenantId, adminRepId } = t.tenant;
    const without = as(t.app, await repToken(t.database.db, tenantId, adminRepId, ['assessment-write', 'assessment-webhook']));
    const service = await serviceBearer(t, ['assessoncloudresults-write']);
    const serviceCaller: Caller = (options) => t.app.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${service}` } });
    const statusUpdate = { assessmentSessionId: id, status: 'inProgress', occurredAt: '2026-03-15T10:00:00Z' };
    for (const caller of [without, serviceCaller]) {
      expect((await results({ assessmentSessionId: id, reports: [report(1)] }, caller)).statusCode).toBe(403);
      expect((await status(statusUpdate, caller)).statusCode).toBe(403);
    }
    expect(await storedCount(id)).toBe(0);
    expect((await status(statusUpdate)).statusCode).toBe(200);
  });
});
