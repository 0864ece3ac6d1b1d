// Test fixtures: a vendor with a small catalog in a tenant, added the way the operator commands do.
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { addVendor, importCatalog, type VendorKind } from './assessment-catalog.repository.ts';
import type { CatalogEntry } from './assessment-catalog.csv.ts';
import { assessments } from './assessment.table.ts';

export const SMALL_CATALOG: readonly CatalogEntry[] = [
  { code: 'TYPE', name: 'Typing', description: 'Words per minute.', durationMinutes: 5 },
  { code: 'XL', name: 'excel basics', description: null, durationMinutes: 30 },
  { code: 'FORK', name: 'Forklift Safety', description: 'OSHA rules.', durationMinutes: 20 },
];

export interface VendorFixture { vendorId: number; assessmentIds: Record<string, number>; id(code: string): number }

/** A vendor of `tenantId` and its catalog; `assessmentIds` and `id()` by code. */
export async function seedVendor(db: Db, tenantId: number, name: string, catalog: readonly CatalogEntry[] = SMALL_CATALOG, kind: VendorKind = 'assessoncloud'): Promise<VendorFixture> {
  const vendorId = await addVendor(db, tenantId, { name, kind, apiUrl: kind === 'assessoncloud' ? 'https://api.vendor.test' : null, apiKey: 'vendor-secret-key' });
  await importCatalog(db, tenantId, vendorId, catalog);
  const rows = await db.select({ id: assessments.id, code: assessments.code }).from(assessments)
    .where(and(eq(assessments.tenantId, tenantId), eq(assessments.vendorId, vendorId), inArray(assessments.code, catalog.map((c) => c.code))));
  const assessmentIds: Record<string, number> = Object.fromEntries(rows.map((r) => [r.code, r.id]));
  const id = (code: string) => {
    const found = assessmentIds[code];
    if (found === undefined) throw new Error(`No assessment ${code} in the fixture's catalog`);
    return found;
  };
  return { vendorId, assessmentIds, id };
}
