// Data access for contacts (people at customers and vendors): create, read, list (the record and its
// rules: contact.record.ts). Every query is bound to the caller's tenant and hierarchy through the
// DataScope; a contact lives at its branch's node.
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { DataScope } from '../../platform/scope.ts';
import { byIdReader, catalogSelect } from '../../platform/records/read.ts';
import { branches } from '../../platform/db/schema.ts';
import { invalid } from '../../platform/http/errors.ts';
import type { Record_ } from '../../platform/http/json-patch/patch.ts';
import { toPage, type Paged } from '../../platform/http/paging.ts';
import { customers } from '../customers/customer.table.ts';
import { startsWith } from '../customers/customer.repository.ts';
import { visibleBranch } from '../../platform/db/branches.ts';
import { methodValue } from '../contact-methods/contact-method.repository.ts';
import { contacts } from './contact.table.ts';
import { contactCatalog } from './contact.patch-catalog.ts';
import type { ContactCreateInput, ContactListFilter } from './contact.schemas.ts';

/** Creates the contact at its branch's node (the caller's rep serves it by default); the record's rules have checked the rest. */
export async function createContact(scope: DataScope, input: ContactCreateInput): Promise<number> {
  const branch = await visibleBranch(scope, input.branchId);
  if (!branch) throw invalid('branchId', 'no such branch inside your hierarchy');
  const values = {
    firstName: input.firstName, lastName: input.lastName, branchId: branch.id, customerId: input.customerId ?? null, companyId: input.companyId ?? null,
    employeeId: input.employeeId ?? null, worksiteId: input.worksiteId ?? null, title: input.title ?? null, nickName: input.nickName ?? null,
    honorific: input.honorific ?? null, birthday: input.birthday ?? null, note: input.note ?? '', howHeardOfId: input.howHeardOfId ?? null,
    howHeardOfDetail: input.howHeardOfDetail ?? null, serviceRepId: input.serviceRepId ?? scope.principal.serviceRepId,
  };
  return scope.transaction(async (tx) => {
    const [row] = await tx.db.insert(contacts).values({ tenantId: tx.tenantId, hierId: branch.hierId, ...values }).returning({ id: contacts.id });
    return row!.id;
  });
}

const email = methodValue(contacts.tenantId, contacts.primaryEmailAddressContactMethodId);
const phone = methodValue(contacts.tenantId, contacts.primaryPhoneNumberContactMethodId);
const branchJoin = and(eq(branches.tenantId, contacts.tenantId), eq(branches.id, contacts.branchId));
const customerJoin = and(eq(customers.tenantId, contacts.tenantId), eq(customers.id, contacts.customerId));
const customerName = sql<string | null>`${customers.customerName}`;

/** One contact: every column but the tenant, and the names a client displays. */
export const getContact = byIdReader({
  name: 'contacts_by_ids',
  table: 'contacts',
  key: 'contactId',
  select: `r.id as "contactId", r.hier_id as "hierId", ${catalogSelect(contactCatalog)},
      r.created_at as "createdAt", r.updated_at as "updatedAt", b.name as "branch", c.customer_name as "customerName",
      (select m.contact_method from contact_methods m where m.tenant_id = r.tenant_id and m.id = r.primary_email_address_contact_method_id) as "primaryEmailAddress",
      (select m.contact_method from contact_methods m where m.tenant_id = r.tenant_id and m.id = r.primary_phone_number_contact_method_id) as "primaryPhoneNumber"`,
  joins: `join branches b on b.tenant_id = r.tenant_id and b.id = r.branch_id
    left join customers c on c.tenant_id = r.tenant_id and c.id = r.customer_id`,
});

export async function listContacts(scope: DataScope, filter: ContactListFilter): Promise<Paged<Record_>> {
  const c = contacts;
  const where: SQL | undefined = and(
    eq(c.tenantId, scope.tenantId),
    scope.visible(c.hierId),
    filter.customerId === undefined ? undefined : eq(c.customerId, filter.customerId),
    filter.lastName === undefined ? undefined : startsWith(c.lastName, filter.lastName),
  );
  const rows = await scope.db.select({
    contactId: c.id, firstName: c.firstName, lastName: c.lastName, title: c.title, customerId: c.customerId, customerName,
    branchId: c.branchId, branch: branches.name, primaryEmailAddress: email, primaryPhoneNumber: phone,
    totalCount: sql<number>`count(*) over ()`.mapWith(Number),
  }).from(contacts).innerJoin(branches, branchJoin).leftJoin(customers, customerJoin)
    .where(where).orderBy(asc(c.lastName), asc(c.firstName), asc(c.id)).limit(filter.take).offset(filter.skip);
  return toPage(rows, filter, ({ totalCount: _t, ...item }) => item, async () =>
    (await scope.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(contacts).where(where))[0]!.n);
}
