// The customer record: /Customers (create at a branch, read, list) and PATCH of the catalog's fields,
// with what each reference field may hold (AMB-78, PATCH-CUS-02). DELETE is not offered (405):
// customers carry orders and billing history. Their contact methods: contact-method.routes.ts.
import { branches } from '../../platform/db/schema.ts';
import { defineRecord } from '../../platform/records/record.ts';
import { rule, visibleRecord } from '../../platform/records/rules.ts';
import type { PatchTarget } from '../../platform/records/json-patch/target.ts';
import { countryCodeRule } from '../reference-data/countries.ts';
import { ownMessage } from '../messages/message.repository.ts';
import { ownContactMethod } from '../contact-methods/contact-method.repository.ts';
import { customers } from './customer.table.ts';
import { customerCatalog } from './customer.patch-catalog.ts';
import { CustomerCreate } from './customer.schemas.ts';
import { createCustomer, getCustomer, listCustomers, worksiteFits } from './customer.repository.ts';

export const customerPatchTarget: PatchTarget = {
  catalog: customerCatalog,
  table: customers,
  what: 'The customer',
  // AMB-78: BranchId places the customer (a branch inside the caller's hierarchy).
  followsBranch: true,
  rules: {
    // PATCH-CUS-02: a worksite of this customer or an unassigned one; a new customer has none of its own yet.
    worksiteId: rule(async (v, { scope, id }) => (await worksiteFits(scope, Number(v), id ?? null)) ? undefined
      : id === undefined ? 'no such worksite' : 'no such worksite of this customer'),
    primaryEmailAddressContactMethodId: ownContactMethod('customer'),
    primaryPhoneNumberContactMethodId: ownContactMethod('customer'),
    primaryMessageId: ownMessage('customer', 'customer'),
  },
};

export const customerRecord = defineRecord({
  name: 'Customer',
  idType: 'Int64',
  create: {
    summary: 'Create a customer (a department of a client company) at a branch.',
    body: CustomerCreate,
    rules: {
      branchId: visibleRecord(branches, 'branch'),
      countryCode: countryCodeRule,
    },
    run: createCustomer,
  },
  list: { summary: 'Customers inside the caller\'s hierarchy, by name.', reader: listCustomers },
  read: { summary: 'One customer: every catalog field, plus address and display names.', reader: getCustomer },
  patch: { target: customerPatchTarget },
  // The API description's example (decision 0052).
  example: {
    customerId: 2042, customerName: 'Contoso Manufacturing', departmentName: 'Assembly', website: 'https://contoso.example', isMonthlyBill: false,
    creditLimit: 50000, note: null, dateActivated: '2026-01-05T00:00:00.000Z', branchId: 3, street1: '1 Industrial Way', municipality: 'Minneapolis',
    region: 'MN', postalCode: '55413', countryCode: 840, primaryEmailAddress: 'ap@contoso.example', primaryPhoneNumber: '612-555-0110',
    createdAt: '2026-01-05T14:12:00.000Z', updatedAt: '2026-02-20T09:45:00.000Z',
  },
});
