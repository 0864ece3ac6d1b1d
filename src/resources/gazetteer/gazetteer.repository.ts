// Places from the gazetteer: a postal code's place, and the first postal code of a place.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { postalCodes } from './gazetteer.table.ts';
import { CANADA, US } from './gazetteer.load.ts';

export interface Place { countryCode: number; postalCode: string; municipality: string; region: string; latitude: number; longitude: number }

/** The gazetteer's key of a postal code: a ZIP+4 is read as its ZIP, a Canadian postal code as its area (its first three characters). */
export function gazetteerKey(countryCode: number, postalCode: string): string {
  if (countryCode === US) return postalCode.trim().slice(0, 5);
  if (countryCode === CANADA) return postalCode.replace(/\s+/g, '').toUpperCase().slice(0, 3);
  return postalCode.trim().toUpperCase();
}

/** The place of a postal code (see gazetteerKey). */
export async function placeOfPostalCode(db: Db, countryCode: number, postalCode: string): Promise<Place | undefined> {
  const code = gazetteerKey(countryCode, postalCode);
  const [place] = await db.select().from(postalCodes).where(and(eq(postalCodes.countryCode, countryCode), eq(postalCodes.postalCode, code)));
  return place;
}

/** The first (lowest) postal code of a municipality in a region: the spec's "first postal code for that general location". */
export async function firstPlaceOf(db: Db, countryCode: number, municipality: string, region?: string): Promise<Place | undefined> {
  const [place] = await db.select().from(postalCodes).where(and(
    eq(postalCodes.countryCode, countryCode),
    sql`lower(${postalCodes.municipality}) = ${municipality.trim().toLowerCase()}`,
    region ? eq(postalCodes.region, region.trim().toUpperCase()) : undefined,
  )).orderBy(asc(postalCodes.postalCode)).limit(1);
  return place;
}

/** Regions (states) the gazetteer knows for a country: the values `region` may take. */
export async function knownRegions(db: Db, countryCode: number): Promise<Set<string>> {
  const rows = await db.selectDistinct({ region: postalCodes.region }).from(postalCodes).where(eq(postalCodes.countryCode, countryCode));
  return new Set(rows.map((r) => r.region));
}
