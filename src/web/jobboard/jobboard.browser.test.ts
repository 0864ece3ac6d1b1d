// The public job board in a real browser against a real `staffing serve --demo`: search from the
// search page and open a job, follow a jobBoardUrl the API gives, both languages, a phone's width
// without sideways scrolling; axe-core on every page, no CSP violations, screenshots for a reviewer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { DemoServer } from '../../../test/e2e/serve-process.ts';
import { checkPage, cspViolations, PHONE, startDemoAndBrowser, step, stopDemoAndBrowser, type TestBrowser } from '../../../test/web/browser.ts';
import { MESSAGES } from '../../platform/messages/index.ts';

let server: DemoServer;
let browser: TestBrowser;

beforeAll(async () => {
  [server, browser] = await startDemoAndBrowser();
}, 120_000);

afterAll(() => stopDemoAndBrowser(server, browser));

const check = (page: Page, name: string) => checkPage(browser, page, `jobboard-${name}`);

/** What GET /Search/JobBoard answers the demo's personal access token. */
async function apiSearch(query: string): Promise<{ data: { jobOrderId: number; jobTitle: string; jobBoardUrl: string }[]; totalCount: number }> {
  const res = await fetch(`${server.base}/Search/JobBoard?${query}`, { headers: { 'x-tw-token': server.credentials.personalAccessToken.token, accept: 'application/json' } });
  expect(res.status).toBe(200);
  return res.json();
}

async function searchAndOpen(page: Page, locale: 'en' | 'es', name: string) {
  const t = MESSAGES[locale].jobboard;
  await step(browser.events, 'opening the search page', async () => {
    const response = await page.goto(`${server.base}/jobboard/demo?lang=${locale}`);
    expect(response?.status()).toBe(200);
    await expect(page.locator('h1').textContent()).resolves.toContain('Demo Staffing Group');
  });
  await check(page, `${name}-search-${locale}`);
  await step(browser.events, 'searching', async () => {
    await page.getByLabel(t.keywords).fill('forklift');
    await page.getByLabel(t.postalCode).fill('55401');
    await page.getByLabel(t.distance).fill('50');
    await page.getByLabel(t.sortBy).selectOption('3');
    await Promise.all([page.waitForURL(/textSearch=forklift/), page.getByRole('button', { name: t.search }).click()]);
    await page.locator('ol.results li').first().waitFor();
  });
  const expected = await apiSearch('sortBy=3&countryCode=840&textSearch=forklift&postalCode=55401&distance=50&distanceUnitId=3&take=20');
  expect(expected.totalCount).toBeGreaterThan(0);
  const shown = await page.locator('ol.results h2 a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  // Each result links to its job's address, carrying the search for the way back.
  expect(shown.map((href) => href?.split('?')[0])).toEqual(expected.data.map((r) => new URL(r.jobBoardUrl).pathname));
  await check(page, `${name}-results-${locale}`);
  await step(browser.events, 'opening the first job', async () => {
    await Promise.all([page.waitForURL(/\/jobs\/details\/\d+/), page.locator('ol.results h2 a').first().click()]);
    await expect(page.locator('h1').textContent()).resolves.toContain(expected.data[0]!.jobTitle);
  });
  const apply = await page.getByRole('link', { name: t.apply }).first().getAttribute('href');
  expect(apply).toMatch(new RegExp(`/register/${locale}/demo\\?orders=${expected.data[0]!.jobOrderId}$`));
  await check(page, `${name}-details-${locale}`);
  await step(browser.events, 'going back to the search', async () => {
    await Promise.all([page.waitForURL(/\/jobboard\/demo\?.*textSearch=forklift/), page.getByRole('link', { name: t.backToSearch }).click()]);
    await page.locator('ol.results li').first().waitFor();
  });
  expect(await page.locator('ol.results h2 a').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(shown);
}

describe('the public job board in a browser', () => {
  it('searches from the search page and opens a job, in English and Spanish', async () => {
    const page = await browser.page();
    await searchAndOpen(page, 'en', 'desktop');
    await searchAndOpen(page, 'es', 'desktop');
    expect(cspViolations(browser.events)).toEqual([]);
  }, 120_000);

  it('follows a jobBoardUrl the API gives to the job\'s page, whose canonical address is that URL and whose JSON-LD is a JobPosting', async () => {
    const { data } = await apiSearch('sortBy=4&countryCode=840&take=3');
    const job = data[0]!;
    const page = await browser.page();
    const response = await page.goto(job.jobBoardUrl);
    expect(response?.status()).toBe(200);
    await expect(page.locator('link[rel=canonical]').getAttribute('href')).resolves.toBe(job.jobBoardUrl);
    const posting = JSON.parse(await page.locator('script[type="application/ld+json"]').textContent() ?? '{}');
    expect(posting).toMatchObject({ '@type': 'JobPosting', title: job.jobTitle, hiringOrganization: { name: 'Demo Staffing Group' }, directApply: false });
    await check(page, 'followed-details-en');
    expect(cspViolations(browser.events)).toEqual([]);
  }, 60_000);

  it('fits a phone: search and details without sideways scrolling', async () => {
    const page = await browser.page(PHONE);
    await searchAndOpen(page, 'en', 'phone');
    await searchAndOpen(page, 'es', 'phone');
    const response = await page.goto(`${server.base}/jobboard/demo?textSearch=nosuchwordatall`);
    expect(response?.status()).toBe(200);
    await check(page, 'phone-no-results-en');
    expect(cspViolations(browser.events)).toEqual([]);
  }, 120_000);

  it('shows a search the API refuses as the form with the error by its field', async () => {
    const page = await browser.page();
    const response = await page.goto(`${server.base}/jobboard/demo?postalCode=00000&distance=25&distanceUnitId=3`);
    expect(response?.status()).toBe(400);
    await expect(page.locator('#e-postalCode').textContent()).resolves.toBe(MESSAGES.en.jobboard.errorPostalCode);
    await check(page, 'error-en');
    expect(cspViolations(browser.events)).toEqual([]);
  }, 60_000);
});
