// Signing in to the admin pages through the login server's code flow (over HTTP, no browser):
// the pending sign-in, state, consent denied, the session, refresh, sign-out, hostile input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, isNull } from 'drizzle-orm';
import { PASSWORD, testLogin, type LoginContext } from '../../../test/login.ts';
import { oauthClients } from '../../platform/db/schema.ts';
import { webSessions } from '../web-session.table.ts';
import { MESSAGES } from '../../platform/messages/index.ts';
import { BASE, escaped, openPage, postForm, signInOverHttp, submitForm } from './admin.test-support.ts';
import { oidcPayloads } from '../../login/login.table.ts';

let t: LoginContext;

beforeAll(async () => { t = await testLogin({ BASE_URL: BASE }); });
afterAll(async () => { await t?.close(); });

async function liveRefreshTokens(): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(oidcPayloads).where(and(eq(oidcPayloads.model, 'RefreshToken'), isNull(oidcPayloads.consumedAt)));
  return row?.n ?? 0;
}

const signIn = (answer: 'Allow' | 'Deny' = 'Allow') => signInOverHttp(t.app, BASE, { tenant: 'acme', username: 'nora', password: PASSWORD, answer });

describe('signing in to the admin pages', () => {
  it('shows the sign-in page at /admin without a session, prefilled from ?tenant=', async () => {
    const res = await t.app.inject({ url: '/admin?tenant=acme' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(MESSAGES.en.admin.signInTitle);
    expect(res.body).toContain('value="acme"');
  });

  it('ERR-04 AMB-80: sends other admin pages to the sign-in page with a 303 (never a 302) whose Location keeps where to come back to', async () => {
    const res = await t.app.inject({ url: '/admin/tokens' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/admin/sign-in?lang=en&next=%2Fadmin%2Ftokens');
  });

  it('AUTH-04: signs a rep in through the code flow with PKCE and registers the tenant\'s admin client once', async () => {
    const { cookies, callback } = await signIn();
    expect(callback.statusCode).toBe(303);
    expect(callback.headers.location).toBe('/admin/');
    const home = await t.app.inject({ url: '/admin/', cookies });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('Nora North');
    expect(home.body).toContain('aria-current="page"');
    await signIn();
    const clients = await t.database.db.select().from(oauthClients).where(and(eq(oauthClients.tenantId, t.acme.fixture.tenantId), eq(oauthClients.productInstanceId, 'admin')));
    expect(clients).toHaveLength(1);
    expect(clients[0]?.secretHash).toBeNull();
    expect(clients[0]?.redirectUris).toEqual([`${BASE}/admin/callback`]);
  });

  it('refuses a callback whose state is not this browser\'s, and one with no sign-in started, with a page (not a 500)', async () => {
    const posted = await submitForm(t.app, '/admin/sign-in', {}, { tenant: 'acme' });
    expect(posted.res.statusCode).toBe(303);
    const wrong = await t.app.inject({ url: '/admin/callback?code=abc&state=not-the-state', cookies: posted.cookies });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain(escaped(MESSAGES.en.admin.signInBadState));
    const none = await t.app.inject({ url: '/admin/callback?code=abc&state=x' });
    expect(none.statusCode).toBe(400);
    expect(none.body).toContain(MESSAGES.en.admin.signInExpired);
  });

  it('says so when the rep denies consent', async () => {
    const { callback } = await signIn('Deny');
    expect(callback.statusCode).toBe(403);
    expect(callback.body).toContain(MESSAGES.en.admin.signInDenied);
  });

  it('refuses the sign-in form without its form token (CSRF), and names an unknown agency next to the field', async () => {
    const page = await openPage(t.app, '/admin/sign-in', {});
    const noToken = await postForm(t.app, '/admin/sign-in', page.cookies, { tenant: 'acme' });
    expect(noToken.res.statusCode).toBe(403);
    const unknown = await postForm(t.app, '/admin/sign-in', page.cookies, { _csrf: page.csrf, tenant: '<script>alert(1)</script>' });
    expect(unknown.res.statusCode).toBe(400);
    expect(unknown.res.body).toContain(MESSAGES.en.admin.tenantUnknown);
    expect(unknown.res.body).toContain('aria-invalid="true"');
    expect(unknown.res.body).not.toContain('<script>alert');
  });

  it('answers hostile query parameters with a page, never a 500', async () => {
    for (const url of ['/admin/sign-in?tenant=%FF%FE', `/admin/sign-in?tenant=${'x'.repeat(10_000)}`, '/admin/sign-in?tenant=a&tenant=b',
      '/admin/callback?state=a&state=b', '/admin/callback?code=%FF&state=%FE', '/admin/sign-in?next=https://evil.example/']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
    }
    const next = await t.app.inject({ url: '/admin/sign-in?next=//evil.example/' });
    expect(next.body).toContain('name="next" value=""');
  });

  it('signs out: the session ends here and its refresh token is revoked at the login server', async () => {
    const { cookies } = await signIn();
    const before = await liveRefreshTokens();
    const page = await openPage(t.app, '/admin/sign-out', cookies);
    expect(page.res.statusCode).toBe(200);
    const noToken = await postForm(t.app, '/admin/sign-out', page.cookies, {});
    expect(noToken.res.statusCode).toBe(403);
    const out = await postForm(t.app, '/admin/sign-out', page.cookies, { _csrf: page.csrf });
    expect(out.res.statusCode).toBe(303);
    expect(out.res.headers.location).toBe('/admin/sign-in?lang=en&signedOut=1');
    expect(await liveRefreshTokens()).toBe(before - 1);
    const after = await t.app.inject({ url: '/admin/tokens', cookies: page.cookies });
    expect(after.statusCode).toBe(303);
  });

  it('shows a 503 page when the login server cannot be reached', async () => {
    const { buildApp } = await import('../../app.ts');
    const app = await buildApp({ config: { ...t.config, AUTH_URL: 'http://127.0.0.1:9' }, database: t.database, listenForRevocations: false });
    try {
      const page = await openPage(app, '/admin/sign-in', {});
      const posted = await postForm(app, '/admin/sign-in', page.cookies, { _csrf: page.csrf, tenant: 'acme' });
      expect(posted.res.statusCode).toBe(503);
      expect(posted.res.body).toContain(MESSAGES.en.common.unavailableTitle);
    } finally {
      await app.close();
    }
  });

  it('keeps the session\'s tokens sealed in the database', async () => {
    const rows = await t.database.db.select({ sealed: webSessions.sealed }).from(webSessions);
    expect(rows.length).toBeGreaterThan(0);
    // Ciphertext is random bytes: its base64 text may hold any three letters, so judge the bytes.
    for (const row of rows) {
      const bytes = Buffer.from(row.sealed, 'base64').toString('latin1');
      for (const plain of ['eyJ', 'accessToken', 'refreshToken']) expect(bytes).not.toContain(plain);
    }
  });
});

describe('an administrator whose access token expires', () => {
  let short: LoginContext;
  // Access tokens of 60 seconds: every page renews (the pages renew a minute before the end).
  beforeAll(async () => { short = await testLogin({ BASE_URL: BASE, ACCESS_TOKEN_SECONDS: '60' }); });
  afterAll(async () => { await short?.close(); });

  it('gets a new access token with the refresh token, once for requests that come together', async () => {
    const { cookies } = await signInOverHttp(short.app, BASE, { tenant: 'acme', username: 'nora', password: PASSWORD });
    for (let i = 0; i < 2; i++) {
      const pages = await Promise.all([short.app.inject({ url: '/admin/tokens', cookies }), short.app.inject({ url: '/admin/web-users', cookies })]);
      expect(pages.map((p) => p.statusCode)).toEqual([200, 200]);
    }
  });
});
