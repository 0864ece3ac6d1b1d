// Table columns derived from a PATCH catalog: one column per catalog field, typed from the spec's
// notation, named in snake_case, keyed by the field's JSON name. Non-nullable fields that are not
// references get a neutral default ('' , false, 0, now) so a record can be created with only what
// its create request requires; non-nullable references (`…Id`) must be given. The columns' TypeScript
// types follow the same notation (`ColumnOf`), so queries and inserts over them need no casts.
import { sql } from 'drizzle-orm';
import { bigint, boolean, integer, numeric, smallint, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import type { Catalog, Field, Notation } from './json-patch/catalog.ts';

const isReference = (f: Field) => /(Id|Ident)$/.test(f.name);

// One builder per kind of column, nullable or not: used to build the columns and to name their types.
const builders = {
  string: (f: Field) => (f.maxLength === 'Max' ? text(f.column) : varchar(f.column, { length: f.maxLength! })),
  stringNotNull: (f: Field) => (f.maxLength === 'Max' ? text(f.column).notNull().default('') : varchar(f.column, { length: f.maxLength! }).notNull().default('')),
  boolean: (f: Field) => boolean(f.column),
  booleanNotNull: (f: Field) => boolean(f.column).notNull().default(false),
  guid: (f: Field) => uuid(f.column),
  guidNotNull: (f: Field) => uuid(f.column).notNull(),
  dateTime: (f: Field) => timestamp(f.column, { withTimezone: true, mode: 'date' }),
  dateTimeNotNull: (f: Field) => timestamp(f.column, { withTimezone: true, mode: 'date' }).notNull().default(sql`now()`),
  decimal: (f: Field) => numeric(f.column, { mode: 'number' }),
  decimalNotNull: (f: Field) => numeric(f.column, { mode: 'number' }).notNull().default(0),
  int64: (f: Field) => bigint(f.column, { mode: 'number' }),
  int64Reference: (f: Field) => bigint(f.column, { mode: 'number' }).notNull(),
  int64NotNull: (f: Field) => bigint(f.column, { mode: 'number' }).notNull().default(0),
  int32: (f: Field) => integer(f.column),
  int32Reference: (f: Field) => integer(f.column).notNull(),
  int32NotNull: (f: Field) => integer(f.column).notNull().default(0),
  small: (f: Field) => smallint(f.column),
  smallReference: (f: Field) => smallint(f.column).notNull(),
  smallNotNull: (f: Field) => smallint(f.column).notNull().default(0),
};
type Builders = typeof builders;
type Kind = keyof Builders;

/** The builder kind of a field, from its name (references) and its notation: the same choice at run time and in types. */
type KindOf<Name extends string, N extends Notation> =
  N extends `String${string}?` ? 'string' : N extends `String${string}` ? 'stringNotNull'
  : N extends 'Boolean?' ? 'boolean' : N extends 'Boolean' ? 'booleanNotNull'
  : N extends 'Guid?' ? 'guid' : N extends 'Guid' ? 'guidNotNull'
  : N extends 'DateTime?' ? 'dateTime' : N extends 'DateTime' ? 'dateTimeNotNull'
  : N extends 'Decimal?' ? 'decimal' : N extends 'Decimal' ? 'decimalNotNull'
  : N extends 'Int64?' ? 'int64' : N extends 'Int64' ? (Name extends `${string}Id` | `${string}Ident` ? 'int64Reference' : 'int64NotNull')
  : N extends 'Int32?' ? 'int32' : N extends 'Int32' ? (Name extends `${string}Id` | `${string}Ident` ? 'int32Reference' : 'int32NotNull')
  : N extends `${'Int8' | 'Int16'}?` ? 'small' : (Name extends `${string}Id` | `${string}Ident` ? 'smallReference' : 'smallNotNull');

function kindOf(f: Field): Kind {
  const nullable = f.nullable;
  switch (f.type) {
    case 'String': return nullable ? 'string' : 'stringNotNull';
    case 'Boolean': return nullable ? 'boolean' : 'booleanNotNull';
    case 'Guid': return nullable ? 'guid' : 'guidNotNull';
    case 'DateTime': return nullable ? 'dateTime' : 'dateTimeNotNull';
    case 'Decimal': return nullable ? 'decimal' : 'decimalNotNull';
    case 'Int64': return nullable ? 'int64' : isReference(f) ? 'int64Reference' : 'int64NotNull';
    case 'Int32': return nullable ? 'int32' : isReference(f) ? 'int32Reference' : 'int32NotNull';
    default: return nullable ? 'small' : isReference(f) ? 'smallReference' : 'smallNotNull';
  }
}

/** A catalog's columns, keyed by JSON name, each typed from its field's notation. */
export type CatalogColumns<F extends readonly Field[]> = {
  [K in F[number] as Uncapitalize<K['name']>]: ReturnType<Builders[KindOf<K['name'], K['notation']>]>;
};

export function catalogColumns<F extends readonly Field[]>(catalog: Catalog<F>): CatalogColumns<F> {
  const columns = Object.fromEntries(catalog.fields.map((f) => [f.json, builders[kindOf(f)](f)]));
  // The one cast of the derivation: Object.fromEntries loses the keys, and `KindOf` (types) mirrors
  // `kindOf` (run time) line by line; catalogs.test.ts checks every column's nullability and default.
  return columns as CatalogColumns<F>;
}
