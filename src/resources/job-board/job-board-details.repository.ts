// GET /JobOrders/{jobOrderId}/jobBoardDetails: one order as the public job board shows it, or nothing
// when it is not eligible (JBD-02 to JBD-09, AMB-55 in decision 0011). The tenant's job board
// settings shape the answer (fallbacks, Hide Worksite, Hide Old Dates: AMB-56 (b)(c)).
import { and, asc, eq } from 'drizzle-orm';
import type { DataScope } from '../../platform/scope.ts';
import { branches, countries, orderTypes } from '../../platform/db/schema.ts';
import { jobTitleCategories } from '../reference-data/reference.table.ts';
import { worksites } from '../worksites/worksite.table.ts';
import { jobTitles } from '../job-titles/job-title.record.ts';
import { jobOrders } from '../job-orders/job-order.table.ts';
import { postingDate } from '../job-orders/job-order.repository.ts';
import { jobBoardSettingsOf, type JobBoardSettings } from '../reference-data/job-board.settings.ts';
import { jobBoardUrl } from './job-board.url.ts';
import { ON_THE_BOARD, withBoardTables } from './job-board.eligibility.ts';
import { PAY_FREQUENCIES, type JobBoardDetailsShape } from './job-board-details.schemas.ts';

const o = jobOrders;
const jt = jobTitles;

const PLAIN_TEXT = 'text/plain';
const DAY_MS = 86_400_000;

const DETAILS = {
  id: o.id, dateOrderTaken: o.dateOrderTaken!, jobDescription: o.jobDescription!, publicJobDescription: o.publicJobDescription!,
  publicJobDescriptionContentType: o.publicJobDescriptionContentType!, publicJobTitle: o.publicJobTitle!, jobTitle: jt.jobTitle!,
  category: jobTitleCategories.name, jobOrderType: orderTypes.name, skills: o.skills!, featured: o.featured!, payRate: o.payRate!,
  payFrequency: o.payFrequency!, payMin: o.payMin!, payMax: o.payMax!, showPayRate: o.showPayRate!, branchId: o.branchId!, branchName: branches.name,
  publicEducationSummary: o.publicEducationSummary!, publicExperienceSummary: o.publicExperienceSummary!, publicPostingDate: o.publicPostingDate!,
  showWorksiteAddress: o.showWorksiteAddress!, street1: worksites.street1, street2: worksites.street2, municipality: worksites.municipality,
  region: worksites.region, postalCode: worksites.postalCode, countryCode: worksites.countryCode, country: countries.name,
  latitude: worksites.latitude, longitude: worksites.longitude, dateAddressStandardized: worksites.dateAddressStandardized,
};

/**
 * The order when it is on the board and inside the caller's hierarchy. Named: its text is the same
 * at every call (the scope's conditions and the rules are parameters), so each connection plans it once.
 */
function eligibleById(scope: DataScope, id: number) {
  return scope.selectJoined(o, DETAILS, (from) => withBoardTables(from.$dynamic()).leftJoin(countries, eq(countries.countryCode, worksites.countryCode)))
    .where(and(eq(o.id, id), ON_THE_BOARD)).prepare('job_board_details_of_order').execute();
}

type Row = Awaited<ReturnType<typeof eligibleById>>[number];

/** sitemaps.org: at most 50,000 addresses in one sitemap file. */
export const SITEMAP_MAX = 50_000;

/** The orders whose details answer (inside the scope), with when each last changed: the public board's sitemap. */
export async function ordersOnTheBoard(scope: DataScope, limit = SITEMAP_MAX): Promise<{ id: number; updatedAt: Date }[]> {
  return scope.selectJoined(o, { id: o.id, updatedAt: o.updatedAt }, (from) => withBoardTables(from.$dynamic()))
    .where(ON_THE_BOARD).orderBy(asc(o.id)).limit(limit);
}

const blank = (s: string | null | undefined) => s == null || s.trim() === '';
const orNull = (s: string | null | undefined) => (blank(s) ? null : s!);

/** `2026-11-22T00:00:00+00:00`: ISO 8601 with an explicit UTC offset (JBD-17). */
export function withUtcOffset(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

/** The details as the tenant's settings and the order's own display flags allow (pure: tested alone). */
export function toDetails(row: Row, settings: JobBoardSettings, url: string, now = new Date()): JobBoardDetailsShape {
  const taken = new Date(row.dateOrderTaken);
  const publicDescription = !blank(row.publicJobDescription);
  const description = publicDescription ? row.publicJobDescription : settings.jobDescriptionFallback ? (row.jobDescription ?? null) : null;
  const title = !blank(row.publicJobTitle) ? row.publicJobTitle : settings.jobTitleFallback ? row.jobTitle : null;
  const oldDate = settings.hideOldDates && now.getTime() - taken.getTime() > settings.oldDateCutoffDays * DAY_MS;
  const showPay = row.showPayRate === true;
  const frequency = PAY_FREQUENCIES.find((f) => f === row.payFrequency) ?? null;
  const hideCity = settings.hideWorksite;
  const hideStreet = hideCity || row.showWorksiteAddress !== true;
  const located = row.latitude != null && row.longitude != null;
  return {
    jobOrderId: row.id,
    orderId: row.id,
    dateOrderTaken: oldDate ? null : taken,
    jobDescription: description,
    jobDescriptionContentType: publicDescription ? (row.publicJobDescriptionContentType || PLAIN_TEXT) : PLAIN_TEXT,
    jobTitle: title,
    category: row.category,
    jobOrderType: row.jobOrderType,
    skills: row.skills ?? [],
    featured: row.featured ?? null,
    pay: showPay ? row.payRate : null,
    payFrequency: showPay ? frequency : null,
    payMin: showPay ? row.payMin ?? null : null,
    payMax: showPay ? row.payMax ?? null : null,
    payCurrency: null,
    branchId: row.branchId,
    branchName: row.branchName,
    jobBoardUrl: url,
    educationSummary: orNull(row.publicEducationSummary),
    experienceSummary: orNull(row.publicExperienceSummary),
    publishDateTime: withUtcOffset(postingDate(row.publicPostingDate) ?? taken),
    address: {
      attentionTo: null,
      street1: hideStreet ? null : orNull(row.street1),
      street2: hideStreet ? null : orNull(row.street2),
      municipality: hideCity ? null : orNull(row.municipality),
      region: hideCity ? null : orNull(row.region),
      postalCode: hideCity ? null : orNull(row.postalCode),
      country: row.country ?? null,
      countryCode: row.countryCode,
      location: hideStreet || !located ? null : { latitude: row.latitude!, longitude: row.longitude! },
      // When the gazetteer placed the worksite's address (decision 0036); hidden with the city.
      dateAddressStandardized: hideCity ? null : row.dateAddressStandardized,
    },
  };
}

/** The job board details of an eligible order inside the caller's hierarchy, else undefined (404). */
export async function getJobBoardDetails(scope: DataScope, jobOrderId: number, jobBoardBase: string): Promise<JobBoardDetailsShape | undefined> {
  const [[row], settings] = await Promise.all([
    eligibleById(scope, jobOrderId),
    jobBoardSettingsOf(scope),
  ]);
  if (!row) return undefined;
  return toDetails(row, settings, jobBoardUrl(jobBoardBase, scope.principal.tenantName, jobOrderId));
}
