// The change feed: `GET /Events?after=<cursor>&wait=<seconds>` answers the events after a cursor in
// commit order, or waits for the next one to commit (a long poll, docs/events.md). `changes` loops
// on it and yields each event once, so an integrator keeps a cursor (each event's `sequence`) and a
// `for await` loop instead of webhooks.
import type { StaffingClient } from './client.js';
import { unwrap } from './errors.js';
import type { components } from './openapi.js';

export type StaffingEvent = components['schemas']['Event'];

export interface ChangesOptions {
  /** The cursor: the `sequence` of the last event you have handled (default 0: from the start). */
  after?: number;
  /** Only these event types (`employee.created`, ...). */
  types?: string[];
  /** Events per request, 1 to 1000 (default 1000). */
  take?: number;
  /** Seconds a request waits for the next event when there is none yet, 0 to 30 (default 30). */
  wait?: number;
}

/**
 * Every event after the cursor, then each new one as it commits; it never ends by itself (break out
 * of the loop; store the last `sequence` you handled and start from it next time). An error answer
 * throws StaffingApiError (410 for a cursor older than the retention).
 */
export async function* changes(api: StaffingClient, options: ChangesOptions = {}): AsyncGenerator<StaffingEvent, void, undefined> {
  let after = options.after ?? 0;
  const types = options.types?.join(',');
  for (;;) {
    const query = { after, take: options.take ?? 1000, wait: options.wait ?? 30, ...(types ? { types } : {}) };
    const page = unwrap(await api.GET('/Events', { params: { query } }));
    yield* page.data;
    after = page.next;
  }
}
