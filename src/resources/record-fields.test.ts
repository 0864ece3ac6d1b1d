// `fields=` on every record's GET and list (decision 0051), derived from the registry: every field
// the GET answers can be asked for alone and comes back with the id only, all of them together are
// the whole answer, and an unknown name is a 400 naming `fields`. Then the formats (XML, text, CSV,
// XLSX) for a few records, and the statement: a column that cannot be read fails the whole answer
// but not one that leaves it out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, testApp, workbookOf, type TestContext } from '../../test/helpers.ts';
import { FIXTURES, recordMaker, type FixtureContext } from '../../test/record-fixtures.ts';
import { collectionPath, idProperty } from '../platform/records/record.ts';
import { records } from './registry.ts';

type Caller = ReturnType<typeof as>;
type Body = Record<string, unknown>;

let t: TestContext;
let fixtures: FixtureContext;
const callers = {} as { admin: Caller; north: Caller; south: Caller };

beforeAll(async () => {
  t = await testApp();
  callers.admin = as(t.app, t.tenant.adminToken);
  callers.north = as(t.app, t.tenant.northToken);
  callers.south = as(t.app, t.tenant.southToken);
  fixtures = recordMaker(t.app, t.database.db, t.tenant);
});
afterAll(async () => { await t?.close(); });

/** Only `keys` of a body (those it has). */
const only = (body: Body, keys: string[]) => Object.fromEntries(Object.entries(body).filter(([k]) => keys.includes(k)));

for (const def of records) {
  describe(`${def.name}: fields=`, () => {
    const key = idProperty(def);
    let collection = def.path;
    let id = 0;
    let caller: Caller;
    const get = async (query: string) => caller({ method: 'GET', url: `${collection}/${id}${query}` });
    const list = async (query: string) => caller({ method: 'GET', url: `${collection}?take=1000${query}` });

    beforeAll(async () => {
      const fixture = FIXTURES[def.name]!;
      caller = callers[fixture.at];
      const parentId = def.parent ? await fixtures.make(def.parent.record.name) : undefined;
      collection = collectionPath(def, parentId);
      id = await fixtures.make(def.name, parentId);
    });

    it('GET: each field alone answers that field and the id; all of them answer the whole record', async () => {
      const whole = await get('');
      expect(whole.statusCode, whole.body).toBe(200);
      const full = whole.json() as Body;
      const names = Object.keys(def.read.schema.properties).filter((name) => name !== key);
      const all = await get(`?fields=${names.join(',')}`);
      expect(all.statusCode, all.body).toBe(200);
      expect(all.json()).toEqual(full);
      for (const name of names) {
        const res = await get(`?fields=${name}`);
        expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
        expect(res.json(), name).toEqual(only(full, [key, name]));
      }
    });

    it('the list: each field alone answers that field and the id of every item', async () => {
      const whole = await list('');
      expect(whole.statusCode, whole.body).toBe(200);
      const full = whole.json() as { data: Body[]; totalCount: number };
      expect(full.data.length).toBeGreaterThan(0);
      for (const name of Object.keys(def.list.item.properties).filter((n) => n !== key)) {
        const res = await list(`&fields=${name}`);
        expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
        expect(res.json(), name).toEqual({ totalCount: full.totalCount, data: full.data.map((item) => only(item, [key, name])) });
      }
    });

    it('an unknown field answers 400 naming fields and the unknown names, in the GET and the list', async () => {
      const first = Object.keys(def.list.item.properties).find((n) => n !== key)!;
      for (const res of [await get(`?fields=${first},noSuchField,otherNoSuch`), await list(`&fields=${first},noSuchField,otherNoSuch`)]) {
        expect(res.statusCode, res.body).toBe(400);
        expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
        const errors = res.json().errors as Record<string, string[]>;
        expect(Object.keys(errors)).toEqual(['fields']);
        expect(errors.fields!.join(' ')).toContain('noSuchField, otherNoSuch');
      }
    });
  });
}

describe('fields= on the child collections: an employee\'s contact methods and messages', () => {
  let employeeId = 0;
  beforeAll(async () => {
    employeeId = await fixtures.make('Employee');
    const method = await callers.north({ method: 'POST', url: `/Employees/${employeeId}/contactmethods`, payload: { contactMethodTypeId: 1, contactMethod: 'ann@example.com', notes: 'work' } });
    expect(method.statusCode, method.body).toBe(201);
    const message = await callers.north({ method: 'POST', url: `/Employees/${employeeId}/messages`, payload: { text: 'Called back', subject: 'Call' } });
    expect(message.statusCode, message.body).toBe(201);
  });
  const get = (url: string) => callers.north({ method: 'GET', url });

  for (const { child, key, item } of [
    { child: 'contactmethods', key: 'contactMethodId', item: 'contactMethodType' },
    { child: 'messages', key: 'messageId', item: 'subject' },
  ]) {
    it(`${child}: each field alone, in the list and the read, answers that field and the id; an unknown one is a 400 naming fields`, async () => {
      const whole = await get(`/Employees/${employeeId}/${child}`);
      expect(whole.statusCode, whole.body).toBe(200);
      const full = whole.json() as { data: Body[]; totalCount: number };
      expect(full.data.length).toBeGreaterThan(0);
      const first = full.data[0]!;
      expect(first[item]).toBeTruthy();
      for (const name of Object.keys(first).filter((n) => n !== key)) {
        const page = await get(`/Employees/${employeeId}/${child}?fields=${name}`);
        expect(page.statusCode, `${name}: ${page.body}`).toBe(200);
        expect(page.json(), name).toEqual({ totalCount: full.totalCount, data: full.data.map((row) => only(row, [key, name])) });
        const one = await get(`/Employees/${employeeId}/${child}/${first[key]}?fields=${name}`);
        expect(one.statusCode, `${name}: ${one.body}`).toBe(200);
        expect(one.json(), name).toEqual(only(first, [key, name]));
      }
      const refused = await get(`/Employees/${employeeId}/${child}?fields=${item},nope`);
      expect(refused.statusCode).toBe(400);
      expect(Object.keys(refused.json().errors)).toEqual(['fields']);
    });
  }
});

describe('fields= in every format', () => {
  let employeeId = 0;
  beforeAll(async () => {
    employeeId = await fixtures.make('Employee');
  });
  const accept = (type: string, url: string) => callers.north({ method: 'GET', url, headers: { accept: type } });

  it('CSV: the list\'s columns are the id and the fields asked for', async () => {
    const res = await accept('text/csv', '/Employees?fields=lastName,firstName');
    expect(res.statusCode, res.body).toBe(200);
    const [header, ...rows] = res.body.trim().split('\n');
    expect(header).toBe('employeeId,firstName,lastName');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.split(',').length === 3)).toBe(true);
  });

  it('XLSX: the sheet\'s columns are the id and the fields asked for', async () => {
    const res = await accept('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', '/Customers?fields=customerName');
    expect(res.statusCode, res.body).toBe(200);
    const sheet = (await workbookOf(res)).worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'customerId', 'customerName']);
    expect(sheet.rowCount).toBeGreaterThan(1);
  });

  it('XML: the record and the list carry only the fields asked for', async () => {
    const one = await accept('application/xml', `/Employees/${employeeId}?fields=firstName`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.body).toMatch(new RegExp(`<Employee><employeeId>${employeeId}</employeeId><firstName>[^<]*</firstName></Employee>$`));
    const page = await accept('application/xml', '/Employees?fields=lastName');
    expect(page.statusCode, page.body).toBe(200);
    expect(page.body).toContain('<lastName>');
    expect(page.body).not.toContain('<firstName>');
    expect(page.body).not.toContain('<branch>');
  });

  it('text: the record\'s lines are the id and the fields asked for', async () => {
    const res = await accept('text/plain', `/Employees/${employeeId}?fields=lastName,isActive`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body.trim().split('\n').map((line) => line.split(':')[0]).sort()).toEqual(['employeeId', 'isActive', 'lastName']);
  });

  it('JSON: the names are taken in any letter case, each once', async () => {
    const res = await callers.north({ method: 'GET', url: `/Employees/${employeeId}?fields=LASTNAME,lastName,firstname` });
    expect(res.statusCode, res.body).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(['employeeId', 'firstName', 'lastName']);
  });
});

// Last: it breaks the employees' table for this file's database.
describe('fields=: the statement selects only the columns asked for', () => {
  it('a column that cannot be read fails the whole GET and list, and not those that leave it out', async () => {
    const employeeId = await fixtures.make('Employee');
    await t.database.pool.query('alter table employees rename column municipality to municipality_moved');
    const get = (query: string) => callers.north({ method: 'GET', url: `/Employees/${employeeId}${query}` });
    const list = (query: string) => callers.north({ method: 'GET', url: `/Employees${query}` });
    expect((await get('')).statusCode, 'the whole record reads the column').toBeGreaterThanOrEqual(500);
    expect((await list('')).statusCode, 'the whole list reads the column').toBeGreaterThanOrEqual(500);
    const one = await get('?fields=firstName,lastName');
    expect(one.statusCode, one.body).toBe(200);
    expect(Object.keys(one.json()).sort()).toEqual(['employeeId', 'firstName', 'lastName']);
    const page = await list('?fields=lastName');
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().data.length).toBeGreaterThan(0);
  });
});
