// Job board search over job_board_search (eligible orders only, kept current by triggers):
// full-text match and ts_rank ranking, earthdistance radius, hierarchy and country filters, the four
// sort orders, and the tenant's display settings. One statement; see docs/job-board.md for why it
// is shaped this way (ranking in the inner query, then the total and the page).
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DataScope } from '../../platform/scope.ts';
import { invalid } from '../../platform/http/errors.ts';
import type { Paged } from '../../platform/http/paging.ts';
import { loadCountries } from '../datalists/datalist.repository.ts';
import type { JobBoardSettings } from './job-board.settings.ts';
import { jobBoardUrl } from './job-board.url.ts';
import { findCentre, type Centre } from './job-board-search.centre.ts';
import { SORT_BY, type JobBoardOrderShape, type JobBoardSearch } from './job-board-search.schemas.ts';

interface Row {
  job_order_id: number; municipality: string | null; region: string | null; postal_code: string | null; date_order_taken: string;
  job_title: string | null; job_description: string | null; job_description_content_type: string; category: string | null;
  order_type: string | null; skills: string[]; metres: number | null; total_count: number;
}

const DAY_MS = 86_400_000;
const dialect = new PgDialect();
const names = new Map<string, string>();

/**
 * The search as a named statement: its few shapes (text or not, centre or not, sort order) are each
 * prepared once per connection, and PostgreSQL may keep a generic plan instead of planning every
 * search (planning was a third of an uncached search's database time).
 */
async function run(scope: DataScope, statement: SQL): Promise<Row[]> {
  const query = dialect.sqlToQuery(statement);
  let name = names.get(query.sql);
  if (!name && names.size < 100) names.set(query.sql, name = `job_board_search_${names.size}`);
  const client = scope.client ?? scope.db.$client;
  return (await client.query<Row>({ ...(name ? { name } : {}), text: query.sql, values: query.params as unknown[] })).rows;
}

/** ORDER BY of each sortBy value, over the columns of `matches` (AMB-52: relevance without text and distance without a centre sort as "created"). */
function orderBy(sortBy: number, text: boolean, centre: boolean, p = ''): SQL {
  const c = (name: string) => sql.raw(p + name);
  if (sortBy === SORT_BY.relevance && text) return sql`${c('rank')} desc, ${c('date_order_taken')} desc, ${c('job_order_id')} desc`;
  if (sortBy === SORT_BY.jobTitle) return sql`${c('title_key')} asc nulls last, ${c('job_order_id')} asc`;
  if (sortBy === SORT_BY.distance && centre) return sql`${c('metres')} asc, ${c('job_order_id')} asc`;
  return sql`${c('date_order_taken')} desc, ${c('job_order_id')} desc`;
}

/** `settings`: the tenant's job board settings (the route reads them, cached with the answers). */
export async function searchJobBoard(scope: DataScope, q: JobBoardSearch, jobBoardBase: string, settings: JobBoardSettings): Promise<Paged<JobBoardOrderShape>> {
  const countries = await loadCountries(scope.db);
  if (!countries.some((c) => c.countryCode === q.countryCode)) throw invalid('countryCode', 'is not a countryCode of GET /DataLists/countries');
  // CanSearchByLocation off: location parameters are ignored, not checked (JB-38, AMB-56 (e)).
  const centre: Centre | undefined = settings.canSearchByLocation ? await findCentre(scope.db, q.countryCode, q) : undefined;
  const text = q.textSearch?.trim() ? q.textSearch.trim() : undefined;

  const query = text ? sql`websearch_to_tsquery('english', ${text})` : undefined;
  const earthCentre = centre ? sql`ll_to_earth(${centre.latitude}::float8, ${centre.longitude}::float8)` : undefined;
  const radius = centre ? sql`${centre.radiusMetres}::float8` : undefined;
  const where = [
    sql`s.tenant_id = ${scope.tenantId}`,
    scope.visible(sql`s.hier_id`),
    sql`s.country_code = ${q.countryCode}`,
    query ? sql`s.document @@ ${query}` : undefined,
    earthCentre ? sql`earth_box(${earthCentre}, ${radius}) @> s.earth and earth_distance(${earthCentre}, s.earth) <= ${radius}` : undefined,
  ].filter((c): c is SQL => c !== undefined);

  // `matches` ranks and measures each match once, on narrow rows (materialized, so the rank is
  // computed in the scan and the documents are not carried along); the page is sorted from it,
  // counted from it, and only its rows are read in full.
  const order = orderBy(q.sortBy, !!query, !!centre);
  const statement = sql`
    with matches as materialized (
      select s.job_order_id, s.date_order_taken, lower(s.job_title) as title_key,
        ${query ? sql`ts_rank(s.document, ${query})` : sql`0::real`} as rank,
        ${earthCentre ? sql`earth_distance(${earthCentre}, s.earth)` : sql`null::float8`} as metres
      from job_board_search s
      where ${sql.join(where, sql` and `)}
    ), page as (select * from matches order by ${order} limit ${q.take} offset ${q.skip})
    select s.job_order_id, s.municipality, s.region, s.postal_code, s.date_order_taken, s.job_title, s.job_description,
      s.job_description_content_type, s.category, s.order_type, s.skills, p.metres, (select count(*) from matches) as total_count
    from page p join job_board_search s on s.tenant_id = ${scope.tenantId} and s.job_order_id = p.job_order_id
    order by ${orderBy(q.sortBy, !!query, !!centre, 'p.')}`;
  // The pool's random_page_cost (database.ts) keeps broad text matches on the GIN index.
  const rows = await run(scope, statement);

  const totalCount = rows.length > 0 ? Number(rows[0]!.total_count) : q.skip > 0 ? await countAll(scope, where) : 0;
  const oldBefore = settings.hideOldDates ? Date.now() - settings.oldDateCutoffDays * DAY_MS : undefined;
  const hide = settings.hideWorksite;
  const data = rows.map((r): JobBoardOrderShape => {
    const taken = new Date(r.date_order_taken);
    return {
      jobOrderId: r.job_order_id,
      // Hidden fields are sent as null (AMB-56 (b)); they still took part in filtering (JB-47).
      municipality: hide ? null : r.municipality,
      region: hide ? null : r.region,
      postalCode: hide ? null : r.postal_code,
      dateOrderTaken: oldBefore !== undefined && taken.getTime() < oldBefore ? null : taken.toISOString(),
      jobTitle: r.job_title,
      jobDescription: r.job_description,
      jobDescriptionContentType: r.job_description_content_type,
      category: r.category,
      orderType: r.order_type,
      skills: r.skills,
      distance: centre && r.metres !== null ? Math.round((Number(r.metres) / centre.unitMetres) * 100) / 100 : null,
      jobBoardUrl: jobBoardUrl(jobBoardBase, scope.principal.tenantName, r.job_order_id),
    };
  });
  return { data, totalCount };
}

async function countAll(scope: DataScope, where: SQL[]): Promise<number> {
  const [row] = (await scope.db.execute<{ n: number }>(sql`select count(*)::int as n from job_board_search s where ${sql.join(where, sql` and `)}`)).rows;
  return Number(row!.n);
}
