// Test data of the back office's lists (decision 0028): real values a tenant's lists hold, for the
// catalog tests' valid values and the record fixtures. Not a test file itself (no `.test.ts` suffix).
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { CODE_LISTS } from './back-office.lists.ts';
import { purchaseOrders, taxJurisdictions, type JurisdictionKind } from './reference.table.ts';

/** The first active entry (by name) of every code list, keyed by the field that takes it (`burdenTypeId`, `divisionIdent`, ...). */
export async function codeListValues(db: Db, tenantId: number): Promise<Record<string, unknown>> {
  const values: Record<string, unknown> = {};
  for (const { table, field } of CODE_LISTS) {
    const [entry] = await db.select({ id: table.id }).from(table).where(and(eq(table.tenantId, tenantId), eq(table.isActive, true))).orderBy(asc(table.name)).limit(1);
    if (!entry) throw new Error(`tenant ${tenantId}: no active entry takes ${field}`);
    values[field] = entry.id;
  }
  return values;
}

/** The first jurisdiction of the kind. */
export async function jurisdictionOf(db: Db, tenantId: number, kind: JurisdictionKind): Promise<number> {
  const [entry] = await db.select({ id: taxJurisdictions.id }).from(taxJurisdictions)
    .where(and(eq(taxJurisdictions.tenantId, tenantId), eq(taxJurisdictions.kind, kind))).orderBy(asc(taxJurisdictions.id)).limit(1);
  if (!entry) throw new Error(`tenant ${tenantId}: no ${kind} jurisdiction`);
  return entry.id;
}

/** A purchase order of the customer. */
export async function seedPurchaseOrder(db: Db, tenantId: number, customerId: number, name: string, isActive = true): Promise<number> {
  const [row] = await db.insert(purchaseOrders).values({ tenantId, customerId, name, isActive }).returning({ id: purchaseOrders.id });
  return row!.id;
}
