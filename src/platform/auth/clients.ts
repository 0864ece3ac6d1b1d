// OAuth clients of the login server: registered per tenant and product instance with their grants,
// scopes and redirect URIs. The secret is shown once, to the caller of registerClient; only its
// SHA-256 is stored. Revocation reaches running verifiers at once (NOTIFY), like a token's.
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import type { DataScope } from '../scope.ts';
import { oauthClients, productInstances, serviceReps } from '../db/schema.ts';
import { hashSecret, newSecret } from './credentials.ts';
import { ALL_SCOPES, isScope } from './scopes.ts';
import { announceRevoked, unrevoked } from './revocation.ts';

export const CLIENT_REVOKED_CHANNEL = 'staffing_client_revoked';

/** The grants of the spec's table; `refresh_token` comes with `authorization_code`. */
export const GRANTS = ['tw_vendor_service_credentials', 'tw_vendor_webuser', 'authorization_code'] as const;
export type GrantName = (typeof GRANTS)[number];

export interface ClientRequest {
  tenantId: number;
  productInstanceId: string;
  name: string;
  grants: readonly string[];
  /** Scope names the client may be granted (default: every scope). */
  scopes?: readonly string[];
  redirectUris?: readonly string[];
  /** The service rep a `Service` token acts as (required with the service grant). */
  serviceRepId?: number;
  /** A public client (a browser page using PKCE): no secret, code flow only. */
  isPublic?: boolean;
}

export interface RegisteredClient { clientId: string; clientSecret: string | null; grants: string[]; scopes: string[]; redirectUris: string[] }

export class ClientRequestError extends Error {}

function isGrant(name: string): name is GrantName {
  return GRANTS.some((g) => g === name);
}

function checkRedirectUri(uri: string): void {
  let url: URL;
  try { url = new URL(uri); } catch { throw new ClientRequestError(`--redirect-uri: "${uri}" is not an absolute URL.`); }
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    throw new ClientRequestError(`--redirect-uri: "${uri}" must be https (http only on localhost).`);
  }
  if (url.hash) throw new ClientRequestError(`--redirect-uri: "${uri}" may not have a fragment.`);
}

export async function registerClient(db: Db, req: ClientRequest): Promise<RegisteredClient> {
  const unknownGrants = req.grants.filter((g) => !isGrant(g));
  if (unknownGrants.length || req.grants.length === 0) {
    throw new ClientRequestError(`Grants must be some of ${GRANTS.join(', ')}${unknownGrants.length ? `; unknown: ${unknownGrants.join(', ')}` : ''}.`);
  }
  const scopes = [...new Set(req.scopes ?? ALL_SCOPES)].sort();
  const unknownScopes = scopes.filter((s) => !isScope(s) || s === '*');
  if (unknownScopes.length) throw new ClientRequestError(`Unknown scopes: ${unknownScopes.join(', ')}. Known: ${ALL_SCOPES.join(', ')}`);
  const redirectUris = [...new Set(req.redirectUris ?? [])];
  redirectUris.forEach(checkRedirectUri);
  const grants: string[] = [...new Set(req.grants)];
  if (grants.includes('authorization_code')) {
    if (!redirectUris.length) throw new ClientRequestError('The authorization_code grant needs at least one --redirect-uri.');
    grants.push('refresh_token');
  }
  if (req.isPublic && grants.some((g) => g !== 'authorization_code' && g !== 'refresh_token')) {
    throw new ClientRequestError('A public client (no secret) may only use the authorization_code grant.');
  }
  const [instance] = await db.select({ id: productInstances.id }).from(productInstances)
    .where(and(eq(productInstances.tenantId, req.tenantId), eq(productInstances.id, req.productInstanceId)));
  if (!instance) throw new ClientRequestError(`No product instance "${req.productInstanceId}" in this tenant.`);
  if (grants.includes('tw_vendor_service_credentials') && req.serviceRepId === undefined) {
    throw new ClientRequestError('The tw_vendor_service_credentials grant needs --rep: the service rep its tokens act as.');
  }
  if (req.serviceRepId !== undefined) {
    const [rep] = await db.select({ id: serviceReps.id }).from(serviceReps)
      .where(and(eq(serviceReps.tenantId, req.tenantId), eq(serviceReps.id, req.serviceRepId), eq(serviceReps.isActive, true)));
    if (!rep) throw new ClientRequestError(`No active service rep ${req.serviceRepId} in this tenant.`);
  }
  const clientId = `cl_${randomBytes(12).toString('hex')}`;
  const clientSecret = req.isPublic ? null : newSecret();
  await db.insert(oauthClients).values({
    clientId, tenantId: req.tenantId, productInstanceId: req.productInstanceId, name: req.name,
    secretHash: clientSecret ? hashSecret(clientSecret) : null, grants, scopes, redirectUris, serviceRepId: req.serviceRepId ?? null,
  });
  return { clientId, clientSecret, grants, scopes, redirectUris };
}

/** Revokes a client: its tokens stop authenticating everywhere at once, and it can get no new ones. */
export async function revokeClient(db: Db, clientId: string, tenantId?: number): Promise<boolean> {
  const rows = await db.update(oauthClients).set({ revokedAt: new Date() })
    .where(unrevoked(oauthClients, oauthClients.clientId, clientId, tenantId)).returning({ clientId: oauthClients.clientId });
  return announceRevoked(db, CLIENT_REVOKED_CHANNEL, clientId, rows);
}

/** Adds a product instance (the `pid` of acr_values) to a tenant; idempotent. */
export async function addProductInstance(db: Db, tenantId: number, id: string, name: string): Promise<void> {
  if (!/^[A-Za-z0-9._-]{1,64}$/.test(id)) throw new ClientRequestError(`A product instance id is 1 to 64 letters, digits, '.', '_' or '-': "${id}".`);
  await db.insert(productInstances).values({ tenantId, id, name }).onConflictDoNothing();
}

// The same in the caller's tenant, through its scope (inside its transaction when it is one's): the
// admin pages hold a signed-in rep's scope, the CLI a database handle and a tenant id.

export function registerClientIn(scope: DataScope, req: Omit<ClientRequest, 'tenantId'>): Promise<RegisteredClient> {
  return registerClient(scope.db, { ...req, tenantId: scope.tenantId });
}

export function revokeClientIn(scope: DataScope, clientId: string): Promise<boolean> {
  return revokeClient(scope.db, clientId, scope.tenantId);
}

export function addProductInstanceIn(scope: DataScope, id: string, name: string): Promise<void> {
  return addProductInstance(scope.db, scope.tenantId, id, name);
}
