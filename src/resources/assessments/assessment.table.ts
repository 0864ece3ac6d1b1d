// Assessments as tenant data (docs/decisions/0019, 0020): the providers a tenant buys assessments
// from and their catalogs, the tenant's packages of catalog assessments, and the sessions a rep
// requests for an employee with the results and status changes providers call back with.
// Packages and catalogs are tenant-wide (administration, no hierarchy node); a session lives in its
// employee's node, so it is seen by whoever sees the employee.
import { sql } from 'drizzle-orm';
import { bigint, boolean, foreignKey, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { employees } from '../employees/employee.table.ts';
import { bigIdentity } from '../../platform/db/columns.ts';

const tenantId = () => integer('tenant_id').notNull();
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A provider of assessments. `kind` says how the service talks to it: `assessoncloud` is called over
 * HTTP at `apiUrl` and calls back the AssessOnCloud endpoints; `webhook` providers only call back
 * `/Assessments/Sessions/Vendors/{id}/Results` with their own serialized object.
 */
export const assessmentVendors = pgTable('assessment_vendors', {
  tenantId: tenantId(),
  id: integer('id').generatedAlwaysAsIdentity(),
  name: varchar('name', { length: 100 }).notNull(),
  kind: text('kind', { enum: ['assessoncloud', 'webhook'] }).notNull(),
  /** Base address of the provider's API (sessions are requested there); null for webhook-only vendors. */
  apiUrl: text('api_url'),
  /**
   * The credential the service presents to the provider. An outbound secret cannot be hashed; it is
   * never returned by the API nor logged.
   */
  apiKey: text('api_key'),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: at('created_at').notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.tenantId, t.id] }),
  uniqueIndex('assessment_vendors_name').on(t.tenantId, sql`lower(${t.name})`),
]);

/** A vendor's catalog: the assessments it offers, by the vendor's own code. */
export const assessments = pgTable('assessments', {
  tenantId: tenantId(),
  id: integer('id').generatedAlwaysAsIdentity(),
  vendorId: integer('vendor_id').notNull(),
  /** The vendor's identifier of the assessment, sent in session requests and echoed in results. */
  code: varchar('code', { length: 100 }).notNull(),
  name: varchar('name', { length: 200 }).notNull(),
  description: varchar('description', { length: 1000 }),
  durationMinutes: integer('duration_minutes'),
  isActive: boolean('is_active').notNull().default(true),
}, (t) => [
  primaryKey({ columns: [t.tenantId, t.id] }),
  foreignKey({ columns: [t.tenantId, t.vendorId], foreignColumns: [assessmentVendors.tenantId, assessmentVendors.id] }),
  uniqueIndex('assessments_vendor_code').on(t.tenantId, t.vendorId, t.code),
]);

/** A tenant's package: assessments of one vendor requested together. */
export const assessmentPackages = pgTable('assessment_packages', {
  tenantId: tenantId(),
  id: integer('id').generatedAlwaysAsIdentity(),
  vendorId: integer('vendor_id').notNull(),
  name: varchar('name', { length: 100 }).notNull(),
  description: varchar('description', { length: 1000 }),
  isActive: boolean('is_active').notNull().default(true),
  createdByServiceRepId: integer('created_by_service_rep_id'),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.tenantId, t.id] }),
  foreignKey({ columns: [t.tenantId, t.vendorId], foreignColumns: [assessmentVendors.tenantId, assessmentVendors.id] }),
  uniqueIndex('assessment_packages_name').on(t.tenantId, sql`lower(${t.name})`),
]);

/** A package's members; an assessment is in a package at most once (a duplicate is a 409). */
export const assessmentPackageMembers = pgTable('assessment_package_members', {
  tenantId: tenantId(),
  id: integer('id').generatedAlwaysAsIdentity(),
  packageId: integer('package_id').notNull(),
  assessmentId: integer('assessment_id').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.tenantId, t.id] }),
  foreignKey({ columns: [t.tenantId, t.packageId], foreignColumns: [assessmentPackages.tenantId, assessmentPackages.id] }).onDelete('cascade'),
  foreignKey({ columns: [t.tenantId, t.assessmentId], foreignColumns: [assessments.tenantId, assessments.id] }),
  uniqueIndex('assessment_package_members_pair').on(t.tenantId, t.packageId, t.assessmentId),
]);

export const SESSION_STATUSES = ['requested', 'inProgress', 'completed', 'expired', 'failed'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

/**
 * A package requested for an employee. The package's name and assessments are copied at request
 * time (sessionAssessments), so deleting or changing the package leaves the session as it was.
 */
export const assessmentSessions = pgTable('assessment_sessions', {
  tenantId: tenantId(),
  id: bigIdentity(),
  /** The employee's node: a session is visible to whoever sees its employee. */
  hierId: integer('hier_id').notNull(),
  employeeId: bigint('employee_id', { mode: 'number' }).notNull(),
  vendorId: integer('vendor_id').notNull(),
  /**
   * The package requested; set to null when the package is deleted (by the delete itself: a
   * composite foreign key cannot null one of its columns).
   */
  packageId: integer('package_id'),
  packageName: varchar('package_name', { length: 100 }).notNull(),
  status: text('status', { enum: SESSION_STATUSES }).notNull().default('requested'),
  /** When the provider says the status changed (out-of-order updates are compared on it). */
  statusChangedAt: at('status_changed_at').notNull().defaultNow(),
  statusReason: varchar('status_reason', { length: 1000 }),
  /** The provider's reference of the session, known once the provider accepted the request. */
  providerSessionId: varchar('provider_session_id', { length: 200 }),
  /** Where the candidate takes the assessments (given by the provider). */
  invitationUrl: text('invitation_url'),
  expiresAt: at('expires_at'),
  requestedByServiceRepId: integer('requested_by_service_rep_id'),
  requestedAt: at('requested_at').notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.tenantId, t.id] }),
  foreignKey({ columns: [t.tenantId, t.employeeId], foreignColumns: [employees.tenantId, employees.id] }),
  foreignKey({ columns: [t.tenantId, t.vendorId], foreignColumns: [assessmentVendors.tenantId, assessmentVendors.id] }),
  index('assessment_sessions_employee').on(t.tenantId, t.employeeId),
  uniqueIndex('assessment_sessions_provider').on(t.tenantId, t.vendorId, t.providerSessionId),
]);

/** The assessments a session asked for, copied from the package when it was requested. */
export const assessmentSessionItems = pgTable('assessment_session_items', {
  tenantId: tenantId(),
  sessionId: bigint('session_id', { mode: 'number' }).notNull(),
  assessmentId: integer('assessment_id').notNull(),
  code: varchar('code', { length: 100 }).notNull(),
  name: varchar('name', { length: 200 }).notNull(),
}, (t) => [
  primaryKey({ columns: [t.tenantId, t.sessionId, t.assessmentId] }),
  foreignKey({ columns: [t.tenantId, t.sessionId], foreignColumns: [assessmentSessions.tenantId, assessmentSessions.id] }).onDelete('cascade'),
]);

/**
 * One result of one assessment of a session. `reportId` is the provider's id of the report: the
 * same report delivered twice is stored once (unique), which makes the callbacks idempotent.
 */
export const assessmentResults = pgTable('assessment_results', {
  tenantId: tenantId(),
  id: bigIdentity(),
  sessionId: bigint('session_id', { mode: 'number' }).notNull(),
  reportId: varchar('report_id', { length: 200 }).notNull(),
  /** The vendor's code of the assessment (a code outside the session is refused, 400). */
  code: varchar('code', { length: 100 }).notNull(),
  score: numeric('score', { precision: 12, scale: 4, mode: 'number' }),
  scoreMinimum: numeric('score_minimum', { precision: 12, scale: 4, mode: 'number' }),
  scoreMaximum: numeric('score_maximum', { precision: 12, scale: 4, mode: 'number' }),
  percentile: numeric('percentile', { precision: 5, scale: 2, mode: 'number' }),
  /** `pass`, `fail` or `inconclusive`. */
  outcome: text('outcome', { enum: ['pass', 'fail', 'inconclusive'] }),
  completedAt: at('completed_at'),
  reportUrl: text('report_url'),
  /** The result as the provider sent it, for audit. */
  payload: jsonb('payload').notNull(),
  receivedAt: at('received_at').notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.tenantId, t.id] }),
  foreignKey({ columns: [t.tenantId, t.sessionId], foreignColumns: [assessmentSessions.tenantId, assessmentSessions.id] }).onDelete('cascade'),
  uniqueIndex('assessment_results_report').on(t.tenantId, t.sessionId, t.reportId),
]);
