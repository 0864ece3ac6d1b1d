// The tenant a command names (`--tenant <name>`): one lookup and one refusal for every command.
import type { Config } from '../config.ts';
import { databaseDescription } from '../platform/db/connect.ts';
import type { Db } from '../platform/db/database.ts';
import { tenantNamed } from '../web/public-scope.ts';

/** Refused input (exit code: refusals.ts). */
export class NoTenantError extends Error {}

/** The tenant's id; the refusal says which database was searched (a command run against another DATA_DIR finds none). */
export async function tenantIdNamed(db: Db, name: string, config: Config): Promise<number> {
  const tenant = await tenantNamed(db, name);
  if (!tenant) throw new NoTenantError(`No tenant named "${name}" in ${databaseDescription(config)}.`);
  return tenant.id;
}
