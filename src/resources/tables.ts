// Every table of the service, for drizzle-kit (migrations) and the catalog test: a registry of
// tables, beside the registry of records (the platform holds no list of features' tables).
export * from '../platform/db/schema.ts';
export * from './employees/employee.table.ts';
export * from './contact-methods/contact-method.table.ts';
export * from './reference-data/reference.table.ts';
export * from './customers/customer.table.ts';
export * from './contacts/contact.table.ts';
export * from './contracts/contract.table.ts';
export * from './prospects/prospect.table.ts';
export * from './job-titles/job-title.table.ts';
export * from './job-orders/job-order.table.ts';
export * from './assignments/assignment.table.ts';
export * from './timecards/timecard.table.ts';
export * from './rate-sheets/rate-sheet.table.ts';
export * from './vendors/vendor.table.ts';
export * from './gazetteer/gazetteer.table.ts';
export * from './job-board/job-board.settings.ts';
export * from '../platform/files/file.table.ts';
export * from '../platform/jobs/job.table.ts';
export * from './staging/staged-employee.table.ts';
export * from './job-board/job-board-search.table.ts';
export * from './candidates/candidate.table.ts';
export * from './web-users/web-user.table.ts';
export * from '../login/login.table.ts';
