// The fields `PATCH /Customers/{id}` may change: the spec's PATCH catalog for Customer, one line per field.
import { catalog, f } from '../../platform/records/json-patch/catalog.ts';

export const customerCatalog = catalog('Customer', [
  f('CustomerName', 'String(50)'),
  f('DepartmentName', 'String(50)'),
  f('WorksiteId', 'Int32?', { note: "default worksite for new job orders" }),
  f('Website', 'String(255)?'),
  f('IsMonthlyBill', 'Boolean'),
  f('CreditLimit', 'Decimal', { note: "billing warns when unpaid invoices are near or over it" }),
  f('Note', 'String(4000)?'),
  f('DateActivated', 'DateTime'),
  f('BranchId', 'Int32'),
  f('PrimaryPhoneNumberContactMethodId', 'Int32?'),
  f('PrimaryEmailAddressContactMethodId', 'Int32?'),
  f('PrimaryMessageId', 'Int64?'),
]);
