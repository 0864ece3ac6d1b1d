// /RateSheets: what is the rate sheet's own: create (its node, references), the list's filters, and
// PATCH at /RateSheets/{rateSheetId} (the catalog field by field, worksites, PATCH-RS-02, the branch move).
// What every record does (reads, lists, isolation, scopes, 405, JSON Patch, branch moves): records.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, callers, recordRoutes, testApp, type TestContext } from '../../../test/helpers.ts';
import { describeCatalogOf } from '../../../test/catalog-cases.ts';
import * as R from '../reference-data/reference.table.ts';
import { firstId, seedCustomer, seedJobTitle, seedShift, seedWorksite, type Place } from '../assignments/assignment.fixtures.ts';
import { rateSheetCatalog } from './rate-sheet.patch-catalog.ts';
import { rateSheetPatchTarget } from './rate-sheet.record.ts';

let t: TestContext;
let admin: Caller;
let north: Caller;
let ids: { employee: number; customer: number; southCustomer: number; worksite: number; customerSite: number; jobTitle: number; shift: string; compCode: number };

const place = (tc: TestContext, side: 'north' | 'south'): Place => ({ tenantId: tc.tenant.tenantId, ...tc.tenant[side] });

beforeAll(async () => {
  t = await testApp();
  ({ admin, north } = callers(t));
  const db = t.database.db;
  const employee = await admin({ method: 'POST', url: '/Employees', payload: { firstName: 'Rae', lastName: 'Rated', branchId: t.tenant.north.branchId, region: 'MN' } });
  const customer = await seedCustomer(db, place(t, 'north'), 'Rated Co');
  ids = {
    employee: employee.json().employeeId, customer, southCustomer: await seedCustomer(db, place(t, 'south'), 'Southern Rates'),
    worksite: await seedWorksite(db, t.tenant.tenantId, null, 'Agency yard'), customerSite: await seedWorksite(db, t.tenant.tenantId, customer), jobTitle: await seedJobTitle(db, place(t, 'north'), 'Welder'),
    shift: await seedShift(db, t.tenant.tenantId), compCode: await firstId(db, R.workerCompCodes, t.tenant.tenantId),
  };
});
afterAll(async () => { await t?.close(); });

const { create, patch, read, make: newRateSheet } = recordRoutes('/RateSheets', { id: 'rateSheetId', caller: () => admin, minimal: () => ({ name: 'Standard rates' }) });

describe('POST /RateSheets', () => {
  it('GEN-15: creates a rate sheet in its branch\'s node; 201 with its id and Location; names shown', async () => {
    const res = await create({
      name: 'Welders 2026', customerId: ids.customer, employeeId: ids.employee, worksiteId: ids.worksite, jobTitleId: ids.jobTitle,
      branchId: t.tenant.north.branchId, shiftId: ids.shift, workerCompCodeId: ids.compCode, applyRateSheetToCustomerDepartments: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const { rateSheetId } = res.json();
    expect(res.headers.location).toBe(`/RateSheets/${rateSheetId}`);
    expect(await read(rateSheetId)).toEqual({
      rateSheetId, name: 'Welders 2026', employeeId: ids.employee, customerId: ids.customer, worksiteId: ids.worksite, jobTitleId: ids.jobTitle,
      branchId: t.tenant.north.branchId, shiftId: ids.shift, workerCompCodeId: ids.compCode, applyRateSheetToCustomerDepartments: true, isActive: true,
      hierId: t.tenant.north.hierId, employeeName: 'Rae Rated', customerName: 'Rated Co', jobTitle: 'Welder', branch: 'North Branch', externalId: null,
    });
  });

  it('places the sheet in the customer\'s node without a branch, else the caller\'s', async () => {
    expect((await read(await newRateSheet({ customerId: ids.southCustomer }))).hierId).toBe(t.tenant.south.hierId);
    expect((await read(await newRateSheet({}, north), north)).hierId).toBe(t.tenant.north.hierId);
  });

  it('PATCH-RS-02 AMB-78: validates references; ApplyRateSheetToCustomerDepartments true requires customerId', async () => {
    expect((await create({ name: 'x', applyRateSheetToCustomerDepartments: true })).json().errors).toEqual({ applyRateSheetToCustomerDepartments: ['requires CustomerId'] });
    expect((await create({ name: 'x', customerId: ids.southCustomer, branchId: t.tenant.south.branchId }, north)).json().errors).toEqual({
      customerId: ['no such customer inside your hierarchy'], branchId: ['no such branch inside your hierarchy'],
    });
    expect((await create({ name: 'x', worksiteId: 999999, jobTitleId: 999999, workerCompCodeId: 999999, shiftId: '00000000-0000-4000-8000-000000000000' })).json().errors)
      .toEqual({ worksiteId: ['is not a worksite of the tenant'], jobTitleId: ['is not a job title of the tenant'], shiftId: ['is not a shift of the tenant'], workerCompCodeId: ['is not a worker comp code of the tenant'] });
    expect(Object.keys((await create({})).json().errors)).toEqual(['name']);
  });
});

describe('Guid values (GEN-12)', () => {
  const notGuids = (guid: string) => ['not-a-guid', guid.replace(/-/g, ''), `{${guid}}`, `urn:uuid:${guid}`, `${guid}0`, 42];

  it('GEN-12: shiftId on create takes a UUID in either case; any other value is a 400 naming shiftId', async () => {
    expect((await read(await newRateSheet({ shiftId: ids.shift.toUpperCase() }))).shiftId).toBe(ids.shift);
    for (const shiftId of notGuids(ids.shift)) {
      const res = await create({ name: 'Guid check', shiftId });
      expect(res.statusCode, `${shiftId}: ${res.body}`).toBe(400);
      expect(Object.keys(res.json().errors), String(shiftId)).toEqual(['shiftId']);
    }
  });

  it('GEN-12: ShiftId in a PATCH takes a UUID; any other value is a 400 naming shiftId and changes nothing', async () => {
    const sheet = await newRateSheet({ shiftId: ids.shift });
    for (const value of notGuids(ids.shift)) {
      const res = await patch(sheet, [{ op: 'replace', path: '/ShiftId', value }]);
      expect(res.statusCode, `${value}: ${res.body}`).toBe(400);
      expect(res.json().errors, String(value)).toEqual({ shiftId: ['must be a Guid (UUID)'] });
    }
    expect((await read(sheet)).shiftId).toBe(ids.shift);
  });
});

describe('reading and listing', () => {
  it('lists by name with filters, paged', async () => {
    const customer = await seedCustomer(t.database.db, place(t, 'north'), 'Listed Rates');
    await newRateSheet({ customerId: customer, name: 'B sheet' });
    await newRateSheet({ customerId: customer, name: 'A sheet', isActive: false });
    const page = (await admin({ method: 'GET', url: `/ratesheets?CustomerId=${customer}&take=1` })).json();
    expect(page).toEqual({ totalCount: 2, data: [expect.objectContaining({ name: 'A sheet', customerName: 'Listed Rates', isActive: false })] });
    expect((await admin({ method: 'GET', url: `/RateSheets?customerId=${customer}&isActive=true` })).json().data.map((x: { name: string }) => x.name)).toEqual(['B sheet']);
  });
});

describe('PATCH /RateSheets/{rateSheetId}', () => {
  let id: number;
  beforeAll(async () => { id = await newRateSheet({ name: 'Patchable' }); });

  it('a worksite must be the rate sheet\'s customer\'s or no customer\'s: another customer\'s site is refused naming worksiteId', async () => {
    const other = await seedWorksite(t.database.db, t.tenant.tenantId, ids.southCustomer, 'Southern plant');
    const sheet = await newRateSheet({ name: 'Sited', customerId: ids.customer });
    expect((await patch(sheet, [{ op: 'replace', path: '/WorksiteId', value: ids.customerSite }])).statusCode).toBe(200);
    const refused = await patch(sheet, [{ op: 'replace', path: '/WorksiteId', value: other }]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ worksiteId: ['is a worksite of another customer'] });
    // Moving the sheet to another customer while it keeps this customer's site is refused the same way.
    expect((await patch(sheet, [{ op: 'replace', path: '/CustomerId', value: ids.southCustomer }], admin)).json().errors).toEqual({ worksiteId: ['is a worksite of another customer'] });
    expect((await read(sheet)).worksiteId).toBe(ids.customerSite);
  });

  // The generic copy, move and remove (records.test.ts) need plain fields a rate sheet lacks (its one is IsActive).
  it('PATCH-05 AMB-12: copy sets path to from\'s value, move also nulls from, remove nulls a nullable field', async () => {
    expect((await patch(id, [{ op: 'replace', path: '/IsActive', value: false }, { op: 'add', path: '/CustomerId', value: ids.customer }, { op: 'add', path: '/WorksiteId', value: ids.worksite }])).statusCode).toBe(200);
    expect((await patch(id, [{ op: 'copy', from: '/IsActive', path: '/ApplyRateSheetToCustomerDepartments' }, { op: 'replace', path: '/IsActive', value: true }])).statusCode).toBe(200);
    expect(await read(id)).toMatchObject({ customerId: ids.customer, applyRateSheetToCustomerDepartments: false, isActive: true });
    expect((await patch(id, [{ op: 'move', from: '/ApplyRateSheetToCustomerDepartments', path: '/IsActive' }])).statusCode).toBe(200);
    expect(await read(id)).toMatchObject({ applyRateSheetToCustomerDepartments: null, isActive: false });
    expect((await patch(id, [{ op: 'remove', path: '/WorksiteId' }])).statusCode).toBe(200);
    expect((await read(id)).worksiteId).toBeNull();
  });

  it('PATCH-RS-02: ApplyRateSheetToCustomerDepartments true requires CustomerId; CustomerId cannot then be cleared', async () => {
    const sheet = await newRateSheet();
    expect((await patch(sheet, [{ op: 'replace', path: '/ApplyRateSheetToCustomerDepartments', value: true }])).json().errors)
      .toEqual({ applyRateSheetToCustomerDepartments: ['requires CustomerId'] });
    expect((await patch(sheet, [{ op: 'replace', path: '/CustomerId', value: ids.customer }, { op: 'replace', path: '/ApplyRateSheetToCustomerDepartments', value: true }])).statusCode).toBe(200);
    expect((await patch(sheet, [{ op: 'remove', path: '/CustomerId' }])).json().errors).toEqual({ customerId: ['is required while ApplyRateSheetToCustomerDepartments is true'] });
    expect((await patch(sheet, [{ op: 'replace', path: '/ApplyRateSheetToCustomerDepartments', value: false }, { op: 'remove', path: '/CustomerId' }])).statusCode).toBe(200);
  });

  it('PATCH-19 AMB-78: BranchId, EmployeeId and CustomerId must be inside the caller\'s hierarchy; a new branch moves the sheet', async () => {
    const mine = await newRateSheet({}, north);
    expect((await patch(mine, [{ op: 'replace', path: '/BranchId', value: t.tenant.south.branchId }], north)).json().errors).toHaveProperty('branchId');
    expect((await patch(mine, [{ op: 'replace', path: '/CustomerId', value: ids.southCustomer }], north)).json().errors).toHaveProperty('customerId');
    expect((await patch(mine, [{ op: 'replace', path: '/BranchId', value: t.tenant.south.branchId }])).statusCode).toBe(200);
    expect(await read(mine)).toMatchObject({ hierId: t.tenant.south.hierId, branch: 'South Branch' });
    expect((await north({ method: 'GET', url: `/RateSheets/${mine}` })).statusCode).toBe(404);
  });
});

describeCatalogOf(rateSheetCatalog, {
  make: async () => ({
    id: await newRateSheet({ name: 'Catalog' }),
    valid: {
      employeeId: ids.employee, customerId: ids.customer, worksiteId: ids.worksite, jobTitleId: ids.jobTitle, branchId: t.tenant.north.branchId,
      shiftId: ids.shift, workerCompCodeId: ids.compCode,
    },
  }),
  harness: (id) => ({
    // ApplyRateSheetToCustomerDepartments true needs a customer (PATCH-RS-02): such documents name one first.
    patch: (document) => {
      const needsCustomer = document.some((op) => /applyratesheettocustomerdepartments/i.test((op as { path: string }).path));
      return patch(id, needsCustomer ? [{ op: 'replace', path: '/CustomerId', value: ids.customer }, ...document] : document);
    },
    read: () => read(id),
  }),
}, 'PATCH-RS-01 PATCH-RS-02', rateSheetPatchTarget);
