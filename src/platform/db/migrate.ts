// Applies the SQL migrations in drizzle/ and loads the reference data: countries (from their package)
// and what the caller's loaders bring (the registry's: the gazetteer).
import { fileURLToPath } from 'node:url';
import { migrate as drizzleMigrate } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import { all as allCountries } from 'country-codes-list';
import type pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { countries } from './schema.ts';

const migrationsFolder = fileURLToPath(new URL('../../../drizzle', import.meta.url));
// Any constant: serialises concurrent migrators (two processes starting at once).
const MIGRATION_LOCK = 727_001;

/** ISO 3166 countries with numeric code and calling code, from `country-codes-list`. */
export function countryRows() {
  return allCountries()
    .filter((c) => /^\d+$/.test(c.countryCodeNumeric) && /^\d+/.test(c.countryCallingCode))
    .map((c) => ({
      countryCode: Number(c.countryCodeNumeric),
      alpha2: c.countryCode,
      alpha3: c.countryCodeAlpha3,
      name: c.countryNameEn,
      sortKey: c.countryNameEn.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase(),
      callingCode: Number(/^\d+/.exec(c.countryCallingCode)![0]),
    }));
}

/** Loads a reference table (idempotent: it runs on every start, under the migration lock). */
export type ReferenceDataLoader = (db: NodePgDatabase) => Promise<void>;

export async function migrate(pool: pg.Pool, loaders: readonly ReferenceDataLoader[] = []): Promise<void> {
  // One connection throughout: the advisory lock belongs to the session that took it.
  const client = await pool.connect();
  const db = drizzle(client);
  await db.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK})`);
  try {
    await drizzleMigrate(db, { migrationsFolder });
    await db.insert(countries).values(countryRows()).onConflictDoUpdate({
      target: countries.countryCode,
      set: { name: sql`excluded.name`, sortKey: sql`excluded.sort_key`, alpha2: sql`excluded.alpha2`, alpha3: sql`excluded.alpha3`, callingCode: sql`excluded.calling_code` },
    });
    for (const load of loaders) await load(db);
  } finally {
    await db.execute(sql`select pg_advisory_unlock(${MIGRATION_LOCK})`);
    client.release();
  }
}
