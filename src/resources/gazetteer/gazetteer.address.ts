// Placing a postal address with the gazetteer (worksites: the job board's radius search needs their
// coordinates). A postal code it knows places the address at that code and fixes the city and region
// as the gazetteer spells them; otherwise a city and region it knows place it at the city's centre.
// An address it contradicts (a code of another state, of another city) is bad input, named by field;
// one it does not know (a code newer than its data, a country it has no places for) is not placed.
// Decision: docs/decisions/0036-worksites.md.
import type { ReferenceDb } from '../../platform/scope.ts';
import { invalid } from '../../platform/http/errors.ts';
import { findPlace, firstPlaceOf, municipalityAt, placeOfPostalCode } from './gazetteer.repository.ts';
import { CANADA, US } from './gazetteer.load.ts';

export interface AddressToPlace {
  municipality?: string | null;
  region?: string | null;
  postalCode?: string | null;
  countryCode: number;
}

/**
 * The address to keep: placed, with the city, region and postal code spelt the gazetteer's way and
 * where it is (`at`); not placed, as given (trimmed, the region and postal code in capitals) and `at` null.
 */
export interface Placement {
  municipality: string | null;
  region: string | null;
  postalCode: string | null;
  at: { latitude: number; longitude: number } | null;
}

const US_ZIP = /^\d{5}(-\d{4})?$/;
const CA_POSTAL = /^([A-Z]\d[A-Z]) ?(\d[A-Z]\d)$/;

const given = (value: string | null | undefined) => (value && value.trim() ? value.trim() : null);

/** The postal code in its country's form (`a1a1a1` → `A1A 1A1`); 400 naming postalCode when it cannot be one. */
function postalCodeOf(countryCode: number, typed: string): string {
  if (countryCode === US) {
    if (!US_ZIP.test(typed)) throw invalid('postalCode', 'is not a US ZIP code (12345 or 12345-6789)');
    return typed;
  }
  if (countryCode === CANADA) {
    const m = CA_POSTAL.exec(typed.toUpperCase());
    if (!m) throw invalid('postalCode', 'is not a Canadian postal code (A1A 1A1)');
    return `${m[1]} ${m[2]}`;
  }
  return typed.toUpperCase();
}

/**
 * The address placed by the gazetteer; `at` is null when it cannot be placed (nothing to place it by,
 * or a postal code, city or country the gazetteer does not know). Throws a 400 naming `postalCode`
 * when the gazetteer knows the postal code and it belongs to another region or city than the one given.
 */
export async function placeAddress(db: ReferenceDb, address: AddressToPlace): Promise<Placement> {
  const { countryCode } = address;
  const typedCode = given(address.postalCode);
  const postalCode = typedCode === null ? null : postalCodeOf(countryCode, typedCode);
  const region = given(address.region)?.toUpperCase() ?? null;
  const municipality = given(address.municipality);
  if (postalCode) {
    const place = await placeOfPostalCode(db, countryCode, postalCode);
    if (place) {
      const at = `${place.municipality}, ${place.region}`;
      if (region && region !== place.region) throw invalid('postalCode', `belongs to ${at}, not to ${region}`);
      // The city by any of its names: the code's own, or a place within reach of it (Bloomington at 55420).
      const city = municipality ? await municipalityAt(db, place, municipality) : place.municipality;
      if (!city) throw invalid('postalCode', `belongs to ${at}, not to ${municipality}`);
      return { municipality: city, region: place.region, postalCode, at: { latitude: place.latitude, longitude: place.longitude } };
    }
  }
  const unplaced: Placement = { municipality, region, postalCode, at: null };
  // No postal code the gazetteer knows: the city, which needs its region (Springfield is in many states).
  if (!municipality || !region) return unplaced;
  const named = await findPlace(db, countryCode, municipality, region);
  if (named) return { municipality: named.name, region: named.region, postalCode, at: { latitude: named.latitude, longitude: named.longitude } };
  const first = await firstPlaceOf(db, countryCode, municipality, region);
  return first ? { municipality: first.municipality, region: first.region, postalCode, at: { latitude: first.latitude, longitude: first.longitude } } : unplaced;
}
