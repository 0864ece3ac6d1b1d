// The login server's OpenID provider (oidc-provider, certified): the code flow with PKCE for service
// reps, the spec's two custom grants, refresh tokens, discovery, JWKS, introspection and revocation.
// Access tokens for the API are JWTs (audience BASE_URL) carrying the tenant, role and scopes.
import { createHash } from 'node:crypto';
import { Provider, errors, interactionPolicy, type Client, type Configuration, type KoaContextWithOIDC, type ResourceServerInstance } from 'oidc-provider';
import type { JWK } from 'jose';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../platform/db/database.ts';
import { oauthClients, serviceReps } from '../platform/db/schema.ts';
import { secretMatches } from '../platform/auth/credentials.ts';
import { SIGNING_ALG } from '../platform/auth/signing-keys.ts';
import { OIDC_SCOPES, postgresAdapter } from './adapter.ts';
import { registerGrants, oauthError } from './grants.ts';
import type { Limits } from '../platform/rate-limit/rate-limit.ts';

export interface ProviderOptions {
  issuer: string;
  db: Db;
  /** The API's address: the audience of its access tokens. */
  audience: string;
  /** Private signing keys, the signing one first. */
  keys: JWK[];
  accessTokenSeconds: number;
  refreshTokenSeconds: number;
  /** The shared rate limits: failed sign-ins in the grants (decision 0034). */
  limits: Limits;
  /** Throws (429) while a client is held for failed authentications, before its secret is compared (token-limits.ts). */
  checkClient: (clientId: string) => Promise<void>;
  /** Renders an error page (HTML) for a browser. */
  renderError: (ctx: KoaContextWithOIDC, error: string, description: string | undefined) => void;
}

/** Cookie signing keys derived from the signing keys: rotated with them, never stored apart. */
function cookieKeys(keys: JWK[]): string[] {
  return keys.map((k) => createHash('sha256').update(`cookies:${k.d ?? k.kid}`).digest('base64url'));
}

function roleOf(ctx: KoaContextWithOIDC, accountId: string | undefined): string {
  if (!accountId) return 'Service';
  if (accountId.startsWith('rep:')) return 'ServiceRep';
  const usertype = ctx.oidc.params?.usertype;
  return typeof usertype === 'string' ? usertype : 'WebUserEmployee';
}

/**
 * oidc-provider's prompts, and two more reasons to ask: the browser's session belongs to an account
 * findAccount does not know for this client (a rep of another tenant): sign in; the request asks for
 * no API scope: consent, where the client's scopes become the request's (interactions.ts; without it
 * oidc-provider answers access_denied, "no scope was granted").
 */
function policy(): interactionPolicy.DefaultPolicy {
  const { Check } = interactionPolicy;
  const prompts = interactionPolicy.base();
  const foreign = new Check('account_not_for_client', 'The signed-in account does not belong to this client\'s tenant',
    (ctx) => (ctx.oidc.session?.accountId && !ctx.oidc.account ? Check.REQUEST_PROMPT : Check.NO_NEED_TO_PROMPT));
  prompts.get('login')?.checks.add(foreign);
  const noScope = new Check('api_scope_missing', 'The request asks for no API scope',
    (ctx) => ([...ctx.oidc.requestParamScopes].some((s) => s && !OIDC_SCOPES.includes(s)) ? Check.NO_NEED_TO_PROMPT : Check.REQUEST_PROMPT));
  prompts.get('consent')?.checks.add(noScope);
  return prompts;
}

/** Both clients are registered for the same tenant. */
async function sameTenant(db: Db, clientId: string, otherClientId: string): Promise<boolean> {
  if (clientId === otherClientId) return true;
  const rows = await db.select({ tenantId: oauthClients.tenantId }).from(oauthClients).where(inArray(oauthClients.clientId, [clientId, otherClientId]));
  return rows.length === 2 && rows[0]!.tenantId === rows[1]!.tenantId;
}

type TokenPolicy = (ctx: KoaContextWithOIDC, client: Client, token: { clientId?: string }) => Promise<boolean>;

/**
 * Introspection answers only about tokens of the caller's tenant (oidc-provider's default answers any
 * confidential client about any token): to another tenant's client a token is `active: false`, as an
 * unknown one. A public client learns only of its own tokens.
 */
function introspectionPolicy(db: Db): TokenPolicy {
  return async (_ctx, client, token) => token.clientId === client.clientId
    || (client.clientAuthMethod !== 'none' && !!token.clientId && sameTenant(db, client.clientId, token.clientId));
}

/**
 * A client revokes only its own tokens (RFC 7009 2.1: another client of its tenant is told so,
 * oidc-provider's default). Another tenant's token is answered as an unknown one (200, nothing
 * revoked), so the answer does not tell a stranger that the token is live.
 */
function revocationPolicy(db: Db): TokenPolicy {
  return async (_ctx, client, token) => {
    if (token.clientId === client.clientId) return true;
    if (!token.clientId || client.clientAuthMethod === 'none' || !(await sameTenant(db, client.clientId, token.clientId))) return false;
    throw new errors.InvalidRequest('client is not authorized to revoke the presented token');
  };
}

export function createProvider(options: ProviderOptions): Provider {
  const { db, audience } = options;
  const api = (scope: string): ResourceServerInstance => ({
    scope, audience, accessTokenTTL: options.accessTokenSeconds, accessTokenFormat: 'jwt', jwt: { sign: { alg: SIGNING_ALG } },
    scopes: new Set(scope.split(' ').filter(Boolean)), identifier: () => audience,
  });

  const configuration: Configuration = {
    adapter: postgresAdapter(db),
    jwks: { keys: options.keys },
    cookies: { keys: cookieKeys(options.keys) },
    routes: {
      authorization: '/connect/authorize', token: '/connect/token', jwks: '/.well-known/jwks.json', userinfo: '/connect/userinfo',
      introspection: '/connect/introspect', revocation: '/connect/revocation', end_session: '/connect/endsession',
    },
    scopes: OIDC_SCOPES,
    // The secret in the form (the spec's request), or none with PKCE. Never client_secret_jwt: it would
    // use the stored hash as the HMAC key.
    clientAuthMethods: ['client_secret_post', 'none'],
    claims: { openid: ['sub'], profile: ['name'] },
    responseTypes: ['code'],
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      introspection: { enabled: true, allowedPolicy: introspectionPolicy(db) },
      revocation: { enabled: true, allowedPolicy: revocationPolicy(db) },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => audience,
        useGrantedResource: () => true,
        getResourceServerInfo: async (_ctx, indicator, client) => {
          if (indicator !== audience) throw new errors.InvalidTarget(`The only resource is ${audience}.`);
          const [row] = await db.select({ scopes: oauthClients.scopes }).from(oauthClients).where(eq(oauthClients.clientId, client.clientId));
          return api((row?.scopes ?? []).join(' '));
        },
      },
    },
    interactions: { policy: policy(), url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    ttl: {
      AccessToken: options.accessTokenSeconds,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 600,
      Session: 8 * 3600,
      // A web user's grant lives as long as its access token (no refresh); the code flow's as its refresh token.
      Grant: (ctx) => (ctx?.oidc.params?.grant_type === 'tw_vendor_webuser' ? options.accessTokenSeconds : options.refreshTokenSeconds),
      ClientCredentials: options.accessTokenSeconds,
      RefreshToken: options.refreshTokenSeconds,
    },
    // The code flow always issues a refresh token (offline_access need not be asked for).
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    // Every refresh spends its refresh token and issues a new one, for confidential clients too
    // (oidc-provider's default rotates theirs only late in its life): a second use of one is then a
    // reuse, which revokes the grant (adapter.ts), so a stolen refresh token is caught when either
    // party uses it.
    rotateRefreshToken: true,
    extraTokenClaims: async (ctx, token) => {
      const [client] = await db.select({ tenantId: oauthClients.tenantId, pid: oauthClients.productInstanceId })
        .from(oauthClients).where(eq(oauthClients.clientId, token.clientId ?? ''));
      if (!client) throw oauthError(401, 'invalid_client', 'The client is not registered.');
      const accountId = 'accountId' in token && typeof token.accountId === 'string' ? token.accountId : undefined;
      // The grant the token was issued from: the API refuses the token once the grant is revoked (a
      // reused code or refresh token, a revoked refresh token). A service's token has none.
      const grantId = 'grantId' in token && typeof token.grantId === 'string' ? token.grantId : undefined;
      return { tid: client.tenantId, pid: client.pid, role: roleOf(ctx, accountId), ...(grantId ? { gid: grantId } : {}) };
    },
    // An account exists for a client only inside the client's tenant: a browser signed in for one
    // tenant's application is asked to sign in again by another tenant's.
    findAccount: async (ctx, sub) => {
      const repId = Number(/^rep:(\d+)$/.exec(sub)?.[1]);
      const clientId = ctx.oidc.client?.clientId;
      if (!repId || !clientId) return undefined;
      const [rep] = await db.select({ firstName: serviceReps.firstName, lastName: serviceReps.lastName })
        .from(serviceReps).innerJoin(oauthClients, and(eq(oauthClients.clientId, clientId), eq(oauthClients.tenantId, serviceReps.tenantId)))
        .where(and(eq(serviceReps.id, repId), eq(serviceReps.isActive, true)));
      return rep ? { accountId: sub, claims: () => ({ sub, name: `${rep.firstName} ${rep.lastName}` }) } : undefined;
    },
    // Browser-facing errors as a page of ours; token endpoint errors stay JSON (oidc-provider's).
    renderError: (ctx, out) => options.renderError(ctx, String(out.error), typeof out.error_description === 'string' ? out.error_description : undefined),
    // Browsers may call the token endpoint only from the origin of one of the client's redirect URIs
    // (the API reference page exchanging its code, say).
    clientBasedCORS: (_ctx, origin, client) => (client.redirectUris ?? []).some((uri) => new URL(uri).origin === origin),
    enabledJWA: { idTokenSigningAlgValues: [SIGNING_ALG], requestObjectSigningAlgValues: [SIGNING_ALG] },
  };
  const provider = new Provider(options.issuer, configuration);
  // Client secrets are stored as their SHA-256 (adapter.ts puts it in `client_secret`): compare the
  // presented secret's hash, in constant time, unless the client is held for failed authentications
  // (token-limits.ts). The one override of oidc-provider's behaviour.
  provider.Client.prototype.compareClientSecret = async function compareClientSecret(actual: string) {
    await options.checkClient(this.clientId);
    return typeof this.clientSecret === 'string' && secretMatches(actual, Buffer.from(this.clientSecret, 'hex'));
  };
  registerGrants(provider, { db, api, limits: options.limits });
  return provider;
}

