// Request and response shapes of /Vendors (GEN-15: the spec shows only PATCH). The create request
// takes any catalog field (the catalog is the vendor record); the read shape is every catalog field.
import { Type, type TSchema } from 'typebox';
import { catalogProperties, valueSchema } from '../../platform/records/json-patch/catalog.ts';
import { Id32, opt } from '../../platform/records/shapes.ts';
import { vendorCatalog } from './vendor.patch-catalog.ts';

/** Required on create: the name and the codes of the tenant's vendor setup (GET /Datalists/CompanyTypes, Employers, PaymentTypes). */
export const REQUIRED_ON_CREATE = ['companyName', 'companyTypeId', 'employerId', 'paymentTypeId'];

function createProperties(): Record<string, TSchema> {
  const properties: Record<string, TSchema> = {};
  for (const field of vendorCatalog.fields) {
    // Dates as PATCH takes them (a date or a date-time); the repository checks them and names the field.
    const base = field.type === 'DateTime' ? Type.String({ maxLength: 40, description: 'ISO 8601 date or date-time.' }) : valueSchema({ ...field, nullable: false });
    properties[field.json] = REQUIRED_ON_CREATE.includes(field.json) ? base : opt(base);
  }
  properties.companyName = Type.String({ minLength: 1, maxLength: 50 });
  properties.hierId = opt(Id32('Hierarchy node of the vendor, inside the caller\'s hierarchy; default the caller\'s node.'));
  properties.isVendor = opt(Type.Boolean({ description: 'Always true for a vendor; false is refused (AMB-71).' }));
  properties.isActive = opt(Type.Boolean({ description: 'Default true.' }));
  return properties;
}

export const VendorCreate = Type.Object(createProperties());
export type VendorCreateInput = Record<string, unknown>;

export const VendorRecord = Type.Object({
  vendorId: Type.Integer(),
  ...catalogProperties(vendorCatalog),
});

export const VendorListItem = Type.Object({
  vendorId: Type.Integer(),
  companyName: Type.String(),
  departmentName: Type.String(),
  contactName: Type.String(),
  phoneNumber: Type.String(),
  emailAddress: Type.String(),
  isActive: Type.Boolean(),
  hierId: Type.Integer(),
});
