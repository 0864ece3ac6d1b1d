// `staffing client|webuser|keys` against this file's database: the success paths as a user runs
// them (a child process), the refusals in process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { commandDatabase, inProcess as runInProcess, staffing as runStaffing } from '../../test/cli.ts';
import { as, testConfig, type TenantFixture } from '../../test/helpers.ts';
import { buildApp } from '../app.ts';
import type { Database } from '../platform/db/database.ts';
import { oauthClients, signingKeys } from '../platform/db/schema.ts';
import { secretMatches } from '../platform/auth/credentials.ts';
import { loginCommand } from './login.command.ts';

let database: Database;
let tenant: TenantFixture;
let env: NodeJS.ProcessEnv;
let employeeId: number;

beforeAll(async () => {
  ({ database, tenant, env } = await commandDatabase(['acme']));
  const app = await buildApp({ config: testConfig(), database, listenForRevocations: false });
  const created = await as(app, tenant.northToken)({ method: 'POST', url: '/Employees', payload: { firstName: 'Cli', lastName: 'Worker', branchId: tenant.north.branchId, region: 'MN' } });
  employeeId = created.json<{ employeeId: number }>().employeeId;
  await app.close();
});
afterAll(async () => { await database?.close(); });

const inProcess = (command: string, ...args: string[]) => runInProcess((config, rest) => loginCommand(config, command, rest), testConfig({ DATABASE_URL: env.DATABASE_URL! }), args);

describe('staffing client', () => {
  it('AUTH-07 client create --json prints client_id and client_secret once; only the secret\'s hash is stored', async () => {
    const run = await runStaffing(env, 'client', 'create', '--tenant', 'acme', '--pid', 'portal', '--grants', 'tw_vendor_service_credentials,tw_vendor_webuser',
      '--scopes', 'employee-read,assignment-read', '--rep', String(tenant.north.repId), '--json');
    expect(run.code, run.stderr).toBe(0);
    const out = JSON.parse(run.stdout);
    expect(out).toMatchObject({ client_id: expect.stringMatching(/^cl_/), client_secret: expect.any(String), scopes: ['assignment-read', 'employee-read'] });
    const [row] = await database.db.select().from(oauthClients).where(eq(oauthClients.clientId, out.client_id));
    expect(row).toMatchObject({ productInstanceId: 'portal', serviceRepId: tenant.north.repId, revokedAt: null });
    expect(secretMatches(out.client_secret, row!.secretHash!)).toBe(true);
    expect(row!.secretHash!.toString('utf8')).not.toContain(out.client_secret);

    const revoked = await inProcess('client', 'revoke', out.client_id);
    expect(revoked.code).toBe(0);
    expect(await inProcess('client', 'revoke', out.client_id)).toMatchObject({ code: 65, stderr: `No active client ${out.client_id}.` });
  });

  it('refuses what cannot work, saying why: wrong usage 64, refused input 65', async () => {
    const cases: [string[], number, RegExp][] = [
      [['--pid', 'x', '--grants', 'tw_vendor_service_credentials'], 64, /--tenant is required/],
      [['--tenant', 'acme', '--grants', 'tw_vendor_webuser'], 64, /--pid is required/],
      [['--tenant', 'acme', '--pid', 'x', '--grants', 'tw_vendor_webuser', '--colour', 'red'], 64, /colour/],
      [['--tenant', 'nobody', '--pid', 'x', '--grants', 'tw_vendor_webuser'], 65, /No tenant named "nobody"/],
      [['--tenant', 'acme', '--pid', 'x', '--grants', 'password'], 65, /Grants must be some of .*unknown: password/],
      [['--tenant', 'acme', '--pid', 'x', '--grants', 'tw_vendor_service_credentials'], 65, /needs --rep/],
      [['--tenant', 'acme', '--pid', 'x', '--grants', 'authorization_code'], 65, /needs at least one --redirect-uri/],
      [['--tenant', 'acme', '--pid', 'x', '--grants', 'authorization_code', '--redirect-uri', 'http://example.com/cb'], 65, /must be https/],
      [['--tenant', 'acme', '--pid', 'x', '--grants', 'tw_vendor_webuser', '--scopes', 'everything'], 65, /Unknown scopes: everything/],
      [['--tenant', 'acme', '--pid', 'bad pid!', '--grants', 'tw_vendor_webuser'], 65, /product instance id is 1 to 64/],
    ];
    for (const [args, code, message] of cases) {
      const run = await inProcess('client', 'create', ...args);
      expect(run.code, args.join(' ')).toBe(code);
      expect(run.stderr).toMatch(message);
    }
    expect((await inProcess('client', 'rename')).code).toBe(64);
  });
});

describe('staffing webuser, keys', () => {
  it('AUTH-05 webuser create gives an employee a login; a second login for the same record is refused', async () => {
    const run = await runStaffing(env, 'webuser', 'create', '--tenant', 'acme', '--type', 'employee', '--record', String(employeeId), '--username', 'cli.worker', '--password', 'long enough password', '--json');
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ webUserId: expect.any(Number), usertype: 'WebUserEmployee' });
    const again = await inProcess('webuser', 'create', '--tenant', 'acme', '--type', 'employee', '--record', String(employeeId), '--username', 'other.name', '--password', 'long enough password');
    expect(again).toMatchObject({ code: 65, stderr: expect.stringContaining('already has a login') });
    expect((await inProcess('webuser', 'create', '--tenant', 'acme', '--type', 'employee', '--record', '999999', '--username', 'x', '--password', 'long enough password')).stderr).toMatch(/No employee 999999/);
    expect((await inProcess('webuser', 'create', '--tenant', 'acme', '--type', 'contact', '--record', '1', '--username', 'x', '--password', 'short')).stderr).toMatch(/at least 10 characters/);
  });

  it('keys rotate adds a signing key', async () => {
    const before = (await database.db.select().from(signingKeys)).length;
    expect((await inProcess('keys', 'rotate')).code).toBe(0);
    const keys = await database.db.select().from(signingKeys);
    expect(keys.length).toBe(before + 1);
    expect(keys.filter((k) => k.retiredAt === null)).toHaveLength(1);
  });
});
