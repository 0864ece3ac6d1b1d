// `staffing quota` (issue 29 item 5, decision 0046): a tenant's own API quota, set on the tenant and
// applied by the API (its RateLimit-Policy, its 429); `default` gives the tenant back
// API_QUOTA_PER_MINUTE; a value that is not a quota is wrong usage (64) and changes nothing.
import { describe, expect, it } from 'vitest';
import { commandDatabaseForFile, inProcess as runInProcess } from '../../test/cli.ts';
import { as } from '../../test/helpers.ts';
import { buildApp } from '../app.ts';
import { readTenantQuota } from '../platform/rate-limit/quota.ts';
import { quotaCommand } from './quota.command.ts';

const cli = commandDatabaseForFile();
const inProcess = (...args: string[]) => runInProcess(quotaCommand, cli.config, args);

describe('staffing quota', () => {
  it('sets a tenant\'s own quota, which the API applies to its credentials (policy, 429), and prints it', async () => {
    const run = await inProcess('--tenant', 'acme', '--set', '2');
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ tenant: 'acme', requestsPerMinute: 2, own: true });

    const app = await buildApp({ config: cli.config, database: cli.database, listenForRevocations: false });
    try {
      await app.ready();
      const admin = as(app, cli.tenant.adminToken);
      const answers = [await admin({ url: '/Datalists/Branches' }), await admin({ url: '/Datalists/Branches' }), await admin({ url: '/Datalists/Branches' })];
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 429]);
      for (const a of answers) expect(a.headers['ratelimit-policy']).toBe('"credential";q=2;w=60');
      expect(answers[2]!.json().code).toBe('RATE_LIMITED');
    } finally {
      await app.close();
    }
  });

  it('default gives the tenant API_QUOTA_PER_MINUTE back; without --set it prints the quota as it is', async () => {
    const run = await inProcess('--tenant', 'acme', '--set', 'default');
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ tenant: 'acme', requestsPerMinute: cli.config.API_QUOTA_PER_MINUTE, own: false });
    expect(await readTenantQuota(cli.database.db, cli.tenant.tenantId)).toBeNull();
    expect(JSON.parse((await inProcess('--tenant', 'other')).stdout)).toMatchObject({ tenant: 'other', own: false });
  });

  it('a value that is not a quota is wrong usage (64) and changes nothing; an unknown tenant is refused', async () => {
    await inProcess('--tenant', 'acme', '--set', '7');
    for (const bad of ['0', '1.5', 'lots', '100000001']) {
      const run = await inProcess('--tenant', 'acme', '--set', bad);
      expect(run.code, bad).toBe(64);
      expect(run.stderr, bad).toContain('requests a minute');
    }
    expect(await readTenantQuota(cli.database.db, cli.tenant.tenantId)).toBe(7);
    expect((await inProcess('--tenant', 'nobody', '--set', '5')).code).not.toBe(0);
  });
});
