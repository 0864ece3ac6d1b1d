// What a public page may read: a tenant named in its address, and a read-only scope over the whole
// tenant (its job board shows every web-public branch, as a root-level integration would see it).
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/database.ts';
import { tenants } from '../platform/db/schema.ts';
import { DataScope } from '../platform/scope.ts';
import type { Principal } from '../platform/auth/principal.ts';

export interface PublicTenant { id: number; name: string; displayName: string }

/** The tenant whose public name is `name` (exactly; names are lower-case by convention). */
export async function tenantNamed(db: Db, name: string): Promise<PublicTenant | undefined> {
  if (name.length > 100) return undefined;
  const [row] = await db.select({ id: tenants.id, name: tenants.name, displayName: tenants.displayName }).from(tenants).where(eq(tenants.name, name));
  return row;
}

/**
 * A scope over every hierarchy node of the tenant, holding only the job board's read scope: the
 * anonymous visitor of the public job board. It writes nothing (no route hands it to a write).
 */
export async function publicScope(db: Db, tenant: PublicTenant): Promise<DataScope> {
  const { rows } = await db.execute<{ id: number; path: string }>(sql`select id, path::text as path from hierarchy_nodes where tenant_id = ${tenant.id} order by nlevel(path), id`);
  const root = rows[0];
  if (!root) throw new Error(`Tenant ${tenant.name} has no hierarchy.`);
  const principal: Principal = {
    credentialKey: `${tenant.id}:public`, credentialId: 0, sid: '', tenantId: tenant.id, tenantName: tenant.name,
    role: 'Service', serviceRepId: 0, securityGroupId: 0, hierId: root.id, hierPath: root.path,
    visibleHierIds: rows.map((r) => r.id), ancestorHierIds: [],
    canCreateEmployees: false, canInsertMasterData: false, scopes: new Set(['jobboard-read']), expiresAt: null,
  };
  return new DataScope(db, principal);
}
