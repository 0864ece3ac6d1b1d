// Job order candidates: employees put forward for a job order, here by the job board (CAND-01). One
// row per (tenant, order, employee): the unique constraint, not a check before the insert, is what
// turns a second or simultaneous request into 409 (CAND-09).
import { sql } from 'drizzle-orm';
import { bigint, check, foreignKey, index, integer, pgTable, primaryKey, text, unique, varchar } from 'drizzle-orm/pg-core';
import { hierId, tenantBigKey, timestamps } from '../../platform/db/columns.ts';
import { hierarchyNodes } from '../../platform/db/schema.ts';
import { employees } from '../employees/employee.table.ts';
import { jobOrders } from '../job-orders/job-order.table.ts';

/**
 * Candidate statuses (CAND-12, decision 0011), by name. The job board endpoint always writes
 * `Applied from web` (CAND-11); the others are for the recruiters' workflow (CANDIDATE_TRANSITIONS).
 */
export const CANDIDATE_STATUSES = ['Applied from web', 'Under review', 'Submitted to customer', 'Placed', 'Not selected', 'Withdrawn'] as const;
export type CandidateStatus = (typeof CANDIDATE_STATUSES)[number];
export const APPLIED_FROM_WEB: CandidateStatus = 'Applied from web';

export const jobOrderCandidates = pgTable('job_order_candidates', {
  ...tenantBigKey(),
  jobOrderId: integer('job_order_id').notNull(),
  employeeId: bigint('employee_id', { mode: 'number' }).notNull(),
  /** The job order's node when the candidate was added: candidates are seen where their order is. */
  hierId: hierId(),
  status: text('status', { enum: CANDIDATE_STATUSES }).notNull(),
  utmSource: varchar('utm_source', { length: 255 }),
  utmCampaign: varchar('utm_campaign', { length: 255 }),
  utmMedium: varchar('utm_medium', { length: 255 }),
  ...timestamps(),
}, (t) => [
  primaryKey({ columns: [t.tenantId, t.id] }),
  unique('job_order_candidates_order_employee').on(t.tenantId, t.jobOrderId, t.employeeId),
  foreignKey({ name: 'job_order_candidates_job_order_fk', columns: [t.tenantId, t.jobOrderId], foreignColumns: [jobOrders.tenantId, jobOrders.id] }),
  foreignKey({ name: 'job_order_candidates_employee_fk', columns: [t.tenantId, t.employeeId], foreignColumns: [employees.tenantId, employees.id] }),
  foreignKey({ name: 'job_order_candidates_hier_fk', columns: [t.tenantId, t.hierId], foreignColumns: [hierarchyNodes.tenantId, hierarchyNodes.id] }),
  index('job_order_candidates_employee').on(t.tenantId, t.employeeId),
  check('job_order_candidates_status', sql`${t.status} in (${sql.raw(CANDIDATE_STATUSES.map((s) => `'${s}'`).join(', '))})`),
]);
