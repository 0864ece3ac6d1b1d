// The admin pages as a client of the login server (decision 0024): a public client per tenant (PKCE,
// no secret) that the pages register themselves, the authorization request, and the back-channel
// calls to the token and revocation endpoints. Nothing here trusts the browser: state, nonce and the
// PKCE verifier are kept sealed in the browser's pending sign-in (admin.session.ts).
import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { transaction, type Db } from '../../platform/db/database.ts';
import { oauthClients } from '../../platform/db/schema.ts';
import { addProductInstance, registerClient } from '../../platform/auth/clients.ts';
import { ALL_SCOPES } from '../../platform/auth/scopes.ts';

/** The product instance (`pid`) the admin pages sign in with, in every tenant. */
export const ADMIN_PID = 'admin';
/** The OpenID scopes asked for besides every API scope: an ID token (nonce) and a refresh token. */
const OIDC_SCOPES = ['openid', 'offline_access'];
/** Calls to the login server give up after this long (it is on the same network, usually the same process). */
const TIMEOUT_MS = 10_000;

/** The login server did not answer (or answered nonsense): the pages say "unavailable" (503). */
export class LoginServerUnavailable extends Error {}

export const adminRedirectUri = (baseUrl: string) => `${baseUrl.replace(/\/$/, '')}/admin/callback`;
const ADMIN_CLIENT_PREFIX = 'admin-pages-';
const adminClientId = (tenantId: number) => `${ADMIN_CLIENT_PREFIX}${tenantId}`;
/** The admin pages' own client of a tenant (never revoked from the pages: it is their way in). */
export const isAdminPagesClient = (clientId: string) => clientId.startsWith(ADMIN_CLIENT_PREFIX);

/**
 * The tenant's admin client, created or brought up to date (redirect URI, every scope, not revoked):
 * idempotent, like the demo's ensureReferenceClient. Its id is fixed per tenant so the pages find it.
 */
export async function ensureAdminClient(db: Db, tenantId: number, baseUrl: string): Promise<string> {
  const clientId = adminClientId(tenantId);
  const redirectUris = [adminRedirectUri(baseUrl)];
  const scopes = [...ALL_SCOPES];
  return transaction(db, async ({ db: tx }) => {
    const [existing] = await tx.select({ id: oauthClients.clientId }).from(oauthClients)
      .where(and(eq(oauthClients.clientId, clientId), eq(oauthClients.tenantId, tenantId))).for('update');
    if (existing) {
      // A revoked admin client is brought back: the pages are the tenant's own way in.
      await tx.update(oauthClients).set({ redirectUris, scopes, grants: ['authorization_code', 'refresh_token'], revokedAt: null, secretHash: null })
        .where(eq(oauthClients.clientId, clientId));
      return clientId;
    }
    await addProductInstance(tx, tenantId, ADMIN_PID, 'Admin pages');
    const registered = await registerClient(tx, { tenantId, productInstanceId: ADMIN_PID, name: 'Admin pages', grants: ['authorization_code'], scopes, redirectUris, isPublic: true });
    await tx.update(oauthClients).set({ clientId }).where(eq(oauthClients.clientId, registered.clientId));
    return clientId;
  });
}

export interface PendingSignIn { state: string; nonce: string; verifier: string; clientId: string; tenantName: string }

export function newPendingSignIn(clientId: string, tenantName: string): PendingSignIn {
  const random = () => randomBytes(32).toString('base64url');
  return { state: random(), nonce: random(), verifier: random(), clientId, tenantName };
}

/** Where the browser is sent to sign in: the authorization endpoint with PKCE and acr_values. */
export function authorizeUrl(authUrl: string, baseUrl: string, pending: PendingSignIn, locale: string): string {
  const query = new URLSearchParams({
    response_type: 'code', client_id: pending.clientId, redirect_uri: adminRedirectUri(baseUrl),
    scope: [...OIDC_SCOPES, ...ALL_SCOPES].join(' '), state: pending.state, nonce: pending.nonce,
    code_challenge: createHash('sha256').update(pending.verifier).digest('base64url'), code_challenge_method: 'S256',
    acr_values: `tenant:${pending.tenantName} pid:${ADMIN_PID}`, ui_locales: locale,
  });
  return `${authUrl}/connect/authorize?${query}`;
}

async function post(authUrl: string, path: string, form: Record<string, string>): Promise<{ status: number; body: unknown }> {
  let response: Response;
  try {
    response = await fetch(`${authUrl}${path}`, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams(form).toString(), signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new LoginServerUnavailable(`The login server at ${authUrl} did not answer: ${String(error)}`);
  }
  const text = await response.text();
  let body: unknown = undefined;
  try { body = text ? JSON.parse(text) : undefined; } catch { /* not JSON: the caller sees no fields */ }
  if (response.status >= 500) throw new LoginServerUnavailable(`The login server answered ${response.status}.`);
  return { status: response.status, body };
}

/** Whether the login server answers (its discovery document), before sending a browser there. */
export async function loginServerReachable(authUrl: string): Promise<boolean> {
  try {
    const response = await fetch(`${authUrl}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}

/** Tokens of a signed-in administrator, as the token endpoint gave them. */
export interface AdminTokens {
  accessToken: string;
  refreshToken: string;
  /** Epoch milliseconds. */
  accessExpiresAt: number;
  tenantId: number;
  repId: number;
  scopes: string[];
}

const text = (body: unknown, key: string): string | undefined => {
  if (!body || typeof body !== 'object' || !(key in body)) return undefined;
  const value: unknown = Reflect.get(body, key);
  return typeof value === 'string' ? value : undefined;
};

/** The token endpoint's error code (`invalid_grant`, ...), for the message shown. */
export class TokenRefused extends Error {
  constructor(readonly error: string) { super(`The login server refused: ${error}`); }
}

/**
 * Reads a token response. The access token came straight from the token endpoint over the back
 * channel, so its claims are read, not verified (OpenID Connect Core 3.1.3.7 allows this for the ID
 * token too); the API verifies the access token on every call anyway.
 */
function tokensOf(status: number, body: unknown, nonce?: string): AdminTokens {
  if (status !== 200) throw new TokenRefused(text(body, 'error') ?? `status ${status}`);
  const accessToken = text(body, 'access_token'), refreshToken = text(body, 'refresh_token');
  if (!accessToken || !refreshToken) throw new TokenRefused('no access or refresh token');
  let claims: ReturnType<typeof decodeJwt>;
  try { claims = decodeJwt(accessToken); } catch { throw new TokenRefused('the access token is not a JWT'); }
  const repId = Number(/^rep:(\d+)$/.exec(claims.sub ?? '')?.[1]);
  const tenantId = claims.tid;
  if (!repId || typeof tenantId !== 'number' || typeof claims.exp !== 'number') throw new TokenRefused('the token names no service rep');
  if (nonce !== undefined) {
    const idToken = text(body, 'id_token');
    let idNonce: unknown;
    try { idNonce = idToken ? decodeJwt(idToken).nonce : undefined; } catch { idNonce = undefined; }
    if (idNonce !== nonce) throw new TokenRefused('the ID token\'s nonce does not match');
  }
  const scope = typeof claims.scope === 'string' ? claims.scope : text(body, 'scope') ?? '';
  return { accessToken, refreshToken, accessExpiresAt: claims.exp * 1000, tenantId, repId, scopes: scope.split(' ').filter((s) => s && !OIDC_SCOPES.includes(s)) };
}

/** Exchanges the authorization code (PKCE) at the token endpoint. */
export async function exchangeCode(authUrl: string, baseUrl: string, pending: PendingSignIn, code: string): Promise<AdminTokens> {
  const { status, body } = await post(authUrl, '/connect/token', {
    grant_type: 'authorization_code', code, redirect_uri: adminRedirectUri(baseUrl), code_verifier: pending.verifier, client_id: pending.clientId,
  });
  return tokensOf(status, body, pending.nonce);
}

/** A new access token (and, the client being public, a new refresh token: the old one is spent). */
export async function refreshTokens(authUrl: string, clientId: string, refreshToken: string): Promise<AdminTokens> {
  const { status, body } = await post(authUrl, '/connect/token', { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: clientId });
  return tokensOf(status, body);
}

/** Revokes the refresh token (sign-out): the grant ends at the login server too. */
export async function revokeRefreshToken(authUrl: string, clientId: string, refreshToken: string): Promise<void> {
  await post(authUrl, '/connect/revocation', { token: refreshToken, token_type_hint: 'refresh_token', client_id: clientId });
}
