// The one-statement path of PATCH: a document that only adds, replaces or removes fields no resource
// rule looks at needs nothing of the record's current values, so it is written by one UPDATE
// (tenant, id and hierarchy in its WHERE; 404 when it matches nothing) instead of a transaction with
// a locked read. Concurrent such documents of one tenant, hierarchy and field set are grouped into
// one multi-row UPDATE (one round trip, one commit: group commit done by the application); if that
// statement fails, each document is written again on its own and gets its own answer.
// Decision record: docs/decisions/0013-employee-hot-paths.md. The fields a document may set here are
// those no rule of the target reads (computed from its rules), so this path can never skip a rule.
// A record's `.updated` event (decision 0031) is written by the same statement, for each row changed,
// and so is its history entry (decision 0044: only the columns set are compared; the table's trigger
// skips the statement).
import { getTableName } from 'drizzle-orm';
import type pg from 'pg';
import type { DataScope } from '../../scope.ts';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../http/errors.ts';
import type { Field } from './catalog.ts';
import { checkOperations, type Operation, type Step } from './patch.ts';
import type { PatchTarget } from './target.ts';
import { fieldsRead } from '../rules.ts';
import { eventInsertOf, eventValues, type EventTemplate } from '../../events/outbox.ts';
import { changedExpression, HISTORY_RECORDED, MERGE_ENTRY, type HistorySource } from '../../history/history-install.ts';

/** The SQL type of a field's parameter (a parameter used twice must not be inferred two ways). */
const SQL_TYPES: Record<Field['type'], string> = {
  String: 'text', Boolean: 'boolean', Guid: 'uuid', DateTime: 'timestamptz', Decimal: 'numeric', Int64: 'bigint', Int32: 'integer', Int16: 'smallint', Int8: 'smallint',
};

/** Distinct statements that get a name (prepared once per connection); rarer ones run unnamed. */
const MAX_NAMED = 500;
const names = new Map<string, string>();
function statement(text: string): { name?: string; text: string } {
  let name = names.get(text);
  if (!name && names.size < MAX_NAMED) names.set(text, name = `patch_write_${names.size}`);
  return name ? { name, text } : { text };
}

// `updated_at` moves only when a value changes, as the general path writes only changes.
const touched = (fields: Field[], value: (f: Field, i: number) => string, table = '') =>
  `updated_at = case when ${fields.map((f, i) => `${table}"${f.column}" is distinct from ${value(f, i)}`).join(' or ')} then now() else ${table}updated_at end`;

/**
 * What a statement writes besides the rows: their events, their history (the record's kind and
 * fields). `alone`: the statement is its own transaction (on the pool), so no entry of its records
 * can exist yet in it: its history rows are plain inserts, without MERGE_ENTRY's conflict check.
 */
interface Effects { event: boolean; history?: HistorySource; alone: boolean }

/**
 * The history entries of the rows `w` (`n`) changed, from their values before (`o`, read and locked
 * first by the same statement), comparing only the columns written; the statement then tells the
 * table's trigger it has nothing left to record (HISTORY_RECORDED). `actor`: SQL of the writer's
 * `staffing.actor` JSON for the row `n`.
 */
function historyInsert(table: string, fields: Field[], history: HistorySource, actor: string, merge: boolean): string {
  const written: HistorySource = { ...history, fields: Object.fromEntries(fields.map((f) => [f.column, history.fields[f.column] ?? f.json])) };
  return `insert into record_changes as c (tenant_id, record_type, record_id, action, actor, request_id, fields)
    select $1, '${history.recordType.replaceAll("'", "''")}', n.id, 'updated', x.a - 'requestId', x.a ->> 'requestId', ${changedExpression(written, 'updated')}
      from w n join o on o.id = n.id, lateral (select ${actor} as a) x
     where n.changed and set_config('${HISTORY_RECORDED}', '${table}', true) is not null
    ${merge ? MERGE_ENTRY : ''}`;
}

/**
 * An UPDATE answering the ids it matched, with the events of the rows it changed when `event` is
 * set (`updated_at` moved: this statement changed a value; the event's parameters follow the
 * fields'), and their history when `history` is (`ids`: the condition naming the rows, as the
 * UPDATE's; `actor` as historyInsert's).
 */
function withEffects(update: string, table: string, fields: Field[], effects: Effects, ids: string, actor: string): string {
  if (!effects.event && !effects.history) return `${update} returning "${table}".id`;
  const columns = effects.history ? fields.map((f) => `, "${table}"."${f.column}"`).join('') : '';
  const ctes = [];
  // Read and locked before the UPDATE runs (it takes its rows from here): the values it replaces.
  if (effects.history) ctes.push(`o as materialized (select id, ${fields.map((f) => `"${f.column}"`).join(', ')} from "${table}"
    where tenant_id = $1 and id ${ids} and hier_id = any($3::int[]) order by id for update)`);
  const own = effects.history ? ` and "${table}".id in (select id from o)` : '';
  ctes.push(`w as (${update}${own} returning "${table}".id, "${table}".hier_id, "${table}".updated_at = now() as changed${columns})`);
  if (effects.history) ctes.push(`h as (${historyInsert(table, fields, effects.history, actor, !effects.alone)})`);
  if (effects.event) ctes.push(`e as (${eventInsertOf(fields.length + 5)})`);
  return `with ${ctes.join(', ')} select id from w`;
}

/**
 * Who writes, for the history trigger (drizzle/0027): $4 set as `setting` for the statement's
 * transaction, before any row is written (an uncorrelated subquery runs once, at the start; the
 * trigger runs at the statement's end).
 */
const actorIs = (setting: 'staffing.actor' | 'staffing.actors') => `(select set_config('${setting}', $4::text, true)) is not null`;

/** One record: $1 tenant, $2 id, $3 visible hierarchy nodes, $4 the actor, $5… the fields' values. */
function singleUpdate(table: string, fields: Field[], effects: Effects) {
  const value = (f: Field, i: number) => `$${i + 5}::${SQL_TYPES[f.type]}`;
  return statement(withEffects(`update "${table}" set ${fields.map((f, i) => `"${f.column}" = ${value(f, i)}`).join(', ')}, ${touched(fields, value)}
    where tenant_id = $1 and id = $2 and hier_id = any($3::int[]) and ${actorIs('staffing.actor')}`, table, fields, effects, '= $2', '$4::text::jsonb'));
}

/** Several records: $2 their ids, $4 each one's actor by id, $5… one array per field, in the order of the ids; answers the ids written. */
function multiUpdate(table: string, fields: Field[], effects: Effects) {
  const value = (f: Field) => `v."${f.column}"`;
  const arrays = fields.map((f, i) => `$${i + 5}::${SQL_TYPES[f.type]}[]`).join(', ');
  return statement(withEffects(`update "${table}" set ${fields.map((f) => `"${f.column}" = ${value(f)}`).join(', ')}, ${touched(fields, value, `"${table}".`)}
    from unnest($2::bigint[], ${arrays}) as v(id, ${fields.map((f) => `"${f.column}"`).join(', ')})
    where "${table}".tenant_id = $1 and "${table}".id = v.id and "${table}".hier_id = any($3::int[]) and ${actorIs('staffing.actors')}`, table, fields, effects,
    '= any($2::bigint[])', `coalesce($4::text::jsonb -> n.id::text, '{"type": "system"}'::jsonb)`));
}

/** The event parameters of a statement writing `fields` (none without an event). */
const eventParameters = (g: Pick<Group, 'event' | 'fields'>) => g.event ? eventValues(g.event, { changedFields: g.fields.map((f) => f.json) }) : [];

/** `actor`: the writer's `staffing.actor` setting (DataScope.actorSetting). */
interface Write { id: number; actor: string; values: unknown[]; resolve(): void; reject(e: unknown): void }
interface Group {
  ready?: boolean; table: string; fields: Field[]; what: string; tenantId: number; hierIds: number[]; client: Db['$client']; writes: Map<number, Write>;
  /** The record's `.updated` event, written for each row the statement changes. */
  event?: EventTemplate;
  /** The record's history (its kind and fields), written by the statement for each row it changes. */
  history?: HistorySource;
}

const effectsOf = (g: Pick<Group, 'event' | 'history'>, alone: boolean): Effects => ({ event: !!g.event, alone, ...(g.history && { history: g.history }) });

const open = new Map<string, Group>();
/** Writes per multi-row statement; more wait for the next one. */
const MAX_GROUP = 32;

type Kind = Pick<Group, 'table' | 'fields' | 'what' | 'tenantId' | 'hierIds' | 'event' | 'history'>;

/** One record's write: on the pool (`alone`: its own transaction), or on a transaction's connection. */
async function writeOne(g: Kind, client: Pick<pg.Pool, 'query'>, { id, actor, values }: Pick<Write, 'id' | 'actor' | 'values'>, alone = true) {
  const { rowCount } = await client.query({ ...singleUpdate(g.table, g.fields, effectsOf(g, alone)), values: [g.tenantId, id, g.hierIds, actor, ...values, ...eventParameters(g)] });
  if (!rowCount) throw notFound(g.what);
}

/**
 * Statements of one kind in flight at once. While they run, new writes gather in the open group,
 * which is written when one returns: group commit, fewer and larger statements under load.
 */
const MAX_IN_FLIGHT = 2;
const inFlight = new Map<string, number>();

function flush(key: string, g: Group) {
  if (open.get(key) === g) open.delete(key);
  inFlight.set(key, (inFlight.get(key) ?? 0) + 1);
  void write(g).finally(() => {
    const left = inFlight.get(key)! - 1;
    if (left) inFlight.set(key, left);
    else inFlight.delete(key);
    const next = open.get(key);
    if (next && next.ready) flush(key, next);
  });
}

async function write(g: Group): Promise<void> {
  const writes = [...g.writes.values()];
  const [only] = writes;
  if (writes.length === 1 && only) return writeOne(g, g.client, only).then(only.resolve, only.reject);
  // Ascending ids: concurrent groups lock rows in one order.
  writes.sort((a, b) => a.id - b.id);
  const columns = g.fields.map((_, i) => writes.map((w) => w.values[i]));
  try {
    const { rows } = await g.client.query<{ id: number }>({
      ...multiUpdate(g.table, g.fields, effectsOf(g, true)), values: [g.tenantId, writes.map((w) => w.id), g.hierIds, `{${writes.map((w) => `"${w.id}":${w.actor}`).join(',')}}`, ...columns, ...eventParameters(g)],
    });
    const written = new Set(rows.map((r) => Number(r.id)));
    for (const w of writes) {
      if (written.has(w.id)) w.resolve();
      else w.reject(notFound(g.what));
    }
  } catch {
    // Nothing of the group was written: each write alone, with its own answer.
    await Promise.all(writes.map((w) => writeOne(g, g.client, w).then(w.resolve, w.reject)));
  }
}

const groupKeys = new WeakMap<number[], string>();
function groupKey(scope: DataScope, kind: Pick<Kind, 'table' | 'fields' | 'event'>): string {
  let hier = groupKeys.get(scope.hierIds);
  if (hier === undefined) groupKeys.set(scope.hierIds, hier = scope.hierIds.join(','));
  return `${kind.table}|${kind.fields.map((f) => f.column).join(',')}|${kind.event?.type ?? ''}|${scope.tenantId}|${hier}`;
}

/** Joins the open group of its kind (or opens one, written on the next turn of the event loop). */
function grouped(scope: DataScope, kind: Kind, id: number, values: unknown[]): Promise<void> {
  const client = scope.db.$client;
  const actor = scope.actorSetting;
  const key = groupKey(scope, kind);
  let g = open.get(key);
  // Another database (tests run several apps) or the same record twice: not in this group.
  if (g && (g.client !== client || g.writes.has(id))) return writeOne(kind, client, { id, actor, values });
  if (!g) {
    const group: Group = { ...kind, client, writes: new Map() };
    open.set(key, g = group);
    // At the end of this turn; or, with enough statements in flight, when one of them returns.
    setImmediate(() => {
      group.ready = true;
      if (open.get(key) === group && (inFlight.get(key) ?? 0) < MAX_IN_FLIGHT) flush(key, group);
    });
  }
  const group = g;
  return new Promise<void>((resolve, reject) => {
    group.writes.set(id, { id, actor, values, resolve, reject });
    if (group.writes.size >= MAX_GROUP) flush(key, group);
  });
}

const plainFieldSets = new WeakMap<PatchTarget, Set<Field> | null>();

/** Fields a document may set on this path; null when the target does not take it. */
function plainFields(target: PatchTarget): Set<Field> | null {
  let plain = plainFieldSets.get(target);
  if (plain === undefined) {
    const hooked = fieldsRead(target.rules ?? {});
    if (target.followsBranch) hooked.add('branchId');
    plain = target.validate || target.visible || target.where || target.after || !('hierId' in target.table)
      ? null
      : new Set(target.catalog.fields.filter((f) => !hooked.has(f.json)));
    plainFieldSets.set(target, plain);
  }
  return plain;
}

/**
 * Writes a valid document of add/replace/remove operations on plain fields; answers false for
 * anything else (test, copy, move, a field a rule looks at, an invalid document), which the general
 * path then answers, in its order (404 before 400).
 */
export async function writeDirectly(scope: DataScope, target: PatchTarget, id: number, operations: Operation[], event?: EventTemplate, history?: HistorySource): Promise<boolean> {
  const plain = plainFields(target);
  if (!plain || operations.length === 0 || !operations.every((o) => o.op === 'replace' || o.op === 'add' || o.op === 'remove')) return false;
  let steps: Step[];
  try {
    steps = checkOperations(target.catalog, operations);
  } catch {
    return false;
  }
  if (!steps.every((s) => plain.has(s.field))) return false;
  const changes = new Map<Field, unknown>();
  for (const step of steps) changes.set(step.field, step.value);
  const fields = target.catalog.fields.filter((f) => changes.has(f));
  const values = fields.map((f) => changes.get(f));
  const kind: Kind = { table: getTableName(target.table), fields, what: target.what, tenantId: scope.tenantId, hierIds: scope.hierIds, event, ...(history && { history }) };
  // Inside a transaction: on its connection, now.
  if (scope.client) await writeOne(kind, scope.client, { id, actor: scope.actorSetting, values }, false);
  else await grouped(scope, kind, id, values);
  return true;
}
