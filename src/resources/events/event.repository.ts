// The event feed: the tenant's events after a cursor, those whose record the caller may read (its
// hierarchy node at or below the caller's, a scope that reads it), in sequence order.
import { sql } from 'drizzle-orm';
import type { Static } from 'typebox';
import { NODES, TENANT, type DataScope } from '../../platform/scope.ts';
import { sequenceEventsOf } from '../../platform/events/outbox.ts';
import { eventColumns, toEventBody, type EventRow } from '../../platform/events/event-shape.ts';
import type { EventFeedQuery, EventPage } from './event.schemas.ts';

/** `types`: only events of these types (undefined: every type). */
export async function eventFeed(scope: DataScope, query: Static<typeof EventFeedQuery>, types?: string[]): Promise<Static<typeof EventPage>> {
  // Events committed since the last sequencing get their place first, so a poll sees every committed event.
  await sequenceEventsOf(scope);
  const scopes = scope.principal.scopes.has('*') ? null : [...scope.principal.scopes];
  const rows = await scope.sql<EventRow & { total_count: string }>`
    select ${sql.raw(eventColumns('e'))}, count(*) over () as total_count
      from events e
     where e.tenant_id = ${TENANT} and e.sequence > ${query.after} and e.hier_id = any(${NODES})
       and (${sql.param(scopes)}::text[] is null or e.read_scopes && ${sql.param(scopes)}::text[])
       and (${sql.param(types ?? null)}::text[] is null or e.type = any(${sql.param(types ?? null)}::text[]))
     order by e.sequence
     limit ${query.take}`;
  const data = rows.map(toEventBody);
  return { data, totalCount: Number(rows[0]?.total_count ?? 0), next: data.at(-1)?.sequence ?? query.after };
}
