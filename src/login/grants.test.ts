// The spec's grants over HTTP against a running login server, and every failure of the list:
// wrong secret, unknown tenant or pid, wrong usertype, a contact's credentials as an employee, a
// locked account, an expired, tampered, foreign-tenant or rotated-out token, a revoked client.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, importJWK, decodeJwt } from 'jose';
import { buildApp } from '../app.ts';
import { loadKeys, rotateSigningKeys } from '../platform/auth/signing-keys.ts';
import { revokeClient } from '../platform/auth/clients.ts';
import { ROLES, type Role } from '../platform/auth/principal.ts';
import { PASSWORD, testLogin, type LoginContext, type LoginTenant } from '../../test/login.ts';

let t: LoginContext;
beforeAll(async () => { t = await testLogin({ LOGIN_MAX_FAILURES: '3', LOGIN_CLIENT_MAX_FAILURES: '1000' }); });
afterAll(async () => { await t?.close(); });

const service = (tenant: LoginTenant, extra: Record<string, string> = {}) => t.token({
  grant_type: 'tw_vendor_service_credentials', client_id: tenant.service.clientId, client_secret: tenant.service.clientSecret!, acr_values: tenant.acr, ...extra,
});
const webUser = (tenant: LoginTenant, extra: Record<string, string> = {}) => t.token({
  grant_type: 'tw_vendor_webuser', usertype: 'WebUserEmployee', username: 'wendy', password: PASSWORD,
  client_id: tenant.webuser.clientId, client_secret: tenant.webuser.clientSecret!, acr_values: tenant.acr, ...extra,
});
const get = (url: string, token: unknown) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${String(token)}` } });

describe('tw_vendor_service_credentials (AUTH-07, AUTH-08, AUTH-09)', () => {
  it('AUTH-07 AUTH-09 issues a bearer JWT with expires_in 3600 and the granted scope string', async () => {
    const r = await service(t.acme);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    expect(String(r.body.scope).split(' ')).toContain('employee-read');
    expect(decodeJwt(String(r.body.access_token))).toMatchObject({ role: 'Service', tid: t.acme.fixture.tenantId, pid: 'web', aud: 'http://api.test', iss: t.login.issuer });
  });

  it('AUTH-03 AUTH-24 a Service token acts as its client\'s rep: the North rep\'s records only (AMB-24)', async () => {
    const { body } = await service(t.acme);
    expect((await get(`/Employees/${t.acme.employeeId}`, body.access_token)).statusCode).toBe(200);
    const south = await t.app.inject({ method: 'POST', url: '/Contacts', headers: { 'x-tw-token': t.acme.fixture.southToken.token }, payload: { firstName: 'S', lastName: 'South', branchId: t.acme.fixture.south.branchId } });
    expect(south.statusCode).toBe(201);
    expect((await get(`/Contacts/${south.json<{ contactId: number }>().contactId}`, body.access_token)).statusCode).toBe(404);
    expect((await get(`/Contacts/${t.acme.contactId}`, body.access_token)).statusCode).toBe(200);
  });

  it('AUTH-31 a scope asked for is all the token holds: other endpoints answer 403', async () => {
    const { body } = await service(t.acme, { scope: 'employee-read' });
    expect(body.scope).toBe('employee-read');
    expect((await get(`/Employees/${t.acme.employeeId}`, body.access_token)).statusCode).toBe(200);
    expect((await get('/Customers', body.access_token)).json()).toMatchObject({ status: 403, code: 'SCOPE_MISSING' });
  });

  it('a scope the client was not registered for is refused (invalid_scope)', async () => {
    const r = await service(t.acme, { scope: 'employee-read no-such-scope' });
    expect(r).toMatchObject({ status: 400, body: { error: 'invalid_scope' } });
  });

  it('a wrong client secret answers invalid_client (401)', async () => {
    const r = await service(t.acme, { client_secret: 'wrong' });
    expect(r).toMatchObject({ status: 401, body: { error: 'invalid_client' } });
  });

  it('AUTH-09 acr_values: missing, malformed, unknown tenant, unknown pid: invalid_request naming the problem', async () => {
    expect((await service(t.acme, { acr_values: '' })).body).toMatchObject({ error: 'invalid_request', error_description: expect.stringContaining('acr_values is required') });
    expect((await service(t.acme, { acr_values: 'tenant:acme' })).body).toMatchObject({ error: 'invalid_request', error_description: expect.stringContaining('both tenant') });
    expect((await service(t.acme, { acr_values: 'tenant:nobody pid:web' })).body).toMatchObject({ error: 'invalid_request', error_description: expect.stringContaining('no tenant "nobody"') });
    expect((await service(t.acme, { acr_values: 'tenant:acme pid:nope' })).body).toMatchObject({ error: 'invalid_request', error_description: expect.stringContaining('no product instance "nope"') });
  });

  it('AUTH-10 a client registered for another tenant is refused (invalid_client)', async () => {
    const r = await service(t.acme, { acr_values: t.other.acr });
    expect(r).toMatchObject({ status: 401, body: { error: 'invalid_client', error_description: expect.stringContaining('not registered for tenant "other"') } });
  });

  it('AUTH-08 the token request is form-urlencoded: JSON is not read', async () => {
    const response = await fetch(`${t.login.issuer}/connect/token`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'tw_vendor_service_credentials', client_id: t.acme.service.clientId, client_secret: t.acme.service.clientSecret, acr_values: t.acme.acr }),
    });
    expect(response.status).toBe(400);
  });

  it('a grant the client is not registered for is refused', async () => {
    const r = await t.token({ grant_type: 'tw_vendor_service_credentials', client_id: t.acme.webuser.clientId, client_secret: t.acme.webuser.clientSecret!, acr_values: t.acme.acr });
    expect(r.body).toMatchObject({ error: 'invalid_request', error_description: expect.stringContaining('not allowed for this client') });
  });
});

describe('tw_vendor_webuser (AUTH-05, AUTH-06)', () => {
  it('AUTH-05 a WebUserEmployee signs in with username and password', async () => {
    const r = await webUser(t.acme);
    expect(r.status).toBe(200);
    expect(decodeJwt(String(r.body.access_token))).toMatchObject({ role: 'WebUserEmployee', sub: expect.stringMatching(/^webuser:\d+$/) });
  });

  it('AUTH-06 a WebUserContact signs in with usertype WebUserContact', async () => {
    const r = await webUser(t.acme, { usertype: 'WebUserContact', username: 'carl' });
    expect(r.status).toBe(200);
    expect(decodeJwt(String(r.body.access_token))).toMatchObject({ role: 'WebUserContact' });
  });

  it('usernames are case-insensitive', async () => {
    expect((await webUser(t.acme, { username: 'WENDY' })).status).toBe(200);
  });

  it('a wrong usertype is invalid_request', async () => {
    const r = await webUser(t.acme, { usertype: 'ServiceRep' });
    expect(r.body).toMatchObject({ error: 'invalid_request', error_description: 'usertype must be WebUserEmployee or WebUserContact.' });
  });

  it('a contact\'s credentials with usertype WebUserEmployee fail like a wrong password (nothing says which part was wrong)', async () => {
    const contactAsEmployee = await webUser(t.acme, { username: 'carl' });
    const wrongPassword = await webUser(t.acme, { username: 'carl', usertype: 'WebUserContact', password: 'not the password' });
    const unknown = await webUser(t.acme, { username: 'nobody-at-all' });
    for (const r of [contactAsEmployee, wrongPassword, unknown]) {
      expect(r).toMatchObject({ status: 400, body: { error: 'invalid_grant', error_description: 'The username or password is incorrect.' } });
    }
  });

  it('a web user of another tenant cannot sign in through this tenant', async () => {
    expect((await webUser(t.other, { acr_values: t.acme.acr })).status).toBe(401);
  });

  it('repeated failures lock the username for a while, even with the right password; an unknown username locks the same way', async () => {
    await webUser(t.other, { usertype: 'WebUserContact', username: 'carl', password: 'nope-1' });
    await webUser(t.other, { usertype: 'WebUserContact', username: 'carl', password: 'nope-2' });
    await webUser(t.other, { usertype: 'WebUserContact', username: 'carl', password: 'nope-3' });
    const locked = await webUser(t.other, { usertype: 'WebUserContact', username: 'carl' });
    expect(locked.body).toMatchObject({ error: 'invalid_grant', error_description: expect.stringMatching(/^Too many failed sign-ins for this username; try again in \d+ minutes\.$/) });
    for (let i = 0; i < 3; i++) await webUser(t.other, { username: 'ghost', password: `x${i}` });
    expect((await webUser(t.other, { username: 'ghost' })).body.error_description).toMatch(/^Too many failed sign-ins/);
    // Other usernames are not affected.
    expect((await webUser(t.other)).status).toBe(200);
  });

  it('a WebUserEmployee token reaches no staff endpoint (403)', async () => {
    const { body } = await webUser(t.acme);
    expect((await get(`/Employees/${t.acme.employeeId}`, body.access_token)).json()).toMatchObject({ status: 403, code: 'ROLE_NOT_ALLOWED' });
  });
});

describe('rate limit per client', () => {
  it('too many failed sign-ins through one client refuse its sign-ins for a while (429 slow_down, Retry-After), whatever the username', async () => {
    const limited = await testLogin({ LOGIN_MAX_FAILURES: '100', LOGIN_CLIENT_MAX_FAILURES: '3' });
    try {
      const attempt = (username: string, password: string) => limited.token({
        grant_type: 'tw_vendor_webuser', usertype: 'WebUserEmployee', username, password,
        client_id: limited.acme.webuser.clientId, client_secret: limited.acme.webuser.clientSecret!, acr_values: limited.acme.acr,
      });
      for (const name of ['a', 'b', 'c']) expect((await attempt(name, 'wrong password')).body.error).toBe('invalid_grant');
      const refused = await attempt('wendy', PASSWORD);
      expect(refused).toMatchObject({ status: 429, body: { error: 'slow_down', error_description: expect.stringContaining('through this client') } });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});

describe('bearer tokens at the API (AUTH-03, AUTH-30)', () => {
  async function sign(claims: Record<string, unknown>, expiresIn = '1h') {
    const [jwk] = await loadKeys(t.database.db);
    return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: jwk!.kid }).setIssuer(t.login.issuer)
      .setAudience('http://api.test').setIssuedAt().setExpirationTime(expiresIn).sign(await importJWK(jwk!, 'RS256'));
  }
  const claimsOf = (tenant: LoginTenant) => ({ sub: tenant.service.clientId, client_id: tenant.service.clientId, tid: tenant.fixture.tenantId, role: 'Service', scope: 'employee-read' });

  it('AUTH-30 an expired token answers 401 with a Bearer challenge', async () => {
    const expired = await sign(claimsOf(t.acme), '-1 minute');
    const r = await get(`/Employees/${t.acme.employeeId}`, expired);
    expect(r.statusCode).toBe(401);
    expect(r.headers['www-authenticate']).toMatch(/^Bearer .*error="invalid_token"/);
    expect(r.json().detail).toBe('The bearer token has expired.');
  });

  it('AUTH-30 a tampered token (payload changed, signature kept) answers 401', async () => {
    const { body } = await service(t.acme, { scope: 'employee-read' });
    const [header, payload, signature] = String(body.access_token).split('.');
    const changed = Buffer.from(JSON.stringify({ ...decodeJwt(String(body.access_token)), scope: 'employee-read employee-write' })).toString('base64url');
    expect(payload).not.toBe(changed);
    expect((await get(`/Employees/${t.acme.employeeId}`, `${header}.${changed}.${signature}`)).statusCode).toBe(401);
  });

  it('a token naming another tenant than its client\'s answers 401; another tenant\'s records are 404 to a valid token', async () => {
    const foreign = await sign({ ...claimsOf(t.acme), tid: t.other.fixture.tenantId });
    expect((await get(`/Employees/${t.other.employeeId}`, foreign)).statusCode).toBe(401);
    const { body } = await service(t.acme);
    expect((await get(`/Employees/${t.other.employeeId}`, body.access_token)).statusCode).toBe(404);
  });

  it('a token for another audience or issuer answers 401', async () => {
    const [jwk] = await loadKeys(t.database.db);
    const other = await new SignJWT(claimsOf(t.acme)).setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: jwk!.kid }).setIssuer('http://elsewhere')
      .setAudience('http://api.test').setIssuedAt().setExpirationTime('1h').sign(await importJWK(jwk!, 'RS256'));
    expect((await get(`/Employees/${t.acme.employeeId}`, other)).statusCode).toBe(401);
  });

  it('rotation: a token of the retired key still works until the key is dropped; then 401. A revoked client\'s tokens answer 401 at once', async () => {
    // An app that hears rotations and revocations, as a deployed one does.
    const app = await buildApp({ config: t.config, database: t.database, listenForRevocations: true });
    try {
      const { body } = await service(t.acme);
      const call = () => app.inject({ method: 'GET', url: `/Employees/${t.acme.employeeId}`, headers: { authorization: `Bearer ${String(body.access_token)}` } });
      expect((await call()).statusCode).toBe(200);
      await rotateSigningKeys(t.database.db, 3600);
      await t.login.reloadKeys();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await call()).statusCode).toBe(200);
      const fresh = await service(t.acme);
      expect(decodeJwt(String(fresh.body.access_token))).toBeTruthy();
      // Dropping every retired key (keep 0 s): the old token's key is gone.
      await rotateSigningKeys(t.database.db, 0);
      await t.login.reloadKeys();
      await new Promise((resolve) => setTimeout(resolve, 300));
      const refused = await call();
      expect(refused.statusCode).toBe(401);
      expect(refused.json().detail).toBe('The bearer token was signed by a key this service does not accept.');

      const another = await service(t.other);
      const asOther = () => app.inject({ method: 'GET', url: `/Employees/${t.other.employeeId}`, headers: { authorization: `Bearer ${String(another.body.access_token)}` } });
      expect((await asOther()).statusCode).toBe(200);
      await revokeClient(t.database.db, t.other.service.clientId);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await asOther()).statusCode).toBe(401);
      expect((await service(t.other)).status).toBe(401);
    } finally {
      await app.close();
    }
  });
});

describe('bad input at the login server', () => {
  it('answers 4xx, never 500: unknown or cookie-less interactions, a token request of garbage, an unknown path', async () => {
    const at = (path: string, init?: RequestInit) => fetch(`${t.login.issuer}${path}`, init).then((r) => r.status);
    expect(await at('/interaction/no-such-uid')).toBe(400);
    expect(await at('/interaction/no-such-uid/login', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'username=a&password=b' })).toBe(400);
    expect(await at('/interaction/no-such-uid/confirm', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' })).toBeGreaterThanOrEqual(400);
    expect(await at('/interaction/no-such-uid/confirm', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' })).toBeLessThan(500);
    expect(await at('/connect/token', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '%%%\u0000grant_type' })).toBe(400);
    expect(await at('/connect/token', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=password&username=x' })).toBe(400);
    expect(await at('/no/such/path')).toBe(404);
  });
});

describe('the caller kinds (GEN-02)', () => {
  it('GEN-02 a rep\'s token, a Service token, a WebUserEmployee token and a WebUserContact token each act as their own role', async () => {
    expect(ROLES).toEqual(['ServiceRep', 'WebUserEmployee', 'WebUserContact', 'Service']);
    const bearer = (r: { status: number; body: Record<string, unknown> }) => {
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return { authorization: `Bearer ${String(r.body.access_token)}` };
    };
    const kinds: Record<Role, Record<string, string>> = {
      ServiceRep: { 'x-tw-token': t.acme.fixture.northToken.token },
      Service: bearer(await service(t.acme)),
      WebUserEmployee: bearer(await webUser(t.acme)),
      WebUserContact: bearer(await webUser(t.acme, { usertype: 'WebUserContact', username: 'carl' })),
    };
    // An app started now knows the current signing keys, whatever rotations the tests before made.
    const app = await buildApp({ config: t.config, database: t.database, listenForRevocations: false });
    try {
      // The package list allows ServiceRep alone: every other kind's refusal names the role it acts as.
      const answers = Object.fromEntries(await Promise.all(ROLES.map(async (role) => {
        const res = await app.inject({ method: 'GET', url: '/Administration/AssessmentPackages', headers: kinds[role] });
        return [role, res.statusCode === 200 ? 'ServiceRep' : /^The (\w+) role may not call this endpoint\.$/.exec(String(res.json().detail))?.[1] ?? res.body];
      })));
      expect(answers).toEqual({ ServiceRep: 'ServiceRep', Service: 'Service', WebUserEmployee: 'WebUserEmployee', WebUserContact: 'WebUserContact' });
    } finally {
      await app.close();
    }
  });
});

describe('discovery (AUTH-11)', () => {
  it('AUTH-11 publishes its endpoints, grants and keys', async () => {
    const config = await (await fetch(`${t.login.issuer}/.well-known/openid-configuration`)).json();
    expect(config).toMatchObject({
      issuer: t.login.issuer,
      token_endpoint: `${t.login.issuer}/connect/token`,
      authorization_endpoint: `${t.login.issuer}/connect/authorize`,
      jwks_uri: `${t.login.issuer}/.well-known/jwks.json`,
      introspection_endpoint: `${t.login.issuer}/connect/introspect`,
      revocation_endpoint: `${t.login.issuer}/connect/revocation`,
      code_challenge_methods_supported: ['S256'],
    });
    expect(config.grant_types_supported).toEqual(expect.arrayContaining(['authorization_code', 'refresh_token', 'tw_vendor_service_credentials', 'tw_vendor_webuser']));
    const jwks = await (await fetch(config.jwks_uri)).json();
    expect(jwks.keys.length).toBeGreaterThan(0);
    for (const key of jwks.keys) expect(key.d).toBeUndefined();
  });
});
