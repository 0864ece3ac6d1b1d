// Every PATCH catalog, by the spec's resource name, with its PATCH route(s).
import type { Catalog } from '../platform/http/json-patch/catalog.ts';
import { assignmentCatalog } from './assignments/assignment.patch-catalog.ts';
import { contactCatalog } from './contacts/contact.patch-catalog.ts';
import { contactMethodCatalog } from './contact-methods/contact-method.patch-catalog.ts';
import { contractCatalog } from './contracts/contract.patch-catalog.ts';
import { customerCatalog } from './customers/customer.patch-catalog.ts';
import { employeeCatalog } from './employees/employee.patch-catalog.ts';
import { jobOrderCatalog } from './job-orders/job-order.patch-catalog.ts';
import { jobTitleCatalog } from './job-titles/job-title.patch-catalog.ts';
import { prospectCatalog } from './prospects/prospect.patch-catalog.ts';
import { rateSheetCatalog } from './rate-sheets/rate-sheet.patch-catalog.ts';
import { timecardCatalog } from './timecards/timecard.patch-catalog.ts';
import { vendorCatalog } from './vendors/vendor.patch-catalog.ts';

export const catalogs: Record<string, { catalog: Catalog; routes: string[] }> = {
  Assignment: { catalog: assignmentCatalog, routes: ['/Assignments/{id}'] },
  Contact: { catalog: contactCatalog, routes: ['/Contacts/{id}'] },
  'Contact method': {
    catalog: contactMethodCatalog,
    routes: ['/Employees/{id}/contactmethods/{contactMethodId}', '/Contacts/{id}/contactmethods/{contactMethodId}', '/Customers/{id}/contactmethods/{contactMethodId}'],
  },
  Contract: { catalog: contractCatalog, routes: ['/Contracts/{id}'] },
  Customer: { catalog: customerCatalog, routes: ['/Customers/{id}'] },
  Employee: { catalog: employeeCatalog, routes: ['/Employees/{id}'] },
  'Job order': { catalog: jobOrderCatalog, routes: ['/JobOrders/{id}'] },
  'Job title': { catalog: jobTitleCatalog, routes: ['/Administration/JobTitles/{id}'] },
  Prospect: { catalog: prospectCatalog, routes: ['/Prospects/{id}'] },
  'Rate sheet': { catalog: rateSheetCatalog, routes: ['/RateSheets/{rateSheetId}'] },
  Timecard: { catalog: timecardCatalog, routes: ['/TimeEntry/timecards/{id}'] },
  Vendor: { catalog: vendorCatalog, routes: ['/Vendors/{id}'] },
};
