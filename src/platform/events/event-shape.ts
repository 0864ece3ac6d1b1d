// One event as integrators see it, in the feed (GET /Events) and as a webhook's body: what happened
// to which record, never the record itself (receivers GET it, with their own credentials).
import { Type, type Static } from 'typebox';
import type { ChangedFields } from '../history/record-change.table.ts';

/** The bound of an event's `changes` (its JSON, in bytes): beyond it, the names and a link to the history entry. */
export const CHANGES_BOUND_BYTES = 16 * 1024;

export const EventBody = Type.Object({
  id: Type.String({ description: 'Unique event id (`evt_<n>`); the `webhook-id` of its deliveries when the event has no `changeId`.' }),
  sequence: Type.Integer({ minimum: 1, description: 'Position in the tenant\'s event log: increasing in commit order, without gaps. The feed\'s cursor (`after`).' }),
  type: Type.String({ description: '`<record>.created`, `<record>.updated`, `batchJob.completed`.' }),
  occurredAt: Type.String({ format: 'date-time' }),
  record: Type.Object({
    type: Type.String({ description: 'The record\'s kind: `Employee`, `JobOrder`, `BatchJob`, ...' }),
    id: Type.Integer(),
    location: Type.String({ description: 'The record\'s path under the API\'s base address: `/Employees/12`.' }),
  }),
  changedFields: Type.Optional(Type.Array(Type.String(), { description: '`<record>.updated`: the fields the change wrote, as the record\'s read names them (`lastName`). Also every changed field\'s name when `changes` is left out (over the bound).' })),
  changeId: Type.Optional(Type.String({ pattern: '^chg_[0-9]+$', examples: ['chg_1042'], description: 'The change the event reports (`chg_<n>`): the record\'s history entry of the transaction that wrote it (`GET <location>/history`). The `webhook-id` of its deliveries; dedupe on it (delivery is at least once, and one transaction\'s events of one record share it). Absent for events of what keeps no history (batch jobs, subscriptions).' })),
  changes: Type.Optional(Type.Record(Type.String(), Type.Object({ old: Type.Unknown(), new: Type.Unknown() }), {
    description: `Each field the change wrote, as the record's GET names it, with its value before and after (\`null\`: none; a created record's \`old\` are null). Government ids are masked (\`***\` and the last four characters), secrets read \`changed\`. Left out when its JSON is over ${CHANGES_BOUND_BYTES / 1024} KiB: then \`changedFields\` names the fields and \`history\` links the entry.`,
  })),
  history: Type.Optional(Type.String({ description: 'When `changes` is left out (over the bound): the record\'s history entry of this change, `<location>/history?change=chg_<n>`.' })),
}, { $id: 'Event' });
export type EventBody = Static<typeof EventBody>;

/** An events row as `eventColumns` selects it (Drizzle's `execute` gives timestamps as text, a typed select as Dates). */
export type EventRow = {
  id: string | number; sequence: string | number; type: string; occurred_at: Date | string; record_type: string; record_id: string | number; location: string;
  data: { changedFields?: string[] };
  /** The change of the event's transaction and record (`eventChangeJoin`), null when none was recorded. */
  change_id: string | number | null; change_fields: ChangedFields | null;
};

/** The columns `toEventBody` reads, qualified by the events table's alias (with `eventChangeJoin` of the same alias). */
export const eventColumns = (alias: string) =>
  [...['id', 'sequence', 'type', 'occurred_at', 'record_type', 'record_id', 'location', 'data'].map((c) => `${alias}.${c}`),
    `${alias}_change.id as change_id`, `${alias}_change.fields as change_fields`].join(', ');

/**
 * The event's change: the history entry (record_changes) of the transaction that wrote the event
 * and of its record (an event and its change share the transaction id, decision 0044).
 */
export const eventChangeJoin = (alias: string) => `left join record_changes ${alias}_change on ${alias}_change.tenant_id = ${alias}.tenant_id
  and ${alias}_change.xid = ${alias}.xid and ${alias}_change.record_type = ${alias}.record_type and ${alias}_change.record_id = ${alias}.record_id`;

export function toEventBody(row: EventRow): EventBody {
  const body: EventBody = {
    id: `evt_${row.id}`, sequence: Number(row.sequence), type: row.type, occurredAt: new Date(row.occurred_at).toISOString(),
    record: { type: row.record_type, id: Number(row.record_id), location: row.location },
  };
  if (row.data.changedFields) body.changedFields = row.data.changedFields;
  if (row.change_id !== null) withChange(body, `chg_${row.change_id}`, row.change_fields ?? {}, row.location);
  return body;
}

/** The change's id and values, within the bound; over it, the fields' names and the link to the history entry. */
function withChange(body: EventBody, changeId: string, fields: ChangedFields, location: string): void {
  body.changeId = changeId;
  const changes = Object.fromEntries(Object.entries(fields).map(([field, [old, value]]) => [field, { old, new: value }]));
  if (Buffer.byteLength(JSON.stringify(changes)) <= CHANGES_BOUND_BYTES) {
    body.changes = changes;
  } else {
    body.changedFields ??= Object.keys(changes);
    body.history = `${location}/history?change=${changeId}`;
  }
}

/** The `webhook-id` of an event's deliveries: its change when it has one (what a receiver dedupes on), else the event. */
export const webhookIdOf = (event: EventBody) => event.changeId ?? event.id;
