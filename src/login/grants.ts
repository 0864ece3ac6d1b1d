// The spec's two grants at {auth_url}/connect/token (AUTH-05 to AUTH-09): `tw_vendor_service_credentials`
// (a service, no user) and `tw_vendor_webuser` (an employee's or contact's username and password).
// The client has already been authenticated by oidc-provider; these check its registration against
// `acr_values`, the user's password, the sign-in limits (throttle.ts), and issue a JWT for the API.
import { errors, type Provider, type ResourceServerInstance, type TokenEndpointGrantContext } from 'oidc-provider';
import type { Db } from '../platform/db/database.ts';
import { passwordMatches } from '../platform/auth/passwords.ts';
import { findWebUserLogin, KIND_OF_ROLE, webUserSubject } from '../resources/web-users/web-user.repository.ts';
import { placeOfClient, type RegisteredClient } from './acr.ts';
import { retryAfter, type Limits } from '../platform/rate-limit/rate-limit.ts';
import { minutesOf, signInFailed, signInHold, signInSucceeded, userKey, type Hold } from '../platform/auth/sign-in-throttle.ts';

export function oauthError(status: number, error: string, description: string): errors.OIDCProviderError {
  const e = new errors.OIDCProviderError(status, error);
  e.error_description = description;
  return e;
}

export interface GrantOptions {
  db: Db;
  /** The API's resource server (audience BASE_URL, JWT format) for a set of scopes. */
  api: (scope: string) => ResourceServerInstance;
  limits: Limits;
}

type Context = TokenEndpointGrantContext;

async function registeredClient(ctx: Context, db: Db): Promise<RegisteredClient> {
  const place = await placeOfClient(db, ctx.oidc.client.clientId, ctx.oidc.params.acr_values, true);
  if (!place.ok) throw oauthError(place.error === 'invalid_client' ? 401 : 400, place.error, place.description);
  return place.client;
}

/** The requested scopes when all are the client's, else all of the client's (none requested). */
export function grantedScope(requested: unknown, allowed: readonly string[]): string {
  const asked = typeof requested === 'string' ? requested.split(' ').filter(Boolean) : [];
  const refused = asked.filter((s) => !allowed.includes(s));
  if (refused.length) throw oauthError(400, 'invalid_scope', `The client may not be granted: ${refused.join(' ')}.`);
  return (asked.length ? asked : allowed).join(' ');
}

/** A web user's token: a grant of the API's scopes to the account, and its access token. */
async function issueForAccount(ctx: Context, api: GrantOptions['api'], scope: string, accountId: string): Promise<void> {
  const { AccessToken, Grant } = ctx.oidc.provider;
  const resourceServer = api(scope);
  const grant = new Grant({ accountId, clientId: ctx.oidc.client.clientId });
  grant.addResourceScope(resourceServer.identifier(), scope);
  const grantId = await grant.save();
  const token = new AccessToken({ accountId, grantId, client: ctx.oidc.client, gty: ctx.oidc.params.grant_type, scope, resourceServer });
  ctx.oidc.entity('AccessToken', token);
  ctx.body = { access_token: await token.save(), expires_in: token.expiration, token_type: 'Bearer', scope };
}

/** A service's token: the client itself is the subject (it acts as its service rep). */
async function issueForClient(ctx: Context, api: GrantOptions['api'], scope: string): Promise<void> {
  const token = new ctx.oidc.provider.ClientCredentials({ client: ctx.oidc.client, scope, resourceServer: api(scope) });
  ctx.oidc.entity('ClientCredentials', token);
  ctx.body = { access_token: await token.save(), expires_in: token.expiration, token_type: 'Bearer', scope };
}

/** A held web user sign-in: 429 when the client or the address is held, invalid_grant for the username (as before). */
function heldError(ctx: Context, hold: Hold): errors.OIDCProviderError {
  const minutes = minutesOf(hold);
  if (hold.by === 'user') return oauthError(400, 'invalid_grant', `Too many failed sign-ins for this username; try again in ${minutes} minutes.`);
  ctx.set('retry-after', retryAfter(hold.state));
  const where = hold.by === 'client' ? 'through this client' : 'from this address';
  return oauthError(429, 'slow_down', `Too many failed sign-ins ${where}; try again in ${minutes} minutes.`);
}

export function registerGrants(provider: Provider, options: GrantOptions): void {
  const { db, api } = options;

  provider.registerGrantType('tw_vendor_service_credentials', async (ctx) => {
    const client = await registeredClient(ctx, db);
    if (!client.serviceRepId) throw oauthError(400, 'unauthorized_client', 'The client has no service rep to act as.');
    await issueForClient(ctx, api, grantedScope(ctx.oidc.params.scope, client.scopes));
  }, ['acr_values', 'scope']);

  provider.registerGrantType('tw_vendor_webuser', async (ctx) => {
    const client = await registeredClient(ctx, db);
    const { usertype, username, password } = ctx.oidc.params;
    if (usertype !== 'WebUserEmployee' && usertype !== 'WebUserContact') {
      throw oauthError(400, 'invalid_request', 'usertype must be WebUserEmployee or WebUserContact.');
    }
    if (typeof username !== 'string' || !username || typeof password !== 'string' || !password) {
      throw oauthError(400, 'invalid_request', 'username and password are required.');
    }
    const scope = grantedScope(ctx.oidc.params.scope, client.scopes);
    const kind = KIND_OF_ROLE[usertype];
    const who = { user: userKey(client.tenantId, kind, username), client: ctx.oidc.client.clientId, address: ctx.ip };
    const hold = await signInHold(options.limits, who);
    if (hold) throw heldError(ctx, hold);
    const login = await findWebUserLogin(db, client.tenantId, kind, username);
    if (!(await passwordMatches(password, login?.passwordHash)) || !login) {
      await signInFailed(options.limits, who);
      throw oauthError(400, 'invalid_grant', 'The username or password is incorrect.');
    }
    await signInSucceeded(options.limits, who);
    await issueForAccount(ctx, api, scope, webUserSubject(login.id));
  }, ['acr_values', 'scope', 'usertype', 'username', 'password']);
}
