// A record table in one call: tenant and id (the key, tenant first), the hierarchy node the record
// belongs to, the catalog's columns, extra columns, timestamps, and references given by name.
// References are composite (tenant_id, x) foreign keys, so a record can never point into another tenant.
import { bigint, foreignKey, index, integer, pgTable, primaryKey, timestamp, type AnyPgColumn, type PgColumnBuilderBase, type PgTableWithColumns } from 'drizzle-orm/pg-core';
import type { Catalog } from '../http/json-patch/catalog.ts';
import { catalogColumns } from './catalog-columns.ts';
import { hierarchyNodes } from './schema.ts';

type Target = { tenantId: AnyPgColumn; id: AnyPgColumn };

export interface RecordTableOptions {
  /** Int64 ids (employees, customers, contacts, assignments); Int32 otherwise. */
  bigintId?: boolean;
  /** The catalog has its own `HierId` field (job titles, vendors): no extra hierarchy column. */
  hierInCatalog?: boolean;
  extra?: Record<string, PgColumnBuilderBase>;
  /** Column (by JSON name) → the table it references. */
  references?: Record<string, Target>;
  /** Extra indexes, by column JSON names. */
  indexes?: string[][];
}

// The columns are known at run time (from the catalog): queries address them by JSON name.
export type RecordTable = PgTableWithColumns<never> & Record<string, AnyPgColumn> & { tenantId: AnyPgColumn; id: AnyPgColumn; hierId: AnyPgColumn };

export function recordTable(name: string, catalog: Catalog, options: RecordTableOptions = {}): RecordTable {
  const table = pgTable(name, {
    tenantId: integer('tenant_id').notNull(),
    id: options.bigintId ? bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity() : integer('id').generatedAlwaysAsIdentity(),
    ...(options.hierInCatalog ? {} : { hierId: integer('hier_id').notNull() }),
    ...catalogColumns(catalog),
    ...(options.extra ?? {}),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  }, (t) => {
    const c = t as unknown as Record<string, AnyPgColumn>;
    return [
      primaryKey({ columns: [c.tenantId!, c.id!] }),
      foreignKey({ columns: [c.tenantId!, c.hierId!], foreignColumns: [hierarchyNodes.tenantId, hierarchyNodes.id] }),
      index(`${name}_hier`).on(c.tenantId!, c.hierId!),
      ...Object.entries(options.references ?? {}).map(([column, target]) => {
        if (!c[column]) throw new Error(`${name}: no column ${column} to reference from`);
        return foreignKey({ name: `${name}_${column}_fk`, columns: [c.tenantId!, c[column]!], foreignColumns: [target.tenantId, target.id] });
      }),
      ...(options.indexes ?? []).map((cols) => index(`${name}_${cols.join('_')}`).on(c.tenantId!, ...cols.map((k) => c[k]!))),
    ];
  });
  return table as unknown as RecordTable;
}
