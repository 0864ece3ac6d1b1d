// The fields `PATCH /Customers/{id}/worksites/{worksiteId}` may change. The spec lists no worksite
// routes, so this catalog is the house's (decision 0036), written in the spec's notation.
import { catalog, f } from '../../platform/records/json-patch/catalog.ts';

export const worksiteCatalog = catalog('Worksite', [
  f('Name', 'String(100)', { minLength: 1 }),
  f('Street1', 'String(50)?'),
  f('Street2', 'String(50)?'),
  f('Municipality', 'String(50)?', { note: 'city; spelt as the gazetteer spells it once the address is placed' }),
  f('Region', 'String(5)?', { note: 'state or province code' }),
  f('PostalCode', 'String(10)?'),
  f('CountryCode', 'Int32', { min: 1, max: 999, note: 'ISO 3166 numeric, as GET /DataLists/countries' }),
], { notInSpec: 'the spec has no worksite routes, yet a job order needs a worksite of its customer (issue 26 item 13, decision 0036)' });
