// Every PATCH catalog, by the spec's resource name, with its PATCH route(s): the registry's records,
// and the records whose routes are their own.
import type { Catalog } from '../platform/http/json-patch/catalog.ts';
import { records } from './registry.ts';
import { contactMethodCatalog } from './contact-methods/contact-method.patch-catalog.ts';

const ownRoutes: Record<string, { catalog: Catalog; routes: string[] }> = {
  'Contact method': {
    catalog: contactMethodCatalog,
    routes: ['/Employees/{id}/contactmethods/{contactMethodId}', '/Contacts/{id}/contactmethods/{contactMethodId}', '/Customers/{id}/contactmethods/{contactMethodId}'],
  },
};

export const catalogs: Record<string, { catalog: Catalog; routes: string[] }> = {
  ...ownRoutes,
  ...Object.fromEntries(records.map((r) => [r.patch.target.catalog.resource, { catalog: r.patch.target.catalog, routes: [`${r.path}/{${r.idParam ?? 'id'}}`] }])),
};
