// /{Employees|Contacts|Customers}/{id}/contactmethods: create, read, list and PATCH under each owner;
// ownership (AMB-73), the owner's hierarchy and tenant, the sentinels (AMB-72) and the type list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, type Caller, callers, testApp, type TestContext } from '../../../test/helpers.ts';
import { describeCatalog } from '../../../test/catalog-cases.ts';
import { issueCredential } from '../../platform/auth/tokens.ts';
import { contactMethodCatalog } from './contact-method.patch-catalog.ts';
import { CONTACT_METHOD_TYPES } from './contact-method.table.ts';

let t: TestContext;
let admin: Caller;
let north: Caller;
/** One owner of each kind in the North branch, one in the South branch. */
let owners: Record<'Employees' | 'Contacts' | 'Customers', { north: number; south: number }>;
let catalogMethod: number;

const OWNER_BODIES = {
  Employees: (branchId: number) => ({ firstName: 'Eve', lastName: 'Owner', branchId, region: 'MN' }),
  Contacts: (branchId: number) => ({ firstName: 'Cora', lastName: 'Owner', branchId }),
  Customers: (branchId: number) => ({ customerName: 'Owner Co', departmentName: 'Ops', branchId }),
};
type Kind = keyof typeof OWNER_BODIES;
const KINDS = Object.keys(OWNER_BODIES) as Kind[];

const url = (kind: Kind, owner: number, method?: number) => `/${kind}/${owner}/contactmethods${method === undefined ? '' : `/${method}`}`;
const create = (kind: Kind, owner: number, body: Record<string, unknown>, caller = admin) => caller({ method: 'POST', url: url(kind, owner), payload: body });
const patch = (kind: Kind, owner: number, method: number, document: unknown, caller = admin, type = 'application/json-patch+json') =>
  caller({ method: 'PATCH', url: url(kind, owner, method), headers: { 'content-type': type }, payload: JSON.stringify(document) });
const read = async (kind: Kind, owner: number, method: number, caller = admin) => (await caller({ method: 'GET', url: url(kind, owner, method) })).json();
async function newMethod(kind: Kind, owner: number, body: Record<string, unknown> = {}): Promise<number> {
  const res = await create(kind, owner, { contactMethodTypeId: CONTACT_METHOD_TYPES.cellPhone, contactMethod: '612-555-0100', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().contactMethodId;
}

beforeAll(async () => {
  t = await testApp();
  ({ admin, north } = callers(t));
  const owner = async (kind: Kind, branchId: number) => {
    const res = await admin({ method: 'POST', url: `/${kind}`, payload: OWNER_BODIES[kind](branchId) });
    expect(res.statusCode, res.body).toBe(201);
    return Object.values(res.json())[0] as number;
  };
  owners = {} as typeof owners;
  for (const kind of KINDS) owners[kind] = { north: await owner(kind, t.tenant.north.branchId), south: await owner(kind, t.tenant.south.branchId) };
  catalogMethod = await newMethod('Customers', owners.Customers.north);
});
afterAll(async () => { await t?.close(); });

describe.each(KINDS)('/%s/{id}/contactmethods', (kind) => {
  it('PATCH-01 PATCH-CMT-01: creates (201, Location, defaults), reads, lists and patches a method of the owner', async () => {
    const owner = owners[kind].north;
    const res = await create(kind, owner, { contactMethodTypeId: CONTACT_METHOD_TYPES.email, contactMethod: 'owner@example.com', notes: null });
    expect(res.statusCode, res.body).toBe(201);
    const { contactMethodId } = res.json();
    expect(res.headers.location).toBe(url(kind, owner, contactMethodId));
    expect(await read(kind, owner, contactMethodId)).toMatchObject({
      contactMethodId, contactMethodTypeId: 1, contactMethodType: 'Email', contactMethod: 'owner@example.com', isActive: true, notes: null,
      whenAvailable: null, areaCode: 0, providerId: -1, countryCallingCode: null, isPinned: false,
    });
    const pinned = await newMethod(kind, owner, { isPinned: true, areaCode: 612, providerId: 3, countryCallingCode: 1, whenAvailable: 'Mornings', isActive: false });
    expect(await read(kind, owner, pinned)).toMatchObject({ areaCode: 612, providerId: 3, countryCallingCode: 1, whenAvailable: 'Mornings', isActive: false, isPinned: true, contactMethodType: 'Cell phone' });
    const list = (await admin({ method: 'GET', url: url(kind, owner) })).json();
    expect(list.totalCount).toBeGreaterThanOrEqual(2);
    expect(list.data[0].contactMethodId).toBe(pinned);
    expect((await admin({ method: 'GET', url: `${url(kind, owner)}?contactMethodTypeId=1` })).json().data.map((m: { contactMethodId: number }) => m.contactMethodId)).toContain(contactMethodId);
    const p = await patch(kind, owner, contactMethodId, [{ op: 'replace', path: '/ContactMethod', value: 'new@example.com' }, { op: 'replace', path: '/notes', value: 'Work' }]);
    expect(p.statusCode).toBe(200);
    expect(p.body).toBe('');
    expect(await read(kind, owner, contactMethodId)).toMatchObject({ contactMethod: 'new@example.com', notes: 'Work' });
  });

  it('GEN-04: an owner in another branch\'s hierarchy or another tenant answers 404 to every route', async () => {
    const owner = owners[kind].south;
    const method = await newMethod(kind, owner);
    const otherTenant = as(t.app, t.other.adminToken);
    for (const caller of [north, otherTenant]) {
      expect((await caller({ method: 'GET', url: url(kind, owner) })).statusCode).toBe(404);
      expect((await create(kind, owner, { contactMethodTypeId: 1, contactMethod: 'x@example.com' }, caller)).statusCode).toBe(404);
      expect((await caller({ method: 'GET', url: url(kind, owner, method) })).statusCode).toBe(404);
      expect((await patch(kind, owner, method, [{ op: 'replace', path: '/Notes', value: 'x' }], caller)).statusCode).toBe(404);
    }
    expect((await read(kind, owner, method)).notes).toBeNull();
    expect((await admin({ method: 'GET', url: url(kind, 999999) })).statusCode).toBe(404);
  });

  it('AMB-73: a contact method of another owner answers 404 (GET and PATCH) and is left unchanged', async () => {
    const others = KINDS.map((k) => [k, owners[k].north] as const).filter(([k]) => k !== kind);
    const [otherKind, otherOwner] = others[0]!;
    const foreign = await newMethod(otherKind, otherOwner, { notes: 'theirs' });
    const sameKindOther = await newMethod(kind, owners[kind].south, { notes: 'theirs' });
    for (const method of [foreign, sameKindOther]) {
      expect((await admin({ method: 'GET', url: url(kind, owners[kind].north, method) })).statusCode).toBe(404);
      expect((await patch(kind, owners[kind].north, method, [{ op: 'replace', path: '/Notes', value: 'mine' }])).statusCode).toBe(404);
    }
    expect((await read(otherKind, otherOwner, foreign)).notes).toBe('theirs');
    expect((await read(kind, owners[kind].south, sameKindOther)).notes).toBe('theirs');
  });

  it('GEN-16: adding or changing a method is its owner\'s .updated event (changedFields contactMethods); a PATCH that changes nothing is none', async () => {
    const owner = owners[kind].north;
    const record = { Employees: 'Employee', Contacts: 'Contact', Customers: 'Customer' }[kind];
    const events = async () => (await t.database.pool.query<{ type: string; data: { changedFields?: string[] } }>(
      'select type, data from events where tenant_id = $1 and record_type = $2 and record_id = $3 and type like $4 order by id',
      [t.tenant.tenantId, record, owner, '%.updated'])).rows;
    const before = (await events()).length;
    const method = await newMethod(kind, owner);
    expect((await patch(kind, owner, method, [{ op: 'replace', path: '/Notes', value: 'Evenings' }])).statusCode).toBe(200);
    expect((await patch(kind, owner, method, [{ op: 'replace', path: '/Notes', value: 'Evenings' }])).statusCode).toBe(200);
    const stem = record[0]!.toLowerCase() + record.slice(1);
    expect((await events()).slice(before)).toEqual([
      { type: `${stem}.updated`, data: { changedFields: ['contactMethods'] } },
      { type: `${stem}.updated`, data: { changedFields: ['contactMethods'] } },
    ]);
  });

  it('ERR-11: DELETE is not offered (405)', async () => {
    const method = await newMethod(kind, owners[kind].north);
    expect((await admin({ method: 'DELETE', url: url(kind, owners[kind].north, method) })).statusCode).toBe(405);
  });
});

describe('access', () => {
  it('AMB-23: the owner\'s record scopes grant its contact methods', async () => {
    const token = async (scopes: string[]) => as(t.app, await issueCredential(t.database.db, {
      tenantId: t.tenant.tenantId, serviceRepId: t.tenant.adminRepId, kind: 'personal', name: 's', scopes, expiresAt: new Date(Date.now() + 60_000),
    }));
    const contactReader = await token(['contact-read']);
    const customerWriter = await token(['customer-write']);
    const method = await newMethod('Contacts', owners.Contacts.north);
    expect((await contactReader({ method: 'GET', url: url('Contacts', owners.Contacts.north, method) })).statusCode).toBe(200);
    expect((await contactReader({ method: 'GET', url: url('Customers', owners.Customers.north) })).statusCode).toBe(403);
    expect((await create('Contacts', owners.Contacts.north, { contactMethodTypeId: 1, contactMethod: 'a@b.c' }, contactReader)).statusCode).toBe(403);
    expect((await patch('Contacts', owners.Contacts.north, method, [{ op: 'replace', path: '/Notes', value: 'x' }], customerWriter)).statusCode).toBe(403);
    expect((await create('Customers', owners.Customers.north, { contactMethodTypeId: 1, contactMethod: 'a@b.c' }, customerWriter)).statusCode).toBe(201);
    expect((await create('Employees', owners.Employees.north, { contactMethodTypeId: 1, contactMethod: 'a@b.c' }, customerWriter)).statusCode).toBe(403);
  });
});

describe('rules', () => {
  const owner = () => owners.Customers.north;

  it('PATCH-CMT-04: ContactMethodTypeId must be one of CONTACT_METHOD_TYPES (1 email ... 6 website)', async () => {
    expect((await create('Customers', owner(), { contactMethodTypeId: 7, contactMethod: 'x' })).json().errors).toHaveProperty('contactMethodTypeId');
    const method = await newMethod('Customers', owner());
    expect(Object.keys((await patch('Customers', owner(), method, [{ op: 'replace', path: '/ContactMethodTypeId', value: 0 }])).json().errors)).toEqual(['contactMethodTypeId']);
    expect((await patch('Customers', owner(), method, [{ op: 'replace', path: '/ContactMethodTypeId', value: CONTACT_METHOD_TYPES.website }])).statusCode).toBe(200);
    expect((await read('Customers', owner(), method)).contactMethodType).toBe('Website');
  });

  it('PATCH-CMT-02 PATCH-CMT-03 AMB-72: AreaCode 0 and ProviderId -1 mean none; null and lower values are refused', async () => {
    const method = await newMethod('Customers', owner(), { areaCode: 218, providerId: 5 });
    expect((await patch('Customers', owner(), method, [{ op: 'replace', path: '/AreaCode', value: 0 }, { op: 'replace', path: '/ProviderId', value: -1 }])).statusCode).toBe(200);
    expect(await read('Customers', owner(), method)).toMatchObject({ areaCode: 0, providerId: -1 });
    for (const [path, value] of [['/AreaCode', null], ['/AreaCode', -1], ['/ProviderId', null], ['/ProviderId', -2]] as const) {
      expect((await patch('Customers', owner(), method, [{ op: 'replace', path, value }])).statusCode, `${path} ${value}`).toBe(400);
    }
    expect((await patch('Customers', owner(), method, [{ op: 'remove', path: '/ProviderId' }])).statusCode).toBe(400);
    expect((await create('Customers', owner(), { contactMethodTypeId: 2, contactMethod: 'x', areaCode: -5 })).json().errors).toHaveProperty('areaCode');
    expect((await create('Customers', owner(), { contactMethodTypeId: 2, contactMethod: 'x', areaCode: null, providerId: null })).statusCode).toBe(201);
  });

  it('GEN-10: the create request is validated naming the field', async () => {
    expect(Object.keys((await create('Customers', owner(), {})).json().errors).sort()).toEqual(['contactMethod', 'contactMethodTypeId']);
    expect(Object.keys((await create('Customers', owner(), { contactMethodTypeId: 1, contactMethod: 'x'.repeat(256) })).json().errors)).toEqual(['contactMethod']);
    expect(Object.keys((await create('Customers', owner(), { contactMethodTypeId: 1, contactMethod: 'x', whenAvailable: 'x'.repeat(26) })).json().errors)).toEqual(['whenAvailable']);
  });
});

describe('PATCH .../contactmethods/{contactMethodId}', () => {
  let method: number;
  const owner = () => owners.Contacts.north;
  const p = (document: unknown, type?: string) => patch('Contacts', owner(), method, document, admin, type);
  const get = () => read('Contacts', owner(), method);
  beforeAll(async () => { method = await newMethod('Contacts', owner()); });

  it('PATCH-09 PATCH-15: mixed-case paths and both media types', async () => {
    expect((await p([{ op: 'replace', path: '/notes', value: 'a' }, { op: 'replace', path: '/WHENAVAILABLE', value: 'b' }], 'application/json')).statusCode).toBe(200);
    expect(await get()).toMatchObject({ notes: 'a', whenAvailable: 'b' });
  });

  it('PATCH-05 AMB-12: add, remove, copy, move and test behave as JSON Patch over the flat fields', async () => {
    expect((await p([{ op: 'add', path: '/Notes', value: 'Evenings' }])).statusCode).toBe(200);
    expect((await p([{ op: 'copy', from: '/Notes', path: '/WhenAvailable' }])).statusCode).toBe(200);
    expect(await get()).toMatchObject({ notes: 'Evenings', whenAvailable: 'Evenings' });
    expect((await p([{ op: 'move', from: '/Notes', path: '/ContactMethod' }])).statusCode).toBe(200);
    expect(await get()).toMatchObject({ notes: null, contactMethod: 'Evenings' });
    expect((await p([{ op: 'remove', path: '/WhenAvailable' }])).statusCode).toBe(200);
    expect((await get()).whenAvailable).toBeNull();
    expect((await p([{ op: 'test', path: '/IsPinned', value: false }, { op: 'replace', path: '/IsPinned', value: true }])).statusCode).toBe(200);
    expect((await get()).isPinned).toBe(true);
  });

  it('AMB-12: a failed test answers 409 and changes nothing', async () => {
    const res = await p([{ op: 'replace', path: '/Notes', value: 'Changed' }, { op: 'test', path: '/ContactMethod', value: 'nope' }]);
    expect(res.statusCode).toBe(409);
    expect((await get()).notes).toBeNull();
  });

  it('PATCH-17 AMB-14 PATCH-11 AMB-13: one bad operation (or an unknown field) changes nothing (400 naming it)', async () => {
    const res = await p([{ op: 'replace', path: '/Notes', value: 'Changed' }, { op: 'replace', path: '/WhenAvailable', value: 'x'.repeat(26) }]);
    expect(Object.keys(res.json().errors)).toEqual(['whenAvailable']);
    expect((await p([{ op: 'replace', path: '/Notes', value: 'Changed' }, { op: 'replace', path: '/OwnerId', value: 1 }])).json().errors)
      .toEqual({ OwnerId: ['is not a patchable field of Contact method'] });
    expect((await p([{ op: 'merge', path: '/Notes', value: 'x' }])).statusCode).toBe(400);
    expect((await get()).notes).toBeNull();
  });
});

describeCatalog(contactMethodCatalog, () => ({
  patch: async (document) => {
    const res = await patch('Customers', owners.Customers.north, catalogMethod, document);
    return { statusCode: res.statusCode, body: res.body };
  },
  read: async () => read('Customers', owners.Customers.north, catalogMethod),
  valid: { contactMethodTypeId: CONTACT_METHOD_TYPES.workPhone, countryCallingCode: 44 },
}), 'PATCH-CMT-01');
