// The job engine's tables: batch jobs, their items and the live workers. The item table is the queue
// (DESIGN.md, Background work): workers claim items with FOR UPDATE SKIP LOCKED and hold them under a
// lease. `job_type` is copied onto each item so a claim needs no join.
import { sql } from 'drizzle-orm';
import { foreignKey, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, hierId, tenantKey } from '../db/columns.ts';
import { hierarchyNodes, serviceReps, tenants } from '../db/schema.ts';

export const BATCH_JOB_STATUSES = ['New', 'Processing', 'Completed'] as const;
export const ITEM_STATUSES = ['New', 'Processing', 'Failed', 'Completed'] as const;
export type BatchJobStatus = (typeof BATCH_JOB_STATUSES)[number];
export type ItemStatus = (typeof ITEM_STATUSES)[number];

const now = () => sql`now()`;

export const batchJobs = pgTable('batch_jobs', {
  tenantId: integer('tenant_id').notNull().references(() => tenants.id),
  id: integer('id').generatedAlwaysAsIdentity(),
  batchJobType: text('batch_job_type').notNull(),
  parameters: jsonb('parameters').$type<Record<string, unknown>>().notNull(),
  status: text('status', { enum: BATCH_JOB_STATUSES }).notNull().default('New'),
  /** The creator's node: who may see the job; the worker acts as the creating rep. */
  hierId: hierId(),
  serviceRepId: integer('service_rep_id').notNull(),
  createdAt: createdAt(),
  startedAt: timestamp('started_at', { withTimezone: true }),
  completedAt: timestamp('completed_at', { withTimezone: true }),
}, (t) => [
  primaryKey({ columns: [t.tenantId, t.id] }),
  foreignKey({ columns: [t.tenantId, t.hierId], foreignColumns: [hierarchyNodes.tenantId, hierarchyNodes.id] }),
  foreignKey({ columns: [t.tenantId, t.serviceRepId], foreignColumns: [serviceReps.tenantId, serviceReps.id] }),
]);

export const batchJobItems = pgTable('batch_job_items', {
  ...tenantKey(),
  batchJobId: integer('batch_job_id').notNull(),
  jobType: text('job_type').notNull(),
  /** The record the item works on (a staged employee). */
  recordId: integer('record_id').notNull(),
  status: text('status', { enum: ITEM_STATUSES }).notNull().default('New'),
  attempts: smallint('attempts').notNull().default(0),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  workerId: text('worker_id'),
  failureReason: text('failure_reason'),
  /** What the item produced (the new employee's id, say). */
  resultId: integer('result_id'),
  /** What the item did with its result, where a type says (an import's row: `created` or `changed`). */
  outcome: text('outcome'),
  createdAt: createdAt(),
  startedAt: timestamp('started_at', { withTimezone: true }),
  completedAt: timestamp('completed_at', { withTimezone: true }),
}, (t) => [
  primaryKey({ columns: [t.tenantId, t.id] }),
  foreignKey({ columns: [t.tenantId, t.batchJobId], foreignColumns: [batchJobs.tenantId, batchJobs.id] }).onDelete('cascade'),
  index('batch_job_items_job').on(t.tenantId, t.batchJobId, t.status),
  index('batch_job_items_record').on(t.tenantId, t.recordId),
  // The queue: only unfinished items, in arrival order.
  index('batch_job_items_queue').on(t.jobType, t.id).where(sql`status in ('New', 'Processing')`),
]);

/** Live workers and the types they listen for: tells a job whose type nobody listens for (BATCH-05). */
export const batchWorkers = pgTable('batch_workers', {
  id: text('id').primaryKey(),
  types: text('types').array().notNull(),
  host: text('host').notNull(),
  pid: integer('pid').notNull(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().default(now()),
});
