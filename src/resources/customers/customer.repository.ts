// Data access for customers: create, read, list, and the PATCH target. Every query is bound to the
// caller's tenant and hierarchy through the DataScope; a customer lives at its branch's node.
import { visibleBranch } from '../../platform/db/branches.ts';
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DataScope } from '../../platform/scope.ts';
import { prepared, type Db } from '../../platform/db/database.ts';
import { branches } from '../../platform/db/schema.ts';
import { invalid } from '../../platform/http/errors.ts';
import { validationError, type Record_ } from '../../platform/http/json-patch/patch.ts';
import type { PatchContext, PatchTarget } from '../../platform/http/json-patch/apply.ts';
import { toPage, type Paged } from '../../platform/http/paging.ts';
import { loadCountries } from '../datalists/datalist.repository.ts';
import { messages, worksites } from '../reference-data/reference.table.ts';
import type { OwnerType } from '../contact-methods/contact-method.table.ts';
import { isMethodOf, methodValue } from '../contact-methods/contact-method.repository.ts';
import { customers } from './customer.table.ts';
import { customerCatalog } from './customer.patch-catalog.ts';
import type { CustomerCreateInput, CustomerListFilter } from './customer.schemas.ts';


/** A worksite of the tenant, not tied to another customer than `customerId`. */
export async function worksiteFits(scope: DataScope, worksiteId: number, customerId: number | null): Promise<boolean> {
  const rows = await scope.db.select({ one: sql`1` }).from(worksites).where(and(eq(worksites.tenantId, scope.tenantId), eq(worksites.id, worksiteId),
    customerId === null ? undefined : or(isNull(worksites.customerId), eq(worksites.customerId, customerId))));
  return rows.length > 0;
}

/** A message logged on the record itself (what `PrimaryMessageId` may pin). */
export async function isMessageOf(scope: DataScope, kind: OwnerType, ownerId: number, messageId: number): Promise<boolean> {
  const rows = await scope.db.select({ one: sql`1` }).from(messages).where(and(eq(messages.tenantId, scope.tenantId), eq(messages.id, messageId),
    eq(messages.originType, kind), eq(messages.originId, ownerId)));
  return rows.length > 0;
}

/** `lower(column) like 'prefix%'`, the prefix's wildcards escaped. */
export const startsWith = (column: unknown, prefix: string) => sql`lower(${column}) like ${prefix.toLowerCase().replace(/[\\%_]/g, '\\$&') + '%'}`;

export async function createCustomer(scope: DataScope, input: CustomerCreateInput): Promise<number> {
  const branch = await visibleBranch(scope, input.branchId);
  if (!branch) throw invalid('branchId', 'no such branch inside your hierarchy');
  const countryCode = input.countryCode ?? branch.countryCode;
  if (!(await loadCountries(scope.db)).some((c) => c.countryCode === countryCode)) throw invalid('countryCode', 'is not a country code of GET /DataLists/countries');
  if (input.worksiteId != null && !(await worksiteFits(scope, input.worksiteId, null))) throw invalid('worksiteId', 'no such worksite');
  return scope.transaction(async (tx) => {
    const [row] = await tx.db.insert(customers).values({
      tenantId: tx.tenantId, hierId: branch.hierId, branchId: branch.id,
      customerName: input.customerName, departmentName: input.departmentName, worksiteId: input.worksiteId ?? null,
      website: input.website ?? null, note: input.note ?? null, isMonthlyBill: input.isMonthlyBill ?? false, creditLimit: input.creditLimit ?? 0,
      street1: input.street1 ?? null, street2: input.street2 ?? null, municipality: input.municipality ?? null,
      region: input.region ?? null, postalCode: input.postalCode ?? null, countryCode,
    } as never).returning({ id: customers.id });
    return row!.id as number;
  });
}

const email = methodValue(customers.tenantId, customers.primaryEmailAddressContactMethodId!);
const phone = methodValue(customers.tenantId, customers.primaryPhoneNumberContactMethodId!);
const branchJoin = and(eq(branches.tenantId, customers.tenantId), eq(branches.id, customers.branchId!));

const byId = prepared((db: Db) => db.select({
  row: customers,
  branch: branches.name,
  primaryEmailAddress: email,
  primaryPhoneNumber: phone,
}).from(customers)
  .innerJoin(branches, branchJoin)
  .where(and(eq(customers.tenantId, sql.placeholder('tenantId')), eq(customers.id, sql.placeholder('id')), sql`${customers.hierId} = any(${sql.placeholder('hierIds')})`))
  .prepare('customer_by_id'));

export async function getCustomer(scope: DataScope, id: number) {
  const [found] = await byId(scope.db).execute({ tenantId: scope.tenantId, id, hierIds: scope.hierIds });
  if (!found) return undefined;
  const { row, ...names } = found as unknown as { row: Record_ } & Record_;
  const { tenantId: _t, id: customerId, ...rest } = row;
  return { customerId, ...rest, ...names };
}

/** For FROM: a record table's row type is known only at run time. */
const from = customers as unknown as PgTable;

export async function listCustomers(scope: DataScope, filter: CustomerListFilter): Promise<Paged<Record_>> {
  const c = customers;
  const where = and(
    eq(c.tenantId, scope.tenantId),
    scope.visible(c.hierId),
    filter.branchId === undefined ? undefined : eq(c.branchId!, filter.branchId),
    filter.customerName === undefined ? undefined : startsWith(c.customerName, filter.customerName),
  );
  const rows = await scope.db.select({
    customerId: c.id, customerName: c.customerName!, departmentName: c.departmentName!, branchId: c.branchId!, branch: branches.name,
    municipality: c.municipality!, region: c.region!, primaryEmailAddress: email, primaryPhoneNumber: phone,
    totalCount: sql<number>`count(*) over ()`.mapWith(Number),
  }).from(from).innerJoin(branches, branchJoin)
    .where(where).orderBy(asc(c.customerName!), asc(c.departmentName!), asc(c.id)).limit(filter.take).offset(filter.skip);
  return toPage(rows, filter, ({ totalCount: _t, ...item }) => item, async () =>
    (await scope.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(from).where(where))[0]!.n);
}

/** Rules beyond the catalog, checked against the record as it will be (AMB-78: the branch must be visible). */
async function validatePatch({ scope, id, next, changes }: PatchContext): Promise<void> {
  const errors: Record<string, string[]> = {};
  const changed = new Set([...changes.keys()].map((f) => f.json));
  const check = async (json: string, ok: (value: number) => Promise<boolean>, message: string) => {
    if (changed.has(json) && next[json] !== null && !(await ok(next[json] as number))) (errors[json] ??= []).push(message);
  };
  await check('worksiteId', (v) => worksiteFits(scope, v, id), 'no such worksite of this customer');
  await check('primaryEmailAddressContactMethodId', (v) => isMethodOf(scope, 'customer', id, v), 'is not a contact method of this customer');
  await check('primaryPhoneNumberContactMethodId', (v) => isMethodOf(scope, 'customer', id, v), 'is not a contact method of this customer');
  await check('primaryMessageId', (v) => isMessageOf(scope, 'customer', id, v), 'is not a message of this customer');
  if (Object.keys(errors).length) throw validationError(errors);
}


export const customerPatchTarget: PatchTarget = {
  catalog: customerCatalog,
  table: customers,
  what: 'The customer',
  validate: validatePatch,
  followsBranch: true,
};
