// CSV and XLSX pages (docs/content-negotiation.md, "Layouts"): the header row is the list's columns
// as its response schema gives them (nested objects as dotted names), on an empty page as on a full
// one, whatever the rows hold.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseCsv } from 'csv-parse/sync';
import { callers, testApp, type Caller, type TestContext, workbookOf } from '../../test/helpers.ts';
import { XLSX } from '../platform/http/negotiation.ts';

let t: TestContext;
let admin: Caller;
beforeAll(async () => {
  t = await testApp({ WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true' });
  ({ admin } = callers(t));
});
afterAll(async () => { await t?.close(); });

async function csvRows(url: string): Promise<string[][]> {
  const res = await admin({ method: 'GET', url, headers: { accept: 'text/csv' } });
  expect(res.statusCode, res.body).toBe(200);
  return parseCsv(res.body, { relaxColumnCount: true });
}

async function sheetRows(url: string, sheetName: string): Promise<unknown[][]> {
  const res = await admin({ method: 'GET', url, headers: { accept: XLSX } });
  expect(res.statusCode, res.body).toBe(200);
  const workbook = await workbookOf(res);
  const sheet = workbook.getWorksheet(sheetName);
  expect(sheet, sheetName).toBeDefined();
  const rows: unknown[][] = [];
  sheet!.eachRow((row) => { rows.push((row.values as unknown[]).slice(1)); });
  return rows;
}

describe('NEG-11: CSV and XLSX headers come from the response schema', () => {
  it('the vetting rules: the schema\'s columns in its order, on a full page and on an empty one', async () => {
    const header = ['ruleCode', 'summary', 'isEnabled', 'approvalLevel', 'isDefault'];
    const full = await csvRows('/assignmentRestriction/rules?take=2');
    expect(full[0]).toEqual(header);
    expect(full).toHaveLength(3);
    expect(await csvRows('/assignmentRestriction/rules?skip=1000')).toEqual([header]);
    expect((await sheetRows('/assignmentRestriction/rules?take=2', 'AssignmentRestrictionRule'))[0]).toEqual(header);
    expect(await sheetRows('/assignmentRestriction/rules?skip=1000', 'AssignmentRestrictionRule')).toEqual([header]);
  });

  it('employees: an empty page has the header of a full one', async () => {
    const created = await admin({ method: 'POST', url: '/Employees', payload: { firstName: 'Ann', lastName: 'Lee', branchId: t.tenant.north.branchId, region: 'MN' } });
    expect(created.statusCode, created.body).toBe(201);
    const [header, ...rows] = await csvRows('/Employees');
    expect(rows.length).toBeGreaterThan(0);
    expect(header).toEqual(expect.arrayContaining(['employeeId', 'firstName', 'lastName', 'branchId', 'municipality', 'region']));
    expect(await csvRows('/Employees?skip=100000')).toEqual([header]);
    expect(await sheetRows('/Employees?skip=100000', 'Employee')).toEqual([header]);
    expect((await sheetRows('/Employees', 'Employee'))[0]).toEqual(header);
  });

  it('webhook subscriptions: nested objects are dotted columns, present on an empty page and on rows whose values are null', async () => {
    const [emptyHeader, ...none] = await csvRows('/Webhooks');
    expect(none).toEqual([]);
    expect(emptyHeader).toEqual(expect.arrayContaining(['webhookId', 'url', 'eventTypes', 'description', 'deliveries.pending', 'deliveries.failed', 'deliveries.lastError']));
    expect(await sheetRows('/Webhooks', 'Webhook')).toEqual([emptyHeader]);
    const made = await admin({ method: 'POST', url: '/Webhooks', payload: { url: 'http://127.0.0.1:9/hook', eventTypes: ['employee.updated', 'customer.created'] } });
    expect(made.statusCode, made.body).toBe(201);
    const [header, row] = await csvRows('/Webhooks');
    expect(header).toEqual(emptyHeader);
    const cell = (name: string) => row![header!.indexOf(name)];
    expect([cell('eventTypes'), cell('description'), cell('deliveries.lastError'), cell('deliveries.pending')]).toEqual(['employee.updated; customer.created', '', '', '0']);
  });
});
