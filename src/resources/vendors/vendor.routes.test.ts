// /Vendors: create from catalog fields, read, list, hierarchy and tenant isolation, and PATCH (the
// catalog field by field, each JSON Patch operation, IsVendor always true, HierId inside the hierarchy).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { as, testApp, type TestContext } from '../../../test/helpers.ts';
import { describeCatalog } from '../../../test/catalog-cases.ts';
import { issueCredential } from '../../platform/auth/tokens.ts';
import { vendorCatalog } from './vendor.patch-catalog.ts';
import { vendorPatchTarget } from './vendor.record.ts';
import { codeListValues } from '../reference-data/back-office.test-data.ts';

let t: TestContext;
let admin: ReturnType<typeof as>;
let north: ReturnType<typeof as>;
let employeeId: number;
/** Values of the tenant's back-office lists (companyTypeId, employerId, paymentTypeId, accountId, ...). */
let backOffice: Record<string, unknown>;

beforeAll(async () => {
  t = await testApp();
  admin = as(t.app, t.tenant.adminToken);
  north = as(t.app, t.tenant.northToken);
  backOffice = await codeListValues(t.database.db, t.tenant.tenantId);
  employeeId = (await admin({ method: 'POST', url: '/Employees', payload: { firstName: 'Pseudo', lastName: 'Payee', branchId: t.tenant.north.branchId, region: 'MN' } })).json().employeeId;
});
afterAll(async () => { await t?.close(); });

const minimal = () => ({ companyName: 'Temps Supply', companyTypeId: backOffice.companyTypeId, employerId: backOffice.employerId, paymentTypeId: backOffice.paymentTypeId });
const create = (body: Record<string, unknown>, caller = admin) => caller({ method: 'POST', url: '/Vendors', payload: body });
const patch = (id: number, document: unknown, caller = admin, type = 'application/json-patch+json') =>
  caller({ method: 'PATCH', url: `/Vendors/${id}`, headers: { 'content-type': type }, payload: JSON.stringify(document) });
const read = async (id: number, caller = admin) => (await caller({ method: 'GET', url: `/Vendors/${id}` })).json();
async function newVendor(body: Record<string, unknown> = {}, caller = admin): Promise<number> {
  const res = await create({ ...minimal(), ...body }, caller);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().vendorId;
}

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

  it('creating needs vendor-write; reading needs vendor-read', async () => {
    const reader = as(t.app, await issueCredential(t.database.db, { tenantId: t.tenant.tenantId, serviceRepId: t.tenant.adminRepId, kind: 'personal', name: 'r', scopes: ['vendor-read'], expiresAt: new Date(Date.now() + 60_000) }));
    const id = await newVendor();
    expect((await create(minimal(), reader)).statusCode).toBe(403);
    expect((await reader({ method: 'GET', url: `/Vendors/${id}` })).statusCode).toBe(200);
    expect((await patch(id, [{ op: 'replace', path: '/CompanyName', value: 'X' }], reader)).statusCode).toBe(403);
  });
});

describe('reading and listing', () => {
  it('GEN-04 GEN-05: a vendor in another branch\'s hierarchy or another tenant answers 404; lists leave it out', async () => {
    const south = await newVendor({ companyName: 'Southern Supply', hierId: t.tenant.south.hierId });
    expect((await north({ method: 'GET', url: `/Vendors/${south}` })).statusCode).toBe(404);
    expect((await patch(south, [{ op: 'replace', path: '/CompanyName', value: 'X' }], north)).statusCode).toBe(404);
    const other = as(t.app, t.other.adminToken);
    expect((await other({ method: 'GET', url: `/Vendors/${south}` })).statusCode).toBe(404);
    expect((await patch(south, [{ op: 'replace', path: '/CompanyName', value: 'X' }], other)).statusCode).toBe(404);
    expect((await north({ method: 'GET', url: '/Vendors?companyName=southern' })).json()).toEqual({ data: [], totalCount: 0 });
    expect((await admin({ method: 'GET', url: '/Vendors?companyName=southern' })).json().totalCount).toBe(1);
  });

  it('lists by company name with filters, paged', async () => {
    await newVendor({ companyName: 'Yak Two' });
    await newVendor({ companyName: 'Yak One', isActive: false });
    const page = (await admin({ method: 'GET', url: '/vendors?CompanyName=YAK&take=1' })).json();
    expect(page).toEqual({ totalCount: 2, data: [expect.objectContaining({ companyName: 'Yak One', isActive: false })] });
    expect((await admin({ method: 'GET', url: '/Vendors?companyName=yak&isActive=true' })).json().data.map((x: { companyName: string }) => x.companyName)).toEqual(['Yak Two']);
  });

  it('GEN-07 ERR-11: a non-integer id answers 400; DELETE answers 405', async () => {
    expect(Object.keys((await admin({ method: 'GET', url: '/Vendors/abc' })).json().errors)).toEqual(['id']);
    expect((await admin({ method: 'DELETE', url: `/Vendors/${await newVendor()}` })).statusCode).toBe(405);
    expect((await admin({ method: 'GET', url: '/Vendors/999999' })).statusCode).toBe(404);
  });
});

describe('PATCH /Vendors/{id}', () => {
  let id: number;
  beforeAll(async () => { id = await newVendor({ companyName: 'Patchable' }); });

  it('PATCH-15 PATCH-16 PATCH-09: replace with mixed-case paths, both media types, 200 with no body', async () => {
    const a = await patch(id, [{ op: 'replace', path: '/companyName', value: 'Renamed' }, { op: 'replace', path: '/CreditLimit', value: 5000 }]);
    expect(a.statusCode).toBe(200);
    expect(a.body).toBe('');
    expect((await patch(id, [{ op: 'replace', path: '/LOCALREGION', value: 'ONTARIO' }], admin, 'application/json')).statusCode).toBe(200);
    expect(await read(id)).toMatchObject({ companyName: 'Renamed', creditLimit: 5000, localRegion: 'ONTARIO' });
  });

  it('PATCH-05 AMB-12: add, remove, copy, move and test behave as JSON Patch over the flat fields', async () => {
    expect((await patch(id, [{ op: 'add', path: '/CorporateStreet1', value: '1 Main St' }])).statusCode).toBe(200);
    expect((await patch(id, [{ op: 'copy', from: '/CorporateStreet1', path: '/RemittanceStreet1' }])).statusCode).toBe(200);
    expect(await read(id)).toMatchObject({ corporateStreet1: '1 Main St', remittanceStreet1: '1 Main St' });
    expect((await patch(id, [{ op: 'move', from: '/CreditLimit', path: '/OverheadMarkup' }])).statusCode).toBe(200);
    expect(await read(id)).toMatchObject({ creditLimit: null, overheadMarkup: 5000 });
    expect((await patch(id, [{ op: 'remove', path: '/ContractEndDate' }])).statusCode).toBe(200);
    expect((await patch(id, [{ op: 'test', path: '/CompanyName', value: 'Renamed' }, { op: 'replace', path: '/CompanyName', value: 'Renamed Again' }])).statusCode).toBe(200);
    expect((await read(id)).companyName).toBe('Renamed Again');
    expect((await patch(id, [{ op: 'remove', path: '/CompanyName' }])).statusCode).toBe(400);
  });

  it('AMB-12 PATCH-17 AMB-14: a failed test answers 409 and a bad operation 400; neither changes anything', async () => {
    const before = await read(id);
    expect((await patch(id, [{ op: 'replace', path: '/ContactName', value: 'Changed' }, { op: 'test', path: '/CompanyName', value: 'Nope' }])).statusCode).toBe(409);
    const bad = await patch(id, [{ op: 'replace', path: '/ContactName', value: 'Changed' }, { op: 'replace', path: '/CompanyTypeId', value: 'not-a-guid' }]);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['companyTypeId']);
    expect((await patch(id, [{ op: 'replace', path: '/VendorId', value: 1 }])).json().errors).toEqual({ VendorId: ['is not a patchable field of Vendor'] });
    expect(await read(id)).toEqual(before);
  });

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

let catalogRecord = 0;
let parent = 0;
describe('catalog fixtures', () => {
  beforeAll(async () => { catalogRecord = await newVendor({ companyName: 'Catalog' }); parent = await newVendor({ companyName: 'Parent' }); });
  it('has a record to patch', () => { expect(catalogRecord).toBeGreaterThan(0); });
});
describeCatalog(vendorCatalog, () => ({
  patch: async (document) => {
    const res = await patch(catalogRecord, document);
    return { statusCode: res.statusCode, body: res.body };
  },
  read: async () => read(catalogRecord),
  valid: { ...backOffice, hierId: t.tenant.north.hierId, parentCompanyIdent: parent, pseudoEmployeeId: employeeId },
}), 'PATCH-VEN-01 PATCH-VEN-02 PATCH-VEN-03', vendorPatchTarget);
