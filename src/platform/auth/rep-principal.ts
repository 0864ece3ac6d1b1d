// The principal of a service rep without a credential: background work acts as the rep who created
// it, with that rep's hierarchy as it is now (a rep moved or deactivated since is taken into account).
// Bearer tokens of reps (code flow) and of services (acting as their client's rep) resolve the same way.
import pg from 'pg';
import { coalescer, prepared, shortStatements, type Db } from '../db/database.ts';
import { hierarchyMembers, type HierarchyMembers, type Principal } from './principal.ts';
import type { SubjectResolver } from './bearer.ts';

interface Rep extends HierarchyMembers { id: number; tenantName: string; hierId: number; securityGroupId: number; isActive: boolean }

/**
 * The tenant's reps with their hierarchy, as a named statement (planned once per connection: every
 * uncached bearer request asks it); ids as an array: the lookups of one turn go together (decision 0013).
 */
const REPS = {
  name: 'rep_principals',
  text: `select json_build_object('id', r.id, 'tenantName', t.name, 'hierId', r.hier_id, 'securityGroupId', r.security_group_id, 'isActive', r.is_active,
                ${hierarchyMembers('r.tenant_id')}) as rep
           from service_reps r
           join tenants t on t.id = r.tenant_id
           join hierarchy_nodes n on n.tenant_id = r.tenant_id and n.id = r.hier_id
          where r.tenant_id = $1 and r.id = any($2::int[])`,
};

const together = prepared(() => coalescer<number, Rep>());

export async function principalOfRep(db: Db, tenantId: number, serviceRepId: number): Promise<Principal | undefined> {
  const load = async (ids: number[]) => {
    const { rows } = await shortStatements(db).query<{ rep: Rep }>({ ...REPS, values: [tenantId, ids] });
    return new Map(rows.map(({ rep }) => [rep.id, rep]));
  };
  // Inside a transaction, on its connection and at once (it may see its own uncommitted writes).
  const rep = db.$client instanceof pg.Pool ? await together(db)(String(tenantId), serviceRepId, load) : (await load([serviceRepId])).get(serviceRepId);
  if (!rep?.isActive) return undefined;
  return {
    credentialKey: `${tenantId}:rep:${serviceRepId}`, credentialId: 0, sid: '', tenantId, tenantName: rep.tenantName,
    role: 'ServiceRep', serviceRepId, securityGroupId: rep.securityGroupId, hierId: rep.hierId, hierPath: rep.path,
    visibleHierIds: rep.visible, ancestorHierIds: rep.ancestors,
    canCreateEmployees: rep.canCreateEmployees, canInsertMasterData: rep.canInsertMasterData,
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
