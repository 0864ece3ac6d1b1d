// GEN-16 (docs/decisions/0031, docs/events.md): webhook subscriptions, their validation (no plain
// http, no private addresses unless configured), and delivery to a receiver this test runs on
// 127.0.0.1: signed the Standard Webhooks way, retried after a failure, redirects not followed. The
// delivery loop is driven one step at a time (deliveryStep), never by waiting.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { Writable } from 'node:stream';
import pino from 'pino';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { as, callers, testApp, testConfig, type Caller, type TestContext } from '../../../test/helpers.ts';
import { buildApp } from '../../app.ts';
import { issueCredential } from '../../platform/auth/tokens.ts';
import { deliveryStep, WebhookDeliverer, type DeliveryOptions } from './webhook-delivery.ts';
import { isPrivateAddress } from './address-guard.ts';
import { startReceiver, type Answer, type Receiver, type Received } from './webhook-receiver.test-support.ts';

let t: TestContext;
let c: ReturnType<typeof callers>;
/** An app with the defaults: https only, private addresses refused. */
let strict: FastifyInstance;

let receiver: Receiver;
let base: string;
let received: Received[];
let answers: Answer[];

const logLines: string[] = [];
const logStream = new Writable({ write(chunk, _enc, done) { logLines.push(String(chunk)); done(); } });
const options: DeliveryOptions = { allowHttp: true, allowPrivate: true, timeoutMs: 5000, maxAttempts: 3, batch: 16, pollMs: 1000, log: pino({ level: 'trace' }, logStream) };

beforeAll(async () => {
  t = await testApp({ WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true' });
  c = callers(t);
  strict = await buildApp({ config: testConfig(), database: t.database, listenForRevocations: false });
  ({ base, received, answers } = receiver = await startReceiver());
});
afterAll(async () => {
  await receiver?.close();
  await strict?.close();
  await t?.close();
});

/** Delivery steps until nothing is claimed: only deliveries already due are sent. */
async function drain(o: DeliveryOptions = options) {
  while (await deliveryStep(t.database, o) > 0);
}

beforeEach(async () => {
  // Each test starts with no subscription and nothing left to deliver from the tests before.
  await t.database.db.execute(sql`delete from webhook_subscriptions`);
  received.length = 0;
  answers.length = 0;
});

const subscribe = (caller: Caller, body: Record<string, unknown>, app?: FastifyInstance) =>
  (app ? as(app, t.tenant.northToken) : caller)({ method: 'POST', url: '/Webhooks', payload: body });

async function northEmployee(): Promise<number> {
  const res = await c.north({ method: 'POST', url: '/Employees', payload: { firstName: 'Hook', lastName: 'Target', branchId: t.tenant.north.branchId, region: 'MN' } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().employeeId;
}
const rename = (caller: Caller, id: number, lastName: string) =>
  caller({ method: 'PATCH', url: `/Employees/${id}`, headers: { 'content-type': 'application/json-patch+json' }, payload: JSON.stringify([{ op: 'replace', path: '/LastName', value: lastName }]) });

/** The Standard Webhooks check, written out here rather than borrowed from the code under test. */
function verify(secret: string, r: Received): boolean {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const expected = createHmac('sha256', key).update(`${String(r.headers['webhook-id'])}.${String(r.headers['webhook-timestamp'])}.${r.body}`).digest('base64');
  return String(r.headers['webhook-signature']).split(' ').some((s) => s === `v1,${expected}`);
}

async function deliveries() {
  const { rows } = await t.database.db.execute<{ status: string; attempts: number; last_error: string | null; due: boolean }>(
    sql`select status, attempts, last_error, next_attempt_at <= now() as due from webhook_deliveries order by id`);
  return rows;
}

describe('GEN-16 webhook subscriptions', () => {
  it('GEN-16 POST answers 201 with the secret once; GET lists and reads it without the secret, inside the creator\'s hierarchy; DELETE answers 204', async () => {
    const res = await subscribe(c.north, { url: `${base}/crud`, eventTypes: ['employee.updated', 'batchJob.completed'], description: 'payroll' });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({ url: `${base}/crud`, eventTypes: ['employee.updated', 'batchJob.completed'], description: 'payroll', serviceRepId: t.tenant.north.repId });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(res.headers.location).toBe(`/Webhooks/${created.webhookId}`);

    const one = await c.north({ method: 'GET', url: `/Webhooks/${created.webhookId}` });
    expect(one.json()).toMatchObject({ webhookId: created.webhookId, deliveries: { pending: 0, failed: 0, lastError: null } });
    const list = await c.admin({ method: 'GET', url: '/Webhooks' });
    expect(list.json()).toMatchObject({ totalCount: 1, data: [{ webhookId: created.webhookId }] });
    for (const r of [one, list, await c.north({ method: 'GET', url: `/Webhooks/${created.webhookId}`, headers: { accept: 'application/xml' } })]) {
      expect(r.statusCode).toBe(200);
      expect(r.body).not.toContain(created.secret.slice('whsec_'.length));
      expect(r.body).not.toContain('secret');
    }

    expect((await c.south({ method: 'GET', url: `/Webhooks/${created.webhookId}` })).statusCode).toBe(404);
    expect((await c.south({ method: 'GET', url: '/Webhooks' })).json()).toEqual({ data: [], totalCount: 0 });
    expect((await c.otherAdmin({ method: 'GET', url: `/Webhooks/${created.webhookId}` })).statusCode).toBe(404);
    expect((await c.south({ method: 'DELETE', url: `/Webhooks/${created.webhookId}` })).statusCode).toBe(404);
    expect((await c.north({ method: 'DELETE', url: `/Webhooks/${created.webhookId}` })).statusCode).toBe(204);
    expect((await c.north({ method: 'GET', url: `/Webhooks/${created.webhookId}` })).statusCode).toBe(404);
  });

  it('GEN-16 refuses (400 naming the field) a URL that is not https, holds credentials or reaches a private address, and event types unknown or not readable', async () => {
    const refused = async (body: Record<string, unknown>, field: string, message: RegExp, app: FastifyInstance = strict) => {
      const res = await subscribe(c.north, { eventTypes: ['employee.created'], ...body }, app);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(String(res.json().errors?.[field]), res.body).toMatch(message);
    };
    await refused({ url: 'http://example.com/hook' }, 'url', /https/);
    await refused({ url: 'ftp://example.com/hook' }, 'url', /https/, t.app);
    await refused({ url: 'not a url' }, 'url', /absolute URL/);
    await refused({ url: 'https://user:pw@example.com/hook' }, 'url', /user name or password/);
    for (const host of ['127.0.0.1', 'localhost', '[::1]', '169.254.169.254', '10.1.2.3', '[::ffff:192.168.0.1]']) {
      await refused({ url: `https://${host}/hook` }, 'url', /private|loopback|reserved/);
    }
    await refused({ url: 'https://no-such-host.invalid/hook' }, 'url', /does not resolve/);
    await refused({ url: `${base}/hook`, eventTypes: ['employee.deleted'] }, 'eventTypes', /not an event type/, t.app);
    const employeesOnly = await issueCredential(t.database.db, { tenantId: t.tenant.tenantId, serviceRepId: t.tenant.north.repId, kind: 'personal', name: 'hooks', scopes: ['webhook-write', 'employee-read'], expiresAt: new Date(Date.now() + 86_400_000) });
    const res = await as(t.app, employeesOnly)({ method: 'POST', url: '/Webhooks', payload: { url: `${base}/x`, eventTypes: ['employee.created', 'customer.created'] } });
    expect(res.json()).toMatchObject({ status: 400, errors: { eventTypes: ['customer.created needs the scope customer-read'] } });
    expect((await subscribe(c.north, { url: `${base}/hook`, eventTypes: [] })).json()).toMatchObject({ status: 400, errors: { eventTypes: expect.any(Array) } });
  });

  it('GEN-16 besides the records\' events, batchJob.completed, assessmentSession.updated and jobOrderCandidate.created may be subscribed to', async () => {
    const res = await subscribe(c.north, { url: `${base}/other`, eventTypes: ['batchJob.completed', 'assessmentSession.updated', 'jobOrderCandidate.created'] });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('GEN-16 the address guard refuses loopback, private, link-local, reserved and mapped addresses, not public ones', () => {
    for (const a of ['127.0.0.1', '10.0.0.1', '172.16.5.4', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', '::', 'fd00::1', 'fe80::1', '::ffff:10.0.0.1', 'not an ip']) expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8']) expect(isPrivateAddress(a), a).toBe(false);
  });
});

describe('GEN-16 webhook delivery', () => {
  it('GEN-16 delivers an event the subscriber may see, signed (webhook-id, webhook-timestamp, v1 HMAC-SHA256), and not the events of records outside its creator\'s hierarchy', async () => {
    const { secret } = (await subscribe(c.north, { url: `${base}/signed`, eventTypes: ['employee.updated'] })).json();
    const id = await northEmployee();
    expect((await rename(c.north, id, 'Signed')).statusCode).toBe(200);
    const south = await c.admin({ method: 'POST', url: '/Employees', payload: { firstName: 'Far', lastName: 'Away', branchId: t.tenant.south.branchId, region: 'MN' } });
    expect((await rename(c.admin, south.json().employeeId, 'Unseen')).statusCode).toBe(200);
    await drain();

    expect(received).toHaveLength(1);
    const [r] = received as [Received];
    expect(r.url).toBe('/signed');
    expect(r.headers['content-type']).toBe('application/json');
    const body = JSON.parse(r.body);
    expect(body).toMatchObject({ type: 'employee.updated', record: { type: 'Employee', id, location: `/Employees/${id}` }, changedFields: ['lastName'] });
    // Issue 28: the webhook-id is the change's id (what a receiver dedupes on), the event's own id stays in the body.
    expect(r.headers['webhook-id']).toBe(body.changeId);
    expect(body.changeId).toMatch(/^chg_\d+$/);
    expect(Math.abs(Number(r.headers['webhook-timestamp']) * 1000 - Date.now())).toBeLessThan(300_000);
    expect(verify(secret, r)).toBe(true);
    expect(verify(secret, { ...r, body: r.body.replace('Employee', 'Employer') })).toBe(false);
    expect(await deliveries()).toEqual([expect.objectContaining({ status: 'Delivered', attempts: 1 })]);
  });

  it('GEN-16 retries after a 500 (later, with the same webhook-id), then succeeds; fails for good after the last attempt', async () => {
    await subscribe(c.north, { url: `${base}/retry`, eventTypes: ['employee.updated'] });
    const id = await northEmployee();
    answers.push({ status: 500 });
    expect((await rename(c.north, id, 'Retried')).statusCode).toBe(200);
    await drain();
    expect(received).toHaveLength(1);
    expect(await deliveries()).toEqual([expect.objectContaining({ status: 'Pending', attempts: 1, last_error: 'HTTP 500', due: false })]);
    await drain(); // not due yet: nothing sent
    expect(received).toHaveLength(1);

    await t.database.db.execute(sql`update webhook_deliveries set next_attempt_at = now()`);
    await drain();
    expect(received).toHaveLength(2);
    expect(received[1]!.headers['webhook-id']).toBe(received[0]!.headers['webhook-id']);
    expect(received[1]!.body).toBe(received[0]!.body);
    expect(await deliveries()).toEqual([expect.objectContaining({ status: 'Delivered', attempts: 2 })]);

    // Another change, refused at every attempt: Failed after maxAttempts (3 here).
    answers.push({ status: 503 }, { status: 503 }, { status: 503 });
    expect((await rename(c.north, id, 'Refused')).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) {
      await drain();
      await t.database.db.execute(sql`update webhook_deliveries set next_attempt_at = now() where status = 'Pending'`);
    }
    expect(received).toHaveLength(5);
    expect((await deliveries())[1]).toMatchObject({ status: 'Failed', attempts: 3, last_error: 'HTTP 503' });
  });

  it('GEN-16 a failed delivery is sent again on request (204), then delivered; a delivered one is 409, another hierarchy\'s or an unknown one 404', async () => {
    const webhookId = (await subscribe(c.north, { url: `${base}/again`, eventTypes: ['employee.updated'] })).json().webhookId;
    const id = await northEmployee();
    answers.push({ status: 500 }, { status: 500 }, { status: 500 });
    expect((await rename(c.north, id, 'Again')).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) {
      await drain();
      await t.database.db.execute(sql`update webhook_deliveries set next_attempt_at = now() where status = 'Pending'`);
    }
    expect(await deliveries()).toEqual([expect.objectContaining({ status: 'Failed', attempts: 3 })]);
    const [{ deliveryId }] = (await c.north({ method: 'GET', url: `/Webhooks/${webhookId}/Deliveries` })).json().data;
    const again = (caller: Caller, delivery = deliveryId) => caller({ method: 'POST', url: `/Webhooks/${webhookId}/Deliveries/${delivery}/Redeliver` });
    expect((await again(c.south)).statusCode).toBe(404);
    expect((await again(c.north, deliveryId + 1000)).statusCode).toBe(404);
    expect((await again(c.north)).statusCode).toBe(204);
    expect(await deliveries()).toEqual([expect.objectContaining({ status: 'Pending', attempts: 0, due: true })]);
    await drain();
    expect(received).toHaveLength(4);
    expect(await deliveries()).toEqual([expect.objectContaining({ status: 'Delivered', attempts: 1 })]);
    const delivered = await again(c.north);
    expect(delivered.statusCode).toBe(409);
    expect(delivered.json().detail).toMatch(/is Delivered/);
  });

  it('GEN-16 GET /Webhooks/{id}/Deliveries lists a subscription\'s deliveries newest first, by state; 404 outside the creator\'s hierarchy', async () => {
    const webhookId = (await subscribe(c.north, { url: `${base}/listed`, eventTypes: ['employee.updated'] })).json().webhookId;
    const id = await northEmployee();
    answers.push({ status: 500 });
    expect((await rename(c.north, id, 'Listed')).statusCode).toBe(200);
    await drain();
    // Another record's (issue 28: the same record's next event would wait behind the failed one).
    expect((await rename(c.north, await northEmployee(), 'Listed again')).statusCode).toBe(200);
    // One step: its success brings the failed delivery forward, which the next step would send.
    await deliveryStep(t.database, options);
    const list = async (query = '') => {
      const res = await c.north({ method: 'GET', url: `/Webhooks/${webhookId}/Deliveries${query}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const all = await list();
    expect(all.totalCount).toBe(2);
    expect(all.data.map((d: { status: string }) => d.status)).toEqual(['Delivered', 'Pending']);
    expect(all.data[0]).toMatchObject({ eventType: 'employee.updated', attempts: 1, lastError: null, nextAttemptAt: null, deliveredAt: expect.any(String) });
    expect(all.data[1]).toMatchObject({ attempts: 1, lastError: 'HTTP 500', nextAttemptAt: expect.any(String), deliveredAt: null });
    expect(all.data[1].eventId).toBe(JSON.parse(received[0]!.body).id);
    expect((await list('?status=Pending')).data.map((d: { lastError: string }) => d.lastError)).toEqual(['HTTP 500']);
    expect((await c.south({ method: 'GET', url: `/Webhooks/${webhookId}/Deliveries` })).statusCode).toBe(404);
  });

  it('GEN-16 does not follow a redirect, and refuses a private address at delivery time when not allowed', async () => {
    await subscribe(c.north, { url: `${base}/moved`, eventTypes: ['employee.updated'] });
    const id = await northEmployee();
    answers.push({ status: 302, headers: { location: `${base}/elsewhere` } });
    expect((await rename(c.north, id, 'Redirected')).statusCode).toBe(200);
    await drain();
    expect(received.map((r) => r.url)).toEqual(['/moved']);
    expect((await deliveries())[0]).toMatchObject({ status: 'Pending', last_error: 'HTTP 302 (redirects are not followed)' });

    // The receiver's address became private (DNS changed, or the setting did): refused, nothing sent.
    await t.database.db.execute(sql`update webhook_deliveries set next_attempt_at = now()`);
    await drain({ ...options, allowPrivate: false });
    expect(received).toHaveLength(1);
    expect((await deliveries())[0]!.last_error).toMatch(/^address refused/);
  });

  it('GEN-16 PUT changes the URL and event types, keeping the secret and the place in the log; 400 as on POST, 404 outside the creator\'s hierarchy', async () => {
    const created = (await subscribe(c.north, { url: `${base}/before`, eventTypes: ['employee.created'] })).json();
    const put = (caller: Caller, body: Record<string, unknown>) => caller({ method: 'PUT', url: `/Webhooks/${created.webhookId}`, payload: body });
    const res = await put(c.north, { url: `${base}/after`, eventTypes: ['employee.updated'], description: 'renames' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ webhookId: created.webhookId, url: `${base}/after`, eventTypes: ['employee.updated'], description: 'renames' });
    expect(res.json().secret).toBeUndefined();
    const id = await northEmployee();
    await rename(c.north, id, 'Moved');
    await drain();
    // Only the new type, at the new URL, signed with the secret of the creation.
    expect(received.map((r) => [r.url, JSON.parse(r.body).type])).toEqual([['/after', 'employee.updated']]);
    expect(verify(created.secret, received[0]!)).toBe(true);

    const bad = await put(c.north, { url: 'ftp://example.com/x', eventTypes: ['no.such'] });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['eventTypes', 'url']);
    expect((await c.north({ method: 'GET', url: `/Webhooks/${created.webhookId}` })).json().url).toBe(`${base}/after`);
    expect((await put(c.south, { url: `${base}/theirs`, eventTypes: ['employee.updated'] })).statusCode).toBe(404);
  });

  it('GEN-16 rotating the secret answers the new one; deliveries carry both signatures while the old one is kept, then only the new', async () => {
    const { webhookId, secret: old } = (await subscribe(c.north, { url: `${base}/rotated`, eventTypes: ['employee.updated'] })).json();
    const rotate = (caller: Caller, query = '') => caller({ method: 'POST', url: `/Webhooks/${webhookId}/RotateSecret${query}` });
    const before = Date.now();
    const res = await rotate(c.north);
    expect(res.statusCode, res.body).toBe(200);
    const { secret, previousSecretExpiresAt } = res.json();
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(old);
    // 24 hours by default.
    expect(Date.parse(previousSecretExpiresAt) - before).toBeGreaterThan(23.9 * 3_600_000);
    expect(Date.parse(previousSecretExpiresAt) - before).toBeLessThan(24.1 * 3_600_000);
    const id = await northEmployee();
    await rename(c.north, id, 'Rotated');
    await drain();
    expect(received).toHaveLength(1);
    expect(String(received[0]!.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verify(secret, received[0]!)).toBe(true);
    expect(verify(old, received[0]!)).toBe(true);

    // Rotated again with no overlap: only the newest secret signs; the two before it no longer do.
    const again = await rotate(c.north, '?previousSecretValidHours=0');
    expect(again.json()).toEqual({ webhookId, secret: expect.stringMatching(/^whsec_/), previousSecretExpiresAt: null });
    await rename(c.north, id, 'Rotated again');
    await drain();
    expect(received).toHaveLength(2);
    expect(verify(again.json().secret, received[1]!)).toBe(true);
    expect(verify(secret, received[1]!) || verify(old, received[1]!)).toBe(false);
  });

  it('GEN-16 rotation: 400 naming previousSecretValidHours beyond 168 hours; 404 outside the creator\'s hierarchy', async () => {
    const { webhookId } = (await subscribe(c.north, { url: `${base}/rotated`, eventTypes: ['employee.updated'] })).json();
    const tooLong = await c.north({ method: 'POST', url: `/Webhooks/${webhookId}/RotateSecret?previousSecretValidHours=169` });
    expect(tooLong.statusCode).toBe(400);
    expect(Object.keys(tooLong.json().errors)).toEqual(['previousSecretValidHours']);
    expect((await c.south({ method: 'POST', url: `/Webhooks/${webhookId}/RotateSecret` })).statusCode).toBe(404);
    expect((await c.north({ method: 'POST', url: '/Webhooks/999999/RotateSecret' })).statusCode).toBe(404);
  });

  it('GEN-16 the signing secret, created or rotated, appears in no log line, of the API or of delivery', async () => {
    const lines: string[] = [];
    const stream = new Writable({ write(chunk, _enc, done) { lines.push(String(chunk)); done(); } });
    const logged = await buildApp({ config: testConfig({ LOG_LEVEL: 'trace', WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true' }), database: t.database, listenForRevocations: false, logStream: stream });
    try {
      const north = as(logged, t.tenant.northToken);
      const created = await north({ method: 'POST', url: '/Webhooks', payload: { url: `${base}/logged`, eventTypes: ['employee.updated'] } });
      const { secret, webhookId } = created.json();
      const rotated = (await north({ method: 'POST', url: `/Webhooks/${webhookId}/RotateSecret` })).json().secret;
      await north({ method: 'GET', url: '/Webhooks' });
      await north({ method: 'GET', url: `/Webhooks/${webhookId}` });
      const id = await northEmployee();
      answers.push({ status: 500 });
      await rename(c.north, id, 'Logged');
      logLines.length = 0;
      await drain();
      expect(received).toHaveLength(1);
      expect(lines.length).toBeGreaterThan(0);
      expect(logLines.join('')).toContain('webhook delivery failed');
      for (const key of [secret, rotated].map((k) => String(k).slice('whsec_'.length))) {
        expect([...lines, ...logLines].filter((l) => l.includes(key))).toEqual([]);
      }
    } finally {
      await logged.close();
    }
  });
});

describe('issue 27: a subscription\'s changes are events (decision 0039)', () => {
  it('creating, changing, re-enabling, rotating, redelivering and deleting each write their event, with what changed and never the secret', async () => {
    const body = { url: `${base}/hooks`, eventTypes: ['employee.created'] };
    const created = await subscribe(c.north, body);
    expect(created.statusCode, created.body).toBe(201);
    const { webhookId } = created.json();
    const events = async () => (await t.database.pool.query<{ type: string; data: { changedFields?: string[] }; location: string }>(
      `select type, data, location from events where tenant_id = $1 and record_type = 'WebhookSubscription' and record_id = $2 order by id`, [t.tenant.tenantId, webhookId])).rows;
    expect(await events()).toEqual([{ type: 'webhookSubscription.created', data: {}, location: `/Webhooks/${webhookId}` }]);

    expect((await c.north({ method: 'PUT', url: `/Webhooks/${webhookId}`, payload: { ...body, description: 'changed' } })).statusCode).toBe(200);
    expect((await c.north({ method: 'POST', url: `/Webhooks/${webhookId}/Enable` })).statusCode).toBe(200);
    expect((await c.north({ method: 'POST', url: `/Webhooks/${webhookId}/RotateSecret` })).statusCode).toBe(200);
    // A failed delivery, sent again.
    await northEmployee();
    answers.push({ status: 500 }, { status: 500 }, { status: 500 });
    await drain({ ...options, maxAttempts: 1 });
    const { rows: [failed] } = await t.database.pool.query<{ id: string }>(`select id from webhook_deliveries where tenant_id = $1 and subscription_id = $2 and status = 'Failed'`, [t.tenant.tenantId, webhookId]);
    expect((await c.north({ method: 'POST', url: `/Webhooks/${webhookId}/Deliveries/${failed!.id}/Redeliver` })).statusCode).toBe(204);
    expect((await c.north({ method: 'DELETE', url: `/Webhooks/${webhookId}` })).statusCode).toBe(204);

    const written = await events();
    expect(written.map((e) => [e.type, e.data.changedFields ?? []])).toEqual([
      ['webhookSubscription.created', []],
      ['webhookSubscription.updated', ['url', 'eventTypes', 'description']],
      ['webhookSubscription.updated', ['credential', 'serviceRepId', 'status']],
      ['webhookSubscription.updated', ['secret']],
      ['webhookSubscription.updated', ['deliveries']],
      ['webhookSubscription.deleted', []],
    ]);
    expect(JSON.stringify(written)).not.toContain('whsec_');
  });

  it('a refused change writes no event (the change and its event are one transaction)', async () => {
    const created = await subscribe(c.north, { url: `${base}/hooks`, eventTypes: ['employee.created'] });
    const { webhookId } = created.json();
    const refused = await c.north({ method: 'PUT', url: `/Webhooks/${webhookId}`, payload: { url: `${base}/hooks`, eventTypes: ['no.such'] } });
    expect(refused.statusCode).toBe(400);
    expect((await c.south({ method: 'DELETE', url: `/Webhooks/${webhookId}` })).statusCode).toBe(404);
    const { rows } = await t.database.pool.query<{ type: string }>(`select type from events where tenant_id = $1 and record_type = 'WebhookSubscription' and record_id = $2`, [t.tenant.tenantId, webhookId]);
    expect(rows.map((r) => r.type)).toEqual(['webhookSubscription.created']);
  });
});

/** Resolves when `ready` holds, checking every 10 ms (what a test waits for; no assertion on time). */
async function until(ready: () => boolean): Promise<void> {
  while (!ready()) await new Promise((r) => setTimeout(r, 10));
}

describe('issue 28 delivery: per record in order, woken by the commit, the change in the body', () => {
  it('two events of one record whose first delivery fails once: the second is not delivered before the first', async () => {
    await subscribe(c.north, { url: `${base}/ordered`, eventTypes: ['employee.updated'] });
    const id = await northEmployee();
    const other = await northEmployee();
    answers.push({ status: 500 });
    expect((await rename(c.north, id, 'First')).statusCode).toBe(200);
    expect((await rename(c.north, id, 'Second')).statusCode).toBe(200);
    expect((await rename(c.north, other, 'Unrelated')).statusCode).toBe(200);
    await drain();
    const names = () => received.map((r) => [JSON.parse(r.body).record.id, JSON.parse(r.body).changes.lastName.new]);
    // The first failed (retried later); the second waits behind it; another record's event goes on.
    expect(names()).toEqual([[id, 'First'], [other, 'Unrelated']]);
    await t.database.db.execute(sql`update webhook_deliveries set next_attempt_at = now() where status = 'Pending'`);
    await drain();
    expect(names()).toEqual([[id, 'First'], [other, 'Unrelated'], [id, 'First'], [id, 'Second']]);
    expect((await deliveries()).map((d) => d.status)).toEqual(['Delivered', 'Delivered', 'Delivered']);
  });

  it('a receiver that answers again gets what waits for a retry at once: its record\'s later events follow without the retry delay', async () => {
    await subscribe(c.north, { url: `${base}/recovering`, eventTypes: ['employee.updated'] });
    const id = await northEmployee();
    const other = await northEmployee();
    answers.push({ status: 503 });
    expect((await rename(c.north, id, 'During')).statusCode).toBe(200);
    expect((await rename(c.north, id, 'After')).statusCode).toBe(200);
    await drain();
    // Refused during the outage: retried in 5 s, its record's next event held behind it.
    expect(received.map((r) => JSON.parse(r.body).changes.lastName.new)).toEqual(['During']);
    expect((await rename(c.north, other, 'Back')).statusCode).toBe(200);
    await drain();
    const names = received.map((r) => [JSON.parse(r.body).record.id, JSON.parse(r.body).changes.lastName.new]);
    expect(names).toEqual([[id, 'During'], [other, 'Back'], [id, 'During'], [id, 'After']]);
  });

  it('a backlog longer than one fan-out statement reads is read in turns within one step: every event once, in order', async () => {
    await subscribe(c.north, { url: `${base}/backlog`, eventTypes: ['employee.updated'] });
    const id = await northEmployee();
    const names = ['A', 'B', 'C', 'D', 'E', 'F', 'G'];
    for (const name of names) expect((await rename(c.north, id, name)).statusCode).toBe(200);
    // Three events per statement: one step reads all 7 in three statements, the last one short.
    const few = { ...options, fanOutEvents: 3 };
    await deliveryStep(t.database, few);
    expect(await deliveries()).toHaveLength(names.length);
    await drain(few);
    expect(received.map((r) => JSON.parse(r.body).changes.lastName.new)).toEqual(names);
    expect(new Set(received.map((r) => r.headers['webhook-id'])).size).toBe(names.length);
  });

  it('a delivery carries the change (changeId, old and new values), its webhook-id the change id; an event without a change keeps its event id', async () => {
    await subscribe(c.north, { url: `${base}/changes`, eventTypes: ['employee.updated', 'webhookSubscription.updated'] });
    const id = await northEmployee();
    expect((await rename(c.north, id, 'Changed')).statusCode).toBe(200);
    await drain();
    const body = JSON.parse(received[0]!.body);
    expect(body.changes).toEqual({ lastName: { old: 'Target', new: 'Changed' } });
    expect(received[0]!.headers['webhook-id']).toBe(body.changeId);
    // A subscription keeps no history: its events are delivered under their own id.
    const { webhookId } = (await c.north({ method: 'GET', url: '/Webhooks' })).json().data[0];
    expect((await c.north({ method: 'PUT', url: `/Webhooks/${webhookId}`, payload: { url: `${base}/changes`, eventTypes: ['employee.updated', 'webhookSubscription.updated'], description: 'x' } })).statusCode).toBe(200);
    await drain();
    const plain = JSON.parse(received[1]!.body);
    expect(plain).toMatchObject({ type: 'webhookSubscription.updated' });
    expect(plain.changeId).toBeUndefined();
    expect(received[1]!.headers['webhook-id']).toBe(plain.id);
  });

  it('the delivery loop is woken by the commit of an event (NOTIFY), not by its poll', async () => {
    await subscribe(c.north, { url: `${base}/woken`, eventTypes: ['employee.updated'] });
    const id = await northEmployee();
    // A poll that never comes during the test: only the commit's notification can wake the loop.
    const deliverer = new WebhookDeliverer(t.database, { ...options, pollMs: 600_000 });
    deliverer.start();
    try {
      await until(() => deliverer.steps > 0);
      expect(received).toEqual([]);
      expect((await rename(c.north, id, 'Woken')).statusCode).toBe(200);
      await until(() => received.length > 0);
      expect(JSON.parse(received[0]!.body).changes).toEqual({ lastName: { old: 'Target', new: 'Woken' } });
    } finally {
      await deliverer.stop();
    }
  });
});
