// Data access for contracts: create, read, list, and the move of a contract with its customer (the
// record and its rules: contract.record.ts). A contract lives in its customer's hierarchy node, and
// moves with it when CustomerId changes.
import { eq } from 'drizzle-orm';
import type { DataScope } from '../../platform/scope.ts';
import { byIdReader, catalogSelect, nameIn, serviceRepName } from '../../platform/records/read.ts';
import { equals, listReader } from '../../platform/records/list.ts';
import { Id32, Id64 } from '../../platform/records/shapes.ts';
import { invalid } from '../../platform/http/errors.ts';
import { parseDateTime } from '../../platform/records/json-patch/values.ts';
import type { PatchContext } from '../../platform/records/json-patch/target.ts';
import { contractStatuses } from '../reference-data/reference.table.ts';
import { customers } from '../customers/customer.table.ts';
import { customerName } from '../customers/customer.repository.ts';
import { contracts } from './contract.table.ts';
import { contractCatalog } from './contract.patch-catalog.ts';
import { ContractListItem, ContractRecord, type ContractCreateInput } from './contract.schemas.ts';

/** The hierarchy node of a customer the caller can see. */
async function customerNode(scope: DataScope, customerId: number): Promise<number | undefined> {
  const [row] = await scope.select(customers, { hierId: customers.hierId }).where(eq(customers.id, customerId));
  return row?.hierId;
}

/** AMB-03 (a): DateContractSigned is a real calendar date written as the integer yyyymmdd. */
export function isYyyymmdd(value: number): boolean {
  const y = Math.floor(value / 10000), m = Math.floor(value / 100) % 100, d = value % 100;
  if (y < 1000 || y > 9999) return false;
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}
/** Creates the contract in its customer's node (Draft, owned by the caller, by default); the record's rules have checked the fields. */
export async function createContract(scope: DataScope, input: ContractCreateInput): Promise<number> {
  return scope.transaction(async (tx) => {
    const hierId = await customerNode(tx, input.customerId);
    if (hierId === undefined) throw invalid('customerId', 'no such customer inside your hierarchy');
    const startDate = (input.startDate == null ? undefined : parseDateTime(input.startDate)) ?? new Date();
    const endDate = (input.endDate == null ? undefined : parseDateTime(input.endDate)) ?? null;
    const [draft] = input.contractStatusId != null ? [{ id: input.contractStatusId }] : await tx.select(contractStatuses, { id: contractStatuses.id })
      .where(eq(contractStatuses.name, 'Draft')).limit(1);
    if (!draft) throw invalid('contractStatusId', 'is required: the tenant has no contract status named Draft');
    const [row] = await tx.insert(contracts, {
      hierId, customerId: input.customerId, name: input.name, notes: input.notes ?? '',
      contractStatusId: draft.id, startDate, endDate, ownedByServiceRepId: input.ownedByServiceRepId ?? tx.principal.serviceRepId,
      contractLength: input.contractLength ?? null, contractLengthTypeId: input.contractLengthTypeId ?? null, primaryContactId: input.primaryContactId ?? null,
      contractCategoryId: input.contractCategoryId ?? null, dateContractSigned: input.dateContractSigned ?? null,
    }).returning({ id: contracts.id });
    return row!.id;
  });
}

const contractStatus = nameIn('contract_statuses', 'x.name');

/** One contract: every catalog field, the names a client displays, and its customer's node. */
export const getContract = byIdReader({
  table: 'contracts', key: 'contractId', schema: ContractRecord,
  select: `r.id as "contractId", ${catalogSelect(contractCatalog)},
      ${customerName('r.customer_id')} as "customerName", ${contractStatus('r.contract_status_id')} as "contractStatus",
      ${serviceRepName('r.owned_by_service_rep_id')} as "ownedByServiceRep", r.hier_id as "hierId"`,
});

/** GET /Contracts: by name, filtered by customer and status. */
export const listContracts = listReader({
  table: 'contracts', item: ContractListItem,
  select: `r.id as "contractId", r.name, r.customer_id as "customerId", ${customerName('r.customer_id')} as "customerName",
      r.contract_status_id as "contractStatusId", ${contractStatus('r.contract_status_id')} as "contractStatus",
      r.start_date as "startDate", r.end_date as "endDate"`,
  filters: { customerId: equals('r.customer_id', Id64()), contractStatusId: equals('r.contract_status_id', Id32()) },
  order: 'r.name, r.id',
});

/** A new customer moves the contract to that customer's hierarchy node. */
export async function moveWithCustomer({ scope, id, changes, next }: PatchContext): Promise<void> {
  if (![...changes.keys()].some((f) => f.json === 'customerId')) return;
  const hierId = await customerNode(scope, Number(next.customerId));
  // The record's rule has found the customer inside the caller's hierarchy.
  if (hierId === undefined) throw invalid('customerId', 'no such customer inside your hierarchy');
  await scope.update(contracts, { hierId }, 'tenant').where(eq(contracts.id, id));
}
