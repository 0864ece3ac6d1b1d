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
}

export function hasScope(principal: Principal, scope: string): boolean {
  return principal.scopes.has('*') || principal.scopes.has(scope);
}
