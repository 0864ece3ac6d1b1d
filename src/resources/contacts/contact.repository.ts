// Data access for contacts (people at customers and vendors): create, read, list (the record and its
// rules: contact.record.ts). Every query is bound to the caller's tenant and hierarchy through the
// DataScope; a contact lives at its branch's node.
import type { DataScope } from '../../platform/scope.ts';
import { byIdReader, catalogSelect } from '../../platform/records/read.ts';
import { equals, listReader, startsWith } from '../../platform/records/list.ts';
import { invalid } from '../../platform/http/errors.ts';
import { visibleBranch } from '../../platform/db/branches.ts';
import { contacts } from './contact.table.ts';
import { contactCatalog } from './contact.patch-catalog.ts';
import type { ContactCreateInput } from './contact.schemas.ts';

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

/** GET /Contacts: by last name, filtered by customer and last-name prefix. */
export const listContacts = listReader({
  name: 'contacts_list',
  table: 'contacts',
  select: `r.id as "contactId", r.first_name as "firstName", r.last_name as "lastName", r.title, r.customer_id as "customerId",
      (select x.customer_name from customers x where x.tenant_id = r.tenant_id and x.id = r.customer_id) as "customerName",
      r.branch_id as "branchId", b.name as "branch",
      (select m.contact_method from contact_methods m where m.tenant_id = r.tenant_id and m.id = r.primary_email_address_contact_method_id) as "primaryEmailAddress",
      (select m.contact_method from contact_methods m where m.tenant_id = r.tenant_id and m.id = r.primary_phone_number_contact_method_id) as "primaryPhoneNumber"`,
  joins: 'join branches b on b.tenant_id = r.tenant_id and b.id = r.branch_id',
  filters: { customerId: equals('r.customer_id'), lastName: startsWith('r.last_name') },
  order: 'r.last_name, r.first_name, r.id',
});
