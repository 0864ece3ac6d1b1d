// The admin page of an order's matches (issue 30 item 6; app.inject, the real API in-process): the
// ranked list with each match's evidence, the API's filters with a bad value at its field (400), an
// order the rep does not see (404 at the order's field), the hierarchy, adding a match as the order's
// candidate (POST → 303 → the same list with a notice), the API's refusals shown as messages, the form
// token, and hostile input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginContext } from '../../../test/login.ts';
import { as, type Caller } from '../../../test/helpers.ts';
import { MESSAGES, say } from '../../platform/messages/index.ts';
import { seedCustomer, seedJobOrder, seedJobTitle, seedWorksite, type Place } from '../../resources/assignments/assignment.fixtures.ts';
import { EMPTY_PROFILE, type EmployeeProfile } from '../../resources/matching/employee-profile.schema.ts';
import { adminPagesLogin, escaped, openPage, postForm, type Cookies } from './admin.test-support.ts';

const en = MESSAGES.en.adminMatches;
let t: LoginContext;
let nora: Cookies, sam: Cookies;
let admin: Caller;
let forkliftOrder = 0, driverOrder = 0;
let strong = 0, weak = 0, far = 0, southern = 0, lapsed = 0;

const job = (occupationId: string, title: string, startDate: string, endDate: string | null = null) =>
  ({ employer: 'Some Warehouse', title, occupationId, seniority: null, startDate, endDate, current: endDate === null });
const FORKLIFT: EmployeeProfile = {
  ...EMPTY_PROFILE,
  skills: [{ id: 'forklift', stated: true }, { id: 'reach-truck', stated: true }, { id: 'rf-scanner', stated: true }],
  certifications: [{ id: 'forklift-certification', number: null, expires: null, endorsements: [] }],
  workHistory: [job('forklift-operator', 'Forklift Operator', '2021-03')],
};
const CASHIER: EmployeeProfile = { ...EMPTY_PROFILE, skills: [{ id: 'cash-handling', stated: true }, { id: 'rf-scanner', stated: true }], workHistory: [job('cashier', 'Cashier', '2020-05')] };
const LAPSED_DRIVER: EmployeeProfile = { ...EMPTY_PROFILE, certifications: [{ id: 'cdl-a', number: null, expires: '2023-04', endorsements: [] }], workHistory: [job('truck-driver', 'OTR Driver', '2019-01')] };

/** An employee with a postal code and a profile, made through the API. */
async function employee(lastName: string, postalCode: string, profile: EmployeeProfile, branchId = t.acme.fixture.north.branchId): Promise<number> {
  const res = await admin({ method: 'POST', url: '/Employees', payload: { firstName: 'Pat', lastName, branchId, region: 'MN', postalCode } });
  expect(res.statusCode, res.body).toBe(201);
  const id: number = res.json().employeeId;
  const put = await admin({ method: 'PUT', url: `/Employees/${id}/Profile`, payload: profile });
  expect(put.statusCode, put.body).toBe(200);
  return id;
}

const get = (url: string, cookies: Cookies) => t.app.inject({ url, cookies });
/** The employees listed, in the page's order. */
const listed = (html: string) => [...html.matchAll(/<li id="match-(\d+)">/g)].map((m) => Number(m[1]));
const candidatesOf = async (order: number) => (await admin({ url: `/JobOrders/${order}/candidates` })).json<{ data: { employeeId: number }[] }>().data.map((c) => c.employeeId);

beforeAll(async () => {
  ({ t, cookies: { nora, sam } } = await adminPagesLogin('nora', 'sam'));
  admin = as(t.app, t.acme.fixture.adminToken);
  const db = t.database.db;
  const north: Place = { tenantId: t.acme.fixture.tenantId, ...t.acme.fixture.north };
  const customer = await seedCustomer(db, north);
  const worksiteId = await seedWorksite(db, north.tenantId, customer);
  forkliftOrder = await seedJobOrder(db, north, {
    customerId: customer, jobTitleId: await seedJobTitle(db, north, 'Forklift Operator'), worksiteId,
    extra: { jobDescription: 'Load and unload trailers. Required: forklift certification. Preferred: reach truck, RF scanner.' },
  });
  driverOrder = await seedJobOrder(db, north, {
    customerId: customer, jobTitleId: await seedJobTitle(db, north, 'Truck Driver'), worksiteId,
    extra: { jobDescription: 'Regional routes. Required: CDL Class A.' },
  });
  strong = await employee('Strong', '55401', FORKLIFT);
  weak = await employee('Weak', '55401', CASHIER);
  far = await employee('Far', '55901', FORKLIFT); // Rochester, MN: about 76 miles away
  southern = await employee('Southern', '55401', FORKLIFT, t.acme.fixture.south.branchId);
  lapsed = await employee('Lapsed', '55401', LAPSED_DRIVER);
});
afterAll(async () => { await t?.close(); });

describe('the matches of a job order', () => {
  it('without an order shows the form to choose one, linked in the navigation', async () => {
    const res = await get('/admin/job-order-matches', nora);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<h1>${en.title}</h1>`);
    expect(res.body).toContain('<label for="m-order">');
    expect(res.body).toContain(`href="/admin/job-order-matches?lang=en" aria-current="page">${MESSAGES.en.adminJobs.navMatches}<`);
    expect(listed(res.body)).toEqual([]);
  });

  it('ranks the employees best first, each with its score, distance and evidence per category (an unknown part said so), and an add button', async () => {
    const res = await get(`/admin/job-order-matches?jobOrderId=${forkliftOrder}`, nora);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain(`<h1>${say(en.titleOf, { id: forkliftOrder })}</h1>`);
    const order = listed(res.body);
    expect(order[0]).toBe(strong);
    expect(order).toContain(weak);
    expect(order).not.toContain(far);
    const row = res.body.slice(res.body.indexOf(`<li id="match-${strong}">`), res.body.indexOf('</li>', res.body.indexOf(`<li id="match-${strong}">`)));
    expect(row).toContain(`<h2>Pat Strong (employee ${strong})</h2>`);
    expect(row).toContain('<dd>0 mi</dd>');
    expect(row).toMatch(/<summary>Why Pat Strong scores \d+<\/summary>/);
    expect(row).toMatch(new RegExp(`<tr class="evidence-certifications"><th scope="row">${en.categoryCertifications}</th><td>100 %</td><td>[\\d.]+</td><td>[^<]+</td><td class="wrap">forklift-certification</td><td class="wrap">${en.none}</td></tr>`));
    expect(row).toMatch(new RegExp(`<tr class="evidence-\\w+"><th scope="row">[^<]+</th><td>${en.notKnown}</td>`));
    expect(row).toContain(`<input type="hidden" name="employeeId" value="${strong}">`);
    expect(row).toMatch(/name="_csrf" value="[^"]+"/);
    expect(row).toContain(`${en.addCandidate}<span class="visually-hidden"> (Pat Strong (employee ${strong}))</span>`);
  });

  it('filters as the API does: maxMiles widens the radius, minScore cuts, branch; the Spanish page in its words', async () => {
    expect(listed((await get(`/admin/job-order-matches?jobOrderId=${forkliftOrder}&maxMiles=100`, nora)).body)).toContain(far);
    const top = listed((await get(`/admin/job-order-matches?jobOrderId=${forkliftOrder}&minScore=100`, nora)).body);
    expect(top).not.toContain(weak);
    expect(listed((await get(`/admin/job-order-matches?jobOrderId=${forkliftOrder}&branchId=${t.acme.fixture.north.branchId}`, nora)).body)).toContain(strong);
    const es = await get(`/admin/job-order-matches?jobOrderId=${forkliftOrder}&lang=es`, nora);
    expect(es.body).toContain(MESSAGES.es.adminMatches.categorySkills);
    expect(es.body).toContain(MESSAGES.es.adminMatches.addCandidate);
  });

  it('shows each bad value at its field (400): the order\'s number, maxMiles, minScore, branch', async () => {
    const bad = await get(`/admin/job-order-matches?jobOrderId=${forkliftOrder}&maxMiles=0&minScore=abc&branchId=x`, nora);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(`<p class="field-error" id="m-miles-error">${en.badMaxMiles}</p>`);
    expect(bad.body).toContain('aria-describedby="m-miles-hint m-miles-error" aria-invalid="true"');
    expect(bad.body).toContain(`<p class="field-error" id="m-score-error">${en.badMinScore}</p>`);
    expect(bad.body).toContain(`<p class="field-error" id="m-branch-error">${en.badBranch}</p>`);
    expect(listed(bad.body)).toEqual([]);
    const order = await get('/admin/job-order-matches?jobOrderId=abc', nora);
    expect(order.statusCode).toBe(400);
    expect(order.body).toContain(`value="abc" maxlength="10" required aria-invalid="true" aria-describedby="m-order-error"`);
    expect((await get(`/admin/job-order-matches?jobOrderId=${forkliftOrder}&maxMiles=501`, nora)).statusCode).toBe(400);
    const none = await get('/admin/job-order-matches?minScore=50', nora);
    expect(none.statusCode).toBe(400);
    expect(none.body).toContain(`<p class="field-error" id="m-order-error">${escaped(en.required)}</p>`);
  });

  it('an order the rep does not see is answered as the API answers it: 404, at the order\'s field; the hierarchy hides employees', async () => {
    for (const [url, cookies] of [[`/admin/job-order-matches?jobOrderId=${forkliftOrder}`, sam], ['/admin/job-order-matches?jobOrderId=99999', nora]] as const) {
      const res = await get(url, cookies);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain(`<p class="field-error" id="m-order-error">${en.orderNotFound}</p>`);
    }
    expect(listed((await get(`/admin/job-order-matches?jobOrderId=${forkliftOrder}`, nora)).body)).not.toContain(southern);
  });

  it('answers hostile addresses with a page, never a 500', async () => {
    const long = 'x'.repeat(10_000);
    for (const url of [`/admin/job-order-matches?jobOrderId=${long}`, '/admin/job-order-matches?jobOrderId=%3Cscript%3E', '/admin/job-order-matches?jobOrderId=99999999999',
      `/admin/job-order-matches?jobOrderId=${forkliftOrder}&employeeStatusId=%3Cscript%3E%3C%2Fscript%3E`, `/admin/job-order-matches?jobOrderId=${forkliftOrder}&page=%FF`,
      `/admin/job-order-matches?jobOrderId=${forkliftOrder}&minScore=1&minScore=2`]) {
      const res = await get(url, nora);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.body).not.toContain('<script>');
    }
  });
});

describe('adding a match as the order\'s candidate', () => {
  it('refuses the form without its token (403) and adds nothing', async () => {
    const res = await postForm(t.app, '/admin/job-order-matches/add', nora, { jobOrderId: String(forkliftOrder), employeeId: String(weak) });
    expect(res.res.statusCode).toBe(403);
    expect(await candidatesOf(forkliftOrder)).not.toContain(weak);
  });

  it('adds the candidate through the API and comes back to the same list with a notice; the candidate exists; again is said so (409)', async () => {
    const page = await openPage(t.app, `/admin/job-order-matches?jobOrderId=${forkliftOrder}&minScore=10`, nora);
    const form = { _csrf: page.csrf, jobOrderId: String(forkliftOrder), employeeId: String(strong), minScore: '10' };
    const res = await postForm(t.app, '/admin/job-order-matches/add', page.cookies, form);
    expect(res.res.statusCode, res.res.body).toBe(303);
    expect(res.res.headers.location).toBe(`/admin/job-order-matches?jobOrderId=${forkliftOrder}&minScore=10&done=added&candidate=${strong}&lang=en`);
    const back = await get(String(res.res.headers.location), res.cookies);
    expect(back.statusCode).toBe(200);
    expect(back.body).toContain(`<p class="notice ok" role="status">${say(en.added, { id: strong, order: forkliftOrder })}</p>`);
    expect(await candidatesOf(forkliftOrder)).toContain(strong);
    const again = await postForm(t.app, '/admin/job-order-matches/add', page.cookies, form);
    expect(again.res.statusCode).toBe(409);
    expect(again.res.body).toContain(`<p class="notice error" role="alert">${en.alreadyCandidate}</p>`);
    expect(listed(again.res.body)).toContain(strong);
  });

  it('shows the API\'s refusal of a pair (409 MATCH_REFUSED: a lapsed required licence) and an unseen order or employee (404) as messages', async () => {
    // The lapsed driver is not listed for the order (no button): the form is posted as a stale page would.
    const page = await openPage(t.app, `/admin/job-order-matches?jobOrderId=${forkliftOrder}`, nora);
    const refused = await postForm(t.app, '/admin/job-order-matches/add', page.cookies, { _csrf: page.csrf, jobOrderId: String(driverOrder), employeeId: String(lapsed) });
    expect(refused.res.statusCode).toBe(409);
    expect(refused.res.body).toMatch(new RegExp(`<p class="notice error" role="alert">${escaped(say(en.refused, { reason: '' }))}[^<]+</p>`));
    expect(await candidatesOf(driverOrder)).not.toContain(lapsed);
    const unseen = await postForm(t.app, '/admin/job-order-matches/add', page.cookies, { _csrf: page.csrf, jobOrderId: String(forkliftOrder), employeeId: String(southern) });
    expect(unseen.res.statusCode).toBe(404);
    expect(unseen.res.body).toContain(`<p class="notice error" role="alert">${en.notFound}</p>`);
    const samPage = await openPage(t.app, '/admin/upload', sam); // a page with a form token
    const hidden = await postForm(t.app, '/admin/job-order-matches/add', samPage.cookies, { _csrf: samPage.csrf, jobOrderId: String(forkliftOrder), employeeId: String(weak) });
    expect(hidden.res.statusCode).toBe(404);
    expect(await candidatesOf(forkliftOrder)).not.toContain(weak);
    const bad = await postForm(t.app, '/admin/job-order-matches/add', page.cookies, { _csrf: page.csrf, jobOrderId: '<script>', employeeId: 'x'.repeat(5000) });
    expect(bad.res.statusCode).toBe(400);
    expect(bad.res.body).not.toContain('<script>');
  });
});
