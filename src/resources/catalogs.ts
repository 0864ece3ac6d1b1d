// Every PATCH catalog, by the spec's resource name, with its table and PATCH route(s): the registry's
// records, and the records whose routes are their own.
import type { Catalog } from '../platform/records/json-patch/catalog.ts';
import type { PatchableTable } from '../platform/records/json-patch/target.ts';
import { records } from './registry.ts';
import { contactMethodCatalog } from './contact-methods/contact-method.patch-catalog.ts';
import { contactMethods } from './contact-methods/contact-method.table.ts';

interface PatchCatalog { catalog: Catalog; table: PatchableTable; routes: string[] }

const ownRoutes: Record<string, PatchCatalog> = {
  'Contact method': {
    catalog: contactMethodCatalog,
    table: contactMethods,
    routes: ['/Employees/{id}/contactmethods/{contactMethodId}', '/Contacts/{id}/contactmethods/{contactMethodId}', '/Customers/{id}/contactmethods/{contactMethodId}'],
  },
};

export const catalogs: Record<string, PatchCatalog> = {
  ...ownRoutes,
  ...Object.fromEntries(records.map(({ path, idParam, patch: { target } }): [string, PatchCatalog] =>
    [target.catalog.resource, { catalog: target.catalog, table: target.table, routes: [`${path}/{${idParam ?? 'id'}}`] }])),
};
