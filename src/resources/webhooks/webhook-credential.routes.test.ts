// A webhook subscription lives no longer than the credential that made it (docs/events.md
// "Subscriptions and credentials", decision 0031): an API token's subscription is disabled when the
// token is revoked or expires, an OAuth client's when the client is revoked (not when one of its
// short-lived access tokens expires). A disabled subscription shows why, receives nothing (the
// delivery loop checks the credential at every claim), and a rep who sees it re-enables it, which
// binds it to the re-enabling credential. The delivery loop is driven one step at a time.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import pino from 'pino';
import { sql } from 'drizzle-orm';
import { as, type Caller } from '../../../test/helpers.ts';
import { testLogin, type LoginContext } from '../../../test/login.ts';
import { issueCredential, revokeCredential, type IssuedCredential } from '../../platform/auth/tokens.ts';
import { revokeClient } from '../../platform/auth/clients.ts';
import { deliveryStep, type DeliveryOptions } from './webhook-delivery.ts';
import { startReceiver, type Answer, type Receiver, type Received } from './webhook-receiver.test-support.ts';

let t: LoginContext;
let receiver: Receiver;
let base: string;
let received: Received[];
let answers: Answer[];
const options: DeliveryOptions = { allowHttp: true, allowPrivate: true, timeoutMs: 5000, maxAttempts: 3, batch: 16, pollMs: 1000, log: pino({ level: 'silent' }) };

beforeAll(async () => {
  t = await testLogin({ WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true' });
  ({ base, received, answers } = receiver = await startReceiver());
});
afterAll(async () => {
  await receiver?.close();
  await t?.close();
});
beforeEach(async () => {
  await t.database.db.execute(sql`delete from webhook_subscriptions`);
  received.length = 0;
  answers.length = 0;
});

async function drain() {
  while (await deliveryStep(t.database, options) > 0);
}

const inADay = () => new Date(Date.now() + 86_400_000);
/** A fresh personal access token of the North rep (every scope unless told). */
const northToken = (name: string, scopes?: string[]) => issueCredential(t.database.db, {
  tenantId: t.acme.fixture.tenantId, serviceRepId: t.acme.fixture.north.repId, kind: 'personal', name, scopes, expiresAt: inADay(),
});

async function subscribe(caller: Caller, path: string): Promise<number> {
  const res = await caller({ method: 'POST', url: '/Webhooks', payload: { url: `${base}${path}`, eventTypes: ['employee.updated'] } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().webhookId;
}

/** A change the North rep's subscriptions would hear of: the seeded North employee renamed. */
async function change(lastName: string) {
  const res = await as(t.app, t.acme.fixture.adminToken)({
    method: 'PATCH', url: `/Employees/${t.acme.employeeId}`, headers: { 'content-type': 'application/json-patch+json' },
    payload: JSON.stringify([{ op: 'replace', path: '/LastName', value: lastName }]),
  });
  expect(res.statusCode, res.body).toBe(200);
}

const read = async (webhookId: number) => {
  const res = await as(t.app, t.acme.fixture.adminToken)({ method: 'GET', url: `/Webhooks/${webhookId}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const names = () => received.map((r) => JSON.parse(r.body).type === 'employee.updated' && r.url);

describe('GEN-16 a webhook subscription is bound to the credential that made it', () => {
  it('GEN-16 a token\'s subscription shows the token; revoked, it is disabled (with the reason) and receives nothing; re-enabled by another credential it is bound to that one and catches up', async () => {
    const token = await northToken('leaked');
    const webhookId = await subscribe(as(t.app, token), '/revoked');
    expect(await read(webhookId)).toMatchObject({
      status: 'Active', disabledReason: null, disabledAt: null,
      credential: { kind: 'PersonalAccessToken', id: token.sid, name: 'leaked', expiresAt: token.expiresAt },
    });
    await change('Before');
    await drain();
    expect(received).toHaveLength(1);

    expect(await revokeCredential(t.database.db, token.sid, t.acme.fixture.tenantId)).toBe(true);
    const disabled = await read(webhookId);
    expect(disabled).toMatchObject({ status: 'Disabled', disabledReason: 'CredentialRevoked', disabledAt: expect.any(String) });
    expect(Math.abs(Date.parse(disabled.disabledAt) - Date.now())).toBeLessThan(60_000);
    await change('While disabled');
    await drain();
    expect(received).toHaveLength(1);

    // South does not see North's subscription; a token without webhook-write may not; one that cannot read the types may not.
    const enable = (caller: Caller) => caller({ method: 'POST', url: `/Webhooks/${webhookId}/Enable` });
    expect((await enable(as(t.app, t.acme.fixture.southToken))).statusCode).toBe(404);
    expect((await enable(as(t.app, await northToken('read only', ['webhook-read', 'employee-read'])))).statusCode).toBe(403);
    const blind = await enable(as(t.app, await northToken('no employees', ['webhook-write'])));
    expect(blind.statusCode, blind.body).toBe(400);
    expect(Object.keys(blind.json().errors)).toEqual(['eventTypes']);
    expect((await read(webhookId)).status).toBe('Disabled');

    const renewed = await northToken('renewed');
    const res = await enable(as(t.app, renewed));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'Active', disabledReason: null, credential: { kind: 'PersonalAccessToken', id: renewed.sid, name: 'renewed' } });
    await drain();
    // The change made while it was disabled arrives: it kept its place in the log.
    expect(received.map((r) => JSON.parse(r.body).changedFields)).toEqual([['lastName'], ['lastName']]);
  });

  it('GEN-16 the delivery loop checks the credential at each attempt: a pending delivery is not sent after the token is revoked, nor after it expires', async () => {
    const cases: [string, (token: IssuedCredential) => Promise<unknown>, string][] = [
      ['revoked', (token) => t.database.db.execute(sql`update api_credentials set revoked_at = now() where sid = ${token.sid}`), 'CredentialRevoked'],
      ['expired', (token) => t.database.db.execute(sql`update api_credentials set expires_at = now() - interval '1 second' where sid = ${token.sid}`), 'CredentialExpired'],
    ];
    for (const [path, end, reason] of cases) {
      const token = await northToken(path);
      const webhookId = await subscribe(as(t.app, token), `/${path}`);
      answers.push({ status: 500 });
      await change(`Pending ${path}`);
      await drain();
      expect(received.length, path).toBe(1);
      // The retry is due, but the credential has ended meanwhile (directly in the table: no notice, no hook).
      await end(token);
      await t.database.db.execute(sql`update webhook_deliveries set next_attempt_at = now()`);
      await drain();
      expect(received.length, path).toBe(1);
      expect(await read(webhookId), path).toMatchObject({ status: 'Disabled', disabledReason: reason, deliveries: { pending: 1 } });
      await t.database.db.execute(sql`delete from webhook_subscriptions`);
      received.length = 0;
    }
  });

  it('GEN-16 a subscription made with a bearer token is bound to its OAuth client: it outlives the access token, and is disabled when the client is revoked', async () => {
    const issued = await t.token({ grant_type: 'tw_vendor_service_credentials', client_id: t.acme.service.clientId, client_secret: t.acme.service.clientSecret ?? '', acr_values: t.acme.acr });
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    const bearer: Caller = (o) => t.app.inject({ ...o, headers: { authorization: `Bearer ${String(issued.body.access_token)}`, ...(o.headers ?? {}) } });
    const webhookId = await subscribe(bearer, '/client');
    expect(await read(webhookId)).toMatchObject({
      status: 'Active', serviceRepId: t.acme.fixture.north.repId,
      // Not the access token's expiry (an hour): the client has none.
      credential: { kind: 'OAuthClient', id: t.acme.service.clientId, name: 'service', expiresAt: null },
    });
    await change('Client');
    await drain();
    expect(received).toHaveLength(1);

    expect(await revokeClient(t.database.db, t.acme.service.clientId, t.acme.fixture.tenantId)).toBe(true);
    expect(await read(webhookId)).toMatchObject({ status: 'Disabled', disabledReason: 'ClientRevoked', disabledAt: expect.any(String) });
    await change('Client revoked');
    await drain();
    expect(received).toHaveLength(1);
  });

  it('GEN-16 a subscription whose rep is inactive, or whose credential is not known (deleted, or never recorded), shows it and receives nothing', async () => {
    const deleted = await northToken('deleted');
    const orphan = await subscribe(as(t.app, deleted), '/deleted');
    await t.database.db.execute(sql`delete from api_credentials where sid = ${deleted.sid}`);
    expect(await read(orphan)).toMatchObject({ status: 'Disabled', disabledReason: 'CredentialUnknown', credential: null });
    await t.database.db.execute(sql`delete from webhook_subscriptions where id = ${orphan}`);

    const webhookId = await subscribe(as(t.app, await northToken('rep')), '/rep');
    await t.database.db.execute(sql`update service_reps set is_active = false where id = ${t.acme.fixture.north.repId}`);
    try {
      expect(await read(webhookId)).toMatchObject({ status: 'Disabled', disabledReason: 'ServiceRepInactive', disabledAt: null });
      await change('Inactive rep');
      await drain();
      expect(received).toHaveLength(0);
    } finally {
      await t.database.db.execute(sql`update service_reps set is_active = true where id = ${t.acme.fixture.north.repId}`);
    }
    // Made before subscriptions recorded their credential (drizzle/0021 leaves those unbound): disabled until re-enabled.
    await t.database.db.execute(sql`update webhook_subscriptions set credential_id = null where id = ${webhookId}`);
    expect(await read(webhookId)).toMatchObject({ status: 'Disabled', disabledReason: 'CredentialUnknown', credential: null });
    await change('Unknown credential');
    await drain();
    expect(received).toHaveLength(0);
  });

  it('GEN-16 re-enabling an active subscription moves it to another credential (a token renewed before the old one expires) with nothing missed, and takes the re-enabling rep\'s hierarchy', async () => {
    const webhookId = await subscribe(as(t.app, await northToken('old')), '/moved');
    const res = await as(t.app, t.acme.fixture.adminToken)({ method: 'POST', url: `/Webhooks/${webhookId}/Enable` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'Active', serviceRepId: t.acme.fixture.adminRepId, credential: { id: t.acme.fixture.adminToken.sid } });
    // The administrator's subscription now: the North rep no longer sees it.
    expect((await as(t.app, t.acme.fixture.northToken)({ method: 'GET', url: `/Webhooks/${webhookId}` })).statusCode).toBe(404);
    await change('Moved');
    await drain();
    expect(names()).toEqual(['/moved']);
  });
});
