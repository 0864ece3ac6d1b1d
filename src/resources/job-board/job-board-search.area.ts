// The geometry of a radius search, on earthdistance's sphere. The search table stores worksites as
// `ll_to_earth` points (cube); the search compares cube distances with a centre, a box and a chord
// computed here once, rather than calling earthdistance's SQL functions for every row (PostgreSQL
// cannot inline them: ~6 µs a row). A test checks these numbers against earthdistance's own.
import type { Centre } from './job-board-search.centre.ts';

/** The earth's radius in earthdistance (`earth()`), in metres. */
const EARTH_RADIUS = 6_378_168;

/** A point as earthdistance's `ll_to_earth` places it. */
function earthPoint(latitude: number, longitude: number): [number, number, number] {
  const lat = (latitude * Math.PI) / 180, lon = (longitude * Math.PI) / 180;
  return [EARTH_RADIUS * Math.cos(lat) * Math.cos(lon), EARTH_RADIUS * Math.cos(lat) * Math.sin(lon), EARTH_RADIUS * Math.sin(lat)];
}

export interface SearchArea {
  /** The centre, in cube's text form. */
  centre: string;
  /** The cube around the centre holding every point within the radius (`earth_box`). */
  box: string;
  /** The radius as a chord: the straight line through the earth between two points that far apart along its surface (`gc_to_sec`). */
  chord: number;
}

export function searchArea(centre: Centre): SearchArea {
  const [x, y, z] = earthPoint(centre.latitude, centre.longitude);
  const chord = 2 * EARTH_RADIUS * Math.sin(Math.min(centre.radiusMetres / (2 * EARTH_RADIUS), Math.PI / 2));
  return { centre: `(${x}, ${y}, ${z})`, box: `(${x - chord}, ${y - chord}, ${z - chord}),(${x + chord}, ${y + chord}, ${z + chord})`, chord };
}

/** The distance along the earth's surface of a chord (earthdistance's `sec_to_gc`). */
export function surfaceMetres(chord: number): number {
  return 2 * EARTH_RADIUS * Math.asin(Math.min(1, Math.max(0, chord / (2 * EARTH_RADIUS))));
}
