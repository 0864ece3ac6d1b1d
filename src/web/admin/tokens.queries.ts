// Personal access tokens as the admin pages list and revoke them: only tokens acting as reps inside
// the signed-in rep's hierarchy (the same rule as issuing them), read through the rep's scope.
import { and, desc, eq, getTableName } from 'drizzle-orm';
import { apiCredentials, serviceReps } from '../../platform/db/schema.ts';
import { issueCredentialIn, revokeCredentialIn, type IssuedCredential } from '../../platform/auth/tokens.ts';
import type { DataScope } from '../../platform/scope.ts';
import { emitEvent } from '../../platform/events/outbox.ts';
import { TOKEN_CREATED, TOKEN_REVOKED } from '../../platform/auth/tokens.events.ts';

export interface TokenRow { id: number; sid: string; name: string; repId: number; repName: string; scopes: string[]; expiresAt: Date | null; revokedAt: Date | null; createdAt: Date }

const MAX_LISTED = 500;

function visibleTokens(scope: DataScope, sid?: string) {
  return scope.selectJoined(apiCredentials, {
    id: apiCredentials.id, sid: apiCredentials.sid, name: apiCredentials.name, repId: apiCredentials.serviceRepId, firstName: serviceReps.firstName, lastName: serviceReps.lastName,
    scopes: apiCredentials.scopes, expiresAt: apiCredentials.expiresAt, revokedAt: apiCredentials.revokedAt, createdAt: apiCredentials.createdAt,
  }, (from) => from.innerJoin(serviceReps, and(eq(serviceReps.tenantId, apiCredentials.tenantId), eq(serviceReps.id, apiCredentials.serviceRepId))))
    // The token's node is its rep's.
    .where(and(eq(apiCredentials.kind, 'personal'), scope.visible(serviceReps.hierId), sid === undefined ? undefined : eq(apiCredentials.sid, sid)))
    .orderBy(desc(apiCredentials.createdAt), desc(apiCredentials.id)).limit(MAX_LISTED);
}

export async function tokensVisible(scope: DataScope): Promise<TokenRow[]> {
  const rows = await visibleTokens(scope);
  return rows.map(({ firstName, lastName, ...row }) => ({ ...row, repName: `${firstName} ${lastName}` }));
}

/** The token of `sid` when it acts as a rep the signed-in rep sees. */
export async function tokenVisible(scope: DataScope, sid: string): Promise<TokenRow | undefined> {
  const [row] = await visibleTokens(scope, sid);
  return row && { ...row, repName: `${row.firstName} ${row.lastName}` };
}

/**
 * Revokes a personal access token of a rep the signed-in rep sees; false when there is none to revoke.
 * The revocation is the platform's (`staffing token revoke`'s: one statement, announced to every process).
 */
export async function revokeVisibleToken(scope: DataScope, sid: string): Promise<boolean> {
  return scope.transaction(async (tx) => {
    const token = await tokenVisible(tx, sid);
    if (!token || !(await revokeCredentialIn(tx, sid))) return false;
    await emitEvent(tx, TOKEN_REVOKED, getTableName(apiCredentials), token.id);
    return true;
  });
}

/** Issues a personal access token (the platform's `issueCredential`, as `staffing token` does) and its event, in one transaction. */
export async function issueToken(scope: DataScope, request: Parameters<typeof issueCredentialIn>[1]): Promise<IssuedCredential> {
  return scope.transaction(async (tx) => {
    const issued = await issueCredentialIn(tx, request);
    await emitEvent(tx, TOKEN_CREATED, getTableName(apiCredentials), issued.id);
    return issued;
  });
}
