// Per-tenant reference tables the records point at (shifts, statuses, codes, messages; worksites are
// a record of their own since decision 0036: worksites/worksite.table.ts).
// Ids are the ones the PATCH catalog names (`WorksiteId`, `ShiftId` Guid, `JobOrderStatusId`, ...).
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid, varchar, type PgColumnBuilderBase } from 'drizzle-orm/pg-core';
import { bigIdentity, createdAt, tenantBigKey, tenantId, tenantKey } from '../../platform/db/columns.ts';

const named = (table: string) => pgTable(table, {
  ...tenantKey(),
  name: text('name').notNull(),
}, (t) => [primaryKey({ columns: [t.tenantId, t.id] })]);

export const salesTeams = named('sales_teams');
export const jobOrderDurations = named('job_order_durations');
export const workerCompCodes = named('worker_comp_codes');
export const payCodes = named('pay_codes');
export const jobTitleCategories = named('job_title_categories');
export const contractStatuses = named('contract_statuses');

// The back office's code lists (decision 0028, back-office.lists.ts): each id of the type its catalog
// fields take, names unique in their list; an inactive entry stays on the records that hold it but is
// refused as a new value.
const isActive = () => boolean('is_active').notNull().default(true);

/** A list of names whose entries can be switched off, without the code lists' unique names. */
export const activeNamed = (table: string) => pgTable(table, {
  ...tenantKey(),
  name: text('name').notNull(),
  isActive: isActive(),
}, (t) => [primaryKey({ columns: [t.tenantId, t.id] })]);
const intId = () => integer('id').generatedAlwaysAsIdentity();
const codeList = <I extends PgColumnBuilderBase>(table: string, id: I) => pgTable(table, {
  tenantId: tenantId(),
  id,
  name: text('name').notNull(),
  isActive: isActive(),
}, (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex(`${table}_name`).on(t.tenantId, sql`lower(${t.name})`)]);

export const burdenTypes = codeList('burden_types', intId());
export const businessCodes = codeList('business_codes', uuid('id').notNull().default(sql`gen_random_uuid()`));
export const remoteWorkStatuses = codeList('remote_work_statuses', intId());
export const wotcEligibilityStatuses = codeList('wotc_eligibility_statuses', bigIdentity());
export const contractLengthTypes = codeList('contract_length_types', intId());
export const contractCategories = codeList('contract_categories', intId());
export const divisions = codeList('divisions', intId());
export const ledgerAccounts = codeList('ledger_accounts', intId());
export const companyTypes = codeList('company_types', uuid('id').notNull().default(sql`gen_random_uuid()`));
export const employers = codeList('employers', intId());
export const paymentTermsCodes = codeList('payment_terms_codes', intId());
export const paymentTypes = codeList('payment_types', intId());

/** What a tax jurisdiction is: an employee's school district, municipality, county and region fields each take their own kind. */
export const JURISDICTION_KINDS = ['schoolDistrict', 'municipality', 'county', 'region'] as const;
export type JurisdictionKind = (typeof JURISDICTION_KINDS)[number];

/** The payroll tax engine's jurisdictions, one list for every kind. */
export const taxJurisdictions = pgTable('tax_jurisdictions', {
  tenantId: tenantId(),
  id: intId(),
  kind: text('kind', { enum: JURISDICTION_KINDS }).notNull(),
  name: text('name').notNull(),
  isActive: isActive(),
}, (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex('tax_jurisdictions_name').on(t.tenantId, t.kind, sql`lower(${t.name})`)]);

/** A customer's purchase orders (`name` is the order's number): a record's PurchaseOrderId names one of its customer's. */
export const purchaseOrders = pgTable('purchase_orders', {
  tenantId: tenantId(),
  id: intId(),
  customerId: bigint('customer_id', { mode: 'number' }).notNull(),
  name: text('name').notNull(),
  isActive: isActive(),
}, (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex('purchase_orders_name').on(t.tenantId, t.customerId, sql`lower(${t.name})`)]);

/** Job order statuses; `isJobBoardEligible` marks Unfilled, Unfilled - Replace, Partially Filled and Master. */
export const jobOrderStatuses = pgTable('job_order_statuses', {
  ...tenantKey(),
  name: text('name').notNull(),
  isJobBoardEligible: boolean('is_job_board_eligible').notNull().default(false),
  isFilled: boolean('is_filled').notNull().default(false),
  isClosed: boolean('is_closed').notNull().default(false),
}, (t) => [primaryKey({ columns: [t.tenantId, t.id] })]);

export const assignmentStatuses = activeNamed('assignment_statuses');

export const prospectStatuses = pgTable('prospect_statuses', {
  ...tenantBigKey(),
  name: text('name').notNull(),
}, (t) => [primaryKey({ columns: [t.tenantId, t.id] })]);

export const shifts = pgTable('shifts', {
  tenantId: tenantId(),
  id: uuid('id').notNull().default(sql`gen_random_uuid()`),
  name: text('name').notNull(),
  startTime: varchar('start_time', { length: 5 }),
  endTime: varchar('end_time', { length: 5 }),
}, (t) => [primaryKey({ columns: [t.tenantId, t.id] })]);

/** A postal address as customers and their worksites hold it (United States unless told). */
export const addressColumns = () => ({
  street1: varchar('street1', { length: 50 }),
  street2: varchar('street2', { length: 50 }),
  municipality: varchar('municipality', { length: 50 }),
  region: varchar('region', { length: 5 }),
  postalCode: varchar('postal_code', { length: 10 }),
  countryCode: integer('country_code').notNull().default(840),
});

/** Messages (notes, calls, emails logged) on any record; `PrimaryMessageId` pins one. */
export const messages = pgTable('messages', {
  ...tenantBigKey(),
  originType: text('origin_type').notNull(),
  originId: bigint('origin_id', { mode: 'number' }).notNull(),
  messageActionId: integer('message_action_id'),
  serviceRepId: integer('service_rep_id'),
  text: text('text').notNull(),
  createdAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('messages_origin').on(t.tenantId, t.originType, t.originId)]);
