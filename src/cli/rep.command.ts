// `staffing rep create|list|login`: service reps as an operator keeps them. `create` adds a dedicated
// rep for an application (AUTH-21) that `staffing token create --rep` then selects; `list` finds reps
// and their nodes; `login` lets a rep sign in at the login server (code flow). Refusals exit with the
// codes of every command (refusals.ts; docs/operations.md): a flag missing or not a number 64; a
// value refused 65 (an unknown tenant, node or group, an empty or too long name, an odd address).
import { parseArgs } from 'node:util';
import type { Config } from '../config.ts';
import { connect } from '../platform/db/connect.ts';
import type { Db } from '../platform/db/database.ts';
import { setRepLogin } from '../platform/auth/rep-logins.ts';
import { prepareDatabase } from '../resources/database/prepare-database.ts';
import { createServiceRep, listServiceReps, REP_NAME_MAX, type ServiceRepRow } from '../resources/tenants/service-rep.repository.ts';
import { DEFAULT_REP_GROUP } from '../resources/tenants/tenant.provisioning.ts';
import { positiveInt, requiredTenantId } from './flags.ts';
import { operatorScope } from './tenant.ts';
import { UsageError } from './refusals.ts';
import { usageText, type CommandUsage } from './usage.ts';

export const REP_USAGE: CommandUsage = {
  create: {
    args: '--tenant <name> --first <name> --last <name> [--node <id>] [--email <address>] [--security-group <name>] [--json]',
    does: `add an active service rep for an application (names of 1 to ${REP_NAME_MAX} characters) at a
           hierarchy node (default: the root), in a security group (default: ${DEFAULT_REP_GROUP}); prints its id,
           then issue its token: token create --tenant <name> --rep <id> --scopes <a,b>`,
  },
  list: { args: '--tenant <name> [--json]', does: 'the tenant\'s service reps: id, name, node (id and name), security group, active' },
  login: {
    args: '--tenant <name> --rep <id> --username <u> --password <p>',
    does: 'let a service rep sign in at the login server (authorization code flow)',
  },
};

const OPTIONS = {
  tenant: { type: 'string' }, first: { type: 'string' }, last: { type: 'string' }, node: { type: 'string' }, email: { type: 'string' },
  'security-group': { type: 'string' }, json: { type: 'boolean', default: false }, rep: { type: 'string' }, username: { type: 'string' }, password: { type: 'string' },
} as const;

/** The reps as aligned columns, a header first. */
function table(reps: ServiceRepRow[]): string {
  const rows = [['id', 'name', 'node', 'security group', 'active'],
    ...reps.map((r) => [String(r.id), `${r.firstName} ${r.lastName}`, `${r.node.id} ${r.node.name}`, r.securityGroup, r.isActive ? 'yes' : 'no'])];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  return rows.map((row) => row.map((cell, i) => cell.padEnd(widths[i]!)).join('  ').trimEnd()).join('\n');
}

const ACTIONS = ['create', 'list', 'login'] as const;
type Action = (typeof ACTIONS)[number];
const isAction = (action: string | undefined): action is Action => ACTIONS.some((a) => a === action);
const parse = (args: string[]) => parseArgs({ args, options: OPTIONS }).values;
type Values = ReturnType<typeof parse>;

async function run(db: Db, config: Config, action: Action, values: Values): Promise<number> {
  const { tenant, json } = values;
  switch (action) {
    case 'create': {
      // A flag left out is wrong usage (64); a name given but empty or too long is a refused value (65).
      if (values.first === undefined || values.last === undefined) throw new UsageError('--first and --last are required.');
      const hierId = values.node === undefined ? undefined : positiveInt(values.node, '--node');
      const rep = await createServiceRep(await operatorScope(db, await requiredTenantId(db, tenant, config)), {
        firstName: values.first, lastName: values.last, hierId, emailAddress: values.email, securityGroup: values['security-group'],
      });
      const next = `staffing token create --tenant ${tenant} --rep ${rep.id} --scopes <a,b>`;
      console.log(json ? JSON.stringify({ serviceRepId: rep.id, node: rep.node, securityGroup: rep.securityGroup, next })
        : `Service rep ${rep.id} at node ${rep.node.id} (${rep.node.name}), security group ${rep.securityGroup}.
Issue the application's personal access token acting as it, with the scopes the application needs:
  ${next}`);
      return 0;
    }
    case 'list': {
      const reps = await listServiceReps(await operatorScope(db, await requiredTenantId(db, tenant, config)));
      console.log(json ? JSON.stringify(reps) : table(reps));
      return 0;
    }
    case 'login': {
      const tenantId = await requiredTenantId(db, tenant, config);
      if (!values.username || !values.password) throw new UsageError('--username and --password are required.');
      await setRepLogin(db, tenantId, positiveInt(values.rep, '--rep'), values.username, values.password);
      console.log(`Service rep ${values.rep} can sign in as "${values.username}" at ${config.AUTH_URL}.`);
      return 0;
    }
  }
}

export async function repCommand(config: Config, args: string[]): Promise<number> {
  const [action, ...rest] = args;
  if (!isAction(action)) throw new UsageError(usageText('rep', REP_USAGE));
  const values = parse(rest);
  const connection = await connect(config, undefined, false, { existing: true });
  try {
    await prepareDatabase(connection.database.pool);
    return await run(connection.database.db, config, action, values);
  } finally {
    await connection.close();
  }
}
