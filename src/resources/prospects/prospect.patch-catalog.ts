// The fields `PATCH /Prospects/{id}` may change: the spec's PATCH catalog for Prospect, one line per field.
import { catalog, f } from '../../platform/records/json-patch/catalog.ts';

export const prospectCatalog = catalog('Prospect', [
  f('Name', 'String(255)'),
  f('Department', 'String(255)'),
  f('PhoneNumber', 'String(255)'),
  f('PhoneNumberCountryCallingCode', 'Int32?'),
  f('EmailAddress', 'String(255)'),
  f('Notes', 'String(Max)'),
  f('PrimaryProspectContactId', 'Int64?'),
  f('Source', 'String(255)'),
  f('OwnedByServiceRepId', 'Int32?'),
  f('TeamId', 'Int32?'),
  f('ProspectStatusId', 'Int64'),
  f('PrimaryMessageId', 'Int64?'),
]);
