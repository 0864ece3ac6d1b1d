// The fields `PATCH /Contacts/{id}` may change: the spec's PATCH catalog for Contact, one line per field.
import { catalog, f } from '../../platform/records/json-patch/catalog.ts';

export const contactCatalog = catalog('Contact', [
  f('FirstName', 'String(25)'),
  f('LastName', 'String(50)'),
  f('Title', 'String(50)?'),
  f('NickName', 'String(25)?'),
  f('Honorific', 'String(25)?'),
  f('Birthday', 'String(10)?'),
  f('CustomerId', 'Int64?'),
  f('CompanyId', 'Int32?', { note: "used when the contact works for a vendor" }),
  f('BranchId', 'Int32'),
  f('EmployeeId', 'Int64?'),
  f('WorksiteId', 'Int32?'),
  f('Note', 'String'),
  f('PrimaryPhoneNumberContactMethodId', 'Int32?'),
  f('PrimaryEmailAddressContactMethodId', 'Int32?'),
  f('PrimaryMessageId', 'Int64?'),
  f('HowHeardOfId', 'Int32?'),
  f('HowHeardOfDetail', 'String(255)?'),
  f('ServiceRepId', 'Int32?'),
]);
