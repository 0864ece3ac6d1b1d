// /Prospects: what is the prospect's own: create (in the caller's node or a visible hierId), the list's
// filters, and PATCH (the catalog field by field, status, the owner inside the caller's hierarchy).
// What every record does (reads, lists, isolation, scopes, 405, JSON Patch, branch moves): records.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { type Caller, callers, recordRoutes, testApp, type TestContext } from '../../../test/helpers.ts';
import { describeCatalogOf } from '../../../test/catalog-cases.ts';
import * as R from '../reference-data/reference.table.ts';
import { firstId, seedContact, seedMessage } from '../assignments/assignment.fixtures.ts';
import { prospectCatalog } from './prospect.patch-catalog.ts';

let t: TestContext;
let admin: Caller;
let north: Caller;
let ids: { newStatus: number; wonStatus: number; team: number; contact: number };

beforeAll(async () => {
  t = await testApp();
  ({ admin, north } = callers(t));
  const db = t.database.db;
  const status = async (name: string) => (await db.select({ id: R.prospectStatuses.id }).from(R.prospectStatuses)
    .where(and(eq(R.prospectStatuses.tenantId, t.tenant.tenantId), eq(R.prospectStatuses.name, name))))[0]!.id;
  ids = {
    newStatus: await status('New'), wonStatus: await status('Won'), team: await firstId(db, R.salesTeams, t.tenant.tenantId),
    contact: await seedContact(db, { tenantId: t.tenant.tenantId, ...t.tenant.north }),
  };
});
afterAll(async () => { await t?.close(); });

const { create, patch, read, make: newProspect, catalogHarness } = recordRoutes('/Prospects', { id: 'prospectId', caller: () => admin, minimal: () => ({ name: 'Globex' }) });

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
});

describe('reading and listing', () => {
  it('lists by name with filters, paged', async () => {
    await newProspect({ name: 'Zeta Two' });
    await newProspect({ name: 'Zeta One', prospectStatusId: ids.wonStatus });
    const page = (await admin({ method: 'GET', url: '/prospects?Name=ZETA&take=1' })).json();
    expect(page).toEqual({ totalCount: 2, data: [expect.objectContaining({ name: 'Zeta One', prospectStatus: 'Won' })] });
    expect((await admin({ method: 'GET', url: `/Prospects?name=zeta&prospectStatusId=${ids.newStatus}` })).json().data.map((x: { name: string }) => x.name)).toEqual(['Zeta Two']);
  });
});

describe('PATCH /Prospects/{id}', () => {
  let id: number;
  beforeAll(async () => { id = await newProspect({ name: 'Patchable' }); });

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

describeCatalogOf(prospectCatalog, {
  make: async () => {
    const id = await newProspect({ name: 'Catalog' });
    return { id, valid: {
      prospectStatusId: ids.wonStatus, ownedByServiceRepId: t.tenant.north.repId, teamId: ids.team, primaryProspectContactId: ids.contact,
      primaryMessageId: await seedMessage(t.database.db, t.tenant.tenantId, 'prospect', id),
    } };
  },
  harness: catalogHarness,
}, 'PATCH-PRO-01 PATCH-PRO-02 PATCH-PRO-03');
