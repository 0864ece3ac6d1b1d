// The gazetteer: postal codes with their place and coordinates, and the places people type (cities,
// towns, with every name they go by), reference tables shared by every tenant, loaded by `migrate`
// from packages (decisions 0008, 0027). It finds the centre of a job board location search and
// standardizes addresses.
import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

export const postalCodes = pgTable('postal_codes', {
  /** ISO 3166 numeric (840 United States). */
  countryCode: integer('country_code').notNull(),
  postalCode: text('postal_code').notNull(),
  municipality: text('municipality').notNull(),
  region: text('region').notNull(),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
}, (t) => [
  primaryKey({ columns: [t.countryCode, t.postalCode] }),
  index('postal_codes_place').on(t.countryCode, sql`lower(${t.municipality})`, t.region),
]);

/** Populated places of GeoNames (cities500: incorporated places, towns, neighbourhoods). */
export const places = pgTable('places', {
  /** The GeoNames id. */
  id: integer('id').primaryKey(),
  /** ISO 3166 numeric, as postal_codes. */
  countryCode: integer('country_code').notNull(),
  /** US state and Canadian province codes (MN, ON); in the UK its countries (ENG, SCT, WLS, NIR). */
  region: text('region').notNull(),
  name: text('name').notNull(),
  population: integer('population').notNull(),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
});

/** Every name of a place by its search key (placeKey): its own, its ASCII spelling, its Latin-script alternate names. */
export const placeNames = pgTable('place_names', {
  countryCode: integer('country_code').notNull(),
  key: text('key').notNull(),
  region: text('region').notNull(),
  placeId: integer('place_id').notNull(),
  /** An alternate name: a place's own names rank before them ("Greenwood, MO" is the town, not Kansas City, which GeoNames also calls so). */
  alternate: boolean('alternate').notNull(),
}, (t) => [primaryKey({ columns: [t.countryCode, t.key, t.region, t.placeId] })]);
