// Which job orders are on the job board: the one definition the details (GET
// /JobOrders/{id}/jobBoardDetails, the public details page) and the list of orders with a details
// page (the sitemap) share. An order is on the board when its status is a job-board status (JB-31),
// its job title is public (JB-32), its branch web-public (JB-33), and it is posted: active, not
// marked do-not-post when created nor since (JBD-04 to JBD-09, AMB-55). Its branch, order type, job
// title, category, status and worksite must exist (they are shown).
// The search reads job_board_search, which the view job_board_eligible (drizzle/0007) fills with the
// orders of the first three rules, fallbacks applied: SQL inside the database, kept current by
// triggers in the same transaction (docs/job-board.md). A change to those three rules is made in
// both places (decision 0043).
import { and, eq, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { branches, orderTypes } from '../../platform/db/schema.ts';
import { jobOrderStatuses, jobTitleCategories } from '../reference-data/reference.table.ts';
import { worksites } from '../worksites/worksite.table.ts';
import { jobTitles } from '../job-titles/job-title.record.ts';
import { jobOrders as o } from '../job-orders/job-order.table.ts';

/** Joins what an order on the board shows and is judged by to `select ... from job_orders` (a dynamic query). */
export function withBoardTables<Q extends PgSelect>(from: Q) {
  return from
    .innerJoin(branches, and(eq(branches.tenantId, o.tenantId), eq(branches.id, o.branchId!)))
    .innerJoin(orderTypes, and(eq(orderTypes.tenantId, o.tenantId), eq(orderTypes.id, o.jobOrderTypeId!)))
    .innerJoin(jobTitles, and(eq(jobTitles.tenantId, o.tenantId), eq(jobTitles.id, o.jobTitleId!)))
    .innerJoin(jobTitleCategories, and(eq(jobTitleCategories.tenantId, o.tenantId), eq(jobTitleCategories.id, jobTitles.jobTitleCategoryId!)))
    .innerJoin(jobOrderStatuses, and(eq(jobOrderStatuses.tenantId, o.tenantId), eq(jobOrderStatuses.id, o.jobOrderStatusId!)))
    .innerJoin(worksites, and(eq(worksites.tenantId, o.tenantId), eq(worksites.id, o.worksiteId!)));
}

/** The rules, over the tables `withBoardTables` joins: each one failing keeps the order off the board (a details 404). */
export const ON_THE_BOARD: SQL = and(
  eq(jobOrderStatuses.isJobBoardEligible, true), eq(jobTitles.isPublic!, true), eq(branches.isWebPublic, true),
  eq(o.doNotPostToWebAtCreation, false), eq(o.doNotPostPublicly!, false), eq(o.isActive, true),
)!;
