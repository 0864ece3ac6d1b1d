// /JobOrders: create with defaults, the spec's two reads (JO-01..JO-08), the list's filters, PATCH of the
// catalog with its rules (AMB-04, AMB-60, AMB-77, AMB-78) and the pass-down to timecards (PATCH-JO-02, AMB-61).
// What every record does (reads, lists, isolation, scopes, 405, JSON Patch, branch moves): records.test.ts.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { as, type Caller, callers, eventTypesOf, testApp, type TestContext } from '../../../test/helpers.ts';
import { describeCatalog } from '../../../test/catalog-cases.ts';
import { issueCredential } from '../../platform/auth/tokens.ts';
import { CredentialVerifier } from '../../platform/auth/verifier.ts';
import { DataScope } from '../../platform/scope.ts';
import { ruleErrors } from '../../platform/records/rules.ts';
import { timecards } from '../timecards/timecard.table.ts';
import { jobOrderCatalog } from './job-order.patch-catalog.ts';
import { jobOrders } from './job-order.table.ts';
import { jobOrderPatchTarget } from './job-order.record.ts';
import { seedMessage } from '../assignments/assignment.fixtures.ts';
import { lookupId, seedCustomer, seedSupervisor, seedWorksite } from './job-order.test-data.ts';
import { worksites } from '../worksites/worksite.table.ts';
import { codeListValues, seedPurchaseOrder } from '../reference-data/back-office.test-data.ts';

let t: TestContext;
let admin: Caller;
let north: Caller;
const ids: Record<string, number> = {};
let shiftId: string;
/** Values of the tenant's back-office lists (burdenTypeId, ...). */
let backOffice: Record<string, unknown>;

beforeAll(async () => {
  t = await testApp();
  ({ admin, north } = callers(t));
  const db = t.database.db, tenantId = t.tenant.tenantId;
  ids.customer = await seedCustomer(db, tenantId, t.tenant.north, 'Acme Widgets', 'Shipping');
  ids.southCustomer = await seedCustomer(db, tenantId, t.tenant.south, 'Southern Foods', 'Kitchen');
  ids.worksite = await seedWorksite(db, tenantId);
  ids.supervisor = await seedSupervisor(db, tenantId, t.tenant.north, ids.customer);
  ids.orderType = (await admin({ method: 'GET', url: '/Datalists/OrderTypes' })).json().data.find((o: { orderType: string }) => o.orderType === 'Temporary').orderTypeId;
  const title = await admin({ method: 'POST', url: '/Administration/JobTitles', payload: { skillCode: 'PICK', jobTitle: 'Picker Packer', jobTitleCategoryId: await lookupId(db, tenantId, 'jobTitleCategories'), hierId: t.tenant.north.hierId } });
  ids.jobTitle = title.json().jobTitleId;
  ids.unfilled = await lookupId(db, tenantId, 'jobOrderStatuses', 'Unfilled');
  ids.filled = await lookupId(db, tenantId, 'jobOrderStatuses', 'Filled');
  ids.salesTeam = await lookupId(db, tenantId, 'salesTeams');
  ids.duration = await lookupId(db, tenantId, 'jobOrderDurations');
  ids.compCode = await lookupId(db, tenantId, 'workerCompCodes');
  shiftId = await lookupId(db, tenantId, 'shifts');
  ids.purchaseOrder = await seedPurchaseOrder(db, tenantId, ids.customer, 'PO-100');
  ids.southPurchaseOrder = await seedPurchaseOrder(db, tenantId, ids.southCustomer, 'PO-200');
  backOffice = await codeListValues(db, tenantId);
});
afterAll(async () => { await t?.close(); });

const body = (extra: Record<string, unknown> = {}) => ({
  customerId: ids.customer, jobTitleId: ids.jobTitle, branchId: t.tenant.north.branchId, worksiteId: ids.worksite, jobOrderTypeId: ids.orderType, positionsRequired: 2, ...extra,
});
const newOrder = async (caller: Caller = admin, extra: Record<string, unknown> = {}) => {
  const res = await caller({ method: 'POST', url: '/JobOrders', payload: body(extra) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().jobOrderId as number;
};
const patchOf = (caller: Caller, id: number) => (document: unknown[]) =>
  caller({ method: 'PATCH', url: `/JobOrders/${id}`, payload: JSON.stringify(document), headers: { 'content-type': 'application/json-patch+json' } });
/** The stored row (every catalog field), JSON-normalised. */
const stored = async (id: number) => {
  const [row] = await t.database.db.select().from(jobOrders).where(and(eq(jobOrders.tenantId, t.tenant.tenantId), eq(jobOrders.id, id)));
  return JSON.parse(JSON.stringify(row)) as Record<string, unknown>;
};
const info = async (id: number, caller = admin) => (await caller({ method: 'GET', url: `/JobOrders/${id}` })).json();
const addTimecard = async (jobOrderId: number, isProcessed = false) => {
  const res = await admin({ method: 'POST', url: '/TimeEntry/timecards', payload: { jobOrderId, weekendDate: '2026-03-08T00:00:00Z' } });
  expect(res.statusCode, res.body).toBe(201);
  const { timecardId } = res.json();
  if (isProcessed) await t.database.db.update(timecards).set({ isProcessed: true } as never).where(and(eq(timecards.tenantId, t.tenant.tenantId), eq(timecards.id, timecardId)));
  return timecardId as number;
};
const timecardRow = async (id: number) => {
  const [row] = await t.database.db.select().from(timecards).where(and(eq(timecards.tenantId, t.tenant.tenantId), eq(timecards.id, id)));
  return JSON.parse(JSON.stringify(row)) as Record<string, unknown>;
};

const INFORMATION_FIELDS = ['jobOrderId', 'branchId', 'branch', 'jobOrderTypeId', 'jobOrderType', 'jobTitleId', 'jobTitle', 'jobDescription', 'payRate', 'billRate',
  'jobOrderStatusId', 'jobOrderStatus', 'isActive', 'positionsRequired', 'positionsFilled', 'customerId', 'customerName', 'departmentName', 'jobOrderDurationId',
  'jobOrderDuration', 'dateOrderTaken', 'startDate', 'supervisorContactId', 'supervisorFirstName', 'supervisorLastName', 'supervisorOfficePhoneCountryCallingCode',
  'supervisorOfficePhone', 'doNotAutoClose', 'usesTimeClock', 'usesPeopleNet', 'notes', 'alternateJobOrderId', 'dressCode', 'safetyNotes', 'directions', 'serviceRepId',
  'serviceRep', 'salesTeamId', 'salesTeam', 'publicJobTitle', 'publicJobDescription', 'publicPostingDate', 'doNotPostPublicly', 'publicJobDescriptionContentType',
  'publicEducationSummary', 'publicExperienceSummary', 'showPayRate', 'showWorksiteAddress'];
const SUMMARY_FIELDS = ['branchId', 'branch', 'jobOrderStatusId', 'jobOrderStatus', 'isActive', 'positionsRequired', 'positionsFilled', 'customerId', 'customerName',
  'departmentName', 'jobTitleId', 'jobTitle'];

describe('job orders: create and the two reads', () => {
  it('GEN-15 JO-04 JO-05 JO-06 JO-07: POST creates an Unfilled order with the caller as rep and the first team, duration and comp code; GET answers exactly the spec\'s fields', async () => {
    const res = await north({ method: 'POST', url: '/JobOrders', payload: body({ supervisorContactId: ids.supervisor, startDate: '2026-04-01T00:00:00Z', payRate: 18.5, billRate: 27.75, jobDescription: 'Pick and pack orders.' }) });
    expect(res.statusCode, res.body).toBe(201);
    const { jobOrderId } = res.json();
    expect(res.headers.location).toBe(`/JobOrders/${jobOrderId}`);
    const read = await north({ method: 'GET', url: `/joborders/${jobOrderId}` });
    expect(read.statusCode).toBe(200);
    const order = read.json();
    expect(Object.keys(order)).toEqual(INFORMATION_FIELDS);
    expect(order).toMatchObject({
      jobOrderId, branchId: t.tenant.north.branchId, branch: 'North Branch', jobOrderTypeId: ids.orderType, jobOrderType: 'Temporary',
      jobTitleId: ids.jobTitle, jobTitle: 'Picker Packer', jobDescription: 'Pick and pack orders.', payRate: 18.5, billRate: 27.75,
      jobOrderStatusId: ids.unfilled, jobOrderStatus: 'Unfilled', isActive: true, positionsRequired: 2, positionsFilled: 0,
      customerId: ids.customer, customerName: 'Acme Widgets', departmentName: 'Shipping', jobOrderDurationId: ids.duration, jobOrderDuration: '1 Day',
      startDate: '2026-04-01T00:00:00.000Z', supervisorContactId: ids.supervisor, supervisorFirstName: 'Sue', supervisorLastName: 'Pervisor',
      supervisorOfficePhoneCountryCallingCode: 1, supervisorOfficePhone: '612-555-0100', serviceRepId: t.tenant.north.repId, serviceRep: 'Nora North',
      salesTeamId: ids.salesTeam, salesTeam: 'Light Industrial', publicPostingDate: null, doNotPostPublicly: false, publicJobDescriptionContentType: 'text/plain',
      publicEducationSummary: null, publicExperienceSummary: null, showPayRate: false, showWorksiteAddress: true,
    });
    expect(new Date(order.dateOrderTaken).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const row = await stored(jobOrderId);
    expect(row).toMatchObject({ workerCompCodeId: ids.compCode, doNotPostToWebAtCreation: false, hierId: t.tenant.north.hierId });
  });

  it('JO-02: the summary answers exactly its twelve fields', async () => {
    const id = await newOrder();
    const res = await admin({ method: 'GET', url: `/JobOrders/${id}/Summary` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      branchId: t.tenant.north.branchId, branch: 'North Branch', jobOrderStatusId: ids.unfilled, jobOrderStatus: 'Unfilled', isActive: true, positionsRequired: 2,
      positionsFilled: 0, customerId: ids.customer, customerName: 'Acme Widgets', departmentName: 'Shipping', jobTitleId: ids.jobTitle, jobTitle: 'Picker Packer',
    });
    expect(Object.keys(res.json())).toEqual(SUMMARY_FIELDS);
  });

  it('JO-01 JO-03 JO-08: both reads need order-read (403 without it); ServiceRep callers with it are answered', async () => {
    const id = await newOrder();
    const token = (scopes: string[]) => issueCredential(t.database.db, { tenantId: t.tenant.tenantId, serviceRepId: t.tenant.adminRepId, kind: 'personal', name: scopes.join(), scopes, expiresAt: new Date(Date.now() + 86_400_000) });
    const without = as(t.app, await token(['order-write', 'customer-read']));
    const reader = as(t.app, await token(['order-read']));
    for (const url of [`/JobOrders/${id}`, `/JobOrders/${id}/summary`, '/JobOrders']) {
      expect((await without({ method: 'GET', url })).statusCode, url).toBe(403);
      expect((await reader({ method: 'GET', url })).statusCode, url).toBe(200);
    }
    expect((await reader({ method: 'POST', url: '/JobOrders', payload: body() })).statusCode).toBe(403);
    expect((await patchOf(reader, id)([{ op: 'replace', path: '/Notes', value: 'x' }])).statusCode).toBe(403);
  });

  it('POST refuses missing fields and references that do not exist or are outside the caller\'s hierarchy (400 naming each field)', async () => {
    const missing = await admin({ method: 'POST', url: '/JobOrders', payload: { ...body(), positionsRequired: undefined } });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().errors)).toEqual(['positionsRequired']);
    const bad = await north({ method: 'POST', url: '/JobOrders', payload: body({ customerId: ids.southCustomer, branchId: t.tenant.south.branchId, worksiteId: 999999, jobOrderTypeId: 999999, jobTitleId: 999999 }) });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['branchId', 'customerId', 'jobOrderTypeId', 'jobTitleId', 'worksiteId']);
    const time = await admin({ method: 'POST', url: '/JobOrders', payload: body({ startTime: '7:30' }) });
    expect(Object.keys(time.json().errors)).toEqual(['startTime']);
  });

  it('a worksite must be the order\'s customer\'s or no customer\'s: another customer\'s site is refused naming worksiteId, on POST and PATCH', async () => {
    const southSite = (await t.database.db.insert(worksites).values({ tenantId: t.tenant.tenantId, customerId: ids.southCustomer, name: 'Southern kitchen' }).returning({ id: worksites.id }))[0]!.id;
    const refused = await admin({ method: 'POST', url: '/JobOrders', payload: body({ worksiteId: southSite }) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ worksiteId: ['is a worksite of another customer'] });
    const ownSite = (await t.database.db.insert(worksites).values({ tenantId: t.tenant.tenantId, customerId: ids.customer, name: 'Acme dock' }).returning({ id: worksites.id }))[0]!.id;
    const order = await newOrder(admin, { worksiteId: ownSite });
    const patched = await admin({ method: 'PATCH', url: `/JobOrders/${order}`, payload: [{ op: 'replace', path: '/WorksiteId', value: southSite }], headers: { 'content-type': 'application/json-patch+json' } });
    expect(patched.json().errors).toEqual({ worksiteId: ['is a worksite of another customer'] });
    expect((await stored(order)).worksiteId).toBe(ownSite);
    // The order's own customer's site is taken on PATCH too (the customer is the stored order's: the catalog has no CustomerId).
    const back = await admin({ method: 'PATCH', url: `/JobOrders/${order}`, payload: [{ op: 'replace', path: '/WorksiteId', value: ids.worksite }, { op: 'replace', path: '/WorksiteId', value: ownSite }], headers: { 'content-type': 'application/json-patch+json' } });
    expect(back.statusCode, back.body).toBe(200);
  });

  it('issue 10: a purchase order must be an active one of the order\'s customer: another customer\'s, an unknown or a deactivated one is refused naming PurchaseOrderId', async () => {
    const order = await newOrder();
    const set = (value: number) => patchOf(admin, order)([{ op: 'replace', path: '/PurchaseOrderId', value }]);
    expect((await set(ids.purchaseOrder!)).statusCode).toBe(200);
    expect((await set(ids.southPurchaseOrder!)).json().errors).toEqual({ purchaseOrderId: ['is a purchase order of another customer'] });
    expect((await set(999999)).json().errors).toEqual({ purchaseOrderId: ['is not a purchase order of the tenant (GET /Datalists/PurchaseOrders?customerId=)'] });
    const closed = await seedPurchaseOrder(t.database.db, t.tenant.tenantId, ids.customer!, 'PO-closed', false);
    expect((await set(closed)).json().errors).toEqual({ purchaseOrderId: ['is deactivated: records keep it, but it is not taken as a new value'] });
    expect((await stored(order)).purchaseOrderId).toBe(ids.purchaseOrder);
  });

  it('one PATCH of WorksiteId and PurchaseOrderId reads the order\'s customer once, though both rules ask for it', async () => {
    const site = (await t.database.db.insert(worksites).values({ tenantId: t.tenant.tenantId, customerId: ids.customer, name: 'Acme yard' }).returning({ id: worksites.id }))[0]!.id;
    const order = await newOrder();
    const verified = await new CredentialVerifier(t.database, 0).verify(t.tenant.adminToken.sid, t.tenant.adminToken.secret);
    if (!verified.ok) throw new Error(verified.detail);
    const scope = new DataScope(t.database.db, verified.principal);
    const query = vi.spyOn(t.database.pool, 'query');
    try {
      const next = { worksiteId: site, purchaseOrderId: ids.purchaseOrder };
      expect(await ruleErrors(jobOrderPatchTarget.rules ?? {}, { scope, id: order, next }, new Set(Object.keys(next)))).toEqual({});
      // The site, the purchase order and the order's customer.
      expect(query).toHaveBeenCalledTimes(3);
    } finally {
      query.mockRestore();
    }
  });

  it('GEN-05: the list filters by customer, status and branch, and holds only orders inside the caller\'s hierarchy', async () => {
    const southOrder = await newOrder(admin, { customerId: ids.southCustomer, branchId: t.tenant.south.branchId });
    const filled = await newOrder();
    await patchOf(admin, filled)([{ op: 'replace', path: '/JobOrderStatusId', value: ids.filled }]);
    const list = async (caller: Caller, query: string) => (await caller({ method: 'GET', url: `/JobOrders?${query}` })).json() as { data: { jobOrderId: number }[]; totalCount: number };
    const northList = await list(north, '');
    expect(northList.data.map((d) => d.jobOrderId)).not.toContain(southOrder);
    expect(northList.totalCount).toBe(northList.data.length);
    expect((await list(admin, `customerId=${ids.southCustomer}`)).data.map((d) => d.jobOrderId)).toEqual([southOrder]);
    expect((await list(admin, `jobOrderStatusId=${ids.filled}`)).data.map((d) => d.jobOrderId)).toEqual([filled]);
    expect((await list(admin, `branchId=${t.tenant.south.branchId}`)).data).toEqual([expect.objectContaining({ jobOrderId: southOrder, customerName: 'Southern Foods', branch: 'South Branch', jobOrderStatus: 'Unfilled' })]);
  });
});

describe('PATCH /JobOrders/{id}', () => {
  let id: number;
  let message: number;
  beforeAll(async () => {
    id = await newOrder();
    message = await seedMessage(t.database.db, t.tenant.tenantId, 'jobOrder', id);
  });

  describeCatalog(jobOrderCatalog, () => ({
    patch: (document) => patchOf(admin, id)(document),
    read: () => stored(id),
    valid: {
      workerCompCodeId: ids.compCode, worksiteId: ids.worksite, jobTitleId: ids.jobTitle, jobOrderTypeId: ids.orderType, jobOrderDurationId: ids.duration,
      jobOrderStatusId: ids.unfilled, salesTeamId: ids.salesTeam, branchId: t.tenant.north.branchId, serviceRepId: t.tenant.north.repId, shiftId,
      startTime: '07:30', endTime: '16:00', publicJobDescriptionContentType: 'text/html; charset=utf-8', primaryMessageId: message,
      ...backOffice, purchaseOrderId: ids.purchaseOrder,
    },
  }), 'PATCH-JO-01 PATCH-JO-03 PATCH-JO-04 PATCH-JO-05 PATCH-JO-06 PATCH-JO-07 PATCH-JO-08 PATCH-JO-09', jobOrderPatchTarget);

  // The generic move (records.test.ts) reads the order, which shows no other date of the catalog: StartDate moves onto itself there.
  it('PATCH-05 AMB-12: move carries StartDate to EstimatedEndDate and nulls StartDate', async () => {
    const value = '2026-05-01T00:00:00.000Z';
    const res = await patchOf(admin, id)([{ op: 'replace', path: '/StartDate', value }, { op: 'move', from: '/StartDate', path: '/EstimatedEndDate' }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(await stored(id)).toMatchObject({ startDate: null, estimatedEndDate: value });
  });

  it('PATCH-JO-03 JO-05 AMB-04: PublicPostingDate is a yyyymmdd Decimal, read back as that date at 00:00Z (null when not a date)', async () => {
    const posting = async (value: unknown) => {
      expect((await patchOf(admin, id)([{ op: 'replace', path: '/PublicPostingDate', value }])).statusCode).toBe(200);
      return (await info(id)).publicPostingDate;
    };
    expect(await posting(20261122)).toBe('2026-11-22T00:00:00.000Z');
    expect(await posting(20240229)).toBe('2024-02-29T00:00:00.000Z');
    expect(await posting(20230229)).toBeNull();
    expect(await posting(20261340)).toBeNull();
    expect(await posting(2026112.5)).toBeNull();
    expect(await posting(null)).toBeNull();
  });

  it('PATCH-JO-07 AMB-77: StartTime and EndTime are HH:MM 24-hour or empty (400 naming the field)', async () => {
    for (const bad of ['7:30', '24:00', '12:60', 'noon', '07:30:00']) {
      const res = await patchOf(admin, id)([{ op: 'replace', path: '/StartTime', value: bad }, { op: 'replace', path: '/EndTime', value: '16:00' }]);
      expect(res.statusCode, bad).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(['startTime']);
    }
    expect((await patchOf(admin, id)([{ op: 'replace', path: '/StartTime', value: '23:59' }, { op: 'replace', path: '/endTime', value: '' }])).statusCode).toBe(200);
    expect(await stored(id)).toMatchObject({ startTime: '23:59', endTime: '' });
  });

  it('PATCH-JO-08 AMB-60: PublicJobDescriptionContentType is text/plain or text/html; charset=utf-8', async () => {
    const bad = await patchOf(admin, id)([{ op: 'replace', path: '/PublicJobDescriptionContentType', value: 'text/markdown' }]);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['publicJobDescriptionContentType']);
    expect((await patchOf(admin, id)([{ op: 'replace', path: '/PublicJobDescriptionContentType', value: 'text/plain' }])).statusCode).toBe(200);
    expect((await info(id)).publicJobDescriptionContentType).toBe('text/plain');
  });

  it('PATCH-JO-01: references must exist; PositionsRequired must not be negative (400 naming each field, nothing changes)', async () => {
    const before = await stored(id);
    const res = await patchOf(admin, id)(['WorksiteId', 'JobTitleId', 'JobOrderTypeId', 'JobOrderDurationId', 'JobOrderStatusId', 'SalesTeamId', 'WorkerCompCodeId']
      .map((f) => ({ op: 'replace', path: `/${f}`, value: 999999 })).concat([{ op: 'replace', path: '/ShiftId', value: '00000000-0000-4000-8000-000000000000' as never }, { op: 'replace', path: '/PositionsRequired', value: -1 }]));
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['jobOrderDurationId', 'jobOrderStatusId', 'jobOrderTypeId', 'jobTitleId', 'positionsRequired', 'salesTeamId', 'shiftId', 'workerCompCodeId', 'worksiteId']);
    expect(await stored(id)).toEqual(before);
  });

  it('PATCH-19 AMB-78: a BranchId and a ServiceRepId outside the caller\'s hierarchy are named by one 400', async () => {
    const mine = await newOrder(north);
    const res = await patchOf(north, mine)([{ op: 'replace', path: '/BranchId', value: t.tenant.south.branchId }, { op: 'replace', path: '/ServiceRepId', value: t.tenant.south.repId }]);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['branchId', 'serviceRepId']);
  });

  it('GEN-04 ERR-10: the summary of an order in another branch\'s hierarchy or another tenant answers 404, as for an order that does not exist', async () => {
    const south = await newOrder(admin, { customerId: ids.southCustomer, branchId: t.tenant.south.branchId });
    for (const caller of [north, as(t.app, t.other.adminToken)]) {
      expect((await caller({ method: 'GET', url: `/JobOrders/${south}/summary` })).statusCode).toBe(404);
    }
    expect((await admin({ method: 'GET', url: '/JobOrders/999999/summary' })).statusCode).toBe(404);
  });
});

describe('pass-down to timecards (PATCH-JO-02, AMB-61)', () => {
  it('PATCH-JO-02: the twelve pass-down fields update the order\'s unprocessed timecards in the same request; processed ones keep their values', async () => {
    const order = await newOrder();
    const open = await addTimecard(order);
    const processed = await addTimecard(order, true);
    const values: Record<string, unknown> = {
      Location: 'Dock 4', CostCenter: 'CC-100', SubEntity: 'East', AccountCode: 'AC-7', CustomerSkill: 'Forklift', CheckDelivery: 'MAIL', RequisitionNumber: 'REQ-1',
      RequisitionEndDate: '2026-12-31T00:00:00.000Z', CustomerExtra1: 'x1', CustomerExtra2: 'x2', CustomerExtra3: 'x3', PayrollNote: 'Pay weekly',
    };
    const res = await patchOf(admin, order)(Object.entries(values).map(([f, value]) => ({ op: 'replace', path: `/${f}`, value })));
    expect(res.statusCode, res.body).toBe(200);
    expect(await timecardRow(open)).toMatchObject({
      location: 'Dock 4', costCenter: 'CC-100', subEntity: 'East', accountCode: 'AC-7', customerSkill: 'Forklift', checkDeliveryCode: 'MAIL', requisitionNumber: 'REQ-1',
      requisitionEndDate: '2026-12-31T00:00:00.000Z', customerExtra1: 'x1', customerExtra2: 'x2', customerExtra3: 'x3', payrollNote: 'Pay weekly',
    });
    expect(await timecardRow(processed)).toMatchObject({ location: '', costCenter: '', checkDeliveryCode: '', customerSkill: '', requisitionEndDate: null, payrollNote: '' });
  });

  it('GEN-16: each open timecard the pass-down changes has its timecard.updated event, naming the timecard\'s fields; a processed one has none', async () => {
    const order = await newOrder();
    const open = await addTimecard(order);
    const processed = await addTimecard(order, true);
    const [openBefore, processedBefore] = [await eventTypesOf(t.database, t.tenant.tenantId, 'Timecard', open), await eventTypesOf(t.database, t.tenant.tenantId, 'Timecard', processed)];
    expect((await patchOf(admin, order)([{ op: 'replace', path: '/CheckDelivery', value: 'MAIL' }])).statusCode).toBe(200);
    expect(await eventTypesOf(t.database, t.tenant.tenantId, 'Timecard', open)).toEqual([...openBefore, 'timecard.updated']);
    expect(await eventTypesOf(t.database, t.tenant.tenantId, 'Timecard', processed)).toEqual(processedBefore);
    const { rows: [event] } = await t.database.pool.query<{ data: { changedFields: string[] } }>(
      'select data from events where tenant_id = $1 and record_type = $2 and record_id = $3 order by id desc limit 1', [t.tenant.tenantId, 'Timecard', open]);
    expect(event!.data.changedFields).toEqual(['checkDeliveryCode']);
  });

  it('AMB-61: a CustomerExtra value longer than a timecard takes is refused (400 naming the order field) while the order has unprocessed timecards', async () => {
    const order = await newOrder();
    const open = await addTimecard(order);
    const res = await patchOf(admin, order)([{ op: 'replace', path: '/Location', value: 'Dock 9' }, { op: 'replace', path: '/CustomerExtra2', value: 'elevenchars' }]);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['customerExtra2']);
    expect(await stored(order)).toMatchObject({ location: '', customerExtra2: '' });
    expect(await timecardRow(open)).toMatchObject({ location: '' });
    await t.database.db.update(timecards).set({ isProcessed: true } as never).where(and(eq(timecards.tenantId, t.tenant.tenantId), eq(timecards.id, open)));
    expect((await patchOf(admin, order)([{ op: 'replace', path: '/CustomerExtra2', value: 'elevenchars' }])).statusCode).toBe(200);
  });
});

describe('job titles defined above the caller', () => {
  it('AMB-78: a rep may use a job title of a node above theirs (master data), not one of a sibling branch', async () => {
    const db = t.database.db, tenantId = t.tenant.tenantId;
    const category = await lookupId(db, tenantId, 'jobTitleCategories');
    const rootTitle = (await admin({ method: 'POST', url: '/Administration/JobTitles', payload: { skillCode: 'ROOT', jobTitle: 'Root Title', jobTitleCategoryId: category, hierId: t.tenant.rootHierId } })).json().jobTitleId;
    const southTitle = (await admin({ method: 'POST', url: '/Administration/JobTitles', payload: { skillCode: 'SOUTH', jobTitle: 'South Title', jobTitleCategoryId: category, hierId: t.tenant.south.hierId } })).json().jobTitleId;
    await newOrder(north, { jobTitleId: rootTitle });
    const res = await north({ method: 'POST', url: '/JobOrders', payload: body({ jobTitleId: southTitle }) });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['jobTitleId']);
  });
});
