// Paged lists: `{ data, totalCount }` with `skip` (default 0) and `take` (default 1000, at most
// MAX_TAKE). Query names match case-insensitively (`Skip`, `Take`).
import { Type, type TSchema, type Static } from 'typebox';

export const DEFAULT_TAKE = 1000;
export const MAX_TAKE = 1000;

export const PageQuery = Type.Object({
  skip: Type.Integer({ minimum: 0, maximum: 2147483647, default: 0, description: 'Items to skip (min 0).' }),
  take: Type.Integer({ minimum: 1, maximum: MAX_TAKE, default: DEFAULT_TAKE, description: `Items to return (1 to ${MAX_TAKE}).` }),
});
export type Page = Static<typeof PageQuery>;

export function PagedList<T extends TSchema>(item: T, options: { $id?: string } = {}) {
  return Type.Object({ data: Type.Array(item), totalCount: Type.Integer({ minimum: 0 }) }, options);
}

export interface Paged<T> { data: T[]; totalCount: number }

/** A page of a list held in memory (computed, not queried): the same skip and take as any list. */
export function pageOf<T>(all: readonly T[], page: Page): Paged<T> {
  return { data: all.slice(page.skip, page.skip + page.take), totalCount: all.length };
}

/**
 * Rows fetched with `count(*) over ()` as `total_count` carry the total on every row; a page past
 * the end has no rows, and then `countAll` answers it.
 */
export async function toPage<R extends { totalCount: number }, T>(
  rows: R[], page: Page, map: (row: R) => T, countAll: () => Promise<number>,
): Promise<Paged<T>> {
  const totalCount = rows.length > 0 ? Number(rows[0]!.totalCount) : page.skip > 0 ? await countAll() : 0;
  return { data: rows.map(map), totalCount };
}

/** The paging of a validated list query (its skip and take, with their defaults applied). */
function pageOfQuery(query: unknown): Page | undefined {
  if (!query || typeof query !== 'object' || !('skip' in query) || !('take' in query)) return undefined;
  const { skip, take } = query;
  return typeof skip === 'number' && typeof take === 'number' ? { skip, take } : undefined;
}

/** Query names a link sets itself (skip, take) or must never repeat (a credential): compared lowercased. */
const NOT_CARRIED = new Set(['skip', 'take', 'tw-token']);
/** What a URI may hold unescaped (RFC 3986); anything else in a query is escaped in a link. */
const NOT_URI = /[^A-Za-z0-9\-._~!$&'()*+,;=:@/?%]/g;

/** A query pair's name, lowercased, decoded when it has escapes (a malformed escape is kept as written). */
function pairName(pair: string): string {
  const end = pair.indexOf('=');
  const name = end < 0 ? pair : pair.slice(0, end);
  if (!name.includes('%') && !name.includes('+')) return name.toLowerCase();
  try {
    return decodeURIComponent(name.replaceAll('+', ' ')).toLowerCase();
  } catch {
    return name.toLowerCase();
  }
}

/**
 * The `Link` field (RFC 8288) of a page of a list: `first`, `prev`, `next` and `last`, each the
 * request's own path and query with its skip and take (path-absolute: right behind any proxy).
 * Never a credential in the query (`tw-token`): a link is logged and shared. Built by string
 * operations, not URL objects: it is on every list's answer (decision 0052).
 */
export function pageLinks(url: string, query: unknown, totalCount: number): string | undefined {
  const page = pageOfQuery(query);
  if (!page) return undefined;
  const at = url.indexOf('?');
  const path = at < 0 ? url : url.slice(0, at);
  let kept = '';
  if (at >= 0) {
    for (const pair of url.slice(at + 1).split('&')) {
      if (pair !== '' && !NOT_CARRIED.has(pairName(pair))) kept += `${pair.replace(NOT_URI, encodeURIComponent)}&`;
    }
  }
  const prefix = `<${path}?${kept}skip=`, suffix = `&take=${page.take}>; rel="`;
  const last = totalCount > 0 ? Math.floor((totalCount - 1) / page.take) * page.take : 0;
  let links = `${prefix}0${suffix}first"`;
  // Past the end, the page before is the last one.
  if (page.skip > 0) links += `, ${prefix}${page.skip >= totalCount ? last : Math.max(0, page.skip - page.take)}${suffix}prev"`;
  if (page.skip + page.take < totalCount) links += `, ${prefix}${page.skip + page.take}${suffix}next"`;
  return `${links}, ${prefix}${last}${suffix}last"`;
}
