// Request and response shapes of /Customers. The read shape is every catalog field (derived from the
// catalog) plus the id, the address and what a client needs to display the record.
import { Type, type Static } from 'typebox';
import { catalogProperties } from '../../platform/records/json-patch/catalog.ts';
import { Id32, nullableString, opt, Timestamps } from '../../platform/records/shapes.ts';
import { Address, AddressLines, CountryCode, PostalCode, regionOf } from '../reference-data/address.schemas.ts';
import { PrimaryMethods } from '../contact-methods/contact-method.schemas.ts';
import { customerCatalog } from './customer.patch-catalog.ts';

export const CustomerCreate = Type.Object({
  customerName: Type.String({ minLength: 1, maxLength: 50 }),
  departmentName: Type.String({ maxLength: 50 }),
  branchId: Id32('Branch the customer is served by (GET /Datalists/Branches).'),
  worksiteId: opt(Id32('Default worksite for new job orders.')),
  website: opt(Type.String({ maxLength: 255 })),
  note: opt(Type.String({ maxLength: 4000 })),
  isMonthlyBill: opt(Type.Boolean({ default: false })),
  creditLimit: opt(Type.Number({ minimum: 0, maximum: 1e13, default: 0 })),
  ...AddressLines,
  region: opt(regionOf()),
  postalCode: opt(PostalCode),
  countryCode: opt(CountryCode),
});
export type CustomerCreateInput = Static<typeof CustomerCreate>;

export const CustomerRecord = Type.Object({
  customerId: Type.Integer(),
  ...catalogProperties(customerCatalog),
  branch: Type.String({ description: 'Name of the branch.' }),
  hierId: Type.Integer(),
  ...Address,
  ...PrimaryMethods,
  ...Timestamps,
});

export const CustomerListItem = Type.Object({
  customerId: Type.Integer(),
  customerName: Type.String(),
  departmentName: Type.String(),
  branchId: Type.Integer(),
  branch: Type.String(),
  municipality: nullableString,
  region: nullableString,
  ...PrimaryMethods,
});

