// GET /Datalists/*: content seeded for a new tenant, item shapes, filters, paging.
import { describe, expect, it } from 'vitest';
import { as, testAppForFile } from '../../../test/helpers.ts';
import { issueCredential } from '../../platform/auth/tokens.ts';
import { DEFAULT_EMPLOYEE_STATUSES, DEFAULT_HOW_HEARD_OF, DEFAULT_MESSAGE_ACTIONS, DEFAULT_ORDER_TYPES } from './datalist.defaults.ts';
import { CODE_LISTS, DEFAULT_TAX_JURISDICTIONS, nounOf } from '../reference-data/back-office.lists.ts';
import { seedCustomer } from '../assignments/assignment.fixtures.ts';
import { seedPurchaseOrder } from '../reference-data/back-office.test-data.ts';

const { t, admin } = testAppForFile();

const list = async (url: string, caller = admin) => {
  const res = await caller({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  return res.json() as { data: Record<string, unknown>[]; totalCount: number };
};

describe('datalists', () => {
  it('DL-01: ServiceReps lists the reps the caller can see, with names', async () => {
    const { data } = await list('/Datalists/ServiceReps');
    expect(data).toContainEqual({ serviceRepId: t.tenant.adminRepId, name: 'Ada Admin', firstName: 'Ada', lastName: 'Admin', emailAddress: null, isActive: true });
  });

  it('DL-02 DL-15 AMB-68: Branches takes skip and take', async () => {
    const all = await list('/Datalists/Branches');
    expect(all.data).toEqual([
      { branchId: t.tenant.north.branchId, branchName: 'North Branch', countryCode: 840, isWebPublic: true, isActive: true },
      { branchId: t.tenant.south.branchId, branchName: 'South Branch', countryCode: 840, isWebPublic: false, isActive: true },
    ]);
    const second = await list('/Datalists/Branches?skip=1&take=1');
    expect(second).toEqual({ data: [all.data[1]], totalCount: 2 });
    expect(await list('/Datalists/Branches?skip=5')).toEqual({ data: [], totalCount: 2 });
  });

  it('DL-03 DL-14: OrderTypes lists the default order types, as id and name pairs', async () => {
    const { data } = await list('/Datalists/OrderTypes');
    expect(data.map((o) => o.orderType).sort()).toEqual([...DEFAULT_ORDER_TYPES].sort());
    expect(data[0]).toEqual({ orderTypeId: expect.any(Number), orderType: expect.any(String) });
  });

  it('DL-04 DL-05: MessageActions depend on the caller\'s security group', async () => {
    const everything = await list('/Datalists/MessageActions');
    expect(everything.totalCount).toBe(Object.keys(DEFAULT_MESSAGE_ACTIONS).length);
    const payroll = await list('/Datalists/MessageActions', as(t.app, t.tenant.northToken)); // North rep is in Payroll
    const expected = Object.entries(DEFAULT_MESSAGE_ACTIONS).filter(([, groups]) => groups.includes('Payroll')).map(([a]) => a).sort();
    expect(payroll.data.map((a) => a.messageAction)).toEqual(expected);
  });

  it('DL-06: EmploymentCategories have Guid ids', async () => {
    const { data } = await list('/Datalists/EmploymentCategories');
    expect(data.length).toBeGreaterThan(3);
    for (const c of data) expect(c.employmentCategoryId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  it('DL-07: WashedStatuses have small integer ids', async () => {
    const { data } = await list('/Datalists/WashedStatuses');
    expect(data[0]).toEqual({ washedStatusId: 1, washedStatus: 'Unwashed' });
  });

  it('DL-08 DL-09 DL-10: HowHeardOf filters by originTypeId and carries requireDetails', async () => {
    const all = await list('/Datalists/HowHeardOf');
    expect(all.totalCount).toBe(DEFAULT_HOW_HEARD_OF.length);
    const employees = await list('/Datalists/HowHeardOf?originTypeId=1');
    expect(employees.totalCount).toBe(DEFAULT_HOW_HEARD_OF.filter((h) => h.originTypeId === 1).length);
    expect(employees.data.every((h) => h.originTypeId === 1)).toBe(true);
    expect(employees.data.find((h) => h.howHeardOf === 'Employee Referral')).toMatchObject({ requireDetails: true });
    expect(employees.data.find((h) => h.howHeardOf === 'Indeed')).toMatchObject({ requireDetails: false });
    const res = await admin({ method: 'GET', url: '/Datalists/HowHeardOf?originTypeId=9' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['originTypeId']);
  });

  it('DL-11: EmployeeStatuses have string ids and one default', async () => {
    const { data } = await list('/Datalists/EmployeeStatuses');
    expect(data).toHaveLength(DEFAULT_EMPLOYEE_STATUSES.length);
    expect(data.filter((s) => s.isDefault)).toEqual([{ employeeStatusId: 'N', employeeStatus: 'New Applicant', isDefault: true }]);
  });

  it('ASG-29: AssignmentStatuses lists the tenant\'s statuses in seeded order, each with the kind its transitions follow', async () => {
    const { data } = await list('/Datalists/AssignmentStatuses');
    expect(data).toEqual([
      { assignmentStatusId: expect.any(Number), assignmentStatus: 'Active', isActive: true, kind: 'active' },
      { assignmentStatusId: expect.any(Number), assignmentStatus: 'Pending Start', isActive: true, kind: 'pending' },
      { assignmentStatusId: expect.any(Number), assignmentStatus: 'Ended', isActive: false, kind: 'ended' },
      { assignmentStatusId: expect.any(Number), assignmentStatus: 'Cancelled', isActive: false, kind: 'cancelled' },
    ]);
  });

  it('DL-12: countries come from the ISO list with numeric code and calling code', async () => {
    const all = await list('/DataLists/countries');
    expect(all.totalCount).toBeGreaterThan(240);
    expect(all.data).toContainEqual({ countryCode: 840, country: 'United States of America', countryCallingCode: 1 });
    expect(all.data).toContainEqual({ countryCode: 124, country: 'Canada', countryCallingCode: 1 });
    expect(all.data).toContainEqual({ countryCode: 826, country: expect.stringMatching(/United Kingdom/), countryCallingCode: 44 });
    // Sorted by name, accents aside, whatever the server's collation.
    expect(all.data.slice(0, 4).map((c) => c.country)).toEqual(['Afghanistan', 'Åland Islands', 'Albania', 'Algeria']);
  });

  it('DL-13: job board search takes every countryCode of the countries list, and refuses every other code from 0 to 999 naming countryCode', async () => {
    const listed = new Set((await list('/DataLists/countries')).data.map((c) => Number(c.countryCode)));
    const codes = Array.from({ length: 1000 }, (_, code) => code);
    const answers: Record<string, number> = {};
    // In turns of 40: the credential may have 50 requests in flight.
    for (let i = 0; i < codes.length; i += 40) {
      await Promise.all(codes.slice(i, i + 40).map(async (code) => {
        const res = await admin({ method: 'GET', url: `/Search/JobBoard?sortBy=4&take=1&countryCode=${code}` });
        answers[code] = res.statusCode === 400 && Object.keys(res.json().errors ?? {}).join() === 'countryCode' ? 400 : res.statusCode;
      }));
    }
    expect(listed.size).toBeGreaterThan(240);
    expect(answers).toEqual(Object.fromEntries(codes.map((code) => [code, listed.has(code) ? 200 : 400])));
  });

  it('issue 10: every back-office code list holds a new tenant\'s defaults as { <field>, <noun>, isActive }, by name, Guid ids where the field takes one', async () => {
    for (const codeList of CODE_LISTS) {
      const { data, totalCount } = await list(`/Datalists/${codeList.name}`);
      const noun = nounOf(codeList);
      expect(data.map((e) => e[noun]), codeList.name).toEqual([...codeList.defaults].sort((a, b) => a.localeCompare(b, 'en')));
      expect(totalCount).toBe(codeList.defaults.length);
      for (const entry of data) {
        expect(Object.keys(entry), codeList.name).toEqual([codeList.field, noun, 'isActive']);
        expect(entry[codeList.field], codeList.name).toEqual(['businessCodeId', 'companyTypeId'].includes(codeList.field) ? expect.stringMatching(/^[0-9a-f-]{36}$/) : expect.any(Number));
      }
    }
    // Each tenant its own: another tenant's entries are not listed.
    const other = await list('/Datalists/BurdenTypes', as(t.app, t.other.adminToken));
    const mine = await list('/Datalists/BurdenTypes');
    expect(other.data.map((e) => e.burdenTypeId)).not.toContain(mine.data[0]!.burdenTypeId);
  });

  it('issue 10: TaxJurisdictions lists every kind, or one kind with ?kind=', async () => {
    const all = await list('/Datalists/TaxJurisdictions');
    expect(all.totalCount).toBe(DEFAULT_TAX_JURISDICTIONS.length);
    const counties = await list('/Datalists/TaxJurisdictions?kind=county');
    expect(counties.data.map((j) => j.taxJurisdiction)).toEqual(['Hennepin County, MN', 'Travis County, TX']);
    expect(counties.data[0]).toEqual({ taxJurisdictionId: expect.any(Number), taxJurisdiction: 'Hennepin County, MN', kind: 'county', isActive: true });
    expect((await admin({ method: 'GET', url: '/Datalists/TaxJurisdictions?kind=planet' })).statusCode).toBe(400);
  });

  it('issue 10: PurchaseOrders lists the purchase orders of the customers inside the caller\'s hierarchy; customerId lists one customer\'s', async () => {
    const db = t.database.db, tenantId = t.tenant.tenantId;
    const northCustomer = await seedCustomer(db, { tenantId, ...t.tenant.north }, 'Northwind');
    const southCustomer = await seedCustomer(db, { tenantId, ...t.tenant.south }, 'Southwind');
    const north = await seedPurchaseOrder(db, tenantId, northCustomer, 'PO-7');
    const closed = await seedPurchaseOrder(db, tenantId, northCustomer, 'PO-8', false);
    const south = await seedPurchaseOrder(db, tenantId, southCustomer, 'PO-9');
    expect((await list('/Datalists/PurchaseOrders')).data.map((o) => o.purchaseOrderId)).toEqual([north, closed, south]);
    expect((await list(`/Datalists/PurchaseOrders?customerId=${northCustomer}`)).data).toEqual([
      { purchaseOrderId: north, purchaseOrder: 'PO-7', customerId: northCustomer, isActive: true },
      { purchaseOrderId: closed, purchaseOrder: 'PO-8', customerId: northCustomer, isActive: false },
    ]);
    const northRep = as(t.app, t.tenant.northToken);
    expect((await list('/Datalists/PurchaseOrders', northRep)).data.map((o) => o.purchaseOrderId)).toEqual([north, closed]);
    expect(await list(`/Datalists/PurchaseOrders?customerId=${southCustomer}`, northRep)).toEqual({ data: [], totalCount: 0 });
    expect(await list('/Datalists/PurchaseOrders', as(t.app, t.other.adminToken))).toEqual({ data: [], totalCount: 0 });
  });

  it('PAGE-01 PAGE-02 PAGE-03 PAGE-04 PAGE-06: every datalist pages with skip and take', async () => {
    for (const path of ['/Datalists/ServiceReps', '/Datalists/OrderTypes', '/Datalists/MessageActions', '/Datalists/EmploymentCategories',
      '/Datalists/WashedStatuses', '/Datalists/HowHeardOf', '/Datalists/EmployeeStatuses', '/Datalists/AssignmentStatuses', '/DataLists/countries',
      ...CODE_LISTS.map((l) => `/Datalists/${l.name}`), '/Datalists/TaxJurisdictions']) {
      const full = await list(path);
      const page = await list(`${path}?skip=1&take=2`);
      expect(page.totalCount, path).toBe(full.totalCount);
      expect(page.data, path).toEqual(full.data.slice(1, 3));
    }
  });

  it('DL-16: datalists need credentials and the datalist-read scope', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/Datalists/OrderTypes' })).statusCode).toBe(401);
    const narrow = await issueCredential(t.database.db, {
      tenantId: t.tenant.tenantId, serviceRepId: t.tenant.adminRepId, kind: 'personal', name: 'n', scopes: ['order-read'], expiresAt: new Date(Date.now() + 60_000),
    });
    expect((await as(t.app, narrow)({ method: 'GET', url: '/Datalists/OrderTypes' })).statusCode).toBe(403);
  });
});
