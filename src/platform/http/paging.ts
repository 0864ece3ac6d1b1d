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
