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

/**
 * The `Link` field (RFC 8288) of a page of a list: `first`, `prev`, `next` and `last`, each the
 * request's own path and query with its skip and take (path-absolute: right behind any proxy).
 * Never a credential in the query (`tw-token`): a link is logged and shared.
 */
export function pageLinks(url: string, query: unknown, totalCount: number): string | undefined {
  const page = pageOfQuery(query);
  if (!page) return undefined;
  const target = new URL(url, 'http://request');
  for (const name of [...target.searchParams.keys()]) {
    if (['skip', 'take', 'tw-token'].includes(name.toLowerCase())) target.searchParams.delete(name);
  }
  const link = (skip: number, rel: string) => {
    const params = new URLSearchParams(target.searchParams);
    params.set('skip', String(skip));
    params.set('take', String(page.take));
    return `<${target.pathname}?${params}>; rel="${rel}"`;
  };
  const last = totalCount > 0 ? Math.floor((totalCount - 1) / page.take) * page.take : 0;
  return [
    link(0, 'first'),
    // Past the end, the page before is the last one.
    page.skip > 0 ? link(page.skip >= totalCount ? last : Math.max(0, page.skip - page.take), 'prev') : undefined,
    page.skip + page.take < totalCount ? link(page.skip + page.take, 'next') : undefined,
    link(last, 'last'),
  ].filter((l) => l !== undefined).join(', ');
}
