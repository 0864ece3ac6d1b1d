// The contract record: /Contracts (GEN-15: the spec shows only PATCH; create, read and list follow the
// employee pattern) and PATCH of the catalog's fields, with what each field may hold (AMB-03, AMB-78).
// A contract lives in its customer's hierarchy node and moves with it when CustomerId changes.
// DELETE is not offered (405).
import { serviceReps } from '../../platform/db/schema.ts';
import { defineRecord } from '../../platform/records/record.ts';
import { lookup, rule, visibleRecord } from '../../platform/records/rules.ts';
import type { PatchTarget } from '../../platform/records/json-patch/target.ts';
import { parseDateTime } from '../../platform/records/json-patch/values.ts';
import { contractStatuses } from '../reference-data/reference.table.ts';
import { ownMessage } from '../messages/message.repository.ts';
import { codeListRules } from '../reference-data/back-office.lists.ts';
import { customers } from '../customers/customer.table.ts';
import { contacts } from '../contacts/contact.table.ts';
import { contracts } from './contract.table.ts';
import { contractCatalog } from './contract.patch-catalog.ts';
import { ContractCreate } from './contract.schemas.ts';
import { createContract, getContract, isYyyymmdd, listContracts, moveWithCustomer } from './contract.repository.ts';

const NOT_ISO = 'must be an ISO 8601 date-time';
/** A date as PATCH plans it (a Date) or as a create request gives it (ISO 8601 text); undefined when it is neither. */
const asDate = (v: unknown): Date | undefined => (v instanceof Date ? v : typeof v === 'string' ? parseDateTime(v) : undefined);

export const contractPatchTarget: PatchTarget = {
  catalog: contractCatalog,
  table: contracts,
  what: 'The contract',
  // AMB-78: the customer, the owner and the primary contact are inside the caller's hierarchy.
  rules: {
    customerId: visibleRecord(customers, 'customer'),
    contractStatusId: lookup(contractStatuses, 'a contract status of the tenant'),
    ...codeListRules('contractLengthTypeId', 'contractCategoryId'),
    ownedByServiceRepId: visibleRecord(serviceReps, 'service rep'),
    primaryContactId: visibleRecord(contacts, 'contact'),
    primaryMessageId: ownMessage('contract', 'contract'),
    dateContractSigned: rule((v) => (isYyyymmdd(Number(v)) ? undefined : 'must be a date written as yyyymmdd (20260315)')),
    // The end is not before the start: the field the request changes is named (on create, the end; a
    // new contract starts now unless it says otherwise).
    startDate: rule((v, { id, next }) => {
      const start = asDate(v);
      if (!start) return NOT_ISO;
      const end = id === undefined ? undefined : asDate(next.endDate);
      return end && end.getTime() < start.getTime() ? 'must not be after endDate' : undefined;
    }),
    endDate: rule((v, { next }) => {
      const end = asDate(v);
      if (!end) return NOT_ISO;
      const start = next.startDate == null ? new Date() : asDate(next.startDate);
      return start && end.getTime() < start.getTime() ? 'must not be before startDate' : undefined;
    }),
  },
  after: moveWithCustomer,
};

export const contractRecord = defineRecord({
  name: 'Contract',
  idType: 'Int32',
  create: { summary: 'Create a contract for a customer inside the caller\'s hierarchy.', body: ContractCreate, run: createContract },
  list: { summary: 'Contracts inside the caller\'s hierarchy, by name.', reader: listContracts },
  read: { summary: 'One contract: every catalog field, plus display names.', reader: getContract },
  patch: { note: 'DateContractSigned is yyyymmdd.', target: contractPatchTarget },
  // The API description's example (decision 0052).
  example: {
    contractId: 77, customerId: 2042, name: 'Contoso 2026 master agreement', notes: 'Net 30.', contractLength: 12, startDate: '2026-01-01T00:00:00.000Z',
    endDate: '2026-12-31T00:00:00.000Z', customerName: 'Contoso Manufacturing',
  },
});
