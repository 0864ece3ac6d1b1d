// `staffing token create` and `staffing token revoke`. Refusals exit with the codes of every command
// (refusals.ts; listed in docs/operations.md).
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import type { Config } from '../config.ts';
import { connect } from '../platform/db/connect.ts';
import { prepareDatabase } from '../resources/database/prepare-database.ts';
import { serviceReps } from '../platform/db/schema.ts';
import { issueCredential, revokeCredential } from '../platform/auth/tokens.ts';
import { ALL_SCOPES } from '../platform/auth/scopes.ts';
import { DEMO_TENANT, findDemo } from '../resources/tenants/demo.seed.ts';
import { InputError, UsageError } from './refusals.ts';
import { operatorScope, tenantIdNamed } from './tenant.ts';
import { usageText, type CommandUsage } from './usage.ts';

export const TOKEN_USAGE: CommandUsage = {
  create: {
    args: '[--tenant <name>] [--rep <id>] [--scopes <a,b>] [--expires <date>] [--name <label>] [--json]',
    does: `issue a personal access token (default: demo tenant, its administrator, every scope, 90 days);
           prints the SID, secret and x-tw-token value once`,
  },
  revoke: { args: '<sid> [--tenant <name>]', does: 'revoke a token at once (running services drop it from their caches)' },
};

function parseExpiry(value: string | undefined): Date {
  if (!value) return new Date(Date.now() + 90 * 86_400_000);
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T23:59:59Z` : value);
  if (Number.isNaN(date.getTime())) throw new UsageError(`--expires: "${value}" is not a date (use YYYY-MM-DD or ISO 8601).`);
  return date;
}

export async function tokenCommand(config: Config, args: string[]): Promise<number> {
  const [action, ...rest] = args;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      tenant: { type: 'string' }, rep: { type: 'string' }, scopes: { type: 'string' },
      expires: { type: 'string' }, name: { type: 'string' }, json: { type: 'boolean', default: false },
    },
  });
  if (action !== 'create' && action !== 'revoke') throw new UsageError(usageText('token', TOKEN_USAGE));
  const connection = await connect(config, undefined, false, { existing: true });
  try {
    await prepareDatabase(connection.database.pool);
    const db = connection.database.db;
    if (action === 'revoke') {
      const sid = positionals[0];
      if (!sid) throw new UsageError('token revoke needs the SID of the token.');
      const tenant = values.tenant ? await tenantIdNamed(db, values.tenant, config) : undefined;
      if (!(await revokeCredential(db, sid, tenant))) throw new InputError(`No active token with SID ${sid}.`);
      console.log(`Revoked ${sid}.`);
      return 0;
    }
    const tenantName = values.tenant ?? DEMO_TENANT;
    const tid = await tenantIdNamed(db, tenantName, config);
    let repId: number;
    if (values.rep) {
      repId = Number(values.rep);
      const [rep] = Number.isInteger(repId)
        ? await (await operatorScope(db, tid)).select(serviceReps, { id: serviceReps.id }).where(eq(serviceReps.id, repId))
        : [];
      if (!rep) throw new InputError(`No service rep ${values.rep} in tenant "${tenantName}".`);
    } else {
      const demo = tenantName === DEMO_TENANT ? await findDemo(db) : undefined;
      if (!demo) throw new UsageError('--rep is required outside the demo tenant.');
      repId = demo.adminRepId;
    }
    const scopes = values.scopes ? values.scopes.split(',').map((s) => s.trim()).filter(Boolean) : ALL_SCOPES;
    const issued = await issueCredential(db, {
      tenantId: tid, serviceRepId: repId, kind: 'personal', name: values.name ?? 'Personal access token',
      scopes, expiresAt: parseExpiry(values.expires),
    });
    const out = { tenant: tenantName, serviceRepId: repId, sid: issued.sid, secret: issued.secret, token: issued.token, scopes: issued.scopes, expiresAt: issued.expiresAt };
    if (values.json) {
      console.log(JSON.stringify(out));
    } else {
      console.log(`Personal access token for service rep ${repId} in "${tenantName}" (shown once, store it now):
  SID:        ${out.sid}
  Secret:     ${out.secret}
  x-tw-token: ${out.token}
  Scopes:     ${out.scopes.join(', ')}
  Expires:    ${out.expiresAt}`);
    }
    return 0;
  } finally {
    await connection.close();
  }
}
