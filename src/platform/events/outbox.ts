// Writing events (the outbox) and giving them their place in the tenant's log. An event is inserted
// by the transaction of the change it reports, so a change and its event commit or vanish together.
// Its `sequence` is given later by the sequencer, which only ever sees committed events: sequences
// follow commit order, and "everything after sequence N" never misses an event that commits late.
// Decision: docs/decisions/0031-events-and-webhooks.md.
import { sql } from 'drizzle-orm';
import type { DataScope } from '../scope.ts';
import { transaction, type Db } from '../db/database.ts';
import type { EventData } from './event.table.ts';
import { insertEvents } from './event-insert.ts';

/** What a record's events say beyond the record itself (its id and node come from the row written). */
export interface EventTemplate {
  /** `employee.updated`, `batchJob.completed`. */
  type: string;
  /** `Employee`. */
  recordType: string;
  /** The record's collection: `/Employees` (the event's location is `/Employees/12`). */
  path: string;
  /** The scopes that read the record (any one of them). */
  readScopes: readonly string[];
  /**
   * A record without a hierarchy node of its own (kept under a parent: decision 0036): SQL over its
   * row `r` giving its node and its location. Default: `r.hier_id`, and `path` + '/' + the id.
   */
  source?: { node: string; location: string };
}

/**
 * The event of each row of the CTE `w` (`id`, `hier_id`, `changed`) that changed, as part of the
 * statement that wrote them (the one-statement PATCH path: the write and its events commit together).
 * Parameters: $1 the tenant, then from `$first` those of `eventValues`.
 */
export function eventInsertOf(first: number): string {
  const [type, recordType, path, scopes, data] = [0, 1, 2, 3, 4].map((i) => `$${first + i}`);
  return insertEvents({
    tenantId: '$1', type: `${type}::text`, recordType: `${recordType}::text`, recordId: 'w.id', location: `${path}::text || '/' || w.id`,
    hierId: 'w.hier_id', readScopes: `${scopes}::text[]`, data: `${data}::jsonb`,
  }, 'w where w.changed');
}

/** The parameters of `eventInsertOf`, in its order. */
export function eventValues(event: EventTemplate, data: EventData): unknown[] {
  return [event.type, event.recordType, event.path, [...event.readScopes], JSON.stringify(data)];
}

const statements = new Map<string, { name: string; text: string }>();

/** One named statement per record table (and source): the event, with the node read from the record's row in the same statement. */
function insertFor(table: string, source: EventTemplate['source']) {
  const key = source ? `${table}|${source.node}|${source.location}` : table;
  let statement = statements.get(key);
  if (!statement) {
    // $1 the tenant, $2 the records' ids, $3 the type, $4 the record type, $5 the scopes, $6 the data, $7 the path (without a source).
    const [location, node] = source ? [source.location, source.node] : [`$7 || '/' || r.id`, 'r.hier_id'];
    statement = {
      name: `event_insert_${statements.size}`,
      text: insertEvents({ tenantId: '$1', type: '$3', recordType: '$4', recordId: 'r.id', location, hierId: node, readScopes: '$5::text[]', data: '$6::jsonb' },
        `"${table}" r where r.tenant_id = $1 and r.id = any($2::bigint[])`),
    };
    statements.set(key, statement);
  }
  return statement;
}

/**
 * Records the event of the record `recordId` of `table` in the caller's transaction (`scope.client`
 * must be set: an event outside the transaction of its change could report a change that never
 * happened, or miss one that did).
 */
export async function emitEvent(scope: DataScope, event: EventTemplate, table: string, recordId: number, data: EventData = {}): Promise<void> {
  await emitEvents(scope, event, table, [recordId], data);
}

/** emitEvent for many records of one table in one statement (createRecords' rows: one insert, one NOTIFY). */
export async function emitEvents(scope: DataScope, event: EventTemplate, table: string, recordIds: readonly number[], data: EventData = {}): Promise<void> {
  if (!scope.client) throw new Error('emitEvent runs inside the transaction of the change it reports.');
  if (!recordIds.length) return;
  await scope.client.query({
    ...insertFor(table, event.source),
    values: [scope.tenantId, [...recordIds], event.type, event.recordType, [...event.readScopes], JSON.stringify(data), ...(event.source ? [] : [event.path])],
  });
}

/** Advisory lock class of the sequencer (the second key is the tenant). */
const SEQUENCER_LOCK = 31_001;
/** Events sequenced per pass; more wait for the next. */
const SEQUENCE_BATCH = 5000;

/**
 * Gives the tenant's committed events that have none a sequence, after the last one given, in the
 * order they were written. One sequencer per tenant at a time (an advisory lock): two would hand out
 * the same numbers. Answers how many it sequenced.
 */
export async function sequenceEvents(db: Db, tenantId: number): Promise<number> {
  // Nothing waiting (the usual case of a poll): no write, no lock. Whatever committed before this
  // check and is not sequenced shows here (the partial index events_unsequenced answers it).
  const { rows: [check] } = await db.execute<{ waiting: boolean }>(sql`select exists (select 1 from events where tenant_id = ${tenantId} and sequence is null) as waiting`);
  if (!check?.waiting) return 0;
  return transaction(db, async ({ client }) => {
    await client.query('select pg_advisory_xact_lock($1, $2)', [SEQUENCER_LOCK, tenantId]);
    // Read after the lock: this statement's snapshot sees the previous sequencer's commit.
    const { rowCount } = await client.query({
      name: 'events_sequence',
      text: `with top as (select coalesce(max(sequence), 0) as n from events where tenant_id = $1),
        pending as (select id, row_number() over (order by id) as n from events where tenant_id = $1 and sequence is null order by id limit ${SEQUENCE_BATCH})
        update events e set sequence = top.n + pending.n from top, pending where e.tenant_id = $1 and e.id = pending.id`,
      values: [tenantId],
    });
    return rowCount ?? 0;
  });
}

/** `sequenceEvents` of the caller's tenant (events and webhooks: a scope, no raw handle). */
export const sequenceEventsOf = (scope: DataScope) => sequenceEvents(scope.db, scope.tenantId);

/** Sequences every tenant that has events waiting (the delivery worker's first step). */
export async function sequenceAllEvents(db: Db): Promise<number> {
  const { rows } = await db.execute<{ tenant_id: number }>(sql`select distinct tenant_id from events where sequence is null`);
  let n = 0;
  for (const { tenant_id } of rows) n += await sequenceEvents(db, tenant_id);
  return n;
}
