// Data access for vendors: create, read, list. A vendor's hierarchy node is its own catalog field
// (HierId); the field rules (vendor.record.ts) run before create. IsVendor is always true (AMB-71 (a)).
import type { DataScope } from '../../platform/scope.ts';
import { Type } from 'typebox';
import { byIdReader, catalogSelect } from '../../platform/records/read.ts';
import { equals, listReader, startsWith } from '../../platform/records/list.ts';
import { addFieldError, validationError } from '../../platform/http/errors.ts';
import { checkValue } from '../../platform/records/json-patch/values.ts';
import { vendors } from './vendor.table.ts';
import { vendorCatalog } from './vendor.patch-catalog.ts';
import { VendorListItem, VendorRecord, type VendorCreateInput } from './vendor.schemas.ts';

type Errors = Record<string, string[]>;

export async function createVendor(scope: DataScope, input: VendorCreateInput): Promise<number> {
  return scope.transaction(async (tx) => {
    const errors: Errors = {};
    const values: Record<string, unknown> = {};
    for (const field of vendorCatalog.fields) {
      if (input[field.json] == null) continue;
      const checked = checkValue(field, input[field.json]);
      if (checked.ok) values[field.json] = checked.value;
      else addFieldError(errors, field.json, checked.message);
    }
    // Required on create (REQUIRED_ON_CREATE): the columns without a default.
    const { companyTypeId, employerId, paymentTypeId } = values;
    if (typeof companyTypeId !== 'string') errors.companyTypeId ??= ['is required'];
    if (typeof employerId !== 'number') errors.employerId ??= ['is required'];
    if (typeof paymentTypeId !== 'number') errors.paymentTypeId ??= ['is required'];
    if (Object.keys(errors).length || typeof companyTypeId !== 'string' || typeof employerId !== 'number' || typeof paymentTypeId !== 'number') throw validationError(errors);
    const [row] = await tx.insert(vendors, {
      hierId: tx.principal.hierId, isActive: true, isVendor: true, ...values, companyTypeId, employerId, paymentTypeId,
    }).returning({ id: vendors.id });
    return row!.id;
  });
}

/** One vendor: every catalog field (its node is one). */
export const getVendor = byIdReader({ table: 'vendors', key: 'vendorId', schema: VendorRecord, select: `r.id as "vendorId", ${catalogSelect(vendorCatalog)}` });

/** GET /Vendors: by company name, filtered by active flag and company-name prefix. */
export const listVendors = listReader({
  table: 'vendors', item: VendorListItem,
  select: `r.id as "vendorId", r.company_name as "companyName", r.department_name as "departmentName", r.contact_name as "contactName",
      r.phone_number as "phoneNumber", r.email_address as "emailAddress", r.is_active as "isActive", r.hier_id as "hierId"`,
  filters: {
    isActive: equals('r.is_active', Type.Boolean()),
    companyName: startsWith('r.company_name', Type.String({ minLength: 1, maxLength: 50, description: 'Company names starting with this (any case).' })),
  },
  order: 'r.company_name, r.id',
});
