// The edit history of every record (issue 28, docs/decisions/0044): one row per record per
// transaction that created, changed or removed it, written by the database itself (the
// triggers installed on each record table by history-install.ts), so every path that
// writes (API, page, job, CLI, a side effect) leaves its entry, and none can forget to.
import { sql } from 'drizzle-orm';
import { bigint, customType, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigIdentity, tenantId } from '../db/columns.ts';

/** A transaction id (PostgreSQL's xid8): what ties an event to the change its transaction made. */
export const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });

/** Who made a change: the credential's holder, never its secret. */
export interface Actor {
  type: 'serviceRep' | 'oauthClient' | 'webUser' | 'job' | 'system';
  /** The rep's, the web user's or the job's id; the OAuth client's client id. */
  id?: number | string;
  /** The credential (API key, token) the change was made with. */
  credentialId?: number;
  /** A job's change: the batch job. */
  jobId?: number;
}

/** `{ "<field as the record's GET names it>": [old, new] }` (masked where the field is secret). */
export type ChangedFields = Record<string, [unknown, unknown]>;

export const recordChanges = pgTable('record_changes', {
  tenantId: tenantId(),
  /** The change id (`chg_<id>`): an event's `changeId`, a history entry's id. */
  id: bigIdentity(),
  /** The transaction that made the change. */
  xid: xid8('xid').notNull().default(sql`pg_current_xact_id()`),
  /** The record's kind, as events name it: `Employee`. */
  recordType: text('record_type').notNull(),
  recordId: bigint('record_id', { mode: 'number' }).notNull(),
  action: text('action', { enum: ['created', 'updated', 'deleted'] }).notNull(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  actor: jsonb('actor').$type<Actor>().notNull(),
  requestId: text('request_id'),
  fields: jsonb('fields').$type<ChangedFields>().notNull(),
}, (t) => [
  primaryKey({ columns: [t.tenantId, t.id] }),
  // One entry per record per transaction (a second write merges into it). The one index a change
  // maintains besides the key: it finds a record's history and an event's change (every column equal).
  uniqueIndex('record_changes_record').on(t.tenantId, t.recordType, t.recordId, t.xid),
  // Retention (HISTORY_RETENTION_DAYS): rows are written in time order, so a BRIN index (a few
  // pages, next to nothing to maintain) finds the old ones.
  index('record_changes_at').using('brin', t.at),
]);
