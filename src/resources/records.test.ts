// The generic behaviour of every record the engine serves (registry.ts `records`), tested once per
// record from its definition (docs/decisions/0015): create (201, Location, `{ <name>Id }`), the read by
// id, the paged list, tenant and hierarchy isolation, 404 and 400 for ids, 405 for other methods, the
// scopes, PATCH over the catalog's plain fields (path casing, media types, each JSON Patch operation,
// all-or-nothing) and the branch move. A record's own test file keeps only its own rules. What a
// record adds is one line of FIXTURES in test/record-fixtures.ts (its minimal create body); a
// registered record without one fails this file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, testApp, type TestContext } from '../../test/helpers.ts';
import { FIXTURES, recordMaker, type FixtureContext, type Side } from '../../test/record-fixtures.ts';
import { wrongType } from '../../test/catalog-cases.ts';
import type { Field } from '../platform/records/json-patch/catalog.ts';
import { changed, nullableField, partnerOf, plainField, plainFields, twoValues } from '../../test/plain-fields.ts';
import { issueCredential } from '../platform/auth/tokens.ts';
import { collectionPath, idProperty } from '../platform/records/record.ts';
import { records } from './registry.ts';

type Caller = ReturnType<typeof as>;
type Body = Record<string, unknown>;

const other = (side: Side): Side => (side === 'north' ? 'south' : 'north');

const NO_SUCH_ID = 2_000_000_000;
/** A 404's body without what is the request's own (its path and trace id). */
const problem = ({ instance: _instance, traceId: _traceId, ...rest }: Body) => rest;
const NOT_IN_ANY_CATALOG = 'NoSuchField';
const JSON_PATCH = 'application/json-patch+json';

/**
 * Rules of one record's own section that a generic test here is the test of for that record: added to
 * the test's name, so the spec's rule points here.
 */
const OWN_RULES: Record<string, { scopes?: string; patch?: string }> = {
  Employee: { scopes: 'EMP-25' },
  Assignment: { scopes: 'ASG-02', patch: 'ASG-11' },
};
const withOwn = (ids: string | undefined, name: string) => (ids ? `${ids} ${name}` : name);

let t: TestContext;
const callers = {} as { admin: Caller; north: Caller; south: Caller; otherAdmin: Caller };

let fixtures: FixtureContext;
const make = (name: string, under?: number) => fixtures.make(name, under);
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
    const plain = plainFields(def);
    const field = plainField(def);
    const own = OWN_RULES[def.name] ?? {};
    // A record kept under a parent (a customer's worksites) is created, read and listed under one parent of its own.
    let collection = def.path;
    const one = (id: number | string) => `${collection}/${id}`;
    const patch = (caller: Caller, id: number | string, document: unknown, type = JSON_PATCH) =>
      caller({ method: 'PATCH', url: one(id), headers: { 'content-type': type }, payload: JSON.stringify(document) });
    const replace = (value: unknown, at: Field = field) => [{ op: 'replace', path: `/${at.name}`, value }];
    const list = async (caller: Caller, query: string) => {
      const res = await caller({ method: 'GET', url: `${collection}?${query}` });
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
      const parentId = def.parent ? await make(def.parent.record.name) : undefined;
      collection = collectionPath(def, parentId);
      const res = await callers[side]({ method: 'POST', url: collection, payload: await fixture.body(fixtureContext()) });
      created = { statusCode: res.statusCode, body: res.body, location: res.headers.location };
      if (res.statusCode !== 201) return; // the ERR-02 test reports it
      id = Number(res.json()[key]);
      // A second one, so that a page of one is a real page (the creator's list holds at least two).
      await make(def.name, parentId);
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
        // Under a parent the caller does not see, the list is not found either (as the parent's read is not).
        if (def.parent) {
          expect((await caller({ method: 'GET', url: collection })).statusCode, `${who} list`).toBe(404);
          continue;
        }
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

    it(withOwn(own.patch, `PATCH-01 PATCH-16: a PATCH of ${field.name} (${field.notation}) answers 200 with no body; GET reads the value back`), async () => {
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
      // A field the record shows but its catalog leaves out (its id) is refused the same way.
      const shownId = key[0]!.toUpperCase() + key.slice(1);
      expect(def.patch.target.catalog.byName.has(shownId.toLowerCase())).toBe(false);
      const refused = await patch(callers[side], id, [{ op: 'replace', path: `/${shownId}`, value: 1 }]);
      expect(refused.json().errors).toEqual({ [shownId]: [`is not a patchable field of ${def.patch.target.catalog.resource}`] });
      expect((await read())[field.json]).toEqual(before);
    });

    it('ERR-11: DELETE and PUT <path>/<id> answer 405; the record stays', async () => {
      expect(id).toBeGreaterThan(0);
      for (const method of ['DELETE', 'PUT'] as const) {
        const res = await callers.admin({ method, url: one(id), payload: {} });
        expect(res.statusCode, `${method} ${res.body}`).toBe(405);
      }
      expect((await read())[key]).toBe(id);
    });

    it(withOwn(own.scopes, `AUTH-24 AUTH-25 AUTH-31 PATCH-18 AMB-23: ${def.scope}-read reads and lists but creating and PATCH answer 403; ${def.scope}-write PATCHes; other scopes get 403`), async () => {
      expect(id).toBeGreaterThan(0);
      const token = async (scope: string) => as(t.app, await issueCredential(t.database.db, {
        tenantId: t.tenant.tenantId, serviceRepId: t.tenant.adminRepId, kind: 'personal', name: scope, scopes: [scope], expiresAt: new Date(Date.now() + 60_000),
      }));
      const reader = await token(`${def.scope}-read`);
      const writer = await token(`${def.scope}-write`);
      const stranger = await token(`${records.find((r) => r.scope !== def.scope)!.scope}-read`);
      const before = (await read())[field.json];
      const [value] = twoValues(field).filter((v) => v !== before);
      expect((await reader({ method: 'GET', url: one(id) })).statusCode).toBe(200);
      expect((await reader({ method: 'GET', url: collection })).statusCode).toBe(200);
      expect((await reader({ method: 'POST', url: collection, payload: await FIXTURES[def.name]!.body(fixtureContext()) })).statusCode).toBe(403);
      expect((await patch(reader, id, replace(value))).statusCode).toBe(403);
      expect((await read())[field.json], 'the refused PATCH changed nothing').toEqual(before);
      for (const request of [{ method: 'GET', url: one(id) }, { method: 'GET', url: collection }, { method: 'POST', url: collection, payload: {} }] as const) {
        expect((await stranger(request)).statusCode, `${request.method} ${request.url}`).toBe(403);
      }
      expect((await patch(writer, id, replace(value))).statusCode).toBe(200);
      expect((await read())[field.json]).toEqual(value);
    });

    it(`PATCH-09 PATCH-15 PATCH-16 AMB-11: ${field.name} in any letter case, as application/json-patch+json or application/json: 200 with no body`, async () => {
      expect(id).toBeGreaterThan(0);
      const paths = [field.name, field.json, field.name.toUpperCase(), field.name.toLowerCase()];
      const values = twoValues(field);
      for (const [i, path] of paths.entries()) {
        const type = i % 2 ? 'application/json' : JSON_PATCH;
        const res = await patch(callers[side], id, [{ op: 'replace', path: `/${path}`, value: values[i % 2] }], type);
        expect(res.statusCode, `/${path} as ${type}: ${res.body}`).toBe(200);
        expect(res.body).toBe('');
        expect((await read())[field.json], `/${path} as ${type}`).toEqual(values[i % 2]);
      }
    });

    it(`PATCH-05 AMB-12: add sets ${field.name}; a passing test lets the document apply, a failing one answers 409 and changes nothing`, async () => {
      expect(id).toBeGreaterThan(0);
      const [first, second] = twoValues(field);
      expect((await patch(callers[side], id, [{ op: 'add', path: `/${field.name}`, value: first }])).statusCode).toBe(200);
      expect((await read())[field.json]).toEqual(first);
      const passing = await patch(callers[side], id, [{ op: 'test', path: `/${field.name}`, value: first }, ...replace(second)]);
      expect(passing.statusCode, passing.body).toBe(200);
      expect((await read())[field.json]).toEqual(second);
      // The test sees the document's earlier operations: after replacing with `first`, `second` fails.
      const failing = await patch(callers[side], id, [...replace(first), { op: 'test', path: `/${field.name}`, value: second }]);
      expect(failing.statusCode, failing.body).toBe(409);
      expect((await read())[field.json]).toEqual(second);
    });

    const copyTo = partnerOf(plain, field);
    it.skipIf(!copyTo)(`PATCH-05 AMB-12: copy sets path to from's value (${field.name} to ${copyTo?.name ?? 'none: no second plain field of its type'})`, async () => {
      expect(id).toBeGreaterThan(0);
      const to = copyTo!;
      const [first, second] = twoValues(field, to);
      expect((await patch(callers[side], id, [...replace(first), ...replace(second, to), { op: 'copy', from: `/${field.name}`, path: `/${to.name}` }])).statusCode).toBe(200);
      expect(await read()).toMatchObject({ [field.json]: first, [to.json]: first });
    });

    const nullable = nullableField(plain);
    const moveTo = nullable && (partnerOf(plain, nullable) ?? nullable);
    const moves = !nullable ? 'none: no plain field is nullable' : moveTo === nullable ? `${nullable.name}, moved onto itself` : `${nullable.name}, moved to ${moveTo?.name}`;
    it.skipIf(!nullable)(`PATCH-05 PATCH-14 AMB-12: replace with null and remove null a nullable field; move carries the value, nulling a source other than its target (${moves})`, async () => {
      expect(id).toBeGreaterThan(0);
      const at = nullable!, to = moveTo!;
      const [first, second] = twoValues(at, to);
      for (const document of [replace(null, at), [{ op: 'remove', path: `/${at.name}` }]]) {
        expect((await patch(callers[side], id, replace(first, at))).statusCode).toBe(200);
        expect((await patch(callers[side], id, document)).statusCode).toBe(200);
        expect((await read())[at.json], JSON.stringify(document)).toBeNull();
      }
      const res = await patch(callers[side], id, [...replace(second, to), ...replace(first, at), { op: 'move', from: `/${at.name}`, path: `/${to.name}` }]);
      expect(res.statusCode, res.body).toBe(200);
      expect(await read()).toMatchObject(to === at ? { [at.json]: first } : { [at.json]: null, [to.json]: first });
    });

    const required = plain.find((f) => !f.nullable);
    it(`PATCH-05 PATCH-14 AMB-12: remove and move from ${required?.name}, which is not nullable, answer 400 naming it and change nothing`, async () => {
      expect(id).toBeGreaterThan(0);
      const at = required!;
      const before = (await read())[at.json];
      const remove = await patch(callers[side], id, [{ op: 'remove', path: `/${at.name}` }]);
      expect(remove.json().errors).toEqual({ [at.json]: ['cannot be removed: it must not be null'] });
      const move = await patch(callers[side], id, [{ op: 'move', from: `/${at.name}`, path: `/${(partnerOf(plain, at) ?? at).name}` }]);
      expect(move.json().errors).toEqual({ [at.json]: ['cannot be moved: it must not be null'] });
      expect((await read())[at.json]).toEqual(before);
    });

    const mistyped = def.patch.target.catalog.fields.find((f) => f !== field)!;
    it(`PATCH-02 PATCH-05 PATCH-08 PATCH-17 AMB-14 AMB-15: a body that is not an array, an unknown op, a nested path or a bad ${mistyped.name} refuses the whole document (400)`, async () => {
      expect(id).toBeGreaterThan(0);
      const before = (await read())[field.json];
      const value = changed(field, before, 'Unwanted');
      const documents: [string, unknown][] = [
        ['not an array', replace(value)[0]],
        ['unknown op', [...replace(value), { op: 'merge', path: `/${field.name}`, value }]],
        ['nested path', [...replace(value), { op: 'replace', path: `/${field.name}/0`, value }]],
        [`${mistyped.name} of the wrong type`, [...replace(value), { op: 'replace', path: `/${mistyped.name}`, value: wrongType(mistyped) }]],
      ];
      for (const [what, document] of documents) {
        const res = await patch(callers[side], id, document);
        expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
      }
      const bad = await patch(callers[side], id, documents[3]![1]);
      expect(Object.keys(bad.json().errors)).toEqual([mistyped.json]);
      expect((await read())[field.json]).toEqual(before);
    });

    it(`PATCH-03 PATCH-04 PATCH-07 AMB-12: an operation without op or path, a path without its leading /, or without the value (add, replace, test) or from (copy, move) its op needs refuses the whole document (400 naming it)`, async () => {
      expect(id).toBeGreaterThan(0);
      const before = (await read())[field.json];
      const value = changed(field, before, 'Unwanted');
      const at = `/${field.name}`;
      // The operation under test comes second, after a valid one: the schema names it by its index.
      const refused: [unknown, Body][] = [
        [{ path: at, value }, { '1.op': ['is required'] }],
        [{ op: 'replace', value }, { '1.path': ['is required'] }],
        [{ op: 'replace', path: field.name, value }, { '1.path': ['must match pattern "^/"'] }],
        ...['add', 'replace', 'test'].map((op): [unknown, Body] => [{ op, path: at }, { [field.json]: [`${op} needs "value"`] }]),
        ...['copy', 'move'].map((op): [unknown, Body] => [{ op, path: at }, { [field.json]: [`${op} needs "from"`] }]),
      ];
      for (const [operation, errors] of refused) {
        const res = await patch(callers[side], id, [...replace(value), operation]);
        expect(res.statusCode, `${JSON.stringify(operation)}: ${res.body}`).toBe(400);
        expect(res.json().errors, JSON.stringify(operation)).toEqual(errors);
      }
      expect((await read())[field.json]).toEqual(before);
    });

    // Records whose hierarchy node is their branch's (the target's `followsBranch`): a branch move is a hierarchy move.
    if (def.patch.target.followsBranch) {
      it('PATCH-19 AMB-78: a BranchId outside the caller\'s hierarchy answers 400 naming it; a visible new branch moves the record into that branch\'s hierarchy', async () => {
        const moving = await make(def.name);
        const away = [{ op: 'replace', path: '/BranchId', value: t.tenant[other(side)].branchId }];
        expect((await patch(callers[side], moving, away)).json().errors).toEqual({ branchId: ['no such branch inside your hierarchy'] });
        expect((await patch(callers.admin, moving, away)).statusCode).toBe(200);
        expect((await callers[side]({ method: 'GET', url: one(moving) })).statusCode, 'out of the old branch\'s sight').toBe(404);
        const there = await callers[other(side)]({ method: 'GET', url: one(moving) });
        expect(there.statusCode, there.body).toBe(200);
        expect(there.json().branchId).toBe(t.tenant[other(side)].branchId);
      });
    }
  });
}
