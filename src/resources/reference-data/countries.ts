// The countries (ISO 3166, loaded by migrate from their package): reference data that changes only
// with a deployment, so each process reads it once. Records check country codes against it; the
// countries datalist pages it.
import { sql } from 'drizzle-orm';
import type { ReferenceDb } from '../../platform/scope.ts';
import { countries } from '../../platform/db/schema.ts';
import { rule, type Rule } from '../../platform/records/rules.ts';

export interface Country { countryCode: number; country: string; countryCallingCode: number }

const loadedCountries = new WeakMap<ReferenceDb, Promise<Country[]>>();

/** Every country in name order (as GET /DataLists/countries lists them), read once per process. */
export function loadCountries(db: ReferenceDb): Promise<Country[]> {
  let loaded = loadedCountries.get(db);
  if (!loaded) {
    // execute(): a Drizzle query is a lazy thenable that would run again at every await.
    loaded = db.select({ countryCode: countries.countryCode, country: countries.name, countryCallingCode: countries.callingCode })
      .from(countries).orderBy(sql`${countries.sortKey} collate "C"`, countries.countryCode).execute();
    loaded.catch(() => loadedCountries.delete(db));
    loadedCountries.set(db, loaded);
  }
  return loaded;
}

/** Whether a country code is one of the list's. */
export async function isCountryCode(db: ReferenceDb, code: unknown): Promise<boolean> {
  return (await loadCountries(db)).some((c) => c.countryCode === code);
}

/** A record's country code: one of GET /DataLists/countries. */
export const countryCodeRule: Rule = rule(async (v, { scope }) => ((await isCountryCode(scope.db, v)) ? undefined : 'is not a country code of GET /DataLists/countries'));
