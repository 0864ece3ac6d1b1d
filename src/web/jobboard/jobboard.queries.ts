// What the job board pages read besides the API's search and details: the orders a sitemap lists,
// the countries a tenant's board has jobs in, and countries' ISO letters (schema.org addresses).
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { branches, countries, orderTypes } from '../../platform/db/schema.ts';
import type { DataScope } from '../../platform/scope.ts';
import { jobOrderStatuses, jobTitleCategories } from '../../resources/reference-data/reference.table.ts';
import { worksites } from '../../resources/worksites/worksite.table.ts';
import { jobTitles } from '../../resources/job-titles/job-title.record.ts';
import { jobOrders } from '../../resources/job-orders/job-order.table.ts';
import { jobBoardSearch } from '../../resources/job-board/job-board-search.table.ts';

/** sitemaps.org: at most 50,000 addresses in one sitemap file. */
export const SITEMAP_MAX = 50_000;

const o = jobOrders;

/**
 * The orders whose details page answers (the eligibility of getJobBoardDetails in
 * job-board-details.repository.ts, as a list: the same joins and rules, inside the scope), with when
 * each last changed. The pages' tests hold the two to the same answer for every rule.
 */
export async function detailsEligibleOrders(scope: DataScope, limit = SITEMAP_MAX): Promise<{ id: number; updatedAt: Date }[]> {
  return scope.db.select({ id: o.id, updatedAt: o.updatedAt }).from(o)
    .innerJoin(branches, and(eq(branches.tenantId, o.tenantId), eq(branches.id, o.branchId!)))
    .innerJoin(orderTypes, and(eq(orderTypes.tenantId, o.tenantId), eq(orderTypes.id, o.jobOrderTypeId!)))
    .innerJoin(jobTitles, and(eq(jobTitles.tenantId, o.tenantId), eq(jobTitles.id, o.jobTitleId!)))
    .innerJoin(jobTitleCategories, and(eq(jobTitleCategories.tenantId, o.tenantId), eq(jobTitleCategories.id, jobTitles.jobTitleCategoryId!)))
    .innerJoin(jobOrderStatuses, and(eq(jobOrderStatuses.tenantId, o.tenantId), eq(jobOrderStatuses.id, o.jobOrderStatusId!)))
    .innerJoin(worksites, and(eq(worksites.tenantId, o.tenantId), eq(worksites.id, o.worksiteId!)))
    .where(and(
      eq(o.tenantId, scope.tenantId), scope.visible(o.hierId),
      eq(o.doNotPostToWebAtCreation, false), eq(o.doNotPostPublicly!, false), eq(o.isActive, true),
      eq(jobOrderStatuses.isJobBoardEligible, true), eq(jobTitles.isPublic!, true), eq(branches.isWebPublic, true),
    ))
    .orderBy(asc(o.id)).limit(limit);
}

/** The countries the tenant's job board has orders in (the search form's choice), most orders first. */
export async function boardCountries(db: Db, tenantId: number): Promise<number[]> {
  const rows = await db.select({ countryCode: jobBoardSearch.countryCode }).from(jobBoardSearch)
    .where(eq(jobBoardSearch.tenantId, tenantId)).groupBy(jobBoardSearch.countryCode)
    .orderBy(sql`count(*) desc`, asc(jobBoardSearch.countryCode));
  return rows.map((r) => r.countryCode);
}

// Countries change only with a deployment (as loadCountries): read once per process.
const letters = new WeakMap<Db, Promise<Map<number, string>>>();

/** ISO 3166 alpha-2 of a numeric country code (840 → US), if known. */
export async function alpha2Of(db: Db, countryCode: number): Promise<string | undefined> {
  let loaded = letters.get(db);
  if (!loaded) {
    loaded = db.select({ code: countries.countryCode, alpha2: countries.alpha2 }).from(countries).execute()
      .then((rows) => new Map(rows.map((r) => [r.code, r.alpha2])));
    loaded.catch(() => letters.delete(db));
    letters.set(db, loaded);
  }
  return (await loaded).get(countryCode);
}
