// The tenant's OAuth clients as the admin pages list them (never a secret or its hash), through the
// signed-in rep's scope (clients belong to the tenant, not to a hierarchy node).
import { asc, desc, getTableName } from 'drizzle-orm';
import { hierarchyNodes, oauthClients, productInstances } from '../../platform/db/schema.ts';
import { addProductInstanceIn, registerClientIn, revokeClientIn, type ClientRequest, type RegisteredClient } from '../../platform/auth/clients.ts';
import { emitEvent } from '../../platform/events/outbox.ts';
import { CLIENT_CREATED, CLIENT_REVOKED } from '../../platform/auth/clients.events.ts';
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

/**
 * Registers a client for product instance `pid` (added when new) with its event, in one transaction.
 * The caller is a rep at the tenant's top node (the clients pages are for them only): the event's node.
 */
export async function registerTenantClient(scope: DataScope, pid: string, request: Omit<ClientRequest, 'tenantId' | 'productInstanceId'>): Promise<RegisteredClient> {
  return scope.transaction(async (tx) => {
    await addProductInstanceIn(tx, pid, pid);
    const registered = await registerClientIn(tx, { ...request, productInstanceId: pid });
    await emitEvent(tx, CLIENT_CREATED, getTableName(hierarchyNodes), tx.principal.hierId);
    return registered;
  });
}

/** Revokes the tenant's client `clientId` with its event, in one transaction; false when there is none to revoke. */
export async function revokeTenantClient(scope: DataScope, clientId: string): Promise<boolean> {
  return scope.transaction(async (tx) => {
    if (!(await revokeClientIn(tx, clientId))) return false;
    await emitEvent(tx, CLIENT_REVOKED, getTableName(hierarchyNodes), tx.principal.hierId);
    return true;
  });
}
