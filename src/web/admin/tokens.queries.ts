// Personal access tokens as the admin pages list and revoke them: only tokens acting as reps inside
// the signed-in rep's hierarchy (the same rule as issuing them).
import { and, desc, eq, inArray } from 'drizzle-orm';
import { transaction, type Db } from '../../platform/db/database.ts';
import { apiCredentials, serviceReps } from '../../platform/db/schema.ts';
import { revokeCredential } from '../../platform/auth/tokens.ts';

export interface TokenRow { sid: string; name: string; repId: number; repName: string; scopes: string[]; expiresAt: Date | null; revokedAt: Date | null; createdAt: Date }

const MAX_LISTED = 500;

export async function tokensVisible(db: Db, tenantId: number, hierIds: readonly number[]): Promise<TokenRow[]> {
  if (!hierIds.length) return [];
  const rows = await db.select({
    sid: apiCredentials.sid, name: apiCredentials.name, repId: apiCredentials.serviceRepId, firstName: serviceReps.firstName, lastName: serviceReps.lastName,
    scopes: apiCredentials.scopes, expiresAt: apiCredentials.expiresAt, revokedAt: apiCredentials.revokedAt, createdAt: apiCredentials.createdAt,
  }).from(apiCredentials)
    .innerJoin(serviceReps, and(eq(serviceReps.tenantId, apiCredentials.tenantId), eq(serviceReps.id, apiCredentials.serviceRepId)))
    .where(and(eq(apiCredentials.tenantId, tenantId), eq(apiCredentials.kind, 'personal'), inArray(serviceReps.hierId, [...hierIds])))
    .orderBy(desc(apiCredentials.createdAt), desc(apiCredentials.id)).limit(MAX_LISTED);
  return rows.map(({ firstName, lastName, ...row }) => ({ ...row, repName: `${firstName} ${lastName}` }));
}

/** The token of `sid` when it acts as a rep inside `hierIds`. */
export async function tokenVisible(db: Db, tenantId: number, hierIds: readonly number[], sid: string): Promise<TokenRow | undefined> {
  const rows = await tokensVisible(db, tenantId, hierIds);
  return rows.find((r) => r.sid === sid);
}

/** Revokes a personal access token of a rep inside `hierIds`, in one transaction; false when there is none to revoke. */
export async function revokeVisibleToken(db: Db, tenantId: number, hierIds: readonly number[], sid: string): Promise<boolean> {
  return transaction(db, async ({ db: tx }) => {
    const [row] = await tx.select({ id: apiCredentials.id }).from(apiCredentials)
      .innerJoin(serviceReps, and(eq(serviceReps.tenantId, apiCredentials.tenantId), eq(serviceReps.id, apiCredentials.serviceRepId)))
      .where(and(eq(apiCredentials.tenantId, tenantId), eq(apiCredentials.sid, sid), eq(apiCredentials.kind, 'personal'), inArray(serviceReps.hierId, [...hierIds])));
    return row ? revokeCredential(tx, sid, tenantId) : false;
  });
}
