// The job board search table: one row per ELIGIBLE job order (status eligible, job title public,
// branch web-public), with what search shows and filters on, already resolved (fallbacks applied,
// worksite coordinates as an earth point, the weighted text vector). Triggers keep it current
// (drizzle/*_job-board-search-triggers.sql): nothing in the application writes it.
// Why a table of its own: searching 20,000 eligible rows instead of 200,000 orders makes ranked,
// radius-bounded search several times faster (docs/job-board.md).
import { sql } from 'drizzle-orm';
import { customType, doublePrecision, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { earthPoint, hierId, tenantId } from '../../platform/db/columns.ts';

/** PostgreSQL `tsvector`. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const jobBoardSearch = pgTable('job_board_search', {
  tenantId: tenantId(),
  jobOrderId: integer('job_order_id').notNull(),
  hierId: hierId(),
  /** The worksite's country: search answers the orders of the requested countryCode. */
  countryCode: integer('country_code').notNull(),
  /** The public title, or the job title's when it is blank and Job Title Fallback is on; else null. */
  jobTitle: text('job_title'),
  /** The public description, or the order's own when blank and Job Description Fallback is on. */
  jobDescription: text('job_description'),
  jobDescriptionContentType: text('job_description_content_type').notNull(),
  category: text('category'),
  orderType: text('order_type'),
  skills: text('skills').array().notNull(),
  municipality: text('municipality'),
  region: text('region'),
  postalCode: text('postal_code'),
  /** Null when the worksite has no coordinates: such orders never match a location search. */
  earth: earthPoint('earth'),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  dateOrderTaken: timestamp('date_order_taken', { withTimezone: true, mode: 'string' }).notNull(),
  /** Title (A), skills (B), description without markup (C), English stemming. */
  document: tsvector('document').notNull(),
}, (t) => [
  primaryKey({ columns: [t.tenantId, t.jobOrderId] }),
  // Tenant first (btree_gin, btree_gist): a search walks only its own tenant's entries.
  index('job_board_search_tenant_document').using('gin', t.tenantId, t.document),
  index('job_board_search_tenant_earth').using('gist', t.tenantId, t.earth),
  // Text near a centre: the box and the words' signatures are both checked in the index, so only
  // the orders inside the box that may hold the words are read (not every order inside the box).
  index('job_board_search_tenant_earth_document').using('gist', t.tenantId, t.earth, t.document),
  index('job_board_search_taken').on(t.tenantId, sql`${t.dateOrderTaken} desc`),
]);
