// externalId on every record the engine serves (decision 0050), from each record's fixture: taken on
// create, shown by its GET (but a job order's, which answers exactly the spec's fields) and its list,
// found by `externalId=`, and unique per tenant and kind (409 naming it, nothing written).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, testApp, type TestContext } from '../../test/helpers.ts';
import { FIXTURES, recordMaker, type FixtureContext } from '../../test/record-fixtures.ts';
import { collectionPath, idProperty } from '../platform/records/record.ts';
import { records } from './records.ts';

let t: TestContext;
let fixtures: FixtureContext;
beforeAll(async () => {
  t = await testApp();
  fixtures = recordMaker(t.app, t.database.db, t.tenant);
});
afterAll(async () => { await t?.close(); });

for (const def of records) {
  describe(`${def.name} (${def.path})`, () => {
    it('takes an externalId on create, shows it, finds the record by it, and refuses it twice (409 naming it)', async () => {
      const fixture = FIXTURES[def.name]!;
      const caller = as(t.app, fixture.at === 'north' ? t.tenant.northToken : t.tenant.southToken);
      const parentId = def.parent ? await fixtures.make(def.parent.record.name) : undefined;
      const collection = collectionPath(def, parentId);
      const externalId = `ext-${def.name}`;
      const created = await caller({ method: 'POST', url: collection, payload: { ...await fixture.body(fixtures), externalId } });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json()[idProperty(def)];

      const read = (await caller({ method: 'GET', url: `${collection}/${id}` })).json();
      if (def.name === 'JobOrder') expect(read).not.toHaveProperty('externalId');
      else expect(read.externalId).toBe(externalId);
      const listed = await caller({ method: 'GET', url: `${collection}?externalId=${externalId}` });
      expect(listed.statusCode, listed.body).toBe(200);
      expect(listed.json()).toMatchObject({ totalCount: 1, data: [{ [idProperty(def)]: id, externalId }] });
      const others = (await caller({ method: 'GET', url: `${collection}?take=1000` })).json().data;
      expect(others.filter((r: Record<string, unknown>) => r.externalId === null).length).toBe(others.length - 1);

      const again = await caller({ method: 'POST', url: collection, payload: { ...await fixture.body(fixtures), externalId } });
      expect(again.statusCode, again.body).toBe(409);
      expect(again.headers['content-type']).toContain('application/problem+json');
      expect(again.json()).toMatchObject({ status: 409, code: 'EXTERNAL_ID_EXISTS', errors: { externalId: ['already exists'] } });
      expect((await caller({ method: 'GET', url: `${collection}?take=1000` })).json().totalCount).toBe(others.length);
    });
  });
}
