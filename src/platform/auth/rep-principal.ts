// The principal of a service rep without a credential: background work acts as the rep who created
// it, with that rep's hierarchy as it is now (a rep moved or deactivated since is taken into account).
// Bearer tokens of reps (code flow) and of services (acting as their client's rep) resolve the same way.
import type { Db } from '../db/database.ts';
import { hierarchyColumns, type Principal } from './principal.ts';
import type { SubjectResolver } from './bearer.ts';

interface Row { tenant_name: string; hier_id: number; security_group_id: number; is_active: boolean; path: string; can_create_employees: boolean; can_insert_master_data: boolean; visible: number[]; ancestors: number[] }

/** The rep with its hierarchy, as a named statement (planned once per connection: every uncached bearer request asks it). */
const REP = {
  name: 'rep_principal',
  text: `select t.name as tenant_name, r.hier_id, r.security_group_id, r.is_active, n.path::text as path, n.can_create_employees, n.can_insert_master_data,
                ${hierarchyColumns('r.tenant_id')}
           from service_reps r
           join tenants t on t.id = r.tenant_id
           join hierarchy_nodes n on n.tenant_id = r.tenant_id and n.id = r.hier_id
          where r.tenant_id = $1 and r.id = $2`,
};

export async function principalOfRep(db: Db, tenantId: number, serviceRepId: number): Promise<Principal | undefined> {
  const { rows } = await db.$client.query<Row>({ ...REP, values: [tenantId, serviceRepId] });
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

/** `rep:<id>` is the subject of a rep's token (authorization code flow). */
export const repSubject = (serviceRepId: number) => `rep:${serviceRepId}`;

/**
 * ServiceRep tokens act as their rep; Service tokens as the rep their client is bound to (AMB-24 (a)).
 * Either way with the token's scopes, not the rep's every scope.
 */
export function repTokenResolver(db: Db): SubjectResolver {
  return async (claims, client) => {
    const repId = claims.role === 'Service' ? client.serviceRepId : Number(/^rep:(\d+)$/.exec(claims.sub)?.[1]);
    if (!repId) return 'The bearer token names no service rep.';
    const rep = await principalOfRep(db, claims.tenantId, repId);
    if (!rep) return 'The service rep of this bearer token is inactive.';
    return {
      ...rep, role: claims.role, credentialKey: `${claims.tenantId}:client:${claims.clientId}:${claims.sub}`,
      clientId: claims.clientId, scopes: new Set(claims.scopes), expiresAt: claims.expiresAt,
    };
  };
}
