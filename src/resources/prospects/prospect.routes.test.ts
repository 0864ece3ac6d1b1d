// /Prospects: create (in the caller's node or a visible hierId), read, list, hierarchy and tenant
// isolation, and PATCH (the catalog field by field, each JSON Patch operation, all-or-nothing).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { as, testApp, type TestContext } from '../../../test/helpers.ts';
import { describeCatalog } from '../../../test/catalog-cases.ts';
import { issueCredential } from '../../platform/auth/tokens.ts';
import * as R from '../reference-data/reference.table.ts';
import { firstId, seedContact, seedMessage } from '../assignments/assignment.fixtures.ts';
import { prospectCatalog } from './prospect.patch-catalog.ts';

let t: TestContext;
let admin: ReturnType<typeof as>;
let north: ReturnType<typeof as>;
let ids: { newStatus: number; wonStatus: number; team: number; contact: number };

beforeAll(async () => {
  t = await testApp();
  admin = as(t.app, t.tenant.adminToken);
  north = as(t.app, t.tenant.northToken);
  const db = t.database.db;
  const status = async (name: string) => (await db.select({ id: R.prospectStatuses.id }).from(R.prospectStatuses)
    .where(and(eq(R.prospectStatuses.tenantId, t.tenant.tenantId), eq(R.prospectStatuses.name, name))))[0]!.id;
  ids = {
    newStatus: await status('New'), wonStatus: await status('Won'), team: await firstId(db, R.salesTeams, t.tenant.tenantId),
    contact: await seedContact(db, { tenantId: t.tenant.tenantId, ...t.tenant.north }),
  };
});
afterAll(async () => { await t?.close(); });

const create = (body: Record<string, unknown>, caller = admin) => caller({ method: 'POST', url: '/Prospects', payload: body });
const patch = (id: number, document: unknown, caller = admin, type = 'application/json-patch+json') =>
  caller({ method: 'PATCH', url: `/Prospects/${id}`, headers: { 'content-type': type }, payload: JSON.stringify(document) });
const read = async (id: number, caller = admin) => (await caller({ method: 'GET', url: `/Prospects/${id}` })).json();
async function newProspect(body: Record<string, unknown> = {}, caller = admin): Promise<number> {
  const res = await create({ name: 'Globex', ...body }, caller);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().prospectId;
}

describe('POST /Prospects', () => {
  it('GEN-15: creates a prospect in the caller\'s node; 201 with its id and Location; defaults', async () => {
    const res = await create({ name: 'Initech', department: 'Facilities', emailAddress: 'ops@initech.example', teamId: ids.team }, north);
    expect(res.statusCode, res.body).toBe(201);
    const { prospectId } = res.json();
    expect(res.headers.location).toBe(`/Prospects/${prospectId}`);
    expect(await read(prospectId, north)).toMatchObject({
      prospectId, name: 'Initech', department: 'Facilities', emailAddress: 'ops@initech.example', phoneNumber: '', notes: '',
      prospectStatusId: ids.newStatus, prospectStatus: 'New', ownedByServiceRepId: t.tenant.north.repId, ownedByServiceRep: 'Nora North',
      teamId: ids.team, team: 'Light Industrial', hierId: t.tenant.north.hierId, primaryMessageId: null,
    });
  });

  it('a visible hierId places the prospect; references are checked (AMB-78)', async () => {
    expect((await read(await newProspect({ hierId: t.tenant.south.hierId }))).hierId).toBe(t.tenant.south.hierId);
    expect((await create({ name: 'x', hierId: t.tenant.south.hierId }, north)).json().errors).toEqual({ hierId: ['no such hierarchy node inside your hierarchy'] });
    expect((await create({ name: 'x', hierId: t.other.rootHierId })).json().errors).toHaveProperty('hierId');
    expect((await create({ name: 'x', ownedByServiceRepId: t.tenant.south.repId }, north)).json().errors).toHaveProperty('ownedByServiceRepId');
    expect((await create({ name: 'x', prospectStatusId: 999999, teamId: 999999 })).json().errors).toEqual({
      prospectStatusId: ['is not a prospect status of the tenant'], teamId: ['is not a sales team of the tenant'],
    });
    expect(Object.keys((await create({})).json().errors)).toEqual(['name']);
    expect((await create({ name: 'x'.repeat(256) })).statusCode).toBe(400);
  });

  it('creating needs prospect-write; reading needs prospect-read', async () => {
    const reader = as(t.app, await issueCredential(t.database.db, { tenantId: t.tenant.tenantId, serviceRepId: t.tenant.adminRepId, kind: 'personal', name: 'r', scopes: ['prospect-read'], expiresAt: new Date(Date.now() + 60_000) }));
    const id = await newProspect();
    expect((await create({ name: 'x' }, reader)).statusCode).toBe(403);
    expect((await reader({ method: 'GET', url: `/Prospects/${id}` })).statusCode).toBe(200);
    expect((await patch(id, [{ op: 'replace', path: '/Name', value: 'X' }], reader)).statusCode).toBe(403);
  });
});

describe('reading and listing', () => {
  it('GEN-04 GEN-05: a prospect in another branch\'s hierarchy or another tenant answers 404; lists leave it out', async () => {
    const south = await newProspect({ name: 'Southern Prospect', hierId: t.tenant.south.hierId });
    expect((await north({ method: 'GET', url: `/Prospects/${south}` })).statusCode).toBe(404);
    expect((await patch(south, [{ op: 'replace', path: '/Name', value: 'X' }], north)).statusCode).toBe(404);
    const other = as(t.app, t.other.adminToken);
    expect((await other({ method: 'GET', url: `/Prospects/${south}` })).statusCode).toBe(404);
    expect((await patch(south, [{ op: 'replace', path: '/Name', value: 'X' }], other)).statusCode).toBe(404);
    expect((await north({ method: 'GET', url: '/Prospects?name=southern' })).json()).toEqual({ data: [], totalCount: 0 });
    expect((await admin({ method: 'GET', url: '/Prospects?name=southern' })).json().totalCount).toBe(1);
  });

  it('lists by name with filters, paged', async () => {
    await newProspect({ name: 'Zeta Two' });
    await newProspect({ name: 'Zeta One', prospectStatusId: ids.wonStatus });
    const page = (await admin({ method: 'GET', url: '/prospects?Name=ZETA&take=1' })).json();
    expect(page).toEqual({ totalCount: 2, data: [expect.objectContaining({ name: 'Zeta One', prospectStatus: 'Won' })] });
    expect((await admin({ method: 'GET', url: `/Prospects?name=zeta&prospectStatusId=${ids.newStatus}` })).json().data.map((x: { name: string }) => x.name)).toEqual(['Zeta Two']);
  });

  it('GEN-07 ERR-11: a non-integer id answers 400; DELETE answers 405', async () => {
    expect(Object.keys((await admin({ method: 'GET', url: '/Prospects/abc' })).json().errors)).toEqual(['id']);
    expect((await admin({ method: 'DELETE', url: `/Prospects/${await newProspect()}` })).statusCode).toBe(405);
    expect((await admin({ method: 'GET', url: '/Prospects/999999' })).statusCode).toBe(404);
  });
});

describe('PATCH /Prospects/{id}', () => {
  let id: number;
  beforeAll(async () => { id = await newProspect({ name: 'Patchable' }); });

  it('PATCH-15 PATCH-16 PATCH-09: replace with mixed-case paths, both media types, 200 with no body', async () => {
    const a = await patch(id, [{ op: 'replace', path: '/name', value: 'Renamed' }, { op: 'replace', path: '/Source', value: 'Trade show' }]);
    expect(a.statusCode).toBe(200);
    expect(a.body).toBe('');
    expect((await patch(id, [{ op: 'replace', path: '/DEPARTMENT', value: 'HR' }], admin, 'application/json')).statusCode).toBe(200);
    expect(await read(id)).toMatchObject({ name: 'Renamed', source: 'Trade show', department: 'HR' });
  });

  it('PATCH-05 AMB-12: add, remove, copy, move and test behave as JSON Patch over the flat fields', async () => {
    expect((await patch(id, [{ op: 'add', path: '/PhoneNumberCountryCallingCode', value: 44 }])).statusCode).toBe(200);
    expect((await patch(id, [{ op: 'copy', from: '/Source', path: '/Notes' }])).statusCode).toBe(200);
    expect(await read(id)).toMatchObject({ phoneNumberCountryCallingCode: 44, notes: 'Trade show' });
    expect((await patch(id, [{ op: 'move', from: '/PhoneNumberCountryCallingCode', path: '/PhoneNumberCountryCallingCode' }])).statusCode).toBe(200);
    expect((await patch(id, [{ op: 'remove', path: '/PhoneNumberCountryCallingCode' }])).statusCode).toBe(200);
    expect((await read(id)).phoneNumberCountryCallingCode).toBeNull();
    expect((await patch(id, [{ op: 'test', path: '/Name', value: 'Renamed' }, { op: 'replace', path: '/Name', value: 'Renamed Again' }])).statusCode).toBe(200);
    expect((await read(id)).name).toBe('Renamed Again');
    expect((await patch(id, [{ op: 'move', from: '/Name', path: '/Source' }])).statusCode).toBe(400);
  });

  it('AMB-12 PATCH-17 AMB-14: a failed test answers 409 and a bad operation 400; neither changes anything', async () => {
    const before = await read(id);
    expect((await patch(id, [{ op: 'replace', path: '/Notes', value: 'Changed' }, { op: 'test', path: '/Name', value: 'Nope' }])).statusCode).toBe(409);
    const bad = await patch(id, [{ op: 'replace', path: '/Notes', value: 'Changed' }, { op: 'replace', path: '/ProspectStatusId', value: null }]);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['prospectStatusId']);
    expect((await patch(id, [{ op: 'replace', path: '/HierId', value: 1 }])).json().errors).toEqual({ HierId: ['is not a patchable field of Prospect'] });
    expect(await read(id)).toEqual(before);
  });

  it('PATCH-PRO-02 PATCH-PRO-03: Notes is String(Max); ProspectStatusId is an Int64 status of the tenant', async () => {
    expect((await patch(id, [{ op: 'replace', path: '/Notes', value: 'n'.repeat(50000) }])).statusCode).toBe(200);
    expect((await patch(id, [{ op: 'replace', path: '/ProspectStatusId', value: 999999 }])).json().errors).toHaveProperty('prospectStatusId');
    expect((await patch(id, [{ op: 'replace', path: '/ProspectStatusId', value: ids.wonStatus }])).statusCode).toBe(200);
    expect((await read(id)).prospectStatus).toBe('Won');
  });

  it('PATCH-19 AMB-78: OwnedByServiceRepId must be inside the caller\'s hierarchy', async () => {
    const mine = await newProspect({}, north);
    expect((await patch(mine, [{ op: 'replace', path: '/OwnedByServiceRepId', value: t.tenant.south.repId }], north)).json().errors).toHaveProperty('ownedByServiceRepId');
    expect((await patch(mine, [{ op: 'replace', path: '/OwnedByServiceRepId', value: null }], north)).statusCode).toBe(200);
  });
});

let catalogRecord = 0;
let catalogValid: Record<string, unknown> = {};
describe('catalog fixtures', () => {
  beforeAll(async () => {
    catalogRecord = await newProspect({ name: 'Catalog' });
    catalogValid = {
      prospectStatusId: ids.wonStatus, ownedByServiceRepId: t.tenant.north.repId, teamId: ids.team, primaryProspectContactId: ids.contact,
      primaryMessageId: await seedMessage(t.database.db, t.tenant.tenantId, 'prospect', catalogRecord),
    };
  });
  it('has a record to patch', () => { expect(catalogRecord).toBeGreaterThan(0); });
});
describeCatalog(prospectCatalog, () => ({
  patch: async (document) => {
    const res = await patch(catalogRecord, document);
    return { statusCode: res.statusCode, body: res.body };
  },
  read: async () => read(catalogRecord),
  valid: catalogValid,
}), 'PATCH-PRO-01 PATCH-PRO-02 PATCH-PRO-03');
