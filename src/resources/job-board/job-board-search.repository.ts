// Job board search over job_board_search (eligible orders only, kept current by triggers):
// full-text match and ts_rank ranking, radius on earthdistance's sphere, hierarchy and country
// filters, the four sort orders, and the tenant's display settings. One named statement per shape;
// docs/job-board.md says why it is shaped this way.
import type { DataScope } from '../../platform/scope.ts';
import type { Admission } from '../../platform/http/admission.ts';
import { invalid } from '../../platform/http/errors.ts';
import type { Paged } from '../../platform/http/paging.ts';
import { loadCountries } from '../reference-data/countries.ts';
import type { JobBoardSettings } from '../reference-data/job-board.settings.ts';
import { jobBoardUrl } from './job-board.url.ts';
import { searchArea, surfaceMetres } from './job-board-search.area.ts';
import { findCentre, type Centre } from './job-board-search.centre.ts';
import { SORT_BY, type JobBoardOrderShape, type JobBoardSearch } from './job-board-search.schemas.ts';
import { run as runStatement, statement, type Statement } from './job-board.statements.ts';

/** A result as the statement builds it (json_agg): one JSON value per page, parsed once. */
interface Found {
  jobOrderId: number; municipality: string | null; region: string | null; postalCode: string | null; dateOrderTaken: number;
  jobTitle: string | null; jobDescription: string | null; jobDescriptionContentType: string; category: string | null;
  orderType: string | null; skills: string[]; chord: number | null;
}

const DAY_MS = 86_400_000;
/** An area of up to 100 miles' radius holds few orders (25 miles with text: ~0.1 ms; 500 miles by distance: ~12 ms). */
const SHORT_RADIUS_METRES = 100 * 1609.344;
/** ORDER BY of each sortBy value, over the columns of `matches` (AMB-52: relevance without text and distance without a centre sort as "created"). */
function orderBy(sortBy: number, text: boolean, area: boolean, p = ''): string {
  if (sortBy === SORT_BY.relevance && text) return `${p}rank desc, ${p}date_order_taken desc, ${p}job_order_id desc`;
  if (sortBy === SORT_BY.jobTitle) return `${p}title_key asc nulls last, ${p}job_order_id asc`;
  if (sortBy === SORT_BY.distance && area) return `${p}chord asc, ${p}job_order_id asc`;
  return `${p}date_order_taken desc, ${p}job_order_id desc`;
}

/**
 * The statement of one shape (text or not, centre or not, sort order). Parameters: $1 tenant, $2 the
 * caller's hierarchy nodes, $3 country, $4 take, $5 skip, then the text and/or the centre, box and
 * chord.
 *
 * - `k` computes what rows are compared with once per statement: in a generic plan an expression of
 *   parameters in a filter is evaluated again for every row (websearch_to_tsquery parsed per row).
 * - Text and a centre are matched together through the GiST index on (tenant, earth, document),
 *   which checks the box and the words' signatures in one scan: only the box's orders that may hold
 *   the words are read (a 25-mile search: 0.17 to 0.10 ms on the bench's data), not every order in
 *   the box, nor every order a broad word lists in the GIN index.
 * - `matches` ranks and measures each match once, on narrow rows (materialized: the rank is computed
 *   in the scan and the documents are not carried along); the page is sorted and counted from it,
 *   and only its rows are read in full, as one JSON value (no per-row, per-column parsing in Node;
 *   dates as milliseconds since the epoch, exact for any date whatever the server's TimeZone).
 *   The title key only when sorting by title: `lower()` of 6,900 titles costs ~1.5 ms.
 * - `chord` (the straight-line distance) orders as the distance along the surface does.
 */
function statementText(text: boolean, area: boolean, sortBy: number): string {
  let n = 5;
  const q = text ? `$${++n}` : '';
  const [centre, box, chord] = area ? [`$${++n}`, `$${++n}`, `$${++n}`] : [];
  const k = [text && `websearch_to_tsquery('english', ${q}) as q`, area && `${centre}::cube as c, ${box}::cube as b`].filter(Boolean);
  const where = ['s.tenant_id = $1', 's.hier_id = any($2::int[])', 's.country_code = $3',
    text && 's.document @@ k.q',
    area && `s.earth <@ k.b and cube_distance(k.c, s.earth) <= ${chord}::float8`].filter(Boolean);
  return `with ${k.length ? `k as materialized (select ${k.join(', ')}),` : ''}
    matches as materialized (
      select s.job_order_id, s.date_order_taken, ${sortBy === SORT_BY.jobTitle ? 'lower(s.job_title)' : 'null::text'} as title_key,
        ${text ? 'ts_rank(s.document, k.q)' : '0::real'} as rank, ${area ? 'cube_distance(k.c, s.earth)' : 'null::float8'} as chord
      from ${k.length ? 'k, ' : ''}job_board_search s
      where ${where.join(' and ')}
    ), page as (select * from matches order by ${orderBy(sortBy, text, area)} limit $4 offset $5)
    select (select count(*)::int from matches) as total_count,
      (select ${itemsJson(orderBy(sortBy, text, area, 'p.'))}
        from page p join job_board_search s on s.tenant_id = $1 and s.job_order_id = p.job_order_id) as data`;
}

/** The result item as JSON, from a `page` p joined to job_board_search s; `orderSql` orders the items. */
const itemsJson = (orderSql: string) => `json_agg(json_build_object('jobOrderId', s.job_order_id, 'municipality', s.municipality, 'region', s.region,
          'postalCode', s.postal_code, 'dateOrderTaken', extract(epoch from s.date_order_taken) * 1000, 'jobTitle', s.job_title, 'jobDescription', s.job_description,
          'jobDescriptionContentType', s.job_description_content_type, 'category', s.category, 'orderType', s.order_type,
          'skills', s.skills, 'chord', p.chord) order by ${orderSql})`;

/** A text search of one word (letters and digits only) may take the word table's path. */
const ONE_WORD = /^[\p{L}\p{N}]+$/u;

/**
 * A one-word relevance search without a location (issue 14 item 13): a broad word matches thousands
 * of orders, and ranking them all (ts_rank of each document) was most of such a search's time.
 * job_board_search_words holds each order's rank for each of its lexemes, computed as `statementText`
 * computes it; its B-tree gives the page in relevance order (rank, then date, then id, as
 * `orderBy`) and the count, both index-only. Same parameters as statementText with text.
 *
 * `k` takes the word's lexeme only when websearch_to_tsquery's query is exactly that one lexeme; a
 * word the parser splits (`fallback` true) is answered by the general statement instead. A
 * stopword (an empty query) matches nothing on either path.
 */
const WORD_STATEMENT = statement('job_board_search_word', `with k as materialized (
      select q, case when cardinality(a) = 1 and q = job_board_word_query(a[1]) then a[1] end as lex
      from (select websearch_to_tsquery('english', $6) as q, tsvector_to_array(to_tsvector('english', $6)) as a) x
    ), page as (
      select w.job_order_id, w.rank, w.date_order_taken, null::float8 as chord from job_board_search_words w
      where w.tenant_id = $1 and w.lexeme = (select lex from k) and w.hier_id = any($2::int[]) and w.country_code = $3
      order by w.rank desc, w.date_order_taken desc, w.job_order_id desc limit $4 offset $5)
    select (select numnode(q) > 0 and lex is null from k) as fallback,
      (select count(*)::int from job_board_search_words w
        where w.tenant_id = $1 and w.lexeme = (select lex from k) and w.hier_id = any($2::int[]) and w.country_code = $3) as total_count,
      (select ${itemsJson('p.rank desc, p.date_order_taken desc, p.job_order_id desc')}
        from page p join job_board_search s on s.tenant_id = $1 and s.job_order_id = p.job_order_id) as data`);

/**
 * Each shape is a named statement, prepared once per connection: PostgreSQL may keep a generic plan
 * instead of planning every search (planning was a third of an uncached search's database time).
 */
const statements = new Map<string, Statement>();
function statementFor(text: boolean, area: boolean, sortBy: number): Statement {
  const key = `${+text}${+area}${orderBy(sortBy, text, area)}`;
  let shape = statements.get(key);
  if (!shape) statements.set(key, shape = statement(`job_board_search_${statements.size}`, statementText(text, area, sortBy)));
  return shape;
}

/** Runs work at once: the admission of a caller that takes no turns. */
const atOnce: Admission = (work) => work();

/**
 * `settings`: the tenant's job board settings (the route reads them, cached with the answers).
 * `byWord: false` answers a one-word relevance search with the general statement (tests compare both).
 * `textSearches`: the process's admission of text searches without a centre, matched across the
 * tenant's whole board (a broad phrase ranks thousands of orders: 8-10 ms of a core): they take
 * turns instead of sharing the cores all at once (app.ts).
 */
export async function searchJobBoard(scope: DataScope, q: JobBoardSearch, jobBoardBase: string, settings: JobBoardSettings,
  { byWord = true, textSearches = atOnce }: { byWord?: boolean; textSearches?: Admission } = {}): Promise<Paged<JobBoardOrderShape>> {
  const countries = await loadCountries(scope.reference);
  if (!countries.some((c) => c.countryCode === q.countryCode)) throw invalid('countryCode', 'is not a countryCode of GET /DataLists/countries');
  // CanSearchByLocation off: location parameters are ignored, not checked (JB-38, AMB-56 (e)).
  const centre: Centre | undefined = settings.canSearchByLocation ? await findCentre(scope.reference, q.countryCode, q) : undefined;
  const text = q.textSearch?.trim() ? q.textSearch.trim() : undefined;
  const area = centre ? searchArea(centre) : undefined;

  // Tenant and hierarchy ($1, $2) are the scope's own (runStatement binds them).
  const values: unknown[] = [q.countryCode, q.take, q.skip];
  if (text) values.push(text);
  if (area) values.push(area.centre, area.box, area.chord);
  // A bounded area is a short statement: pipelined with other requests' (db/pipeline.ts); the rest on the pool.
  const short = centre !== undefined && centre.radiusMetres <= SHORT_RADIUS_METRES;
  type Row = { total_count: number; data: Found[] | null; fallback?: boolean };
  const run = async (): Promise<Row> => {
    if (byWord && text && !area && q.sortBy === SORT_BY.relevance && ONE_WORD.test(text)) {
      const [byWordTable] = await runStatement<Row>(scope, WORD_STATEMENT, values, short);
      if (!byWordTable!.fallback) return byWordTable!;
    }
    // The pool's random_page_cost (database.ts) keeps broad text matches on the GIN index.
    const [row] = await runStatement<Row>(scope, statementFor(!!text, !!area, q.sortBy), values, short);
    return row!;
  };
  // Cheap ones too: let them run beside the costly ones waiting their turn and they take the cores
  // those need (broad terms: p99 64-77 ms, all in turn 43 ms; decision 0029).
  const result = await (text && !area ? textSearches(run) : run());

  const totalCount = result.total_count;
  const oldBefore = settings.hideOldDates ? Date.now() - settings.oldDateCutoffDays * DAY_MS : undefined;
  const hide = settings.hideWorksite;
  const data = (result.data ?? []).map((r): JobBoardOrderShape => {
    const taken = new Date(r.dateOrderTaken);
    return {
      jobOrderId: r.jobOrderId,
      // Hidden fields are sent as null (AMB-56 (b)); they still took part in filtering (JB-47).
      municipality: hide ? null : r.municipality,
      region: hide ? null : r.region,
      postalCode: hide ? null : r.postalCode,
      dateOrderTaken: oldBefore !== undefined && taken.getTime() < oldBefore ? null : taken.toISOString(),
      jobTitle: r.jobTitle,
      jobDescription: r.jobDescription,
      jobDescriptionContentType: r.jobDescriptionContentType,
      category: r.category,
      orderType: r.orderType,
      skills: r.skills,
      distance: centre && r.chord !== null ? Math.round((surfaceMetres(r.chord) / centre.unitMetres) * 100) / 100 : null,
      jobBoardUrl: jobBoardUrl(jobBoardBase, scope.principal.tenantName, r.jobOrderId),
    };
  });
  return { data, totalCount };
}
