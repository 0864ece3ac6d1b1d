// The page of an order's matches in a real browser (Debian's chromium, a real `staffing serve --demo`):
// a job order and a forklift operator beside its worksite are made over the API with the demo token;
// the demo rep signs in, chooses the order, reads the match's evidence, adds the employee as the
// order's candidate and sees the notice; the API then lists the candidate. axe on each page, a phone's
// width, no Content-Security-Policy violation, screenshots.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoServer } from '../../../test/e2e/serve-process.ts';
import { checkPage, cspViolations, PHONE, signInAsRep, startDemoAndBrowser, step, stopDemoAndBrowser, type TestBrowser } from '../../../test/web/browser.ts';
import { EMPTY_PROFILE, type EmployeeProfile } from '../../resources/matching/employee-profile.schema.ts';

let server: DemoServer;
let browser: TestBrowser;
let jobOrderId = 0, employeeId = 0;

const FORKLIFT: EmployeeProfile = {
  ...EMPTY_PROFILE,
  skills: [{ id: 'forklift', stated: true }, { id: 'reach-truck', stated: true }, { id: 'rf-scanner', stated: true }],
  certifications: [{ id: 'forklift-certification', number: null, expires: null, endorsements: [] }],
  workHistory: [{ employer: 'Lakeside Freight', title: 'Forklift Operator', occupationId: 'forklift-operator', seniority: null, startDate: '2020-02', endDate: null, current: true }],
};

/** Calls the demo's API with the administrator's personal access token; the JSON answer, or a failure naming the call. */
async function api(method: string, path: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> & { data?: Record<string, unknown>[] } }> {
  const res = await fetch(`${server.base}${path}`, {
    method, headers: { 'x-tw-token': server.credentials.personalAccessToken.token, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : {} };
}

async function created(path: string, body: unknown, key: string): Promise<number> {
  const res = await api('POST', path, body);
  expect(res.status, `${path}: ${JSON.stringify(res.json)}`).toBe(201);
  return Number(res.json[key]);
}

/** The demo's first customer gets a site in Minneapolis; a forklift order there; an employee two blocks away with a forklift profile. */
async function seed() {
  const [customer] = (await api('GET', '/Customers?take=1')).json.data ?? [];
  const [orderType] = (await api('GET', '/Datalists/OrderTypes')).json.data ?? [];
  const title = (await api('GET', '/Administration/JobTitles?take=1000')).json.data?.find((j) => j.jobTitle === 'Forklift Operator');
  expect([customer, orderType, title].every(Boolean)).toBe(true);
  const branchId = Number(customer?.branchId);
  const worksiteId = await created(`/Customers/${customer?.customerId}/worksites`, { name: 'Browser test dock', municipality: 'Minneapolis', region: 'MN', postalCode: '55401' }, 'worksiteId');
  jobOrderId = await created('/JobOrders', {
    customerId: customer?.customerId, jobTitleId: title?.jobTitleId, branchId, worksiteId, jobOrderTypeId: orderType?.orderTypeId, positionsRequired: 3,
    jobDescription: 'Load and unload trailers. Required: forklift certification. Preferred: reach truck, RF scanner.',
  }, 'jobOrderId');
  employeeId = await created('/Employees', { firstName: 'Quinn', lastName: 'Browser', branchId, region: 'MN', postalCode: '55401' }, 'employeeId');
  const profile = await api('PUT', `/Employees/${employeeId}/Profile`, FORKLIFT);
  expect(profile.status, JSON.stringify(profile.json)).toBe(200);
}

beforeAll(async () => {
  [server, browser] = await startDemoAndBrowser();
  await seed();
}, 180_000);

afterAll(() => stopDemoAndBrowser(server, browser));

describe('the matches of a job order in a browser', () => {
  it('chooses the order, reads a match\'s evidence, adds the employee as a candidate and sees the notice; the API lists the candidate', async () => {
    const context = await browser.context();
    const page = await context.newPage();
    await step(browser.events, 'signing in', () => signInAsRep(page, server));
    await step(browser.events, 'the page from the navigation', async () => {
      await Promise.all([page.waitForURL(/\/admin\/job-order-matches/), page.getByRole('link', { name: 'Order matches' }).first().click()]);
      await checkPage(browser, page, 'admin-job-order-matches-empty');
    });
    await step(browser.events, 'choosing the order', async () => {
      await page.fill('#m-order', String(jobOrderId));
      await Promise.all([page.waitForURL(/jobOrderId=/), page.getByRole('button', { name: 'Show matches' }).click()]);
      expect(await page.textContent('h1')).toBe(`Matches of job order ${jobOrderId}`);
      await page.locator(`#match-${employeeId}`).waitFor();
      await checkPage(browser, page, 'admin-job-order-matches');
    });
    const match = page.locator(`#match-${employeeId}`);
    await step(browser.events, 'the match\'s evidence', async () => {
      expect(await match.locator('h2').textContent()).toBe(`Quinn Browser (employee ${employeeId})`);
      const certifications = match.locator('tr.evidence-certifications');
      expect(await certifications.isVisible()).toBe(false);
      await match.locator('summary').click();
      expect(await certifications.isVisible()).toBe(true);
      expect(await certifications.locator('th').textContent()).toBe('Certifications and licences');
      expect(await certifications.locator('td').nth(3).textContent()).toBe('forklift-certification');
      await checkPage(browser, page, 'admin-job-order-matches-evidence');
    });
    await step(browser.events, 'adding the candidate', async () => {
      await Promise.all([page.waitForURL(/done=added/), match.getByRole('button', { name: /^Add as candidate/ }).click()]);
      expect(await page.getByRole('status').textContent()).toBe(`Employee ${employeeId} was added as a candidate of job order ${jobOrderId}.`);
      await checkPage(browser, page, 'admin-job-order-matches-added');
    });
    const candidates = await api('GET', `/JobOrders/${jobOrderId}/candidates`);
    expect(candidates.json.data?.map((c) => c.employeeId)).toContain(employeeId);

    await step(browser.events, 'adding again is refused with a message', async () => {
      await page.goto(`${server.base}/admin/job-order-matches?jobOrderId=${jobOrderId}`);
      await Promise.all([page.waitForLoadState(), page.locator(`#match-${employeeId}`).getByRole('button', { name: /^Add as candidate/ }).click()]);
      expect(await page.getByRole('alert').textContent()).toBe('This employee is already a candidate of the order.');
    });

    const phone = await browser.context({ ...PHONE, storageState: await context.storageState() });
    const small = await phone.newPage();
    await step(browser.events, 'the page at 375 pixels', async () => {
      await small.goto(`${server.base}/admin/job-order-matches?jobOrderId=${jobOrderId}`);
      await small.locator(`#match-${employeeId} summary`).click();
      await checkPage(browser, small, 'phone-admin-job-order-matches');
    });
    expect(cspViolations(browser.events)).toEqual([]);
  }, 180_000);
});
