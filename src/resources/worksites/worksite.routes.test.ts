// /Customers/{id}/worksites: a customer's worksites through the API (issue 26 item 13). End to end, a
// customer created through the API gets a worksite, an order there, a vetting session and an
// assignment; the address is standardized and placed by the gazetteer (the job board's radius search
// finds the order, and follows a changed address); a worksite is seen when its customer is; events;
// bad input; paging and the list's formats. What every record does: records.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, callers, eventTypesOf, refusedNaming, testApp, testConfig, type Caller, type TestContext } from '../../../test/helpers.ts';
import { buildApp } from '../../app.ts';
import { describeCatalog } from '../../../test/catalog-cases.ts';
import { lookupId } from '../job-orders/job-order.test-data.ts';
import { worksiteCatalog } from './worksite.patch-catalog.ts';
import { worksitePatchTarget } from './worksite.record.ts';

let t: TestContext;
let c: ReturnType<typeof callers>;

type Body = Record<string, unknown>;
const sites = (customerId: number, worksiteId?: number) => `/Customers/${customerId}/worksites${worksiteId === undefined ? '' : `/${worksiteId}`}`;
const patch = (url: string, document: unknown, caller: Caller = c.north) =>
  caller({ method: 'PATCH', url, headers: { 'content-type': 'application/json-patch+json' }, payload: JSON.stringify(document) });

async function created(res: { statusCode: number; body: string; json(): Body }, key: string): Promise<number> {
  expect(res.statusCode, res.body).toBe(201);
  return Number(res.json()[key]);
}
const newCustomer = async (caller: Caller = c.north, branchId = t.tenant.north.branchId) =>
  created(await caller({ method: 'POST', url: '/Customers', payload: { customerName: 'Lakeside Foods', departmentName: 'Packing', branchId } }), 'customerId');
const newWorksite = async (customerId: number, body: Body = {}, caller: Caller = c.north) =>
  created(await caller({ method: 'POST', url: sites(customerId), payload: { name: 'Dock 4', ...body } }), 'worksiteId');

/** A public job title of North's and a North job order for it at the worksite, made through the API: the order's id. */
async function newOrderAt(customerId: number, worksiteId: number, title: { skillCode: string; jobTitle: string }, positionsRequired: number): Promise<number> {
  const jobTitleId = await created(await c.north({ method: 'POST', url: '/Administration/JobTitles', payload: {
    ...title, isPublic: true, hierId: t.tenant.north.hierId,
    jobTitleCategoryId: await lookupId(t.database.db, t.tenant.tenantId, 'jobTitleCategories'),
  } }), 'jobTitleId');
  return created(await c.north({ method: 'POST', url: '/JobOrders', payload: {
    customerId, jobTitleId, worksiteId, branchId: t.tenant.north.branchId, positionsRequired,
    jobOrderTypeId: await lookupId(t.database.db, t.tenant.tenantId, 'orderTypes'),
  } }), 'jobOrderId');
}

/** A job board radius search around a postal code: the ids of the orders it finds. */
async function near(postalCode: string, miles = 10, caller: Caller = c.admin): Promise<number[]> {
  const res = await caller({ method: 'GET', url: `/Search/JobBoard?sortBy=3&countryCode=840&postalCode=${postalCode}&distance=${miles}&distanceUnitId=3` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.map((o: Body) => o.jobOrderId);
}

/** The site the catalog's field-by-field tests patch: in Germany, where the gazetteer places nothing, so any well-typed address is kept. */
const catalogSite = { customerId: 0, worksiteId: 0 };
beforeAll(async () => {
  t = await testApp();
  c = callers(t);
  catalogSite.customerId = await newCustomer();
  catalogSite.worksiteId = await newWorksite(catalogSite.customerId, { countryCode: 276 });
});
afterAll(async () => { await t?.close(); });

describe('a customer created through the API gets a job order (issue 26 item 13)', () => {
  it('customer → worksite (standardized and placed) → job order → vetting session → assignment, all through the API; the job board finds the order near its worksite and follows a new address', async () => {
    const customerId = await newCustomer();
    const res = await c.north({ method: 'POST', url: sites(customerId), payload: { name: 'North plant', street1: '250 Marquette Ave', municipality: 'minneapolis', region: 'mn', postalCode: '55401' } });
    const worksiteId = await created(res, 'worksiteId');
    expect(res.headers.location).toBe(sites(customerId, worksiteId));
    const site = (await c.north({ method: 'GET', url: sites(customerId, worksiteId) })).json();
    expect(site).toMatchObject({
      worksiteId, customerId, name: 'North plant', street1: '250 Marquette Ave', municipality: 'Minneapolis', region: 'MN', postalCode: '55401', countryCode: 840,
      dateAddressStandardized: expect.any(String),
    });
    expect(site.latitude).toBeCloseTo(44.98, 1);
    expect(site.longitude).toBeCloseTo(-93.27, 1);

    const jobOrderId = await newOrderAt(customerId, worksiteId, { skillCode: 'PACK', jobTitle: 'Line Packer' }, 2);
    const employeeId = await created(await c.north({ method: 'POST', url: '/Employees', payload: { firstName: 'Wren', lastName: 'Site', branchId: t.tenant.north.branchId, region: 'MN' } }), 'employeeId');
    const session = await c.north({ method: 'POST', url: `/jobOrder/${jobOrderId}/assignmentRestriction`, payload: { employeeId } });
    expect(session.statusCode, session.body).toBe(201);
    expect(session.json().status).toBe('clear');
    const assignmentId = await created(await c.north({ method: 'POST', url: '/Assignments', payload: { employeeId, jobOrderId, startDate: '2026-01-05T00:00:00Z' } }), 'assignmentId');
    expect((await c.north({ method: 'GET', url: `/Assignments/${assignmentId}` })).json()).toMatchObject({ jobOrderId, employeeId, customerId });

    expect(await near('55401')).toContain(jobOrderId);
    expect(await near('78701')).not.toContain(jobOrderId);
    // The site moves to Austin: its coordinates, the order's search row and the cached answers follow.
    const moved = await patch(sites(customerId, worksiteId), [
      { op: 'replace', path: '/Street1', value: '100 Congress Ave' }, { op: 'replace', path: '/Municipality', value: 'Austin' },
      { op: 'replace', path: '/Region', value: 'tx' }, { op: 'replace', path: '/PostalCode', value: '78701' },
    ]);
    expect(moved.statusCode, moved.body).toBe(200);
    const there = (await c.north({ method: 'GET', url: sites(customerId, worksiteId) })).json();
    expect(there).toMatchObject({ municipality: 'Austin', region: 'TX', postalCode: '78701' });
    expect(there.latitude).toBeCloseTo(30.27, 1);
    expect(await near('55401')).not.toContain(jobOrderId);
    expect(await near('78701')).toContain(jobOrderId);
    const details = await c.admin({ method: 'GET', url: `/JobOrders/${jobOrderId}/jobBoardDetails` });
    expect(details.statusCode, details.body).toBe(200);
    expect(details.json().address).toMatchObject({ municipality: 'Austin', region: 'TX', postalCode: '78701', dateAddressStandardized: expect.any(String) });
    expect(details.json().address.location.latitude).toBeCloseTo(30.27, 1);
  });
});

describe('the job board follows a worksite', () => {
  it('an answer cached by another process (a listening app) follows the worksite\'s new address within moments', async () => {
    const customerId = await newCustomer();
    const worksiteId = await newWorksite(customerId, { postalCode: '55401' });
    const jobOrderId = await newOrderAt(customerId, worksiteId, { skillCode: 'CACHE', jobTitle: 'Cache Packer' }, 1);
    const listening = await buildApp({ config: testConfig(), database: t.database, listenForRevocations: true });
    try {
      const cached = as(listening, t.tenant.adminToken);
      expect(await near('55401', 10, cached)).toContain(jobOrderId);
      expect(listening.jobBoardCache.enabled).toBe(true);
      const moved = await patch(sites(customerId, worksiteId), [
        { op: 'replace', path: '/PostalCode', value: '78701' }, { op: 'remove', path: '/Municipality' }, { op: 'remove', path: '/Region' },
      ]);
      expect(moved.statusCode, moved.body).toBe(200);
      let found = [jobOrderId];
      for (let i = 0; i < 100 && found.includes(jobOrderId); i++) {
        found = await near('55401', 10, cached);
        if (found.includes(jobOrderId)) await new Promise((r) => setTimeout(r, 20));
      }
      expect(found).not.toContain(jobOrderId);
      expect(await near('78701', 10, cached)).toContain(jobOrderId);
    } finally { await listening.close(); }
  });
});

describe('the address and the gazetteer', () => {
  let customerId: number;
  beforeAll(async () => { customerId = await newCustomer(); });
  const read = async (id: number) => (await c.north({ method: 'GET', url: sites(customerId, id) })).json();

  it('a city without a postal code is placed at the place of that name (any of its names), spelt as the gazetteer spells it', async () => {
    const site = await read(await newWorksite(customerId, { municipality: 'st paul', region: 'MN' }));
    expect(site).toMatchObject({ municipality: 'Saint Paul', region: 'MN', postalCode: null, dateAddressStandardized: expect.any(String) });
    expect(site.latitude).toBeCloseTo(44.94, 1);
  });

  it('a postal code that contradicts the city or the state answers 400 naming postalCode, on create and on PATCH; nothing is written', async () => {
    refusedNaming(await c.north({ method: 'POST', url: sites(customerId), payload: { name: 'X', municipality: 'Minneapolis', region: 'TX', postalCode: '55401' } }), 'postalCode');
    refusedNaming(await c.north({ method: 'POST', url: sites(customerId), payload: { name: 'X', municipality: 'Duluth', region: 'MN', postalCode: '55401' } }), 'postalCode');
    const id = await newWorksite(customerId, { municipality: 'Minneapolis', region: 'MN', postalCode: '55401' });
    refusedNaming(await patch(sites(customerId, id), [{ op: 'replace', path: '/PostalCode', value: '78701' }]), 'postalCode');
    expect(await read(id)).toMatchObject({ postalCode: '55401', municipality: 'Minneapolis' });
  });

  it('an address the gazetteer cannot place is kept as given (trimmed, in capitals where codes are), without coordinates', async () => {
    const site = await read(await newWorksite(customerId, { street1: '1 New Rd', municipality: ' Nowhereville ', region: 'mn', postalCode: '00000' }));
    expect(site).toMatchObject({ municipality: 'Nowhereville', region: 'MN', postalCode: '00000', latitude: null, longitude: null, dateAddressStandardized: null });
    // A placed site whose address becomes unknown loses its coordinates (the job board must not keep finding it at the old place).
    const id = await newWorksite(customerId, { municipality: 'Minneapolis', region: 'MN', postalCode: '55401' });
    expect((await patch(sites(customerId, id), [{ op: 'replace', path: '/PostalCode', value: null }, { op: 'replace', path: '/Municipality', value: 'Nowhereville' }])).statusCode).toBe(200);
    expect(await read(id)).toMatchObject({ municipality: 'Nowhereville', latitude: null, longitude: null, dateAddressStandardized: null });

  });
});

describe('visibility: a worksite is seen when its customer is', () => {
  let customerId: number;
  let worksiteId: number;
  beforeAll(async () => {
    customerId = await newCustomer();
    worksiteId = await newWorksite(customerId);
  });

  it('GEN-04 GEN-05: the other branch\'s rep and another tenant get 404 for the list, the read, the create and the PATCH, as for a customer that does not exist', async () => {
    for (const caller of [c.south, c.otherAdmin]) {
      for (const res of [
        await caller({ method: 'GET', url: sites(customerId) }),
        await caller({ method: 'GET', url: sites(customerId, worksiteId) }),
        await caller({ method: 'POST', url: sites(customerId), payload: { name: 'Intruder' } }),
        await patch(sites(customerId, worksiteId), [{ op: 'replace', path: '/Name', value: 'Taken' }], caller),
      ]) expect(res.statusCode, res.body).toBe(404);
    }
    expect((await c.north({ method: 'GET', url: sites(2_000_000_000) })).statusCode).toBe(404);
    expect((await c.north({ method: 'GET', url: sites(customerId, worksiteId) })).json().name).toBe('Dock 4');
  });

  it('another customer\'s worksite under this customer\'s path answers 404; each list holds only its customer\'s sites', async () => {
    const other = await newCustomer();
    const theirs = await newWorksite(other, { name: 'Theirs' });
    expect((await c.north({ method: 'GET', url: sites(customerId, theirs) })).statusCode).toBe(404);
    expect((await patch(sites(customerId, theirs), [{ op: 'replace', path: '/Name', value: 'Mine' }])).statusCode).toBe(404);
    const list = (await c.north({ method: 'GET', url: sites(customerId) })).json();
    expect(list.data.map((s: Body) => s.worksiteId)).toEqual([worksiteId]);
  });

  it('a customer moved to the other branch takes its worksites with it', async () => {
    const moving = await newCustomer(c.admin);
    const site = await newWorksite(moving, {}, c.admin);
    expect((await patch(`/Customers/${moving}`, [{ op: 'replace', path: '/BranchId', value: t.tenant.south.branchId }], c.admin)).statusCode).toBe(200);
    expect((await c.north({ method: 'GET', url: sites(moving, site) })).statusCode).toBe(404);
    expect((await c.south({ method: 'GET', url: sites(moving, site) })).statusCode).toBe(200);
  });

  it('AUTH-24: customer-read reads and lists worksites; writing them takes customer-write', async () => {
    const { issueCredential } = await import('../../platform/auth/tokens.ts');
    const { as } = await import('../../../test/helpers.ts');
    const token = async (scope: string) => as(t.app, await issueCredential(t.database.db, {
      tenantId: t.tenant.tenantId, serviceRepId: t.tenant.adminRepId, kind: 'personal', name: scope, scopes: [scope], expiresAt: new Date(Date.now() + 60_000),
    }));
    const reader = await token('customer-read');
    expect((await reader({ method: 'GET', url: sites(customerId) })).statusCode).toBe(200);
    expect((await reader({ method: 'GET', url: sites(customerId, worksiteId) })).statusCode).toBe(200);
    expect((await reader({ method: 'POST', url: sites(customerId), payload: { name: 'No' } })).statusCode).toBe(403);
    expect((await patch(sites(customerId, worksiteId), [{ op: 'replace', path: '/Name', value: 'No' }], reader)).statusCode).toBe(403);
    expect((await (await token('employee-read'))({ method: 'GET', url: sites(customerId) })).statusCode).toBe(403);
  });
});

describe('bad input', () => {
  let customerId: number;
  beforeAll(async () => { customerId = await newCustomer(); });
  const post = (payload: Body) => c.north({ method: 'POST', url: sites(customerId), payload });

  it('GEN-10: the create is validated naming the field', async () => {
    refusedNaming(await post({}), 'name');
    refusedNaming(await post({ name: '' }), 'name');
    refusedNaming(await post({ name: 'x'.repeat(101) }), 'name');
    refusedNaming(await post({ name: 'A', street1: 'x'.repeat(51) }), 'street1');
    refusedNaming(await post({ name: 'A', region: 'ABCDEF' }), 'region');
    refusedNaming(await post({ name: 'A', countryCode: 999 }), 'countryCode');
    refusedNaming(await post({ name: 'A', postalCode: '5540' }), 'postalCode');
  });

  it('GEN-07 PATCH-11: ids that are not integers answer 400 naming them; a PATCH outside the catalog answers 400 naming the field', async () => {
    const id = await newWorksite(customerId);
    expect(Object.keys((await c.north({ method: 'GET', url: `/Customers/abc/worksites/${id}` })).json().errors)).toEqual(['id']);
    expect(Object.keys((await c.north({ method: 'GET', url: sites(customerId).concat('/1.5') })).json().errors)).toEqual(['worksiteId']);
    expect((await patch(sites(customerId, id), [{ op: 'replace', path: '/CustomerId', value: 1 }])).json().errors)
      .toEqual({ CustomerId: ['is not a patchable field of Worksite'] });
    refusedNaming(await patch(sites(customerId, id), [{ op: 'replace', path: '/Name', value: null }]), 'name');
    refusedNaming(await patch(sites(customerId, id), [{ op: 'replace', path: '/CountryCode', value: 999 }]), 'countryCode');
    expect((await c.north({ method: 'DELETE', url: sites(customerId, id) })).statusCode).toBe(405);
  });
});

describe('events', () => {
  it('GEN-16: worksite.created and worksite.updated (with the fields changed, the coordinates among them) are written with the change, located under the customer, seen only by those who see the customer', async () => {
    const customerId = await newCustomer();
    const id = await newWorksite(customerId, { postalCode: '55401' });
    expect((await patch(sites(customerId, id), [{ op: 'replace', path: '/PostalCode', value: '55420' }])).statusCode).toBe(200);
    expect(await eventTypesOf(t.database, t.tenant.tenantId, 'Worksite', id)).toEqual(['worksite.created', 'worksite.updated']);
    const seen = async (caller: Caller) => {
      const res = await caller({ method: 'GET', url: '/Events?types=worksite.created,worksite.updated' });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.filter((e: { record: Body }) => e.record.id === id);
    };
    const events = await seen(c.north);
    expect(events.map((e: Body) => e.type)).toEqual(['worksite.created', 'worksite.updated']);
    expect(events[0].record).toEqual({ type: 'Worksite', id, location: sites(customerId, id) });
    expect(events[1].changedFields).toEqual(expect.arrayContaining(['postalCode', 'latitude', 'longitude']));
    expect(await seen(c.south)).toEqual([]);
  });

  it('a refused change writes no event', async () => {
    const customerId = await newCustomer();
    const id = await newWorksite(customerId, { postalCode: '55401' });
    expect((await patch(sites(customerId, id), [{ op: 'replace', path: '/Region', value: 'TX' }])).statusCode).toBe(400);
    expect(await eventTypesOf(t.database, t.tenant.tenantId, 'Worksite', id)).toEqual(['worksite.created']);
  });
});

describe('GET /Customers/{id}/worksites', () => {
  let customerId: number;
  beforeAll(async () => {
    customerId = await newCustomer();
    for (const name of ['Cedar yard', 'Birch mill', 'Aspen dock']) await newWorksite(customerId, { name, postalCode: '55401' });
  });

  it('PAGE-01 PAGE-02 PAGE-03 PAGE-04: pages by name with skip and take; totalCount counts them all; bounds are checked', async () => {
    const all = (await c.north({ method: 'GET', url: sites(customerId) })).json();
    expect(all.totalCount).toBe(3);
    expect(all.data.map((s: Body) => s.name)).toEqual(['Aspen dock', 'Birch mill', 'Cedar yard']);
    expect(all.data[0]).toMatchObject({ customerId, municipality: 'Minneapolis', region: 'MN', postalCode: '55401' });
    const page = (await c.north({ method: 'GET', url: `${sites(customerId)}?skip=1&take=1` })).json();
    expect(page).toEqual({ totalCount: 3, data: [all.data[1]] });
    expect((await c.north({ method: 'GET', url: `${sites(customerId)}?skip=3&take=1` })).json()).toEqual({ totalCount: 3, data: [] });
    for (const bad of ['take=0', 'take=1001', 'skip=-1']) refusedNaming(await c.north({ method: 'GET', url: `${sites(customerId)}?${bad}` }), bad.split('=')[0]!);
    expect((await c.north({ method: 'GET', url: `${sites(customerId)}?name=birch` })).json().data.map((s: Body) => s.name)).toEqual(['Birch mill']);
  });

  it('NEG: the list in every negotiated format (JSON, XML, CSV, XLSX)', async () => {
    const get = (accept: string) => c.north({ method: 'GET', url: sites(customerId), headers: { accept } });
    const xml = await get('application/xml');
    expect(xml.statusCode).toBe(200);
    expect(xml.body).toContain('<name>Aspen dock</name>');
    const csv = await get('text/csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\n')[0]).toContain('worksiteId');
    expect(csv.body).toContain('Cedar yard');
    const xlsx = await get('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});

describeCatalog(worksiteCatalog, () => ({
  patch: (document) => patch(sites(catalogSite.customerId, catalogSite.worksiteId), document),
  read: async () => (await c.north({ method: 'GET', url: sites(catalogSite.customerId, catalogSite.worksiteId) })).json(),
  // A region and postal code as the site keeps them (in capitals), and a country of the list.
  valid: { countryCode: 276, region: 'BE', postalCode: '10115' },
}), 'the house\'s worksite catalog, decision 0036', worksitePatchTarget);
