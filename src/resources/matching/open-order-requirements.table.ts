// Every open order's requirements, kept computed (issue 30, decision 0061): one row per OPEN job
// order (active, its status neither filled nor closed), so an employee's matches read 20,000 orders'
// requirements in one indexed statement instead of running requirementsOf (~260 µs an order) on each.
// requirementsOf is JavaScript, so triggers cannot compute it: the triggers
// (drizzle/*_open-order-requirements.sql) insert, mark stale or delete the rows on every write that
// changes what it reads, and keep the plain columns (hierarchy, branch, status, customer) current at
// once; refreshOpenOrderRequirements computes the stale rows' requirements afterwards.
import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, jsonb, numeric, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { earthPoint, hierId, tenantId, textList } from '../../platform/db/columns.ts';
import type { OrderRequirements } from './matching.contract.ts';


export const openOrderRequirements = pgTable('open_order_requirements', {
  tenantId: tenantId(),
  jobOrderId: integer('job_order_id').notNull(),
  hierId: hierId(),
  branchId: integer('branch_id').notNull(),
  jobOrderStatusId: integer('job_order_status_id').notNull(),
  customerId: bigint('customer_id', { mode: 'number' }).notNull(),
  /** requirementsOf of the order's facts and stated requirements; null until first computed. */
  requirements: jsonb('requirements').$type<OrderRequirements>(),
  /** The order's occupation and its family (`family:<id>`), for a candidate's occupations to meet. */
  occupationIds: textList('occupation_ids'),
  /** Required and preferred skills. */
  skillIds: textList('skill_ids'),
  /** Every certification named, required (any of an entry) or preferred. */
  certificationIds: textList('certification_ids'),
  /** The requirements' worksite (its coordinates, else its postal code's centroid); null when unknown. */
  earth: earthPoint('earth'),
  payPerHour: numeric('pay_per_hour', { mode: 'number' }),
  startDate: date('start_date', { mode: 'string' }),
  endDate: date('end_date', { mode: 'string' }),
  /** Set by the triggers when what requirementsOf reads changed; cleared by the refresh that computed it. */
  stale: boolean('stale').notNull().default(true),
  /** Bumped by every trigger mark: a refresh writes back only when it is still the version it read. */
  version: bigint('version', { mode: 'number' }).notNull().default(1),
}, (t) => [
  primaryKey({ columns: [t.tenantId, t.jobOrderId] }),
  // Tenant first (btree_gin, btree_gist): a tenant's lookups walk only its own entries.
  index('open_order_requirements_tenant_occupations').using('gin', t.tenantId, t.occupationIds),
  index('open_order_requirements_tenant_skills').using('gin', t.tenantId, t.skillIds),
  index('open_order_requirements_tenant_certifications').using('gin', t.tenantId, t.certificationIds),
  index('open_order_requirements_tenant_earth').using('gist', t.tenantId, t.earth),
  // The refresh's queue: only stale rows are in it.
  index('open_order_requirements_stale').on(t.tenantId, t.jobOrderId).where(sql`stale`),
]);
