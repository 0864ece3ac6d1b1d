// Request and response shapes of /Contacts. The read shape is every catalog field (derived from the
// catalog) plus the id and what a client needs to display the record.
import { Type, type Static } from 'typebox';
import { catalogProperties } from '../../platform/http/json-patch/catalog.ts';
import { PageQuery } from '../../platform/http/paging.ts';
import { contactCatalog } from './contact.patch-catalog.ts';

/** Optional fields take null as "not given" (AMB-84). */
const opt = <T extends ReturnType<typeof Type.String> | ReturnType<typeof Type.Integer>>(schema: T) =>
  Type.Optional(Type.Union([schema, Type.Null()]));
const Int32Id = (description?: string) => Type.Integer({ minimum: 1, maximum: 2147483647, ...(description ? { description } : {}) });
const Int64Id = (description?: string) => Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, ...(description ? { description } : {}) });

export const ContactCreate = Type.Object({
  firstName: Type.String({ minLength: 1, maxLength: 25 }),
  lastName: Type.String({ minLength: 1, maxLength: 50 }),
  branchId: Int32Id('Branch the contact belongs to (GET /Datalists/Branches).'),
  customerId: opt(Int64Id('The customer the contact works for (a customer inside your hierarchy).')),
  companyId: opt(Int32Id('The vendor the contact works for.')),
  employeeId: opt(Int64Id('The employee record of the same person, if any.')),
  worksiteId: opt(Int32Id()),
  title: opt(Type.String({ maxLength: 50 })),
  nickName: opt(Type.String({ maxLength: 25 })),
  honorific: opt(Type.String({ maxLength: 25 })),
  birthday: opt(Type.String({ maxLength: 10, description: 'YYYY-MM-DD.' })),
  note: opt(Type.String()),
  howHeardOfId: opt(Int32Id('GET /Datalists/HowHeardOf?originTypeId=2.')),
  howHeardOfDetail: opt(Type.String({ maxLength: 255 })),
  serviceRepId: opt(Int32Id('Default: the caller\'s service rep.')),
});
export type ContactCreateInput = Static<typeof ContactCreate>;

const nullableString = Type.Union([Type.String(), Type.Null()]);

export const ContactRecord = Type.Object({
  contactId: Type.Integer(),
  ...catalogProperties(contactCatalog),
  branch: Type.String({ description: 'Name of the branch.' }),
  customerName: Type.Union([Type.String({ description: 'Name of the customer.' }), Type.Null()]),
  hierId: Type.Integer(),
  primaryEmailAddress: nullableString,
  primaryPhoneNumber: nullableString,
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});

export const ContactListItem = Type.Object({
  contactId: Type.Integer(),
  firstName: Type.String(),
  lastName: Type.String(),
  title: nullableString,
  customerId: Type.Union([Type.Integer(), Type.Null()]),
  customerName: nullableString,
  branchId: Type.Integer(),
  branch: Type.String(),
  primaryEmailAddress: nullableString,
  primaryPhoneNumber: nullableString,
});

export const ContactListQuery = Type.Object({
  ...PageQuery.properties,
  customerId: Type.Optional(Int64Id()),
  lastName: Type.Optional(Type.String({ minLength: 1, maxLength: 50, description: 'Last names starting with this (any case).' })),
});
export type ContactListFilter = Static<typeof ContactListQuery>;
