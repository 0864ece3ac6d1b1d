// Who is calling: resolved once per request from the credential, carried to the data scope.

export const ROLES = ['ServiceRep', 'WebUserEmployee', 'WebUserContact', 'Service'] as const;
export type Role = (typeof ROLES)[number];

export interface Principal {
  /** Identifies the credential, for per-credential limits. Never the secret. */
  credentialKey: string;
  credentialId: number;
  sid: string;
  tenantId: number;
  tenantName: string;
  role: Role;
  serviceRepId: number;
  securityGroupId: number;
  /** The rep's hierarchy node, its materialized path, and every node at or below it. */
  hierId: number;
  hierPath: string;
  visibleHierIds: number[];
  /** Nodes above the rep's: their master data (job titles, say) may be used, not seen. */
  ancestorHierIds: number[];
  canCreateEmployees: boolean;
  canInsertMasterData: boolean;
  /** Scope names granted; `*` grants every scope (account keys). */
  scopes: ReadonlySet<string>;
  /** Epoch milliseconds after which the credential no longer authenticates. */
  expiresAt: number | null;
  /** The OAuth client of a bearer token. */
  clientId?: string;
  /**
   * A web user's own record. Web users have no hierarchy (no visible nodes): they reach only what a
   * route grants their role, filtered by this record (docs/decisions/0016-login-server.md, AMB-24).
   */
  webUser?: { id: number; employeeId: number | null; contactId: number | null; customerId: number | null };
}

export function hasScope(principal: Principal, scope: string): boolean {
  return principal.scopes.has('*') || principal.scopes.has(scope);
}

/**
 * The rep's node as members of a `json_build_object` (one JSON value a row: pg parses it natively,
 * where separate array and text columns each took a parser in Node): `path`, `canCreateEmployees`,
 * `canInsertMasterData`, `visible` (nodes at or below the node aliased `n`) and `ancestors` (the
 * nodes above it), for a query whose tenant id is `tenantColumn`.
 */
export function hierarchyMembers(tenantColumn: 'c.tenant_id' | 'r.tenant_id'): string {
  return `'path', n.path::text, 'canCreateEmployees', n.can_create_employees, 'canInsertMasterData', n.can_insert_master_data,
    'visible', array(select d.id from hierarchy_nodes d where d.tenant_id = ${tenantColumn} and d.path <@ n.path order by d.id),
    'ancestors', array(select a.id from hierarchy_nodes a where a.tenant_id = ${tenantColumn} and a.path @> n.path and a.id <> n.id order by a.id)`;
}

/** What hierarchyMembers gives. */
export interface HierarchyMembers { path: string; canCreateEmployees: boolean; canInsertMasterData: boolean; visible: number[]; ancestors: number[] }

/**
 * The credential a request came with, as lasting things are bound to it (a webhook subscription):
 * the API token itself, or a bearer token's OAuth client (access tokens live an hour; the client is
 * what an integration registers and what is revoked when it leaks). Undefined for the principals of
 * background work and pages, which present none.
 */
export function lastingCredential(principal: Principal): { credentialId: number; clientId: null } | { credentialId: null; clientId: string } | undefined {
  if (principal.credentialId > 0) return { credentialId: principal.credentialId, clientId: null };
  if (principal.clientId) return { credentialId: null, clientId: principal.clientId };
  return undefined;
}
