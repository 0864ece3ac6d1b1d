// Request and response shapes of /Contracts (GEN-15: the spec shows only PATCH). The read shape is
// every catalog field plus the id, the hierarchy node and the names a client displays.
import { Type, type Static } from 'typebox';
import { catalogProperties } from '../../platform/records/json-patch/catalog.ts';
import { Id32, Id64, nullable, opt } from '../../platform/records/shapes.ts';
import { contractCatalog } from './contract.patch-catalog.ts';

/** ISO 8601, a date or a date-time, as PATCH accepts (checked by the repository, which names the field). */
const DateTime = (description: string) => Type.String({ maxLength: 40, description: `${description} ISO 8601 date or date-time.` });

export const ContractCreate = Type.Object({
  customerId: Id64('The customer; visible to the caller. The contract lives in the customer\'s hierarchy node.'),
  name: Type.String({ minLength: 1, maxLength: 200 }),
  contractStatusId: opt(Id32('A contract status of the tenant; default Draft.')),
  startDate: opt(DateTime('Default: now.')),
  endDate: opt(DateTime('Not before startDate.')),
  ownedByServiceRepId: opt(Id32('A service rep inside the caller\'s hierarchy; default the caller.')),
  notes: opt(Type.String()),
  contractLength: opt(Type.Number({ minimum: 0, maximum: 1e13 })),
  contractLengthTypeId: opt(Id32('The unit of contractLength: a value of GET /Datalists/ContractLengthTypes.')),
  primaryContactId: opt(Id32('A contact inside the caller\'s hierarchy.')),
  contractCategoryId: opt(Id32('A value of GET /Datalists/ContractCategories.')),
  dateContractSigned: opt(Type.Integer({ minimum: 10000101, maximum: 99991231, description: 'The signing date as the integer yyyymmdd (20260315), AMB-03.' })),
});
export type ContractCreateInput = Static<typeof ContractCreate>;

export const ContractRecord = Type.Object({
  contractId: Type.Integer(),
  ...catalogProperties(contractCatalog),
  dateContractSigned: nullable(Type.Integer({ description: 'The signing date as the integer yyyymmdd (AMB-03).' })),
  customerName: Type.String(),
  contractStatus: Type.String({ description: 'Name of the status (ContractStatusId).' }),
  ownedByServiceRep: Type.String({ description: 'Name of the owning service rep.' }),
  hierId: Type.Integer({ description: 'The customer\'s hierarchy node.' }),
});

export const ContractListItem = Type.Object({
  contractId: Type.Integer(),
  name: Type.String(),
  customerId: Type.Integer(),
  customerName: Type.String(),
  contractStatusId: Type.Integer(),
  contractStatus: Type.String(),
  startDate: Type.String({ format: 'date-time' }),
  endDate: nullable(Type.String({ format: 'date-time' })),
});

