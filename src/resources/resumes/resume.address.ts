// Standardizing a parsed address with the gazetteer (postal code ↔ city and state), used for the
// UseStandardizedAddressIfExists header (RES-10, RES-11). US only: the gazetteer has no other country.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { placeOfPostalCode } from '../gazetteer/gazetteer.repository.ts';
import { postalCodes } from '../gazetteer/gazetteer.table.ts';
import { STREET_SUFFIXES } from './resume.fields.ts';
import type { ParsedAddress } from './resume.types.ts';

export interface StandardizedAddress extends ParsedAddress {
  street1: string;
  municipality: string;
  region: string;
  postalCode: string;
  countryCode: number;
  latitude: number;
  longitude: number;
}

const US = 840;

/**
 * The address with the gazetteer's city, state and ZIP, or null when it cannot be standardized:
 * no street, a country other than the US, an unknown ZIP, a ZIP of another city or state, or no
 * ZIP and a city that has more than one.
 */
export async function standardizeAddress(db: Db, address: ParsedAddress | null): Promise<StandardizedAddress | null> {
  if (!address?.street1 || (address.countryCode !== null && address.countryCode !== US)) return null;
  const zip = address.postalCode?.trim();
  let place;
  if (zip) {
    if (!/^\d{5}(-\d{4})?$/.test(zip)) return null;
    place = await placeOfPostalCode(db, US, zip);
    if (!place) return null;
    if (address.municipality && comparable(address.municipality) !== comparable(place.municipality)) return null;
    if (address.region && address.region.trim().toUpperCase() !== place.region) return null;
  } else {
    if (!address.municipality || !address.region) return null;
    const places = await db.select().from(postalCodes).where(and(
      eq(postalCodes.countryCode, US),
      sql`lower(${postalCodes.municipality}) = ${address.municipality.trim().toLowerCase()}`,
      eq(postalCodes.region, address.region.trim().toUpperCase()),
    )).limit(2);
    if (places.length !== 1) return null;
    place = places[0]!;
  }
  return {
    street1: standardStreet(address.street1),
    street2: address.street2 ? address.street2.replace(/\s+/g, ' ').trim() : null,
    municipality: place.municipality,
    region: place.region,
    // A ZIP+4 keeps its extension: it is more precise than the gazetteer.
    postalCode: zip && zip.length === 10 ? zip : place.postalCode,
    countryCode: US,
    latitude: place.latitude,
    longitude: place.longitude,
  };
}

const comparable = (s: string) => s.toLowerCase().replace(/\bsaint\b/g, 'st').replace(/[^a-z0-9]+/g, ' ').trim();

/** Spaces collapsed and the street type abbreviated as USPS does (Terrace → Ter). */
export function standardStreet(street: string): string {
  const words = street.replace(/[,\s]+/g, ' ').trim().split(' ');
  return words.map((w, i) => {
    const suffix = STREET_SUFFIXES[w.toLowerCase().replace(/\.$/, '')];
    return suffix && i > 0 && (i === words.length - 1 || /^(?:[NSEW]|NE|NW|SE|SW)\.?$/i.test(words[i + 1]!)) ? suffix : w;
  }).join(' ');
}
