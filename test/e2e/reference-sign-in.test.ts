// End to end: the API reference page (/swagger) signs in. A real `staffing serve --demo` and Debian's
// chromium (playwright-core): Authorize in swagger-ui opens the login server in a popup, the demo
// administrator signs in and allows, oauth2-redirect.html hands the code back, swagger-ui exchanges
// it (PKCE, public client) at the login server's token endpoint from the API's origin (CORS, CSP
// connect-src), and "Try it out" then calls the API with the bearer token it got.
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Locator, type Page, type Response } from 'playwright-core';
import { startDemoServer, type DemoServer } from './serve-process.ts';

const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const SCOPE = 'employee-read';
/** swagger-ui's id of a scope's checkbox: `<scope>-<flow>-checkbox-<scheme>`. */
const SCOPE_CHECKBOX = `${SCOPE}-authorizationCode-checkbox-oauth2`;

let server: DemoServer;
let auth: string;
let browser: Browser;
let context: BrowserContext;
/** What the browser said (console, failed requests, answers >= 400): shown when a step fails. */
const events: string[] = [];
/** The authorization requests the browser made (swagger-ui's popup). */
const authorizeRequests: string[] = [];

beforeAll(async () => {
  // Not skipped without a browser: CI installs it, so its absence is a failure to see.
  if (!existsSync(CHROMIUM)) {
    throw new Error(`${CHROMIUM} is missing: install Debian's chromium (apt-get install -y chromium) to run the reference page sign-in test.`);
  }
  [server, browser] = await Promise.all([startDemoServer(), chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS })]);
  auth = `http://127.0.0.1:${server.env.AUTH_PORT}`;
  context = await browser.newContext({ locale: 'en-US' });
  context.on('page', watch);
  context.on('request', (r) => { if (r.url().startsWith(`${auth}/connect/authorize?`)) authorizeRequests.push(r.url()); });
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

function watch(page: Page) {
  const where = () => { try { return new URL(page.url()).pathname; } catch { return page.url(); } };
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') events.push(`[${where()}] console ${m.type()}: ${m.text()}`); });
  page.on('pageerror', (e) => events.push(`[${where()}] page error: ${e.message}`));
  page.on('requestfailed', (r) => events.push(`[${where()}] failed: ${r.method()} ${r.url()} (${r.failure()?.errorText})`));
  page.on('response', (r) => { if (r.status() >= 400) events.push(`[${where()}] ${r.status()} ${r.request().method()} ${r.url()}`); });
}

/** Runs a step; when it fails, the browser's events so far come with the error. */
async function step<T>(name: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    throw new Error(`${name} failed: ${(e as Error).message}\nBrowser events:\n${events.join('\n') || '(none)'}`, { cause: e });
  }
}

/**
 * swagger-ui's POST to the token endpoint, answered; a fetch the browser refuses (CSP, CORS) gets no
 * answer but an auth error in the dialog: that fails at once, not at a timeout.
 */
async function tokenResponse(page: Page, scheme: Locator): Promise<Response> {
  const answered = page.waitForResponse((r) => r.url() === `${auth}/connect/token` && r.request().method() === 'POST', { timeout: 20_000 });
  answered.catch(() => {}); // when the error below comes first
  const refused = scheme.locator('.errors').first().waitFor({ timeout: 20_000 }).then(
    async () => { throw new Error(`the reference page shows an error instead of a token: ${(await scheme.locator('.errors').allTextContents()).join('; ')}`); },
    () => new Promise<never>(() => {}), // no error shown: the answer (or its timeout) decides
  );
  return Promise.race([answered, refused]);
}

describe('the API reference page (/swagger)', () => {
  it('AUTH-04 AUTH-11: signs in with the authorization code flow (PKCE) and its Try it out calls the API with the bearer token', async () => {
    const page = await context.newPage();
    await step('opening the reference page', async () => {
      const response = await page.goto(`${server.base}/swagger`);
      expect(response?.status()).toBe(200);
      await page.locator('.scheme-container button.authorize').click();
    });

    const oauth2 = page.locator('.auth-container').filter({ has: page.locator('h4', { hasText: /^oauth2\b/ }) });
    const popup = await step('asking to authorize', async () => {
      expect(await oauth2.locator('input#client_id_authorizationCode').inputValue()).toBe('demo-api-reference');
      await oauth2.locator(`label[for="${SCOPE_CHECKBOX}"]`).click();
      expect(await oauth2.locator(`input#${SCOPE_CHECKBOX}`).isChecked()).toBe(true);
      const [opened] = await Promise.all([context.waitForEvent('page'), oauth2.locator('button.modal-btn.authorize', { hasText: 'Authorize' }).click()]);
      await opened.waitForURL(/\/interaction\/[^/]+$/);
      return opened;
    });

    await step('the authorization request', async () => {
      const [asked] = authorizeRequests;
      expect(authorizeRequests).toHaveLength(1);
      const params = new URL(asked!).searchParams;
      expect(Object.fromEntries(params)).toMatchObject({
        response_type: 'code', client_id: 'demo-api-reference', redirect_uri: `${server.base}/swagger/static/oauth2-redirect.html`,
        scope: SCOPE, code_challenge_method: 'S256',
      });
      expect(params.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(new URL(popup.url()).origin).toBe(auth);
      expect(await popup.locator('h1').textContent()).toBe('Sign in');
    });

    const { token: exchange, closed } = await step('signing in and allowing', async () => {
      await popup.fill('#username', server.credentials.oauth.rep.username);
      await popup.fill('#password', server.credentials.oauth.rep.password);
      await popup.click('button[type=submit]');
      await popup.getByRole('button', { name: 'Allow', exact: true }).waitFor();
      expect(await popup.locator('details code').allTextContents()).toEqual([SCOPE]);
      const closed = popup.waitForEvent('close');
      closed.catch(() => {}); // awaited below, unless a step fails first
      const [token] = await Promise.all([
        tokenResponse(page, oauth2),
        popup.getByRole('button', { name: 'Allow', exact: true }).click(),
      ]);
      return { token, closed };
    });

    const accessToken = await step('the code exchange', async () => {
      const form = new URLSearchParams(exchange.request().postData() ?? '');
      expect(form.get('grant_type')).toBe('authorization_code');
      expect(form.get('client_id')).toBe('demo-api-reference');
      expect(form.get('redirect_uri')).toBe(`${server.base}/swagger/static/oauth2-redirect.html`);
      expect(form.get('code_verifier')).toMatch(/^[A-Za-z0-9_~.-]{43,128}$/);
      expect(form.has('client_secret')).toBe(false);
      expect(exchange.status()).toBe(200);
      const body = await exchange.json() as { token_type?: string; access_token?: string; scope?: string };
      expect(body.token_type).toBe('Bearer');
      expect(body.scope?.split(' ')).toContain(SCOPE);
      // oauth2-redirect.html handed the code to the opener and closed the popup; the dialog says so.
      await closed;
      await oauth2.locator('button.modal-btn', { hasText: 'Logout' }).waitFor();
      expect(await oauth2.textContent()).toContain('Authorized');
      expect(body.access_token).toBeTruthy();
      return body.access_token!;
    });

    await step('Try it out with the token', async () => {
      await page.locator('.dialog-ux button.close-modal').click();
      const operation = page.locator('.opblock-get').filter({ has: page.locator('.opblock-summary-path', { hasText: /^\/Employees\/\{id\}$/ }) }).first();
      await operation.locator('.opblock-summary-control').click();
      await operation.getByRole('button', { name: 'Try it out' }).click();
      const id = server.credentials.oauth.webuser.employeeId; // an employee of the demo (its web user's)
      await operation.locator('tr[data-param-name="id"] input').fill(String(id));
      const [request] = await Promise.all([
        page.waitForRequest((r) => r.url() === `${server.base}/Employees/${id}` && r.method() === 'GET'),
        operation.getByRole('button', { name: 'Execute' }).click(),
      ]);
      expect(request.headers().authorization).toBe(`Bearer ${accessToken}`);
      expect((await request.response())?.status()).toBe(200);
      const shown = operation.locator('.live-responses-table tbody .response-col_status').first();
      await shown.waitFor();
      expect((await shown.textContent())?.trim()).toBe('200');
    });
  }, 45_000);
});
