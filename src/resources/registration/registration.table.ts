// Applicant registration's records (decision 0023): the tenant's workflows a link may assign
// (REG-07 to REG-09), each registration with the link's parameters, and the outbox of the
// post-registration callbacks (REG-05), which the deliverer sends and retries after the commit.
import { sql } from 'drizzle-orm';
import { bigint, foreignKey, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, boolean } from 'drizzle-orm/pg-core';
import { tenants } from '../../platform/db/schema.ts';
import { employees } from '../employees/employee.table.ts';

export const registrationWorkflows = pgTable('registration_workflows', {
  tenantId: integer('tenant_id').notNull().references(() => tenants.id),
  id: integer('id').generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  isActive: boolean('is_active').notNull().default(true),
}, (t) => [
  primaryKey({ columns: [t.tenantId, t.id] }),
  uniqueIndex('registration_workflows_name').on(t.tenantId, sql`lower(${t.name})`),
]);

export const registrations = pgTable('registrations', {
  tenantId: integer('tenant_id').notNull().references(() => tenants.id),
  id: integer('id').generatedAlwaysAsIdentity(),
  employeeId: bigint('employee_id', { mode: 'number' }).notNull(),
  webUserId: integer('web_user_id').notNull(),
  workflowId: integer('workflow_id'),
  localeId: text('locale_id').notNull(),
  /** Every query parameter of the link, as given (REG-05). */
  parameters: jsonb('parameters').$type<Record<string, string>>().notNull(),
  jobOrderCandidateIds: bigint('job_order_candidate_ids', { mode: 'number' }).array().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.tenantId, t.id] }),
  foreignKey({ columns: [t.tenantId, t.employeeId], foreignColumns: [employees.tenantId, employees.id] }),
  foreignKey({ columns: [t.tenantId, t.workflowId], foreignColumns: [registrationWorkflows.tenantId, registrationWorkflows.id] }),
]);

export const registrationCallbacks = pgTable('registration_callbacks', {
  tenantId: integer('tenant_id').notNull().references(() => tenants.id),
  id: integer('id').generatedAlwaysAsIdentity(),
  registrationId: integer('registration_id').notNull(),
  url: text('url').notNull(),
  /** The exact JSON sent each time (the signature covers it with a fresh timestamp). */
  body: text('body').notNull(),
  attempts: smallint('attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  gaveUpAt: timestamp('gave_up_at', { withTimezone: true }),
  lastStatus: integer('last_status'),
  lastError: text('last_error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.tenantId, t.id] }),
  foreignKey({ columns: [t.tenantId, t.registrationId], foreignColumns: [registrations.tenantId, registrations.id] }),
  // The deliverer's queue: only callbacks still to send, by when they are due.
  index('registration_callbacks_due').on(t.nextAttemptAt).where(sql`delivered_at is null and gave_up_at is null`),
]);
