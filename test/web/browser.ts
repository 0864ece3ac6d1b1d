// The pages' browser tests: Debian's chromium driven by playwright-core (headless), what the browser
// said when a step fails, screenshots kept for a reviewer (test-results/screenshots, not committed),
// and axe-core's accessibility rules run on a page.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect } from 'vitest';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { startDemoServer, type DemoServer } from '../e2e/serve-process.ts';

export const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];
export const SCREENSHOTS = new URL('../../test-results/screenshots/', import.meta.url).pathname;
/** A phone's viewport (iPhone SE class). */
export const PHONE: BrowserContextOptions = { viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface TestBrowser {
  browser: Browser;
  /** A new context (no cookies) whose pages report to `events`. */
  context(options?: BrowserContextOptions): Promise<BrowserContext>;
  /** A page in a new context of its own. */
  page(options?: BrowserContextOptions): Promise<Page>;
  /** What the browser said: console errors, failed requests, answers >= 400, CSP reports. */
  events: string[];
  close(): Promise<void>;
}

export async function launchBrowser(): Promise<TestBrowser> {
  // Not skipped without a browser: CI installs it (.ci/run), so its absence is a failure to see.
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: install Debian's chromium (apt-get install -y chromium) to run the page tests.`);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const events: string[] = [];
  const contexts: BrowserContext[] = [];
  const context = async (options: BrowserContextOptions = {}) => {
    const created = await browser.newContext({ locale: 'en-US', ...options });
    contexts.push(created);
    created.on('page', (page) => watch(page, events));
    return created;
  };
  return {
    browser, events, context,
    page: async (options) => (await context(options)).newPage(),
    close: async () => {
      await Promise.all(contexts.map((c) => c.close().catch(() => {})));
      await browser.close();
    },
  };
}

/**
 * The demo server and a browser for a browser test file: started together, as each takes seconds.
 * When one fails to start, the other is closed before the failure is passed on (nothing is left running).
 */
export async function startDemoAndBrowser(): Promise<[DemoServer, TestBrowser]> {
  const [server, browser] = await Promise.allSettled([startDemoServer(), launchBrowser()]);
  if (server.status === 'fulfilled' && browser.status === 'fulfilled') return [server.value, browser.value];
  await stopDemoAndBrowser(server.status === 'fulfilled' ? server.value : undefined, browser.status === 'fulfilled' ? browser.value : undefined);
  throw [server, browser].find((r): r is PromiseRejectedResult => r.status === 'rejected')?.reason;
}

/** Closes what startDemoAndBrowser started: both are missing when starting failed (it closed what had started). */
export async function stopDemoAndBrowser(server: DemoServer | undefined, browser: TestBrowser | undefined): Promise<void> {
  await browser?.close();
  await server?.stop();
}

/** Signs the demo rep in to the admin pages: the sign-in page (tenant), the login server's sign-in and consent. */
export async function signInAsRep(page: Page, server: DemoServer): Promise<void> {
  await page.goto(`${server.base}/admin/sign-in`);
  await page.fill('#tenant', server.credentials.tenant);
  await Promise.all([page.waitForURL((url) => url.pathname.startsWith('/interaction/')), page.click('button[type=submit]')]);
  await page.fill('#username', server.credentials.oauth.rep.username);
  await page.fill('#password', server.credentials.oauth.rep.password);
  await Promise.all([page.waitForLoadState(), page.click('button[type=submit]')]);
  const allow = page.getByRole('button', { name: 'Allow', exact: true });
  if (await allow.count()) await Promise.all([page.waitForURL(`${server.base}/admin/**`), allow.click()]);
  await page.waitForURL(`${server.base}/admin/**`);
}

function watch(page: Page, events: string[]) {
  const where = () => { try { return new URL(page.url()).pathname; } catch { return page.url(); } };
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') events.push(`[${where()}] console ${m.type()}: ${m.text()}`); });
  page.on('pageerror', (e) => events.push(`[${where()}] page error: ${e.message}`));
  page.on('requestfailed', (r) => events.push(`[${where()}] failed: ${r.method()} ${r.url()} (${r.failure()?.errorText})`));
  page.on('response', (r) => { if (r.status() >= 400) events.push(`[${where()}] ${r.status()} ${r.request().method()} ${r.url()}`); });
}

/** Console messages that report a Content-Security-Policy violation: a page must cause none. */
export function cspViolations(events: readonly string[]): string[] {
  return events.filter((e) => /Content Security Policy|Refused to (load|execute|apply)/i.test(e));
}

/** Runs a step; when it fails, the browser's events so far come with the error. */
export async function step<T>(events: readonly string[], name: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    throw new Error(`${name} failed: ${(e as Error).message}\nBrowser events:\n${events.join('\n') || '(none)'}`, { cause: e });
  }
}

/** Saves a full-page screenshot as test-results/screenshots/<name>.png. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: `${SCREENSHOTS}${name.replace(/[^\w.-]+/g, '-')}.png`, fullPage: true });
}

export interface AxeViolation { id: string; impact: string | null; help: string; nodes: string[] }

/**
 * axe-core's violations on the page as it is now (WCAG 2.1 A and AA and best practices). Injected
 * through the debugging protocol, which the page's Content-Security-Policy does not govern.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')) }));
  });
}

/**
 * Every page's checks as it is now: axe-core finds no violation, nothing scrolls sideways (a phone's
 * width included), then a screenshot named `name`. A failure comes with the browser's events.
 */
export async function checkPage(browser: TestBrowser, page: Page, name: string): Promise<void> {
  await step(browser.events, `axe on ${name}`, async () => expect(await axeViolations(page)).toEqual([]));
  expect(await page.evaluate(() => document.documentElement.scrollWidth - innerWidth), `${name} scrolls sideways`).toBeLessThanOrEqual(0);
  await screenshot(page, name);
}
