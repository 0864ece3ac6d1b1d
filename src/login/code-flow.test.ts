// The authorization code flow end to end in a real browser (Debian's chromium, driven by
// playwright-core): the sign-in page (en, es), a wrong password, consent, Allow and Deny, then the
// code exchanged with PKCE, the access token used on the API, and a refresh.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { count, eq } from 'drizzle-orm';
import { PASSWORD, REDIRECT_URI, testLogin, type LoginContext } from '../../test/login.ts';
import { oidcPayloads } from './login.table.ts';
import { buildApp } from '../app.ts';
import { DEMO_REFERENCE_CLIENT, ensureReferenceClient } from '../resources/tenants/demo.oauth.ts';

const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const SCOPE = 'openid offline_access employee-read';

let t: LoginContext;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  // Not skipped without a browser: CI installs it (.ci/run), so its absence is a failure to see.
  if (!existsSync(CHROMIUM)) {
    throw new Error(`${CHROMIUM} is missing: install Debian's chromium (apt-get install -y chromium) to run the code flow tests.`);
  }
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  t = await testLogin();
});

afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
  await t?.close();
});

function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

interface Flow { page: Page; state: string; verifier: string }

/** A fresh browser (no cookies) at the authorization endpoint of acme's code-flow client. */
async function startFlow(options: { locale?: string; params?: Record<string, string> } = {}): Promise<Flow> {
  const context = await browser.newContext({ locale: options.locale ?? 'en-US' });
  contexts.push(context);
  const page = await context.newPage();
  const { verifier, challenge } = pkce();
  const state = randomBytes(12).toString('base64url');
  const query = new URLSearchParams({
    response_type: 'code', client_id: t.acme.code.clientId, redirect_uri: REDIRECT_URI, scope: SCOPE, state,
    code_challenge: challenge, code_challenge_method: 'S256', ...options.params,
  });
  const response = await page.goto(`${t.login.issuer}/connect/authorize?${query}`);
  expect(response?.status()).toBe(200);
  expect(new URL(page.url()).pathname).toMatch(/^\/interaction\/[^/]+$/);
  return { page, state, verifier };
}

async function signIn(page: Page, password = PASSWORD, username = 'nora') {
  await page.fill('#username', username);
  await page.fill('#password', password);
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/login')),
    page.click('button[type=submit]'),
  ]);
  await page.waitForLoadState();
  return response;
}

/**
 * Clicks a consent button and returns the URL the browser was sent back to. Nothing listens at the
 * redirect URI, so the browser's request to it is only watched (page.route never sees the end of a
 * redirect chain) and its navigation then fails.
 */
async function answerConsent(flow: Flow, button: 'Allow' | 'Deny'): Promise<URL> {
  const [request] = await Promise.all([
    flow.page.waitForRequest((r) => r.url().startsWith(`${REDIRECT_URI}?`)),
    flow.page.getByRole('button', { name: button, exact: true }).click(),
  ]);
  return new URL(request.url());
}

/** Signs nora in, allows, and returns the authorization code with its PKCE verifier. */
async function authorize(): Promise<{ code: string; verifier: string }> {
  const flow = await startFlow();
  await signIn(flow.page);
  const back = await answerConsent(flow, 'Allow');
  const code = back.searchParams.get('code');
  expect(code).toBeTruthy();
  return { code: code ?? '', verifier: flow.verifier };
}

function exchange(code: string, verifier: string) {
  return t.token({
    grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: verifier,
    client_id: t.acme.code.clientId, client_secret: t.acme.code.clientSecret ?? '',
  });
}

function api(url: string, token: unknown) {
  return t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${String(token)}` } });
}

/** The consent page's groups: their titles and the access asked for. */
async function consentGroups(page: Page): Promise<{ title: string; access: string }[]> {
  return page.locator('ul.scopes > li').evaluateAll((items) => items.map((li) => ({
    title: li.querySelector('strong')?.textContent ?? '', access: li.querySelector('.access')?.textContent ?? '',
  })));
}

/** How many of a model oidc-provider has stored (codes, sessions, ...). */
async function stored(model: string): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(oidcPayloads).where(eq(oidcPayloads.model, model));
  return row?.n ?? 0;
}

describe('the authorization code flow in a browser (AUTH-04, AUTH-11)', () => {
  it('AUTH-04 AUTH-11: the authorization endpoint shows the sign-in page in English by default', async () => {
    const { page } = await startFlow({ locale: 'en-US' });
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    await expect(page.title()).resolves.toBe('Sign in');
    expect(await page.textContent('h1')).toBe('Sign in');
    expect(await page.textContent('label[for=username]')).toBe('Username');
    expect(await page.textContent('label[for=password]')).toBe('Password');
    expect(await page.getByRole('button').textContent()).toBe('Sign in');
  });

  it('AUTH-04 AUTH-11: ui_locales=es shows the sign-in page in Spanish, and keeps it after a failed sign-in', async () => {
    const { page } = await startFlow({ locale: 'en-US', params: { ui_locales: 'es' } });
    expect(await page.getAttribute('html', 'lang')).toBe('es');
    expect(await page.textContent('h1')).toBe('Iniciar sesión');
    expect(await page.textContent('label[for=username]')).toBe('Usuario');
    expect(await page.textContent('label[for=password]')).toBe('Contraseña');
    const response = await signIn(page, 'wrong password');
    expect(response.status()).toBe(401);
    expect(await page.getAttribute('html', 'lang')).toBe('es');
    expect(await page.textContent('[role=alert]')).toBe('El usuario o la contraseña no son correctos.');
    // The language links work from the failed sign-in's page too.
    const english = await Promise.all([page.waitForNavigation(), page.getByRole('link', { name: 'English' }).click()]);
    expect(english[0]?.status()).toBe(200);
    expect(await page.textContent('h1')).toBe('Sign in');
  });

  it('AUTH-04: a browser asking for Spanish (Accept-Language) gets the Spanish page', async () => {
    const { page } = await startFlow({ locale: 'es-ES' });
    expect(await page.getAttribute('html', 'lang')).toBe('es');
    expect(await page.textContent('h1')).toBe('Iniciar sesión');
  });

  it('AUTH-04: a wrong password shows the error on the sign-in page (401) and issues nothing', async () => {
    const before = { codes: await stored('AuthorizationCode'), sessions: await stored('Session') };
    const flow = await startFlow();
    const sentBack: string[] = [];
    flow.page.on('request', (r) => { if (r.url().startsWith(REDIRECT_URI)) sentBack.push(r.url()); });
    flow.page.on('response', (r) => console.log('RESP', r.status(), r.url(), r.headers().location));
    const response = await signIn(flow.page, 'not the password');
    expect(response.status()).toBe(401);
    expect(new URL(flow.page.url()).pathname).toMatch(/^\/interaction\/[^/]+\/login$/);
    expect(await flow.page.textContent('[role=alert]')).toBe('The username or password is incorrect.');
    expect(await flow.page.textContent('h1')).toBe('Sign in');
    expect(await flow.page.inputValue('#username')).toBe('nora');
    expect(await flow.page.inputValue('#password')).toBe('');
    expect(sentBack).toEqual([]);
    expect({ codes: await stored('AuthorizationCode'), sessions: await stored('Session') }).toEqual(before);
  });

  it('a username with LOGIN_MAX_FAILURES failed sign-ins is held: 429 with Retry-After, the page says for how long', async () => {
    const flow = await startFlow();
    for (let i = 0; i < 5; i++) expect((await signIn(flow.page, 'wrong password', 'ghost')).status()).toBe(401);
    const held = await signIn(flow.page, 'wrong password', 'ghost');
    expect(held.status()).toBe(429);
    expect(Number(held.headers()['retry-after'])).toBeGreaterThan(0);
    expect(await flow.page.textContent('[role=alert]')).toMatch(/^Too many failed sign-ins\. Try again in \d+ minutes\.$/);
  });

  it('AUTH-04 AUTH-11: consent lists the scopes asked for, grouped in plain words; Allow redirects with a code and the same state', async () => {
    const flow = await startFlow();
    await signIn(flow.page);
    expect(await flow.page.textContent('h1')).toBe('Allow access');
    // offline_access is not listed: oidc-provider drops it unless prompt=consent was asked for
    // (OpenID Connect Core 11); the code flow issues a refresh token all the same (provider.ts), and
    // the page says so.
    expect(await consentGroups(flow.page)).toEqual([
      { title: 'Who you are', access: 'See' },
      { title: 'Employees and contacts', access: 'See' },
    ]);
    expect(await flow.page.locator('details code').allTextContents()).toEqual(['openid', 'employee-read']);
    expect(await flow.page.textContent('p.muted')).toContain('up to 30 days');
    const back = await answerConsent(flow, 'Allow');
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
    expect(back.searchParams.get('state')).toBe(flow.state);
    expect(back.searchParams.get('code')).toMatch(/^[\w-]{20,}$/);
    expect(back.searchParams.get('iss')).toBe(t.login.issuer);
    expect(back.searchParams.get('error')).toBeNull();
  });

  it('AUTH-04 AUTH-11: Deny redirects with error=access_denied and the same state, and no code', async () => {
    const flow = await startFlow();
    await signIn(flow.page);
    const back = await answerConsent(flow, 'Deny');
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe(flow.state);
    expect(back.searchParams.get('code')).toBeNull();
  });
});

describe('one browser, two tenants', () => {
  it('AUTH-10 a rep signed in for one tenant\'s application is asked to sign in again by another tenant\'s', async () => {
    const flow = await startFlow();
    await signIn(flow.page);
    await answerConsent(flow, 'Allow');
    // The same browser (its session cookie) at the other tenant's client.
    const { challenge } = pkce();
    const query = new URLSearchParams({
      response_type: 'code', client_id: t.other.code.clientId, redirect_uri: REDIRECT_URI, scope: SCOPE, state: 'other',
      code_challenge: challenge, code_challenge_method: 'S256',
    });
    // A new tab of the same browser (the first one is still failing to reach the redirect URI).
    const page = await flow.page.context().newPage();
    const sentBack: string[] = [];
    page.on('request', (r) => { if (r.url().startsWith(REDIRECT_URI)) sentBack.push(r.url()); });
    await page.goto(`${t.login.issuer}/connect/authorize?${query}`);
    expect(sentBack).toEqual([]);
    expect(new URL(page.url()).pathname).toMatch(/^\/interaction\/[^/]+$/);
    expect(await page.textContent('h1')).toBe('Sign in');
  });
});

describe('the code exchanged for tokens (AUTH-04, AUTH-08, AUTH-11)', () => {
  it('AUTH-04 AUTH-08 AUTH-11 AUTH-03 AUTH-31: the code and its PKCE verifier get a one-hour bearer token that acts as the rep; a refresh gets another', async () => {
    const { code, verifier } = await authorize();
    const tokens = await exchange(code, verifier);
    expect(tokens.status, JSON.stringify(tokens.body)).toBe(200);
    expect(tokens.body).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    expect(tokens.body.access_token).toEqual(expect.any(String));
    expect(tokens.body.refresh_token).toEqual(expect.any(String));
    expect(String(tokens.body.scope).split(' ')).toContain('employee-read');

    // AUTH-03: sent as `Authorization: Bearer`, it acts as nora (North branch) with the scopes granted.
    const employee = await api(`/Employees/${t.acme.employeeId}`, tokens.body.access_token);
    expect(employee.statusCode, employee.body).toBe(200);
    // AUTH-31: a scope not granted (customer-read) answers 403.
    const customers = await api('/Customers?take=1', tokens.body.access_token);
    expect(customers.statusCode, customers.body).toBe(403);

    const refreshed = await t.token({
      grant_type: 'refresh_token', refresh_token: String(tokens.body.refresh_token),
      client_id: t.acme.code.clientId, client_secret: t.acme.code.clientSecret ?? '',
    });
    expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
    expect(refreshed.body).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    expect(refreshed.body.access_token).toEqual(expect.any(String));
    expect(refreshed.body.access_token).not.toBe(tokens.body.access_token);
    const withRefreshed = await api(`/Employees/${t.acme.employeeId}`, refreshed.body.access_token);
    expect(withRefreshed.statusCode, withRefreshed.body).toBe(200);

    // The code is single use, and its second use revokes what it gave (RFC 6749 4.1.2): the refresh token too.
    const again = await exchange(code, verifier);
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('invalid_grant');
    const afterReuse = await t.token({
      grant_type: 'refresh_token', refresh_token: String(refreshed.body.refresh_token ?? tokens.body.refresh_token),
      client_id: t.acme.code.clientId, client_secret: t.acme.code.clientSecret ?? '',
    });
    expect(afterReuse.body.error).toBe('invalid_grant');
  });

  it('AUTH-11: introspection reports a refresh token active until it is revoked; revoked, it refreshes nothing', async () => {
    const { code, verifier } = await authorize();
    const tokens = await exchange(code, verifier);
    const refreshToken = String(tokens.body.refresh_token);
    const client = { client_id: t.acme.code.clientId, client_secret: t.acme.code.clientSecret ?? '' };
    const post = async (path: string, form: Record<string, string>) => {
      const response = await fetch(`${t.login.issuer}${path}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString() });
      return { status: response.status, text: await response.text() };
    };
    const active = await post('/connect/introspect', { ...client, token: refreshToken });
    expect(JSON.parse(active.text)).toMatchObject({ active: true, client_id: t.acme.code.clientId, sub: expect.stringMatching(/^rep:\d+$/) });
    expect((await post('/connect/revocation', { ...client, token: refreshToken })).status).toBe(200);
    expect(JSON.parse((await post('/connect/introspect', { ...client, token: refreshToken })).text)).toEqual({ active: false });
    const refused = await t.token({ grant_type: 'refresh_token', refresh_token: refreshToken, ...client });
    expect(refused.body.error).toBe('invalid_grant');
  });

  it('AUTH-04 AUTH-11: PKCE is required: an authorization request without code_challenge goes back with invalid_request', async () => {
    const query = new URLSearchParams({ response_type: 'code', client_id: t.acme.code.clientId, redirect_uri: REDIRECT_URI, scope: SCOPE, state: 'no-pkce' });
    const response = await fetch(`${t.login.issuer}/connect/authorize?${query}`, { redirect: 'manual' });
    expect(response.status).toBe(303);
    const back = new URL(response.headers.get('location') ?? '');
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
    expect(back.searchParams.get('error')).toBe('invalid_request');
    expect(back.searchParams.get('state')).toBe('no-pkce');
    expect(back.searchParams.get('code')).toBeNull();
  });

  it('AUTH-04 AUTH-11: a wrong PKCE code_verifier gets invalid_grant and no token', async () => {
    const { code } = await authorize();
    const tokens = await exchange(code, pkce().verifier);
    expect(tokens.status).toBe(400);
    expect(tokens.body.error).toBe('invalid_grant');
    expect(tokens.body.access_token).toBeUndefined();
  });
});

describe('a code or refresh token spent twice at once (RFC 6819 5.2.2.3, OAuth 2.1 4.1.3)', () => {
  const client = () => ({ client_id: t.acme.code.clientId, client_secret: t.acme.code.clientSecret ?? '' });
  const refresh = (refreshToken: unknown) => t.token({ grant_type: 'refresh_token', refresh_token: String(refreshToken), ...client() });

  /** An app that hears revocations at once, as a deployed one does. */
  async function listeningApp() {
    const app = await buildApp({ config: t.config, database: t.database, listenForRevocations: true });
    const call = (token: unknown) => app.inject({ method: 'GET', url: `/Employees/${t.acme.employeeId}`, headers: { authorization: `Bearer ${String(token)}` } });
    return { app, call };
  }

  it('10 simultaneous redemptions of one code: exactly one gets tokens, and the reuse revokes them', async () => {
    const { app, call } = await listeningApp();
    try {
      const { code, verifier } = await authorize();
      const answers = await Promise.all(Array.from({ length: 10 }, () => exchange(code, verifier)));
      const won = answers.filter((a) => a.status === 200);
      expect(won, JSON.stringify(answers.map((a) => a.body.error ?? a.status))).toHaveLength(1);
      for (const lost of answers.filter((a) => a.status !== 200)) expect(lost).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
      // The grant is revoked: the winner's refresh token refreshes nothing, its access token is refused.
      expect((await refresh(won[0]!.body.refresh_token)).body.error).toBe('invalid_grant');
      expect((await call(won[0]!.body.access_token)).statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });

  it('10 simultaneous refreshes with one refresh token: exactly one succeeds, and the reuse revokes the whole chain', async () => {
    const { app, call } = await listeningApp();
    try {
      const { code, verifier } = await authorize();
      const first = await exchange(code, verifier);
      expect(first.status).toBe(200);
      expect((await call(first.body.access_token)).statusCode).toBe(200);
      const answers = await Promise.all(Array.from({ length: 10 }, () => refresh(first.body.refresh_token)));
      const won = answers.filter((a) => a.status === 200);
      expect(won, JSON.stringify(answers.map((a) => a.body.error ?? a.status))).toHaveLength(1);
      for (const lost of answers.filter((a) => a.status !== 200)) expect(lost).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
      expect(won[0]!.body.refresh_token).not.toBe(first.body.refresh_token);
      expect((await refresh(won[0]!.body.refresh_token)).body.error).toBe('invalid_grant');
      // Every access token of the grant stops working, the one used before the race (cached) too.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await call(won[0]!.body.access_token)).statusCode).toBe(401);
      expect((await call(first.body.access_token)).statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });

  it('a refresh token used again later (one after the other) is refused and revokes the chain', async () => {
    const { code, verifier } = await authorize();
    const first = await exchange(code, verifier);
    const second = await refresh(first.body.refresh_token);
    expect(second.status).toBe(200);
    expect((await refresh(first.body.refresh_token)).body.error).toBe('invalid_grant');
    expect((await refresh(second.body.refresh_token)).body.error).toBe('invalid_grant');
  });
});

describe('introspection and revocation stay inside the tenant', () => {
  const post = async (path: string, form: Record<string, string>) => {
    const response = await fetch(`${t.login.issuer}${path}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString() });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  };
  const as = (client: { clientId: string; clientSecret: string | null }) => ({ client_id: client.clientId, client_secret: client.clientSecret ?? '' });

  it('another tenant\'s client learns nothing of a token (active: false); a client of the token\'s tenant does', async () => {
    const { code, verifier } = await authorize();
    const refreshToken = String((await exchange(code, verifier)).body.refresh_token);
    for (const stranger of [t.other.code, t.other.service]) {
      expect((await post('/connect/introspect', { ...as(stranger), token: refreshToken })).body).toEqual({ active: false });
    }
    expect((await post('/connect/introspect', { ...as(t.acme.service), token: refreshToken })).body)
      .toMatchObject({ active: true, client_id: t.acme.code.clientId, sub: expect.stringMatching(/^rep:\d+$/) });
  });

  it('another tenant\'s client cannot revoke a token, nor tell it exists (200 as for an unknown token)', async () => {
    const { code, verifier } = await authorize();
    const refreshToken = String((await exchange(code, verifier)).body.refresh_token);
    expect(await post('/connect/revocation', { ...as(t.other.code), token: refreshToken })).toEqual({ status: 200, body: undefined });
    expect(await post('/connect/revocation', { ...as(t.other.code), token: 'no-such-token' })).toEqual({ status: 200, body: undefined });
    expect((await post('/connect/introspect', { ...as(t.acme.code), token: refreshToken })).body).toMatchObject({ active: true });
  });
});

describe('the consent page in plain words, and the default scope', () => {
  it('groups the scopes with a description in Spanish too', async () => {
    const flow = await startFlow({ params: { ui_locales: 'es', scope: 'openid employee-read employee-write contact-read customer-read' } });
    await signIn(flow.page);
    expect(await flow.page.textContent('h1')).toBe('Permitir acceso');
    expect(await consentGroups(flow.page)).toEqual([
      { title: 'Quién es usted', access: 'Ver' },
      { title: 'Empleados y contactos', access: 'Ver y cambiar' },
      { title: 'Clientes y prospectos', access: 'Ver' },
    ]);
    for (const about of await flow.page.locator('ul.scopes > li .about').allTextContents()) expect(about.length).toBeGreaterThan(10);
  });

  it('a request asking no scope gets the client\'s scopes (RFC 6749 3.3): every group is shown, and the token holds them all', async () => {
    const flow = await startFlow({ params: { scope: '' } });
    await signIn(flow.page);
    const groups = await consentGroups(flow.page);
    expect(groups.map((g) => g.title)).toEqual(['Employees and contacts', 'Customers and prospects', 'Job orders and assignments', 'Assessments', 'Vendors', 'Lists and search', 'Integrations']);
    expect(await flow.page.locator('details code').count()).toBe(t.acme.code.scopes.length);
    const back = await answerConsent(flow, 'Allow');
    expect(back.searchParams.get('error')).toBeNull();
    const tokens = await exchange(back.searchParams.get('code') ?? '', flow.verifier);
    expect(tokens.status, JSON.stringify(tokens.body)).toBe(200);
    expect(String(tokens.body.scope).split(' ').sort()).toEqual([...t.acme.code.scopes].sort());
    // Signed in already (the same browser): asked again, not refused with access_denied.
    const again = await flow.page.context().newPage();
    const { challenge } = pkce();
    const query = new URLSearchParams({ response_type: 'code', client_id: t.acme.code.clientId, redirect_uri: REDIRECT_URI, state: 'again', code_challenge: challenge, code_challenge_method: 'S256' });
    const sentBack: string[] = [];
    again.on('request', (r) => { if (r.url().startsWith(REDIRECT_URI)) sentBack.push(r.url()); });
    await again.goto(`${t.login.issuer}/connect/authorize?${query}`);
    expect(sentBack).toEqual([]);
    expect(await again.textContent('h1')).toBe('Allow access');
    expect(await consentGroups(again)).toHaveLength(7);
  });
});

describe('the API reference page (/swagger)', () => {
  it('has a viewport, and its Authorize button signs a rep in with its defaults', async () => {
    const app = await buildApp({ config: { ...t.config, API_REFERENCE_CLIENT_ID: DEMO_REFERENCE_CLIENT }, database: t.database, listenForRevocations: false });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      await ensureReferenceClient(t.database.db, t.acme.fixture.tenantId, base);
      const context = await browser.newContext({ locale: 'en-US' });
      contexts.push(context);
      const page = await context.newPage();
      await page.goto(`${base}/swagger`);
      expect(await page.getAttribute('meta[name=viewport]', 'content')).toBe('width=device-width, initial-scale=1');
      await page.click('button.authorize');
      const oauth = page.locator('.auth-container').filter({ hasText: 'authorizationCode' });
      // swagger-ui's buttons are named by their aria-label ("Apply given OAuth2 credentials"): found by their text.
      const [popup] = await Promise.all([context.waitForEvent('page'), oauth.locator('button', { hasText: 'Authorize' }).click()]);
      await popup.waitForLoadState();
      await signIn(popup);
      await popup.getByRole('button', { name: 'Allow', exact: true }).click();
      await expect.poll(() => oauth.locator('button', { hasText: 'Logout' }).count(), { timeout: 10_000 }).toBe(1);
      expect(await page.locator('.auth-container .errors').count()).toBe(0);
    } finally {
      await app.close();
    }
  });
});
