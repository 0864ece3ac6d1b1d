// Places from the gazetteer: a postal code's place, and the first postal code of a place.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { postalCodes } from './gazetteer.table.ts';

export interface Place { countryCode: number; postalCode: string; municipality: string; region: string; latitude: number; longitude: number }

/** The place of a postal code (ZIP+4 is read as its 5-digit ZIP). */
export async function placeOfPostalCode(db: Db, countryCode: number, postalCode: string): Promise<Place | undefined> {
  const code = countryCode === 840 ? postalCode.trim().slice(0, 5) : postalCode.trim().toUpperCase();
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
