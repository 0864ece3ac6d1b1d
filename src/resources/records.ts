// The records served by the record engine (platform/records): POST, list, GET and PATCH each, and an
// Export_<Records> and an Import_<Records> batch job each. Adding a record is its definition file
// (`<name>.record.ts`) and one line here; the registry's routes, the PATCH catalogs, the job catalog
// and the tests that walk every record derive from this list. (Kept apart from registry.ts so the job
// catalog, which the registry imports, can read it too.)
import type { RecordDefinition } from '../platform/records/record.ts';
import { employeeRecord } from './employees/employee.record.ts';
import { customerRecord } from './customers/customer.record.ts';
import { worksiteRecord } from './worksites/worksite.record.ts';
import { contactRecord } from './contacts/contact.record.ts';
import { jobTitleRecord } from './job-titles/job-title.record.ts';
import { jobOrderRecord } from './job-orders/job-order.record.ts';
import { timecardRecord } from './timecards/timecard.record.ts';
import { assignmentRecord } from './assignments/assignment.record.ts';
import { contractRecord } from './contracts/contract.record.ts';
import { prospectRecord } from './prospects/prospect.record.ts';
import { rateSheetRecord } from './rate-sheets/rate-sheet.record.ts';
import { vendorRecord } from './vendors/vendor.record.ts';

export const records: readonly RecordDefinition[] = [
  employeeRecord,
  prospectRecord,
  vendorRecord,
  customerRecord,
  worksiteRecord,
  contactRecord,
  contractRecord,
  jobOrderRecord,
  jobTitleRecord,
  rateSheetRecord,
  timecardRecord,
  assignmentRecord,
];
