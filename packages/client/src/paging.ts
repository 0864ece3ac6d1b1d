// Paged lists: every list of the API answers `{ data, totalCount }` for a `skip` and a `take`
// (0 and 1000 by default, `take` at most 1000). `paginate` walks one to its end, a page at a time,
// so a caller writes a `for await` loop instead of the paging arithmetic.
import { unwrap, type Answer } from './errors.js';

export interface Page<T> { data: T[]; totalCount: number }

/** Where a page starts and how long it is: spread it into the list's query. */
export interface PageWindow { skip: number; take: number }

export interface PaginateOptions {
  /** Items to skip before the first (default 0). */
  skip?: number;
  /** Items per page, 1 to 1000 (default 1000: fewest round trips). */
  take?: number;
}

/**
 * Every item of a paged list, in the list's order, fetching each page when the one before is used up:
 *
 *   for await (const employee of paginate((page) => api.GET('/Employees', { params: { query: { ...page, lastName: 'Lee' } } }))) ...
 *
 * It ends at the first empty page or once `totalCount` items are passed; an error answer throws
 * StaffingApiError (after the client's retries).
 */
export async function* paginate<T>(fetchPage: (page: PageWindow) => Promise<Answer<Page<T>>>, options: PaginateOptions = {}): AsyncGenerator<T, void, undefined> {
  const take = options.take ?? 1000;
  let skip = options.skip ?? 0;
  for (;;) {
    const page = unwrap(await fetchPage({ skip, take }));
    yield* page.data;
    skip += page.data.length;
    if (page.data.length === 0 || skip >= page.totalCount) return;
  }
}
