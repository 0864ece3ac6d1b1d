// The tenant a command names (`--tenant <name>`): one lookup and one refusal for every command, and
// the scope through which a command writes the tenant's data.
import { sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import { databaseDescription } from '../platform/db/connect.ts';
import type { Db } from '../platform/db/database.ts';
import type { Principal } from '../platform/auth/principal.ts';
import { DataScope } from '../platform/scope.ts';
import { tenantNamed } from '../web/public-scope.ts';

/** Refused input (exit code: refusals.ts). */
export class NoTenantError extends Error {}

/** The tenant's id; the refusal says which database was searched (a command run against another DATA_DIR finds none). */
export async function tenantIdNamed(db: Db, name: string, config: Config): Promise<number> {
  const tenant = await tenantNamed(db, name);
  if (!tenant) throw new NoTenantError(`No tenant named "${name}" in ${databaseDescription(config)}.`);
  return tenant.id;
}

/**
 * The operator's scope over a tenant: at its root node with every node in view and every scope, as
 * whoever runs `staffing` on the service's machine may act. It is no rep (serviceRepId 0): a command
 * works before the tenant has any (`staffing rep create` makes the first).
 */
export async function operatorScope(db: Db, tenantId: number): Promise<DataScope> {
  const { rows } = await db.execute<{ id: number; path: string; tenant_name: string }>(sql`select n.id, n.path::text as path, t.name as tenant_name
    from hierarchy_nodes n join tenants t on t.id = n.tenant_id where n.tenant_id = ${tenantId} order by nlevel(n.path), n.id`);
  const root = rows[0];
  if (!root) throw new NoTenantError(`Tenant ${tenantId} has no hierarchy.`);
  const principal: Principal = {
    credentialKey: `${tenantId}:operator`, credentialId: 0, sid: '', tenantId, tenantName: root.tenant_name,
    role: 'Service', serviceRepId: 0, securityGroupId: 0, hierId: root.id, hierPath: root.path,
    visibleHierIds: rows.map((r) => r.id), ancestorHierIds: [],
    canCreateEmployees: true, canInsertMasterData: true, scopes: new Set(['*']), expiresAt: null,
  };
  return new DataScope(db, principal);
}
