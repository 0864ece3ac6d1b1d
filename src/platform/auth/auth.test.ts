// Authentication and authorization: the three credential forms, every failure, scopes, roles,
// hierarchy, per-credential concurrency, and secrets kept out of logs.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PassThrough } from 'node:stream';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { auth, testApp, type TestContext } from '../../../test/helpers.ts';
import { buildApp } from '../../app.ts';
import { issueCredential, revokeCredential } from './tokens.ts';
import { encodeToken } from './credentials.ts';
import { CredentialVerifier } from './verifier.ts';
import { principalOfRep } from './rep-principal.ts';
import { transaction } from '../db/database.ts';

let t: TestContext;
beforeAll(async () => { t = await testApp(); });
afterAll(async () => { await t?.close(); });

const BRANCHES = '/Datalists/Branches';
const get = (headers: Record<string, string> = {}, url = BRANCHES) => t.app.inject({ method: 'GET', url, headers });

function expectProblem(res: Awaited<ReturnType<typeof get>>, status: number) {
  expect(res.statusCode).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  const body = res.json();
  expect(body).toMatchObject({ status, title: expect.any(String), traceId: expect.any(String) });
  return body as { detail: string; errors?: Record<string, string[]> };
}

describe('authentication forms (AUTH-02)', () => {
  it('AUTH-12: accepts Basic SID:TOKEN', async () => {
    expect((await get(auth.basic(t.tenant.account))).statusCode).toBe(200);
  });

  it('AUTH-15 AUTH-18: accepts x-tw-token, the Base64 of SID:TOKEN', async () => {
    expect((await get(auth.token(t.tenant.adminToken))).statusCode).toBe(200);
  });

  it('AUTH-16: accepts the tw-token query parameter', async () => {
    expect((await get({}, `${BRANCHES}?tw-token=${encodeURIComponent(t.tenant.adminToken.token)}`)).statusCode).toBe(200);
  });

  it('AMB-20: a personal access token also works as Basic credentials, with its own scopes', async () => {
    expect((await get(auth.basic(t.tenant.adminToken))).statusCode).toBe(200);
  });

  it('AUTH-14: accepts Basic credentials embedded in the URL authority', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const { sid, secret } = t.tenant.account;
    const status = await new Promise<number>((resolve, reject) => {
      http.get(`http://${sid}:${secret}@127.0.0.1:${port}${BRANCHES}`, (res) => { res.resume(); resolve(res.statusCode ?? 0); }).on('error', reject);
    });
    expect(status).toBe(200);
  });
});

describe('authentication failures answer 401 with a problem body (AUTH-30)', () => {
  it('AUTH-01 GEN-01: no credentials', async () => {
    const res = await get();
    expectProblem(res, 401);
    expect(res.headers['www-authenticate']).toMatch(/^Basic/);
  });

  it('AUTH-18: a token that is not Base64 of SID:TOKEN', async () => {
    expectProblem(await get({ 'x-tw-token': '%%%not-base64%%%' }), 401);
    expectProblem(await get({ 'x-tw-token': Buffer.from('no-colon-here').toString('base64') }), 401);
    expectProblem(await get({ authorization: 'Basic !!!' }), 401);
  });

  it('AUTH-30: a wrong secret for a real SID', async () => {
    expectProblem(await get({ 'x-tw-token': encodeToken(t.tenant.adminToken.sid, 'wrong-secret') }), 401);
  });

  it('AUTH-30: an unknown SID', async () => {
    expectProblem(await get({ 'x-tw-token': encodeToken('PA00000000000000000000000000000000', 'whatever') }), 401);
  });

  it('AUTH-22: an expired personal access token', async () => {
    const token = await issueCredential(t.database.db, { tenantId: t.tenant.tenantId, serviceRepId: t.tenant.adminRepId, kind: 'personal', name: 'soon', expiresAt: new Date(Date.now() + 1500) });
    expect((await get(auth.token(token))).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 1600));
    const body = expectProblem(await get(auth.token(token)), 401);
    expect(body.detail).toMatch(/expired/);
  });

  it('AUTH-30: a revoked token', async () => {
    const token = await issueCredential(t.database.db, { tenantId: t.tenant.tenantId, serviceRepId: t.tenant.adminRepId, kind: 'personal', name: 'revoke me', expiresAt: new Date(Date.now() + 86_400_000) });
    await revokeCredential(t.database.db, token.sid);
    expectProblem(await get(auth.token(token)), 401);
  });

  it('a bearer token (login server not part of this deployment yet)', async () => {
    expectProblem(await get({ authorization: 'Bearer abc.def.ghi' }), 401);
  });

  it('a token of one tenant with the SID of another tenant\'s token', async () => {
    expectProblem(await get({ 'x-tw-token': encodeToken(t.other.adminToken.sid, t.tenant.adminToken.secret) }), 401);
  });
});

describe('revocation reaches a running service at once', () => {
  it('AUTH-30: a token revoked by another process stops working while it is cached', async () => {
    const app = await buildApp({ config: t.config, database: t.database, listenForRevocations: true });
    await app.ready();
    try {
      const token = await issueCredential(t.database.db, { tenantId: t.tenant.tenantId, serviceRepId: t.tenant.adminRepId, kind: 'personal', name: 'cached', expiresAt: new Date(Date.now() + 86_400_000) });
      const call = () => app.inject({ method: 'GET', url: BRANCHES, headers: auth.token(token) });
      expect((await call()).statusCode).toBe(200); // now cached
      await revokeCredential(t.database.db, token.sid);
      let status = 200;
      for (let i = 0; i < 50 && status === 200; i++) {
        await new Promise((r) => setTimeout(r, 20));
        status = (await call()).statusCode;
      }
      expect(status).toBe(401);
    } finally {
      await app.close();
    }
  });

  it('AUTH-22: a cached principal stops authenticating at its expiry', async () => {
    const verifier = new CredentialVerifier(t.database, 60_000);
    const expiresAt = new Date(Date.now() + 60_000);
    const token = await issueCredential(t.database.db, { tenantId: t.tenant.tenantId, serviceRepId: t.tenant.adminRepId, kind: 'personal', name: 'cache expiry', expiresAt });
    expect((await verifier.verify(token.sid, token.secret)).ok).toBe(true);
    expect(await verifier.verify(token.sid, token.secret, expiresAt.getTime() + 1)).toEqual({ ok: false, detail: 'The credential has expired.' });
  });
});

describe('uncached lookups made together', () => {
  it('AUTH-02: lookups of one turn of the event loop share one statement, and each request\'s secret is still checked on its own', async () => {
    const verifier = new CredentialVerifier(t.database, 0);
    const other = await issueCredential(t.database.db, { tenantId: t.tenant.tenantId, serviceRepId: t.tenant.adminRepId, kind: 'personal', name: 'together', expiresAt: new Date(Date.now() + 86_400_000) });
    const token = t.tenant.adminToken;
    const query = vi.spyOn(t.database.pipeline, 'query');
    try {
      const verdicts = await Promise.all([
        verifier.verify(token.sid, token.secret), verifier.verify(token.sid, token.secret), verifier.verify(other.sid, other.secret),
        verifier.verify(token.sid, other.secret), verifier.verify('no-such-sid', token.secret),
      ]);
      expect(verdicts.map((v) => v.ok)).toEqual([true, true, true, false, false]);
      expect(query).toHaveBeenCalledTimes(1);
      // The next turn asks again: nothing is kept with the cache off.
      expect((await verifier.verify(token.sid, token.secret)).ok).toBe(true);
      expect(query).toHaveBeenCalledTimes(2);
    } finally {
      query.mockRestore();
    }
  });
});

describe('rep lookups made together (bearer tokens, background work)', () => {
  it('AUTH-03: the reps asked in one turn of the event loop are read with one statement, each caller gets its own; in a transaction, on its connection', async () => {
    const { tenantId, adminRepId, north, south } = t.tenant;
    const query = vi.spyOn(t.database.pipeline, 'query');
    try {
      const reps = await Promise.all([adminRepId, north.repId, south.repId, north.repId, 999_999].map((id) => principalOfRep(t.database.db, tenantId, id)));
      expect(reps.map((r) => r?.hierId)).toEqual([t.tenant.rootHierId, north.hierId, south.hierId, north.hierId, undefined]);
      expect(query).toHaveBeenCalledTimes(1);
      // Another tenant's rep id under this tenant is no rep.
      expect(await principalOfRep(t.database.db, t.other.tenantId, north.repId)).toBeUndefined();
    } finally {
      query.mockRestore();
    }
    await transaction(t.database.db, async ({ db }) => {
      expect((await principalOfRep(db, tenantId, north.repId))?.hierId).toBe(north.hierId);
    });
  });
});

describe('scopes and roles', () => {
  it('AUTH-31 AUTH-23: a token without the endpoint\'s scope answers 403', async () => {
    const token = await issueCredential(t.database.db, { tenantId: t.tenant.tenantId, serviceRepId: t.tenant.adminRepId, kind: 'personal', name: 'narrow', scopes: ['employee-read'], expiresAt: new Date(Date.now() + 86_400_000) });
    const body = expectProblem(await get(auth.token(token)), 403);
    expect(body.detail).toMatch(/datalist-read/);
  });

  it('AUTH-24: the Read scope of a record grants its GET endpoints', async () => {
    const token = await issueCredential(t.database.db, { tenantId: t.tenant.tenantId, serviceRepId: t.tenant.adminRepId, kind: 'personal', name: 'datalist reader', scopes: ['datalist-read'], expiresAt: new Date(Date.now() + 86_400_000) });
    expect((await get(auth.token(token))).statusCode).toBe(200);
  });

  it('AUTH-13: an account key (master key) holds every scope', async () => {
    expect((await get(auth.basic(t.tenant.account), '/Datalists/MessageActions')).statusCode).toBe(200);
  });

  it('AUTH-33 AMB-22: a role an endpoint does not allow answers 403', async () => {
    const app = await buildApp({ config: t.config, database: t.database, listenForRevocations: false });
    app.get('/service-only', { config: { access: { roles: ['Service'], scopes: [] } }, schema: { operationId: 'serviceOnly' } }, async () => ({ ok: true }));
    await app.ready();
    const res = await app.inject({ method: 'GET', url: '/service-only', headers: auth.token(t.tenant.adminToken) });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toMatch(/ServiceRep role/);
    await app.close();
  });

  it('refuses to start a route that declares no access', async () => {
    const app = await buildApp({ config: t.config, database: t.database, listenForRevocations: false });
    expect(() => app.get('/undeclared', async () => ({}))).toThrow(/declares no access/);
    await app.close();
  });
});

describe('hierarchy (GEN-03 GEN-05 AUTH-20)', () => {
  const names = async (credential: { token: string }, url: string) => (await get({ 'x-tw-token': credential.token }, url)).json();

  it('a rep at a branch node sees only that branch and its reps', async () => {
    const branches = await names(t.tenant.northToken, BRANCHES);
    expect(branches.data.map((b: { branchName: string }) => b.branchName)).toEqual(['North Branch']);
    expect(branches.totalCount).toBe(1);
    const reps = await names(t.tenant.northToken, '/Datalists/ServiceReps');
    expect(reps.data.map((r: { lastName: string }) => r.lastName)).toEqual(['North']);
  });

  it('a rep at the parent node sees both branches and every rep below it', async () => {
    const branches = await names(t.tenant.adminToken, BRANCHES);
    expect(branches.data.map((b: { branchName: string }) => b.branchName)).toEqual(['North Branch', 'South Branch']);
    const reps = await names(t.tenant.adminToken, '/Datalists/ServiceReps');
    expect(reps.totalCount).toBe(3);
  });

  it('a token never sees another tenant\'s records', async () => {
    const mine = await names(t.tenant.adminToken, '/Datalists/ServiceReps');
    const theirs = await names(t.other.adminToken, '/Datalists/ServiceReps');
    const ids = (l: { data: { serviceRepId: number }[] }) => l.data.map((r) => r.serviceRepId);
    expect(ids(mine).filter((id) => ids(theirs).includes(id))).toEqual([]);
  });
});

describe('too many simultaneous requests (PAGE-07 PAGE-08 ERR-14)', () => {
  it('answers 429 with Retry-After past the per-credential limit, and frees the slots after', async () => {
    const config = { ...t.config, MAX_IN_FLIGHT_PER_CREDENTIAL: 2 };
    const app = await buildApp({ config, database: t.database, listenForRevocations: false });
    let release!: () => void;
    const gate = new Promise<void>((r) => { release = r; });
    app.get('/slow', { config: { access: { roles: ['ServiceRep'], scopes: [] } }, schema: { operationId: 'slow' } }, async () => { await gate; return { ok: true }; });
    await app.ready();
    const call = (credential = t.tenant.adminToken) => app.inject({ method: 'GET', url: '/slow', headers: auth.token(credential) });
    const first = [call(), call()];
    await new Promise((r) => setTimeout(r, 100));
    const third = await call();
    expect(third.statusCode).toBe(429);
    expect(third.headers['retry-after']).toBe('1');
    // Another credential has its own allowance.
    const otherCredential = call(t.tenant.northToken);
    release();
    expect((await Promise.all([...first, otherCredential])).map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect((await call()).statusCode).toBe(200);
    await app.close();
  });
});

describe('secrets stay out of logs', () => {
  it('AUTH-17 AMB-27: neither the Basic secret, the x-tw-token nor the tw-token query is logged', async () => {
    const stream = new PassThrough();
    let logged = '';
    stream.on('data', (c) => { logged += String(c); });
    const config = { ...t.config, LOG_LEVEL: 'info' as const };
    const app = await buildApp({ config, database: t.database, listenForRevocations: false, logStream: stream });
    await app.ready();
    const token = t.tenant.adminToken;
    await app.inject({ method: 'GET', url: BRANCHES, headers: auth.basic(token) });
    await app.inject({ method: 'GET', url: BRANCHES, headers: auth.token(token) });
    await app.inject({ method: 'GET', url: `${BRANCHES}?tw-token=${encodeURIComponent(token.token)}&take=1` });
    await app.inject({ method: 'GET', url: BRANCHES, headers: { 'x-tw-token': encodeToken(token.sid, 'bad') } });
    await app.close();
    expect(logged).toContain('incoming request');
    expect(logged).toContain(`${BRANCHES}?[REDACTED]`);
    for (const secret of [token.secret, token.token, encodeURIComponent(token.token)]) expect(logged).not.toContain(secret);
  });
});
