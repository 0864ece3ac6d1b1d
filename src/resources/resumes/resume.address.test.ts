// Standardizing a parsed address against the gazetteer (RES-10, RES-11): the ZIP's city and state,
// or null when the address cannot be standardized.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../../test/helpers.ts';
import type { Database } from '../../platform/db/database.ts';
import { usPostalCodes } from '../gazetteer/gazetteer.load.ts';
import { standardizeAddress } from './resume.address.ts';
import type { ParsedAddress } from './resume.types.ts';

let database: Database;
beforeAll(async () => { database = await testDatabase(); });
afterAll(async () => { await database?.close(); });

const address = (over: Partial<ParsedAddress>): ParsedAddress => ({
  street1: '250 Marquette Avenue', street2: 'Suite 300', municipality: 'minneapolis', region: 'mn', postalCode: '55401', countryCode: 840, ...over,
});

describe('standardizeAddress (RES-10, RES-11)', () => {
  it('RES-10: takes city and state from the gazetteer and abbreviates the street type', async () => {
    const result = await standardizeAddress(database.db, address({}));
    expect(result).toMatchObject({ street1: '250 Marquette Ave', street2: 'Suite 300', municipality: 'Minneapolis', region: 'MN', postalCode: '55401', countryCode: 840 });
    expect(result!.latitude).toBeCloseTo(44.98, 1);
    expect(await standardizeAddress(database.db, address({ municipality: null, region: null, countryCode: null, postalCode: '55401-1234' }))).toMatchObject({ municipality: 'Minneapolis', postalCode: '55401-1234' });
  });

  it('fills the ZIP from the city and state only when the city has a single one', async () => {
    const counts = new Map<string, string[]>();
    for (const p of usPostalCodes()) counts.set(`${p.municipality}|${p.region}`, [...(counts.get(`${p.municipality}|${p.region}`) ?? []), p.postalCode]);
    const [key, [zip]] = [...counts].find(([, zips]) => zips.length === 1)! as [string, [string]];
    const [municipality, region] = key.split('|') as [string, string];
    expect(await standardizeAddress(database.db, address({ municipality: municipality.toUpperCase(), region, postalCode: null }))).toMatchObject({ municipality, region, postalCode: zip });
    expect(await standardizeAddress(database.db, address({ municipality: 'Minneapolis', region: 'MN', postalCode: null }))).toBeNull();
  });

  it('RES-10: a city known by its place or another spelling is accepted with its ZIP code, and keeps its own name', async () => {
    // 55420's preferred city is Minneapolis, but it lies in Bloomington; 55101's is "Saint Paul".
    expect(await standardizeAddress(database.db, address({ municipality: 'Bloomington', region: 'MN', postalCode: '55420' }))).toMatchObject({ municipality: 'Bloomington', region: 'MN', postalCode: '55420' });
    expect(await standardizeAddress(database.db, address({ municipality: 'St. Paul', region: 'MN', postalCode: '55101' }))).toMatchObject({ municipality: 'Saint Paul', postalCode: '55101' });
    expect(await standardizeAddress(database.db, address({ municipality: 'Bloomington', region: 'MN', postalCode: '55401' }))).toBeNull(); // downtown Minneapolis: not Bloomington
    expect(await standardizeAddress(database.db, address({ municipality: 'Bloomington', region: 'IN', postalCode: '55420' }))).toBeNull();
  });

  it('RES-11: null when the address cannot be standardized', async () => {
    expect(await standardizeAddress(database.db, null)).toBeNull();
    expect(await standardizeAddress(database.db, address({ street1: null }))).toBeNull(); // incomplete
    expect(await standardizeAddress(database.db, address({ postalCode: '00000' }))).toBeNull(); // unknown ZIP
    expect(await standardizeAddress(database.db, address({ municipality: 'Austin' }))).toBeNull(); // ZIP of another city
    expect(await standardizeAddress(database.db, address({ region: 'TX' }))).toBeNull(); // ZIP of another state
    expect(await standardizeAddress(database.db, address({ postalCode: 'M5H 2M9', countryCode: 124 }))).toBeNull(); // no Canadian data
    expect(await standardizeAddress(database.db, address({ postalCode: null, municipality: 'Nowhereville', region: 'MN' }))).toBeNull();
  });
});
