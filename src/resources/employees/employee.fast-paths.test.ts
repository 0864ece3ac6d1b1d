// The employee hot paths (docs/decisions/0013-employee-hot-paths.md): GETs coalesced into one query
// per tenant and hierarchy, and PATCH documents of plain fields written by one UPDATE statement.
// Both must answer exactly what the general paths answer.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { as, testApp, type TestContext } from '../../../test/helpers.ts';
import { CredentialVerifier } from '../../platform/auth/verifier.ts';
import type { IssuedCredential } from '../../platform/auth/tokens.ts';
import { DataScope } from '../../platform/scope.ts';
import { AppError } from '../../platform/http/errors.ts';
import { applyPatch } from '../../platform/records/json-patch/apply.ts';
import type { PatchTarget } from '../../platform/records/json-patch/target.ts';
import type { Operation } from '../../platform/records/json-patch/patch.ts';
import { getEmployee } from './employee.repository.ts';
import { employeePatchTarget } from './employee.record.ts';
import { employeeCatalog } from './employee.patch-catalog.ts';

let t: TestContext;
let admin: ReturnType<typeof as>;

beforeAll(async () => {
  t = await testApp();
  admin = as(t.app, t.tenant.adminToken);
});
afterAll(async () => { await t?.close(); });

async function newEmployee(branchId = t.tenant.north.branchId, caller = admin): Promise<number> {
  const res = await caller({ method: 'POST', url: '/Employees', payload: { firstName: 'Ann', lastName: 'Lee', branchId, region: 'MN' } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().employeeId;
}

async function scopeOf(credential: IssuedCredential): Promise<DataScope> {
  const verified = await new CredentialVerifier(t.database, 0).verify(credential.sid, credential.secret);
  if (!verified.ok) throw new Error(verified.detail);
  return new DataScope(t.database.db, verified.principal);
}

describe('GET /Employees/{id}: concurrent reads share one query per tenant and hierarchy', () => {
  it('GEN-04 GEN-05: callers of different hierarchies and tenants asking at once each get their own answer', async () => {
    const northId = await newEmployee();
    const southId = await newEmployee(t.tenant.south.branchId);
    const otherId = await newEmployee(t.other.north.branchId, as(t.app, t.other.adminToken));
    const callers = { admin, north: as(t.app, t.tenant.northToken), south: as(t.app, t.tenant.southToken), other: as(t.app, t.other.adminToken) };
    const expected: [keyof typeof callers, number, number][] = [
      ['admin', northId, 200], ['admin', southId, 200], ['admin', otherId, 404],
      ['north', northId, 200], ['north', southId, 404], ['north', otherId, 404],
      ['south', northId, 404], ['south', southId, 200], ['south', otherId, 404],
      ['other', northId, 404], ['other', southId, 404], ['other', otherId, 200],
      ['north', northId, 200], ['admin', 999_999_999, 404],
    ];
    // All in flight together: they are read in the same turn of the event loop.
    const answers = await Promise.all(expected.map(([who, id]) => callers[who]({ method: 'GET', url: `/Employees/${id}` })));
    answers.forEach((res, i) => {
      const [who, id, status] = expected[i]!;
      expect(res.statusCode, `${who} reading ${id}`).toBe(status);
      if (status === 200) expect(res.json().employeeId).toBe(id);
    });
  });

  it('GEN-04: reads coalesced in one turn run as one query; every caller gets its record', async () => {
    const ids = await Promise.all([1, 2, 3, 4, 5].map(() => newEmployee()));
    const scope = await scopeOf(t.tenant.adminToken);
    const query = vi.spyOn(t.database.pipeline, 'query');
    try {
      const rows = await Promise.all([...ids, ids[0]!].map((id) => getEmployee(scope, id)));
      expect(rows.map((r) => r?.employeeId)).toEqual([...ids, ids[0]]);
      expect(query).toHaveBeenCalledTimes(1);
    } finally {
      query.mockRestore();
    }
  });

  it('PATCH-09: a write is read back at once (reads start after the request arrives; nothing is cached)', async () => {
    const id = await newEmployee();
    for (const name of ['One', 'Two', 'Three']) {
      const patched = await admin({ method: 'PATCH', url: `/Employees/${id}`, headers: { 'content-type': 'application/json-patch+json' }, payload: [{ op: 'replace', path: '/FirstName', value: name }] });
      expect(patched.statusCode).toBe(200);
      expect((await admin({ method: 'GET', url: `/Employees/${id}` })).json().firstName).toBe(name);
    }
  });
});

/** The same target with a rule of its own (`validate`): every document takes the general (locked read) path. */
const generalTarget: PatchTarget = { ...employeePatchTarget, validate: async () => {} };

type Outcome = 'ok' | { status: number; code: string; errors?: unknown };
async function outcome(run: () => Promise<void>): Promise<Outcome> {
  try {
    await run();
    return 'ok';
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    return { status: e.status, code: e.code, errors: e.errors };
  }
}

/** updated_at to the microsecond (a JS Date keeps milliseconds only). */
async function updatedAt(id: number): Promise<string> {
  const { rows } = await t.database.pool.query<{ at: string }>('select updated_at::text as at from employees where id = $1', [id]);
  return rows[0]!.at;
}

const catalogValues = (row: Record<string, unknown> | undefined) => Object.fromEntries(employeeCatalog.fields.map((f) => [f.json, row?.[f.json]]));

describe('PATCH /Employees/{id}: the one-statement path answers as the general path does', () => {
  // Each case runs on two identical employees, one through each path; answers and results must match.
  const cases: [string, Record<string, unknown>[], boolean][] = [
    ['three plain fields (the benchmark document)', [
      { op: 'replace', path: '/MiddleName', value: 'M7' }, { op: 'replace', path: '/NumericRating', value: 3 }, { op: 'replace', path: '/Note', value: 'Called back' },
    ], true],
    ['add, remove and mixed-case paths', [{ op: 'add', path: '/alias', value: 'Nan' }, { op: 'remove', path: '/MIDDLENAME' }], true],
    ['the same field twice: the last wins', [{ op: 'replace', path: '/Note', value: 'first' }, { op: 'replace', path: '/Note', value: 'second' }], true],
    ['every value type, normalised', [
      { op: 'replace', path: '/InterviewDate', value: '2024-02-03T04:05:06+02:00' },
      { op: 'replace', path: '/IsI9OnFile', value: true }, { op: 'replace', path: '/AdditionalTaxWithholding', value: 214748.36 },
      { op: 'replace', path: '/Dependents', value: 127 }, { op: 'replace', path: '/W4Year', value: 2026 },
      { op: 'replace', path: '/DefaultPayRate', value: 17.25 }, { op: 'replace', path: '/IsConvictedFelon', value: null },
    ], true],
    ['values equal to the stored ones (no change)', [{ op: 'replace', path: '/FirstName', value: 'Ann' }], true],
    ['a value out of range', [{ op: 'replace', path: '/Dependents', value: 128 }, { op: 'replace', path: '/Note', value: 'x' }], false],
    ['a too-long string', [{ op: 'replace', path: '/NamePrefix', value: 'x'.repeat(11) }], false],
    ['null on a non-nullable field', [{ op: 'replace', path: '/FirstName', value: null }], false],
    ['remove on a non-nullable field', [{ op: 'remove', path: '/Note' }], false],
    ['a field outside the catalog', [{ op: 'replace', path: '/Salary', value: 1 }], false],
    ['a wrong type', [{ op: 'replace', path: '/IsActive', value: 'yes' }], false],
    ['a failed test (409)', [{ op: 'replace', path: '/Note', value: 'x' }, { op: 'test', path: '/FirstName', value: 'Nobody' }], false],
    ['a checked reference (general path only)', [{ op: 'replace', path: '/ServiceRepId', value: 987654 }], false],
    // Once a plain field here: its rule now keeps it off the one-statement path.
    ['a message that is not the record\'s', [{ op: 'replace', path: '/PrimaryMessageId', value: 9_007_199_254_740_991 }], false],
    // Once the Int64 of the plain document above: a back-office list's id now (decision 0028), checked.
    ['a WOTC status the tenant does not have', [{ op: 'replace', path: '/WotcEligibilityStatusId', value: 9_007_199_254_740_991 }], false],
  ];

  for (const [name, document, plain] of cases) {
    it(`PATCH-05 PATCH-10 PATCH-12 PATCH-17: ${name}`, async () => {
      const scope = await scopeOf(t.tenant.adminToken);
      const [fastId, generalId] = [await newEmployee(), await newEmployee()];
      const before = await getEmployee(scope, fastId);
      const stamps = [await updatedAt(fastId), await updatedAt(generalId)];
      const transaction = vi.spyOn(scope, 'transaction');
      const fast = await outcome(() => applyPatch(scope, employeePatchTarget, fastId, document as Operation[]));
      // A plain, valid document never opens a transaction: it is one statement.
      expect(transaction.mock.calls.length === 0).toBe(plain);
      const general = await outcome(() => applyPatch(scope, generalTarget, generalId, document as Operation[]));
      expect(fast).toEqual(general);
      const [a, b] = [await getEmployee(scope, fastId), await getEmployee(scope, generalId)];
      expect(catalogValues(a)).toEqual(catalogValues(b));
      if (fast !== 'ok') expect(catalogValues(a)).toEqual(catalogValues(before));
      // updatedAt moves exactly when a value changed, on both paths.
      const changed = JSON.stringify(catalogValues(a)) !== JSON.stringify(catalogValues(before));
      expect(await updatedAt(fastId) !== stamps[0]).toBe(changed);
      expect(await updatedAt(generalId) !== stamps[1]).toBe(changed);
    });
  }

  it('GEN-04 GEN-05: outside the hierarchy or the tenant: 404 on both paths, even for an invalid document; nothing changes', async () => {
    const southId = await newEmployee(t.tenant.south.branchId);
    const north = await scopeOf(t.tenant.northToken);
    const other = await scopeOf(t.other.adminToken);
    for (const scope of [north, other]) {
      for (const document of [[{ op: 'replace', path: '/Note', value: 'x' }], [{ op: 'replace', path: '/Dependents', value: 500 }]] as unknown as Operation[][]) {
        const fast = await outcome(() => applyPatch(scope, employeePatchTarget, southId, document));
        expect(fast).toMatchObject({ status: 404 });
        expect(await outcome(() => applyPatch(scope, generalTarget, southId, document))).toEqual(fast);
      }
    }
    const admin = await scopeOf(t.tenant.adminToken);
    expect((await getEmployee(admin, southId))!.note).toBe('');
  });

  it('PATCH-09: over HTTP the plain document answers 200 with no body and is read back', async () => {
    const id = await newEmployee();
    const res = await admin({ method: 'PATCH', url: `/Employees/${id}`, headers: { 'content-type': 'application/json' }, payload: [{ op: 'replace', path: '/NumericRating', value: 4 }] });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
    expect((await admin({ method: 'GET', url: `/Employees/${id}` })).json().numericRating).toBe(4);
  });
});

describe('PATCH /Employees/{id}: concurrent plain documents are written together', () => {
  const note = (value: string) => [{ op: 'replace', path: '/Note', value }] as unknown as Operation[];

  it('PATCH-09 GEN-04: one statement writes a group; each caller gets its own answer (404 outside the hierarchy)', async () => {
    const ids = await Promise.all([1, 2, 3, 4].map(() => newEmployee()));
    const southId = await newEmployee(t.tenant.south.branchId);
    const north = await scopeOf(t.tenant.northToken);
    const query = vi.spyOn(t.database.pool, 'query');
    let answers: Outcome[];
    try {
      answers = await Promise.all([...ids, southId].map((id) => outcome(() => applyPatch(north, employeePatchTarget, id, note(`note ${id}`)))));
      expect(query).toHaveBeenCalledTimes(1);
    } finally {
      query.mockRestore();
    }
    expect(answers).toEqual([...ids.map(() => 'ok'), expect.objectContaining({ status: 404 })]);
    const admin = await scopeOf(t.tenant.adminToken);
    for (const id of ids) expect((await getEmployee(admin, id))!.note).toBe(`note ${id}`);
    expect((await getEmployee(admin, southId))!.note).toBe('');
  });

  it('PATCH-17: a write the database refuses fails alone; the others of its group are written', async () => {
    const ids = await Promise.all([1, 2, 3].map(() => newEmployee()));
    const scope = await scopeOf(t.tenant.adminToken);
    // PostgreSQL text cannot hold U+0000: the group's statement fails, then each write runs alone.
    const values = ['fine 1', 'bad \u0000', 'fine 3'];
    const answers = await Promise.allSettled(ids.map((id, i) => applyPatch(scope, employeePatchTarget, id, note(values[i]!))));
    expect(answers.map((a) => a.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((await getEmployee(scope, ids[0]!))!.note).toBe('fine 1');
    expect((await getEmployee(scope, ids[1]!))!.note).toBe('');
    expect((await getEmployee(scope, ids[2]!))!.note).toBe('fine 3');
  });

  it('PATCH-09: the same record twice at once: both answer 200 and one of the values is kept', async () => {
    const id = await newEmployee();
    const scope = await scopeOf(t.tenant.adminToken);
    await Promise.all(['first', 'second'].map((v) => applyPatch(scope, employeePatchTarget, id, note(v))));
    expect(['first', 'second']).toContain((await getEmployee(scope, id))!.note);
  });
});
