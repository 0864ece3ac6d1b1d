// Flags several commands read the same way; wrong usage is thrown (refusals.ts: exit 64).
import type { Config } from '../config.ts';
import type { Db } from '../platform/db/database.ts';
import { UsageError } from './refusals.ts';
import { tenantIdNamed } from './tenant.ts';

/** The id of the tenant `--tenant` names; the flag is required. */
export async function requiredTenantId(db: Db, name: string | undefined, config: Config): Promise<number> {
  if (!name) throw new UsageError('--tenant is required.');
  return tenantIdNamed(db, name, config);
}

/** A flag holding an id: a positive whole number. */
export function positiveInt(value: string | undefined, flag: string): number {
  const n = Number(value);
  if (!value || !Number.isSafeInteger(n) || n < 1) throw new UsageError(`${flag} must be a positive whole number.`);
  return n;
}
