// The demo tenant as a newcomer meets it: the rules the README describes can be tried with what
// `npm start` prints, among them a hierarchy node that may not create employees.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.ts';
import type { Database } from '../../platform/db/database.ts';
import { hierarchyNodes } from '../../platform/db/schema.ts';
import { printDemoCredentials } from '../../cli/serve.ts';
import { eventTypesOf, testConfig, testDatabase } from '../../../test/helpers.ts';
import { multipart } from '../../../test/multipart.ts';
import { ensureDemo, type DemoCredentials } from './demo.seed.ts';

let database: Database;
let app: FastifyInstance;
let dir: string;
let demo: DemoCredentials;
const config = testConfig();

beforeAll(async () => {
  database = await testDatabase();
  app = await buildApp({ config, database, listenForRevocations: false });
  dir = mkdtempSync(join(tmpdir(), 'staffing-demo-'));
  demo = await ensureDemo(database.db, dir);
}, 60_000);
afterAll(async () => {
  await app?.close();
  await database?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const newEmployee = (token: string, branchId: number) => app.inject({
  method: 'POST', url: '/Employees', headers: { 'x-tw-token': token },
  payload: { firstName: 'Pat', lastName: 'Example', branchId, region: 'MN' },
});

const get = async (url: string) => {
  const res = await app.inject({ method: 'GET', url, headers: { 'x-tw-token': demo.personalAccessToken.token } });
  expect(res.statusCode, `${url} ${res.body}`).toBe(200);
  return res.json();
};

describe('the demo tenant', () => {
  it('EMP-21 has a rep at a node that may not create employees: POST /Employees answers 403 HIERARCHY_CANNOT_CREATE_EMPLOYEES; the administrator gets 201', async () => {
    const { payroll } = demo;
    expect(payroll).toMatchObject({ node: 'Payroll Services', serviceRepId: expect.any(Number), branchId: expect.any(Number) });
    const refused = await newEmployee(payroll.personalAccessToken.token, payroll.branchId);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().code).toBe('HIERARCHY_CANNOT_CREATE_EMPLOYEES');
    const created = await newEmployee(demo.personalAccessToken.token, payroll.branchId);
    expect(created.statusCode, created.body).toBe(201);
  });

  it('RES-12 its node may not insert master data either: a resume upload by its rep answers 403 HIERARCHY_CANNOT_INSERT_MASTER_DATA', async () => {
    const form = await multipart({}, [{ name: 'resume', fileName: 'cv.txt', type: 'text/plain', bytes: Buffer.from('Pat Example\npat@example.com\nSkills: payroll') }]);
    const refused = await app.inject({ method: 'POST', url: '/Employees/Resume', headers: { ...form.headers, 'x-tw-token': demo.payroll.personalAccessToken.token }, payload: form.payload });
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().code).toBe('HIERARCHY_CANNOT_INSERT_MASTER_DATA');
  });

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

  it('its web user\'s employee is on an assignment, placed as a rep places one: vetted clear, then created with its event', async () => {
    const { employeeId, assignmentId } = demo.oauth.webuser;
    const admin = { 'x-tw-token': demo.personalAccessToken.token };
    const assignment = await app.inject({ method: 'GET', url: `/Assignments/${assignmentId}`, headers: admin });
    expect(assignment.statusCode, assignment.body).toBe(200);
    expect(assignment.json()).toMatchObject({ employeeId, assignmentStatus: 'Active' });
    const vetting = await app.inject({ method: 'GET', url: `/jobOrder/${assignment.json().jobOrderId}/assignmentRestriction`, headers: admin });
    expect(vetting.json().data).toEqual([expect.objectContaining({ employeeId, assignmentId, status: 'placed' })]);
    expect(await eventTypesOf(database, demo.tenantId, 'Assignment', assignmentId)).toEqual(['assignment.created']);
  });

  it('keeps its credentials between starts; an older credentials file without the payroll rep is replaced, with no second node', async () => {
    expect(await ensureDemo(database.db, dir)).toEqual(demo);
    const file = join(dir, 'demo-credentials.json');
    const { payroll: _dropped, ...older } = JSON.parse(readFileSync(file, 'utf8'));
    writeFileSync(file, JSON.stringify(older));
    const renewed = await ensureDemo(database.db, dir);
    expect(renewed.payroll).toMatchObject({ serviceRepId: demo.payroll.serviceRepId, hierId: demo.payroll.hierId });
    expect((await newEmployee(renewed.payroll.personalAccessToken.token, renewed.payroll.branchId)).statusCode).toBe(403);
    const nodes = await database.db.select().from(hierarchyNodes).where(and(eq(hierarchyNodes.tenantId, demo.tenantId), eq(hierarchyNodes.name, 'Payroll Services')));
    expect(nodes).toHaveLength(1);
  });

  it('npm start prints the 403 as a copy-paste curl', () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    try {
      printDemoCredentials(config, demo);
      const printed = log.mock.calls.flat().join('\n');
      expect(printed).toContain(`curl -H 'x-tw-token: ${demo.payroll.personalAccessToken.token}'`);
      expect(printed).toContain(`"branchId":${demo.payroll.branchId}`);
      expect(printed).toContain('HIERARCHY_CANNOT_CREATE_EMPLOYEES');
      expect(printed).toContain('HIERARCHY_CANNOT_INSERT_MASTER_DATA');
    } finally {
      log.mockRestore();
    }
  });
});
