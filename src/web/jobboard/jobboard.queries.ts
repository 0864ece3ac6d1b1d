// What the job board pages read besides the job board module: countries' ISO letters (schema.org
// addresses), from the reference tables.
import { countries } from '../../platform/db/schema.ts';
import type { ReferenceDb } from '../../platform/scope.ts';

// Countries change only with a deployment (as loadCountries): read once per process.
const letters = new WeakMap<ReferenceDb, Promise<Map<number, string>>>();

/** ISO 3166 alpha-2 of a numeric country code (840 → US), if known. */
export async function alpha2Of(reference: ReferenceDb, countryCode: number): Promise<string | undefined> {
  let loaded = letters.get(reference);
  if (!loaded) {
    loaded = reference.select({ code: countries.countryCode, alpha2: countries.alpha2 }).from(countries).execute()
      .then((rows) => new Map(rows.map((r) => [r.code, r.alpha2])));
    loaded.catch(() => letters.delete(reference));
    letters.set(reference, loaded);
  }
  return (await loaded).get(countryCode);
}
