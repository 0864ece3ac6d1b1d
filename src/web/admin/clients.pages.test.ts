// OAuth clients on the admin pages: tenant-wide, so only reps at the top hierarchy node; register
// (the secret once, registerClient's checks shown), list within the tenant, revoke.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { LoginContext } from '../../../test/login.ts';
import { oauthClients } from '../../platform/db/schema.ts';
import { MESSAGES } from '../../platform/messages/index.ts';
import { adminPagesLogin, escaped, openPage, postForm, submitForm, type Cookies } from './admin.test-support.ts';

const t_ = MESSAGES.en.admin;
let t: LoginContext;
let nora: Cookies, ada: Cookies;

beforeAll(async () => { ({ t, cookies: { nora, ada } } = await adminPagesLogin('nora', 'ada')); });
afterAll(async () => { await t?.close(); });

const register = (form: Record<string, string>) => submitForm(t.app, '/admin/clients', ada, form);

describe('OAuth clients on the admin pages', () => {
  it('are for reps at the top of the hierarchy only: others get the 403 page', async () => {
    const res = await t.app.inject({ url: '/admin/clients', cookies: nora });
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain(escaped(t_.tenantAdminOnly));
    const post = await submitForm(t.app, '/admin/clients', nora, { name: 'x', pid: 'web', 'grant:tw_vendor_webuser': 'on', 'scope:employee-read': 'on' }, '/admin/tokens');
    expect(post.res.statusCode).toBe(403);
  });

  it('lists the tenant\'s clients (not another tenant\'s), never a secret', async () => {
    const res = await t.app.inject({ url: '/admin/clients', cookies: ada });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(t.acme.service.clientId);
    expect(res.body).not.toContain(t.other.service.clientId);
    expect(res.body).not.toContain(t.acme.service.clientSecret ?? 'none');
  });

  it('registers a client, shows its secret once, and the secret gets a token', async () => {
    const { res } = await register({ name: 'Payroll sync', pid: 'payroll', 'grant:tw_vendor_service_credentials': 'on', rep: String(t.acme.fixture.north.repId), 'scope:employee-read': 'on' });
    expect(res.statusCode).toBe(201);
    const clientId = /id="client-id">([^<]+)</.exec(res.body)?.[1] ?? '';
    const secret = /id="client-secret">([^<]+)</.exec(res.body)?.[1] ?? '';
    const token = await t.token({ grant_type: 'tw_vendor_service_credentials', client_id: clientId, client_secret: secret, acr_values: 'tenant:acme pid:payroll', scope: 'employee-read' });
    expect(token.status).toBe(200);
    const list = await t.app.inject({ url: '/admin/clients', cookies: ada });
    expect(list.body).toContain(clientId);
    expect(list.body).not.toContain(secret);
  });

  it('shows what is wrong next to each field, including registerClient\'s own checks', async () => {
    const empty = await register({ name: '', pid: 'a b' });
    expect(empty.res.statusCode).toBe(400);
    for (const m of [t_.nameRequired, t_.pidInvalid, t_.grantsRequired, t_.scopesRequired]) expect(empty.res.body).toContain(escaped(m));
    const reserved = await register({ name: 'x', pid: 'admin', 'grant:tw_vendor_webuser': 'on', 'scope:employee-read': 'on' });
    expect(reserved.res.body).toContain(escaped(t_.pidReserved));
    const noRedirect = await register({ name: 'x', pid: 'web', 'grant:authorization_code': 'on', 'scope:employee-read': 'on', redirectUris: 'http://evil.example/cb' });
    expect(noRedirect.res.statusCode).toBe(400);
    expect(noRedirect.res.body).toContain('must be https');
    const noRep = await register({ name: 'x', pid: 'web', 'grant:tw_vendor_service_credentials': 'on', 'scope:employee-read': 'on' });
    expect(noRep.res.statusCode).toBe(400);
  });

  it('revokes a client after confirming, but never the admin pages\' own', async () => {
    const confirm = await openPage(t.app, `/admin/clients/${t.acme.webuser.clientId}/revoke`, ada);
    expect(confirm.res.statusCode).toBe(200);
    const done = await postForm(t.app, `/admin/clients/${t.acme.webuser.clientId}/revoke`, confirm.cookies, { _csrf: confirm.csrf });
    expect(done.res.statusCode).toBe(303);
    const [row] = await t.database.db.select().from(oauthClients).where(eq(oauthClients.clientId, t.acme.webuser.clientId));
    expect(row?.revokedAt).not.toBeNull();
    const own = `admin-pages-${t.acme.fixture.tenantId}`;
    expect((await t.app.inject({ url: `/admin/clients/${own}/revoke`, cookies: ada })).statusCode).toBe(403);
    const refused = await postForm(t.app, `/admin/clients/${own}/revoke`, confirm.cookies, { _csrf: confirm.csrf });
    expect(refused.res.statusCode).toBe(403);
    const otherTenant = await postForm(t.app, `/admin/clients/${t.other.webuser.clientId}/revoke`, confirm.cookies, { _csrf: confirm.csrf });
    expect(otherTenant.res.statusCode).toBe(404);
  });

  it('escapes hostile input and never answers 500', async () => {
    const res = await register({ name: '<img src=x onerror=alert(1)>', pid: 'p1', 'grant:tw_vendor_webuser': 'on', 'scope:employee-read': 'on' });
    expect(res.res.statusCode).toBe(201);
    const uri = await register({ name: 'n', pid: 'p1', 'grant:authorization_code': 'on', 'scope:employee-read': 'on', redirectUris: '%FF%FE <script>' });
    expect(uri.res.statusCode).toBe(400);
    expect(uri.res.body).not.toContain('<script>');
    const list = await t.app.inject({ url: '/admin/clients', cookies: ada });
    expect(list.body).not.toContain('<img src=x');
    const long = await register({ name: 'n', pid: 'x'.repeat(10_000), redirectUris: 'https://a.example/\n'.repeat(500) });
    expect(long.res.statusCode).toBe(400);
    for (const url of ['/admin/clients/%FF%FE/revoke', '/admin/clients?done=a&done=b']) {
      expect((await t.app.inject({ url, cookies: ada })).statusCode, url).toBeLessThan(500);
    }
  });
});

describe('the events of OAuth clients (GEN-16)', () => {
  const clientEvents = async (after: number) => (await t.database.pool.query<{ type: string; record_id: number; hier_id: number; location: string; data: Record<string, unknown> }>(
    `select type, record_id, hier_id, location, data from events where tenant_id = $1 and record_type = 'OAuthClients' and id > $2 order by id`, [t.acme.fixture.tenantId, after])).rows;
  const lastEvent = async () => Number((await t.database.pool.query<{ id: string | null }>('select max(id) as id from events')).rows[0]?.id ?? 0);

  it('registering a client writes oauthClient.created, revoking it oauthClient.revoked, at the tenant\'s top node: never the secret', async () => {
    const before = await lastEvent();
    const { res } = await register({ name: 'Evented', pid: 'evented', 'grant:tw_vendor_webuser': 'on', 'scope:employee-read': 'on' });
    expect(res.statusCode).toBe(201);
    const clientId = /id="client-id">([^<]+)</.exec(res.body)?.[1] ?? '';
    const secret = /id="client-secret">([^<]+)</.exec(res.body)?.[1] ?? '';
    const confirm = await openPage(t.app, `/admin/clients/${clientId}/revoke`, ada);
    expect((await postForm(t.app, `/admin/clients/${clientId}/revoke`, confirm.cookies, { _csrf: confirm.csrf })).res.statusCode).toBe(303);
    const root = t.acme.fixture.rootHierId;
    const events = await clientEvents(before);
    expect(events).toEqual([
      { type: 'oauthClient.created', record_id: root, hier_id: root, location: '/admin/clients', data: {} },
      { type: 'oauthClient.revoked', record_id: root, hier_id: root, location: '/admin/clients', data: {} },
    ]);
    expect(secret).not.toBe('');
    expect(JSON.stringify(events)).not.toContain(secret);
  });

  it('a refused registration or revocation (another tenant\'s client) writes no event', async () => {
    const before = await lastEvent();
    expect((await register({ name: '', pid: 'a b' })).res.statusCode).toBe(400);
    const page = await openPage(t.app, '/admin/clients', ada);
    expect((await postForm(t.app, `/admin/clients/${t.other.webuser.clientId}/revoke`, page.cookies, { _csrf: page.csrf })).res.statusCode).toBe(404);
    expect(await clientEvents(before)).toEqual([]);
  });
});
