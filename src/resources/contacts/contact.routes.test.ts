// /Contacts: what is the contact's own: create (defaults, required fields, references), the list's
// filters, and PATCH (the catalog field by field, Birthday, how-heard-of and references).
// What every record does (reads, lists, isolation, scopes, 405, JSON Patch, branch moves): records.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { type Caller, callers, recordRoutes, testApp, type TestContext } from '../../../test/helpers.ts';
import { describeCatalog } from '../../../test/catalog-cases.ts';
import { messages } from '../reference-data/reference.table.ts';
import { worksites } from '../worksites/worksite.table.ts';
import { contactCatalog } from './contact.patch-catalog.ts';
import { contactPatchTarget } from './contact.record.ts';

let t: TestContext;
let admin: Caller;
let north: Caller;
let catalogRecord: number;
let refs: {
  customer: number; southCustomer: number; employee: number; vendor: number; worksite: number; email: number; phone: number; message: number;
  howHeard: number; howHeardDetails: number; employeeOption: number; customerOption: number;
};

const minimal = () => ({ firstName: 'Carla', lastName: 'Contact', branchId: t.tenant.north.branchId });
const { create, patch, read, make: newContact, catalogHarness } = recordRoutes('/Contacts', { id: 'contactId', caller: () => admin, minimal });
async function post(url: string, payload: Record<string, unknown>): Promise<number> {
  const res = await admin({ method: 'POST', url, payload });
  expect(res.statusCode, res.body).toBe(201);
  return Object.values(res.json())[0] as number;
}

beforeAll(async () => {
  t = await testApp();
  ({ admin, north } = callers(t));
  const db = t.database.db;
  const tenantId = t.tenant.tenantId;
  catalogRecord = await newContact({ lastName: 'Catalog' });
  const options = (await admin({ method: 'GET', url: '/Datalists/HowHeardOf' })).json().data as { howHeardOfId: number; originTypeId: number; requireDetails: boolean }[];
  const [site] = await db.insert(worksites).values({ tenantId, name: 'Dock 4', customerId: null }).returning({ id: worksites.id });
  const [message] = await db.insert(messages).values({ tenantId, originType: 'contact', originId: catalogRecord, text: 'Met at fair' }).returning({ id: messages.id });
  const vendor = await db.execute<{ id: number }>(sql`insert into vendors (tenant_id, hier_id, company_type_id, employer_id, payment_type_id, company_name)
    values (${tenantId}, ${t.tenant.north.hierId}, gen_random_uuid(), 1, 1, 'Temps Inc') returning id`);
  refs = {
    customer: await post('/Customers', { customerName: 'Acme', departmentName: 'Ops', branchId: t.tenant.north.branchId }),
    southCustomer: await post('/Customers', { customerName: 'Southwind', departmentName: 'Ops', branchId: t.tenant.south.branchId }),
    employee: await post('/Employees', { firstName: 'Eve', lastName: 'Employee', branchId: t.tenant.north.branchId, region: 'MN' }),
    vendor: vendor.rows[0]!.id,
    worksite: site!.id,
    email: await post(`/Contacts/${catalogRecord}/contactmethods`, { contactMethodTypeId: 1, contactMethod: 'carla@acme.example' }),
    phone: await post(`/Contacts/${catalogRecord}/contactmethods`, { contactMethodTypeId: 4, contactMethod: '612-555-0142' }),
    message: message!.id,
    howHeard: options.find((o) => o.originTypeId === 2 && !o.requireDetails)!.howHeardOfId,
    howHeardDetails: options.find((o) => o.originTypeId === 2 && o.requireDetails)!.howHeardOfId,
    employeeOption: options.find((o) => o.originTypeId === 1)!.howHeardOfId,
    customerOption: options.find((o) => o.originTypeId === 3)!.howHeardOfId,
  };
});
afterAll(async () => { await t?.close(); });

describe('POST /Contacts', () => {
  it('creates a contact with the required fields; 201 with its id and Location; defaults', async () => {
    const res = await create(minimal(), north);
    expect(res.statusCode).toBe(201);
    const { contactId } = res.json();
    expect(res.headers.location).toBe(`/Contacts/${contactId}`);
    expect(await read(contactId)).toMatchObject({
      contactId, firstName: 'Carla', lastName: 'Contact', branchId: t.tenant.north.branchId, branch: 'North Branch', hierId: t.tenant.north.hierId,
      customerId: null, customerName: null, serviceRepId: t.tenant.north.repId, note: '', birthday: null, primaryEmailAddress: null,
    });
  });

  it('stores the optional fields and shows the customer\'s name; AMB-84: an explicit null is as absent', async () => {
    const id = await newContact({
      customerId: refs.customer, companyId: refs.vendor, employeeId: refs.employee, worksiteId: refs.worksite, title: 'Buyer', nickName: 'Cee',
      honorific: 'Dr.', birthday: '1980-02-29', note: 'Prefers email', howHeardOfId: refs.howHeard, serviceRepId: t.tenant.north.repId, howHeardOfDetail: null,
    });
    expect(await read(id)).toMatchObject({
      customerId: refs.customer, customerName: 'Acme', companyId: refs.vendor, employeeId: refs.employee, worksiteId: refs.worksite, title: 'Buyer',
      nickName: 'Cee', honorific: 'Dr.', birthday: '1980-02-29', note: 'Prefers email', howHeardOfId: refs.howHeard, howHeardOfDetail: null, serviceRepId: t.tenant.north.repId,
    });
  });

  it('GEN-10: required fields and lengths are validated, naming the field (FirstName at most 25)', async () => {
    expect(Object.keys((await create({})).json().errors).sort()).toEqual(['branchId', 'firstName', 'lastName']);
    for (const [field, value] of [['firstName', 'x'.repeat(26)], ['lastName', 'x'.repeat(51)], ['title', 'x'.repeat(51)], ['howHeardOfDetail', 'x'.repeat(256)]] as const) {
      const res = await create({ ...minimal(), [field]: value });
      expect(res.statusCode, field).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual([field]);
    }
  });

  it('AMB-78: the branch, customer, employee, vendor and rep must exist inside the caller\'s hierarchy', async () => {
    expect((await create({ ...minimal(), branchId: t.tenant.south.branchId }, north)).json().errors).toEqual({ branchId: ['no such branch inside your hierarchy'] });
    expect((await create({ ...minimal(), customerId: refs.southCustomer }, north)).json().errors).toEqual({ customerId: ['no such customer inside your hierarchy'] });
    for (const field of ['customerId', 'companyId', 'employeeId', 'worksiteId', 'serviceRepId']) {
      expect((await create({ ...minimal(), [field]: 999999 })).json().errors, field).toHaveProperty(field);
    }
    expect((await create({ ...minimal(), serviceRepId: t.tenant.south.repId }, north)).json().errors).toHaveProperty('serviceRepId');
  });

  it('PATCH-CON-03 AMB-76: Birthday is a date written YYYY-MM-DD', async () => {
    for (const birthday of ['05/17/1990', '1990-13-01', '1990-02-30', 'soon']) {
      expect((await create({ ...minimal(), birthday })).json().errors, birthday).toEqual({ birthday: ['must be a date written YYYY-MM-DD'] });
    }
  });

  it('AMB-74: the how-heard-of option must be a contact option, and RequireDetails applies', async () => {
    expect((await create({ ...minimal(), howHeardOfId: refs.employeeOption })).json().errors).toHaveProperty('howHeardOfId');
    expect((await create({ ...minimal(), howHeardOfId: refs.howHeardDetails })).json().errors).toEqual({ howHeardOfDetail: ['is required by the chosen how-heard-of option'] });
    await newContact({ howHeardOfId: refs.howHeardDetails, howHeardOfDetail: 'Booth 12' });
  });
});

describe('reading and listing', () => {
  it('PAGE: lists page by last name with a last-name prefix and a customer filter', async () => {
    await newContact({ lastName: 'Quixote', firstName: 'B', customerId: refs.customer });
    await newContact({ lastName: 'Quixote', firstName: 'A' });
    const page = (await admin({ method: 'GET', url: '/Contacts?lastName=QUIX&take=1' })).json();
    expect(page.totalCount).toBe(2);
    expect(page.data).toEqual([expect.objectContaining({ firstName: 'A', lastName: 'Quixote', customerName: null, branch: 'North Branch' })]);
    const filtered = (await admin({ method: 'GET', url: `/contacts?lastname=quix&customerId=${refs.customer}` })).json();
    expect(filtered.data).toEqual([expect.objectContaining({ firstName: 'B', customerId: refs.customer, customerName: 'Acme' })]);
  });
});

describe('PATCH /Contacts/{id}', () => {
  let id: number;
  beforeAll(async () => { id = await newContact({ lastName: 'Patchwork' }); });

  it('PATCH-CON-03 AMB-76: Birthday must be YYYY-MM-DD (400 naming birthday)', async () => {
    expect((await patch(id, [{ op: 'replace', path: '/Birthday', value: '17.05.1990' }])).json().errors).toEqual({ birthday: ['must be a date written YYYY-MM-DD'] });
    expect((await patch(id, [{ op: 'replace', path: '/Birthday', value: '1990-05-17' }])).statusCode).toBe(200);
    expect((await read(id)).birthday).toBe('1990-05-17');
  });

  it('PATCH-CON-04 AMB-17: Note has no maximum length', async () => {
    expect((await patch(id, [{ op: 'replace', path: '/Note', value: 'n'.repeat(20000) }])).statusCode).toBe(200);
    expect((await read(id)).note).toHaveLength(20000);
  });

  it('AMB-74: HowHeardOfId must be a contact option; RequireDetails applies to contacts', async () => {
    expect((await patch(id, [{ op: 'replace', path: '/HowHeardOfId', value: refs.customerOption }])).json().errors).toHaveProperty('howHeardOfId');
    expect((await patch(id, [{ op: 'replace', path: '/HowHeardOfId', value: refs.howHeardDetails }])).json().errors).toEqual({ howHeardOfDetail: ['is required by the chosen how-heard-of option'] });
    expect((await patch(id, [{ op: 'replace', path: '/HowHeardOfId', value: refs.howHeardDetails }, { op: 'replace', path: '/HowHeardOfDetail', value: 'Booth 7' }])).statusCode).toBe(200);
    expect((await patch(id, [{ op: 'remove', path: '/HowHeardOfDetail' }])).statusCode).toBe(400);
  });

  it('PATCH-CON-02: CompanyId must be a vendor; CustomerId a visible customer whose name is shown', async () => {
    expect((await patch(id, [{ op: 'replace', path: '/CompanyId', value: 999999 }])).json().errors).toHaveProperty('companyId');
    expect((await patch(id, [{ op: 'replace', path: '/CustomerId', value: refs.southCustomer }], north)).json().errors).toHaveProperty('customerId');
    expect((await patch(id, [{ op: 'replace', path: '/CompanyId', value: refs.vendor }, { op: 'replace', path: '/CustomerId', value: refs.customer }])).statusCode).toBe(200);
    expect(await read(id)).toMatchObject({ companyId: refs.vendor, customerId: refs.customer, customerName: 'Acme' });
  });

  it('the primary email and phone must be contact methods of this contact, and are shown', async () => {
    expect((await patch(id, [{ op: 'replace', path: '/PrimaryEmailAddressContactMethodId', value: refs.email }])).json().errors)
      .toEqual({ primaryEmailAddressContactMethodId: ['is not a contact method of this contact'] });
    const email = await post(`/Contacts/${id}/contactmethods`, { contactMethodTypeId: 1, contactMethod: 'carlotta@acme.example' });
    expect((await patch(id, [{ op: 'replace', path: '/PrimaryEmailAddressContactMethodId', value: email }])).statusCode).toBe(200);
    expect((await read(id)).primaryEmailAddress).toBe('carlotta@acme.example');
    expect((await patch(id, [{ op: 'replace', path: '/PrimaryMessageId', value: refs.message }])).json().errors).toHaveProperty('primaryMessageId');
  });

  it('PATCH-19 AMB-78: ServiceRepId must be inside the caller\'s hierarchy', async () => {
    const mine = await newContact({}, north);
    expect((await patch(mine, [{ op: 'replace', path: '/ServiceRepId', value: t.tenant.south.repId }], north)).json().errors).toHaveProperty('serviceRepId');
  });
});

describeCatalog(contactCatalog, () => ({
  ...catalogHarness(catalogRecord),
  valid: {
    birthday: '1975-12-31', customerId: refs.customer, companyId: refs.vendor, branchId: t.tenant.north.branchId, employeeId: refs.employee,
    worksiteId: refs.worksite, primaryPhoneNumberContactMethodId: refs.phone, primaryEmailAddressContactMethodId: refs.email,
    primaryMessageId: refs.message, howHeardOfId: refs.howHeard, serviceRepId: t.tenant.north.repId,
  },
}), 'PATCH-CON-01', contactPatchTarget);
