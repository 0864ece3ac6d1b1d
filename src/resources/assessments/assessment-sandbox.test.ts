// The demo tenant's assessment sandbox over real sockets, as `serve --demo` runs it: a session
// requested through the API goes to the sandbox through the provider client, and the sandbox calls
// the service's callbacks back with the demo's callback token until the session has its results.
// It serves the demo tenant only, calls back nothing but this service, and stops with the server.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.ts';
import { freePort } from '../../platform/db/embedded.ts';
import type { Database } from '../../platform/db/database.ts';
import { seededDatabase, testConfig, type TenantFixture } from '../../../test/helpers.ts';
import { ensureDemo, type DemoCredentials } from '../tenants/demo.seed.ts';
import { pointDemoSandbox } from '../tenants/demo.sandbox.ts';
import { SANDBOX_PATH, SANDBOX_STEP_MS } from './assessment-sandbox.ts';
import { seedOffer } from './assessment-session.fixtures.ts';
import { callbackAddresses } from './assessment-session.request.ts';

let database: Database;
let app: FastifyInstance;
let base: string;
let dir: string;
let demo: DemoCredentials;
let acme: TenantFixture;

beforeAll(async () => {
  ({ database, tenant: acme } = await seededDatabase());
  dir = mkdtempSync(join(tmpdir(), 'staffing-sandbox-'));
  demo = await ensureDemo(database.db, dir);
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  await pointDemoSandbox(database.db, demo.tenantId, demo.assessments.vendorId, base);
  app = await startApp(port);
}, 120_000);
afterAll(async () => {
  await app?.close();
  await database?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The app as `serve --demo` builds it: the sandbox with the demo's secrets, on a loopback port BASE_URL names. */
async function startApp(port: number): Promise<FastifyInstance> {
  const started = await buildApp({ config: testConfig({ BASE_URL: `http://127.0.0.1:${port}` }), database, listenForRevocations: false, assessmentSandbox: demo.assessments.sandbox });
  await started.listen({ port, host: '127.0.0.1' });
  return started;
}

const call = async (path: string, token: string, body?: unknown) => {
  const response = await fetch(`${base}${path}`, {
    method: body === undefined ? 'GET' : 'POST', body: body === undefined ? undefined : JSON.stringify(body),
    headers: { 'x-tw-token': token, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
  });
  return { status: response.status, body: await response.json() };
};

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  let value = await read();
  while (!done(value) && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 100));
    value = await read();
  }
  return value;
}

describe('the demo tenant\'s assessment sandbox', () => {
  it('is the demo\'s vendor, labelled as the sandbox, with an API key and this service\'s sandbox address', async () => {
    const vendors = await call('/Datalists/AssessmentVendors', demo.personalAccessToken.token);
    expect(vendors.body.data).toEqual([expect.objectContaining({ assessmentVendorId: demo.assessments.vendorId, assessmentVendor: 'AssessOnCloud Sandbox' })]);
  });

  it('takes a session requested through the API and calls the status and results callbacks back until the session is completed with its results', async () => {
    const employeeId = demo.oauth.webuser.employeeId, token = demo.personalAccessToken.token;
    const requested = await call(`/Employees/${employeeId}/assessmentSessions`, token, { assessmentPackageId: demo.assessments.packageId });
    expect(requested.status, JSON.stringify(requested.body)).toBe(201);
    const { assessmentSessionId } = requested.body;
    expect(requested.body).toMatchObject({
      status: 'requested', vendorName: 'AssessOnCloud Sandbox', providerSessionId: `SANDBOX-${assessmentSessionId}`,
      invitationUrl: `${base}${SANDBOX_PATH}/sessions/SANDBOX-${assessmentSessionId}`,
    });
    const invitation = await fetch(requested.body.invitationUrl);
    expect(invitation.status).toBe(200);
    expect(await invitation.json()).toMatchObject({ sandbox: true });

    const inProgress = await until(() => call(`/Assessments/Sessions/${assessmentSessionId}`, token), (r) => r.body.status !== 'requested');
    expect(inProgress.body.status).toBe('inProgress');
    const completed = await until(() => call(`/Assessments/Sessions/${assessmentSessionId}`, token), (r) => r.body.status === 'completed');
    expect(completed.body.status).toBe('completed');
    const codes = requested.body.items.map((i: { assessmentCode: string }) => i.assessmentCode).sort();
    expect(completed.body.results.map((r: { assessmentCode: string }) => r.assessmentCode).sort()).toEqual(codes);
    for (const result of completed.body.results) {
      expect(result).toMatchObject({ score: { value: expect.any(Number), minimum: 0, maximum: 100 }, outcome: expect.stringMatching(/^(pass|fail)$/) });
    }
  }, 60_000);

  it('refuses a request without the demo vendor\'s key (401), and one naming other callback addresses (400): it calls nothing else', async () => {
    const session = {
      assessmentSessionId: 1, candidate: { candidateId: '1', givenName: 'A', familyName: 'B' }, assessments: [{ assessmentCode: 'TYPING-WPM' }], locale: 'en',
      callbacks: callbackAddresses(base),
    };
    const post = (authorization: string, body: unknown) => fetch(`${base}${SANDBOX_PATH}/sessions`, { method: 'POST', headers: { authorization, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect((await post('Bearer not-the-key', session)).status).toBe(401);
    expect((await post('', session)).status).toBe(401);
    const elsewhere = await post(`Bearer ${demo.assessments.sandbox.apiKey}`, { ...session, callbacks: { results: 'http://169.254.169.254/r', status: 'http://169.254.169.254/s' } });
    expect(elsewhere.status).toBe(400);
    expect(Object.keys((await elsewhere.json()).errors)).toEqual(['callbacks']);
  });

  it('is no use to another tenant: its vendor pointed at the sandbox fails (the sandbox refuses its key), and no callback reaches its session', async () => {
    const offer = await seedOffer(database.db, acme.tenantId, ['TYPING-WPM'], { apiUrl: `${base}${SANDBOX_PATH}`, apiKey: 'acme-guess' });
    const employee = await call('/Employees', acme.adminToken.token, { firstName: 'Other', lastName: 'Tenant', branchId: acme.north.branchId, region: 'MN' });
    expect(employee.status).toBe(201);
    const requested = await call(`/Employees/${employee.body.employeeId}/assessmentSessions`, acme.adminToken.token, { assessmentPackageId: offer.packageId });
    expect(requested.status).toBeGreaterThanOrEqual(500);
    const sessions = await call(`/Employees/${employee.body.employeeId}/assessmentSessions`, acme.adminToken.token);
    expect(sessions.body.data).toEqual([expect.objectContaining({ status: 'failed', statusReason: expect.stringMatching(/answered 401/) })]);
  });

  it('is not served by a server started without the demo, and stops calling back when its server stops', async () => {
    const plain = await buildApp({ config: testConfig(), database, listenForRevocations: false });
    expect((await plain.inject({ method: 'POST', url: `${SANDBOX_PATH}/sessions`, payload: {} })).statusCode).toBe(404);
    await plain.close();

    const employeeId = demo.oauth.webuser.employeeId, token = demo.personalAccessToken.token;
    const requested = await call(`/Employees/${employeeId}/assessmentSessions`, token, { assessmentPackageId: demo.assessments.packageId });
    expect(requested.status).toBe(201);
    const closing = Date.now();
    await app.close();
    // Closed at once (its callbacks do not hold the close), and nothing calls back afterwards.
    expect(Date.now() - closing).toBeLessThan(5000);
    const port = Number(new URL(base).port);
    app = await startApp(port);
    await new Promise((r) => setTimeout(r, 2 * SANDBOX_STEP_MS + 2000));
    expect((await call(`/Assessments/Sessions/${requested.body.assessmentSessionId}`, token)).body.status).toBe('requested');
  }, 60_000);
});
