// Standardizing a parsed address with the gazetteer (postal code ↔ city and state), used for the
// UseStandardizedAddressIfExists header (RES-10, RES-11). US only: no other country's postal codes locate a street.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ReferenceDb } from '../../platform/scope.ts';
import { findPlace, municipalityAt, placeOfPostalCode } from '../gazetteer/gazetteer.repository.ts';
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
 * ZIP and a city that has more than one. A city is known by any of its names (decision 0027): a
 * ZIP's own city, or a place within reach of the ZIP, whose name is kept (Bloomington at 55420,
 * whose ZIP says Minneapolis).
 */
export async function standardizeAddress(db: ReferenceDb, address: ParsedAddress | null): Promise<StandardizedAddress | null> {
  if (!address?.street1 || (address.countryCode !== null && address.countryCode !== US)) return null;
  const zip = address.postalCode?.trim();
  let place, municipality;
  if (zip) {
    if (!/^\d{5}(-\d{4})?$/.test(zip)) return null;
    place = await placeOfPostalCode(db, US, zip);
    if (!place) return null;
    if (address.region && address.region.trim().toUpperCase() !== place.region) return null;
    municipality = address.municipality ? await municipalityAt(db, place, address.municipality) : place.municipality;
    if (!municipality) return null;
  } else {
    if (!address.municipality || !address.region) return null;
    place = await onlyPostalCodeOf(db, address.municipality, address.region.trim().toUpperCase());
    if (!place) return null;
    municipality = place.municipality;
  }
  return {
    street1: standardStreet(address.street1),
    street2: address.street2 ? address.street2.replace(/\s+/g, ' ').trim() : null,
    municipality,
    region: place.region,
    // A ZIP+4 keeps its extension: it is more precise than the gazetteer.
    postalCode: zip && zip.length === 10 ? zip : place.postalCode,
    countryCode: US,
    latitude: place.latitude,
    longitude: place.longitude,
  };
}

/** The postal code of a city that has only one, under the name typed or its place's ("St. Paul" is Saint Paul's). */
async function onlyPostalCodeOf(db: ReferenceDb, municipality: string, region: string) {
  const place = await findPlace(db, US, municipality, region);
  const names = [...new Set([municipality, place?.name ?? municipality].map((n) => n.trim().toLowerCase()))];
  const rows = await db.select().from(postalCodes).where(and(
    eq(postalCodes.countryCode, US),
    inArray(sql`lower(${postalCodes.municipality})`, names),
    eq(postalCodes.region, region),
  )).limit(2);
  return rows.length === 1 ? rows[0] : undefined;
}

/** Spaces collapsed and the street type abbreviated as USPS does (Terrace → Ter). */
export function standardStreet(street: string): string {
  const words = street.replace(/[,\s]+/g, ' ').trim().split(' ');
  return words.map((w, i) => {
    const suffix = STREET_SUFFIXES[w.toLowerCase().replace(/\.$/, '')];
    return suffix && i > 0 && (i === words.length - 1 || /^(?:[NSEW]|NE|NW|SE|SW)\.?$/i.test(words[i + 1]!)) ? suffix : w;
  }).join(' ');
}
