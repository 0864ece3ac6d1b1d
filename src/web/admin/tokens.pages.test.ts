// Personal access tokens on the admin pages: created with the CLI's function under the hierarchy
// rule, the secret shown once and working on the API, listed within the hierarchy, revoked (401).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { LoginContext } from '../../../test/login.ts';
import { apiCredentials } from '../../platform/db/schema.ts';
import { addServiceRep } from '../../resources/tenants/tenant.provisioning.ts';
import { MESSAGES } from '../../platform/messages/index.ts';
import { adminPagesLogin, escaped, openPage, postForm, submitForm, type Cookies } from './admin.test-support.ts';

const t_ = MESSAGES.en.admin;
let t: LoginContext;
let nora: Cookies, ada: Cookies;
const tomorrow = () => new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => { ({ t, cookies: { nora, ada } } = await adminPagesLogin('nora', 'ada')); });
afterAll(async () => { await t?.close(); });

const create = (cookies: Cookies, form: Record<string, string>) => submitForm(t.app, '/admin/tokens', cookies, form);

const secretOf = (html: string) => /id="token-value">([^<]+)</.exec(html)?.[1] ?? '';
const sidOf = (html: string) => /id="token-sid">([^<]+)</.exec(html)?.[1] ?? '';

describe('personal access tokens on the admin pages', () => {
  it('AUTH-19: creates a token with the chosen scopes, shows its secret once, and the token works on the API within its scopes', async () => {
    const { res } = await create(nora, { name: 'Payroll export', rep: String(t.acme.fixture.north.repId), expires: tomorrow(), 'scope:employee-read': 'on' });
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const token = secretOf(res.body);
    expect(token).not.toBe('');
    const allowed = await t.app.inject({ url: '/Employees', headers: { 'x-tw-token': token } });
    expect(allowed.statusCode).toBe(200);
    const outOfScope = await t.app.inject({ url: '/Customers', headers: { 'x-tw-token': token } });
    expect(outOfScope.statusCode).toBe(403);
    const list = await t.app.inject({ url: '/admin/tokens', cookies: nora });
    expect(list.body).toContain(sidOf(res.body));
    expect(list.body).not.toContain(token);
  });

  it('AUTH-21: a rep added for an application is offered on the form, and the token issued for it acts as that rep, not as the rep who issued it', async () => {
    const { tenantId, north, south } = t.acme.fixture;
    const appRep = await addServiceRep(t.database.db, tenantId, { hierId: north.hierId, firstName: 'Payroll', lastName: 'Export App' });
    expect((await openPage(t.app, '/admin/tokens', ada)).res.body).toContain(`<option value="${appRep}">Payroll Export App</option>`);
    const { res } = await create(ada, { name: 'Payroll export', rep: String(appRep), expires: tomorrow(), 'scope:employee-read': 'on' });
    expect(res.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(apiCredentials).where(and(eq(apiCredentials.tenantId, tenantId), eq(apiCredentials.sid, sidOf(res.body))));
    expect(row?.serviceRepId).toBe(appRep);
    // Ada (root) sees the South employee; the application's rep, at the North node, does not.
    const southern = await t.app.inject({ method: 'POST', url: '/Employees', headers: { 'x-tw-token': t.acme.fixture.adminToken.token }, payload: { firstName: 'Sue', lastName: 'South', branchId: south.branchId, region: 'MN' } });
    expect(southern.statusCode, southern.body).toBe(201);
    const headers = { 'x-tw-token': secretOf(res.body) };
    expect((await t.app.inject({ url: `/Employees/${t.acme.employeeId}`, headers })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/Employees/${southern.json().employeeId}`, headers })).statusCode).toBe(404);
  });

  it('shows each problem next to its field, and issues nothing', async () => {
    const before = await t.database.db.select().from(apiCredentials).where(eq(apiCredentials.tenantId, t.acme.fixture.tenantId));
    const bad = await create(nora, { name: '', rep: String(t.acme.fixture.south.repId), expires: '2001-01-01' });
    expect(bad.res.statusCode).toBe(400);
    for (const message of [t_.nameRequired, t_.repOutside, t_.expiresPast, t_.scopesRequired]) expect(bad.res.body).toContain(escaped(message));
    expect(bad.res.body).toContain('aria-describedby="name-error"');
    const badDate = await create(nora, { name: 'x', rep: String(t.acme.fixture.north.repId), expires: '2026-02-30', 'scope:employee-read': 'on' });
    expect(badDate.res.body).toContain(escaped(t_.expiresInvalid));
    const after = await t.database.db.select().from(apiCredentials).where(eq(apiCredentials.tenantId, t.acme.fixture.tenantId));
    expect(after).toHaveLength(before.length);
  });

  it('refuses a scope outside the catalogue and a form without its token (CSRF)', async () => {
    const odd = await create(nora, { name: 'odd', rep: String(t.acme.fixture.north.repId), expires: tomorrow(), 'scope:*': 'on' });
    expect(odd.res.statusCode).toBe(400);
    const page = await openPage(t.app, '/admin/tokens', nora);
    const noCsrf = await postForm(t.app, '/admin/tokens', page.cookies, { name: 'x', rep: String(t.acme.fixture.north.repId), expires: tomorrow(), 'scope:employee-read': 'on' });
    expect(noCsrf.res.statusCode).toBe(403);
  });

  it('lists and revokes only tokens of reps inside the signed-in rep\'s hierarchy', async () => {
    const south = t.acme.fixture.southToken.sid;
    const noraList = await t.app.inject({ url: '/admin/tokens', cookies: nora });
    expect(noraList.body).not.toContain(south);
    expect((await t.app.inject({ url: `/admin/tokens/${south}/revoke`, cookies: nora })).statusCode).toBe(404);
    const page = await openPage(t.app, '/admin/tokens', nora);
    const refused = await postForm(t.app, `/admin/tokens/${south}/revoke`, page.cookies, { _csrf: page.csrf });
    expect(refused.res.statusCode).toBe(404);
    const adaList = await t.app.inject({ url: '/admin/tokens', cookies: ada });
    expect(adaList.body).toContain(south);
    const other = await t.app.inject({ url: '/admin/tokens', cookies: ada });
    expect(other.body).not.toContain(t.other.fixture.adminToken.sid);
  });

  it('creates a token for a rep below, and revokes it after confirming', async () => {
    const { res } = await create(ada, { name: 'For Sam', rep: String(t.acme.fixture.south.repId), expires: tomorrow(), 'scope:employee-read': 'on' });
    expect(res.statusCode).toBe(201);
    const token = secretOf(res.body), sid = sidOf(res.body);
    expect((await t.app.inject({ url: '/Employees', headers: { 'x-tw-token': token } })).statusCode).toBe(200);
    const confirm = await openPage(t.app, `/admin/tokens/${sid}/revoke`, ada);
    expect(confirm.res.statusCode).toBe(200);
    expect(confirm.res.body).toContain(escaped(t_.revokeTokenQuestion));
    const noCsrf = await postForm(t.app, `/admin/tokens/${sid}/revoke`, confirm.cookies, {});
    expect(noCsrf.res.statusCode).toBe(403);
    const done = await postForm(t.app, `/admin/tokens/${sid}/revoke`, confirm.cookies, { _csrf: confirm.csrf });
    expect(done.res.statusCode).toBe(303);
    // The API's cache hears revocations by NOTIFY, off in this test app: the row is what counts here
    // (admin.browser.test.ts sees the 401 on the real server).
    const [row] = await t.database.db.select().from(apiCredentials).where(and(eq(apiCredentials.tenantId, t.acme.fixture.tenantId), eq(apiCredentials.sid, sid)));
    expect(row?.revokedAt).not.toBeNull();
    expect(row?.serviceRepId).toBe(t.acme.fixture.south.repId);
  });

  it('escapes hostile input and answers it with 4xx pages, never a 500', async () => {
    const script = await create(nora, { name: '<script>alert(1)</script>', rep: String(t.acme.fixture.north.repId), expires: tomorrow(), 'scope:employee-read': 'on' });
    expect(script.res.statusCode).toBe(201);
    const list = await t.app.inject({ url: '/admin/tokens', cookies: nora });
    expect(list.body).not.toContain('<script>alert');
    expect(list.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    const long = await create(nora, { name: 'x'.repeat(10_000), rep: 'abc', expires: '%FF%FE', 'scope:employee-read': 'on' });
    expect(long.res.statusCode).toBe(400);
    expect(long.res.body).toContain(escaped(t_.nameTooLong));
    const tooLong = await create(nora, { name: 'x'.repeat(10_001) });
    expect(tooLong.res.statusCode).toBe(400);
    for (const url of ['/admin/tokens/%FF%FE/revoke', `/admin/tokens/${'a'.repeat(5000)}/revoke`, '/admin/tokens?done=a&done=b', '/admin/tokens?lang=%FF']) {
      const res = await t.app.inject({ url, cookies: nora });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(200);
      expect(res.statusCode, url).toBeLessThan(500);
    }
    const bytes = await t.app.inject({ method: 'POST', url: '/admin/tokens', cookies: nora, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'name=%FF%FE&_csrf=x' });
    expect(bytes.statusCode).toBe(403);
  });
});

describe('the events of personal access tokens (GEN-16)', () => {
  /** The tenant's token events after event `after`: type, record, location and data. */
  async function tokenEvents(after: number) {
    const { rows } = await t.database.pool.query<{ type: string; record_id: number; location: string; data: Record<string, unknown>; read_scopes: string[] }>(
      `select type, record_id, location, data, read_scopes from events where tenant_id = $1 and record_type = 'PersonalAccessToken' and id > $2 order by id`, [t.acme.fixture.tenantId, after]);
    return rows;
  }
  const lastEvent = async () => Number((await t.database.pool.query<{ id: string | null }>('select max(id) as id from events')).rows[0]?.id ?? 0);
  const idOf = async (sid: string) => (await t.database.db.select({ id: apiCredentials.id }).from(apiCredentials).where(eq(apiCredentials.sid, sid)))[0]!.id;

  it('issuing a token writes personalAccessToken.created, revoking it personalAccessToken.revoked: never the secret nor the SID', async () => {
    const before = await lastEvent();
    const { res } = await create(ada, { name: 'Evented', rep: String(t.acme.fixture.south.repId), expires: tomorrow(), 'scope:employee-read': 'on' });
    expect(res.statusCode).toBe(201);
    const sid = /id="token-sid">([^<]+)</.exec(res.body)?.[1] ?? '', secret = /id="token-value">([^<]+)</.exec(res.body)?.[1] ?? '';
    const id = await idOf(sid);
    const confirm = await openPage(t.app, `/admin/tokens/${sid}/revoke`, ada);
    expect((await postForm(t.app, `/admin/tokens/${sid}/revoke`, confirm.cookies, { _csrf: confirm.csrf })).res.statusCode).toBe(303);
    const events = await tokenEvents(before);
    expect(events).toEqual([
      { type: 'personalAccessToken.created', record_id: id, location: '/admin/tokens', data: {}, read_scopes: ['webuser-write'] },
      { type: 'personalAccessToken.revoked', record_id: id, location: '/admin/tokens', data: {}, read_scopes: ['webuser-write'] },
    ]);
    expect(JSON.stringify(events)).not.toContain(sid);
    expect(JSON.stringify(events)).not.toContain(secret);
  });

  it('a refused token (no scope) or a refused revocation (another tenant\'s token) writes no event', async () => {
    const before = await lastEvent();
    expect((await create(ada, { name: 'No scope', rep: String(t.acme.fixture.south.repId), expires: tomorrow() })).res.statusCode).toBe(400);
    const page = await openPage(t.app, '/admin/tokens', ada);
    expect((await postForm(t.app, `/admin/tokens/${t.other.fixture.adminToken.sid}/revoke`, page.cookies, { _csrf: page.csrf })).res.statusCode).toBe(404);
    expect(await tokenEvents(before)).toEqual([]);
  });
});
