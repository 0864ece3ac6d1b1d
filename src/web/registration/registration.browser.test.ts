// Applicant registration in a real browser against a real `staffing serve --demo`: register in
// English and in Spanish (at a phone's width) from a link with every parameter, then check the
// employee, the candidates and the utm values through the API with the demo's personal access
// token, and get a token for the new web user from the login server's tw_vendor_webuser grant; a
// registered applicant signs in and applies to another order. axe-core on every page, no CSP
// violations, screenshots of each page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { DemoServer } from '../../../test/e2e/serve-process.ts';
import { checkPage, cspViolations, PHONE, startDemoAndBrowser, step, stopDemoAndBrowser, type TestBrowser } from '../../../test/web/browser.ts';
import { registrationLink } from '../../resources/registration/registration-link.ts';
import { DEMO_WORKFLOWS } from '../../resources/tenants/demo.registration.ts';
import { MESSAGES } from '../../platform/messages/index.ts';

let server: DemoServer;
let browser: TestBrowser;
interface Demo { orders: { jobOrderId: number; jobTitle: string }[]; branchId: number; branchName: string; heardOfId: number; categoryId: string }
const demo: Demo = { orders: [], branchId: 0, branchName: '', heardOfId: 0, categoryId: '' };

/** A GET with the demo's personal access token; a 503 (the demo server still busy seeding) is retried after its Retry-After. */
const api = async <T>(path: string): Promise<T> => {
  let res: Response;
  for (let i = 0; ; i++) {
    res = await fetch(`${server.base}${path}`, { headers: { 'x-tw-token': server.credentials.personalAccessToken.token, accept: 'application/json' } });
    if (res.status !== 503 || i === 10) break;
    await new Promise((r) => setTimeout(r, Number(res.headers.get('retry-after') ?? 1) * 1000));
  }
  expect(res.status, path).toBe(200);
  const body: T = await res.json();
  return body;
};

beforeAll(async () => {
  [server, browser] = await startDemoAndBrowser();
  demo.orders = (await api<{ data: { jobOrderId: number; jobTitle: string }[] }>('/Search/JobBoard?sortBy=4&countryCode=840&take=5')).data;
  const branches = (await api<{ data: { branchId: number; branchName: string; isWebPublic: boolean }[] }>('/Datalists/Branches')).data.filter((b) => b.isWebPublic);
  [demo.branchId, demo.branchName] = [branches[0]!.branchId, branches[0]!.branchName];
  demo.heardOfId = (await api<{ data: { howHeardOfId: number; requireDetails: boolean }[] }>('/Datalists/HowHeardOf?originTypeId=1')).data.find((h) => !h.requireDetails)!.howHeardOfId;
  demo.categoryId = (await api<{ data: { employmentCategoryId: string }[] }>('/Datalists/EmploymentCategories')).data[0]!.employmentCategoryId;
}, 120_000);

afterAll(() => stopDemoAndBrowser(server, browser));

const check = (page: Page, name: string) => checkPage(browser, page, `registration-${name}`);

interface Applicant { locale: 'en' | 'es'; username: string; password: string; lastName: string; utm: string; orders: number[] }

async function registerFromLink(page: Page, who: Applicant) {
  const t = MESSAGES[who.locale].registration;
  const link = registrationLink(`${server.base}/register`, {
    localeId: who.locale, tenantName: 'demo', branchId: demo.branchId, workflowName: DEMO_WORKFLOWS[0], workflowId: 2147483000, username: who.username,
    emailAddress: `${who.username}@example.com`, phoneNumber: '612-555', howHeardOfId: demo.heardOfId, firstName: 'Alex', middleName: 'J', lastName: who.lastName,
    postalCode: '55401', employmentCategoryId: demo.categoryId, orders: who.orders, utm_source: who.utm, utm_campaign: 'spring', utm_medium: 'email',
  });
  await step(browser.events, `opening the ${who.locale} registration link`, async () => {
    const response = await page.goto(link);
    expect(response?.status()).toBe(200);
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe(who.locale);
  });
  // The link's effects: pre-filled fields, the branch fixed (no selection), the workflow by name (its id is not one), the orders listed.
  expect(await page.getByLabel(t.username).inputValue()).toBe(who.username);
  expect(await page.getByLabel(t.lastName).inputValue()).toBe(who.lastName);
  expect(await page.getByLabel(t.phoneNumber).inputValue()).toBe('612-555');
  expect(await page.getByLabel(t.howHeardOfId).inputValue()).toBe(String(demo.heardOfId));
  expect(await page.getByLabel(t.employmentCategoryId).inputValue()).toBe(demo.categoryId);
  expect(await page.locator('select[name=branchId]').count()).toBe(0);
  await expect(page.locator('dl.fixed').textContent()).resolves.toContain(demo.branchName);
  await expect(page.locator('dl.fixed').textContent()).resolves.toContain(DEMO_WORKFLOWS[0]);
  for (const id of who.orders) await expect(page.locator('ul.orders').textContent()).resolves.toContain(`#${id}`);
  await check(page, `form-${who.locale}`);

  await step(browser.events, 'sending a too short password', async () => {
    await page.getByLabel(t.password).fill('short');
    await Promise.all([page.waitForLoadState('load'), page.getByRole('button', { name: t.submit }).click()]);
    await expect(page.locator('#e-password').textContent()).resolves.toBe(t.errPasswordShort.replace('{limit}', '10'));
  });
  await check(page, `form-errors-${who.locale}`);
  await step(browser.events, 'registering', async () => {
    await page.getByLabel(t.password).fill(who.password);
    await Promise.all([page.waitForURL(/\/done$/), page.getByRole('button', { name: t.submit }).click()]);
    await expect(page.locator('h1').textContent()).resolves.toBe(t.doneTitle);
  });
  await check(page, `done-${who.locale}`);
}

async function checkThroughApi(who: Applicant, utm: Record<string, string | null> = { utmSource: who.utm, utmCampaign: 'spring', utmMedium: 'email' }): Promise<number> {
  const found = await api<{ data: { employeeId: number }[] }>(`/Employees?lastName=${encodeURIComponent(who.lastName)}`);
  expect(found.data).toHaveLength(1);
  const employeeId = found.data[0]!.employeeId;
  const employee = await api<Record<string, unknown>>(`/Employees/${employeeId}`);
  expect(employee).toMatchObject({ firstName: 'Alex', middleName: 'J', lastName: who.lastName, branchId: demo.branchId, postalCode: '55401', region: 'MN',
    primaryEmailAddress: `${who.username}@example.com`, primaryPhoneNumber: '612-555', howHeardOfId: demo.heardOfId, employmentCategoryId: demo.categoryId });
  for (const orderId of who.orders) {
    const { data } = await api<{ data: { employeeId: number; status: string }[] }>(`/JobOrders/${orderId}/candidates`);
    expect(data.find((c) => c.employeeId === employeeId)).toMatchObject({ status: 'Applied from web', ...utm });
  }
  return employeeId;
}

async function webUserToken(who: Applicant) {
  const { webuser } = server.credentials.oauth;
  const res = await fetch(`http://127.0.0.1:${server.env.AUTH_PORT}/connect/token`, {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'tw_vendor_webuser', usertype: 'WebUserEmployee', client_id: webuser.clientId, client_secret: webuser.clientSecret,
      acr_values: server.credentials.oauth.acrValues, username: who.username, password: who.password }),
  });
  const body: Record<string, unknown> = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(200);
  expect(body).toMatchObject({ token_type: 'Bearer', access_token: expect.any(String) });
}

describe('applicant registration in a browser', () => {
  it('registers in English from a link with every parameter; the API shows the employee, the candidates and the utm values; the login gets a token', async () => {
    const page = await browser.page();
    const who: Applicant = { locale: 'en', username: 'alex.en', password: 'a good long password', lastName: 'Registered', utm: 'indeed', orders: [demo.orders[0]!.jobOrderId, demo.orders[1]!.jobOrderId] };
    await registerFromLink(page, who);
    await checkThroughApi(who);
    await webUserToken(who);

    // Signed out, the applicant comes back through another order's link, signs in and applies.
    const t = MESSAGES.en.registration;
    await Promise.all([page.waitForLoadState('load'), page.getByRole('button', { name: t.signOut }).click()]);
    const another = demo.orders[2]!.jobOrderId;
    await page.goto(registrationLink(`${server.base}/register`, { localeId: 'en', tenantName: 'demo', orders: [another], utm_source: 'return' }));
    await Promise.all([page.waitForURL(/\/sign-in\?/), page.getByRole('link', { name: t.signInLink }).click()]);
    await check(page, 'sign-in-en');
    await step(browser.events, 'signing in', async () => {
      await page.getByLabel(t.username).fill(who.username);
      await page.getByLabel(t.password).fill(who.password);
      await Promise.all([page.waitForURL(/\/register\/en\/demo\?orders=/), page.getByRole('button', { name: t.signInButton }).click()]);
      await expect(page.locator('h1').textContent()).resolves.toBe(t.applyTitle);
    });
    await check(page, 'apply-en');
    await step(browser.events, 'applying', async () => {
      await Promise.all([page.waitForURL(/\/done$/), page.getByRole('button', { name: t.applyButton }).click()]);
      await expect(page.locator('ul.orders').textContent()).resolves.toContain(`#${another}`);
    });
    await check(page, 'applied-en');
    // The second application carries its own link's utm values.
    await checkThroughApi({ ...who, orders: [another] }, { utmSource: 'return', utmCampaign: null, utmMedium: null });
    expect(cspViolations(browser.events)).toEqual([]);
  }, 120_000);

  it('registers in Spanish at a phone\'s width from a link with every parameter', async () => {
    const page = await browser.page(PHONE);
    const who: Applicant = { locale: 'es', username: 'alex.es', password: 'una contraseña larga', lastName: 'Registrada', utm: 'radio', orders: [demo.orders[3]!.jobOrderId] };
    await registerFromLink(page, who);
    await checkThroughApi(who);
    await webUserToken(who);
    expect(cspViolations(browser.events)).toEqual([]);
  }, 120_000);
});
