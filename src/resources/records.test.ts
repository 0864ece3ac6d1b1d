// The generic behaviour of every record the engine serves (registry.ts `records`), tested once per
// record from its definition (docs/decisions/0015): create (201, Location, `{ <name>Id }`), the read by
// id, the paged list, tenant and hierarchy isolation, 404 and 400 for ids, and PATCH of one plain
// catalog field. A record's own test file keeps only its own rules. What a record adds is one line
// of FIXTURES in test/record-fixtures.ts (its minimal create body); a registered record without one fails this file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, testApp, type TestContext } from '../../test/helpers.ts';
import { FIXTURES, recordMaker, type FixtureContext, type Side } from '../../test/record-fixtures.ts';
import type { Field } from '../platform/http/json-patch/catalog.ts';
import { idProperty, type RecordDefinition } from '../platform/records/record.ts';
import { fieldsRead } from '../platform/records/rules.ts';
import { records } from './registry.ts';

type Caller = ReturnType<typeof as>;
type Body = Record<string, unknown>;

const other = (side: Side): Side => (side === 'north' ? 'south' : 'north');

/**
 * The field the PATCH checks use: a plain one (no rule reads it, no `unchecked` reason), preferably a
 * non-nullable String, else a nullable String, else a non-nullable Boolean (a rate sheet has no String).
 */
function plainField(def: RecordDefinition): Field {
  const target = def.patch.target;
  const busy = new Set([...fieldsRead(target.rules ?? {}), ...Object.keys(target.unchecked ?? {})]);
  const free = target.catalog.fields.filter((f) => !busy.has(f.json));
  const field = free.find((f) => f.type === 'String' && !f.nullable) ?? free.find((f) => f.type === 'String') ?? free.find((f) => f.type === 'Boolean' && !f.nullable);
  if (!field) throw new Error(`${def.name}: no plain String or Boolean field in the catalog to PATCH; teach plainField another type`);
  return field;
}

/** A value for `field` other than `current`. */
function changed(field: Field, current: unknown, text = 'Patched'): unknown {
  if (field.type === 'Boolean') return current !== true;
  const value = field.maxLength === 'Max' || field.maxLength === undefined ? text : text.slice(0, field.maxLength);
  return value === current ? value.split('').reverse().join('') : value;
}

const NO_SUCH_ID = 2_000_000_000;
/** A 404's body without what is the request's own (its path and trace id). */
const problem = ({ instance: _instance, traceId: _traceId, ...rest }: Body) => rest;
const NOT_IN_ANY_CATALOG = 'NoSuchField';

let t: TestContext;
const callers = {} as { admin: Caller; north: Caller; south: Caller; otherAdmin: Caller };

let fixtures: FixtureContext;
const make = (name: string) => fixtures.make(name);
const fixtureContext = () => fixtures;

beforeAll(async () => {
  t = await testApp();
  callers.admin = as(t.app, t.tenant.adminToken);
  callers.north = as(t.app, t.tenant.northToken);
  callers.south = as(t.app, t.tenant.southToken);
  callers.otherAdmin = as(t.app, t.other.adminToken);
  fixtures = recordMaker(t.app, t.database.db, t.tenant);
});
afterAll(async () => { await t?.close(); });

it('every registered record has a fixture here, and every fixture names a registered record', () => {
  expect(Object.keys(FIXTURES).sort()).toEqual(records.map((r) => r.name).sort());
});

for (const def of records) {
  describe(`${def.name} (${def.path})`, () => {
    const key = idProperty(def);
    const idName = def.idParam ?? 'id';
    const field = plainField(def);
    const one = (id: number | string) => `${def.path}/${id}`;
    const patch = (caller: Caller, id: number | string, document: unknown[]) =>
      caller({ method: 'PATCH', url: one(id), headers: { 'content-type': 'application/json-patch+json' }, payload: JSON.stringify(document) });
    const replace = (value: unknown) => [{ op: 'replace', path: `/${field.name}`, value }];
    const list = async (caller: Caller, query: string) => {
      const res = await caller({ method: 'GET', url: `${def.path}?${query}` });
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json() as { data: Body[]; totalCount: number };
      expect(Object.keys(page).sort()).toEqual(['data', 'totalCount']);
      expect(Array.isArray(page.data) && Number.isInteger(page.totalCount)).toBe(true);
      return { ...page, ids: page.data.map((item) => Number(item[key])) };
    };

    let side: Side;
    let created: { statusCode: number; body: string; location: unknown };
    let id = 0;
    /** The creator's view of the record. */
    const read = async () => {
      const res = await callers[side]({ method: 'GET', url: one(id) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Body;
    };

    beforeAll(async () => {
      const fixture = FIXTURES[def.name];
      if (!fixture) throw new Error(`${def.name} has no line in FIXTURES (test/record-fixtures.ts): add its minimal create body`);
      side = fixture.at;
      const res = await callers[side]({ method: 'POST', url: def.path, payload: await fixture.body(fixtureContext()) });
      created = { statusCode: res.statusCode, body: res.body, location: res.headers.location };
      if (res.statusCode !== 201) return; // the ERR-02 test reports it
      id = Number(res.json()[key]);
      // A second one, so that a page of one is a real page (the creator's list holds at least two).
      await make(def.name);
    });

    it('ERR-02: POST answers 201, Location <path>/<id> and { <name>Id }', () => {
      expect(created.statusCode, created.body).toBe(201);
      const body = JSON.parse(created.body) as Body;
      expect(Object.keys(body)).toEqual([key]);
      expect(Number.isInteger(body[key]) && (body[key] as number) > 0).toBe(true);
      expect(created.location).toBe(one(body[key] as number));
    });

    it('ERR-01 GEN-03: GET <path>/<id> answers 200 with the id, to its creator and to the admin above', async () => {
      expect(id).toBeGreaterThan(0);
      expect((await read())[key]).toBe(id);
      const res = await callers.admin({ method: 'GET', url: one(id) });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()[key]).toBe(id);
    });

    it('PAGE-01 PAGE-02 PAGE-03 PAGE-04: the list pages with skip and take; totalCount counts every match', async () => {
      expect(id).toBeGreaterThan(0);
      const all = await list(callers[side], 'take=1000');
      const at = all.ids.indexOf(id);
      expect(at, 'the new record is listed').toBeGreaterThanOrEqual(0);
      expect(all.totalCount).toBe(all.data.length);
      expect(all.totalCount).toBeGreaterThanOrEqual(2);
      const first = await list(callers[side], 'take=1');
      expect(first.totalCount).toBe(all.totalCount);
      expect(first.ids).toEqual(all.ids.slice(0, 1));
      expect((await list(callers[side], 'skip=1&take=1')).ids).toEqual(all.ids.slice(1, 2));
      const page = await list(callers[side], `skip=${at}&take=1`);
      expect(page).toMatchObject({ totalCount: all.totalCount, ids: [id] });
      const last = await list(callers[side], `skip=${all.totalCount - 1}&take=2`);
      expect(last).toMatchObject({ totalCount: all.totalCount, ids: all.ids.slice(-1) });
      expect(await list(callers[side], `skip=${all.totalCount}&take=1`)).toMatchObject({ totalCount: all.totalCount, data: [] });
    });

    it('GEN-04 GEN-05 ERR-10: another tenant\'s admin and the other branch\'s rep get 404 for GET and PATCH, and lists leave the record out', async () => {
      expect(id).toBeGreaterThan(0);
      const before = (await read())[field.json];
      const missing = await callers.admin({ method: 'GET', url: one(NO_SUCH_ID) });
      expect(missing.statusCode).toBe(404);
      for (const [who, caller] of [['other tenant', callers.otherAdmin], [`${other(side)} rep`, callers[other(side)]]] as const) {
        const got = await caller({ method: 'GET', url: one(id) });
        expect(got.statusCode, `${who} GET`).toBe(404);
        expect(problem(got.json()), `${who}: as for an id that does not exist`).toEqual(problem(missing.json()));
        expect((await patch(caller, id, replace(changed(field, before)))).statusCode, `${who} PATCH`).toBe(404);
        const listed = await list(caller, 'take=1000');
        expect(listed.ids, `${who} list`).not.toContain(id);
        expect(listed.totalCount, `${who} totalCount`).toBe(listed.data.length);
      }
      expect((await read())[field.json], 'the refused PATCHes changed nothing').toEqual(before);
    });

    it(`GEN-07 AMB-25: an id that does not exist answers 404, a non-integer ${idName} 400 (GET and PATCH)`, async () => {
      expect((await callers.admin({ method: 'GET', url: one(NO_SUCH_ID) })).statusCode).toBe(404);
      expect((await patch(callers.admin, NO_SUCH_ID, replace(changed(field, undefined)))).statusCode).toBe(404);
      for (const bad of ['abc', '1.5']) {
        const got = await callers.admin({ method: 'GET', url: one(bad) });
        expect(got.statusCode, `GET ${bad}`).toBe(400);
        expect(Object.keys(got.json().errors)).toEqual([idName]);
        const patched = await patch(callers.admin, bad, replace(changed(field, undefined)));
        expect(patched.statusCode, `PATCH ${bad}`).toBe(400);
        expect(Object.keys(patched.json().errors)).toEqual([idName]);
      }
    });

    it(`PATCH-01 PATCH-16: a PATCH of ${field.name} (${field.notation}) answers 200 with no body; GET reads the value back`, async () => {
      expect(id).toBeGreaterThan(0);
      const value = changed(field, (await read())[field.json]);
      const res = await patch(callers[side], id, replace(value));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).toBe('');
      expect((await read())[field.json]).toEqual(value);
    });

    it('PATCH-11 AMB-13 PATCH-17 AMB-14: a PATCH naming a field outside the catalog answers 400 naming it, and changes nothing', async () => {
      expect(id).toBeGreaterThan(0);
      expect(def.patch.target.catalog.byName.has(NOT_IN_ANY_CATALOG.toLowerCase())).toBe(false);
      const before = (await read())[field.json];
      const res = await patch(callers[side], id, [...replace(changed(field, before, 'Unwanted')), { op: 'replace', path: `/${NOT_IN_ANY_CATALOG}`, value: 1 }]);
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual([NOT_IN_ANY_CATALOG]);
      expect((await read())[field.json]).toEqual(before);
    });
  });
}
