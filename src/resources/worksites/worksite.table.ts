// Where work happens: a customer's sites (or the agency's own, without a customer), with the
// coordinates the job board's radius search reads (its triggers rebuild an order's search row when
// its worksite changes: drizzle/0007). A worksite has no hierarchy node of its own: it is seen when
// its customer is (decision 0036).
import { bigint, doublePrecision, index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { catalogColumns } from '../../platform/records/catalog-columns.ts';
import { tenantKey, timestamps } from '../../platform/db/columns.ts';
import { worksiteCatalog } from './worksite.patch-catalog.ts';
import { externalIdColumn, externalIdIndex } from '../../platform/records/external-id.ts';

export const worksites = pgTable('worksites', {
  ...tenantKey(),
  /** Null: a site of the agency's own, which any customer's records may name. */
  customerId: bigint('customer_id', { mode: 'number' }),
  ...catalogColumns(worksiteCatalog),
  // The catalog's column with the default a site without a country has always had: the United States.
  countryCode: integer('country_code').notNull().default(840),
  /** Where the gazetteer placed the address; null when it could not (such a site is never in a radius search). */
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  dateAddressStandardized: timestamp('date_address_standardized', { withTimezone: true, mode: 'date' }),
  ...externalIdColumn('worksites'),
  ...timestamps(),
}, (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('worksites_customer').on(t.tenantId, t.customerId), externalIdIndex('worksites', t)]);
