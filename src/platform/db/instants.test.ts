// A stored instant outside the service's range (±infinity, a BC year written before the range was
// enforced) never makes a record unreadable: it reads as the range's nearest end (decision 0003).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { as, testApp, type TestContext } from '../../../test/helpers.ts';
import { readInstant } from './database.ts';

let t: TestContext;
beforeAll(async () => { t = await testApp(); });
afterAll(async () => { await t?.close(); });

it('reads instants outside years 1 to 9999 as the nearest end of the range, and leaves the rest alone', () => {
  expect(readInstant('infinity').toISOString()).toBe('9999-12-31T23:59:59.999Z');
  expect(readInstant('-infinity').toISOString()).toBe('0001-01-01T00:00:00.000Z');
  expect(readInstant('4713-01-01 00:00:00+00 BC').toISOString()).toBe('0001-01-01T00:00:00.000Z');
  expect(readInstant('2026-03-04 05:06:07.123+00').toISOString()).toBe('2026-03-04T05:06:07.123Z');
});

it('ERR-06: a customer whose stored dates are ±infinity or BC still answers GET in JSON, XML and CSV', async () => {
  const admin = as(t.app, t.tenant.adminToken);
  const created = await admin({ method: 'POST', url: '/Customers', payload: { customerName: 'Far Dates', departmentName: 'D', branchId: t.tenant.north.branchId } });
  const id = created.json<{ customerId: number }>().customerId;
  const columns = await t.database.db.execute<{ column_name: string }>(sql`select column_name from information_schema.columns where table_name = 'customers' and data_type = 'timestamp with time zone'`);
  for (const value of ['infinity', '-infinity', '4713-01-01 00:00:00+00 BC']) {
    for (const { column_name: column } of columns.rows) await t.database.db.execute(sql`update customers set ${sql.identifier(column)} = ${value}::timestamptz where id = ${id}`);
    const json = await admin({ method: 'GET', url: `/Customers/${id}` });
    expect(json.statusCode, `${value}: ${json.body.slice(0, 200)}`).toBe(200);
    expect(json.json<{ dateActivated: string }>().dateActivated).toMatch(/^(0001|9999)-/);
    for (const accept of ['application/xml', 'text/plain']) expect((await admin({ method: 'GET', url: `/Customers/${id}`, headers: { accept } })).statusCode).toBe(200);
    expect((await admin({ method: 'GET', url: '/Customers', headers: { accept: 'text/csv' } })).statusCode).toBe(200);
  }
});
