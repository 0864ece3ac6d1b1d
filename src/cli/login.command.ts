// The login server's commands:
//   staffing client create|revoke    OAuth clients per tenant and product instance
//   staffing webuser create          a web user's login (employee or contact)
//   staffing keys rotate             a new signing key (old ones stay published until their tokens expire)
//   staffing login-server            the login server alone
// Refusals exit with the codes of every command (refusals.ts; listed in docs/operations.md).
// Service reps (`staffing rep create|list|login`) are rep.command.ts's.
import { parseArgs } from 'node:util';
import type { Config } from '../config.ts';
import { connect } from '../platform/db/connect.ts';
import { EXIT_DATABASE_LOST } from '../platform/db/embedded-supervisor.ts';
import type { Db } from '../platform/db/database.ts';
import { addProductInstance, registerClient, revokeClient } from '../platform/auth/clients.ts';
import { rotateSigningKeys } from '../platform/auth/signing-keys.ts';
import { prepareDatabase } from '../resources/database/prepare-database.ts';
import { createWebUser } from '../resources/web-users/web-user.repository.ts';
import { stopOnSignals } from '../platform/shutdown.ts';
import { positiveInt, requiredTenantId } from './flags.ts';
import { InputError, UsageError } from './refusals.ts';
import { usageText, type CommandUsage } from './usage.ts';

export const CLIENT_USAGE: CommandUsage = {
  create: {
    args: '--tenant <name> --pid <id> --grants <a,b> [--scopes <a,b>] [--redirect-uri <uri>]... [--rep <id>] [--public] [--name <label>] [--json]',
    does: `register an OAuth client (grants: tw_vendor_service_credentials, tw_vendor_webuser, authorization_code);
           prints client_id and client_secret once`,
  },
  revoke: { args: '<client_id> [--tenant <name>]', does: 'revoke a client: its tokens no longer authenticate' },
};
export const WEBUSER_USAGE: CommandUsage = {
  create: {
    args: '--tenant <name> --type employee|contact --record <id> --username <u> --password <p> [--json]',
    does: 'give an employee or a contact a login (grant_type=tw_vendor_webuser)',
  },
};
export const KEYS_USAGE: CommandUsage = {
  rotate: { args: '', does: 'sign with a new key from now on; keys older than a token\'s lifetime are dropped' },
};
export const LOGIN_SERVER_USAGE: CommandUsage = {
  '': { args: '', does: 'run the login server alone (AUTH_URL, AUTH_PORT)' },
};
const USAGE_OF: Record<string, CommandUsage> = { client: CLIENT_USAGE, webuser: WEBUSER_USAGE, keys: KEYS_USAGE };

const list = (value: string | undefined) => (value ? value.split(',').map((s) => s.trim()).filter(Boolean) : undefined);

const OPTIONS = {
  tenant: { type: 'string' }, pid: { type: 'string' }, grants: { type: 'string' }, scopes: { type: 'string' },
  'redirect-uri': { type: 'string', multiple: true }, rep: { type: 'string' }, public: { type: 'boolean', default: false },
  name: { type: 'string' }, json: { type: 'boolean', default: false }, type: { type: 'string' }, record: { type: 'string' },
  username: { type: 'string' }, password: { type: 'string' },
} as const;

/** Runs one of the commands above on the database; prints what it did. */
async function run(db: Db, config: Config, command: string, action: string | undefined, args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: OPTIONS });
  const print = (json: Record<string, unknown>, text: string) => console.log(values.json ? JSON.stringify(json) : text);
  switch (`${command} ${action}`) {
    case 'client create': {
      const tenantId = await requiredTenantId(db, values.tenant, config);
      if (!values.pid) throw new UsageError('--pid is required: the product instance the client belongs to.');
      await addProductInstance(db, tenantId, values.pid, values.pid);
      const client = await registerClient(db, {
        tenantId, productInstanceId: values.pid, name: values.name ?? 'OAuth client', grants: list(values.grants) ?? [],
        scopes: list(values.scopes), redirectUris: values['redirect-uri'], isPublic: values.public,
        serviceRepId: values.rep ? positiveInt(values.rep, '--rep') : undefined,
      });
      print({ client_id: client.clientId, client_secret: client.clientSecret, grants: client.grants, scopes: client.scopes, redirect_uris: client.redirectUris },
        `OAuth client for tenant "${values.tenant}", product instance "${values.pid}" (the secret is shown once, store it now):
  client_id:     ${client.clientId}
  client_secret: ${client.clientSecret ?? '(none: public client, PKCE)'}
  grants:        ${client.grants.join(', ')}
  scopes:        ${client.scopes.join(' ')}
  acr_values:    tenant:${values.tenant} pid:${values.pid}
  token URL:     ${config.AUTH_URL}/connect/token`);
      return 0;
    }
    case 'client revoke': {
      const clientId = positionals[0];
      if (!clientId) throw new UsageError('client revoke needs the client_id.');
      const revoked = await revokeClient(db, clientId, values.tenant ? await requiredTenantId(db, values.tenant, config) : undefined);
      if (!revoked) throw new InputError(`No active client ${clientId}.`);
      console.log(`Revoked ${clientId}: its tokens no longer authenticate.`);
      return 0;
    }
    case 'webuser create': {
      const tenantId = await requiredTenantId(db, values.tenant, config);
      if (values.type !== 'employee' && values.type !== 'contact') throw new UsageError('--type must be employee or contact.');
      if (!values.username || !values.password) throw new UsageError('--username and --password are required.');
      const id = await createWebUser(db, tenantId, { kind: values.type, recordId: positiveInt(values.record, '--record'), username: values.username, password: values.password });
      print({ webUserId: id, usertype: values.type === 'employee' ? 'WebUserEmployee' : 'WebUserContact', username: values.username },
        `Web user ${id} (${values.type} ${values.record}) can sign in as "${values.username}" with grant_type=tw_vendor_webuser.`);
      return 0;
    }
    case 'keys rotate': {
      const { kid, dropped } = await rotateSigningKeys(db, config.ACCESS_TOKEN_SECONDS + 300);
      console.log(`Signing with key ${kid} from now on.${dropped.length ? ` Dropped expired keys: ${dropped.join(', ')}.` : ''}`);
      return 0;
    }
    default:
      throw new UsageError(usageText(command, USAGE_OF[command] ?? {}));
  }
}

export async function loginCommand(config: Config, command: string, args: string[]): Promise<number> {
  const [action, ...rest] = args;
  const connection = await connect(config, undefined, false, { existing: true });
  try {
    await prepareDatabase(connection.database.pool);
    return await run(connection.database.db, config, command, action, rest);
  } finally {
    await connection.close();
  }
}

/** `staffing login-server`: the login server alone, until a signal. */
export async function loginServerCommand(config: Config): Promise<number> {
  const connection = await connect(config, (m) => console.log(`[staffing] ${m}`), true);
  let server;
  try {
    await prepareDatabase(connection.database.pool);
    const { startLoginServer } = await import('../login/login-server.ts');
    server = await startLoginServer({ config, database: connection.database });
  } catch (e) {
    // A refusal (a port taken) ends the command with its exit code; the database it started stops first.
    await connection.close().catch(() => {});
    throw e;
  }
  const stop = stopOnSignals(async () => { supervisor.stop(); await server.close(); await connection.close(); });
  const supervisor = connection.supervise(() => stop('the embedded database is lost', EXIT_DATABASE_LOST));
  console.log(`Login server running at ${server.issuer} (discovery: ${server.issuer}/.well-known/openid-configuration)`);
  return 0;
}
