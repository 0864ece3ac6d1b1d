// The whole round trip over real sockets: the API listens on a loopback port (BASE_URL points at it),
// the provider double is asked for a session and calls the registered addresses back with the
// dedicated rep's token; the employee's sessions then show the status and results. Also: a webhook
// vendor's 8192-character `data` passes the server's request-line limits.
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestContext } from '../../../test/helpers.ts';
import { startProviderDouble, type ProviderDouble } from '../../../test/assessment-provider-double.ts';
import { repToken, seedOffer, seedSession } from './assessment-session.fixtures.ts';
import { MAX_DATA_LENGTH } from './assessment-vendor-results.schemas.ts';

let t: TestContext;
let double: ProviderDouble;
let base: string;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  t = await testApp({ BASE_URL: base });
  await t.app.listen({ port, host: '127.0.0.1' });
  double = await startProviderDouble();
});
afterAll(async () => { await double?.close(); await t?.close(); });

const call = async (method: string, path: string, token: string, body?: unknown) => {
  const response = await fetch(`${base}${path}`, {
    method, headers: { 'x-tw-token': token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
};

describe('round trip with the provider double', () => {
  it('GEN-17 ASM-20 ASM-23 ASM-19 ASM-22 AMB-70 (a): request → provider called → status inProgress, results, status completed called back → the employee\'s sessions show them', async () => {
    const rep = t.tenant.northToken.token;
    const callbackToken = (await repToken(t.database.db, t.tenant.tenantId, t.tenant.adminRepId, ['assessoncloudresults-write'])).token;
    const offer = await seedOffer(t.database.db, t.tenant.tenantId, ['typing-60', 'forklift-safety'], { apiUrl: `${double.url}api/v1`, apiKey: 'round-trip-key' });
    const employee = await call('POST', '/Employees', rep, { firstName: 'Rita', lastName: 'Round', branchId: t.tenant.north.branchId, region: 'MN', primaryEmailAddress: 'rita@example.com' });
    expect(employee.status).toBe(201);
    const employeeId: number = employee.body.employeeId;

    const requested = await call('POST', `/Employees/${employeeId}/assessmentSessions`, rep, { assessmentPackageId: offer.packageId });
    expect(requested.status, JSON.stringify(requested.body)).toBe(201);
    const { assessmentSessionId, providerSessionId } = requested.body;
    const asked = double.requests.at(-1);
    expect(asked?.path).toBe('/api/v1/sessions');
    expect(asked?.headers.authorization).toBe('Bearer round-trip-key');
    expect(double.lastSession().callbacks).toEqual({ results: `${base}/Assessments/Sessions/AssessOnCloud/Results`, status: `${base}/Assessments/Sessions/AssessOnCloud/Status` });

    const started = await double.callBack('status', { assessmentSessionId, providerSessionId, status: 'inProgress', occurredAt: '2026-03-15T10:00:00Z' }, callbackToken);
    expect(started).toMatchObject({ status: 200, body: { acknowledged: true, applied: true, status: 'inProgress' } });
    const reports = [
      { reportId: 'R-1', assessmentCode: 'typing-60', completedAt: '2026-03-15T10:20:00Z', score: { value: 62, minimum: 0, maximum: 100 }, percentile: 88, outcome: 'pass' },
      { reportId: 'R-2', assessmentCode: 'forklift-safety', completedAt: '2026-03-15T10:45:00Z', outcome: 'fail', reportUrl: 'https://assess.example/r/R-2' },
    ];
    const delivered = await double.callBack('results', { assessmentSessionId, providerSessionId, reports }, callbackToken);
    expect(delivered).toMatchObject({ status: 200, body: { acknowledged: true, received: 2, stored: 2, duplicates: 0, status: 'completed' } });
    const finished = await double.callBack('status', { assessmentSessionId, providerSessionId, status: 'completed', occurredAt: '2026-03-15T10:46:00Z' }, callbackToken);
    expect(finished).toMatchObject({ status: 200, body: { applied: false, status: 'completed' } });

    const list = await call('GET', `/Employees/${employeeId}/assessmentSessions`, rep);
    expect(list.status).toBe(200);
    expect(list.body.totalCount).toBe(1);
    expect(list.body.data[0]).toMatchObject({
      assessmentSessionId, providerSessionId, status: 'completed', statusChangedAt: '2026-03-15T10:45:00.000Z',
      results: [
        { reportId: 'R-1', assessmentCode: 'typing-60', score: { value: 62, minimum: 0, maximum: 100 }, percentile: 88, outcome: 'pass' },
        { reportId: 'R-2', assessmentCode: 'forklift-safety', score: null, outcome: 'fail', reportUrl: 'https://assess.example/r/R-2' },
      ],
    });
  });

  it('ERR-18: a provider that answers an error: 521 and the session is failed', async () => {
    const rep = t.tenant.northToken.token;
    const offer = await seedOffer(t.database.db, t.tenant.tenantId, ['typing-60'], { apiUrl: double.url, apiKey: 'k' });
    const employee = await call('POST', '/Employees', rep, { firstName: 'Fay', lastName: 'Fail', branchId: t.tenant.north.branchId, region: 'MN' });
    double.answerWith({ status: 503 });
    const res = await call('POST', `/Employees/${employee.body.employeeId}/assessmentSessions`, rep, { assessmentPackageId: offer.packageId });
    double.answerWith('session');
    expect(res.status).toBe(521);
    expect(res.body.code).toBe('EXTERNAL_FAILED');
    const read = await call('GET', res.headers.get('location') ?? '', rep);
    expect(read.body).toMatchObject({ status: 'failed', statusReason: expect.stringMatching(/answered 503/) });
  });
});

describe('AMB-70 (e): the size of data over a real socket', () => {
  it(`GEN-17: a provider posts to the vendor results address over a real socket: a ${MAX_DATA_LENGTH}-character data passes the server's URL limits (204); one character more is a 400 naming data`, async () => {
    const offer = await seedOffer(t.database.db, t.tenant.tenantId, ['hook-1'], { kind: 'webhook' });
    const employee = await call('POST', '/Employees', t.tenant.northToken.token, { firstName: 'Lou', lastName: 'Long', branchId: t.tenant.north.branchId, region: 'MN' });
    const sessionId = await seedSession(t.database.db, {
      tenantId: t.tenant.tenantId, hierId: t.tenant.north.hierId, employeeId: employee.body.employeeId, vendorId: offer.vendorId, assessmentIds: offer.assessmentIds, codes: ['hook-1'],
    });
    const token = (await repToken(t.database.db, t.tenant.tenantId, t.tenant.adminRepId, ['assessment-webhook'])).token;
    const object = { sessionId, reportId: 'V-long', assessmentCode: 'hook-1', score: 9, completedAt: '2026-03-15T14:02:00Z', notes: '' };
    const sized = (length: number) => JSON.stringify({ ...object, notes: 'n'.repeat(length - JSON.stringify(object).length) });
    expect(sized(MAX_DATA_LENGTH)).toHaveLength(MAX_DATA_LENGTH);
    const send = (data: string) => call('POST', `/Assessments/Sessions/Vendors/${offer.vendorId}/Results?data=${encodeURIComponent(data)}`, token);
    expect((await send(sized(MAX_DATA_LENGTH))).status).toBe(204);
    const over = await send(sized(MAX_DATA_LENGTH + 1));
    expect(over.status).toBe(400);
    expect(Object.keys(over.body.errors)).toEqual(['data']);
  });
});
