// What a recruiter states on an order beside what it says (issue 30 item 2): one row per order that
// has any, the StatedRequirements as jsonb (decision 0058). Read with the order's own visibility: the
// routes reach it through the job order, never alone.
import { bigint, jsonb, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { tenantId, timestamps } from '../../platform/db/columns.ts';
import type { StatedRequirements } from './matching.contract.ts';

export const jobOrderRequirements = pgTable('job_order_requirements', {
  tenantId: tenantId(),
  jobOrderId: bigint('job_order_id', { mode: 'number' }).notNull(),
  stated: jsonb('stated').$type<StatedRequirements>().notNull(),
  ...timestamps(),
}, (t) => [primaryKey({ columns: [t.tenantId, t.jobOrderId] })]);

