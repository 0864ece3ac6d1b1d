// Data access for customers: create, read, list (the record and its rules: customer.record.ts). Every
// query is bound to the caller's tenant and hierarchy through the DataScope; a customer lives at its
// branch's node.
import { visibleBranch } from '../../platform/db/branches.ts';
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { DataScope } from '../../platform/scope.ts';
import { byIdReader, catalogSelect } from '../../platform/records/read.ts';
import { branches } from '../../platform/db/schema.ts';
import { invalid } from '../../platform/http/errors.ts';
import type { Record_ } from '../../platform/http/json-patch/patch.ts';
import { toPage, type Paged } from '../../platform/http/paging.ts';
import { worksites } from '../reference-data/reference.table.ts';
import { methodValue } from '../contact-methods/contact-method.repository.ts';
import { customers } from './customer.table.ts';
import { customerCatalog } from './customer.patch-catalog.ts';
import type { CustomerCreateInput, CustomerListFilter } from './customer.schemas.ts';

/** A worksite of the tenant, not tied to another customer than `customerId`. */
export async function worksiteFits(scope: DataScope, worksiteId: number, customerId: number | null): Promise<boolean> {
  const rows = await scope.db.select({ one: sql`1` }).from(worksites).where(and(eq(worksites.tenantId, scope.tenantId), eq(worksites.id, worksiteId),
    customerId === null ? undefined : or(isNull(worksites.customerId), eq(worksites.customerId, customerId))));
  return rows.length > 0;
}

/** `lower(column) like 'prefix%'`, the prefix's wildcards escaped. */
export const startsWith = (column: unknown, prefix: string) => sql`lower(${column}) like ${prefix.toLowerCase().replace(/[\\%_]/g, '\\$&') + '%'}`;

/** Creates the customer at its branch's node; the record's rules have checked the references. */
export async function createCustomer(scope: DataScope, input: CustomerCreateInput): Promise<number> {
  const branch = await visibleBranch(scope, input.branchId);
  if (!branch) throw invalid('branchId', 'no such branch inside your hierarchy');
  // A branch's country is one of the list (a foreign key).
  const countryCode = input.countryCode ?? branch.countryCode;
  return scope.transaction(async (tx) => {
    const [row] = await tx.db.insert(customers).values({
      tenantId: tx.tenantId, hierId: branch.hierId, branchId: branch.id,
      customerName: input.customerName, departmentName: input.departmentName, worksiteId: input.worksiteId ?? null,
      website: input.website ?? null, note: input.note ?? null, isMonthlyBill: input.isMonthlyBill ?? false, creditLimit: input.creditLimit ?? 0,
      street1: input.street1 ?? null, street2: input.street2 ?? null, municipality: input.municipality ?? null,
      region: input.region ?? null, postalCode: input.postalCode ?? null, countryCode,
    }).returning({ id: customers.id });
    return row!.id;
  });
}

const email = methodValue(customers.tenantId, customers.primaryEmailAddressContactMethodId);
const phone = methodValue(customers.tenantId, customers.primaryPhoneNumberContactMethodId);
const branchJoin = and(eq(branches.tenantId, customers.tenantId), eq(branches.id, customers.branchId));

/** One customer: every column but the tenant, and the names a client displays. */
export const getCustomer = byIdReader({
  name: 'customers_by_ids',
  table: 'customers',
  key: 'customerId',
  select: `r.id as "customerId", r.hier_id as "hierId", ${catalogSelect(customerCatalog)},
      r.street1, r.street2, r.municipality, r.region, r.postal_code as "postalCode", r.country_code as "countryCode",
      r.created_at as "createdAt", r.updated_at as "updatedAt", b.name as "branch",
      (select m.contact_method from contact_methods m where m.tenant_id = r.tenant_id and m.id = r.primary_email_address_contact_method_id) as "primaryEmailAddress",
      (select m.contact_method from contact_methods m where m.tenant_id = r.tenant_id and m.id = r.primary_phone_number_contact_method_id) as "primaryPhoneNumber"`,
  joins: 'join branches b on b.tenant_id = r.tenant_id and b.id = r.branch_id',
});

export async function listCustomers(scope: DataScope, filter: CustomerListFilter): Promise<Paged<Record_>> {
  const c = customers;
  const where = and(
    eq(c.tenantId, scope.tenantId),
    scope.visible(c.hierId),
    filter.branchId === undefined ? undefined : eq(c.branchId, filter.branchId),
    filter.customerName === undefined ? undefined : startsWith(c.customerName, filter.customerName),
  );
  const rows = await scope.db.select({
    customerId: c.id, customerName: c.customerName, departmentName: c.departmentName, branchId: c.branchId, branch: branches.name,
    municipality: c.municipality, region: c.region, primaryEmailAddress: email, primaryPhoneNumber: phone,
    totalCount: sql<number>`count(*) over ()`.mapWith(Number),
  }).from(customers).innerJoin(branches, branchJoin)
    .where(where).orderBy(asc(c.customerName), asc(c.departmentName), asc(c.id)).limit(filter.take).offset(filter.skip);
  return toPage(rows, filter, ({ totalCount: _t, ...item }) => item, async () =>
    (await scope.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(customers).where(where))[0]!.n);
}
