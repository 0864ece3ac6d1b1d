// /Customers: what is the customer's own: create (defaults, required fields, references), the list's
// filters, and PATCH (the catalog field by field and its references).
// What every record does (reads, lists, isolation, scopes, 405, JSON Patch, branch moves): records.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, callers, recordRoutes, testApp, type TestContext } from '../../../test/helpers.ts';
import { describeCatalog } from '../../../test/catalog-cases.ts';
import { messages } from '../reference-data/reference.table.ts';
import { worksites } from '../worksites/worksite.table.ts';
import { customerCatalog } from './customer.patch-catalog.ts';
import { customerPatchTarget } from './customer.record.ts';

let t: TestContext;
let admin: Caller;
let north: Caller;
let catalogRecord: number;
let refs: { worksite: number; email: number; phone: number; message: number };

const minimal = () => ({ customerName: 'Acme Corp', departmentName: 'Warehouse', branchId: t.tenant.north.branchId });
const { create, patch, read, make: newCustomer, catalogHarness } = recordRoutes('/Customers', { id: 'customerId', caller: () => admin, minimal });
async function newMethod(customerId: number, contactMethodTypeId: number, contactMethod: string): Promise<number> {
  const res = await admin({ method: 'POST', url: `/Customers/${customerId}/contactmethods`, payload: { contactMethodTypeId, contactMethod } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().contactMethodId;
}
async function newWorksite(customerId: number | null): Promise<number> {
  const [row] = await t.database.db.insert(worksites).values({ tenantId: t.tenant.tenantId, name: 'Site', customerId }).returning({ id: worksites.id });
  return row!.id;
}
async function newMessage(originType: string, originId: number): Promise<number> {
  const [row] = await t.database.db.insert(messages).values({ tenantId: t.tenant.tenantId, originType, originId, text: 'Called' }).returning({ id: messages.id });
  return row!.id;
}

beforeAll(async () => {
  t = await testApp();
  ({ admin, north } = callers(t));
  catalogRecord = await newCustomer({ customerName: 'Catalog' });
  refs = {
    worksite: await newWorksite(catalogRecord),
    email: await newMethod(catalogRecord, 1, 'ap@catalog.example'),
    phone: await newMethod(catalogRecord, 4, '612-555-0199'),
    message: await newMessage('customer', catalogRecord),
  };
});
afterAll(async () => { await t?.close(); });

describe('POST /Customers', () => {
  it('creates a customer with the required fields; 201 with its id and Location; defaults', async () => {
    const res = await create(minimal());
    expect(res.statusCode).toBe(201);
    const { customerId } = res.json();
    expect(res.headers.location).toBe(`/Customers/${customerId}`);
    expect(await read(customerId)).toMatchObject({
      customerId, customerName: 'Acme Corp', departmentName: 'Warehouse', branchId: t.tenant.north.branchId, branch: 'North Branch',
      hierId: t.tenant.north.hierId, countryCode: 840, isMonthlyBill: false, creditLimit: 0, website: null, worksiteId: null,
      primaryEmailAddress: null, primaryPhoneNumber: null, dateActivated: expect.any(String),
    });
  });

  it('stores the optional fields; AMB-84: an explicit null is as absent', async () => {
    const worksite = await newWorksite(null);
    const id = await newCustomer({
      worksiteId: worksite, website: 'https://acme.example', note: 'Net 30', isMonthlyBill: true, creditLimit: 25000.5,
      street1: '1 Main St', street2: null, municipality: 'Duluth', region: 'MN', postalCode: '55802', countryCode: 124,
    });
    expect(await read(id)).toMatchObject({
      worksiteId: worksite, website: 'https://acme.example', note: 'Net 30', isMonthlyBill: true, creditLimit: 25000.5,
      street1: '1 Main St', street2: null, municipality: 'Duluth', region: 'MN', postalCode: '55802', countryCode: 124,
    });
  });

  it('GEN-10: required fields and lengths are validated, naming the field', async () => {
    expect(Object.keys((await create({})).json().errors).sort()).toEqual(['branchId', 'customerName', 'departmentName']);
    for (const [field, value] of [['customerName', 'x'.repeat(51)], ['departmentName', 'x'.repeat(51)], ['website', 'x'.repeat(256)], ['region', 'ABCDEF']] as const) {
      const res = await create({ ...minimal(), [field]: value });
      expect(res.statusCode, field).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual([field]);
    }
  });

  it('AMB-78: the branch must be inside the caller\'s hierarchy; references must exist', async () => {
    expect((await create({ ...minimal(), branchId: t.tenant.south.branchId }, north)).json().errors).toEqual({ branchId: ['no such branch inside your hierarchy'] });
    expect((await create({ ...minimal(), branchId: t.other.north.branchId })).statusCode).toBe(400);
    expect((await create({ ...minimal(), countryCode: 999 })).json().errors).toHaveProperty('countryCode');
    expect((await create({ ...minimal(), worksiteId: 999999 })).json().errors).toHaveProperty('worksiteId');
  });
});

describe('reading and listing', () => {
  it('PAGE: lists page by name with a name prefix and a branch filter', async () => {
    await newCustomer({ customerName: 'Zenith Foods', departmentName: 'B' });
    await newCustomer({ customerName: 'Zenith Foods', departmentName: 'A', branchId: t.tenant.south.branchId });
    const page = (await admin({ method: 'GET', url: '/Customers?customerName=ZENITH&take=1' })).json();
    expect(page.totalCount).toBe(2);
    expect(page.data).toEqual([expect.objectContaining({ customerName: 'Zenith Foods', departmentName: 'A', branch: 'South Branch' })]);
    const filtered = (await admin({ method: 'GET', url: `/customers?customername=zen&branchId=${t.tenant.north.branchId}` })).json();
    expect(filtered.data.map((c: { departmentName: string }) => c.departmentName)).toEqual(['B']);
    expect((await admin({ method: 'GET', url: '/Customers?customerName=%25' })).json().totalCount).toBe(0);
  });
});

describe('PATCH /Customers/{id}', () => {
  let id: number;
  beforeAll(async () => { id = await newCustomer({ customerName: 'Patchwork' }); });

  it('PATCH-CUS-02: WorksiteId must be a worksite of this customer or an unassigned one', async () => {
    expect((await patch(id, [{ op: 'replace', path: '/WorksiteId', value: await newWorksite(catalogRecord) }])).json().errors).toHaveProperty('worksiteId');
    expect((await patch(id, [{ op: 'replace', path: '/WorksiteId', value: 999999 }])).statusCode).toBe(400);
    const own = await newWorksite(id);
    expect((await patch(id, [{ op: 'replace', path: '/WorksiteId', value: own }])).statusCode).toBe(200);
    expect((await read(id)).worksiteId).toBe(own);
  });

  it('PATCH-CUS-03: CreditLimit is a decimal', async () => {
    expect((await patch(id, [{ op: 'replace', path: '/CreditLimit', value: 15000.25 }])).statusCode).toBe(200);
    expect((await read(id)).creditLimit).toBe(15000.25);
  });

  it('the primary email and phone must be contact methods of this customer, and are shown', async () => {
    expect((await patch(id, [{ op: 'replace', path: '/PrimaryEmailAddressContactMethodId', value: refs.email }])).json().errors)
      .toEqual({ primaryEmailAddressContactMethodId: ['is not a contact method of this customer'] });
    const email = await newMethod(id, 1, 'billing@patchwork.example');
    const phone = await newMethod(id, 4, '218-555-0100');
    expect((await patch(id, [{ op: 'replace', path: '/PrimaryEmailAddressContactMethodId', value: email }, { op: 'replace', path: '/PrimaryPhoneNumberContactMethodId', value: phone }])).statusCode).toBe(200);
    expect(await read(id)).toMatchObject({ primaryEmailAddress: 'billing@patchwork.example', primaryPhoneNumber: '218-555-0100' });
    expect((await admin({ method: 'GET', url: '/Customers?customerName=patchwork' })).json().data[0]).toMatchObject({ primaryEmailAddress: 'billing@patchwork.example' });
    expect((await patch(id, [{ op: 'replace', path: '/PrimaryMessageId', value: refs.message }])).json().errors).toHaveProperty('primaryMessageId');
  });
});

describeCatalog(customerCatalog, () => ({
  ...catalogHarness(catalogRecord),
  valid: {
    branchId: t.tenant.north.branchId, worksiteId: refs.worksite, primaryEmailAddressContactMethodId: refs.email,
    primaryPhoneNumberContactMethodId: refs.phone, primaryMessageId: refs.message,
  },
}), 'PATCH-CUS-01', customerPatchTarget);
