// The principal of a service rep without a credential: background work acts as the rep who created
// it, with that rep's hierarchy as it is now (a rep moved or deactivated since is taken into account).
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { hierarchyColumns, type Principal } from './principal.ts';

interface Row { tenant_name: string; hier_id: number; security_group_id: number; is_active: boolean; path: string; can_create_employees: boolean; can_insert_master_data: boolean; visible: number[]; ancestors: number[] }

export async function principalOfRep(db: Db, tenantId: number, serviceRepId: number): Promise<Principal | undefined> {
  const { rows } = await db.execute<Row & Record<string, unknown>>(sql`
    select t.name as tenant_name, r.hier_id, r.security_group_id, r.is_active, n.path::text as path, n.can_create_employees, n.can_insert_master_data,
           ${hierarchyColumns('r.tenant_id')}
      from service_reps r
      join tenants t on t.id = r.tenant_id
      join hierarchy_nodes n on n.tenant_id = r.tenant_id and n.id = r.hier_id
     where r.tenant_id = ${tenantId} and r.id = ${serviceRepId}`);
  const row = rows[0];
  if (!row?.is_active) return undefined;
  return {
    credentialKey: `${tenantId}:rep:${serviceRepId}`, credentialId: 0, sid: '', tenantId, tenantName: row.tenant_name,
    role: 'ServiceRep', serviceRepId, securityGroupId: row.security_group_id, hierId: row.hier_id, hierPath: row.path,
    visibleHierIds: row.visible, ancestorHierIds: row.ancestors,
    canCreateEmployees: row.can_create_employees, canInsertMasterData: row.can_insert_master_data,
    scopes: new Set(['*']), expiresAt: null,
  };
}
