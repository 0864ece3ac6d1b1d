// `staffing registration settings|workflows`: a tenant's applicant registration settings (its
// registration name, the * fields shown to applicants, the rep registrations act as, the
// post-registration callback and its secret, printed once) and its workflows (decision 0023). A bad
// --set or --add is wrong usage; a name taken or an unknown rep is refused input (refusals.ts).
import { parseArgs } from 'node:util';
import type { Config } from '../config.ts';
import { connect } from '../platform/db/connect.ts';
import type { Db } from '../platform/db/database.ts';
import { principalOfRep } from '../platform/auth/rep-principal.ts';
import { prepareDatabase } from '../resources/database/prepare-database.ts';
import { tenantNamed } from '../web/public-scope.ts';
import { DEMO_TENANT } from '../resources/tenants/demo.seed.ts';
import { addWorkflow, listWorkflows, registrationTenantNamed } from '../resources/registration/registration.repository.ts';
import { isStarField, readRegistrationSettings, STAR_FIELDS, writeRegistrationSettings, type RegistrationSettings } from '../resources/registration/registration.settings.ts';
import { callbackUrlProblem, newCallbackSecret } from '../resources/registration/registration.callback.ts';
import { InputError, UsageError } from './refusals.ts';
import { usageText, type CommandUsage } from './usage.ts';
import { tenantIdNamed } from './tenant.ts';

export const REGISTRATION_USAGE: CommandUsage = {
  settings: {
    args: '[--tenant <name>] [--set key=value ...] [--new-secret]',
    does: `print the tenant's registration settings (JSON) after setting the given ones; keys:
           name, visibleFields (${STAR_FIELDS.join(',')} or none), serviceRepId (or default),
           callbackUrl (https, or none); a new callback secret is printed once`,
  },
  workflows: {
    args: '[--tenant <name>] [--add <name> ...]',
    does: 'list the tenant\'s registration workflows (workflowId, workflowName) after adding any',
  },
};

const KEYS = ['name', 'visibleFields', 'serviceRepId', 'callbackUrl'] as const;
type Changes = Partial<Pick<RegistrationSettings, 'name' | 'visibleFields' | 'serviceRepId' | 'callbackUrl'>>;

/** `key=value` pairs → changes, each checked (the ones needing the database are checked in `checkChanges`). */
export function parseRegistrationChanges(pairs: readonly string[]): Changes {
  const changes: Changes = {};
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    if (at < 1) throw new UsageError(`--set "${pair}": expected key=value.`);
    const given = pair.slice(0, at).trim(), raw = pair.slice(at + 1).trim();
    const key = KEYS.find((k) => k.toLowerCase() === given.toLowerCase());
    if (key === 'name') {
      if (!/^[a-z0-9][a-z0-9._-]{0,99}$/.test(raw)) throw new UsageError(`name: "${raw}" must be 1 to 100 lower-case letters, digits, . _ or - (it is part of the address).`);
      changes.name = raw;
    } else if (key === 'visibleFields') {
      const fields = raw.toLowerCase() === 'none' ? [] : raw.split(',').map((f) => f.trim()).filter(Boolean);
      const unknown = fields.filter((f) => !isStarField(f));
      if (unknown.length) throw new UsageError(`visibleFields: ${unknown.join(', ')} ${unknown.length > 1 ? 'are' : 'is'} not among ${STAR_FIELDS.join(', ')}.`);
      changes.visibleFields = STAR_FIELDS.filter((f) => fields.includes(f));
    } else if (key === 'serviceRepId') {
      if (raw.toLowerCase() !== 'default' && !/^\d{1,9}$/.test(raw)) throw new UsageError(`serviceRepId: "${raw}" is not a service rep id (or default).`);
      changes.serviceRepId = raw.toLowerCase() === 'default' ? null : Number(raw);
    } else if (key === 'callbackUrl') {
      const problem = raw.toLowerCase() === 'none' ? undefined : callbackUrlProblem(raw);
      if (problem) throw new UsageError(`callbackUrl: "${raw}" ${problem}.`);
      changes.callbackUrl = raw.toLowerCase() === 'none' ? null : raw;
    } else {
      throw new UsageError(`Unknown setting "${given}". Known settings: ${KEYS.join(', ')}.`);
    }
  }
  return changes;
}

async function checkChanges(db: Db, tenantId: number, changes: Changes): Promise<void> {
  if (changes.name) {
    const holder = await registrationTenantNamed(db, changes.name);
    const own = await tenantNamed(db, changes.name);
    if ((holder && holder.tenantId !== tenantId) || (own && own.id !== tenantId)) throw new InputError(`name: "${changes.name}" already addresses another tenant.`);
  }
  if (changes.serviceRepId != null && !(await principalOfRep(db, tenantId, changes.serviceRepId))) {
    throw new InputError(`serviceRepId: no active service rep ${changes.serviceRepId} in this tenant.`);
  }
}

const shown = (s: RegistrationSettings) => ({ ...s, callbackSecret: s.callbackSecret ? '(set)' : null });

export async function registrationCommand(config: Config, args: string[]): Promise<number> {
  const [action, ...rest] = args;
  if (action !== 'settings' && action !== 'workflows') throw new UsageError(usageText('registration', REGISTRATION_USAGE));
  const { values } = parseArgs({ args: rest, options: {
    tenant: { type: 'string' }, set: { type: 'string', multiple: true }, 'new-secret': { type: 'boolean' }, add: { type: 'string', multiple: true },
  } });
  const tenantName = values.tenant ?? DEMO_TENANT;
  const changes: Changes = action === 'settings' ? parseRegistrationChanges(values.set ?? []) : {};
  const newSecret = action === 'settings' && (values['new-secret'] ?? false);
  const added = action === 'workflows' ? (values.add ?? []).map((n) => n.trim()) : [];
  if (added.some((n) => !n || n.length > 100)) throw new UsageError('--add: a workflow name is 1 to 100 characters.');
  const connection = await connect(config, undefined, false, { existing: true });
  try {
    await prepareDatabase(connection.database.pool);
    const db = connection.database.db;
    const tenantId = await tenantIdNamed(db, tenantName, config);
    if (action === 'workflows') {
      for (const name of added) await addWorkflow(db, tenantId, name);
      console.log(JSON.stringify((await listWorkflows(db, tenantId)).map((w) => ({ workflowId: w.id, workflowName: w.name, isActive: w.isActive })), null, 2));
      return 0;
    }
    await checkChanges(db, tenantId, changes);
    const current = await readRegistrationSettings(db, tenantId);
    // A callback needs a secret: made with the first callback URL, or on --new-secret; shown this once.
    const secret = newSecret || (changes.callbackUrl && !current.callbackSecret) ? newCallbackSecret() : undefined;
    const settings = Object.keys(changes).length || secret ? await writeRegistrationSettings(db, tenantId, { ...changes, ...(secret ? { callbackSecret: secret } : {}) }) : current;
    console.log(JSON.stringify(shown(settings), null, 2));
    if (secret) console.error(`Callback secret (shown once; the callback verifies Staffing-Signature with it):\n${secret}`);
    return 0;
  } finally {
    await connection.close();
  }
}
