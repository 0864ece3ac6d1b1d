// Installs the history of every record table (docs/decisions/0044): three statement-level triggers
// (insert, update, delete) whose function is made from the record's definition. Each statement's
// rows are compared at once, set-based, from its transition tables (the rows before and after):
// one `insert ... select` per statement whatever its size, each field's column compared by name,
// nothing converted to JSON but what changed. (A row-level generic function that turned whole rows
// into JSON and wrote one entry per call cost more than the write it recorded; see decision 0044.)
// Runs at every start, under the migration lock (a reference data loader): a catalog that gained a
// field is recorded from the next start on. Replacing a function takes no lock on its table; the
// triggers are created only where missing.
import { getTableName, sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { RecordDefinition } from '../records/record.ts';

/** How a secret field is kept in history: its last four characters, or only that it changed. */
export type Mask = 'last4' | 'secret';

/** A table whose rows have a history. */
export interface HistorySource {
  /** The record's kind as events name it: `Employee`. */
  recordType: string;
  table: string;
  /** Column -> the field's name in the record's GET (`last_name` -> `lastName`); other columns are not history. */
  fields: Readonly<Record<string, string>>;
  /** Field (GET name) -> how it is masked. */
  masked?: Readonly<Record<string, Mask>>;
  /**
   * The column naming the record (default `id`): a table that holds more of another table's record
   * (a message's details, keyed by its message) records under that record, merged into its entry.
   */
  idColumn?: string;
  /**
   * What an insert records (default `created`): a table that extends a record later (an employee's
   * profile, written after the employee exists) records its first row as the record's `updated`;
   * in the transaction that creates the record, the entry stays `created` (MERGE_ENTRY).
   */
  insertAction?: 'updated';
}

const sources = new WeakMap<RecordDefinition, HistorySource>();

/** A record's history, from its definition: its catalog's fields, and what the definition adds. */
export function historyOf(def: RecordDefinition): HistorySource {
  let source = sources.get(def);
  if (!source) sources.set(def, source = sourceOf(def));
  return source;
}

function sourceOf(def: RecordDefinition): HistorySource {
  const { table, catalog } = def.patch.target;
  return {
    recordType: def.name,
    table: getTableName(table),
    fields: { ...Object.fromEntries(catalog.fields.map((f) => [f.column, f.json])), ...def.history?.fields },
    ...(def.history?.masked && { masked: def.history.masked }),
  };
}

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;
const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

export type Action = 'created' | 'updated' | 'deleted';

/** A column's value in the rows `rows` (o: before, n: after) as history keeps it. */
function kept(rows: 'o' | 'n', column: string, mask: Mask | undefined): string {
  const value = `${rows}.${ident(column)}`;
  if (mask === 'last4') return `'***' || right(${value}::text, 4)`;
  if (mask === 'secret') return `CASE WHEN ${value} IS NULL THEN NULL ELSE 'changed' END`;
  return value;
}

/**
 * `{field: [old, new]}` of the fields that differ (on create, those set; on delete, those that
 * were). jsonb_build_object takes at most 100 arguments: 50 fields per call.
 */
export function changedExpression(source: HistorySource, action: Action): string {
  const pairs = Object.entries(source.fields).map(([column, json]) => {
    const mask = source.masked?.[json];
    const before = action === 'created' ? 'NULL::text' : kept('o', column, mask);
    const after = action === 'deleted' ? 'NULL::text' : kept('n', column, mask);
    const differs = action === 'updated' ? `o.${ident(column)} IS DISTINCT FROM n.${ident(column)}` : `${action === 'created' ? 'n' : 'o'}.${ident(column)} IS NOT NULL`;
    return `${literal(json)}, CASE WHEN ${differs} THEN jsonb_build_array(${before}, ${after}) END`;
  });
  const calls = [];
  for (let i = 0; i < pairs.length; i += 50) calls.push(`jsonb_build_object(${pairs.slice(i, i + 50).join(', ')})`);
  return `jsonb_strip_nulls(${calls.length ? calls.join(' || ') : `'{}'::jsonb`})`;
}

/** The merge of an entry into the one this transaction already wrote for the record (`c`: the table, as aliased). */
export const MERGE_ENTRY = `ON CONFLICT (tenant_id, record_type, record_id, xid) DO UPDATE SET
    fields = record_history_merge(c.fields, excluded.fields),
    action = CASE WHEN excluded.action = 'deleted' THEN 'deleted' WHEN c.action = 'created' THEN 'created' ELSE excluded.action END`;

/**
 * A statement that writes its own records' history (the one-statement PATCH, json-patch/direct.ts:
 * it compares only the columns it sets, where the trigger compares every field) sets this to its
 * table's name; the table's update trigger then skips that statement, once, and clears it.
 */
export const HISTORY_RECORDED = 'staffing.history_recorded';

/** The rows a statement of `action` wrote, as `o` (before) and `n` (after), from the transition tables. */
const rowsOf = (action: Action, id: string): string => ({
  created: 'new_rows n',
  updated: `old_rows o JOIN new_rows n ON n.tenant_id = o.tenant_id AND n.${id} = o.${id}`,
  deleted: 'old_rows o',
})[action];

const functionName = (source: HistorySource, action: Action) => `record_history_${source.table}_${action}`;

/**
 * The function of one action's trigger: one entry per record the statement wrote (an update that
 * changed no field writes none), merged into the entry this transaction already wrote for it.
 * Who: the transaction's `staffing.actor`, or for a statement writing several requests' records at
 * once, `staffing.actors` by record id (each read once per statement); else the system.
 */
export function triggerFunction(source: HistorySource, action: Action): string {
  const row = action === 'deleted' ? 'o' : 'n';
  const id = ident(source.idColumn ?? 'id');
  const changed = changedExpression(source, action);
  const skip = action === 'updated'
    ? `IF current_setting('${HISTORY_RECORDED}', true) = TG_TABLE_NAME THEN
    PERFORM set_config('${HISTORY_RECORDED}', '', true);
    RETURN NULL;
  END IF;
  ` : '';
  return `CREATE OR REPLACE FUNCTION ${ident(functionName(source, action))}() RETURNS trigger LANGUAGE plpgsql AS $history$
BEGIN
  ${skip}INSERT INTO record_changes AS c (tenant_id, record_type, record_id, action, actor, request_id, fields)
  SELECT w.tenant_id, ${literal(source.recordType)}, w.id, '${action === 'created' ? source.insertAction ?? action : action}', w.actor - 'requestId', w.actor ->> 'requestId', w.changed
    FROM (SELECT ${row}.tenant_id, ${row}.${id} AS id, ${changed} AS changed,
                 coalesce(who.actors -> ${row}.${id}::text, who.actor, '{"type": "system"}'::jsonb) AS actor
            FROM ${rowsOf(action, id)},
                 (SELECT nullif(current_setting('staffing.actors', true), '')::jsonb AS actors,
                         nullif(current_setting('staffing.actor', true), '')::jsonb AS actor) who) w
   ${action === 'updated' ? "WHERE w.changed <> '{}'::jsonb" : ''}
  ${MERGE_ENTRY};
  RETURN NULL;
END $history$`;
}

const EVENTS: Record<Action, { event: string; tables: string }> = {
  created: { event: 'INSERT', tables: 'NEW TABLE AS new_rows' },
  updated: { event: 'UPDATE', tables: 'OLD TABLE AS old_rows NEW TABLE AS new_rows' },
  deleted: { event: 'DELETE', tables: 'OLD TABLE AS old_rows' },
};

const triggerName = (action: Action) => `record_history_${action}`;

/** The loader that installs (or refreshes) each source's trigger functions, and its triggers where missing. */
export function installHistory(sources: readonly HistorySource[]) {
  return async function installHistoryTriggers(db: NodePgDatabase): Promise<void> {
    const { rows } = await db.execute<{ table: string; trigger: string }>(sql`select c.relname as table, t.tgname as trigger
      from pg_trigger t join pg_class c on c.oid = t.tgrelid where t.tgname like 'record_history%'`);
    const installed = new Set(rows.map((r) => `${r.table}.${r.trigger}`));
    for (const source of sources) {
      // The row-level trigger of the first version of this installer (databases made before it).
      if (installed.has(`${source.table}.record_history`)) await db.execute(sql.raw(`DROP TRIGGER record_history ON ${ident(source.table)}`));
      for (const action of ['created', 'updated', 'deleted'] as const) {
        await db.execute(sql.raw(triggerFunction(source, action)));
        if (installed.has(`${source.table}.${triggerName(action)}`)) continue;
        await db.execute(sql.raw(`CREATE TRIGGER ${triggerName(action)} AFTER ${EVENTS[action].event} ON ${ident(source.table)}
          REFERENCING ${EVENTS[action].tables} FOR EACH STATEMENT EXECUTE FUNCTION ${ident(functionName(source, action))}()`));
      }
    }
  };
}
