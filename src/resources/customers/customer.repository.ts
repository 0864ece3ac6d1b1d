// Data access for customers: create, read, list (the record and its rules: customer.record.ts). Every
// query is bound to the caller's tenant and hierarchy through the DataScope; a customer lives at its
// branch's node.
import { visibleBranch } from '../../platform/records/branches.ts';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { Type } from 'typebox';
import type { DataScope } from '../../platform/scope.ts';
import { byIdReader, catalogSelect, nameIn } from '../../platform/records/read.ts';
import { equals, listReader, startsWith } from '../../platform/records/list.ts';
import { Id32 } from '../../platform/records/shapes.ts';
import { invalid } from '../../platform/http/errors.ts';
import { worksites } from '../worksites/worksite.table.ts';
import { PRIMARY_METHODS } from '../contact-methods/contact-method.repository.ts';
import { customers } from './customer.table.ts';
import { customerCatalog } from './customer.patch-catalog.ts';
import { CustomerListItem, CustomerRecord, type CustomerCreateInput } from './customer.schemas.ts';

/** A worksite of the tenant, not tied to another customer than `customerId`. */
export async function worksiteFits(scope: DataScope, worksiteId: number, customerId: number | null): Promise<boolean> {
  const rows = await scope.select(worksites, { one: sql`1` }).where(and(eq(worksites.id, worksiteId),
    customerId === null ? undefined : or(isNull(worksites.customerId), eq(worksites.customerId, customerId))));
  return rows.length > 0;
}

/** Creates the customer at its branch's node; the record's rules have checked the references. */
export async function createCustomer(scope: DataScope, input: CustomerCreateInput): Promise<number> {
  const branch = await visibleBranch(scope, input.branchId);
  if (!branch) throw invalid('branchId', 'no such branch inside your hierarchy');
  // A branch's country is one of the list (a foreign key).
  const countryCode = input.countryCode ?? branch.countryCode;
  return scope.transaction(async (tx) => {
    const [row] = await tx.insert(customers, {
      hierId: branch.hierId, branchId: branch.id,
      customerName: input.customerName, departmentName: input.departmentName, worksiteId: input.worksiteId ?? null,
      website: input.website ?? null, note: input.note ?? null, isMonthlyBill: input.isMonthlyBill ?? false, creditLimit: input.creditLimit ?? 0,
      street1: input.street1 ?? null, street2: input.street2 ?? null, municipality: input.municipality ?? null,
      region: input.region ?? null, postalCode: input.postalCode ?? null, countryCode,
    }).returning({ id: customers.id });
    return row!.id;
  });
}

/** A customer's name, in others' select lists: `customerName('r.customer_id')`. */
export const customerName = nameIn('customers', 'x.customer_name');

/** One customer: every column but the tenant, and the names a client displays. */
export const getCustomer = byIdReader({
  table: 'customers', key: 'customerId', schema: CustomerRecord,
  select: `r.id as "customerId", r.hier_id as "hierId", ${catalogSelect(customerCatalog)},
      r.street1, r.street2, r.municipality, r.region, r.postal_code as "postalCode", r.country_code as "countryCode",
      r.created_at as "createdAt", r.updated_at as "updatedAt", b.name as "branch", ${PRIMARY_METHODS}`,
  joins: 'join branches b on b.tenant_id = r.tenant_id and b.id = r.branch_id',
});


/** GET /Customers: by name and department, filtered by branch and name prefix. */
export const listCustomers = listReader({
  table: 'customers', item: CustomerListItem,
  select: `r.id as "customerId", r.customer_name as "customerName", r.department_name as "departmentName", r.branch_id as "branchId", b.name as "branch",
      r.municipality, r.region, ${PRIMARY_METHODS}`,
  joins: 'join branches b on b.tenant_id = r.tenant_id and b.id = r.branch_id',
  filters: {
    branchId: equals('r.branch_id', Id32()),
    customerName: startsWith('r.customer_name', Type.String({ minLength: 1, maxLength: 50, description: 'Customer names starting with this (any case).' })),
  },
  order: 'r.customer_name, r.department_name, r.id',
});
