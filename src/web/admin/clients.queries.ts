// The tenant's OAuth clients as the admin pages list them (never a secret or its hash).
import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { oauthClients, productInstances } from '../../platform/db/schema.ts';

export interface ClientRow { clientId: string; name: string; productInstanceId: string; isPublic: boolean; grants: string[]; scopes: string[]; redirectUris: string[]; serviceRepId: number | null; revokedAt: Date | null; createdAt: Date }

export async function tenantClients(db: Db, tenantId: number): Promise<ClientRow[]> {
  const rows = await db.select({
    clientId: oauthClients.clientId, name: oauthClients.name, productInstanceId: oauthClients.productInstanceId, secretHash: oauthClients.secretHash,
    grants: oauthClients.grants, scopes: oauthClients.scopes, redirectUris: oauthClients.redirectUris, serviceRepId: oauthClients.serviceRepId,
    revokedAt: oauthClients.revokedAt, createdAt: oauthClients.createdAt,
  }).from(oauthClients).where(eq(oauthClients.tenantId, tenantId)).orderBy(desc(oauthClients.createdAt), asc(oauthClients.clientId));
  return rows.map(({ secretHash, ...row }) => ({ ...row, isPublic: secretHash === null }));
}

export async function productInstanceIds(db: Db, tenantId: number): Promise<string[]> {
  const rows = await db.select({ id: productInstances.id }).from(productInstances).where(eq(productInstances.tenantId, tenantId)).orderBy(asc(productInstances.id));
  return rows.map((r) => r.id);
}
