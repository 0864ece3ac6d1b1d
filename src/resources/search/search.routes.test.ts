// GET /Search/EmailAddress: every parameter and rule of the spec.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, testApp, type TestContext } from '../../../test/helpers.ts';
import { contacts } from '../contacts/contact.table.ts';
import { contactMethods } from '../contact-methods/contact-method.table.ts';

let t: TestContext;
let admin: ReturnType<typeof as>;
const search = async (query: string, caller = admin) => {
  const res = await caller({ method: 'GET', url: `/Search/EmailAddress?${query}` });
  return { status: res.statusCode, body: res.json() };
};

beforeAll(async () => {
  t = await testApp();
  admin = as(t.app, t.tenant.adminToken);
  const employee = async (firstName: string, lastName: string, email: string, branchId = t.tenant.north.branchId, extra = {}) => {
    const res = await admin({ method: 'POST', url: '/Employees', payload: { firstName, lastName, region: 'MN', branchId, primaryEmailAddress: email, ...extra } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().employeeId as number;
  };
  await employee('Maria', 'Garcia', 'mgarcia@example.com', t.tenant.north.branchId, { governmentPersonalId: '123-45-6789' });
  await employee('Mark', 'Smith', 'zz.mark@example.com');
  await employee('Olga', 'Marsh', 'olga@example.com', t.tenant.south.branchId);
  await employee('Nope', 'Nobody', 'nobody@example.com');
  // A contact with an email (contacts and their methods through the tables directly).
  const db = t.database.db;
  const [contact] = await db.insert(contacts).values({ tenantId: t.tenant.tenantId, hierId: t.tenant.north.hierId, firstName: 'Marvin', lastName: 'Contact', branchId: t.tenant.north.branchId } as never).returning({ id: contacts.id });
  await db.insert(contactMethods).values({ tenantId: t.tenant.tenantId, ownerType: 'contact', ownerId: contact!.id, contactMethodTypeId: 1, contactMethod: 'marvin@customer.example', isActive: true, areaCode: 0, providerId: -1, isPinned: false } as never);
  // Another tenant's matching employee never appears.
  await as(t.app, t.other.adminToken)({ method: 'POST', url: '/Employees', payload: { firstName: 'Mary', lastName: 'Other', region: 'MN', branchId: t.other.north.branchId, primaryEmailAddress: 'mary@other.example' } });
});
afterAll(async () => { await t?.close(); });

describe('GET /Search/EmailAddress', () => {
  it('EMAIL-01 EMAIL-03 EMAIL-11: names or emails starting with the string, across employees and contacts, with every result field', async () => {
    const { status, body } = await search('SearchString=mar');
    expect(status).toBe(200);
    // Maria (first name), Mark (first name), Olga Marsh (last name), Marvin (a contact); sorted by email.
    expect(body.totalCount).toBe(4);
    expect(body.data.map((r: { emailAddress: string }) => r.emailAddress)).toEqual(['marvin@customer.example', 'mgarcia@example.com', 'olga@example.com', 'zz.mark@example.com']);
    const maria = body.data.find((r: { firstName: string }) => r.firstName === 'Maria');
    expect(maria).toEqual({
      emailAddress: 'mgarcia@example.com', firstName: 'Maria', lastName: 'Garcia', name: 'Maria Garcia', isPrimary: true,
      originId: expect.any(Number), originTypeId: 1, branchName: 'North Branch', governmentPersonalId: '*****6789',
    });
    expect(body.data.find((r: { originTypeId: number }) => r.originTypeId === 2)).toMatchObject({ firstName: 'Marvin', governmentPersonalId: null, isPrimary: false });
  });

  it('EMAIL-03: matches the email prefix, the first name, the last name and the full name, in any case', async () => {
    expect((await search('SearchString=MGARC')).body.totalCount).toBe(1);
    expect((await search('SearchString=garc')).body.totalCount).toBe(1);
    expect((await search('SearchString=maria%20g')).body.totalCount).toBe(1);
    expect((await search('SearchString=example')).body.totalCount).toBe(0); // not a prefix
    expect((await search('SearchString=%25')).body.totalCount).toBe(0); // % is literal
  });

  it('EMAIL-02: SearchString is required', async () => {
    const res = await search('Take=5');
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors)).toEqual(['SearchString']);
  });

  it('EMAIL-04 AMB-40: OriginTypeFilter=1 keeps employees only, 2 contacts only', async () => {
    const employees = (await search('SearchString=mar&OriginTypeFilter=1')).body;
    expect(employees.totalCount).toBe(3);
    expect(employees.data.every((r: { originTypeId: number }) => r.originTypeId === 1)).toBe(true);
    expect((await search('SearchString=mar&OriginTypeFilter=2')).body.totalCount).toBe(1);
    expect((await search('SearchString=mar&OriginTypeFilter=7')).status).toBe(400);
  });

  it('EMAIL-05 EMAIL-06 EMAIL-07 EMAIL-08: Skip defaults to 0 (min 0), Take to 1000 (min 1)', async () => {
    const all = (await search('SearchString=mar')).body;
    expect(all.data).toHaveLength(4);
    const page = (await search('SearchString=mar&Skip=1&Take=2')).body;
    expect(page).toEqual({ data: all.data.slice(1, 3), totalCount: 4 });
    expect((await search('SearchString=mar&Skip=10')).body).toEqual({ data: [], totalCount: 4 });
    expect((await search('SearchString=mar&Skip=-1')).body.errors).toHaveProperty('Skip');
    expect((await search('SearchString=mar&Take=0')).body.errors).toHaveProperty('Take');
    expect((await search('searchstring=mar&skip=1&take=1')).body.data).toHaveLength(1);
  });

  it('EMAIL-09 EMAIL-10: OrderBy takes any result column, ascending by default; unknown columns are 400', async () => {
    const byLast = (await search('SearchString=mar&OrderBy=lastName')).body.data.map((r: { lastName: string }) => r.lastName);
    expect(byLast).toEqual(['Contact', 'Garcia', 'Marsh', 'Smith']);
    const desc = (await search('SearchString=mar&OrderBy=LASTNAME&OrderByAscending=false')).body.data.map((r: { lastName: string }) => r.lastName);
    expect(desc).toEqual(['Smith', 'Marsh', 'Garcia', 'Contact']);
    for (const column of ['emailAddress', 'firstName', 'name', 'isPrimary', 'originId', 'originTypeId', 'branchName', 'governmentPersonalId']) {
      expect((await search(`SearchString=mar&OrderBy=${column}`)).status, column).toBe(200);
    }
    const bad = await search('SearchString=mar&OrderBy=password');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(['OrderBy']);
  });

  it('GEN-05: only records inside the caller\'s hierarchy and tenant', async () => {
    const north = (await search('SearchString=mar', as(t.app, t.tenant.northToken))).body;
    expect(north.data.map((r: { lastName: string }) => r.lastName).sort()).toEqual(['Contact', 'Garcia', 'Smith']);
    expect((await search('SearchString=mary')).body.totalCount).toBe(0);
  });

  it('EMAIL-12: needs the search-read scope', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/Search/EmailAddress?SearchString=mar' })).statusCode).toBe(401);
  });
});
