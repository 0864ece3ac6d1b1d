// Installs the history of every record table (docs/decisions/0044): a trigger whose function is made
// from the record's definition, comparing each field's column by name, compiled once by PostgreSQL
// (a generic function that turned whole rows into JSON cost several times as much per write). It
// hands what changed, named as the record's GET names it and masked where secret, to
// `record_history_write` (drizzle/0027). Runs at every start, under the migration lock (a reference
// data loader): a catalog that gained a field is recorded from the next start on. Replacing a
// function takes no lock on its table; a trigger is created only where it is missing.
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
}

/** A record's history, from its definition: its catalog's fields, and what the definition adds. */
export function historyOf(def: RecordDefinition): HistorySource {
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

/** A column's value of the row `row` (OLD or NEW) as history keeps it. */
function kept(row: 'OLD' | 'NEW', column: string, mask: Mask | undefined): string {
  const value = `${row}.${ident(column)}`;
  if (mask === 'last4') return `'***' || right(${value}::text, 4)`;
  if (mask === 'secret') return `CASE WHEN ${value} IS NULL THEN NULL ELSE 'changed' END`;
  return value;
}

/**
 * `{field: [old, new]}` of the fields that differ (on create, those set; on delete, those that
 * were). jsonb_build_object takes at most 100 arguments: 50 fields per call.
 */
function changedExpression(source: HistorySource, action: 'created' | 'updated' | 'deleted'): string {
  const pairs = Object.entries(source.fields).map(([column, json]) => {
    const mask = source.masked?.[json];
    const [before, after] = [action === 'created' ? 'NULL::text' : kept('OLD', column, mask), action === 'deleted' ? 'NULL::text' : kept('NEW', column, mask)];
    const differs = action === 'updated' ? `OLD.${ident(column)} IS DISTINCT FROM NEW.${ident(column)}` : `${action === 'created' ? 'NEW' : 'OLD'}.${ident(column)} IS NOT NULL`;
    return `${literal(json)}, CASE WHEN ${differs} THEN jsonb_build_array(${before}, ${after}) END`;
  });
  const calls = [];
  for (let i = 0; i < pairs.length; i += 50) calls.push(`jsonb_build_object(${pairs.slice(i, i + 50).join(', ')})`);
  return `jsonb_strip_nulls(${calls.length ? calls.join(' || ') : `'{}'::jsonb`})`;
}

const functionName = (source: HistorySource) => `record_history_${source.table}`;

/** The table's trigger function: what changed, then one entry (an update that changed no field writes none). */
export function triggerFunction(source: HistorySource): string {
  const write = (row: 'OLD' | 'NEW', action: string) => `PERFORM record_history_write(${literal(source.recordType)}, ${row}.tenant_id, ${row}.id, '${action}', changed);`;
  return `CREATE OR REPLACE FUNCTION ${ident(functionName(source))}() RETURNS trigger LANGUAGE plpgsql AS $history$
DECLARE changed jsonb;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    changed := ${changedExpression(source, 'updated')};
    IF changed <> '{}'::jsonb THEN ${write('NEW', 'updated')} END IF;
  ELSIF TG_OP = 'INSERT' THEN
    changed := ${changedExpression(source, 'created')};
    ${write('NEW', 'created')}
  ELSE
    changed := ${changedExpression(source, 'deleted')};
    ${write('OLD', 'deleted')}
  END IF;
  RETURN NULL;
END $history$`;
}

/** The loader that installs (or refreshes) each source's trigger function, and its trigger where missing. */
export function installHistory(sources: readonly HistorySource[]) {
  return async function installHistoryTriggers(db: NodePgDatabase): Promise<void> {
    const { rows } = await db.execute<{ table: string; fn: string }>(sql`select c.relname as table, t.tgfoid::regproc::text as fn
      from pg_trigger t join pg_class c on c.oid = t.tgrelid where t.tgname = 'record_history'`);
    const installed = new Map(rows.map((r) => [r.table, r.fn]));
    for (const source of sources) {
      await db.execute(sql.raw(triggerFunction(source)));
      if (installed.get(source.table) === functionName(source)) continue;
      await db.execute(sql.raw(`CREATE OR REPLACE TRIGGER record_history AFTER INSERT OR UPDATE OR DELETE ON ${ident(source.table)}
        FOR EACH ROW EXECUTE FUNCTION ${ident(functionName(source))}()`));
    }
  };
}
