// `staffing registration settings|workflows` in process against this test file's database: the
// settings as JSON, each change checked, the callback secret printed once, the workflow list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcess } from '../../test/cli.ts';
import { seededDatabase, testConfig, type TenantFixture } from '../../test/helpers.ts';
import type { Database } from '../platform/db/database.ts';
import { readRegistrationSettings, STAR_FIELDS } from '../resources/registration/registration.settings.ts';
import { registrationCommand } from './registration.command.ts';

let database: Database;
let acme: TenantFixture;

beforeAll(async () => {
  ({ database, tenant: acme } = await seededDatabase(['acme', 'other']));
});
afterAll(async () => { await database?.close(); });

const run = (...args: string[]) => inProcess(registrationCommand, testConfig({ DATABASE_URL: String(database.pool.options.connectionString) }), args);

describe('staffing registration settings', () => {
  it('prints the defaults, then sets the name, the * fields shown and the acting rep', async () => {
    const defaults = await run('settings', '--tenant', 'acme');
    expect(defaults.code, defaults.stderr).toBe(0);
    expect(JSON.parse(defaults.stdout)).toEqual({ name: null, visibleFields: [...STAR_FIELDS], serviceRepId: null, callbackUrl: null, callbackSecret: null });
    const changed = await run('settings', '--tenant', 'acme', '--set', 'name=acme-apply', '--set', 'VISIBLEFIELDS=postalCode,emailAddress', '--set', `serviceRepId=${acme.north.repId}`);
    expect(changed.code, changed.stderr).toBe(0);
    expect(await readRegistrationSettings(database.db, acme.tenantId)).toMatchObject({ name: 'acme-apply', visibleFields: ['emailAddress', 'postalCode'], serviceRepId: acme.north.repId });
    expect((await run('settings', '--tenant', 'acme', '--set', 'visibleFields=none', '--set', 'serviceRepId=default')).code).toBe(0);
    expect(await readRegistrationSettings(database.db, acme.tenantId)).toMatchObject({ visibleFields: [], serviceRepId: null });
  });

  it('refuses what cannot work, naming the setting: a malformed --set is wrong usage (64), a taken name or unknown rep refused input (65); nothing is changed', async () => {
    const before = await readRegistrationSettings(database.db, acme.tenantId);
    for (const [set, code] of [['colour=blue', 64], ['visibleFields=ssn', 64], ['name=Other Name', 64], ['name=other', 65], ['serviceRepId=999999', 65],
      ['serviceRepId=x', 64], ['callbackUrl=http://example.com/hook', 64], ['callbackUrl=ftp://x', 64]] as const) {
      const refused = await run('settings', '--tenant', 'acme', '--set', set);
      expect(refused.code, set).toBe(code);
      expect(refused.stderr.length, set).toBeGreaterThan(0);
    }
    expect(await readRegistrationSettings(database.db, acme.tenantId)).toEqual(before);
    expect((await run('settings', '--tenant', 'nobody')).code).toBe(65);
    expect((await run('frobnicate')).code).toBe(64);
  });

  it('makes a callback secret with the first callback URL, and a new one only on --new-secret', async () => {
    const first = await run('settings', '--tenant', 'acme', '--set', 'callbackUrl=https://hooks.example/registered');
    const secret = /whsec_[\w-]{43}/.exec(first.stderr)?.[0];
    expect(secret).toBeDefined();
    expect(first.stdout).not.toContain(secret!);
    const url = await run('settings', '--tenant', 'acme', '--set', 'callbackUrl=https://hooks.example/other');
    expect(url.stderr).toBe('');
    expect((await readRegistrationSettings(database.db, acme.tenantId)).callbackSecret).toBe(secret);
    const rotated = await run('settings', '--tenant', 'acme', '--new-secret');
    expect(/whsec_[\w-]{43}/.exec(rotated.stderr)?.[0]).not.toBe(secret);
  });

  it('lists and adds workflows (a name once, any case)', async () => {
    const added = await run('workflows', '--tenant', 'acme', '--add', 'Warehouse', '--add', 'warehouse', '--add', 'Office');
    expect(added.code, added.stderr).toBe(0);
    expect(JSON.parse(added.stdout).map((w: { workflowName: string }) => w.workflowName)).toEqual(['Warehouse', 'Office']);
    expect((await run('workflows', '--tenant', 'acme', '--add', ' ')).code).toBe(64);
  });
});
