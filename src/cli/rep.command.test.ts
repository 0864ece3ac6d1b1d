// `staffing rep create|list|login` against this file's database: a rep created as a user runs it (a
// child process) and used through the API with its token; the rest in process. A flag left out or
// not a number is wrong usage (64); a name given empty or too long, like every other value the tenant
// does not have, is refused input (65).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { commandDatabase, inProcess as runInProcess, staffing } from '../../test/cli.ts';
import { as, testConfig, type TenantFixture } from '../../test/helpers.ts';
import { buildApp } from '../app.ts';
import type { Database } from '../platform/db/database.ts';
import { hierarchyNodes, serviceReps } from '../platform/db/schema.ts';
import type { Config } from '../config.ts';
import { repCommand } from './rep.command.ts';
import { tokenCommand } from './token.command.ts';

let database: Database;
let tenant: TenantFixture;
let env: NodeJS.ProcessEnv;
let config: Config;
let app: FastifyInstance;

beforeAll(async () => {
  ({ database, tenant, env } = await commandDatabase(['acme', 'other']));
  config = testConfig({ DATABASE_URL: env.DATABASE_URL! });
  app = await buildApp({ config: testConfig(), database, listenForRevocations: false });
});
afterAll(async () => { await app?.close(); await database?.close(); });

const rep = (...args: string[]) => runInProcess(repCommand, config, args);
const repsOf = () => database.db.select().from(serviceReps).where(eq(serviceReps.tenantId, tenant.tenantId));
const employeeAt = async (branchId: number) => {
  const res = await as(app, tenant.adminToken)({ method: 'POST', url: '/Employees', payload: { firstName: 'Eve', lastName: 'Branch', branchId, region: 'MN' } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ employeeId: number }>().employeeId;
};

describe('staffing rep create', () => {
  it('AUTH-21 creates a rep at a branch node; the token issued for it with token create --rep sees that node\'s records, not a sibling branch\'s', async () => {
    const north = await employeeAt(tenant.north.branchId), south = await employeeAt(tenant.south.branchId);
    const run = await staffing(env, 'rep', 'create', '--tenant', 'acme', '--first', 'Payroll', '--last', 'Export App', '--node', String(tenant.north.hierId),
      '--email', 'payroll.export@example.com', '--security-group', 'payroll', '--json');
    expect(run.code, run.stderr).toBe(0);
    const created = JSON.parse(run.stdout);
    expect(created).toEqual({ serviceRepId: expect.any(Number), node: { id: tenant.north.hierId, name: 'North' }, securityGroup: 'Payroll',
      next: `staffing token create --tenant acme --rep ${created.serviceRepId} --scopes <a,b>` });
    const [row] = await database.db.select().from(serviceReps).where(and(eq(serviceReps.tenantId, tenant.tenantId), eq(serviceReps.id, created.serviceRepId)));
    expect(row).toMatchObject({ hierId: tenant.north.hierId, firstName: 'Payroll', lastName: 'Export App', emailAddress: 'payroll.export@example.com', isActive: true });

    const issued = await runInProcess(tokenCommand, config, ['create', '--tenant', 'acme', '--rep', String(created.serviceRepId), '--scopes', 'employee-read', '--json']);
    expect(issued.code, issued.stderr).toBe(0);
    const token = JSON.parse(issued.stdout);
    expect(token.serviceRepId).toBe(created.serviceRepId);
    const read = (id: number) => app.inject({ url: `/Employees/${id}`, headers: { 'x-tw-token': token.token } });
    expect((await read(north)).statusCode).toBe(200);
    expect((await read(south)).statusCode).toBe(404);
  });

  it('AUTH-21 puts a rep at the tenant\'s root node in Recruiters by default, takes names of 50 characters, and prints the next step', async () => {
    const fifty = 'L'.repeat(50);
    const run = await rep('create', '--tenant', 'acme', '--first', ' Report ', '--last', fifty);
    expect(run.code, run.stderr).toBe(0);
    const id = Number(/^Service rep (\d+) /.exec(run.stdout)?.[1]);
    expect(run.stdout).toContain(`Service rep ${id} at node ${tenant.rootHierId} (acme Staffing), security group Recruiters.`);
    expect(run.stdout).toContain(`staffing token create --tenant acme --rep ${id} --scopes `);
    const [row] = await database.db.select().from(serviceReps).where(and(eq(serviceReps.tenantId, tenant.tenantId), eq(serviceReps.id, id)));
    expect(row).toMatchObject({ hierId: tenant.rootHierId, firstName: 'Report', lastName: fifty, emailAddress: null, isActive: true });
  });

  it('AUTH-21 refuses what it cannot create, saying why, and creates nothing: wrong usage 64, refused input 65', async () => {
    const [otherNode] = await database.db.select({ id: hierarchyNodes.id }).from(hierarchyNodes).where(ne(hierarchyNodes.tenantId, tenant.tenantId));
    const names = ['--first', 'App', '--last', 'Rep'];
    const cases: [string[], number, RegExp][] = [
      [['--tenant', 'nobody', ...names], 65, /No tenant named "nobody"/],
      [['--tenant', 'acme', ...names, '--node', '999999'], 65, /no hierarchy node 999999\./],
      [['--tenant', 'acme', ...names, '--node', String(otherNode!.id)], 65, new RegExp(`no hierarchy node ${otherNode!.id}\\.`)],
      [['--tenant', 'acme', '--first', '', '--last', 'Rep'], 65, /first name must be 1 to 50 characters \(it has 0\)/],
      [['--tenant', 'acme', '--first', 'App', '--last', '   '], 65, /last name must be 1 to 50 characters \(it has 0\)/],
      [['--tenant', 'acme', '--first', 'App', '--last', 'L'.repeat(51)], 65, /last name must be 1 to 50 characters \(it has 51\)/],
      [['--tenant', 'acme', '--first', 'A\u0000B', '--last', 'Rep'], 65, /first name must not hold control characters/],
      [['--tenant', 'acme', ...names, '--security-group', 'Wizards'], 65, /no security group "Wizards"\. Groups: Administrators, Recruiters, Payroll\./],
      [['--tenant', 'acme', ...names, '--email', 'not an address'], 65, /"not an address" is not an email address/],
      [['--tenant', 'acme', '--last', 'Rep'], 64, /--first and --last are required/],
      [[...names], 64, /--tenant is required/],
      [['--tenant', 'acme', ...names, '--node', 'north'], 64, /--node must be a positive whole number/],
      [['--tenant', 'acme', ...names, '--colour', 'red'], 64, /colour/],
    ];
    const before = await repsOf();
    for (const [args, code, message] of cases) {
      const run = await rep('create', ...args);
      expect(run.code, args.join(' ')).toBe(code);
      expect(run.stderr, args.join(' ')).toMatch(message);
    }
    expect(await repsOf()).toHaveLength(before.length);
    expect((await rep('rename')).code).toBe(64);
  });
});

describe('staffing rep list, rep login', () => {
  it('AUTH-21 rep list shows each rep with its id, name, node, security group and whether it is active', async () => {
    const created = JSON.parse((await rep('create', '--tenant', 'acme', '--first', 'Listed', '--last', 'App', '--node', String(tenant.south.hierId), '--security-group', 'Administrators', '--json')).stdout);
    await database.db.update(serviceReps).set({ isActive: false }).where(and(eq(serviceReps.tenantId, tenant.tenantId), eq(serviceReps.id, tenant.north.repId)));
    const listed = await rep('list', '--tenant', 'acme', '--json');
    expect(listed.code, listed.stderr).toBe(0);
    const reps = JSON.parse(listed.stdout);
    expect(reps).toContainEqual({ id: created.serviceRepId, firstName: 'Listed', lastName: 'App', emailAddress: null, node: { id: tenant.south.hierId, name: 'South' }, securityGroup: 'Administrators', isActive: true });
    expect(reps).toContainEqual(expect.objectContaining({ id: tenant.north.repId, node: { id: tenant.north.hierId, name: 'North' }, securityGroup: 'Payroll', isActive: false }));
    expect(reps.map((r: { id: number }) => r.id).sort()).toEqual((await repsOf()).map((r) => r.id).sort());

    const text = await rep('list', '--tenant', 'acme');
    expect(text.stdout.split('\n')[0]).toMatch(/^id +name +node +security group +active$/);
    expect(text.stdout).toMatch(new RegExp(`^${created.serviceRepId} +Listed App +${tenant.south.hierId} South +Administrators +yes$`, 'm'));
    expect(text.stdout).toMatch(new RegExp(`^${tenant.north.repId} +Nora North +${tenant.north.hierId} North +Payroll +no$`, 'm'));
    expect((await rep('list', '--tenant', 'nobody')).code).toBe(65);
  });

  it('rep login sets a rep\'s sign-in; a username taken in the tenant is refused', async () => {
    expect((await rep('login', '--tenant', 'acme', '--rep', String(tenant.adminRepId), '--username', 'ada', '--password', 'long enough password')).code).toBe(0);
    const [admin] = await database.db.select().from(serviceReps).where(and(eq(serviceReps.tenantId, tenant.tenantId), eq(serviceReps.id, tenant.adminRepId)));
    expect(admin?.username).toBe('ada');
    expect(await rep('login', '--tenant', 'acme', '--rep', String(tenant.north.repId), '--username', 'ADA', '--password', 'long enough password')).toMatchObject({ code: 65, stderr: expect.stringMatching(/taken/) });
  });
});
