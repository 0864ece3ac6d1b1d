// Request and response shapes of /Contacts. The read shape is every catalog field (derived from the
// catalog) plus the id and what a client needs to display the record.
import { Type, type Static } from 'typebox';
import { catalogProperties } from '../../platform/records/json-patch/catalog.ts';
import { Id32, Id64, nullable, nullableString, opt, Timestamps } from '../../platform/records/shapes.ts';
import { PrimaryMethods } from '../contact-methods/contact-method.schemas.ts';
import { contactCatalog } from './contact.patch-catalog.ts';

export const ContactCreate = Type.Object({
  firstName: Type.String({ minLength: 1, maxLength: 25 }),
  lastName: Type.String({ minLength: 1, maxLength: 50 }),
  branchId: Id32('Branch the contact belongs to (GET /Datalists/Branches).'),
  customerId: opt(Id64('The customer the contact works for (a customer inside your hierarchy).')),
  companyId: opt(Id32('The vendor the contact works for.')),
  employeeId: opt(Id64('The employee record of the same person, if any.')),
  worksiteId: opt(Id32()),
  title: opt(Type.String({ maxLength: 50 })),
  nickName: opt(Type.String({ maxLength: 25 })),
  honorific: opt(Type.String({ maxLength: 25 })),
  birthday: opt(Type.String({ maxLength: 10, description: 'YYYY-MM-DD.' })),
  note: opt(Type.String()),
  howHeardOfId: opt(Id32('GET /Datalists/HowHeardOf?originTypeId=2.')),
  howHeardOfDetail: opt(Type.String({ maxLength: 255 })),
  serviceRepId: opt(Id32('Default: the caller\'s service rep.')),
});
export type ContactCreateInput = Static<typeof ContactCreate>;

export const ContactRecord = Type.Object({
  contactId: Type.Integer(),
  ...catalogProperties(contactCatalog),
  branch: Type.String({ description: 'Name of the branch.' }),
  customerName: nullable(Type.String({ description: 'Name of the customer.' })),
  hierId: Type.Integer(),
  ...PrimaryMethods,
  ...Timestamps,
});

export const ContactListItem = Type.Object({
  contactId: Type.Integer(),
  firstName: Type.String(),
  lastName: Type.String(),
  title: nullableString,
  customerId: nullable(Type.Integer()),
  customerName: nullableString,
  branchId: Type.Integer(),
  branch: Type.String(),
  ...PrimaryMethods,
});

