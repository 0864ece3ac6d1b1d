// The login server's rate limits (issue 26 item 2, decision 0034): failed client authentication per
// client_id and per client address, failed sign-ins per address, all shared by every login server
// process over the database. Requests come from several loopback addresses (127.0.x.y) so that each
// limit is seen alone.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, testLogin, type LoginContext, type LoginTenant } from '../../test/login.ts';
import { registerClient } from '../platform/auth/clients.ts';
import { startLoginServer } from './login-server.ts';

let t: LoginContext;
beforeAll(async () => {
  t = await testLogin({ CLIENT_AUTH_MAX_FAILURES: '5', CLIENT_AUTH_ADDRESS_MAX_FAILURES: '8', LOGIN_ADDRESS_MAX_FAILURES: '6', LOGIN_MAX_FAILURES: '100' });
});
afterAll(async () => { await t?.close(); });

interface Answer { status: number; body: Record<string, unknown>; retryAfter: number }

/** POSTs a form to {issuer}/connect/token from `address` (a loopback address of this machine). */
function tokenFrom(address: string, form: Record<string, string>, issuer = t.login.issuer): Promise<Answer> {
  const body = new URLSearchParams(form).toString();
  return new Promise((resolve, reject) => {
    const req = request(`${issuer}/connect/token`, {
      method: 'POST', localAddress: address, headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body) },
    }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({
        status: res.statusCode ?? 0,
        body: JSON.parse(Buffer.concat(chunks).toString() || '{}') as Record<string, unknown>,
        retryAfter: Number(res.headers['retry-after'] ?? 0),
      }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const service = (tenant: LoginTenant, secret = tenant.service.clientSecret!) => ({
  grant_type: 'tw_vendor_service_credentials', client_id: tenant.service.clientId, client_secret: secret, acr_values: tenant.acr,
});
const webUser = (tenant: LoginTenant, username: string, password: string) => ({
  grant_type: 'tw_vendor_webuser', usertype: 'WebUserEmployee', username, password,
  client_id: tenant.webuser.clientId, client_secret: tenant.webuser.clientSecret!, acr_values: tenant.acr,
});

function expectHeld(answer: Answer) {
  expect(answer).toMatchObject({ status: 429, body: { error: 'slow_down' } });
  expect(answer.retryAfter).toBeGreaterThan(0);
}

describe('failed client authentication per client', () => {
  it('40 wrong client_secret guesses: after the limit they answer 429 with Retry-After, and so does the right secret; other clients go on', async () => {
    const answers: Answer[] = [];
    // From eight addresses in turn, so that no address reaches its own limit.
    for (let i = 0; i < 40; i++) answers.push(await tokenFrom(`127.0.1.${1 + (i % 8)}`, service(t.acme, `wrong-${i}`)));
    expect(answers.slice(0, 5).map((a) => a.status)).toEqual([401, 401, 401, 401, 401]);
    expect(answers[0]!.body.error).toBe('invalid_client');
    for (const held of answers.slice(5)) expectHeld(held);
    expectHeld(await tokenFrom('127.0.1.20', service(t.acme)));
    expect((await tokenFrom('127.0.1.20', service(t.other))).status).toBe(200);
  });
});

describe('failed client authentication per address', () => {
  it('an address that failed with several clients is refused before oidc-provider runs, whatever the client; other addresses go on', async () => {
    const address = '127.0.2.1';
    const guesses = [
      { ...service(t.other, 'wrong'), client_id: 'no-such-client' },
      webUser(t.acme, 'wendy', PASSWORD), webUser(t.other, 'wendy', PASSWORD),
    ];
    for (let i = 0; i < 8; i++) {
      const form = { ...guesses[i % guesses.length]!, client_secret: `wrong-${i}` };
      expect((await tokenFrom(address, form)).body.error).toBe('invalid_client');
    }
    expectHeld(await tokenFrom(address, service(t.other)));
    expect((await tokenFrom('127.0.2.2', service(t.other))).status).toBe(200);
  });
});

describe('failed sign-ins per address', () => {
  it('failed web user sign-ins from one address, whatever the usernames and clients, hold the address (429, Retry-After)', async () => {
    const address = '127.0.3.1';
    for (let i = 0; i < 6; i++) {
      const tenant = i % 2 ? t.acme : t.other;
      expect((await tokenFrom(address, webUser(tenant, `someone${i}`, 'wrong password'))).body.error).toBe('invalid_grant');
    }
    const held = await tokenFrom(address, webUser(t.acme, 'wendy', PASSWORD));
    expectHeld(held);
    expect(held.body.error_description).toMatch(/from this address/);
    expect((await tokenFrom('127.0.3.2', webUser(t.acme, 'wendy', PASSWORD))).status).toBe(200);
  });
});

describe('one limit for every login server process', () => {
  it('two login servers with limiters of their own share a client\'s failures over the database', async () => {
    const second = await startLoginServer({ config: { ...t.config, AUTH_PORT: 0, AUTH_URL: 'http://127.0.0.1:0' }, database: t.database, listenForRotations: false });
    try {
      // A client of its own: no failure of the tests above counts against it.
      const client = await registerClient(t.database.db, { tenantId: t.other.fixture.tenantId, productInstanceId: 'web', name: 'shared', grants: ['tw_vendor_service_credentials'], serviceRepId: t.other.fixture.north.repId });
      const form = (secret = client.clientSecret!) => ({ ...service(t.other, secret), client_id: client.clientId });
      const servers = [t.login.issuer, second.issuer];
      for (let i = 0; i < 5; i++) expect((await tokenFrom(`127.0.4.${1 + i}`, form(`wrong-${i}`), servers[i % 2])).status).toBe(401);
      expectHeld(await tokenFrom('127.0.4.9', form(), second.issuer));
      expectHeld(await tokenFrom('127.0.4.9', form(), t.login.issuer));
    } finally {
      await second.close();
    }
  });
});
