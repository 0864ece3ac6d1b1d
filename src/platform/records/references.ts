// Whether a referenced row exists in the caller's tenant: the check behind every "400 naming the
// field" for ids a request names (statuses, worksites, customers, ...).
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DataScope } from '../scope.ts';

export type Keyed = PgTable & { tenantId: AnyPgColumn; id: AnyPgColumn };

/** `extra` narrows further (inside the caller's hierarchy, a given origin type, ...). */
export async function existsInTenant(scope: DataScope, table: Keyed, id: unknown, extra?: SQL): Promise<boolean> {
  const rows = await scope.db.select({ one: sql`1` }).from(table)
    .where(and(eq(table.tenantId, scope.tenantId), sql`${table.id} = ${id}`, extra)).limit(1);
  return rows.length > 0;
}
