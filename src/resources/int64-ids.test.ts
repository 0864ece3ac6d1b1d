// Int64 ids over their whole range (GEN-11, decision 0003): the database never gives an id above
// 2^53 - 1 (every bigint identity's maxvalue), so a well-formed Int64 above it names no record: 404 in
// a path, a 400 naming the reference in a body, never a query with a rounded id. Past 2^63 - 1, or
// not a whole number, it is no Int64: 400 naming the field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callers, testApp, type Caller, type TestContext } from '../../test/helpers.ts';

let t: TestContext;
let admin: Caller;
let ids: { employee: number; customer: number; contact: number };

const ABOVE_JS = ['9007199254740992', '9007199254740993', '9223372036854775807'];
const NOT_INT64 = ['9223372036854775808', '99999999999999999999', '12ab', '1.5', '0', '-3'];

beforeAll(async () => {
  t = await testApp();
  ({ admin } = callers(t));
  const made = async (url: string, payload: Record<string, unknown>, id: string) => {
    const res = await admin({ method: 'POST', url, payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json()[id] as number;
  };
  const employee = await made('/Employees', { firstName: 'Ann', lastName: 'Lee', branchId: t.tenant.north.branchId, region: 'MN' }, 'employeeId');
  const customer = await made('/Customers', { customerName: 'Big Ids Inc', departmentName: 'Yard', branchId: t.tenant.north.branchId }, 'customerId');
  const contact = await made('/Contacts', { firstName: 'Cy', lastName: 'Contact', customerId: customer, branchId: t.tenant.north.branchId }, 'contactId');
  ids = { employee, customer, contact };
});
afterAll(async () => { await t?.close(); });

const json = (method: 'POST' | 'PATCH' | 'PUT', url: string, payload: string, type = 'application/json') =>
  admin({ method, url, payload, headers: { 'content-type': type } });

describe('GEN-11: Int64 ids in paths', () => {
  it('an Int64 id above 2^53 - 1 is a 404 on GET, PATCH and PUT routes of several records, never a 400', async () => {
    for (const id of ABOVE_JS) {
      const answers = [
        await admin({ method: 'GET', url: `/Employees/${id}` }),
        await admin({ method: 'GET', url: `/Customers/${id}` }),
        await admin({ method: 'GET', url: `/Assignments/${id}` }),
        await json('PATCH', `/Contacts/${id}`, '[{"op":"replace","path":"/FirstName","value":"X"}]', 'application/json-patch+json'),
        await json('PATCH', `/Employees/${id}`, '[{"op":"replace","path":"/FirstName","value":"X"}]', 'application/json-patch+json'),
        await json('PUT', `/Assignments/${id}/messages/${id}`, '{"text":"hello"}'),
        await admin({ method: 'GET', url: `/Employees/${id}/assessmentSessions` }),
        await admin({ method: 'GET', url: `/Assignments/${id}/accruals` }),
      ];
      for (const res of answers) {
        expect(res.statusCode, `${id}: ${res.body}`).toBe(404);
        if (id === '9007199254740993') expect(res.body).not.toContain('9007199254740992');
      }
    }
  });

  it('what is no Int64 (past 2^63 - 1, not a whole number, not positive) is a 400 naming the id', async () => {
    for (const id of NOT_INT64) {
      for (const url of [`/Employees/${id}`, `/Customers/${id}`]) {
        const res = await admin({ method: 'GET', url });
        expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
        expect(Object.keys(res.json().errors), url).toEqual(['id']);
      }
    }
  });

  it('an Int32 id keeps its width: past 2^31 - 1 is a 400', async () => {
    const res = await admin({ method: 'GET', url: '/JobOrders/2147483648' });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['id']);
  });
});

describe('GEN-11: Int64 references in bodies', () => {
  const unknownEmployee = (res: { statusCode: number; body: string }, field: string) => {
    expect(res.statusCode, res.body).toBe(400);
    const errors = JSON.parse(res.body).errors as Record<string, string[]>;
    expect(Object.keys(errors), res.body).toEqual([field]);
    expect(errors[field]!.join(' '), res.body).toMatch(/no such/);
    expect(res.body).not.toMatch(/9007199254740992|9223372036854775808|9223372036854776000/);
  };

  it('an Int64 reference above 2^53 - 1 in a JSON or XML create body is a 400 naming the missing reference', async () => {
    for (const id of ABOVE_JS.slice(0, 2)) {
      unknownEmployee(await json('POST', '/Contacts', `{"firstName":"A","lastName":"B","branchId":${t.tenant.north.branchId},"customerId":${ids.customer},"employeeId":${id}}`), 'employeeId');
    }
    for (const id of ABOVE_JS) {
      unknownEmployee(await json('POST', '/Contacts', `<Contact><firstName>A</firstName><lastName>B</lastName><branchId>${t.tenant.north.branchId}</branchId><customerId>${ids.customer}</customerId><employeeId>${id}</employeeId></Contact>`, 'application/xml'), 'employeeId');
      unknownEmployee(await json('POST', '/Contacts', `firstName=A&lastName=B&branchId=${t.tenant.north.branchId}&customerId=${ids.customer}&employeeId=${id}`, 'application/x-www-form-urlencoded'), 'employeeId');
    }
  });

  it('an Int64 reference above 2^53 - 1 in a PATCH value is a 400 naming the missing reference', async () => {
    for (const id of ABOVE_JS.slice(0, 2)) {
      const res = await json('PATCH', `/Contacts/${ids.contact}`, `[{"op":"replace","path":"/EmployeeId","value":${id}}]`, 'application/json-patch+json');
      expect(res.statusCode, res.body).toBe(400);
      expect(JSON.stringify(res.json().errors)).toMatch(/no such/);
    }
  });

  it('past 2^63 - 1 a reference is no Int64: a 400 naming it', async () => {
    for (const id of ['9223372036854775808', '99999999999999999999']) {
      const res = await json('POST', '/Contacts', `<Contact><firstName>A</firstName><lastName>B</lastName><branchId>${t.tenant.north.branchId}</branchId><customerId>${ids.customer}</customerId><employeeId>${id}</employeeId></Contact>`, 'application/xml');
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toEqual({ employeeId: [expect.stringMatching(/Int64/)] });
    }
    const json99 = await json('POST', '/Contacts', `{"firstName":"A","lastName":"B","branchId":${t.tenant.north.branchId},"customerId":${ids.customer},"employeeId":99999999999999999999}`);
    expect(json99.statusCode, json99.body).toBe(400);
    expect(json99.json().errors).toEqual({ employeeId: [expect.stringMatching(/Int64/)] });
  });
});

describe('GEN-11: no id above 2^53 - 1 is ever given', () => {
  it('every bigint identity column\'s sequence stops at 2^53 - 1', async () => {
    const { rows } = await t.database.pool.query<{ table_name: string; identity_maximum: string }>(
      `select table_name, identity_maximum from information_schema.columns where table_schema = 'public' and is_identity = 'YES' and data_type = 'bigint'`);
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.filter((r) => r.identity_maximum !== String(Number.MAX_SAFE_INTEGER)).map((r) => r.table_name)).toEqual([]);
  });
});
