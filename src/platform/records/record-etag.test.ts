// Conditional writes (decision 0049): a record's GET answers a strong ETag of its state, and PATCH
// with If-Match writes only while the record is still in that state (412 with the current ETag
// otherwise). Tested for every registered record, over HTTP against the real service.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestContext } from '../../../test/helpers.ts';
import { recordMaker, FIXTURES, type FixtureContext } from '../../../test/record-fixtures.ts';
import { changed, plainField } from '../../../test/plain-fields.ts';
import { collectionPath } from './record.ts';
import { records } from '../../resources/registry.ts';

let t: TestContext;
let base: string;
let fixtures: FixtureContext;

beforeAll(async () => {
  t = await testApp();
  fixtures = recordMaker(t.app, t.database.db, t.tenant);
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => { await t?.close(); });

const JSON_PATCH = 'application/json-patch+json';
const TAG = /^"[A-Za-z0-9_-]{27}\.(json|xml|text)"$/;

/** A request over HTTP with the credential's token. */
async function call(credential: TestContext['tenant']['adminToken'], method: string, path: string, headers: Record<string, string> = {}, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method, body: body === undefined ? undefined : JSON.stringify(body),
    headers: { 'x-tw-token': credential.token, ...(body === undefined ? {} : { 'content-type': JSON_PATCH }), ...headers },
  });
  const text = await res.text();
  return { status: res.status, etag: res.headers.get('etag'), type: res.headers.get('content-type'), text, json: () => JSON.parse(text) };
}

for (const def of records) {
  describe(`${def.name}: If-Match on PATCH`, () => {
    let path: string;
    const admin = () => t.tenant.adminToken;
    const field = plainField(def);
    const replace = (value: unknown) => [{ op: 'replace', path: `/${field.json}`, value }];

    beforeAll(async () => {
      const parentId = def.parent ? await fixtures.make(def.parent.record.name) : undefined;
      path = `${collectionPath(def, parentId)}/${await fixtures.make(def.name, parentId)}`;
      expect(FIXTURES[def.name]).toBeDefined();
    });

    it('GET answers a strong ETag of the state, one per representation (JSON, XML), the same for every caller who sees it', async () => {
      const json = await call(admin(), 'GET', path);
      const xml = await call(admin(), 'GET', path, { accept: 'application/xml' });
      const rep = await call(t.tenant.northToken, 'GET', path);
      expect(json.status, json.text).toBe(200);
      expect(json.etag).toMatch(TAG);
      expect(xml.etag).toMatch(TAG);
      expect(xml.etag).not.toBe(json.etag);
      expect(xml.etag!.replace('.xml', '.json')).toBe(json.etag);
      expect(rep.etag).toBe(json.etag);
      // If-None-Match still answers 304 with it.
      expect((await call(admin(), 'GET', path, { 'if-none-match': json.etag! })).status).toBe(304);
    });

    it('two editors: the first writes with the ETag it read and gets the new one; the second, with the same ETag, gets 412 with the current ETag and changes nothing', async () => {
      const read = await call(admin(), 'GET', path);
      const first = changed(field, read.json()[field.json], 'Firsted');
      const ok = await call(admin(), 'PATCH', path, { 'if-match': read.etag! }, replace(first));
      expect(ok.status, ok.text).toBe(200);
      const now = await call(admin(), 'GET', path);
      expect(now.json()[field.json]).toEqual(first);
      expect(ok.etag).toBe(now.etag);
      expect(now.etag).not.toBe(read.etag);

      const second = await call(t.tenant.northToken, 'PATCH', path, { 'if-match': read.etag! }, replace(changed(field, first, 'Seconded')));
      expect(second.status, second.text).toBe(412);
      expect(second.type).toContain('application/problem+json');
      expect(second.json()).toMatchObject({ code: 'IF_MATCH_FAILED', status: 412 });
      expect(second.etag).toBe(now.etag);
      expect((await call(admin(), 'GET', path)).json()[field.json]).toEqual(first);
    });

    it('the ETag of the XML GET works as well, and the answer names the XML representation', async () => {
      const xml = await call(admin(), 'GET', path, { accept: 'application/xml' });
      const before = (await call(admin(), 'GET', path)).json()[field.json];
      const ok = await call(admin(), 'PATCH', path, { 'if-match': xml.etag! }, replace(changed(field, before, 'Xmled')));
      expect(ok.status, ok.text).toBe(200);
      expect(ok.etag).toBe((await call(admin(), 'GET', path, { accept: 'application/xml' })).etag);
    });

    it('"nope", a weak tag of the current state and a list of stale tags answer 412; "*" and a list holding the current tag answer 200', async () => {
      const read = await call(admin(), 'GET', path);
      for (const ifMatch of ['"nope"', `W/${read.etag}`, '"a.json", "b.xml"']) {
        const res = await call(admin(), 'PATCH', path, { 'if-match': ifMatch }, []);
        expect(res.status, `${ifMatch}: ${res.text}`).toBe(412);
        expect(res.etag).toBe(read.etag);
      }
      expect((await call(admin(), 'PATCH', path, { 'if-match': '*' }, [])).status).toBe(200);
      const listed = await call(admin(), 'PATCH', path, { 'if-match': `"nope", ${read.etag}` }, []);
      expect(listed.status, listed.text).toBe(200);
      // Nothing changed: the same state, the same tag.
      expect(listed.etag).toBe(read.etag);
    });

    it('without If-Match nothing changes: 200 and no ETag; a record the caller cannot see is 404 with or without it', async () => {
      const before = (await call(admin(), 'GET', path)).json()[field.json];
      const res = await call(admin(), 'PATCH', path, {}, replace(changed(field, before, 'Plain')));
      expect(res.status, res.text).toBe(200);
      expect(res.etag).toBeNull();
      const hidden = await call(t.other.adminToken, 'PATCH', path, { 'if-match': '*' }, []);
      expect(hidden.status, hidden.text).toBe(404);
    });
  });
}
