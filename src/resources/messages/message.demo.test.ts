// The demo tenant's messages (decision 0035): a newcomer who lists the messages of the demo's first
// assignment finds the employee's call linked to it and pinned on top, and notes on its employee,
// customer, job order and a contact, all through the API with the printed token.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.ts';
import type { Database } from '../../platform/db/database.ts';
import { testConfig, testDatabase } from '../../../test/helpers.ts';
import { ensureDemo, type DemoCredentials } from '../tenants/demo.seed.ts';

let database: Database;
let app: FastifyInstance;
let dir: string;
let demo: DemoCredentials;

beforeAll(async () => {
  database = await testDatabase();
  app = await buildApp({ config: testConfig(), database, listenForRevocations: false });
  dir = mkdtempSync(join(tmpdir(), 'staffing-demo-messages-'));
  demo = await ensureDemo(database.db, dir);
}, 60_000);
afterAll(async () => {
  await app?.close();
  await database?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const get = async (url: string) => {
  const res = await app.inject({ method: 'GET', url, headers: { 'x-tw-token': demo.personalAccessToken.token } });
  expect(res.statusCode, `${url} ${res.body}`).toBe(200);
  return res.json();
};

it('PATCH-ASG-08 ASG-17: the demo\'s first assignment lists its messages with the employee\'s linked call pinned first; its records have messages too', async () => {
  const { data } = await get('/Assignments?take=1000');
  const first = Math.min(...data.map((a: { assignmentId: number }) => a.assignmentId));
  const assignment = await get(`/Assignments/${first}`);
  const page = await get(`/Assignments/${first}/messages`);
  expect(page.totalCount).toBe(2);
  expect(page.data[0]).toMatchObject({ messageId: assignment.primaryMessageId, isPrimary: true, originType: 'employee', originId: assignment.employeeId, subject: 'Start confirmed', messageAction: 'Phone Call' });
  expect(page.data[1]).toMatchObject({ originType: 'assignment', originId: first, isPrimary: false });

  const employee = await get(`/Employees/${assignment.employeeId}/messages`);
  expect(employee.totalCount).toBe(2);
  expect(employee.data[0]).toMatchObject({ subject: 'Interview', isPrimary: true });
  for (const url of [`/Customers/${assignment.customerId}/messages`, `/JobOrders/${assignment.jobOrderId}/messages`]) {
    expect((await get(url)).totalCount, url).toBe(1);
  }
  const { data: contacts } = await get(`/Contacts?customerId=${assignment.customerId}`);
  expect(contacts.length).toBeGreaterThan(0);
  const withMessages = await Promise.all(contacts.map((c: { contactId: number }) => get(`/Contacts/${c.contactId}/messages`)));
  expect(withMessages.map((p) => p.totalCount).reduce((a, b) => a + b, 0)).toBe(1);
});
