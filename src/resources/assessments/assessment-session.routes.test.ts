// Requesting and reading assessment sessions (ASM-20, ASM-23, AMB-70 (c)): the real HTTP provider
// client against the local provider double; 404 outside the hierarchy or tenant, 400 naming the
// package, 409 for an unconfigured vendor, 520 / 521 (session failed) when the provider cannot be
// reached / answers an error, access.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, type Caller, callers, testApp, type TestContext } from '../../../test/helpers.ts';
import { startProviderDouble, type ProviderDouble } from '../../../test/assessment-provider-double.ts';
import { repToken, seedCatalog, seedOffer, seedPackage, seedVendor, serviceBearer } from './assessment-session.fixtures.ts';
import { sessionReadAccess, sessionWriteAccess } from './assessment-session.routes.ts';

const API_KEY = 'sk-test-secret-0042';
let t: TestContext;
let double: ProviderDouble;
let admin: Caller, north: Caller, south: Caller, otherAdmin: Caller;
let ids: { northEmployee: number; southEmployee: number; otherEmployee: number; vendorId: number; packageId: number; otherPackage: number };

async function newEmployee(caller: Caller, branchId: number, extra: Record<string, unknown> = {}): Promise<number> {
  const res = await caller({ method: 'POST', url: '/Employees', payload: { firstName: 'Ann', lastName: 'Lee', branchId, region: 'MN', ...extra } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().employeeId;
}

beforeAll(async () => {
  t = await testApp();
  double = await startProviderDouble();
  ({ admin, north, south, otherAdmin } = callers(t));
  const db = t.database.db;
  const offer = await seedOffer(db, t.tenant.tenantId, ['typing-60', 'forklift-safety'], { apiUrl: double.url, apiKey: API_KEY });
  const other = await seedOffer(db, t.other.tenantId, ['typing-60'], { apiUrl: double.url, apiKey: API_KEY });
  ids = {
    northEmployee: await newEmployee(admin, t.tenant.north.branchId, { primaryEmailAddress: 'ann.lee@example.com' }),
    southEmployee: await newEmployee(admin, t.tenant.south.branchId),
    otherEmployee: await newEmployee(otherAdmin, t.other.north.branchId),
    vendorId: offer.vendorId, packageId: offer.packageId, otherPackage: other.packageId,
  };
});
afterAll(async () => { await double?.close(); await t?.close(); });

const request = (employeeId: number, payload: Record<string, unknown>, caller: Caller = north) =>
  caller({ method: 'POST', url: `/Employees/${employeeId}/assessmentSessions`, payload });
const sessionsOf = async (employeeId: number, caller: Caller = north) => {
  const res = await caller({ method: 'GET', url: `/Employees/${employeeId}/assessmentSessions` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('POST /Employees/{id}/assessmentSessions', () => {
  it('ASM-20 ASM-23 AMB-70 (c): calls the provider with the Bearer key, the candidate, the codes, our session id and the two callback addresses; 201 with the session', async () => {
    double.answerWith('session');
    const res = await request(ids.northEmployee, { assessmentPackageId: ids.packageId });
    expect(res.statusCode, res.body).toBe(201);
    const session = res.json();
    expect(res.headers.location).toBe(`/Assessments/Sessions/${session.assessmentSessionId}`);
    expect(session).toMatchObject({
      employeeId: ids.northEmployee, vendorId: ids.vendorId, resultsVia: 'provider', assessmentPackageId: ids.packageId, status: 'requested',
      providerSessionId: `AOC-${session.assessmentSessionId}-${double.requests.filter((r) => r.path === '/sessions').length}`,
      invitationUrl: expect.stringMatching(/^https:\/\/assess\.example\/take\//), expiresAt: '2030-01-31T23:59:59.000Z',
      requestedByServiceRepId: t.tenant.north.repId, results: [],
    });
    expect(session.items.map((i: { assessmentCode: string }) => i.assessmentCode)).toEqual(['forklift-safety', 'typing-60']);
    const call = double.requests.at(-1);
    expect(call?.method).toBe('POST');
    expect(call?.path).toBe('/sessions');
    expect(call?.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(call?.body).toEqual({
      assessmentSessionId: session.assessmentSessionId,
      candidate: { candidateId: String(ids.northEmployee), givenName: 'Ann', familyName: 'Lee', email: 'ann.lee@example.com' },
      assessments: [{ assessmentCode: 'forklift-safety' }, { assessmentCode: 'typing-60' }],
      locale: 'en',
      callbacks: { results: 'http://api.test/Assessments/Sessions/AssessOnCloud/Results', status: 'http://api.test/Assessments/Sessions/AssessOnCloud/Status' },
    });
    const read = await north({ method: 'GET', url: res.headers.location as string });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual(session);
  });

  it('passes the locale (es) and leaves out an email the employee does not have', async () => {
    const employeeId = await newEmployee(admin, t.tenant.north.branchId);
    expect((await request(employeeId, { assessmentPackageId: ids.packageId, locale: 'es' })).statusCode).toBe(201);
    expect(double.lastSession().locale).toBe('es');
    expect(double.lastSession().candidate).toEqual({ candidateId: String(employeeId), givenName: 'Ann', familyName: 'Lee' });
  });

  it('does not call a webhook vendor: the session stays requested and says its results come through the webhook', async () => {
    const offer = await seedOffer(t.database.db, t.tenant.tenantId, ['hook-1'], { kind: 'webhook' });
    const before = double.requests.length;
    const res = await request(ids.northEmployee, { assessmentPackageId: offer.packageId });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'requested', resultsVia: 'webhook', providerSessionId: null, invitationUrl: null, vendorId: offer.vendorId });
    expect(double.requests.length).toBe(before);
  });

  it('409 when the provider vendor has no API address or key; nothing is written', async () => {
    const employeeId = await newEmployee(admin, t.tenant.north.branchId);
    for (const vendor of [{ apiKey: API_KEY }, { apiUrl: double.url }]) {
      const offer = await seedOffer(t.database.db, t.tenant.tenantId, ['x-1'], vendor);
      const res = await request(employeeId, { assessmentPackageId: offer.packageId });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().detail).toMatch(/not configured/);
    }
    expect((await sessionsOf(employeeId)).totalCount).toBe(0);
  });

  it('400 naming assessmentPackageId for a package that is unknown, another tenant\'s, inactive, empty or of an inactive vendor; 400 naming locale', async () => {
    const db = t.database.db, tenantId = t.tenant.tenantId;
    const vendorId = await seedVendor(db, tenantId, { apiUrl: double.url, apiKey: API_KEY });
    const [active = 0, retired = 0] = await seedCatalog(db, tenantId, vendorId, ['live-1', 'old-1']);
    const inactiveVendor = await seedVendor(db, tenantId, { apiUrl: double.url, apiKey: API_KEY, isActive: false });
    const packages = [
      2_000_000_000, ids.otherPackage,
      await seedPackage(db, tenantId, vendorId, [active], false),
      await seedPackage(db, tenantId, vendorId, []),
      await seedPackage(db, tenantId, vendorId, [retired]),
      await seedPackage(db, tenantId, inactiveVendor, await seedCatalog(db, tenantId, inactiveVendor, ['z-1'])),
    ];
    for (const assessmentPackageId of packages) {
      const res = await request(ids.northEmployee, { assessmentPackageId });
      expect(res.statusCode, `${assessmentPackageId}: ${res.body}`).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(['assessmentPackageId']);
    }
    for (const [payload, field] of [[{}, 'assessmentPackageId'], [{ assessmentPackageId: 'one' }, 'assessmentPackageId'], [{ assessmentPackageId: ids.packageId, locale: 'fr' }, 'locale']] as const) {
      const res = await request(ids.northEmployee, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json().errors)).toContain(field);
    }
  });

  it('404 for an employee outside the caller\'s hierarchy, another tenant\'s or absent', async () => {
    for (const employeeId of [ids.southEmployee, ids.otherEmployee, 9_000_000_000]) {
      const res = await request(employeeId, { assessmentPackageId: ids.packageId });
      expect(res.statusCode, `${employeeId}`).toBe(404);
      expect(res.json().detail).toMatch(/employee/);
    }
  });

  it('ERR-17 ERR-18: a provider that answers an error (status, not JSON, no session) is 521 EXTERNAL_FAILED, one that cannot be reached 520 EXTERNAL_UNREACHABLE; the session is kept as failed with the reason; the key is never shown', async () => {
    const employeeId = await newEmployee(admin, t.tenant.north.branchId);
    const unreachable = await seedOffer(t.database.db, t.tenant.tenantId, ['u-1'], { apiUrl: 'http://127.0.0.1:9/', apiKey: API_KEY });
    const cases = [
      { behaviour: { status: 500 }, packageId: ids.packageId, reason: /answered 500/, status: 521, code: 'EXTERNAL_FAILED' },
      { behaviour: { status: 401 }, packageId: ids.packageId, reason: /answered 401/, status: 521, code: 'EXTERNAL_FAILED' },
      { behaviour: 'not-json' as const, packageId: ids.packageId, reason: /not JSON/, status: 521, code: 'EXTERNAL_FAILED' },
      { behaviour: { status: 201, body: { providerSessionId: 'AOC-x' } }, packageId: ids.packageId, reason: /invitationUrl/, status: 521, code: 'EXTERNAL_FAILED' },
      { behaviour: 'session' as const, packageId: unreachable.packageId, reason: /could not be reached/, status: 520, code: 'EXTERNAL_UNREACHABLE' },
    ];
    for (const { behaviour, packageId, reason, status, code } of cases) {
      double.answerWith(behaviour);
      const res = await request(employeeId, { assessmentPackageId: packageId });
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toMatchObject({ status, code, type: `/problems/${code.toLowerCase().replace(/_/g, '-')}`, detail: expect.stringMatching(reason) });
      expect(res.body).not.toContain(API_KEY);
      const read = await north({ method: 'GET', url: res.headers.location as string });
      expect(read.json()).toMatchObject({ status: 'failed', statusReason: expect.stringMatching(reason), providerSessionId: null });
      expect(read.body).not.toContain(API_KEY);
    }
    double.answerWith('session');
    expect((await sessionsOf(employeeId)).data.map((s: { status: string }) => s.status)).toEqual(cases.map(() => 'failed'));
  });

  it('ERR-18: a provider that answers a session id another session already has is 521: the first keeps it, the second is failed', async () => {
    const employeeId = await newEmployee(admin, t.tenant.north.branchId);
    const answer = { status: 201, body: { providerSessionId: 'AOC-same', invitationUrl: 'https://assess.example/take/same' } };
    double.answerWith(answer);
    const first = await request(employeeId, { assessmentPackageId: ids.packageId });
    expect(first.statusCode, first.body).toBe(201);
    const second = await request(employeeId, { assessmentPackageId: ids.packageId });
    double.answerWith('session');
    expect(second.statusCode, second.body).toBe(521);
    expect(second.json()).toMatchObject({ code: 'EXTERNAL_FAILED', detail: expect.stringMatching(/AOC-same.*another session/) });
    const sessions = (await sessionsOf(employeeId)).data.map((x: { status: string; providerSessionId: string | null }) => [x.status, x.providerSessionId]);
    expect(sessions).toEqual([['failed', null], ['requested', 'AOC-same']]);
  });
});

describe('GET /Employees/{id}/assessmentSessions and /Assessments/Sessions/{sessionId}', () => {
  it('lists the employee\'s sessions latest first, paged, with their assessments', async () => {
    const employeeId = await newEmployee(admin, t.tenant.north.branchId);
    const made: number[] = [];
    for (let n = 0; n < 3; n++) made.push((await request(employeeId, { assessmentPackageId: ids.packageId })).json().assessmentSessionId);
    const all = await sessionsOf(employeeId);
    expect(all.totalCount).toBe(3);
    expect(all.data.map((s: { assessmentSessionId: number }) => s.assessmentSessionId)).toEqual([...made].reverse());
    expect(all.data[0].items).toHaveLength(2);
    const page = await north({ method: 'GET', url: `/Employees/${employeeId}/assessmentSessions?skip=1&take=1` });
    expect(page.json()).toMatchObject({ totalCount: 3, data: [{ assessmentSessionId: made[1] }] });
  });

  it('404 for a session or an employee outside the hierarchy or of another tenant', async () => {
    const sessionId = (await request(ids.northEmployee, { assessmentPackageId: ids.packageId })).json().assessmentSessionId;
    for (const caller of [south, otherAdmin]) {
      expect((await caller({ method: 'GET', url: `/Assessments/Sessions/${sessionId}` })).statusCode).toBe(404);
      expect((await caller({ method: 'GET', url: `/Employees/${ids.northEmployee}/assessmentSessions` })).statusCode).toBe(404);
    }
    expect((await north({ method: 'GET', url: '/Assessments/Sessions/9000000000' })).statusCode).toBe(404);
  });
});

describe('access', () => {
  it('declares ServiceRep and Service; assessment-write to request, assessment-read or -write to read', () => {
    expect(sessionWriteAccess).toEqual({ roles: ['ServiceRep', 'Service'], scopes: ['assessment-write'] });
    expect(sessionReadAccess).toEqual({ roles: ['ServiceRep', 'Service'], scopes: ['assessment-read', 'assessment-write'] });
  });

  it('403 without the scope: a read-only token may read and not request; a token with neither may not read', async () => {
    const db = t.database.db, { tenantId, adminRepId } = t.tenant;
    const reader = as(t.app, await repToken(db, tenantId, adminRepId, ['assessment-read']));
    const neither = as(t.app, await repToken(db, tenantId, adminRepId, ['employee-read', 'assessoncloudresults-write']));
    expect((await request(ids.northEmployee, { assessmentPackageId: ids.packageId }, reader)).statusCode).toBe(403);
    expect((await reader({ method: 'GET', url: `/Employees/${ids.northEmployee}/assessmentSessions` })).statusCode).toBe(200);
    expect((await neither({ method: 'GET', url: `/Employees/${ids.northEmployee}/assessmentSessions` })).statusCode).toBe(403);
  });

  it('a Service token with assessment-write requests a session', async () => {
    const token = await serviceBearer(t, ['assessment-write']);
    const res = await t.app.inject({ method: 'POST', url: `/Employees/${ids.northEmployee}/assessmentSessions`, headers: { authorization: `Bearer ${token}` }, payload: { assessmentPackageId: ids.packageId } });
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('GEN-16 the events of a session request', () => {
  const feed = async (after: number) => {
    const res = await admin({ method: 'GET', url: `/Events?after=${after}&types=assessmentSession.created,assessmentSession.updated` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: { type: string; record: { type: string; id: number; location: string }; changedFields?: string[] }[]; next: number }>();
  };

  it('a request leaves assessmentSession.created, then the provider\'s answer (or failure) assessmentSession.updated; a refused request leaves none', async () => {
    const after = (await feed(0)).next;
    expect((await request(ids.southEmployee, { assessmentPackageId: ids.packageId })).statusCode).toBe(404);
    expect((await request(ids.northEmployee, { assessmentPackageId: ids.otherPackage })).statusCode).toBe(400);
    double.answerWith('session');
    const opened = (await request(ids.northEmployee, { assessmentPackageId: ids.packageId })).json().assessmentSessionId;
    double.answerWith({ status: 500 });
    const failed = await request(ids.northEmployee, { assessmentPackageId: ids.packageId });
    double.answerWith('session');
    expect(failed.statusCode).toBe(521);
    const failedId = Number(/\/(\d+)$/.exec(String(failed.headers.location))?.[1]);
    const events = (await feed(after)).data;
    expect(events.map((e) => [e.type, e.record.location, e.changedFields])).toEqual([
      ['assessmentSession.created', `/Assessments/Sessions/${opened}`, undefined],
      ['assessmentSession.updated', `/Assessments/Sessions/${opened}`, ['providerSessionId', 'invitationUrl', 'expiresAt']],
      ['assessmentSession.created', `/Assessments/Sessions/${failedId}`, undefined],
      ['assessmentSession.updated', `/Assessments/Sessions/${failedId}`, ['status']],
    ]);
  });
});
