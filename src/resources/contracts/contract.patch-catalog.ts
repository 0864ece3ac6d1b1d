// The fields `PATCH /Contracts/{id}` may change: the spec's PATCH catalog for Contract, one line per field.
import { catalog, f } from '../../platform/records/json-patch/catalog.ts';

export const contractCatalog = catalog('Contract', [
  f('CustomerId', 'Int64'),
  f('Name', 'String(200)'),
  f('Notes', 'String'),
  f('ContractLength', 'Decimal?'),
  f('ContractLengthTypeId', 'Int32?'),
  f('ContractStatusId', 'Int32'),
  f('StartDate', 'DateTime'),
  f('EndDate', 'DateTime?'),
  f('PrimaryContactId', 'Int32?'),
  f('ContractCategoryId', 'Int32?'),
  f('OwnedByServiceRepId', 'Int32'),
  f('DateContractSigned', 'Int32?', { note: "typed as an integer although it is a date" }),
  f('PrimaryMessageId', 'Int64?'),
]);
