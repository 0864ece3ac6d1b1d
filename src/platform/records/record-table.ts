// A record table in one call: tenant and id (the key, tenant first), the hierarchy node the record
// belongs to, the catalog's columns, extra columns, timestamps, and references given by name.
// References are composite (tenant_id, x) foreign keys, so a record can never point into another tenant.
// Every column is typed (the catalog's from their notation): queries and inserts need no casts.
import { foreignKey, index, pgTable, primaryKey, type AnyPgColumn, type PgColumnBuilderBase } from 'drizzle-orm/pg-core';
import type { Catalog, Field } from './json-patch/catalog.ts';
import { catalogColumns } from './catalog-columns.ts';
import { hierarchyNodes } from '../db/schema.ts';
import { hierId, tenantBigKey, tenantKey, timestamps } from '../db/columns.ts';
import { externalIdColumn, externalIdIndex } from './external-id.ts';

type Target = { tenantId: AnyPgColumn; id: AnyPgColumn };

function baseColumns(bigintId: boolean | undefined) {
  return {
    ...(bigintId ? tenantBigKey() : tenantKey()),
    // A catalog with its own `HierId` (job titles, vendors) replaces this column with its own, of the same name.
    hierId: hierId(),
  };
}

export interface RecordTableOptions<E> {
  /** Int64 ids (employees, customers, contacts, assignments); Int32 otherwise. */
  bigintId?: boolean;
  extra?: E;
  /** Column (by JSON name) → the table it references (a name without a column stops the start). */
  references?: Record<string, Target>;
  /** Extra indexes, by column JSON names. */
  indexes?: string[][];
}

export function recordTable<const Name extends string, F extends readonly Field[], E extends Record<string, PgColumnBuilderBase> = Record<never, never>>(
  name: Name, catalog: Catalog<F>, options: RecordTableOptions<E> = {},
) {
  // Without extra columns E is empty: an absent `extra` spreads nothing, which TypeScript cannot see through.
  const extra = (options.extra ?? {}) as E;
  const columns = { ...baseColumns(options.bigintId), ...catalogColumns(catalog), ...extra, ...externalIdColumn(name), ...timestamps() };
  return pgTable(name, columns, (t) => {
    const column = (key: string): AnyPgColumn => {
      const c: unknown = Object.entries(t).find(([k]) => k === key)?.[1];
      if (!isColumn(c)) throw new Error(`${name}: no column ${key}`);
      return c;
    };
    return [
      primaryKey({ columns: [t.tenantId, t.id] }),
      foreignKey({ columns: [t.tenantId, column('hierId')], foreignColumns: [hierarchyNodes.tenantId, hierarchyNodes.id] }),
      index(`${name}_hier`).on(t.tenantId, column('hierId')),
      externalIdIndex(name, t),
      ...Object.entries(options.references ?? {}).map(([key, target]) =>
        foreignKey({ name: `${name}_${key}_fk`, columns: [t.tenantId, column(key)], foreignColumns: [target.tenantId, target.id] })),
      ...(options.indexes ?? []).map((keys) => index(`${name}_${keys.join('_')}`).on(t.tenantId, ...keys.map(column))),
    ];
  });
}

function isColumn(value: unknown): value is AnyPgColumn {
  return typeof value === 'object' && value !== null && 'columnType' in value;
}
