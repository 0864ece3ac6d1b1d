// Assignment restriction vetting (ASG-04, ASG-05, decision 0017): a session per vetting of an
// employee for a job order, one result per finding, the tenant's settings of the rules, and the
// customers that require an I-9.
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, tenantBigKey, tenantId, writtenAt } from '../../platform/db/columns.ts';
import { serviceReps, tenants } from '../../platform/db/schema.ts';
import { employees } from '../employees/employee.table.ts';
import { customers } from '../customers/customer.table.ts';
import { jobOrders } from '../job-orders/job-order.table.ts';
import { assignments } from '../assignments/assignment.table.ts';
import { APPROVAL_LEVELS, type Checked } from './assignment-restriction.rules.ts';

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

export const assignmentRestrictionSessions = pgTable('assignment_restriction_sessions', {
  ...tenantBigKey(),
  jobOrderId: integer('job_order_id').notNull(),
  employeeId: bigint('employee_id', { mode: 'number' }).notNull(),
  createdByServiceRepId: integer('created_by_service_rep_id').notNull(),
  createdAt: createdAt(),
  /** What the session checked (rules.ts `checkedOf`): compared with now to tell a stale session. */
  checked: jsonb('checked').$type<Checked>().notNull(),
  /** The assignment this session allowed: a session places once. */
  assignmentId: bigint('assignment_id', { mode: 'number' }),
}, (t) => [
  primaryKey({ columns: [t.tenantId, t.id] }),
  foreignKey({ name: 'assignment_restriction_sessions_job_order_fk', columns: [t.tenantId, t.jobOrderId], foreignColumns: [jobOrders.tenantId, jobOrders.id] }),
  foreignKey({ name: 'assignment_restriction_sessions_employee_fk', columns: [t.tenantId, t.employeeId], foreignColumns: [employees.tenantId, employees.id] }),
  foreignKey({ name: 'assignment_restriction_sessions_rep_fk', columns: [t.tenantId, t.createdByServiceRepId], foreignColumns: [serviceReps.tenantId, serviceReps.id] }),
  foreignKey({ name: 'assignment_restriction_sessions_assignment_fk', columns: [t.tenantId, t.assignmentId], foreignColumns: [assignments.tenantId, assignments.id] }),
  index('assignment_restriction_sessions_pair').on(t.tenantId, t.jobOrderId, t.employeeId),
  uniqueIndex('assignment_restriction_sessions_assignment').on(t.tenantId, t.assignmentId).where(sql`assignment_id is not null`),
]);

export const assignmentRestrictionResults = pgTable('assignment_restriction_results', {
  ...tenantBigKey(),
  sessionId: bigint('session_id', { mode: 'number' }).notNull(),
  ruleCode: text('rule_code').notNull(),
  description: text('description').notNull(),
  /** The rule's approval level when the session ran. */
  approvalLevel: text('approval_level', { enum: APPROVAL_LEVELS }).notNull(),
  approvedByServiceRepId: integer('approved_by_service_rep_id'),
  approvedAt: timestamp('approved_at', { withTimezone: true, mode: 'date' }),
  approvalNote: varchar('approval_note', { length: 1000 }),
}, (t) => [
  primaryKey({ columns: [t.tenantId, t.id] }),
  foreignKey({ name: 'assignment_restriction_results_session_fk', columns: [t.tenantId, t.sessionId], foreignColumns: [assignmentRestrictionSessions.tenantId, assignmentRestrictionSessions.id] }),
  foreignKey({ name: 'assignment_restriction_results_rep_fk', columns: [t.tenantId, t.approvedByServiceRepId], foreignColumns: [serviceReps.tenantId, serviceReps.id] }),
  index('assignment_restriction_results_session').on(t.tenantId, t.sessionId),
  check('assignment_restriction_results_level', sql`${t.approvalLevel} in (${inList(APPROVAL_LEVELS)})`),
]);

/** A tenant's setting of one rule; a rule without a row runs with its defaults (rules.ts). */
export const assignmentRestrictionRuleSettings = pgTable('assignment_restriction_rule_settings', {
  tenantId: tenantId(),
  ruleCode: text('rule_code').notNull(),
  isEnabled: boolean('is_enabled').notNull(),
  approvalLevel: text('approval_level', { enum: APPROVAL_LEVELS }).notNull(),
  updatedAt: writtenAt('updated_at'),
}, (t) => [
  primaryKey({ columns: [t.tenantId, t.ruleCode] }),
  foreignKey({ name: 'assignment_restriction_rule_settings_tenant_fk', columns: [t.tenantId], foreignColumns: [tenants.id] }),
  check('assignment_restriction_rule_settings_level', sql`${t.approvalLevel} in (${inList(APPROVAL_LEVELS)})`),
]);

/** Customers that require an I-9 of the employees placed with them (I9_MISSING); no row: not required. */
export const assignmentRestrictionCustomers = pgTable('assignment_restriction_customers', {
  tenantId: tenantId(),
  customerId: bigint('customer_id', { mode: 'number' }).notNull(),
  requiresI9: boolean('requires_i9').notNull().default(false),
  updatedAt: writtenAt('updated_at'),
}, (t) => [
  primaryKey({ columns: [t.tenantId, t.customerId] }),
  foreignKey({ name: 'assignment_restriction_customers_customer_fk', columns: [t.tenantId, t.customerId], foreignColumns: [customers.tenantId, customers.id] }),
]);
