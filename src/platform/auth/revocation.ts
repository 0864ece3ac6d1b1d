// What revoking a personal access token or an OAuth client shares: the row named (within a tenant when
// one is given) while it is not revoked yet, and the notice every running process hears at once.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/database.ts';

/** The row whose `column` is `key`, inside the tenant when one is given, not revoked yet. */
export const unrevoked = (table: { tenantId: AnyPgColumn; revokedAt: AnyPgColumn }, column: AnyPgColumn, key: string, tenantId?: number) =>
  and(eq(column, key), tenantId === undefined ? undefined : eq(table.tenantId, tenantId), isNull(table.revokedAt));

/** Tells every running process that `key` is revoked (its caches drop it); true when a row was. */
export async function announceRevoked(db: Db, channel: string, key: string, revoked: readonly unknown[]): Promise<boolean> {
  await db.execute(sql`select pg_notify(${channel}, ${key})`);
  return revoked.length > 0;
}
