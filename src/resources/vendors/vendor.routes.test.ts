// /Vendors: what is the vendor's own: create from catalog fields, the list's filters, and PATCH (the
// catalog field by field, IsVendor always true, HierId inside the hierarchy, references).
// What every record does (reads, lists, isolation, scopes, 405, JSON Patch, branch moves): records.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { type Caller, callers, recordRoutes, testApp, type TestContext } from '../../../test/helpers.ts';
import { describeCatalogOf } from '../../../test/catalog-cases.ts';
import { vendorCatalog } from './vendor.patch-catalog.ts';
import { vendorPatchTarget } from './vendor.record.ts';
import { codeListValues } from '../reference-data/back-office.test-data.ts';

let t: TestContext;
let admin: Caller;
let north: Caller;
let employeeId: number;
/** Values of the tenant's back-office lists (companyTypeId, employerId, paymentTypeId, accountId, ...). */
let backOffice: Record<string, unknown>;

beforeAll(async () => {
  t = await testApp();
  ({ admin, north } = callers(t));
  backOffice = await codeListValues(t.database.db, t.tenant.tenantId);
  employeeId = (await admin({ method: 'POST', url: '/Employees', payload: { firstName: 'Pseudo', lastName: 'Payee', branchId: t.tenant.north.branchId, region: 'MN' } })).json().employeeId;
});
afterAll(async () => { await t?.close(); });

const minimal = () => ({ companyName: 'Temps Supply', companyTypeId: backOffice.companyTypeId, employerId: backOffice.employerId, paymentTypeId: backOffice.paymentTypeId });
const { create, patch, read, make: newVendor, catalogHarness } = recordRoutes('/Vendors', { id: 'vendorId', caller: () => admin, minimal });

describe('POST /Vendors', () => {
  it('GEN-15: creates a vendor from catalog fields in the caller\'s node; 201 with its id and Location; defaults', async () => {
    const res = await create({ ...minimal(), contactName: 'Vic Vendor', ContractStartDate: '2026-01-01', overheadMarkup: 12.5, discountMethod: 'NET10' }, north);
    expect(res.statusCode, res.body).toBe(201);
    const { vendorId } = res.json();
    expect(res.headers.location).toBe(`/Vendors/${vendorId}`);
    expect(await read(vendorId, north)).toMatchObject({
      vendorId, ...minimal(), contactName: 'Vic Vendor', contractStartDate: '2026-01-01T00:00:00.000Z', overheadMarkup: 12.5, discountMethod: 'NET10',
      hierId: t.tenant.north.hierId, isVendor: true, isActive: true, phoneNumber: '', creditLimit: null, bypassAddressValidationService: null,
    });
  });

  it('AMB-71 AMB-78: isVendor false is refused; hierId must be visible; required fields named', async () => {
    expect((await create({ ...minimal(), isVendor: false })).json().errors).toEqual({ isVendor: ['must be true: a vendor is always a vendor (AMB-71)'] });
    expect((await create({ ...minimal(), hierId: t.tenant.south.hierId }, north)).json().errors).toEqual({ hierId: ['no such hierarchy node inside your hierarchy'] });
    expect((await read(await newVendor({ hierId: t.tenant.south.hierId }))).hierId).toBe(t.tenant.south.hierId);
    expect(Object.keys((await create({})).json().errors).sort()).toEqual(['companyName', 'companyTypeId', 'employerId', 'paymentTypeId']);
    // Issue 10: the codes are values of the tenant's lists on create as on PATCH.
    expect((await create({ ...minimal(), companyTypeId: randomUUID(), employerId: 999999, paymentTermsCodeId: 999999 })).json().errors).toEqual({
      companyTypeId: ['is not a value of GET /Datalists/CompanyTypes'], employerId: ['is not a value of GET /Datalists/Employers'],
      paymentTermsCodeId: ['is not a value of GET /Datalists/PaymentTermsCodes'],
    });
    expect((await create({ ...minimal(), contractEndDate: 'someday' })).json().errors).toHaveProperty('contractEndDate');
    expect((await create({ ...minimal(), corporateRegion: 'TOOLONG' })).json().errors).toHaveProperty('corporateRegion');
  });
});

describe('reading and listing', () => {
  it('lists by company name with filters, paged', async () => {
    await newVendor({ companyName: 'Yak Two' });
    await newVendor({ companyName: 'Yak One', isActive: false });
    const page = (await admin({ method: 'GET', url: '/vendors?CompanyName=YAK&take=1' })).json();
    expect(page).toEqual({ totalCount: 2, data: [expect.objectContaining({ companyName: 'Yak One', isActive: false })] });
    expect((await admin({ method: 'GET', url: '/Vendors?companyName=yak&isActive=true' })).json().data.map((x: { companyName: string }) => x.companyName)).toEqual(['Yak Two']);
  });
});

describe('PATCH /Vendors/{id}', () => {
  let id: number;
  beforeAll(async () => { id = await newVendor({ companyName: 'Patchable' }); });

  it('PATCH-VEN-02 PATCH-VEN-03 AMB-71: IsVendor false is refused; DiscountMethod is stored as given', async () => {
    const res = await patch(id, [{ op: 'replace', path: '/IsVendor', value: false }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ isVendor: ['must be true: a vendor is always a vendor (AMB-71)'] });
    expect((await patch(id, [{ op: 'replace', path: '/DiscountMethod', value: '2PCT' }])).statusCode).toBe(200);
    expect(await read(id)).toMatchObject({ isVendor: true, discountMethod: '2PCT' });
  });

  it('PATCH-19 AMB-78: HierId must be inside the caller\'s hierarchy; moving it out hides the vendor', async () => {
    const mine = await newVendor({}, north);
    expect((await patch(mine, [{ op: 'replace', path: '/HierId', value: t.tenant.south.hierId }], north)).json().errors).toHaveProperty('hierId');
    expect((await patch(mine, [{ op: 'replace', path: '/HierId', value: t.tenant.south.hierId }])).statusCode).toBe(200);
    expect((await north({ method: 'GET', url: `/Vendors/${mine}` })).statusCode).toBe(404);
  });

  it('ParentCompanyIdent names another visible vendor; PseudoEmployeeId a visible employee', async () => {
    expect((await patch(id, [{ op: 'replace', path: '/ParentCompanyIdent', value: id }])).json().errors).toHaveProperty('parentCompanyIdent');
    expect((await patch(id, [{ op: 'replace', path: '/PseudoEmployeeId', value: 999999 }])).json().errors).toHaveProperty('pseudoEmployeeId');
  });
});

describeCatalogOf(vendorCatalog, {
  make: async () => ({
    id: await newVendor({ companyName: 'Catalog' }),
    valid: { ...backOffice, hierId: t.tenant.north.hierId, parentCompanyIdent: await newVendor({ companyName: 'Parent' }), pseudoEmployeeId: employeeId },
  }),
  harness: catalogHarness,
}, 'PATCH-VEN-01 PATCH-VEN-02 PATCH-VEN-03', vendorPatchTarget);
