// Bad input gets a 4xx on every record route: ids beyond Int32/Int64, negative, exponent notation,
// wrong body shapes. A 500 here is a missing validation.
import { afterAll, beforeAll, it, expect } from 'vitest';
import { as, testApp, type TestContext } from '../../test/helpers.ts';
let t: TestContext;
beforeAll(async () => { t = await testApp(); });
afterAll(async () => { await t?.close(); });
it('ERR-06 GEN-07 AMB-25: out-of-range ids, ids in queries and odd bodies never answer 500 on any record route', async () => {
  const admin = as(t.app, t.tenant.adminToken);
  const bad: string[] = [];
  const paths = ['/Employees/1/contactmethods', '/Contacts/1/contactmethods', '/Customers/1/contactmethods', '/Employees', '/Customers', '/Contacts', '/Contracts', '/Prospects', '/JobOrders', '/Administration/JobTitles', '/Assignments', '/TimeEntry/timecards', '/RateSheets', '/Vendors'];
  for (const p of paths) {
    for (const id of ['2147483648', '9007199254740993', '-1', '0', '1e3', '99999999999']) {
      for (const method of ['GET', 'PATCH'] as const) {
        const r = await admin({ method, url: `${p}/${id}`, payload: method === 'PATCH' ? [{ op: 'replace', path: '/x', value: 1 }] : undefined });
        if (r.statusCode >= 500) bad.push(`${method} ${p}/${id} ${r.statusCode}`);
      }
    }
    for (const body of [{}, { branchId: 2147483648 }, { customerId: 2 ** 53 + 2, jobOrderId: 2147483648, employeeId: 2147483648 }, [], 'x']) {
      const r = await admin({ method: 'POST', url: p, payload: body as object });
      if (r.statusCode >= 500) bad.push(`POST ${p} ${JSON.stringify(body)} ${r.statusCode} ${r.body.slice(0, 100)}`);
    }
    for (const q of ['skip=99999999999', 'take=5&branchId=2147483648', 'customerId=9007199254740993', 'jobOrderId=2147483648&employeeId=99999999999']) {
      const r = await admin({ method: 'GET', url: `${p}?${q}` });
      if (r.statusCode >= 500) bad.push(`GET ${p}?${q} ${r.statusCode}`);
    }
  }
  expect(bad).toEqual([]);
});
