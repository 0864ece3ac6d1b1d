// The open orders' requirements index (decision 0061): every write path that changes what
// requirementsOf reads marks the order's row stale (written here over HTTP, and the stated
// requirements through their repository), a refresh makes the stored requirements equal
// requirementsOf of the order's facts, closing removes the row, a write during a refresh keeps it
// stale, and openOrdersNear answers only what the caller sees.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { callers, startWorker, testApp, type Caller, type TestContext } from '../../../test/helpers.ts';
import type { Db } from '../../platform/db/database.ts';
import { CredentialVerifier } from '../../platform/auth/verifier.ts';
import type { IssuedCredential } from '../../platform/auth/tokens.ts';
import { DataScope } from '../../platform/scope.ts';
import { lookupId, seedCustomer } from '../job-orders/job-order.test-data.ts';
import { jobOrders } from '../job-orders/job-order.table.ts';
import { jobOrderStatuses } from '../reference-data/reference.table.ts';
import { openOrderRequirements as index } from './open-order-requirements.table.ts';
import { openOrdersNear, refreshOpenOrderRequirements } from './open-order-requirements.repository.ts';
import { loadOrderFacts, putRequirements } from './order-requirements.repository.ts';
import { NOTHING_STATED, requirementsOf } from './order-requirements.ts';
import { OCCUPATION_BY_ID } from './vocabulary/vocabulary.ts';

/** Orders whose requirementsOf throws (an order the normaliser cannot read): the test of a bad order. */
const unreadable = vi.hoisted(() => new Set<number>());
vi.mock('./order-requirements.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('./order-requirements.ts')>();
  return {
    ...original,
    requirementsOf: (...args: Parameters<typeof original.requirementsOf>) => {
      if (unreadable.has(args[0].jobOrderId)) throw new Error('cannot read this order');
      return original.requirementsOf(...args);
    },
  };
});

let t: TestContext;
let admin: Caller, otherAdmin: Caller;
/** Set before the tests. */
const ids = {
  customer: 0, southCustomer: 0, otherCustomer: 0, worksite: 0, southWorksite: 0, otherWorksite: 0, nowhere: 0,
  orderType: 0, otherOrderType: 0, title: 0, southTitle: 0, otherTitle: 0, filled: 0, unfilled: 0,
};
const MINNEAPOLIS = { latitude: 44.98, longitude: -93.27 };
const AUSTIN = { latitude: 30.27, longitude: -97.74 };

const scopeOf = async (credential: IssuedCredential) => {
  const verified = await new CredentialVerifier(t.database, 0).verify(credential.sid, credential.secret);
  if (!verified.ok) throw new Error(verified.detail);
  return new DataScope(t.database.db, verified.principal);
};

async function created(caller: Caller, url: string, payload: Record<string, unknown>, key: string): Promise<number> {
  const res = await caller({ method: 'POST', url, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json()[key];
}

const patch = async (caller: Caller, url: string, ops: { op: string; path: string; value: unknown }[]) => {
  const res = await caller({ method: 'PATCH', url, payload: JSON.stringify(ops), headers: { 'content-type': 'application/json-patch+json' } });
  expect(res.statusCode, res.body).toBe(200);
};

const newOrder = (extra: Record<string, unknown> = {}, caller = admin, at: { customer: number; worksite: number; title: number; branch: number; orderType?: number } = { customer: ids.customer, worksite: ids.worksite, title: ids.title, branch: 0 }) =>
  created(caller, '/JobOrders', {
    customerId: at.customer, jobTitleId: at.title, branchId: at.branch || t.tenant.north.branchId, worksiteId: at.worksite, jobOrderTypeId: at.orderType || ids.orderType, positionsRequired: 1, ...extra,
  }, 'jobOrderId');

const rowOf = async (jobOrderId: number, tenantId = t.tenant.tenantId) => {
  const [row] = await t.database.db.select().from(index).where(and(eq(index.tenantId, tenantId), eq(index.jobOrderId, jobOrderId)));
  return row;
};

/** requirementsOf of the order's facts as they are now: what the refresh must have stored. */
const expectedOf = async (jobOrderId: number) => {
  const loaded = await loadOrderFacts(await scopeOf(t.tenant.adminToken), jobOrderId);
  if (!loaded) throw new Error(`order ${jobOrderId} not seen`);
  return requirementsOf(loaded.facts, loaded.stated ?? NOTHING_STATED);
};

/** A refresh of the tenant's stale rows, then the row is fresh and holds requirementsOf of its facts. */
async function expectRefreshed(jobOrderId: number) {
  await refreshOpenOrderRequirements(await scopeOf(t.tenant.adminToken), 10_000);
  const row = await rowOf(jobOrderId);
  expect(row?.stale).toBe(false);
  expect(row?.requirements).toEqual(await expectedOf(jobOrderId));
  return row!;
}

beforeAll(async () => {
  t = await testApp();
  ({ admin, otherAdmin } = callers(t));
  const db = t.database.db, tenantId = t.tenant.tenantId;
  ids.customer = await seedCustomer(db, tenantId, t.tenant.north, 'Acme Widgets', 'Shipping');
  ids.southCustomer = await seedCustomer(db, tenantId, t.tenant.south, 'Southern Foods', 'Kitchen');
  ids.otherCustomer = await seedCustomer(db, t.other.tenantId, t.other.north, 'Other Co', 'Dock');
  ids.worksite = await created(admin, `/Customers/${ids.customer}/worksites`, { name: 'North plant', municipality: 'Minneapolis', region: 'MN', postalCode: '55401' }, 'worksiteId');
  ids.southWorksite = await created(admin, `/Customers/${ids.southCustomer}/worksites`, { name: 'South plant', municipality: 'Minneapolis', region: 'MN', postalCode: '55401' }, 'worksiteId');
  ids.otherWorksite = await created(otherAdmin, `/Customers/${ids.otherCustomer}/worksites`, { name: 'Other plant', municipality: 'Minneapolis', region: 'MN', postalCode: '55401' }, 'worksiteId');
  // A site the gazetteer cannot place: its orders have no point.
  ids.nowhere = await created(admin, `/Customers/${ids.customer}/worksites`, { name: 'Somewhere' }, 'worksiteId');
  ids.orderType = (await admin({ method: 'GET', url: '/Datalists/OrderTypes' })).json().data[0].orderTypeId;
  ids.otherOrderType = (await otherAdmin({ method: 'GET', url: '/Datalists/OrderTypes' })).json().data[0].orderTypeId;
  const category = await lookupId(db, tenantId, 'jobTitleCategories');
  ids.title = await created(admin, '/Administration/JobTitles', { skillCode: 'FORK', jobTitle: 'Forklift Operator', jobTitleCategoryId: category, hierId: t.tenant.north.hierId }, 'jobTitleId');
  ids.southTitle = await created(admin, '/Administration/JobTitles', { skillCode: 'COOK', jobTitle: 'Line Cook', jobTitleCategoryId: category, hierId: t.tenant.south.hierId }, 'jobTitleId');
  ids.otherTitle = await created(otherAdmin, '/Administration/JobTitles', {
    skillCode: 'FORK', jobTitle: 'Forklift Operator', jobTitleCategoryId: await lookupId(db, t.other.tenantId, 'jobTitleCategories'), hierId: t.other.north.hierId,
  }, 'jobTitleId');
  ids.filled = await lookupId(db, tenantId, 'jobOrderStatuses', 'Filled');
  ids.unfilled = await lookupId(db, tenantId, 'jobOrderStatuses', 'Unfilled');
});
afterAll(async () => { await t?.close(); });

describe('open_order_requirements', () => {
  it('a new order has a stale row; a refresh stores requirementsOf of its facts, with its ids and its point', async () => {
    const id = await newOrder({ jobDescription: 'Forklift certification required. RF scanner a plus.', payRate: 19.5, startDate: '2026-12-01T00:00:00Z' });
    expect(await rowOf(id)).toMatchObject({ stale: true, requirements: null, hierId: t.tenant.north.hierId, customerId: ids.customer });
    const row = await expectRefreshed(id);
    expect(row.requirements).toMatchObject({ jobOrderId: id, occupationId: 'forklift-operator', payPerHour: 19.5, startDate: '2026-12-01' });
    expect(row.occupationIds).toEqual(['forklift-operator', 'family:warehouse']);
    expect(row.certificationIds.length + row.skillIds.length).toBeGreaterThan(0);
    expect(row.earth).not.toBeNull();
  });

  it('changing the order marks it stale; a change requirementsOf does not read (its notes) does not', async () => {
    const id = await newOrder();
    const before = await expectRefreshed(id);
    await patch(admin, `/JobOrders/${id}`, [{ op: 'replace', path: '/Notes', value: 'Gate 4.' }]);
    expect(await rowOf(id)).toMatchObject({ stale: false, version: before.version });
    await patch(admin, `/JobOrders/${id}`, [{ op: 'replace', path: '/JobDescription', value: 'Must have OSHA 10. Bilingual Spanish required.' }]);
    expect(await rowOf(id)).toMatchObject({ stale: true, version: before.version + 1 });
    const after = await expectRefreshed(id);
    expect(after.requirements).not.toEqual(before.requirements);
  });

  it('stating requirements on the order marks it stale, and the refresh reads them', async () => {
    const id = await newOrder();
    await expectRefreshed(id);
    const stated = { ...NOTHING_STATED, requiredSkills: ['pallet-jack'], maxMiles: 30 };
    await putRequirements(await scopeOf(t.tenant.adminToken), id, stated);
    expect((await rowOf(id))?.stale).toBe(true);
    const row = await expectRefreshed(id);
    expect(row.requirements?.requiredSkills).toContain('pallet-jack');
    expect(row.skillIds).toContain('pallet-jack');
  });

  it('moving the worksite marks its open orders stale; the refreshed point answers near Austin, not Minneapolis', async () => {
    const site = await created(admin, `/Customers/${ids.customer}/worksites`, { name: 'Moving plant', municipality: 'Minneapolis', region: 'MN', postalCode: '55401' }, 'worksiteId');
    const id = await newOrder({}, admin, { customer: ids.customer, worksite: site, title: ids.title, branch: 0, orderType: 0 });
    await expectRefreshed(id);
    const scope = await scopeOf(t.tenant.adminToken);
    expect((await openOrdersNear(scope, MINNEAPOLIS, 25)).map((o) => o.jobOrderId)).toContain(id);
    await patch(admin, `/Customers/${ids.customer}/worksites/${site}`, [
      { op: 'replace', path: '/Municipality', value: 'Austin' }, { op: 'replace', path: '/Region', value: 'tx' }, { op: 'replace', path: '/PostalCode', value: '78701' },
    ]);
    expect((await rowOf(id))?.stale).toBe(true);
    const row = await expectRefreshed(id);
    expect(row.requirements?.worksite?.latitude).toBeCloseTo(30.27, 1);
    const nearAustin = await openOrdersNear(scope, AUSTIN, 25);
    expect(nearAustin.map((o) => o.jobOrderId)).toContain(id);
    expect(nearAustin.find((o) => o.jobOrderId === id)?.distanceMiles).toBeLessThan(25);
    expect((await openOrdersNear(scope, MINNEAPOLIS, 25)).map((o) => o.jobOrderId)).not.toContain(id);
  });

  it('renaming the job title marks its open orders stale; the refresh reads the new occupation', async () => {
    const title = await created(admin, '/Administration/JobTitles', { skillCode: 'RN', jobTitle: 'Forklift Operator', jobTitleCategoryId: await lookupId(t.database.db, t.tenant.tenantId, 'jobTitleCategories'), hierId: t.tenant.north.hierId }, 'jobTitleId');
    const id = await newOrder({}, admin, { customer: ids.customer, worksite: ids.worksite, title, branch: 0, orderType: 0 });
    expect((await expectRefreshed(id)).requirements?.occupationId).toBe('forklift-operator');
    await patch(admin, `/Administration/JobTitles/${title}`, [{ op: 'replace', path: '/JobTitle', value: 'Registered Nurse' }]);
    expect((await rowOf(id))?.stale).toBe(true);
    expect((await expectRefreshed(id)).requirements?.occupationId).toBe('registered-nurse');
  });

  it('closing an order removes its row (filled status, or inactive); reopening brings it back stale', async () => {
    const filled = await newOrder();
    const inactive = await newOrder();
    await expectRefreshed(filled);
    await patch(admin, `/JobOrders/${filled}`, [{ op: 'replace', path: '/JobOrderStatusId', value: ids.filled }]);
    // No API write makes an order inactive: any other path (an import, the CLI, SQL) is seen by the triggers.
    await t.database.db.update(jobOrders).set({ isActive: false }).where(and(eq(jobOrders.tenantId, t.tenant.tenantId), eq(jobOrders.id, inactive)));
    expect(await rowOf(filled)).toBeUndefined();
    expect(await rowOf(inactive)).toBeUndefined();
    const listed = (await openOrdersNear(await scopeOf(t.tenant.adminToken), null, 25)).map((o) => o.jobOrderId);
    expect(listed).not.toContain(filled);
    await patch(admin, `/JobOrders/${filled}`, [{ op: 'replace', path: '/JobOrderStatusId', value: ids.unfilled }]);
    expect(await rowOf(filled)).toMatchObject({ stale: true });
    await expectRefreshed(filled);
  });

  it('a status that becomes closed closes its orders (their rows go); open again, they come back stale', async () => {
    const [status] = await t.database.db.insert(jobOrderStatuses).values({ tenantId: t.tenant.tenantId, name: 'On hold' }).returning({ id: jobOrderStatuses.id });
    const id = await newOrder();
    await patch(admin, `/JobOrders/${id}`, [{ op: 'replace', path: '/JobOrderStatusId', value: status!.id }]);
    await expectRefreshed(id);
    const closeStatus = (isClosed: boolean) => t.database.db.update(jobOrderStatuses).set({ isClosed })
      .where(and(eq(jobOrderStatuses.tenantId, t.tenant.tenantId), eq(jobOrderStatuses.id, status!.id)));
    await closeStatus(true);
    expect(await rowOf(id)).toBeUndefined();
    await closeStatus(false);
    expect(await rowOf(id)).toMatchObject({ stale: true, jobOrderStatusId: status!.id });
    await expectRefreshed(id);
  });

  it('a write to the order between the refresh\'s read and its write-back keeps the row stale', async () => {
    const id = await newOrder({ jobDescription: 'Forklift certification required.' });
    await expectRefreshed(id);
    await patch(admin, `/JobOrders/${id}`, [{ op: 'replace', path: '/JobDescription', value: 'CDL Class A required.' }]);
    const { version } = (await rowOf(id))!;
    // The database as the background refresh gets it, but the order is changed (over HTTP) just
    // before the refresh's second statement, its write-back.
    let statements = 0;
    const racing = new Proxy(t.database.db, {
      get(db: Db, key, receiver) {
        if (key !== 'execute') return Reflect.get(db, key, receiver);
        return async (query: Parameters<Db['execute']>[0]) => {
          if (++statements === 2) await patch(admin, `/JobOrders/${id}`, [{ op: 'replace', path: '/JobDescription', value: 'Registered nurse license required.' }]);
          return db.execute(query);
        };
      },
    });
    await refreshOpenOrderRequirements(racing, 10_000);
    expect(statements).toBeGreaterThanOrEqual(2);
    expect(await rowOf(id)).toMatchObject({ stale: true, version: version + 1 });
    // The next refresh reads the order as it is now.
    await expectRefreshed(id);
  });

  it('an order whose requirements cannot be computed stays stale and is reported; the others are refreshed', async () => {
    const bad = await newOrder();
    const good = await newOrder();
    unreadable.add(bad);
    try {
      const done = await refreshOpenOrderRequirements(await scopeOf(t.tenant.adminToken), 10_000);
      expect(done.unreadable).toEqual([{ tenantId: t.tenant.tenantId, jobOrderId: bad, error: 'Error: cannot read this order' }]);
      expect((await rowOf(bad))?.stale).toBe(true);
      expect((await rowOf(good))?.stale).toBe(false);
    } finally {
      unreadable.delete(bad);
    }
    await expectRefreshed(bad);
  });

  it('openOrdersNear answers the caller\'s tenant and hierarchy only; without a point, the orders with none too', async () => {
    const northOrder = await newOrder();
    const southOrder = await newOrder({}, admin, { customer: ids.southCustomer, worksite: ids.southWorksite, title: ids.southTitle, branch: t.tenant.south.branchId, orderType: 0 });
    const unplaced = await newOrder({}, admin, { customer: ids.customer, worksite: ids.nowhere, title: ids.title, branch: 0, orderType: 0 });
    const otherOrder = await newOrder({}, otherAdmin, { customer: ids.otherCustomer, worksite: ids.otherWorksite, title: ids.otherTitle, branch: t.other.north.branchId, orderType: ids.otherOrderType });
    // A tenant's refresh computes its own rows only.
    await refreshOpenOrderRequirements(await scopeOf(t.tenant.adminToken), 10_000);
    expect((await rowOf(otherOrder, t.other.tenantId))?.stale).toBe(true);
    await refreshOpenOrderRequirements(await scopeOf(t.other.adminToken), 10_000);

    const idsOf = async (credential: IssuedCredential, point: typeof MINNEAPOLIS | null, filter = {}) =>
      (await openOrdersNear(await scopeOf(credential), point, 25, filter)).map((o) => o.jobOrderId);
    const all = await idsOf(t.tenant.adminToken, MINNEAPOLIS);
    expect(all).toEqual(expect.arrayContaining([northOrder, southOrder]));
    expect(all).not.toContain(otherOrder);
    expect(all).not.toContain(unplaced);
    expect(await idsOf(t.tenant.adminToken, null)).toEqual(expect.arrayContaining([northOrder, southOrder, unplaced]));
    const northSees = await idsOf(t.tenant.northToken, null);
    expect(northSees).toContain(northOrder);
    expect(northSees).not.toContain(southOrder);
    expect(await idsOf(t.other.adminToken, MINNEAPOLIS)).toEqual([otherOrder]);
    expect(await idsOf(t.tenant.adminToken, MINNEAPOLIS, { branchIds: [t.tenant.south.branchId] })).toEqual([southOrder]);
    expect(await idsOf(t.tenant.adminToken, null, { jobOrderStatusIds: [ids.filled] })).toEqual([]);
    const held = (exact: string[], family: string[]) => ({ exact, family, skills: [], certifications: [] });
    const cooks = await idsOf(t.tenant.adminToken, null, { sharing: { held: held([], ['family:hospitality']), limit: 10 } });
    expect(cooks).toContain(southOrder);
    expect(cooks).not.toContain(northOrder);
    // The first ranking keeps the best `limit`: the order of an occupation held (4) before one of a family held (1).
    const [south, north] = [(await expectedOf(southOrder)).occupationId, (await expectedOf(northOrder)).occupationId];
    const northFamily = OCCUPATION_BY_ID.get(north ?? '')?.family;
    expect(south && northFamily && northFamily !== OCCUPATION_BY_ID.get(south)?.family).toBeTruthy();
    const both = held([south ?? ''], [`family:${northFamily}`]);
    expect(await idsOf(t.tenant.adminToken, null, { sharing: { held: both, limit: 1 } })).toEqual([southOrder]);
    const ranked = await idsOf(t.tenant.adminToken, null, { sharing: { held: both, limit: 100 } });
    expect(ranked[0]).toBe(southOrder);
    expect(ranked).toContain(northOrder);

    const [listed] = await openOrdersNear(await scopeOf(t.tenant.adminToken), null, 25, { branchIds: [t.tenant.south.branchId] });
    expect(listed).toMatchObject({ jobOrderId: southOrder, jobTitle: 'Line Cook', customerId: ids.southCustomer, customerName: 'Southern Foods', branchId: t.tenant.south.branchId, jobOrderStatusId: ids.unfilled, distanceMiles: null, stale: false });
    expect(listed?.requirements).toEqual(await expectedOf(southOrder));
  });

  it('the background refreshes stale rows on its own', async () => {
    const id = await newOrder({ jobDescription: 'Pallet jack experience required.' });
    const worker = await startWorker(t);
    try {
      await vi.waitFor(async () => expect((await rowOf(id))?.stale).toBe(false), { timeout: 15_000, interval: 200 });
    } finally {
      await worker.stop();
    }
    expect((await rowOf(id))?.requirements).toEqual(await expectedOf(id));
  });
});
