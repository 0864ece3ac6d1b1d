// One event as integrators see it, in the feed (GET /Events) and as a webhook's body: what happened
// to which record, never the record itself (receivers GET it, with their own credentials).
import { Type, type Static } from 'typebox';

export const EventBody = Type.Object({
  id: Type.String({ description: 'Unique event id (`evt_<n>`); the `webhook-id` of its deliveries. Receivers dedupe on it: delivery is at least once.' }),
  sequence: Type.Integer({ minimum: 1, description: 'Position in the tenant\'s event log: increasing in commit order, without gaps. The feed\'s cursor (`after`).' }),
  type: Type.String({ description: '`<record>.created`, `<record>.updated`, `batchJob.completed`.' }),
  occurredAt: Type.String({ format: 'date-time' }),
  record: Type.Object({
    type: Type.String({ description: 'The record\'s kind: `Employee`, `JobOrder`, `BatchJob`, ...' }),
    id: Type.Integer(),
    location: Type.String({ description: 'The record\'s path under the API\'s base address: `/Employees/12`.' }),
  }),
  changedFields: Type.Optional(Type.Array(Type.String(), { description: '`<record>.updated`: the fields the change wrote, as the record\'s read names them (`lastName`); not their values.' })),
}, { $id: 'Event' });
export type EventBody = Static<typeof EventBody>;

/** An events row as `eventColumns` selects it (Drizzle's `execute` gives timestamps as text, a typed select as Dates). */
export type EventRow = {
  id: string | number; sequence: string | number; type: string; occurred_at: Date | string; record_type: string; record_id: string | number; location: string;
  data: { changedFields?: string[] };
};

/** The columns `toEventBody` reads, qualified by the events table's alias. */
export const eventColumns = (alias: string) =>
  ['id', 'sequence', 'type', 'occurred_at', 'record_type', 'record_id', 'location', 'data'].map((c) => `${alias}.${c}`).join(', ');

export function toEventBody(row: EventRow): EventBody {
  const body: EventBody = {
    id: `evt_${row.id}`, sequence: Number(row.sequence), type: row.type, occurredAt: new Date(row.occurred_at).toISOString(),
    record: { type: row.record_type, id: Number(row.record_id), location: row.location },
  };
  if (row.data.changedFields) body.changedFields = row.data.changedFields;
  return body;
}
