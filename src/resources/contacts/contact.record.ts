// The contact record (a person at a customer or a vendor): /Contacts (create at a branch, read, list)
// and PATCH of the catalog's fields, with what each field may hold beyond its type (AMB-74, AMB-76,
// AMB-78). DELETE is not offered (405): contacts are referenced by orders, contracts and messages.
// Their contact methods: contact-method.routes.ts.
import { and, eq } from 'drizzle-orm';
import { branches, howHeardOf, serviceReps } from '../../platform/db/schema.ts';
import { defineRecord } from '../../platform/records/record.ts';
import { rule, visibleRecord, type Rule } from '../../platform/records/rules.ts';
import type { PatchTarget } from '../../platform/records/json-patch/target.ts';
import { ownMessage } from '../messages/message.repository.ts';
import { ownContactMethod } from '../contact-methods/contact-method.repository.ts';
import { customers } from '../customers/customer.table.ts';
import { worksiteFits } from '../customers/customer.repository.ts';
import { employees } from '../employees/employee.table.ts';
import { vendors } from '../vendors/vendor.table.ts';
import { contacts } from './contact.table.ts';
import { contactCatalog } from './contact.patch-catalog.ts';
import { ContactCreate } from './contact.schemas.ts';
import { createContact, getContact, listContacts } from './contact.repository.ts';

/** A real calendar date written YYYY-MM-DD (AMB-76 (a)). */
export function isIsoDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/**
 * `HowHeardOfId`: an option of GET /Datalists/HowHeardOf for this kind of record (`originTypeId`: 1
 * employees, 2 contacts, 3 customers); an option with RequireDetails needs `HowHeardOfDetail` (AMB-74).
 * `who` says whose options they are: 'a contact'.
 */
export function howHeardOfOption(originTypeId: number, who: string): Rule {
  return rule(async (v, { scope, next }) => {
    const [option] = await scope.select(howHeardOf, { requireDetails: howHeardOf.requireDetails })
      .where(and(eq(howHeardOf.id, Number(v)), eq(howHeardOf.originTypeId, originTypeId)));
    if (!option) return `is not ${who} option of GET /Datalists/HowHeardOf?originTypeId=${originTypeId}`;
    return option.requireDetails && !String(next.howHeardOfDetail ?? '').trim() ? { howHeardOfDetail: ['is required by the chosen how-heard-of option'] } : undefined;
  }, { alsoReads: ['howHeardOfDetail'] });
}

export const contactPatchTarget: PatchTarget = {
  catalog: contactCatalog,
  table: contacts,
  what: 'The contact',
  // AMB-78: BranchId places the contact (a branch inside the caller's hierarchy).
  followsBranch: true,
  rules: {
    customerId: visibleRecord(customers, 'customer'),
    companyId: visibleRecord(vendors, 'vendor'),
    employeeId: visibleRecord(employees, 'employee'),
    serviceRepId: visibleRecord(serviceReps, 'service rep'),
    // A worksite of the contact's customer or an unassigned one (any worksite when the contact has no customer).
    worksiteId: rule(async (v, { scope, next }) => ((await worksiteFits(scope, Number(v), typeof next.customerId === 'number' ? next.customerId : null))
      ? undefined : 'no such worksite (of the contact\'s customer)'), { alsoReads: ['customerId'] }),
    birthday: rule((v) => (isIsoDate(String(v)) ? undefined : 'must be a date written YYYY-MM-DD')),
    primaryEmailAddressContactMethodId: ownContactMethod('contact'),
    primaryPhoneNumberContactMethodId: ownContactMethod('contact'),
    primaryMessageId: ownMessage('contact', 'contact'),
    howHeardOfId: howHeardOfOption(2, 'a contact'),
  },
};

export const contactRecord = defineRecord({
  name: 'Contact',
  idType: 'Int64',
  create: {
    summary: 'Create a contact (a person at a customer or a vendor) at a branch.',
    body: ContactCreate,
    rules: { branchId: visibleRecord(branches, 'branch') },
    run: createContact,
  },
  list: { summary: 'Contacts inside the caller\'s hierarchy, by last name.', reader: listContacts },
  read: { summary: 'One contact: every catalog field, plus display names.', reader: getContact },
  patch: { target: contactPatchTarget },
  // The API description's example (decision 0052).
  example: {
    contactId: 905, firstName: 'Maria', lastName: 'Garcia', title: 'Plant manager', nickName: null, honorific: 'Ms.', customerId: 2042, branchId: 3,
    note: 'Prefers email.', customerName: 'Contoso Manufacturing', primaryEmailAddress: 'maria.garcia@contoso.example', primaryPhoneNumber: '612-555-0123',
  },
});
