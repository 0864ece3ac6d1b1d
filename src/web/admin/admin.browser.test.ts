// The admin pages in a real browser on the real demo server: the demo rep signs in through the login
// server (sign-in page, consent), creates a personal access token and uses it on the API (200),
// revokes it (401); every admin page passes axe, shows no CSP violation, fits a phone's width, and
// is saved as a screenshot (test-results/screenshots/admin-*.png).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { DemoServer } from '../../../test/e2e/serve-process.ts';
import { axeViolations, cspViolations, PHONE, screenshot, startDemoAndBrowser, step, stopDemoAndBrowser, type TestBrowser } from '../../../test/web/browser.ts';

let server: DemoServer;
let tb: TestBrowser;
let signedIn: Awaited<ReturnType<BrowserContext['storageState']>>;

beforeAll(async () => {
  [server, tb] = await startDemoAndBrowser();
}, 180_000);

afterAll(() => stopDemoAndBrowser(server, tb));

/** Checks the page shown: axe finds nothing, and a screenshot is saved. */
async function review(page: Page, name: string) {
  await screenshot(page, `admin-${name}`);
  expect(await axeViolations(page), name).toEqual([]);
}

/** How far the page scrolls sideways (0 on a phone), and the elements past the right edge outside scrolling tables. */
function overflowing(page: Page): Promise<{ scroll: number; elements: string[] }> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const elements = [...document.querySelectorAll('body *')]
      .filter((e) => !e.parentElement?.closest('.table-wrap') && e.getBoundingClientRect().right > width + 1)
      .map((e) => `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}${e.className ? `.${String(e.className).replace(/ /g, '.')}` : ''} (${Math.round(e.getBoundingClientRect().right)}px)`);
    return { scroll: Math.max(0, document.documentElement.scrollWidth - width), elements };
  });
}

const PAGES = ['', '/tokens', '/clients', '/web-users', '/job-board', '/sign-out'] as const;

async function apiStatus(token: string): Promise<number> {
  const res = await fetch(`${server.base}/Employees`, { headers: { 'x-tw-token': token } });
  await res.body?.cancel();
  return res.status;
}

describe('the admin pages in a browser', () => {
  it('AUTH-04 AUTH-19: sign in as the demo rep through the login server, create a token, use it (200), revoke it (401)', async () => {
    const context = await tb.context();
    const page = await context.newPage();
    const rep = server.credentials.oauth.rep;

    await step(tb.events, 'the sign-in page', async () => {
      await page.goto(`${server.base}/admin`);
      expect(await page.textContent('h1')).toBe('Sign in to the administration');
      await review(page, 'sign-in');
      await page.fill('#tenant', server.credentials.tenant);
      await Promise.all([page.waitForURL(/\/interaction\//), page.click('button[type=submit]')]);
    });
    await step(tb.events, 'the login server\'s sign-in and consent', async () => {
      await page.fill('#username', rep.username);
      await page.fill('#password', rep.password);
      await Promise.all([page.waitForLoadState(), page.click('button[type=submit]')]);
      await Promise.all([page.waitForURL(`${server.base}/admin/`), page.getByRole('button', { name: 'Allow', exact: true }).click()]);
      expect(await page.textContent('main')).toContain('Avery Admin');
      await review(page, 'overview');
    });

    let token = '', sid = '';
    await step(tb.events, 'creating a token', async () => {
      await page.goto(`${server.base}/admin/tokens`);
      await review(page, 'tokens');
      await page.fill('#name', 'Browser test token');
      await page.check('input[name="scope:employee-read"]');
      await Promise.all([page.waitForLoadState(), page.click('form[action^="/admin/tokens"] button[type=submit]')]);
      expect(await page.textContent('h1')).toBe('Token created');
      token = (await page.textContent('#token-value'))?.trim() ?? '';
      sid = (await page.textContent('#token-sid'))?.trim() ?? '';
      await review(page, 'token-created');
    });
    expect(await apiStatus(token)).toBe(200);

    await step(tb.events, 'revoking the token', async () => {
      await page.goto(`${server.base}/admin/tokens`);
      await Promise.all([page.waitForURL(/\/revoke/), page.click(`a[href^="/admin/tokens/${sid}/revoke"]`)]);
      await review(page, 'token-revoke');
      await Promise.all([page.waitForURL(/done=revoked/), page.click('button.danger')]);
      expect(await page.textContent('main')).toContain('The token is revoked');
    });
    // The API hears the revocation by NOTIFY: asked again until it has (a bounded number of times).
    let status = 0;
    for (let i = 0; i < 50 && status !== 401; i++) {
      status = await apiStatus(token);
      if (status !== 401) await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe(401);

    await step(tb.events, 'every other admin page', async () => {
      for (const path of ['/clients', '/web-users', '/job-board', '/sign-out', '/tokens?lang=es']) {
        const response = await page.goto(`${server.base}/admin${path}`);
        expect(response?.status(), path).toBe(200);
        await review(page, path.replace(/\W+/g, '-').replace(/^-/, ''));
      }
    });
    signedIn = await context.storageState();
    expect(cspViolations(tb.events)).toEqual([]);
  }, 120_000);

  it('fits a phone\'s width on every admin page, with no CSP violation', async () => {
    expect(signedIn).toBeDefined();
    const page = await tb.page({ ...PHONE, storageState: signedIn });
    for (const path of PAGES) {
      await step(tb.events, `the phone run of /admin${path}`, async () => {
        const response = await page.goto(`${server.base}/admin${path}`);
        expect(response?.status(), path).toBe(200);
        expect(await overflowing(page), path).toEqual({ scroll: 0, elements: [] });
        await review(page, `phone${path.replace(/\W+/g, '-') || '-overview'}`);
      });
    }
    await step(tb.events, 'signing out', async () => {
      await page.goto(`${server.base}/admin/sign-out`);
      await Promise.all([page.waitForURL(/signedOut=1/), page.click('form[action="/admin/sign-out"] button[type=submit]')]);
      await review(page, 'signed-out');
      await page.goto(`${server.base}/admin/tokens`);
      expect(new URL(page.url()).pathname).toBe('/admin/sign-in');
    });
    expect(cspViolations(tb.events)).toEqual([]);
  }, 120_000);
});
