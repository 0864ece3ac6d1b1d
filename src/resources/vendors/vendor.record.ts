// The vendor record: /Vendors (GEN-15: the spec shows only PATCH; create, read and list follow the
// employee pattern). A vendor's hierarchy node is its own catalog field (HierId); IsVendor is always
// true (AMB-71 (a)); DiscountMethod is stored without effect. DELETE is not offered (405).
import { defineRecord } from '../../platform/records/record.ts';
import { notItself, rule, visibleNode, visibleRecord } from '../../platform/records/rules.ts';
import type { PatchTarget } from '../../platform/records/json-patch/target.ts';
import { codeListRules } from '../reference-data/back-office.lists.ts';
import { employees } from '../employees/employee.table.ts';
import { vendors } from './vendor.table.ts';
import { vendorCatalog } from './vendor.patch-catalog.ts';
import { VendorCreate } from './vendor.schemas.ts';
import { createVendor, getVendor, listVendors } from './vendor.repository.ts';

export const vendorPatchTarget: PatchTarget = {
  catalog: vendorCatalog,
  table: vendors,
  what: 'The vendor',
  // AMB-78: the node, the parent company and the pseudo employee are inside the caller's hierarchy.
  rules: {
    isVendor: rule((v) => (v === true ? undefined : 'must be true: a vendor is always a vendor (AMB-71)')),
    hierId: visibleNode,
    parentCompanyIdent: notItself(visibleRecord(vendors, 'other vendor'), 'no such other vendor inside your hierarchy'),
    pseudoEmployeeId: visibleRecord(employees, 'employee'),
    ...codeListRules('accountId', 'businessCodeId', 'companyTypeId', 'employerId', 'paymentTermsCodeId', 'paymentTypeId'),
  },
  unchecked: {
    altCompanyId: 'the agency\'s own identifier for the vendor (free text, String(15)), not a reference',
    fedEmployerId: 'the vendor\'s federal employer identification number (free text, String(20)), not a reference',
  },
};

export const vendorRecord = defineRecord({
  name: 'Vendor',
  idType: 'Int32',
  create: {
    summary: 'Create a vendor from catalog fields, in the caller\'s hierarchy node or a visible hierId. IsVendor false is refused.',
    body: VendorCreate,
    run: createVendor,
  },
  list: { summary: 'Vendors inside the caller\'s hierarchy, by company name.', reader: listVendors },
  read: { summary: 'One vendor: every catalog field.', reader: getVendor },
  patch: { note: 'IsVendor false is refused (AMB-71); DiscountMethod is stored without effect.', target: vendorPatchTarget },
  // The API description's example (decision 0052).
  example: {
    vendorId: 57, companyName: 'Acme Payroll Services', contactName: 'Sam Lee', emailAddress: 'billing@acme.example', phoneNumber: '612-555-0177',
    phoneNumberCountryCallingCode: 1, isActive: true, isVendor: true, corporateStreet1: '200 Market St', corporateMunicipality: 'St. Paul',
    corporateRegion: 'MN', corporatePostalCode: '55102', creditLimit: 25000,
  },
});
