// Data access for contacts (people at customers and vendors): create, read, list (the record and its
// rules: contact.record.ts). Every query is bound to the caller's tenant and hierarchy through the
// DataScope; a contact lives at its branch's node.
import type { DataScope } from '../../platform/scope.ts';
import { Type } from 'typebox';
import { byIdReader, catalogSelect } from '../../platform/records/read.ts';
import { equals, listReader, startsWith } from '../../platform/records/list.ts';
import { Id64 } from '../../platform/records/shapes.ts';
import { invalid } from '../../platform/http/errors.ts';
import { visibleBranch } from '../../platform/records/branches.ts';
import { PRIMARY_METHODS } from '../contact-methods/contact-method.repository.ts';
import { customerName } from '../customers/customer.repository.ts';
import { contacts } from './contact.table.ts';
import { contactCatalog } from './contact.patch-catalog.ts';
import { ContactListItem, ContactRecord, type ContactCreateInput } from './contact.schemas.ts';

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
  const [row] = await scope.insert(contacts, { hierId: branch.hierId, ...values }).returning({ id: contacts.id });
  return row!.id;
}


/** One contact: every column but the tenant, and the names a client displays. */
export const getContact = byIdReader({
  table: 'contacts', key: 'contactId', schema: ContactRecord,
  select: `r.id as "contactId", r.hier_id as "hierId", ${catalogSelect(contactCatalog)},
      r.created_at as "createdAt", r.updated_at as "updatedAt", b.name as "branch", c.customer_name as "customerName", ${PRIMARY_METHODS}`,
  joins: `join branches b on b.tenant_id = r.tenant_id and b.id = r.branch_id
    left join customers c on c.tenant_id = r.tenant_id and c.id = r.customer_id`,
});

/** GET /Contacts: by last name, filtered by customer and last-name prefix. */
export const listContacts = listReader({
  table: 'contacts', item: ContactListItem,
  select: `r.id as "contactId", r.first_name as "firstName", r.last_name as "lastName", r.title, r.customer_id as "customerId",
      ${customerName('r.customer_id')} as "customerName", r.branch_id as "branchId", b.name as "branch", ${PRIMARY_METHODS}`,
  joins: 'join branches b on b.tenant_id = r.tenant_id and b.id = r.branch_id',
  filters: {
    customerId: equals('r.customer_id', Id64()),
    lastName: startsWith('r.last_name', Type.String({ minLength: 1, maxLength: 50, description: 'Last names starting with this (any case).' })),
  },
  order: 'r.last_name, r.first_name, r.id',
});
