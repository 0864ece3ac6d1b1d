// The post-registration procedure (REG-05): a registration queues a signed delivery of every query
// parameter and what was created; the deliverer of the process sends it after the commit and retries
// a failure with backoff. The receiver is a local HTTP double on 127.0.0.1.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, testConfig, type TestContext } from '../../../test/helpers.ts';
import { inProcess } from '../../../test/cli.ts';
import { registrationCommand } from '../../cli/registration.command.ts';
import { registrationCallbacks, registrations } from '../../resources/registration/registration.table.ts';
import { readRegistrationSettings } from '../../resources/registration/registration.settings.ts';
import { BACKOFF_SECONDS, callbackUrlProblem, deliverDue, SIGNATURE_HEADER, signatureHeader, verifySignature } from '../../resources/registration/registration.callback.ts';

interface Received { headers: Record<string, string | string[] | undefined>; body: string }

let t: TestContext;
let server: Server;
let url = '';
const received: Received[] = [];
/** The statuses the double answers, in turn (then 200). */
const answers: number[] = [];

beforeAll(async () => {
  t = await testApp();
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => { body += String(c); });
    req.on('end', () => { received.push({ headers: req.headers, body }); res.statusCode = answers.shift() ?? 200; res.end(); });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  url = `http://127.0.0.1:${(address satisfies AddressInfo).port}/hooks/registration`;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
});

const cli = (...args: string[]) => inProcess(registrationCommand, testConfig({ DATABASE_URL: String(t.database.pool.options.connectionString) }), args);

async function register(query: string) {
  const page = await t.app.inject({ url: `/register/en/acme${query}` });
  const csrf = /name="_csrf" value="([^"]+)"/.exec(page.body)![1]!;
  return t.app.inject({
    method: 'POST', url: `/register/en/acme${query}`, cookies: Object.fromEntries(page.cookies.map((c) => [c.name, c.value])),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ _csrf: csrf, username: 'hooked', password: 'a long enough password', firstName: 'Hope', lastName: 'Hook', region: 'MN', branchId: String(t.tenant.north.branchId) }).toString(),
  });
}

async function until(check: () => boolean | Promise<boolean>) {
  for (let i = 0; i < 100 && !(await check()); i++) await new Promise((r) => setTimeout(r, 50));
}

describe('the post-registration callback', () => {
  it('is configured with the CLI: https only (http to loopback), the secret printed once and never again', async () => {
    expect((await cli('settings', '--tenant', 'acme', '--set', 'callbackUrl=http://example.com/hook')).code).toBe(64);
    expect(callbackUrlProblem('https://user:pw@example.com/')).toBeDefined();
    const run = await cli('settings', '--tenant', 'acme', '--set', `callbackUrl=${url}`);
    expect(run.code, run.stderr).toBe(0);
    const secret = /whsec_[\w-]+/.exec(run.stderr)?.[0];
    expect(secret).toBeDefined();
    expect(JSON.parse(run.stdout)).toMatchObject({ callbackUrl: url, callbackSecret: '(set)' });
    expect((await readRegistrationSettings(t.database.db, t.tenant.tenantId)).callbackSecret).toBe(secret);
    const again = await cli('settings', '--tenant', 'acme');
    expect(again.stdout + again.stderr).not.toContain(secret!);
  });

  it('REG-05 receives every query parameter and the new ids, signed; a 500 is retried after the backoff and delivered once', async () => {
    answers.push(500);
    const query = '?utm_source=radio&campaignRef=x%26y&orders=abc&branchId=999';
    const res = await register(query);
    expect(res.statusCode, res.body).toBe(303);
    // The process's deliverer sends it after the commit: the double answers 500.
    await until(() => received.length >= 1);
    expect(received).toHaveLength(1);
    const [row] = await t.database.db.select().from(registrationCallbacks).where(eq(registrationCallbacks.tenantId, t.tenant.tenantId));
    const attempts = async () => (await t.database.db.select().from(registrationCallbacks).where(eq(registrationCallbacks.id, row!.id)))[0]!.attempts;
    await until(async () => (await attempts()) === 1);
    const [failed] = await t.database.db.select().from(registrationCallbacks).where(eq(registrationCallbacks.id, row!.id));
    expect(failed).toMatchObject({ attempts: 1, lastStatus: 500, deliveredAt: null, gaveUpAt: null });
    expect(await deliverDue(t.database.db)).toBe(0);

    // After the backoff, it is sent again: 200.
    expect(await deliverDue(t.database.db, { now: new Date(Date.now() + (BACKOFF_SECONDS[0] + 1) * 1000) })).toBe(1);
    expect(received).toHaveLength(2);
    const [delivered] = await t.database.db.select().from(registrationCallbacks).where(eq(registrationCallbacks.id, row!.id));
    expect(delivered).toMatchObject({ attempts: 2, lastStatus: 200 });
    expect(delivered!.deliveredAt).not.toBeNull();
    expect(await deliverDue(t.database.db, { now: new Date(Date.now() + 86_400_000) })).toBe(0);
    expect(received).toHaveLength(2);

    const { callbackSecret } = await readRegistrationSettings(t.database.db, t.tenant.tenantId);
    const last = received[1]!;
    expect(last.headers['content-type']).toBe('application/json');
    expect(verifySignature(callbackSecret!, String(last.headers[SIGNATURE_HEADER]), last.body, 300, new Date(Date.now() + (BACKOFF_SECONDS[0] + 1) * 1000))).toBe(true);
    expect(verifySignature(callbackSecret!, String(last.headers[SIGNATURE_HEADER]), last.body.replace('radio', 'tv'))).toBe(false);
    expect(verifySignature('whsec_other', String(last.headers[SIGNATURE_HEADER]), last.body)).toBe(false);
    const [registration] = await t.database.db.select().from(registrations).where(eq(registrations.tenantId, t.tenant.tenantId));
    expect(JSON.parse(last.body)).toEqual({
      event: 'registration', registrationId: registration!.id, tenantName: 'acme', localeId: 'en',
      parameters: { utm_source: 'radio', campaignRef: 'x&y', orders: 'abc', branchId: '999' },
      employeeId: registration!.employeeId, webUserId: registration!.webUserId, workflowId: null, jobOrderCandidateIds: [], createdAt: expect.any(String),
    });
    expect(received[0]!.body).toBe(last.body);
  });

  it('signs `timestamp.body` with HMAC-SHA256 and refuses an old timestamp', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    const header = signatureHeader('whsec_k', '{"a":1}', now);
    expect(header).toMatch(/^t=1767225600,v1=[0-9a-f]{64}$/);
    expect(verifySignature('whsec_k', header, '{"a":1}', 300, now)).toBe(true);
    expect(verifySignature('whsec_k', header, '{"a":1}', 300, new Date(now.getTime() + 301_000))).toBe(false);
  });

  it('gives up after the last backoff step', async () => {
    const [row] = await t.database.db.select().from(registrationCallbacks).limit(1);
    await t.database.db.update(registrationCallbacks).set({ deliveredAt: null, attempts: BACKOFF_SECONDS.length, nextAttemptAt: new Date() }).where(eq(registrationCallbacks.id, row!.id));
    answers.push(503);
    expect(await deliverDue(t.database.db)).toBe(1);
    const [gone] = await t.database.db.select().from(registrationCallbacks).where(eq(registrationCallbacks.id, row!.id));
    expect(gone!.gaveUpAt).not.toBeNull();
    expect(await deliverDue(t.database.db, { now: new Date(Date.now() + 30 * 86_400_000) })).toBe(0);
  });
});
