// Every table of the service, for drizzle-kit (migrations) and for queries.
export * from './schema.ts';
export * from '../../resources/employees/employee.table.ts';
export * from '../../resources/contact-methods/contact-method.table.ts';
export * from '../../resources/reference-data/reference.table.ts';
export * from '../../resources/customers/customer.table.ts';
export * from '../../resources/contacts/contact.table.ts';
export * from '../../resources/contracts/contract.table.ts';
export * from '../../resources/prospects/prospect.table.ts';
export * from '../../resources/job-titles/job-title.table.ts';
export * from '../../resources/job-orders/job-order.table.ts';
export * from '../../resources/assignments/assignment.table.ts';
export * from '../../resources/timecards/timecard.table.ts';
export * from '../../resources/rate-sheets/rate-sheet.table.ts';
export * from '../../resources/vendors/vendor.table.ts';
export * from '../../resources/gazetteer/gazetteer.table.ts';
export * from '../../resources/job-board/job-board.settings.ts';
