// XML request bodies on real routes (docs/content-negotiation.md, "Requests"): an array is read from
// the route's body schema, so one element is an array of one, in the layout the service writes
// (`<reports><item>…</item></reports>`) and in the plain one (`<reports>…</reports>` repeated). Routes:
// an object holding an array of objects (assessment results), a top-level array (a JSON Patch
// document), an object holding an array of strings (a webhook subscription).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, type Caller, testApp, type TestContext } from '../../test/helpers.ts';
import { repToken, seedOffer, seedSession } from './assessments/assessment-session.fixtures.ts';

let t: TestContext;
let admin: Caller;
let provider: Caller;
let employeeId: number;
let offer: Awaited<ReturnType<typeof seedOffer>>;
const CODES = ['typing-60', 'forklift-safety'] as const;

beforeAll(async () => {
  t = await testApp({ WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true' });
  admin = as(t.app, t.tenant.adminToken);
  provider = as(t.app, await repToken(t.database.db, t.tenant.tenantId, t.tenant.adminRepId, ['assessoncloudresults-write']));
  offer = await seedOffer(t.database.db, t.tenant.tenantId, CODES, { apiUrl: 'http://127.0.0.1:9', apiKey: 'k' });
  const created = await admin({ method: 'POST', url: '/Employees', payload: { firstName: 'Ann', lastName: 'Lee', branchId: t.tenant.north.branchId, region: 'MN' } });
  expect(created.statusCode, created.body).toBe(201);
  employeeId = created.json().employeeId;
});
afterAll(async () => { await t?.close(); });

const employee = async () => (await admin({ method: 'GET', url: `/Employees/${employeeId}` })).json();
const xml = (caller: Caller, method: 'POST' | 'PATCH', url: string, body: string) =>
  caller({ method, url, payload: `<?xml version="1.0" encoding="utf-8"?>${body}`, headers: { 'content-type': 'application/xml' } });

/** The two layouts of an array property `name` holding `elements` (each the inner XML of one element). */
const layouts = (name: string, elements: string[]) => ({
  items: `<${name}>${elements.map((e) => `<item>${e}</item>`).join('')}</${name}>`,
  plain: elements.map((e) => `<${name}>${e}</${name}>`).join(''),
});

describe('NEG-08: arrays in XML bodies come from the route\'s schema', () => {
  it('an object holding an array of objects (assessment results): one report and two, in both layouts', async () => {
    const report = (n: number) => `<reportId>R-${n}</reportId><assessmentCode>${CODES[n % 2]}</assessmentCode><completedAt>2026-03-15T14:02:00Z</completedAt>`
      + `<score><value>6${n}</value><minimum>0</minimum><maximum>100</maximum></score><outcome>pass</outcome>`;
    for (const count of [1, 2]) {
      for (const [layout, reports] of Object.entries(layouts('reports', [1, 2].slice(0, count).map(report)))) {
        const sessionId = await seedSession(t.database.db, {
          tenantId: t.tenant.tenantId, hierId: t.tenant.north.hierId, employeeId, vendorId: offer.vendorId, assessmentIds: offer.assessmentIds, codes: CODES,
        });
        const res = await xml(provider, 'POST', '/Assessments/Sessions/AssessOnCloud/Results',
          `<AssessmentResults><assessmentSessionId>${sessionId}</assessmentSessionId>${reports}</AssessmentResults>`);
        expect(res.statusCode, `${count} ${layout}: ${res.body}`).toBe(200);
        expect(res.json()).toMatchObject({ assessmentSessionId: sessionId, received: count, stored: count });
        const session = (await admin({ method: 'GET', url: `/Assessments/Sessions/${sessionId}` })).json();
        expect(session.results.map((r: { reportId: string; score: unknown }) => [r.reportId, r.score]))
          .toEqual([{ reportId: 'R-1', score: { value: 61, minimum: 0, maximum: 100 } }, { reportId: 'R-2', score: { value: 62, minimum: 0, maximum: 100 } }]
            .slice(0, count).map((r) => [r.reportId, r.score]));
      }
    }
  });

  it('a top-level array (a JSON Patch document): one operation and two, as <item> or any repeated element', async () => {
    const op = (field: string, value: string) => `<op>replace</op><path>/${field}</path><value>${value}</value>`;
    const documents = (ops: string[]) => ({
      items: `<Patch>${ops.map((o) => `<item>${o}</item>`).join('')}</Patch>`,
      plain: `<Operations>${ops.map((o) => `<Operation>${o}</Operation>`).join('')}</Operations>`,
    });
    for (const [layout, body] of Object.entries(documents([op('FirstName', 'Una')]))) {
      const res = await xml(admin, 'PATCH', `/Employees/${employeeId}`, body);
      expect(res.statusCode, `one ${layout}: ${res.body}`).toBe(200);
      expect(await employee()).toMatchObject({ firstName: 'Una' });
      await admin({ method: 'PATCH', url: `/Employees/${employeeId}`, payload: [{ op: 'replace', path: '/FirstName', value: 'Ann' }] });
    }
    for (const [layout, body] of Object.entries({ items: documents([op('FirstName', 'Two-items'), op('LastName', 'Ops-items')]).items, plain: documents([op('FirstName', 'Two-plain'), op('LastName', 'Ops-plain')]).plain })) {
      const res = await xml(admin, 'PATCH', `/Employees/${employeeId}`, body);
      expect(res.statusCode, `two ${layout}: ${res.body}`).toBe(200);
      expect(await employee()).toMatchObject({ firstName: `Two-${layout}`, lastName: `Ops-${layout}` });
    }
  });

  it('an object holding an array of strings (a webhook subscription): one event type and two, in both layouts', async () => {
    for (const types of [['employee.updated'], ['employee.updated', 'customer.created']]) {
      for (const [layout, eventTypes] of Object.entries(layouts('eventTypes', types))) {
        const res = await xml(admin, 'POST', '/Webhooks', `<Webhook><url>http://127.0.0.1:9/hook</url>${eventTypes}<description>${layout}</description></Webhook>`);
        expect(res.statusCode, `${types.length} ${layout}: ${res.body}`).toBe(201);
        expect(res.json()).toMatchObject({ eventTypes: types, description: layout });
      }
    }
  });

  it('an empty array element is an empty array, refused by its minimum naming the field; a scalar where an array of objects belongs is refused naming it', async () => {
    const empty = await xml(admin, 'POST', '/Webhooks', '<Webhook><url>http://127.0.0.1:9/hook</url><eventTypes/></Webhook>');
    expect(empty.statusCode, empty.body).toBe(400);
    expect(Object.keys(empty.json().errors)).toEqual(['eventTypes']);
    const scalar = await xml(provider, 'POST', '/Assessments/Sessions/AssessOnCloud/Results', '<R><assessmentSessionId>1</assessmentSessionId><reports>text</reports></R>');
    expect(scalar.statusCode, scalar.body).toBe(400);
    expect(Object.keys(scalar.json().errors)[0]).toMatch(/^reports/);
  });
});
