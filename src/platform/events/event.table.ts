// The event log (the outbox, DESIGN.md "Events"; docs/decisions/0031); the webhook tables that
// deliver it are the webhooks' (resources/webhooks/webhook.table.ts, decision 0039). An event is written in the transaction of the change it reports; its per-tenant
// `sequence` is given after commit by the sequencer (outbox.ts), so sequences appear in commit order
// and a reader that remembers the last one it saw never skips one.
import { sql } from 'drizzle-orm';
import { bigint, foreignKey, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigIdentity, hierId, tenantId } from '../db/columns.ts';
import { hierarchyNodes } from '../db/schema.ts';
import { xid8 } from '../history/record-change.table.ts';

/** What an event carries beyond its record: the fields a PATCH wrote (JSON names), nothing of their values. */
export interface EventData { changedFields?: string[] }

export const events = pgTable('events', {
  tenantId: tenantId(),
  /** Global insertion order; `evt_<id>` is the event's id (`webhook-id`), unique across tenants. */
  id: bigIdentity(),
  /** Position in the tenant's log: dense, in commit order; null until the sequencer reaches it. */
  sequence: bigint('sequence', { mode: 'number' }),
  type: text('type').notNull(),
  occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
  /** The record reported: its kind (`Employee`, `BatchJob`), id and path (`/Employees/12`). */
  recordType: text('record_type').notNull(),
  recordId: bigint('record_id', { mode: 'number' }).notNull(),
  location: text('location').notNull(),
  /** The record's hierarchy node when the event happened: who may see the event, as who may read the record. */
  hierId: hierId(),
  /** The scopes that read the record (any one: `employee-read`): a reader with none of them does not see the event. */
  readScopes: text('read_scopes').array().notNull(),
  data: jsonb('data').$type<EventData>().notNull().default({}),
  /** The writing transaction: the event's change is the record_changes row of the same transaction and record. */
  xid: xid8('xid').notNull().default(sql`pg_current_xact_id()`),
}, (t) => [
  primaryKey({ columns: [t.tenantId, t.id] }),
  foreignKey({ columns: [t.tenantId, t.hierId], foreignColumns: [hierarchyNodes.tenantId, hierarchyNodes.id] }),
  uniqueIndex('events_sequence').on(t.tenantId, t.sequence),
  // The sequencer's work: committed events without a position yet.
  index('events_unsequenced').on(t.tenantId, t.id).where(sql`sequence is null`),
  // Retention (retention.ts): the oldest first.
  index('events_occurred').on(t.occurredAt),
]);

/**
 * Where each tenant's log starts since pruning (retention.ts): the highest sequence retention has
 * deleted. A feed cursor below it would silently skip what was pruned, so it answers 410 instead
 * (docs/decisions/0045).
 */
export const eventLogPruned = pgTable('event_log_pruned', {
  tenantId: tenantId(),
  /** The highest sequence deleted: events after it are all still in the log. */
  prunedThrough: bigint('pruned_through', { mode: 'number' }).notNull(),
}, (t) => [primaryKey({ columns: [t.tenantId] })]);
