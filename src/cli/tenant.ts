// The tenant a command names (`--tenant <name>`): one lookup and one refusal for every command.
import { eq } from 'drizzle-orm';
import type { Config } from '../config.ts';
import { databaseDescription } from '../platform/db/connect.ts';
import type { Db } from '../platform/db/database.ts';
import { tenants } from '../platform/db/schema.ts';

/** Refused input: commands print the message and exit 65. */
export class NoTenantError extends Error {}

/** The tenant's id; the refusal says which database was searched (a command run against another DATA_DIR finds none). */
export async function tenantIdNamed(db: Db, name: string, config: Config): Promise<number> {
  const [row] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.name, name));
  if (!row) throw new NoTenantError(`No tenant named "${name}" in ${databaseDescription(config)}.`);
  return row.id;
}
