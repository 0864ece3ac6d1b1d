// Table columns derived from a PATCH catalog: one column per catalog field, typed from the spec's
// notation, named in snake_case, keyed by the field's JSON name. Non-nullable fields that are not
// references get a neutral default ('' , false, 0, now) so a record can be created with only what
// its create request requires; non-nullable references (`…Id`) must be given.
import { sql } from 'drizzle-orm';
import { bigint, boolean, integer, numeric, smallint, text, timestamp, uuid, varchar, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Catalog, Field } from '../http/json-patch/catalog.ts';

const isReference = (f: Field) => /(Id|Ident)$/.test(f.name);

function column(f: Field) {
  switch (f.type) {
    case 'String': {
      const c = f.maxLength === 'Max' ? text(f.column) : varchar(f.column, { length: f.maxLength! });
      return f.nullable ? c : c.notNull().default('');
    }
    case 'Boolean': return f.nullable ? boolean(f.column) : boolean(f.column).notNull().default(false);
    case 'Guid': return f.nullable ? uuid(f.column) : uuid(f.column).notNull();
    case 'DateTime': {
      const c = timestamp(f.column, { withTimezone: true, mode: 'date' });
      return f.nullable ? c : c.notNull().default(sql`now()`);
    }
    case 'Decimal': {
      const c = numeric(f.column, { mode: 'number' });
      return f.nullable ? c : c.notNull().default(0);
    }
    default: {
      const c = f.type === 'Int64' ? bigint(f.column, { mode: 'number' }) : f.type === 'Int32' ? integer(f.column) : smallint(f.column);
      if (f.nullable) return c;
      return isReference(f) ? c.notNull() : c.notNull().default(0);
    }
  }
}

type Columns = Record<string, ReturnType<typeof column>>;

export function catalogColumns(catalog: Catalog): Columns {
  return Object.fromEntries(catalog.fields.map((f) => [f.json, column(f)]));
}

/** A record table's catalog columns, keyed by JSON name, as a select list (typed only at run time). */
export function catalogSelection(catalog: Catalog, table: object): Record<string, AnyPgColumn> {
  const columns = table as Record<string, AnyPgColumn>;
  return Object.fromEntries(catalog.fields.map((f) => [f.json, columns[f.json]!]));
}
