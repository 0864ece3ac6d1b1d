// /TimeEntry/timecards: what is the timecard's own: create from a job order, PATCH of the catalog and
// its references, processed timecards (409).
// What every record does (reads, lists, isolation, scopes, 405, JSON Patch, branch moves): records.test.ts.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, callers, recordRoutes, testApp, type TestContext } from '../../../test/helpers.ts';
import { expectPurchaseOrderOfCustomer } from '../reference-data/purchase-order.test-support.ts';
import { describeCatalog } from '../../../test/catalog-cases.ts';
import { lookupId, seedCustomer, seedWorksite } from '../job-orders/job-order.test-data.ts';
import { worksites } from '../worksites/worksite.table.ts';
import { seedPurchaseOrder } from '../reference-data/back-office.test-data.ts';
import { timecardCatalog } from './timecard.patch-catalog.ts';
import { timecardPatchTarget } from './timecard.record.ts';
import { timecards } from './timecard.table.ts';

let t: TestContext;
let admin: Caller;
let north: Caller;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await testApp();
  ({ admin, north } = callers(t));
  const db = t.database.db, tenantId = t.tenant.tenantId;
  ids.customer = await seedCustomer(db, tenantId, t.tenant.north);
  ids.southCustomer = await seedCustomer(db, tenantId, t.tenant.south, 'Southern Foods');
  ids.worksite = await seedWorksite(db, tenantId);
  ids.otherWorksite = await seedWorksite(db, tenantId, 'Warehouse 2');
  ids.regular = await lookupId(db, tenantId, 'payCodes', 'Regular');
  ids.overtime = await lookupId(db, tenantId, 'payCodes', 'Overtime');
  const title = await admin({ method: 'POST', url: '/Administration/JobTitles', payload: { skillCode: 'PICK', jobTitle: 'Picker', jobTitleCategoryId: await lookupId(db, tenantId, 'jobTitleCategories'), hierId: t.tenant.rootHierId } });
  ids.jobTitle = title.json().jobTitleId;
  ids.orderType = await lookupId(db, tenantId, 'orderTypes');
  ids.order = await newOrder(t.tenant.north.branchId, ids.customer!);
  ids.southOrder = await newOrder(t.tenant.south.branchId, ids.southCustomer!);
  ids.purchaseOrder = await seedPurchaseOrder(db, tenantId, ids.customer, 'PO-100');
  ids.southPurchaseOrder = await seedPurchaseOrder(db, tenantId, ids.southCustomer, 'PO-200');
});
afterAll(async () => { await t?.close(); });

async function newOrder(branchId: number, customerId: number) {
  const res = await admin({ method: 'POST', url: '/JobOrders', payload: { customerId, jobTitleId: ids.jobTitle, branchId, worksiteId: ids.worksite, jobOrderTypeId: ids.orderType, positionsRequired: 1 } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().jobOrderId as number;
}
const create = (caller: Caller, body: Record<string, unknown>) => caller({ method: 'POST', url: '/TimeEntry/timecards', payload: body });
const newTimecard = async (jobOrderId = ids.order!) => {
  const res = await create(admin, { jobOrderId, weekendDate: '2026-03-08T00:00:00Z' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().timecardId as number;
};
const { patch, read, catalogHarness } = recordRoutes('/TimeEntry/timecards', { id: 'timecardId', caller: () => admin });
const markProcessed = (id: number) => t.database.db.update(timecards).set({ isProcessed: true } as never).where(and(eq(timecards.tenantId, t.tenant.tenantId), eq(timecards.id, id)));

describe('timecards: create, read, list', () => {
  it('GEN-15 PATCH-JO-02: POST copies the order\'s branch, worksite and pass-down values; pay code defaults to Regular', async () => {
    const order = await newOrder(t.tenant.north.branchId, ids.customer!);
    const values = { Location: 'Dock 4', CostCenter: 'CC-1', SubEntity: 'East', AccountCode: 'AC-7', CustomerSkill: 'Forklift', CheckDelivery: 'MAIL', RequisitionNumber: 'R-9', RequisitionEndDate: '2026-12-31T00:00:00Z', CustomerExtra1: 'e1', CustomerExtra2: 'e2', CustomerExtra3: 'e3', PayrollNote: 'weekly' };
    const patched = await admin({ method: 'PATCH', url: `/JobOrders/${order}`, payload: Object.entries(values).map(([f, value]) => ({ op: 'replace', path: `/${f}`, value })) });
    expect(patched.statusCode, patched.body).toBe(200);
    const res = await create(north, { jobOrderId: order, weekendDate: '2026-03-08T00:00:00Z', payCodeId: null });
    expect(res.statusCode, res.body).toBe(201);
    const { timecardId } = res.json();
    expect(res.headers.location).toBe(`/TimeEntry/timecards/${timecardId}`);
    const card = await read(timecardId, north);
    expect(card).toMatchObject({
      timecardId, jobOrderId: order, employeeId: null, assignmentId: null, isProcessed: false, branchId: t.tenant.north.branchId, branch: 'North Branch',
      worksiteId: ids.worksite, payCodeId: ids.regular, payCode: 'Regular', weekendDate: '2026-03-08T00:00:00.000Z',
      location: 'Dock 4', costCenter: 'CC-1', subEntity: 'East', accountCode: 'AC-7', customerSkill: 'Forklift', checkDeliveryCode: 'MAIL', requisitionNumber: 'R-9',
      requisitionEndDate: '2026-12-31T00:00:00.000Z', customerExtra1: 'e1', customerExtra2: 'e2', customerExtra3: 'e3', payrollNote: 'weekly', regularHours: 0,
    });
    for (const field of timecardCatalog.fields) expect(card, field.json).toHaveProperty(field.json);
    const list = (await admin({ method: 'GET', url: `/TimeEntry/timecards?jobOrderId=${order}` })).json();
    expect(list).toEqual({ totalCount: 1, data: [{ timecardId, jobOrderId: order, employeeId: null, weekendDate: '2026-03-08T00:00:00.000Z', branchId: t.tenant.north.branchId, branch: 'North Branch', payCodeId: ids.regular, payCode: 'Regular', regularHours: 0, overtimeHours: 0, isProcessed: false, externalId: null }] });
    expect((await admin({ method: 'GET', url: '/TimeEntry/timecards?employeeId=999' })).json()).toEqual({ data: [], totalCount: 0 });
  });

  it('POST refuses an order outside the caller\'s hierarchy, an unknown pay code or employee (400 naming the field)', async () => {
    const hidden = await create(north, { jobOrderId: ids.southOrder, weekendDate: '2026-03-08T00:00:00Z' });
    expect(hidden.statusCode).toBe(400);
    expect(Object.keys(hidden.json().errors)).toEqual(['jobOrderId']);
    const bad = await create(admin, { jobOrderId: ids.order, weekendDate: '2026-03-08T00:00:00Z', payCodeId: 999999, employeeId: 999999 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['employeeId', 'payCodeId']);
    const missing = await create(admin, { jobOrderId: ids.order });
    expect(Object.keys(missing.json().errors)).toEqual(['weekendDate']);
  });

  it('AMB-61: an order whose CustomerExtra value is longer than a timecard takes cannot get a timecard (400 naming jobOrderId)', async () => {
    const order = await newOrder(t.tenant.north.branchId, ids.customer!);
    await admin({ method: 'PATCH', url: `/JobOrders/${order}`, payload: [{ op: 'replace', path: '/CustomerExtra3', value: 'longer than ten' }] });
    const res = await create(admin, { jobOrderId: order, weekendDate: '2026-03-08T00:00:00Z' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['jobOrderId']);
  });
});

describe('PATCH /TimeEntry/timecards/{id}', () => {
  let id: number;
  beforeAll(async () => { id = await newTimecard(); });

  describeCatalog(timecardCatalog, () => ({
    ...catalogHarness(id),
    valid: { branchId: t.tenant.north.branchId, payCodeId: ids.overtime, worksiteId: ids.otherWorksite, purchaseOrderId: ids.purchaseOrder },
  }), 'PATCH-TC-01 PATCH-TC-02 PATCH-TC-03 PATCH-TC-04', timecardPatchTarget);

  it('PATCH-TC-03 AMB-75: the one-character codes take any single character, and no more', async () => {
    for (const code of ['Y', 'N', '#', ' ']) {
      const res = await patch(id, [{ op: 'replace', path: '/InvoiceHoldCode', value: code }, { op: 'replace', path: '/PayHoldCode', value: code }, { op: 'replace', path: '/OneTimeDoNotEPay', value: code }]);
      expect(res.statusCode, code).toBe(200);
      expect(await read(id)).toMatchObject({ invoiceHoldCode: code, payHoldCode: code, oneTimeDoNotEPay: code });
    }
    const res = await patch(id, [{ op: 'replace', path: '/PayHoldCode', value: 'YN' }]);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['payHoldCode']);
  });

  it('PATCH-TC-01: references must exist (400 naming each field, nothing changes)', async () => {
    const before = await read(id);
    const res = await patch(id, [{ op: 'replace', path: '/PayCodeId', value: 999999 }, { op: 'replace', path: '/WorksiteId', value: 999999 }, { op: 'replace', path: '/BranchId', value: 999999 }]);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['branchId', 'payCodeId', 'worksiteId']);
    expect(await read(id)).toEqual(before);
  });

  it('a worksite must be the order\'s customer\'s or no customer\'s: another customer\'s site is refused naming worksiteId', async () => {
    const card = await newTimecard();
    const [southSite] = await t.database.db.insert(worksites).values({ tenantId: t.tenant.tenantId, customerId: ids.southCustomer!, name: 'Southern kitchen' }).returning({ id: worksites.id });
    const [ownSite] = await t.database.db.insert(worksites).values({ tenantId: t.tenant.tenantId, customerId: ids.customer!, name: 'Acme dock' }).returning({ id: worksites.id });
    const refused = await patch(card, [{ op: 'replace', path: '/WorksiteId', value: southSite!.id }]);
    expect(refused.json().errors).toEqual({ worksiteId: ['is a worksite of another customer'] });
    expect((await patch(card, [{ op: 'replace', path: '/WorksiteId', value: ownSite!.id }])).statusCode).toBe(200);
  });

  it('issue 10: a purchase order must be one of the order\'s customer\'s: another customer\'s is refused naming purchaseOrderId', async () => {
    const card = await newTimecard();
    await expectPurchaseOrderOfCustomer(catalogHarness(card), { own: ids.purchaseOrder!, anotherCustomers: ids.southPurchaseOrder! });
  });

  it('ERR-13: a processed timecard answers 409 to PATCH and keeps its values', async () => {
    const card = await newTimecard();
    await patch(card, [{ op: 'replace', path: '/RegularHours', value: 40 }]);
    await markProcessed(card);
    const res = await patch(card, [{ op: 'replace', path: '/RegularHours', value: 8 }]);
    expect(res.statusCode).toBe(409);
    expect(await read(card)).toMatchObject({ regularHours: 40, isProcessed: true });
  });
});
