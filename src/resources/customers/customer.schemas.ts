// Request and response shapes of /Customers. The read shape is every catalog field (derived from the
// catalog) plus the id, the address and what a client needs to display the record.
import { Type, type Static } from 'typebox';
import { catalogProperties } from '../../platform/http/json-patch/catalog.ts';
import { PageQuery } from '../../platform/http/paging.ts';
import { customerCatalog } from './customer.patch-catalog.ts';

/** Optional fields take null as "not given" (AMB-84). */
const opt = <T extends ReturnType<typeof Type.String> | ReturnType<typeof Type.Integer> | ReturnType<typeof Type.Boolean> | ReturnType<typeof Type.Number>>(schema: T) =>
  Type.Optional(Type.Union([schema, Type.Null()]));
const Int32Id = (description?: string) => Type.Integer({ minimum: 1, maximum: 2147483647, ...(description ? { description } : {}) });

export const CustomerCreate = Type.Object({
  customerName: Type.String({ minLength: 1, maxLength: 50 }),
  departmentName: Type.String({ maxLength: 50 }),
  branchId: Int32Id('Branch the customer is served by (GET /Datalists/Branches).'),
  worksiteId: opt(Int32Id('Default worksite for new job orders.')),
  website: opt(Type.String({ maxLength: 255 })),
  note: opt(Type.String({ maxLength: 4000 })),
  isMonthlyBill: opt(Type.Boolean({ default: false })),
  creditLimit: opt(Type.Number({ minimum: 0, maximum: 1e13, default: 0 })),
  street1: opt(Type.String({ maxLength: 50 })),
  street2: opt(Type.String({ maxLength: 50 })),
  municipality: opt(Type.String({ maxLength: 50, description: 'City.' })),
  region: opt(Type.String({ maxLength: 5, description: 'State or province, e.g. MN.' })),
  postalCode: opt(Type.String({ maxLength: 10 })),
  countryCode: opt(Type.Integer({ minimum: 1, maximum: 999, description: 'ISO 3166 numeric; default: the branch\'s country.' })),
});
export type CustomerCreateInput = Static<typeof CustomerCreate>;

const nullableString = Type.Union([Type.String(), Type.Null()]);

export const CustomerRecord = Type.Object({
  customerId: Type.Integer(),
  ...catalogProperties(customerCatalog),
  branch: Type.String({ description: 'Name of the branch.' }),
  hierId: Type.Integer(),
  street1: nullableString,
  street2: nullableString,
  municipality: nullableString,
  region: nullableString,
  postalCode: nullableString,
  countryCode: Type.Integer(),
  primaryEmailAddress: nullableString,
  primaryPhoneNumber: nullableString,
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});

export const CustomerListItem = Type.Object({
  customerId: Type.Integer(),
  customerName: Type.String(),
  departmentName: Type.String(),
  branchId: Type.Integer(),
  branch: Type.String(),
  municipality: nullableString,
  region: nullableString,
  primaryEmailAddress: nullableString,
  primaryPhoneNumber: nullableString,
});

export const CustomerListQuery = Type.Object({
  ...PageQuery.properties,
  branchId: Type.Optional(Int32Id()),
  customerName: Type.Optional(Type.String({ minLength: 1, maxLength: 50, description: 'Customer names starting with this (any case).' })),
});
export type CustomerListFilter = Static<typeof CustomerListQuery>;
