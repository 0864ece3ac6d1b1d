// The fields `PATCH /Employees/{id}/contactmethods/{contactMethodId}` may change: the spec's PATCH catalog for Contact method, one line per field.
import { catalog, f } from '../../platform/records/json-patch/catalog.ts';

export const contactMethodCatalog = catalog('Contact method', [
  f('ContactMethodTypeId', 'Int16'),
  f('ContactMethod', 'String(255)'),
  f('IsActive', 'Boolean'),
  f('Notes', 'String(1000)?'),
  f('WhenAvailable', 'String(25)?'),
  f('AreaCode', 'Int32', { note: "or 0" }),
  f('ProviderId', 'Int32', { note: "text-messaging provider, or -1" }),
  f('CountryCallingCode', 'Int32?'),
  f('IsPinned', 'Boolean'),
]);
