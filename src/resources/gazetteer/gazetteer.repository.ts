// Places from the gazetteer: a postal code's place, the first postal code of a place, and the places
// people type (any of their names, accents and abbreviations aside).
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { ReferenceDb } from '../../platform/scope.ts';
import { placeNames, places, postalCodes } from './gazetteer.table.ts';
import { CANADA, US } from './gazetteer.load.ts';
import { placeKey } from './place-key.ts';

export interface Place { countryCode: number; postalCode: string; municipality: string; region: string; latitude: number; longitude: number }

/** A place of `places` (GeoNames). */
export interface NamedPlace { name: string; region: string; population: number; latitude: number; longitude: number }

/** Where a municipality is: its centre, and the postal code it was taken from when it was. */
export interface PlaceCentre { latitude: number; longitude: number; postalCode?: string }

/** The gazetteer's key of a postal code: a ZIP+4 is read as its ZIP, a Canadian postal code as its area (its first three characters). */
export function gazetteerKey(countryCode: number, postalCode: string): string {
  if (countryCode === US) return postalCode.trim().slice(0, 5);
  if (countryCode === CANADA) return postalCode.replace(/\s+/g, '').toUpperCase().slice(0, 3);
  return postalCode.trim().toUpperCase();
}

/** The place of a postal code (see gazetteerKey). */
export async function placeOfPostalCode(db: ReferenceDb, countryCode: number, postalCode: string): Promise<Place | undefined> {
  const code = gazetteerKey(countryCode, postalCode);
  const [place] = await db.select().from(postalCodes).where(and(eq(postalCodes.countryCode, countryCode), eq(postalCodes.postalCode, code)));
  return place;
}

/** The first (lowest) postal code of a municipality in a region: the spec's "first postal code for that general location". */
export async function firstPlaceOf(db: ReferenceDb, countryCode: number, municipality: string, region?: string): Promise<Place | undefined> {
  const [place] = await db.select().from(postalCodes).where(and(
    eq(postalCodes.countryCode, countryCode),
    sql`lower(${postalCodes.municipality}) = ${municipality.trim().toLowerCase()}`,
    region ? eq(postalCodes.region, region.trim().toUpperCase()) : undefined,
  )).orderBy(asc(postalCodes.postalCode)).limit(1);
  return place;
}

/** Places a name stands for in a country (and region, when given): own names before alternate names, then the most populous first. */
export async function placesNamed(db: ReferenceDb, countryCode: number, name: string, region?: string, limit = 20): Promise<NamedPlace[]> {
  const key = placeKey(name);
  if (!key) return [];
  return db.select({ name: places.name, region: places.region, population: places.population, latitude: places.latitude, longitude: places.longitude })
    .from(placeNames).innerJoin(places, eq(places.id, placeNames.placeId))
    .where(and(eq(placeNames.countryCode, countryCode), eq(placeNames.key, key), region ? eq(placeNames.region, region.trim().toUpperCase()) : undefined))
    .orderBy(asc(placeNames.alternate), desc(places.population), asc(places.id))
    .limit(limit);
}

/** The place a name stands for: "Montreal" and "Montréal", "St. Paul" and "Saint Paul" find the same one. */
export async function findPlace(db: ReferenceDb, countryCode: number, name: string, region?: string): Promise<NamedPlace | undefined> {
  return (await placesNamed(db, countryCode, name, region, 1))[0];
}

/** Where a municipality is (JB-25, JB-26): its place's centre, else (a name only postal codes use) its first postal code's. */
export async function locate(db: ReferenceDb, countryCode: number, municipality: string, region?: string): Promise<PlaceCentre | undefined> {
  const place = await findPlace(db, countryCode, municipality, region);
  if (place) return { latitude: place.latitude, longitude: place.longitude };
  const first = await firstPlaceOf(db, countryCode, municipality, region);
  return first && { latitude: first.latitude, longitude: first.longitude, postalCode: first.postalCode };
}

/**
 * How far from a place's centre a postal code's centre may be and still be in it: a suburb's ZIP
 * codes often bear the big city's name (Bloomington's say Minneapolis).
 */
const PLACE_REACH_METRES = 10_000;

/** An international mile, in metres. */
export const METRES_PER_MILE = 1609.344;

/** Great-circle distance (haversine, mean earth radius). */
export function metresBetween(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = Math.PI / 180;
  const h = Math.sin(((b.latitude - a.latitude) * rad) / 2) ** 2
    + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(((b.longitude - a.longitude) * rad) / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.sqrt(h));
}

/**
 * The municipality a typed name stands for at a postal code, spelt as the gazetteer spells it: the
 * postal code's own ("st paul" at 55101 is Saint Paul), or a place of that name within reach of it
 * ("Bloomington" at 55420). Undefined when the postal code lies elsewhere.
 */
export async function municipalityAt(db: ReferenceDb, at: Place, typed: string): Promise<string | undefined> {
  if (placeKey(typed) === placeKey(at.municipality)) return at.municipality;
  const named = await placesNamed(db, at.countryCode, typed, at.region);
  return named.find((place) => metresBetween(place, at) <= PLACE_REACH_METRES)?.name;
}

/** Regions (states, provinces, the UK's countries) the gazetteer knows for a country: the values `region` may take. */
export async function knownRegions(db: ReferenceDb, countryCode: number): Promise<Set<string>> {
  const { rows } = await db.execute<{ region: string }>(sql`select region from ${postalCodes} where country_code = ${countryCode}
    union select region from ${places} where country_code = ${countryCode}`);
  return new Set(rows.map((r) => r.region));
}

/** True when the gazetteer has postal codes of the country. */
export async function hasPostalCodes(db: ReferenceDb, countryCode: number): Promise<boolean> {
  const [row] = await db.select({ code: postalCodes.postalCode }).from(postalCodes).where(eq(postalCodes.countryCode, countryCode)).limit(1);
  return row !== undefined;
}
