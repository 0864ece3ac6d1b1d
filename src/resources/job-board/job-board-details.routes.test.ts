// GET /JobOrders/{jobOrderId}/jobBoardDetails: the spec's fields (JBD-10 to JBD-19), every eligibility
// rule (JBD-02 to JBD-09, AMB-55), the do-not-post-to-web snapshot (JBD-04, JBD-05), the tenant's
// settings (JBD-20, AMB-56), declared access (JBD-21), and the deprecated fields still sent and
// announced (VER-03 to VER-05, decision 0030).
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { as, type Caller, testApp, type TestContext } from '../../../test/helpers.ts';
import { newJobTitle } from '../../../test/record-fixtures.ts';
import { issueCredential } from '../../platform/auth/tokens.ts';
import { worksites } from '../worksites/worksite.table.ts';
import { jobOrders } from '../job-orders/job-order.table.ts';
import { lookupId, seedCustomer } from '../job-orders/job-order.test-data.ts';
import { DEFAULT_JOB_BOARD_SETTINGS, writeJobBoardSettings, type JobBoardSettings } from '../reference-data/job-board.settings.ts';
import { detailsAccess } from './job-board-details.routes.ts';
import { withUtcOffset } from './job-board-details.repository.ts';

let t: TestContext;
let admin: Caller;
const ids: Record<string, number> = {};

const DETAILS_FIELDS = ['jobOrderId', 'orderId', 'dateOrderTaken', 'jobDescription', 'jobDescriptionContentType', 'jobTitle', 'category', 'jobOrderType',
  'skills', 'featured', 'pay', 'payFrequency', 'payMin', 'payMax', 'payCurrency', 'branchId', 'branchName', 'jobBoardUrl', 'educationSummary',
  'experienceSummary', 'publishDateTime', 'address'];
const ADDRESS_FIELDS = ['attentionTo', 'street1', 'street2', 'municipality', 'region', 'postalCode', 'country', 'countryCode', 'location', 'dateAddressStandardized'];

const newTitle = (isPublic: boolean, jobTitle: string) => newJobTitle(admin, t.database.db, t.tenant, isPublic, jobTitle);

beforeAll(async () => {
  t = await testApp({ JOBBOARD_URL: 'https://jobs.example' });
  admin = as(t.app, t.tenant.adminToken);
  const db = t.database.db, tenantId = t.tenant.tenantId;
  ids.customer = await seedCustomer(db, tenantId, t.tenant.north);
  const [site] = await db.insert(worksites).values({
    tenantId, name: 'Acme plant 2', street1: '100 Main St', street2: 'Dock 4', municipality: 'Minneapolis', region: 'MN', postalCode: '55401',
    countryCode: 840, latitude: 44.9778, longitude: -93.265,
  }).returning({ id: worksites.id });
  ids.worksite = site!.id;
  const [bare] = await db.insert(worksites).values({ tenantId, name: 'Unmapped site', municipality: 'Duluth', region: 'MN' }).returning({ id: worksites.id });
  ids.bareWorksite = bare!.id;
  ids.orderType = (await admin({ method: 'GET', url: '/Datalists/OrderTypes' })).json().data.find((o: { orderType: string }) => o.orderType === 'Temporary').orderTypeId;
  ids.publicTitle = await newTitle(true, 'Forklift Operator');
  ids.privateTitle = await newTitle(false, 'Secret Agent');
  for (const [key, name] of [['filled', 'Filled'], ['partially', 'Partially Filled'], ['master', 'Master'], ['replace', 'Unfilled - Replace'], ['closed', 'Closed']] as const) {
    ids[key] = await lookupId(db, tenantId, 'jobOrderStatuses', name);
  }
});
afterAll(async () => { await t?.close(); });
afterEach(async () => { await settings(DEFAULT_JOB_BOARD_SETTINGS); });

const settings = (changes: Partial<JobBoardSettings>) => writeJobBoardSettings(t.database.db, t.tenant.tenantId, changes);

/** An order created through POST /JobOrders (so the creation snapshot is taken), eligible unless changed. */
async function newOrder(extra: Record<string, unknown> = {}): Promise<number> {
  const res = await admin({ method: 'POST', url: '/JobOrders', payload: {
    customerId: ids.customer, jobTitleId: ids.publicTitle, branchId: t.tenant.north.branchId, worksiteId: ids.worksite, jobOrderTypeId: ids.orderType,
    positionsRequired: 3, jobDescription: 'Drive the forklift safely.', payRate: 21.5, ...extra,
  } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().jobOrderId;
}
const patch = async (id: number, document: unknown[]) => {
  const res = await admin({ method: 'PATCH', url: `/JobOrders/${id}`, payload: JSON.stringify(document), headers: { 'content-type': 'application/json-patch+json' } });
  expect(res.statusCode, res.body).toBe(200);
};
const store = (id: number, values: Record<string, unknown>) =>
  t.database.db.update(jobOrders).set(values as never).where(and(eq(jobOrders.tenantId, t.tenant.tenantId), eq(jobOrders.id, id)));
const details = (id: number, caller: Caller = admin) => caller({ method: 'GET', url: `/JobOrders/${id}/jobBoardDetails` });
const statusOf = async (id: number, caller: Caller = admin) => (await details(id, caller)).statusCode;

describe('GET /JobOrders/{jobOrderId}/jobBoardDetails: the answer', () => {
  it('JBD-01 JBD-10 JBD-11 JBD-12 JBD-13 JBD-14 JBD-15 JBD-16 JBD-17 JBD-18 AMB-58 AMB-59: exactly the spec\'s fields, public values first', async () => {
    const id = await newOrder();
    await patch(id, [
      { op: 'replace', path: '/PublicJobTitle', value: 'Forklift Driver (nights)' },
      { op: 'replace', path: '/PublicJobDescription', value: '<p>Nights, <b>great pay</b>.</p>' },
      { op: 'replace', path: '/PublicJobDescriptionContentType', value: 'text/html; charset=utf-8' },
      { op: 'replace', path: '/PublicPostingDate', value: 20260315 },
    ]);
    await store(id, { skills: ['forklift', 'pallet jack'], featured: true, showPayRate: true, payMin: 19, payMax: 24.25, payFrequency: 'Weekly',
      publicEducationSummary: 'High school diploma', publicExperienceSummary: '' });
    const res = await details(id);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(Object.keys(body)).toEqual(DETAILS_FIELDS);
    expect(Object.keys(body.address)).toEqual(ADDRESS_FIELDS);
    expect(body).toMatchObject({
      jobOrderId: id, orderId: id, jobDescription: '<p>Nights, <b>great pay</b>.</p>', jobDescriptionContentType: 'text/html; charset=utf-8',
      jobTitle: 'Forklift Driver (nights)', category: expect.any(String), jobOrderType: 'Temporary', skills: ['forklift', 'pallet jack'], featured: true,
      pay: 21.5, payFrequency: 'Weekly', payMin: 19, payMax: 24.25, payCurrency: null, branchId: t.tenant.north.branchId, branchName: 'North Branch',
      jobBoardUrl: `https://jobs.example/acme/jobs/details/${id}`, educationSummary: 'High school diploma', experienceSummary: null,
      publishDateTime: '2026-03-15T00:00:00+00:00',
      address: {
        attentionTo: null, street1: '100 Main St', street2: 'Dock 4', municipality: 'Minneapolis', region: 'MN', postalCode: '55401',
        country: expect.stringMatching(/United States/), countryCode: 840, location: { latitude: 44.9778, longitude: -93.265 }, dateAddressStandardized: null,
      },
    });
    expect(new Date(body.dateOrderTaken).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('JBD-17 JBD-19: publishDateTime falls back to dateOrderTaken; pay fields are null while the order does not show pay; unset values are null', async () => {
    const id = await newOrder({ jobDescription: 'Plain words.' });
    await store(id, { payMin: 19, payMax: 24, payFrequency: 'Weekly', worksiteId: ids.bareWorksite });
    const body = (await details(id)).json();
    expect(body.publishDateTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);
    expect(new Date(body.publishDateTime).getTime()).toBe(Math.floor(new Date(body.dateOrderTaken).getTime() / 1000) * 1000);
    expect(body).toMatchObject({ pay: null, payFrequency: null, payMin: null, payMax: null, featured: null, skills: [], educationSummary: null, experienceSummary: null });
    expect(body.address).toMatchObject({ street1: null, street2: null, municipality: 'Duluth', postalCode: null, location: null });
  });

  it('JBD-14: a stored pay frequency outside the five values reads as null', async () => {
    const id = await newOrder();
    await store(id, { showPayRate: true, payFrequency: 'Hourly' });
    expect((await details(id)).json()).toMatchObject({ pay: 21.5, payFrequency: null });
  });

  it('VER-05: the obsolete orderId, jobBoardUrl and payCurrency are still returned, in JSON and XML', async () => {
    const id = await newOrder();
    expect((await details(id)).json()).toMatchObject({ orderId: id, jobBoardUrl: `https://jobs.example/acme/jobs/details/${id}`, payCurrency: null });
    const xml = (await admin({ method: 'GET', url: `/JobOrders/${id}/jobBoardDetails`, headers: { accept: 'application/xml' } })).body;
    expect(xml).toContain(`<orderId>${id}</orderId>`);
    expect(xml).toContain(`<jobBoardUrl>https://jobs.example/acme/jobs/details/${id}</jobBoardUrl>`);
  });

  it('VER-03 VER-04: an answer carrying the deprecated fields says so: Deprecation (RFC 9745, since 2026-11-26) and a Link to the description; a 404 does not', async () => {
    const id = await newOrder();
    const link = `<${t.config.BASE_URL}/swagger/v1/swagger.json>; rel="deprecation"; type="application/json"`;
    for (const accept of ['application/json', 'application/xml']) {
      const res = await admin({ method: 'GET', url: `/JobOrders/${id}/jobBoardDetails`, headers: { accept } });
      expect(res.statusCode).toBe(200);
      expect(res.headers).toMatchObject({ deprecation: `@${Date.UTC(2026, 10, 26) / 1000}`, link });
    }
    const absent = await details(2_000_000_000);
    expect(absent.statusCode).toBe(404);
    expect(absent.headers.deprecation).toBeUndefined();
  });

  it('withUtcOffset writes +00:00 instead of Z', () => {
    expect(withUtcOffset(new Date(Date.UTC(2026, 10, 22, 13, 5, 9, 123)))).toBe('2026-11-22T13:05:09+00:00');
  });
});

describe('GET /JobOrders/{jobOrderId}/jobBoardDetails: eligibility (404 otherwise)', () => {
  it('JBD-03 AMB-55: an order meeting every rule answers 200; so do the other job board statuses (Unfilled - Replace, Partially Filled, Master)', async () => {
    const id = await newOrder();
    expect(await statusOf(id)).toBe(200);
    for (const status of [ids.replace, ids.partially, ids.master]) {
      await patch(id, [{ op: 'replace', path: '/JobOrderStatusId', value: status }]);
      expect(await statusOf(id)).toBe(200);
    }
  });

  it('JBD-02: an absent order answers 404', async () => {
    expect(await statusOf(2_000_000_000)).toBe(404);
  });

  it('JBD-06: an inactive order answers 404', async () => {
    const id = await newOrder();
    await store(id, { isActive: false });
    expect(await statusOf(id)).toBe(404);
  });

  it('JBD-07 AMB-55: an order that is not unfilled (Filled, Closed) answers 404', async () => {
    for (const status of [ids.filled, ids.closed]) {
      const id = await newOrder();
      await patch(id, [{ op: 'replace', path: '/JobOrderStatusId', value: status }]);
      expect(await statusOf(id)).toBe(404);
    }
  });

  it('JBD-08: an order whose job title is not shown on the web answers 404', async () => {
    expect(await statusOf(await newOrder({ jobTitleId: ids.privateTitle }))).toBe(404);
  });

  it('JBD-09: an order of a branch that is not web-public answers 404', async () => {
    expect(await statusOf(await newOrder({ branchId: t.tenant.south.branchId }))).toBe(404);
  });

  it('AMB-55 (c): an order marked DoNotPostPublicly answers 404, and 200 again when unmarked', async () => {
    const id = await newOrder();
    await patch(id, [{ op: 'replace', path: '/DoNotPostPublicly', value: true }]);
    expect(await statusOf(id)).toBe(404);
    await patch(id, [{ op: 'replace', path: '/DoNotPostPublicly', value: false }]);
    expect(await statusOf(id)).toBe(200);
  });

  it('AMB-55 (a) GEN-05: an order outside the caller\'s hierarchy answers 404; another tenant\'s caller gets 404', async () => {
    const id = await newOrder();
    expect(await statusOf(id, as(t.app, t.tenant.northToken))).toBe(200);
    expect(await statusOf(id, as(t.app, t.tenant.southToken))).toBe(404);
    expect(await statusOf(id, as(t.app, t.other.adminToken))).toBe(404);
  });

  it('JBD-04 JBD-05: the do-not-post-to-web value is taken when the order is created; later changes of it do not affect existing orders', async () => {
    await settings({ doNotPostToWeb: true });
    const createdWhileOn = await newOrder();
    expect(await statusOf(createdWhileOn)).toBe(404);
    await settings({ doNotPostToWeb: false });
    expect(await statusOf(createdWhileOn)).toBe(404);
    const createdWhileOff = await newOrder();
    expect(await statusOf(createdWhileOff)).toBe(200);
    await settings({ doNotPostToWeb: true });
    expect(await statusOf(createdWhileOff)).toBe(200);
    const [row] = await t.database.db.select().from(jobOrders).where(and(eq(jobOrders.tenantId, t.tenant.tenantId), eq(jobOrders.id, createdWhileOn)));
    expect((row as unknown as Record<string, unknown>).doNotPostToWebAtCreation).toBe(true);
  });
});

describe('GET /JobOrders/{jobOrderId}/jobBoardDetails: the tenant\'s job board settings (JBD-20, AMB-56)', () => {
  it('JB-40 JB-42 AMB-56: title and description fall back to the order\'s own while the fallbacks are on, and are empty when off', async () => {
    const id = await newOrder({ jobDescription: 'Private words.' });
    expect((await details(id)).json()).toMatchObject({ jobTitle: 'Forklift Operator', jobDescription: 'Private words.', jobDescriptionContentType: 'text/plain' });
    await settings({ jobTitleFallback: false, jobDescriptionFallback: false });
    expect((await details(id)).json()).toMatchObject({ jobTitle: null, jobDescription: null });
  });

  it('JB-46 AMB-56 (b)(c): Hide Worksite sends null for the street, city, region, postal code and location; the order\'s showWorksiteAddress hides the street', async () => {
    const id = await newOrder();
    await settings({ hideWorksite: true });
    expect((await details(id)).json().address).toMatchObject({ street1: null, street2: null, municipality: null, region: null, postalCode: null, location: null, countryCode: 840 });
    await settings({ hideWorksite: false });
    await store(id, { showWorksiteAddress: false });
    expect((await details(id)).json().address).toMatchObject({ street1: null, street2: null, municipality: 'Minneapolis', region: 'MN', postalCode: '55401', location: null });
  });

  it('JB-44 AMB-56 (b)(c): Hide Old Dates sends dateOrderTaken as null for orders older than the cutoff', async () => {
    const old = await newOrder(), fresh = await newOrder();
    await store(old, { dateOrderTaken: new Date(Date.now() - 40 * 86_400_000) });
    await settings({ hideOldDates: true, oldDateCutoffDays: 30 });
    expect((await details(old)).json().dateOrderTaken).toBeNull();
    expect((await details(fresh)).json().dateOrderTaken).not.toBeNull();
    await settings({ hideOldDates: false });
    expect((await details(old)).json().dateOrderTaken).not.toBeNull();
  });
});

describe('GET /JobOrders/{jobOrderId}/jobBoardDetails: access (JBD-21)', () => {
  it('JBD-21: ServiceRep and Service with jobboard-read; 403 without the scope', async () => {
    expect(detailsAccess).toEqual({ roles: ['ServiceRep', 'Service'], scopes: ['jobboard-read'] });
    const id = await newOrder();
    const token = (scopes: string[]) => issueCredential(t.database.db, { tenantId: t.tenant.tenantId, serviceRepId: t.tenant.adminRepId, kind: 'personal', name: scopes.join(), scopes, expiresAt: new Date(Date.now() + 86_400_000) });
    expect(await statusOf(id, as(t.app, await token(['order-read'])))).toBe(403);
    expect(await statusOf(id, as(t.app, await token(['jobboard-read'])))).toBe(200);
  });
});
