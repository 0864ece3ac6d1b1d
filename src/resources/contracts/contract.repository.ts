// Data access for contracts: create, read, list, and the PATCH target. A contract lives in its
// customer's hierarchy node, and moves with it when CustomerId changes.
import { existsInTenant } from '../../platform/db/references.ts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DataScope } from '../../platform/scope.ts';
import { prepared, type Db } from '../../platform/db/database.ts';
import { serviceReps } from '../../platform/db/schema.ts';
import { validationError } from '../../platform/http/json-patch/patch.ts';
import { parseDateTime } from '../../platform/http/json-patch/values.ts';
import type { PatchContext, PatchTarget } from '../../platform/http/json-patch/apply.ts';
import { toPage, type Paged } from '../../platform/http/paging.ts';
import { contractStatuses, messages } from '../reference-data/reference.table.ts';
import { customers } from '../customers/customer.table.ts';
import { contacts } from '../contacts/contact.table.ts';
import { contracts } from './contract.table.ts';
import { contractCatalog } from './contract.patch-catalog.ts';
import type { ContractCreateInput, ContractListFilter } from './contract.schemas.ts';

type Errors = Record<string, string[]>;

/** The hierarchy node of a customer the caller can see. */
async function customerNode(scope: DataScope, customerId: number): Promise<number | undefined> {
  const [row] = await scope.db.select({ hierId: customers.hierId }).from(customers as unknown as PgTable)
    .where(and(eq(customers.tenantId, scope.tenantId), eq(customers.id, customerId), scope.visible(customers.hierId))) as { hierId: number }[];
  return row?.hierId;
}

/** AMB-03 (a): DateContractSigned is a real calendar date written as the integer yyyymmdd. */
export function isYyyymmdd(value: number): boolean {
  const y = Math.floor(value / 10000), m = Math.floor(value / 100) % 100, d = value % 100;
  if (y < 1000 || y > 9999) return false;
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}
const NOT_YYYYMMDD = 'must be a date written as yyyymmdd (20260315)';

const push = (errors: Errors, key: string, message: string) => (errors[key] ??= []).push(message);

export async function createContract(scope: DataScope, input: ContractCreateInput): Promise<number> {
  return scope.transaction(async (tx) => {
    const errors: Errors = {};
    const date = (json: 'startDate' | 'endDate') => {
      if (input[json] == null) return null;
      const parsed = parseDateTime(input[json]);
      if (!parsed) push(errors, json, 'must be an ISO 8601 date-time');
      return parsed ?? null;
    };
    const startDate = date('startDate') ?? new Date(), endDate = date('endDate');
    const hierId = await customerNode(tx, input.customerId);
    if (hierId === undefined) push(errors, 'customerId', 'no such customer inside your hierarchy');
    if (input.contractStatusId != null && !(await existsInTenant(tx, contractStatuses, input.contractStatusId))) push(errors, 'contractStatusId', 'is not a contract status of the tenant');
    if (input.ownedByServiceRepId != null && !(await existsInTenant(tx, serviceReps, input.ownedByServiceRepId, tx.visible(serviceReps.hierId)))) {
      push(errors, 'ownedByServiceRepId', 'no such service rep inside your hierarchy');
    }
    if (input.primaryContactId != null && !(await existsInTenant(tx, contacts, input.primaryContactId, tx.visible(contacts.hierId)))) push(errors, 'primaryContactId', 'no such contact inside your hierarchy');
    if (input.dateContractSigned != null && !isYyyymmdd(input.dateContractSigned)) push(errors, 'dateContractSigned', NOT_YYYYMMDD);
    if (endDate && endDate.getTime() < startDate.getTime()) push(errors, 'endDate', 'must not be before startDate');
    if (Object.keys(errors).length) throw validationError(errors);
    const [draft] = input.contractStatusId != null ? [{ id: input.contractStatusId }] : await tx.db.select({ id: contractStatuses.id }).from(contractStatuses)
      .where(and(eq(contractStatuses.tenantId, tx.tenantId), eq(contractStatuses.name, 'Draft'))).limit(1);
    const [row] = await tx.db.insert(contracts).values({
      tenantId: tx.tenantId, hierId, customerId: input.customerId, name: input.name, notes: input.notes ?? '',
      contractStatusId: draft?.id, startDate, endDate, ownedByServiceRepId: input.ownedByServiceRepId ?? tx.principal.serviceRepId,
      contractLength: input.contractLength ?? null, contractLengthTypeId: input.contractLengthTypeId ?? null, primaryContactId: input.primaryContactId ?? null,
      contractCategoryId: input.contractCategoryId ?? null, dateContractSigned: input.dateContractSigned ?? null,
    } as never).returning({ id: contracts.id }) as { id: number }[];
    return row!.id;
  });
}

type Column = 'customerId' | 'contractStatusId' | 'ownedByServiceRepId' | 'name' | 'startDate' | 'endDate';
const c = contracts as unknown as Record<Column, AnyPgColumn>;
/** Drizzle types a run-time-column table as `never` rows: queries name it as a plain table. */
const table = contracts as unknown as PgTable;
// Outer columns are written qualified: Drizzle renders a one-table select's columns unqualified,
// and inside a subquery `"tenant_id"` would bind to the subquery's own table.
const names = {
  customerName: sql<string>`(select x.customer_name from customers x where x.tenant_id = contracts.tenant_id and x.id = contracts.customer_id)`,
  contractStatus: sql<string>`(select s.name from contract_statuses s where s.tenant_id = contracts.tenant_id and s.id = contracts.contract_status_id)`,
  ownedByServiceRep: sql<string>`(select r.first_name || ' ' || r.last_name from service_reps r where r.tenant_id = contracts.tenant_id and r.id = contracts.owned_by_service_rep_id)`,
};

const byId = prepared((db: Db) => db.select({ row: contracts, ...names }).from(contracts)
  .where(and(eq(contracts.tenantId, sql.placeholder('tenantId')), eq(contracts.id, sql.placeholder('id')), sql`${contracts.hierId} = any(${sql.placeholder('hierIds')})`))
  .prepare('contract_by_id'));

export async function getContract(scope: DataScope, id: number) {
  const [found] = await byId(scope.db).execute({ tenantId: scope.tenantId, id, hierIds: scope.hierIds }) as unknown as
    ({ row: Record<string, unknown> } & Record<keyof typeof names, string>)[];
  if (!found) return undefined;
  const { row, ...display } = found;
  return { contractId: row.id, ...Object.fromEntries(contractCatalog.fields.map((f) => [f.json, row[f.json]])), ...display, hierId: row.hierId };
}

export async function listContracts(scope: DataScope, filter: ContractListFilter): Promise<Paged<Record<string, unknown>>> {
  const where = and(
    eq(contracts.tenantId, scope.tenantId),
    scope.visible(contracts.hierId),
    filter.customerId === undefined ? undefined : eq(c.customerId, filter.customerId),
    filter.contractStatusId === undefined ? undefined : eq(c.contractStatusId, filter.contractStatusId),
  );
  const rows = await scope.db.select({
    contractId: contracts.id, name: c.name, customerId: c.customerId, customerName: names.customerName, contractStatusId: c.contractStatusId,
    contractStatus: names.contractStatus, startDate: c.startDate, endDate: c.endDate, totalCount: sql<number>`count(*) over ()`.mapWith(Number),
  }).from(table).where(where).orderBy(asc(c.name), asc(contracts.id)).limit(filter.take).offset(filter.skip);
  return toPage(rows, filter, ({ totalCount: _t, ...item }) => item, async () =>
    (await scope.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(table).where(where))[0]!.n);
}

/** References exist and are visible (AMB-78 for OwnedByServiceRepId); the dates make sense (AMB-03). */
async function validatePatch({ scope, id, next, changes }: PatchContext): Promise<void> {
  const errors: Errors = {};
  const changed = (json: string) => [...changes.keys()].some((f) => f.json === json);
  const check = async (json: string, ok: () => Promise<boolean> | boolean, message: string) => {
    if (changed(json) && next[json] !== null && !(await ok())) push(errors, json, message);
  };
  await check('customerId', async () => (await customerNode(scope, next.customerId as number)) !== undefined, 'no such customer inside your hierarchy');
  await check('contractStatusId', () => existsInTenant(scope, contractStatuses, next.contractStatusId), 'is not a contract status of the tenant');
  await check('ownedByServiceRepId', () => existsInTenant(scope, serviceReps, next.ownedByServiceRepId, scope.visible(serviceReps.hierId)), 'no such service rep inside your hierarchy');
  await check('primaryContactId', () => existsInTenant(scope, contacts, next.primaryContactId, scope.visible(contacts.hierId)), 'no such contact inside your hierarchy');
  await check('primaryMessageId', () => existsInTenant(scope, messages, next.primaryMessageId, and(eq(messages.originType, 'contract'), eq(messages.originId, id))), 'is not a message of this contract');
  await check('dateContractSigned', () => isYyyymmdd(next.dateContractSigned as number), NOT_YYYYMMDD);
  const end = next.endDate as Date | null;
  if ((changed('endDate') || changed('startDate')) && end && end.getTime() < (next.startDate as Date).getTime()) {
    if (changed('endDate')) push(errors, 'endDate', 'must not be before startDate');
    else push(errors, 'startDate', 'must not be after endDate');
  }
  if (Object.keys(errors).length) throw validationError(errors);
}

/** A new customer moves the contract to that customer's hierarchy node. */
async function afterPatch({ scope, id, changes, next }: PatchContext): Promise<void> {
  if (![...changes.keys()].some((f) => f.json === 'customerId')) return;
  const hierId = await customerNode(scope, next.customerId as number);
  await scope.db.update(contracts).set({ hierId } as never).where(and(eq(contracts.tenantId, scope.tenantId), eq(contracts.id, id)));
}

export const contractPatchTarget: PatchTarget = {
  catalog: contractCatalog,
  table: contracts as unknown as PatchTarget['table'],
  what: 'The contract',
  validate: validatePatch,
  after: afterPatch,
};
