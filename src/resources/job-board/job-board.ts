// The job board, one module: it owns what GET /Search/JobBoard, the details endpoint and the public
// board's pages (web/jobboard) share, so each is written once:
//   - the answers' cache (job-board-search.cache.ts: kept until the tenant's board changes),
//   - the admission of costly searches (text across a whole board takes turns: decision 0029),
//   - the tenant's settings (read through the caller's scope, kept with the answers),
//   - the rule of which orders are on the board (job-board.eligibility.ts).
// `search(scope, query)` answers the API route and the search page alike; `details` and `sitemap`
// the details endpoint and pages. app.ts makes one per process (decision 0043).
import { asc, sql } from 'drizzle-orm';
import type { Admission } from '../../platform/http/admission.ts';
import type { Paged } from '../../platform/http/paging.ts';
import type { DataScope } from '../../platform/scope.ts';
import { jobBoardSettingsOf, type JobBoardSettings } from '../reference-data/job-board.settings.ts';
import type { JobBoardSearchCache } from './job-board-search.cache.ts';
import { searchJobBoard } from './job-board-search.repository.ts';
import { jobBoardSearch } from './job-board-search.table.ts';
import type { JobBoardOrderShape, JobBoardSearch } from './job-board-search.schemas.ts';
import { getJobBoardDetails, ordersOnTheBoard, SITEMAP_MAX } from './job-board-details.repository.ts';
import type { JobBoardDetailsShape } from './job-board-details.schemas.ts';

// The cache holds `unknown` values: the board's own kinds, recognised by instanceof (no casts).
class Answer { constructor(readonly answer: Paged<JobBoardOrderShape>) {} }
class Countries { constructor(readonly countries: number[]) {} }
/** The key of the tenant's countries: no search's key starts with it (those start with the caller's nodes). */
const COUNTRIES_KEY = '\u0001countries';

export class JobBoard {
  /**
   * `cache`: the process's answers (listening for changes); `textSearches`: the admission of text
   * searches without a centre; `base`: JOBBOARD_URL, the address of every order's page.
   */
  constructor(readonly cache: JobBoardSearchCache, readonly textSearches: Admission, private readonly base: string) {}

  /** The caller's tenant's job board settings, kept until its board changes. */
  settings(scope: DataScope): Promise<JobBoardSettings> {
    return this.cache.settings(scope.tenantId, () => jobBoardSettingsOf(scope));
  }

  /** The board's orders for a search (GET /Search/JobBoard's query) inside the caller's hierarchy, from the cache when the same search was made since the board last changed. */
  async search(scope: DataScope, query: JobBoardSearch): Promise<Paged<JobBoardOrderShape>> {
    const tenantId = scope.tenantId;
    // The answer depends on the parameters and on which hierarchy nodes the caller sees.
    const key = `${scope.hierIds.join(',')}?${JSON.stringify(query)}`;
    const hit = this.cache.get(tenantId, key);
    if (hit instanceof Answer) return hit.answer;
    const generation = this.cache.generation(tenantId);
    const settings = await this.settings(scope);
    const answer = await searchJobBoard(scope, query, this.base, settings, { textSearches: this.textSearches });
    this.cache.set(tenantId, key, generation, new Answer(answer));
    return answer;
  }

  /** The countries the tenant's board has orders in (the search form's choice), most orders first. */
  async countries(scope: DataScope): Promise<number[]> {
    const generation = this.cache.generation(scope.tenantId);
    const hit = this.cache.get(scope.tenantId, COUNTRIES_KEY);
    if (hit instanceof Countries) return hit.countries;
    const rows = await scope.select(jobBoardSearch, { countryCode: jobBoardSearch.countryCode }, 'tenant').where()
      .groupBy(jobBoardSearch.countryCode).orderBy(sql`count(*) desc`, asc(jobBoardSearch.countryCode));
    const countries = rows.map((r) => r.countryCode);
    this.cache.set(scope.tenantId, COUNTRIES_KEY, generation, new Countries(countries));
    return countries;
  }

  /** One order as the board shows it, or undefined when it is not on the board or outside the caller's hierarchy. */
  details(scope: DataScope, jobOrderId: number): Promise<JobBoardDetailsShape | undefined> {
    // The settings read beside the order (one round trip), not kept: a details answer is never cached.
    return getJobBoardDetails(scope, jobOrderId, this.base);
  }

  /** The orders whose details answer, with when each last changed (the sitemap). */
  sitemap(scope: DataScope, limit = SITEMAP_MAX): Promise<{ id: number; updatedAt: Date }[]> {
    return ordersOnTheBoard(scope, limit);
  }
}
