// /Contracts: what is the contract's own: create (in the customer's node, references), the list's
// filters, and PATCH (the catalog field by field, DateContractSigned as yyyymmdd, moves, the customer move).
// What every record does (reads, lists, isolation, scopes, 405, JSON Patch, branch moves): records.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, callers, recordRoutes, testApp, type TestContext } from '../../../test/helpers.ts';
import { describeCatalogOf } from '../../../test/catalog-cases.ts';
import * as R from '../reference-data/reference.table.ts';
import { lookupId, seedContact, seedCustomer, seedMessage, type Place } from '../assignments/assignment.fixtures.ts';
import { contractCatalog } from './contract.patch-catalog.ts';
import { isYyyymmdd } from './contract.repository.ts';
import { contractPatchTarget } from './contract.record.ts';
import { codeListValues } from '../reference-data/back-office.test-data.ts';

let t: TestContext;
let admin: Caller;
let north: Caller;
let ids: { northCustomer: number; southCustomer: number; otherCustomer: number; active: number; draft: number; contact: number; months: number };
/** Values of the tenant's back-office lists (contractLengthTypeId, contractCategoryId, ...). */
let backOffice: Record<string, unknown>;

const place = (tc: TestContext, side: 'north' | 'south'): Place => ({ tenantId: tc.tenant.tenantId, ...tc.tenant[side] });

beforeAll(async () => {
  t = await testApp();
  ({ admin, north } = callers(t));
  const db = t.database.db;
  ids = {
    northCustomer: await seedCustomer(db, place(t, 'north'), 'Northwind'),
    southCustomer: await seedCustomer(db, place(t, 'south'), 'Southwind'),
    otherCustomer: await seedCustomer(db, { tenantId: t.other.tenantId, ...t.other.north }, 'Elsewhere'),
    active: await lookupId(db, R.contractStatuses, t.tenant.tenantId, 'Active'),
    draft: await lookupId(db, R.contractStatuses, t.tenant.tenantId, 'Draft'),
    contact: await seedContact(db, place(t, 'north')),
    months: await lengthType('Months'),
  };
  backOffice = await codeListValues(db, t.tenant.tenantId);
});
afterAll(async () => { await t?.close(); });

async function lengthType(name: string): Promise<number> {
  const { data } = (await admin({ method: 'GET', url: '/Datalists/ContractLengthTypes' })).json() as { data: { contractLengthTypeId: number; contractLengthType: string }[] };
  return data.find((d) => d.contractLengthType === name)!.contractLengthTypeId;
}

const { create, patch, read, make: newContract, catalogHarness } = recordRoutes('/Contracts', {
  id: 'contractId', caller: () => admin, minimal: () => ({ customerId: ids.northCustomer, name: 'Master services' }),
});

describe('POST /Contracts', () => {
  it('GEN-15: creates a contract in the customer\'s hierarchy node; 201 with its id and Location; defaults', async () => {
    const res = await create({ customerId: ids.northCustomer, name: 'Staffing 2026', startDate: '2026-01-01', endDate: '2026-12-31', dateContractSigned: 20251215 });
    expect(res.statusCode, res.body).toBe(201);
    const { contractId } = res.json();
    expect(res.headers.location).toBe(`/Contracts/${contractId}`);
    expect(await read(contractId)).toMatchObject({
      contractId, customerId: ids.northCustomer, customerName: 'Northwind', name: 'Staffing 2026', notes: '', contractStatusId: ids.draft, contractStatus: 'Draft',
      startDate: '2026-01-01T00:00:00.000Z', endDate: '2026-12-31T00:00:00.000Z', ownedByServiceRepId: t.tenant.adminRepId, ownedByServiceRep: 'Ada Admin',
      dateContractSigned: 20251215, hierId: t.tenant.north.hierId, primaryContactId: null,
    });
  });

  it('validates the body: required fields, visible references, real yyyymmdd dates (AMB-03)', async () => {
    expect(Object.keys((await create({})).json().errors).sort()).toEqual(['customerId', 'name']);
    expect((await create({ customerId: ids.southCustomer, name: 'x' }, north)).json().errors).toEqual({ customerId: ['no such customer inside your hierarchy'] });
    expect((await create({ customerId: ids.otherCustomer, name: 'x' })).statusCode).toBe(400);
    expect((await create({ customerId: ids.northCustomer, name: 'x', dateContractSigned: 20260230 })).json().errors).toHaveProperty('dateContractSigned');
    expect((await create({ customerId: ids.northCustomer, name: 'x', contractStatusId: 999999 })).json().errors).toHaveProperty('contractStatusId');
    expect((await create({ customerId: ids.northCustomer, name: 'x', ownedByServiceRepId: t.tenant.south.repId }, north)).json().errors).toHaveProperty('ownedByServiceRepId');
    expect((await create({ customerId: ids.northCustomer, name: 'x', startDate: '2026-05-01', endDate: '2026-04-01' })).json().errors).toEqual({ endDate: ['must not be before startDate'] });
    expect((await create({ customerId: ids.northCustomer, name: 'x', startDate: 'soon' })).json().errors).toHaveProperty('startDate');
  });
});

describe('reading and listing', () => {
  it('lists by name with filters, paged', async () => {
    const customer = await seedCustomer(t.database.db, place(t, 'north'), 'Listed Co');
    await newContract({ customerId: customer, name: 'B contract' });
    await newContract({ customerId: customer, name: 'A contract', contractStatusId: ids.active });
    const page = (await admin({ method: 'GET', url: `/contracts?CustomerId=${customer}&take=1` })).json();
    expect(page).toEqual({ totalCount: 2, data: [expect.objectContaining({ name: 'A contract', customerName: 'Listed Co', contractStatus: 'Active' })] });
    expect((await admin({ method: 'GET', url: `/Contracts?customerId=${customer}&contractStatusId=${ids.draft}` })).json().data.map((x: { name: string }) => x.name)).toEqual(['B contract']);
  });
});

describe('PATCH /Contracts/{id}', () => {
  let id: number;
  beforeAll(async () => { id = await newContract({ name: 'Patchable' }); });

  // The generic move (records.test.ts) has only ContractLength to move onto itself: a move between fields is tested here.
  it('PATCH-05 AMB-12: move nulls its source, and the moved value meets the rules of the field it lands in', async () => {
    expect((await patch(id, [{ op: 'add', path: '/ContractLengthTypeId', value: ids.months }, { op: 'add', path: '/ContractLength', value: 6 }])).statusCode).toBe(200);
    // A moved value meets the rules of the field it lands in (issue 10): 999999 is no contract category.
    expect((await patch(id, [{ op: 'replace', path: '/ContractLength', value: 999999 }, { op: 'move', from: '/ContractLength', path: '/ContractCategoryId' }])).json().errors)
      .toEqual({ contractCategoryId: ['is not a value of GET /Datalists/ContractCategories'] });
    expect((await patch(id, [{ op: 'move', from: '/ContractLengthTypeId', path: '/ContractLength' }])).statusCode).toBe(200);
    expect(await read(id)).toMatchObject({ contractLengthTypeId: null, contractLength: ids.months });
  });

  it('PATCH-CTR-02 AMB-03: DateContractSigned is a real date written yyyymmdd; 400 naming the field otherwise', async () => {
    for (const value of [20260231, 20261301, 2026031, 99, -20260101]) {
      const res = await patch(id, [{ op: 'replace', path: '/DateContractSigned', value }]);
      expect(res.statusCode, String(value)).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(['dateContractSigned']);
    }
    expect((await patch(id, [{ op: 'replace', path: '/DateContractSigned', value: 20240229 }])).statusCode).toBe(200);
    expect((await read(id)).dateContractSigned).toBe(20240229);
    expect(isYyyymmdd(20230229)).toBe(false);
  });

  it('PATCH-CTR-03 AMB-17: Notes has no maximum length and is not nullable', async () => {
    expect((await patch(id, [{ op: 'replace', path: '/Notes', value: 'n'.repeat(20000) }])).statusCode).toBe(200);
    expect((await patch(id, [{ op: 'replace', path: '/Notes', value: null }])).statusCode).toBe(400);
  });

  it('PATCH-19 AMB-78: CustomerId and OwnedByServiceRepId must be inside the caller\'s hierarchy; a new customer moves the contract', async () => {
    const mine = await newContract({}, north);
    expect((await patch(mine, [{ op: 'replace', path: '/CustomerId', value: ids.southCustomer }], north)).json().errors).toHaveProperty('customerId');
    expect((await patch(mine, [{ op: 'replace', path: '/OwnedByServiceRepId', value: t.tenant.south.repId }], north)).json().errors).toHaveProperty('ownedByServiceRepId');
    expect((await patch(mine, [{ op: 'replace', path: '/CustomerId', value: ids.southCustomer }])).statusCode).toBe(200);
    expect(await read(mine)).toMatchObject({ hierId: t.tenant.south.hierId, customerName: 'Southwind' });
    expect((await north({ method: 'GET', url: `/Contracts/${mine}` })).statusCode).toBe(404);
  });

  it('end dates are not before the start', async () => {
    await patch(id, [{ op: 'replace', path: '/StartDate', value: '2026-01-01' }]);
    expect((await patch(id, [{ op: 'replace', path: '/EndDate', value: '2025-12-31' }])).json().errors).toEqual({ endDate: ['must not be before startDate'] });
  });
});

describeCatalogOf(contractCatalog, {
  make: async () => {
    const id = await newContract({ name: 'Catalog' });
    return { id, valid: {
      ...backOffice,
      customerId: ids.northCustomer, contractStatusId: ids.active, ownedByServiceRepId: t.tenant.north.repId, primaryContactId: ids.contact,
      dateContractSigned: 20260315, primaryMessageId: await seedMessage(t.database.db, t.tenant.tenantId, 'contract', id),
    } };
  },
  harness: catalogHarness,
}, 'PATCH-CTR-01 PATCH-CTR-02 PATCH-CTR-03', contractPatchTarget);
