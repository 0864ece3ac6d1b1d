// The history of every record the engine serves (registry.ts `records`), tested once per record from
// its definition (docs/decisions/0044), as records.test.ts tests the rest: a create, a PATCH by the
// one-statement path and by the general one (a `test` operation forces it), and two changes in one
// transaction each leave exactly one entry, naming who (the rep, the credential, the request) and each
// field's old and new value as the record's GET names it; a no-op PATCH and a refused one leave none.
import { describe, expect, it } from 'vitest';
import { as, testAppForFile, refusedNaming, workbookOf } from '../../test/helpers.ts';
import { issueCredential } from '../platform/auth/tokens.ts';
import { FIXTURES, recordMaker } from '../../test/record-fixtures.ts';
import { changed, plainField, twoValues } from '../../test/plain-fields.ts';
import { CredentialVerifier } from '../platform/auth/verifier.ts';
import { changeRecord } from '../platform/records/commands.ts';
import type { Operation } from '../platform/records/json-patch/patch.ts';
import { collectionPath, idProperty } from '../platform/records/record.ts';
import { DataScope } from '../platform/scope.ts';
import { records } from './registry.ts';

const { t, north, south, admin, otherAdmin } = testAppForFile();
const JSON_PATCH = 'application/json-patch+json';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface Entry { id: string; action: string; actor: Record<string, unknown>; request_id: string | null; fields: Record<string, [unknown, unknown]> }

/** The record's history entries as stored, oldest first. */
async function entriesOf(recordType: string, recordId: number): Promise<Entry[]> {
  const { rows } = await t.database.pool.query<Entry>(
    'select id::text, action, actor, request_id, fields from record_changes c where tenant_id = $1 and record_type = $2 and record_id = $3 order by c.id',
    [t.tenant.tenantId, recordType, recordId]);
  return rows;
}

for (const def of records) {
  describe(`${def.name}: history`, () => {
    const field = plainField(def);
    const fixture = FIXTURES[def.name]!;
    const caller = () => (fixture.at === 'north' ? north : south);
    const credential = () => (fixture.at === 'north' ? t.tenant.northToken : t.tenant.southToken);
    const rep = () => t.tenant[fixture.at].repId;
    let collection = def.path;
    let parentId: number | undefined;
    const one = (id: number) => `${collection}/${id}`;
    const patch = (id: number, document: unknown) =>
      caller()({ method: 'PATCH', url: one(id), headers: { 'content-type': JSON_PATCH }, payload: JSON.stringify(document) });
    const replace = (value: unknown): Operation => ({ op: 'replace', path: `/${field.name}`, value });
    const read = async (id: number) => (await caller()({ method: 'GET', url: one(id) })).json() as Record<string, unknown>;

    /** A new record, made through the API; its id. */
    async function make(): Promise<number> {
      const maker = recordMaker(t.app, t.database.db, t.tenant);
      parentId = def.parent ? parentId ?? await maker.make(def.parent.record.name) : undefined;
      collection = collectionPath(def, parentId);
      const res = await caller()({ method: 'POST', url: collection, payload: await fixture.body(maker) });
      expect(res.statusCode, res.body).toBe(201);
      return Number(res.json()[idProperty(def)]);
    }

    /** The one entry `write` adds to the record's history (it must add exactly one). */
    async function oneEntryOf(id: number, write: () => Promise<unknown>): Promise<Entry> {
      const before = (await entriesOf(def.name, id)).length;
      await write();
      const after = await entriesOf(def.name, id);
      expect(after.length, 'one entry').toBe(before + 1);
      return after.at(-1)!;
    }

    const byTheRep = (entry: Entry) => {
      expect(entry.actor).toEqual({ type: 'serviceRep', id: rep(), credentialId: credential().id });
      expect(entry.request_id).toMatch(UUID);
    };

    it('a create leaves one `created` entry by the rep, its fields named as the GET and the PATCH name them', async () => {
      const id = await make();
      const entries = await entriesOf(def.name, id);
      expect(entries.map((e) => e.action)).toEqual(['created']);
      const [entry] = entries as [Entry];
      byTheRep(entry);
      const names = new Set([...def.patch.target.catalog.fields.map((f) => f.json), ...Object.values(def.history?.fields ?? {})]);
      const shown = await read(id);
      expect(Object.keys(entry.fields).length).toBeGreaterThan(0);
      for (const [name, [old, value]] of Object.entries(entry.fields)) {
        expect(names.has(name), `${name} is a catalog field`).toBe(true);
        expect(old, name).toBeNull();
        expect(value, name).not.toBeNull();
        if (typeof shown[name] === 'string' && typeof value === 'string' && !/^\d{4}-\d\d-\d\d/.test(value)) expect(value, name).toBe(shown[name]);
      }
    });

    it(`a PATCH of ${field.name} (one statement, then the general path) leaves one \`updated\` entry each: [old, new] of that field only`, async () => {
      const id = await make();
      const before = (await read(id))[field.json] ?? null;
      const value = changed(field, before);
      const direct = await oneEntryOf(id, async () => expect((await patch(id, [replace(value)])).statusCode).toBe(200));
      expect(direct).toMatchObject({ action: 'updated', fields: { [field.json]: [before, value] } });
      expect(Object.keys(direct.fields)).toEqual([field.json]);
      byTheRep(direct);
      const [first] = twoValues(field).filter((v) => v !== value);
      const general = await oneEntryOf(id, async () => expect((await patch(id, [{ op: 'test', path: `/${field.name}`, value }, replace(first)])).statusCode).toBe(200));
      expect(general).toMatchObject({ action: 'updated', fields: { [field.json]: [value, first] } });
      expect(Object.keys(general.fields)).toEqual([field.json]);
      byTheRep(general);
      expect(general.request_id).not.toBe(direct.request_id);
    });

    it('a PATCH that changes nothing, and one refused (a failing test), leave no entry', async () => {
      const id = await make();
      const before = (await read(id))[field.json] ?? null;
      const count = (await entriesOf(def.name, id)).length;
      expect((await patch(id, [replace(before)])).statusCode).toBe(200);
      const value = changed(field, before);
      expect((await patch(id, [replace(value), { op: 'test', path: `/${field.name}`, value: before }])).statusCode).toBe(409);
      expect((await entriesOf(def.name, id)).length).toBe(count);
    });

    it('two changes of the record in one transaction are one entry: the first old value, the last new one', async () => {
      const id = await make();
      const before = (await read(id))[field.json] ?? null;
      const [first, second] = twoValues(field);
      const last = second === before ? first : second;
      const verified = await new CredentialVerifier(t.database, 0).verify(credential().sid, credential().secret);
      if (!verified.ok) throw new Error(verified.detail);
      const scope = new DataScope(t.database.db, verified.principal, undefined, { requestId: 'merged-request' });
      const entry = await oneEntryOf(id, () => scope.transaction(async (tx) => {
        await changeRecord(tx, def, id, [replace(last === first ? second : first)], parentId);
        await changeRecord(tx, def, id, [replace(last)], parentId);
      }));
      expect(entry).toMatchObject({ action: 'updated', request_id: 'merged-request', fields: { [field.json]: [before, last] } });
      expect(entry.actor).toEqual({ type: 'serviceRep', id: rep(), credentialId: credential().id });
    });

    it('a one-statement PATCH records its own history and the table\'s trigger skips only that statement: a later write in the transaction is recorded', async () => {
      const [one, other] = [await make(), await make()];
      const [first, second] = twoValues(field);
      const verified = await new CredentialVerifier(t.database, 0).verify(credential().sid, credential().secret);
      if (!verified.ok) throw new Error(verified.detail);
      const scope = new DataScope(t.database.db, verified.principal, undefined, { requestId: 'two-records' });
      const [oneBefore, otherBefore] = [(await entriesOf(def.name, one)).length, (await entriesOf(def.name, other)).length];
      const otherValue = (await read(other))[field.json] ?? null;
      await scope.transaction(async (tx) => {
        await changeRecord(tx, def, one, [replace((await read(one))[field.json] === first ? second : first)], parentId);
        // The general path (a test op): an UPDATE the trigger records.
        await changeRecord(tx, def, other, [{ op: 'test', path: `/${field.name}`, value: otherValue }, replace(otherValue === first ? second : first)], parentId);
      });
      expect((await entriesOf(def.name, one)).length).toBe(oneBefore + 1);
      const [entry] = (await entriesOf(def.name, other)).slice(otherBefore);
      expect(entry).toMatchObject({ action: 'updated', request_id: 'two-records', fields: { [field.json]: [otherValue, otherValue === first ? second : first] } });
    });

    it('GET <path>/<id>/history pages the entries newest first (skip, take, field, since, until, change) to whoever sees the record, 404 to others', async () => {
      const id = await make();
      const before = (await read(id))[field.json] ?? null;
      const value = changed(field, before);
      expect((await patch(id, [replace(value)])).statusCode).toBe(200);
      const stored = (await entriesOf(def.name, id)).reverse();
      const history = (query = '', who = caller()) => who({ method: 'GET', url: `${one(id)}/history${query}` });
      const res = await history();
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json() as { data: { changeId: string; action: string; at: string; actor: unknown; requestId: string; changes: Record<string, { old: unknown; new: unknown }> }[]; totalCount: number };
      expect(page.totalCount).toBe(stored.length);
      expect(page.data.map((e) => e.changeId)).toEqual(stored.map((e) => `chg_${e.id}`));
      expect(page.data.map((e) => e.action)).toEqual(['updated', 'created']);
      expect(page.data[0]).toMatchObject({ actor: { type: 'serviceRep', id: rep(), credentialId: credential().id }, requestId: stored[0]!.request_id, changes: { [field.json]: { old: before, new: value } } });
      expect(Number.isNaN(Date.parse(page.data[0]!.at))).toBe(false);
      expect((await history('?skip=1&take=1')).json()).toMatchObject({ totalCount: 2, data: [{ action: 'created' }] });
      expect((await history(`?field=${field.name.toUpperCase()}`)).json().data.map((e: { action: string }) => e.action)).toContain('updated');
      refusedNaming(await history('?field=NoSuchField'), 'field');
      refusedNaming(await history('?since=yesterday'), 'since');
      expect((await history(`?since=${encodeURIComponent(new Date(Date.now() + 3_600_000).toISOString())}`)).json()).toEqual({ data: [], totalCount: 0 });
      expect((await history(`?until=${encodeURIComponent(page.data[0]!.at)}`)).json().data.map((e: { action: string }) => e.action)).not.toContain('updated');
      expect((await history(`?change=${page.data[1]!.changeId}`)).json()).toMatchObject({ totalCount: 1, data: [{ action: 'created' }] });
      expect((await history('', admin)).statusCode, 'the admin above sees it').toBe(200);
      for (const [who, stranger] of [['other branch', fixture.at === 'north' ? south : north], ['other tenant', otherAdmin]] as const) {
        expect((await history('', stranger)).statusCode, who).toBe(404);
      }
      const csv = await history('', (options) => caller()({ ...options, headers: { accept: 'text/csv' } }));
      expect(csv.statusCode, csv.body).toBe(200);
      expect(csv.body.split('\r\n')[0] ?? csv.body.split('\n')[0]).toContain(`changes.${field.json}.new`);
      const sheet = await workbookOf(await history('', (options) => caller()({ ...options, headers: { accept: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } })));
      expect(sheet.worksheets[0]!.rowCount).toBe(3);
      for (const type of ['application/xml', 'text/plain']) {
        const other = await history('', (options) => caller()({ ...options, headers: { accept: type } }));
        expect(other.statusCode, type).toBe(200);
        expect(other.body, type).toContain(`chg_${stored[0]!.id}`);
      }
    });
  });
}

describe('Employee: the government id in history', () => {
  it('is kept as its last four characters, under the GET\'s name; neither the id nor its hash is stored', async () => {
    const res = await north({ method: 'POST', url: '/Employees', payload: { ...await FIXTURES.Employee!.body(recordMaker(t.app, t.database.db, t.tenant)), governmentPersonalId: '219-09-9999' } });
    expect(res.statusCode, res.body).toBe(201);
    const id = Number(res.json().employeeId);
    const [entry] = await entriesOf('Employee', id);
    expect(entry?.fields.governmentPersonalId).toEqual([null, '***9999']);
    const { rows } = await t.database.pool.query<{ stored: string; hash: string }>(
      `select c::text as stored, encode(e.government_id_hash, 'hex') as hash from record_changes c join employees e on e.tenant_id = c.tenant_id and e.id = c.record_id
        where c.tenant_id = $1 and c.record_type = 'Employee' and c.record_id = $2`, [t.tenant.tenantId, id]);
    expect(rows.length).toBe(1);
    for (const clear of ['219-09-9999', '219099999', rows[0]!.hash, 'government_id']) expect(rows[0]!.stored).not.toContain(clear);
  });
});

describe('PATCHes written together by one statement (json-patch/direct.ts groups them)', () => {
  it('each record\'s entry names its own request and credential', async () => {
    const maker = recordMaker(t.app, t.database.db, t.tenant);
    const ids = [await maker.make('Employee'), await maker.make('Employee'), await maker.make('Employee')];
    const second = await issueCredential(t.database.db, {
      tenantId: t.tenant.tenantId, serviceRepId: t.tenant.north.repId, kind: 'personal', name: 'second', scopes: ['employee-write'], expiresAt: new Date(Date.now() + 60_000),
    });
    const credentials = [t.tenant.northToken, second, t.tenant.northToken];
    const answers = await Promise.all(ids.map((id, i) => as(t.app, credentials[i]!)({
      method: 'PATCH', url: `/Employees/${id}`, headers: { 'content-type': JSON_PATCH }, payload: JSON.stringify([{ op: 'replace', path: '/FirstName', value: `Grouped${i}` }]),
    })));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const entries = await Promise.all(ids.map(async (id) => (await entriesOf('Employee', id)).at(-1)!));
    expect(entries.map((e) => e.fields.firstName?.[1])).toEqual(['Grouped0', 'Grouped1', 'Grouped2']);
    expect(entries.map((e) => e.actor.credentialId)).toEqual(credentials.map((c) => c.id));
    expect(new Set(entries.map((e) => e.request_id)).size).toBe(3);
  });
});
