// The tenant's OAuth clients as the admin pages list them (never a secret or its hash), through the
// signed-in rep's scope (clients belong to the tenant, not to a hierarchy node).
import { asc, desc } from 'drizzle-orm';
import { oauthClients, productInstances } from '../../platform/db/schema.ts';
import type { DataScope } from '../../platform/scope.ts';

export interface ClientRow { clientId: string; name: string; productInstanceId: string; isPublic: boolean; grants: string[]; scopes: string[]; redirectUris: string[]; serviceRepId: number | null; revokedAt: Date | null; createdAt: Date }

export async function tenantClients(scope: DataScope): Promise<ClientRow[]> {
  const rows = await scope.select(oauthClients, {
    clientId: oauthClients.clientId, name: oauthClients.name, productInstanceId: oauthClients.productInstanceId, secretHash: oauthClients.secretHash,
    grants: oauthClients.grants, scopes: oauthClients.scopes, redirectUris: oauthClients.redirectUris, serviceRepId: oauthClients.serviceRepId,
    revokedAt: oauthClients.revokedAt, createdAt: oauthClients.createdAt,
  }).where().orderBy(desc(oauthClients.createdAt), asc(oauthClients.clientId));
  return rows.map(({ secretHash, ...row }) => ({ ...row, isPublic: secretHash === null }));
}

export async function productInstanceIds(scope: DataScope): Promise<string[]> {
  const rows = await scope.select(productInstances, { id: productInstances.id }).where().orderBy(asc(productInstances.id));
  return rows.map((r) => r.id);
}
