// The event feed: the tenant's events after a cursor, those whose record the caller may read (its
// hierarchy node at or below the caller's, a scope that reads it), in sequence order, each with its
// change. With `wait`, an empty answer waits for the tenant's next commit of events (long poll).
import { sql } from 'drizzle-orm';
import type { Static } from 'typebox';
import { NODES, TENANT, type DataScope } from '../../platform/scope.ts';
import { sequenceEventsOf } from '../../platform/events/outbox.ts';
import { eventChangeJoin, eventColumns, toEventBody, type EventRow } from '../../platform/events/event-shape.ts';
import { longPollOf, type EventWaits } from '../../platform/events/event-wake.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { EventFeedQuery, EventPage } from './event.schemas.ts';

type Page = Static<typeof EventPage>;

/** How a long poll is held: the process's waits, and the signal of the client going away. */
export interface Waiting { waits: EventWaits; signal?: AbortSignal }

/** `types`: only events of these types (undefined: every type). */
export async function eventFeed(scope: DataScope, query: Static<typeof EventFeedQuery>, types: string[] | undefined, waiting: Waiting): Promise<Page> {
  await refuseExpired(scope, query.after);
  return longPollOf(waiting.waits, scope, query.wait * 1000, () => page(scope, query, types), (p) => p.data.length > 0, waiting.signal);
}

/**
 * 410 when events after the cursor were pruned (retention): reading on would skip them silently.
 * Checked once, before any wait: pruning removes only events older than the retention, never the
 * ones a waiting poll is about to see.
 */
async function refuseExpired(scope: DataScope, after: number): Promise<void> {
  const [pruned] = await scope.sql<{ pruned_through: number }>`select pruned_through from event_log_pruned where tenant_id = ${TENANT}`;
  const through = pruned ? Number(pruned.pruned_through) : 0;
  if (after >= through) return;
  throw new AppError('EVENT_CURSOR_EXPIRED',
    `Events after sequence ${after} were pruned (kept EVENT_RETENTION_DAYS): the log starts after sequence ${through}. Catch up with list reads of the records (or each record's history, GET <location>/history), then poll from after=${through}.`,
    { after: [`older than the log: the oldest cursor served is ${through}`] }, undefined, { oldestCursor: through });
}

async function page(scope: DataScope, query: Static<typeof EventFeedQuery>, types: string[] | undefined): Promise<Page> {
  // Events committed since the last sequencing get their place first, so a poll sees every committed event.
  await sequenceEventsOf(scope);
  const scopes = scope.principal.scopes.has('*') ? null : [...scope.principal.scopes];
  const rows = await scope.sql<EventRow & { total_count: string }>`
    select ${sql.raw(eventColumns('e'))}, count(*) over () as total_count
      from events e ${sql.raw(eventChangeJoin('e'))}
     where e.tenant_id = ${TENANT} and e.sequence > ${query.after} and e.hier_id = any(${NODES})
       and (${sql.param(scopes)}::text[] is null or e.read_scopes && ${sql.param(scopes)}::text[])
       and (${sql.param(types ?? null)}::text[] is null or e.type = any(${sql.param(types ?? null)}::text[]))
     order by e.sequence
     limit ${query.take}`;
  const data = rows.map(toEventBody);
  return { data, totalCount: Number(rows[0]?.total_count ?? 0), next: data.at(-1)?.sequence ?? query.after };
}
