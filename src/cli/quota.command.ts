// `staffing quota [--tenant <name>] [--set <requests a minute>|default]`: prints a tenant's API quota
// (requests a minute per credential: its own, or API_QUOTA_PER_MINUTE) as JSON after the change asked
// for. Stored on the tenant (decision 0046): every API process applies it within a minute, without a
// restart or a redeploy, and one tenant's quota is changed without touching another's.
import { parseArgs } from 'node:util';
import type { Config } from '../config.ts';
import { connect } from '../platform/db/connect.ts';
import { readTenantQuota, setTenantQuota } from '../platform/rate-limit/quota.ts';
import { prepareDatabase } from '../resources/database/prepare-database.ts';
import { DEMO_TENANT } from '../resources/tenants/demo.seed.ts';
import { UsageError } from './refusals.ts';
import { usageText, type CommandUsage } from './usage.ts';
import { tenantIdNamed } from './tenant.ts';

export const QUOTA_USAGE: CommandUsage = {
  '': {
    args: '[--tenant <name>] [--set <requests a minute>|default]',
    does: `print the tenant's API quota (requests a minute per credential) as JSON after setting it;
           default: back to API_QUOTA_PER_MINUTE`,
  },
};

const MAX_QUOTA = 100_000_000;

/** The quota `--set` gives: a whole number from 1, or null for `default`. */
export function parseQuota(raw: string): number | null {
  if (raw.toLowerCase() === 'default') return null;
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > MAX_QUOTA) {
    throw new UsageError(`--set "${raw}": give requests a minute (a whole number from 1 to ${MAX_QUOTA}) or default.\n${usageText('quota', QUOTA_USAGE)}`);
  }
  return Number(raw);
}

export async function quotaCommand(config: Config, args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { tenant: { type: 'string' }, set: { type: 'string' } } });
  const tenantName = values.tenant ?? DEMO_TENANT;
  const change = values.set === undefined ? undefined : parseQuota(values.set);
  const connection = await connect(config, undefined, false, { existing: true });
  try {
    await prepareDatabase(connection.database.pool);
    const db = connection.database.db;
    const tenantId = await tenantIdNamed(db, tenantName, config);
    if (change !== undefined) await setTenantQuota(db, tenantId, change);
    const own = await readTenantQuota(db, tenantId);
    console.log(JSON.stringify({ tenant: tenantName, requestsPerMinute: own ?? config.API_QUOTA_PER_MINUTE, own: own !== null }, null, 2));
    return 0;
  } finally {
    await connection.close();
  }
}
