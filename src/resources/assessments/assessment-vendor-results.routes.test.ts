// The vendor webhook (ASM-25 to ASM-27, AMB-70 (e)): `data` in the query string, parsed, stored the
// way AssessOnCloud results are, 204; 400 naming data, 404 for another tenant's vendor or a session
// not the vendor's, declared access.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { as, type Caller, testApp, type TestContext } from '../../../test/helpers.ts';
import { assessmentResults } from './assessment.table.ts';
import { repToken, seedOffer, seedSession, serviceBearer } from './assessment-session.fixtures.ts';
import { vendorResultsAccess } from './assessment-vendor-results.routes.ts';
import { MAX_DATA_LENGTH } from './assessment-vendor-results.schemas.ts';

const CODES = ['hook-typing', 'hook-math'] as const;
let t: TestContext;
let vendor: Caller;
let north: Caller;
let offer: Awaited<ReturnType<typeof seedOffer>>;
let employeeId: number;
let otherVendorId: number;

beforeAll(async () => {
  t = await testApp();
  const db = t.database.db;
  vendor = as(t.app, await repToken(db, t.tenant.tenantId, t.tenant.adminRepId, ['assessment-webhook']));
  north = as(t.app, t.tenant.northToken);
  offer = await seedOffer(db, t.tenant.tenantId, CODES, { kind: 'webhook' });
  otherVendorId = (await seedOffer(db, t.other.tenantId, CODES, { kind: 'webhook' })).vendorId;
  const res = await north({ method: 'POST', url: '/Employees', payload: { firstName: 'Ann', lastName: 'Lee', branchId: t.tenant.north.branchId, region: 'MN' } });
  employeeId = res.json().employeeId;
});
afterAll(async () => { await t?.close(); });

const session = (of = offer) => seedSession(t.database.db, {
  tenantId: t.tenant.tenantId, hierId: t.tenant.north.hierId, employeeId, vendorId: of.vendorId, assessmentIds: of.assessmentIds, codes: CODES,
});
const result = (sessionId: number, extra: Record<string, unknown> = {}) => ({
  sessionId, reportId: 'V-1', assessmentCode: CODES[0], score: 88, maxScore: 100, outcome: 'pass', completedAt: '2026-03-15T14:02:00Z',
  reportUrl: 'https://vendor.example/r/V-1', ...extra,
});
const post = (vendorId: number, data: string | undefined, caller: Caller = vendor) =>
  caller({ method: 'POST', url: `/Assessments/Sessions/Vendors/${vendorId}/Results${data === undefined ? '' : `?data=${encodeURIComponent(data)}`}` });
const stored = async (sessionId: number) => t.database.db.select({ payload: assessmentResults.payload }).from(assessmentResults)
  .where(and(eq(assessmentResults.tenantId, t.tenant.tenantId), eq(assessmentResults.sessionId, sessionId)));

describe('POST /Assessments/Sessions/Vendors/{id}/Results', () => {
  it('ASM-26 ASM-27 AMB-70 (e) ERR-03: parses the serialized object in data, stores it as the session\'s result and answers 204 with no body', async () => {
    const id = await session();
    const res = await post(offer.vendorId, JSON.stringify(result(id, { vendorExtra: { proctored: true } })));
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');
    const read = (await north({ method: 'GET', url: `/Assessments/Sessions/${id}` })).json();
    expect(read.results).toEqual([{
      reportId: 'V-1', assessmentCode: 'hook-typing', score: { value: 88, minimum: 0, maximum: 100 }, percentile: null, outcome: 'pass',
      completedAt: '2026-03-15T14:02:00.000Z', reportUrl: 'https://vendor.example/r/V-1', receivedAt: expect.any(String),
    }]);
    expect((await stored(id))[0]?.payload).toMatchObject({ vendorExtra: { proctored: true } });
  });

  it('ASM-27: the same result delivered twice is stored once (204 both times); results for every assessment complete the session', async () => {
    const id = await session();
    const data = JSON.stringify(result(id));
    expect((await post(offer.vendorId, data)).statusCode).toBe(204);
    expect((await post(offer.vendorId, data)).statusCode).toBe(204);
    expect(await stored(id)).toHaveLength(1);
    expect((await post(offer.vendorId, JSON.stringify(result(id, { reportId: 'V-2', assessmentCode: CODES[1], score: undefined, maxScore: undefined })))).statusCode).toBe(204);
    expect((await north({ method: 'GET', url: `/Assessments/Sessions/${id}` })).json()).toMatchObject({ status: 'completed' });
  });

  it('AMB-70 (e): 400 naming data when it is missing, not JSON, longer than 8192 characters, fails the object\'s schema or names an assessment outside the session; nothing is stored', async () => {
    const id = await session();
    const long = JSON.stringify({ ...result(id), padding: 'x'.repeat(MAX_DATA_LENGTH) });
    const cases = [
      undefined, '', '{not json', long,
      JSON.stringify(result(id, { sessionId: undefined })), JSON.stringify(result(id, { completedAt: 'yesterday' })), JSON.stringify(result(id, { completedAt: '0000-01-01T00:00:00Z' })),
      JSON.stringify(result(id, { score: 120 })), JSON.stringify(result(id, { outcome: 'great' })), JSON.stringify([result(id)]),
      JSON.stringify(result(id, { assessmentCode: 'not-ours' })),
    ];
    for (const data of cases) {
      const res = await post(offer.vendorId, data);
      expect(res.statusCode, `${data?.slice(0, 80)}: ${res.body}`).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(['data']);
    }
    expect(await stored(id)).toHaveLength(0);
  });

  it('ASM-26: 404 for another tenant\'s or an unknown vendor, a session of another vendor, and a session outside the caller\'s hierarchy', async () => {
    const id = await session();
    const anotherVendor = await seedOffer(t.database.db, t.tenant.tenantId, CODES, { kind: 'webhook' });
    const southVendor = as(t.app, await repToken(t.database.db, t.tenant.tenantId, t.tenant.south.repId, ['assessment-webhook']));
    const data = JSON.stringify(result(id));
    for (const [vendorId, caller] of [[otherVendorId, vendor], [2_000_000_000, vendor], [anotherVendor.vendorId, vendor], [offer.vendorId, southVendor]] as const) {
      expect((await post(vendorId, data, caller)).statusCode, `${vendorId}`).toBe(404);
    }
    expect((await post(offer.vendorId, JSON.stringify(result(9_000_000_000)))).statusCode).toBe(404);
    expect(await stored(id)).toHaveLength(0);
  });

  it('400 naming id for a vendor id that is not an Int32', async () => {
    const res = await post(2_147_483_648, JSON.stringify(result(1)));
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['id']);
  });
});

describe('access (ASM-25)', () => {
  it('ASM-25: declared for ServiceRep with the assessment-webhook scope', () => {
    expect(vendorResultsAccess).toEqual({ roles: ['ServiceRep'], scopes: ['assessment-webhook'] });
  });

  it('ASM-25: 403 for a token without assessment-webhook and for a Service token with it; the rep\'s token works in the query string (tw-token) too', async () => {
    const id = await session();
    const data = JSON.stringify(result(id));
    const without = as(t.app, await repToken(t.database.db, t.tenant.tenantId, t.tenant.adminRepId, ['assessoncloudresults-write', 'assessment-write']));
    expect((await post(offer.vendorId, data, without)).statusCode).toBe(403);
    const service = await serviceBearer(t, ['assessment-webhook']);
    expect((await post(offer.vendorId, data, (o) => t.app.inject({ ...o, headers: { authorization: `Bearer ${service}` } }))).statusCode).toBe(403);
    expect(await stored(id)).toHaveLength(0);
    const token = await repToken(t.database.db, t.tenant.tenantId, t.tenant.adminRepId, ['assessment-webhook']);
    const res = await t.app.inject({ method: 'POST', url: `/Assessments/Sessions/Vendors/${offer.vendorId}/Results?tw-token=${encodeURIComponent(token.token)}&data=${encodeURIComponent(data)}` });
    expect(res.statusCode, res.body).toBe(204);
  });
});
