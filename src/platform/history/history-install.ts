// Installs the history trigger (drizzle/0027, `record_history()`) on every record table, with the
// arguments derived from the record's definition: its kind, its columns as its GET names them (the
// catalog's), and its masked fields. Runs at every start, under the migration lock (a reference data
// loader): a catalog that gained a field is recorded from the next start on; a table whose trigger
// already has these arguments is left alone (no lock taken on a busy table).
import { getTableName, sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { RecordDefinition } from '../records/record.ts';

/** How a secret field is kept in history: its last four characters, or only that it changed. */
export type Mask = 'last4' | 'secret';

/** A table whose rows have a history: what the trigger is told. */
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

/** The trigger's arguments, in its order (TG_ARGV). */
const argumentsOf = (source: HistorySource) => [source.recordType, JSON.stringify(source.fields), JSON.stringify(source.masked ?? {})];

/** pg_trigger.tgargs of those arguments: each NUL-terminated, as hex. */
const tgargs = (args: string[]) => Buffer.from(args.map((a) => `${a}\0`).join(''), 'utf8').toString('hex');

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** The loader that installs (or refreshes) the trigger on each source's table. */
export function installHistory(sources: readonly HistorySource[]) {
  return async function installHistoryTriggers(db: NodePgDatabase): Promise<void> {
    const { rows } = await db.execute<{ table: string; args: string }>(sql`select c.relname as table, encode(t.tgargs, 'hex') as args
      from pg_trigger t join pg_class c on c.oid = t.tgrelid where t.tgname = 'record_history'`);
    const installed = new Map(rows.map((r) => [r.table, r.args]));
    for (const source of sources) {
      const args = argumentsOf(source);
      if (installed.get(source.table) === tgargs(args)) continue;
      await db.execute(sql.raw(`create or replace trigger record_history after insert or update or delete on "${source.table}"
        for each row execute function record_history(${args.map(literal).join(', ')})`));
    }
  };
}
