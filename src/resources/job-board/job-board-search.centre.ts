// The centre and radius of a job board location search (JB-22..JB-29, decisions AMB-48..AMB-51):
//   1. postalCode given: its place is the centre; municipality and region are replaced by its own.
//   2. else municipality + region: the place of that name (any of its names, decision 0027) is the
//      centre; a name only postal codes use assigns its first (lowest) postal code, the centre.
//   3. latitude + longitude: only when neither 1 nor 2 located the search.
// Unknown or unsupported values answer 400 naming the field.
import type { ReferenceDb } from '../../platform/scope.ts';
import { invalid } from '../../platform/http/errors.ts';
import { UNITED_KINGDOM } from '../gazetteer/gazetteer.load.ts';
import { placeKey } from '../gazetteer/place-key.ts';
import { gazetteerKey, hasPostalCodes, knownRegions, locate, placeOfPostalCode, type PlaceCentre } from '../gazetteer/gazetteer.repository.ts';
import { DISTANCE_UNITS, type JobBoardSearch } from './job-board-search.schemas.ts';

export interface Centre {
  latitude: number;
  longitude: number;
  /** The postal code the centre was taken from, if any. */
  postalCode?: string;
  radiusMetres: number;
  /** Metres in one unit of the requested distanceUnitId (results' `distance`). */
  unitMetres: number;
}

type Location = Pick<JobBoardSearch, 'postalCode' | 'municipality' | 'region' | 'latitude' | 'longitude' | 'distance' | 'distanceUnitId'>;

/** What the gazetteer holds for a country: its regions, and whether it has its postal codes. */
interface Coverage { regions: Set<string>; postalCodes: boolean }

/** AMB-51: countries whose addresses carry no region, where municipality goes without one (the UK). */
const REGION_OPTIONAL = new Set([UNITED_KINGDOM]);

// The gazetteer changes only with a deployment (migrate loads it): what it covers is read once per country.
const coverageCache = new WeakMap<ReferenceDb, Map<number, Promise<Coverage>>>();
function coverageOf(db: ReferenceDb, countryCode: number): Promise<Coverage> {
  let byCountry = coverageCache.get(db);
  if (!byCountry) coverageCache.set(db, byCountry = new Map());
  let coverage = byCountry.get(countryCode);
  if (!coverage) {
    coverage = Promise.all([knownRegions(db, countryCode), hasPostalCodes(db, countryCode)]).then(([regions, postalCodes]) => ({ regions, postalCodes }));
    coverage.catch(() => byCountry.delete(countryCode));
    byCountry.set(countryCode, coverage);
  }
  return coverage;
}

// Locations looked up by postal code or by municipality and region, kept per process (at most
// PLACES_KEPT; the US has about 41,000 ZIP codes, Canada 1,600 postal areas): the gazetteer only changes with a deployment.
const PLACES_KEPT = 50_000;
const placesCache = new WeakMap<ReferenceDb, Map<string, Promise<PlaceCentre | undefined>>>();
function place(db: ReferenceDb, key: string, look: () => Promise<PlaceCentre | undefined>): Promise<PlaceCentre | undefined> {
  let places = placesCache.get(db);
  if (!places) placesCache.set(db, places = new Map());
  let found = places.get(key);
  if (!found) {
    if (places.size >= PLACES_KEPT) places.delete(places.keys().next().value!);
    found = look();
    found.catch(() => places.delete(key));
    places.set(key, found);
  }
  return found;
}

/** True when the request names any location parameter. */
export function isLocationSearch(q: Location): boolean {
  return q.postalCode !== undefined || q.municipality !== undefined || q.region !== undefined || q.latitude !== undefined || q.longitude !== undefined;
}

/** The centre of the search, or undefined when the request is not a location search. */
export async function findCentre(db: ReferenceDb, countryCode: number, q: Location): Promise<Centre | undefined> {
  if ((q.latitude === undefined) !== (q.longitude === undefined)) {
    throw q.latitude === undefined ? invalid('latitude', 'is required with longitude') : invalid('longitude', 'is required with latitude');
  }
  if (q.distanceUnitId !== undefined && !DISTANCE_UNITS[q.distanceUnitId]) throw invalid('distanceUnitId', 'must be 3 (miles) or 4 (kilometers)');
  // distance and distanceUnitId without any location: nothing to measure from, so no filter (AMB-50).
  if (!isLocationSearch(q)) return undefined;
  if (q.distance === undefined) throw invalid('distance', 'is required with a location search');
  if (q.distanceUnitId === undefined) throw invalid('distanceUnitId', 'is required with a location search (3 miles, 4 kilometers)');
  const unitMetres = DISTANCE_UNITS[q.distanceUnitId]!.metres;
  const at = (latitude: number, longitude: number, postalCode?: string): Centre =>
    ({ latitude, longitude, postalCode, radiusMetres: q.distance! * unitMetres, unitMetres });

  if (q.postalCode !== undefined || q.municipality !== undefined || q.region !== undefined) {
    const { regions, postalCodes } = await coverageOf(db, countryCode);
    if (regions.size === 0) {
      throw invalid('countryCode', 'location search by postalCode, municipality or region is not available for this country; use latitude and longitude');
    }
    if (q.region !== undefined && !regions.has(q.region.trim().toUpperCase())) {
      throw invalid('region', 'is not a region of the country (a state or province code such as MN or ON; in the United Kingdom ENG, SCT, WLS or NIR)');
    }
    if (q.postalCode !== undefined) {
      if (!postalCodes) throw invalid('countryCode', 'location search by postalCode is not available for this country; use municipality, or latitude and longitude');
      const found = await place(db, `${countryCode}|${gazetteerKey(countryCode, q.postalCode)}`, () => placeOfPostalCode(db, countryCode, q.postalCode!));
      if (!found) throw invalid('postalCode', 'is not a postal code of the country');
      return at(found.latitude, found.longitude, found.postalCode);
    }
    if (q.municipality !== undefined) {
      if (q.region === undefined && !REGION_OPTIONAL.has(countryCode)) throw invalid('region', 'is required with municipality when no postalCode is given');
      // Keyed as the gazetteer matches names: "Montréal" and "Montreal", "St. Paul" and "Saint Paul" are one entry.
      const key = `${countryCode}|${placeKey(q.municipality)}|${q.region?.trim().toUpperCase() ?? ''}`;
      const found = await place(db, key, () => locate(db, countryCode, q.municipality!, q.region));
      if (found) return at(found.latitude, found.longitude, found.postalCode);
      if (q.latitude === undefined) throw invalid('municipality', 'is not a municipality of the region');
    }
  }
  if (q.latitude !== undefined && q.longitude !== undefined) return at(q.latitude, q.longitude);
  throw invalid('municipality', 'is required with region (or give postalCode, or latitude and longitude)');
}
