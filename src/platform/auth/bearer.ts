// Bearer tokens of the login server: JWTs verified here against the published keys (read from the
// database once, reloaded when keys rotate), with issuer, audience, type, expiry and not-before
// checked. Who the token speaks for (a rep's hierarchy, a web user's record) is resolved once per
// token and cached, so a request with a cached token costs no database round trip. A revoked client,
// a revoked grant or a key change drops cached entries at once (NOTIFY).
import { createLocalJWKSet, jwtVerify, errors, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { coalescer, type Database } from '../db/database.ts';
import { listen, type Listener, type ListenOptions } from '../db/listen.ts';
import { KEYS_CHANNEL, SIGNING_ALG, loadKeys, publicJwk } from './signing-keys.ts';
import { CLIENT_REVOKED_CHANNEL } from './clients.ts';
import { ROLES, type Principal, type Role } from './principal.ts';
import type { Verification } from './verifier.ts';

/** The claims the login server adds to every access token (login/claims.ts). */
export interface TokenClaims {
  sub: string;
  clientId: string;
  tenantId: number;
  role: Role;
  scopes: string[];
  expiresAt: number;
  /** The login server's grant the token was issued from (`gid`): none for a service's token. */
  grantId?: string;
}

/** A web user's login was disabled: payload `<tenantId>:<webUserId>` (web-user.repository.ts). */
export const WEB_USER_DISABLED_CHANNEL = 'staffing_web_user_disabled';

/** A grant of the login server was revoked (a reused code or refresh token, a revoked refresh token): payload its id (login/adapter.ts). */
export const GRANT_REVOKED_CHANNEL = 'staffing_grant_revoked';

/** The principal a token speaks for (its rep, or its web user), or why there is none. */
export type SubjectResolver = (claims: TokenClaims, client: { serviceRepId: number | null }) => Promise<Principal | string>;

const MAX_ENTRIES = 10_000;
/** An unknown key id reloads the keys at most this often (a token signed by a key not yet seen). */
const RELOAD_COOLDOWN_MS = 10_000;

function isRole(value: unknown): value is Role {
  return ROLES.some((r) => r === value);
}

function claimsOf(payload: JWTPayload): TokenClaims | undefined {
  const { sub, client_id: clientId, tid, role, scope, exp, gid } = payload;
  if (typeof sub !== 'string' || typeof clientId !== 'string' || typeof tid !== 'number' || !isRole(role) || typeof exp !== 'number') return undefined;
  return {
    sub, clientId, tenantId: tid, role, scopes: typeof scope === 'string' && scope ? scope.split(' ') : [], expiresAt: exp * 1000,
    ...(typeof gid === 'string' ? { grantId: gid } : {}),
  };
}

type ActiveClient = { clientId: string; serviceRepId: number | null };

/**
 * The tenant's active clients by id, as a named statement (planned once per connection); ids as an
 * array: the lookups of one turn of the event loop go together (decision 0013).
 */
const ACTIVE_CLIENTS = {
  name: 'oauth_clients_active',
  text: `select json_build_object('clientId', client_id, 'serviceRepId', service_rep_id) as client
           from oauth_clients where tenant_id = $1 and client_id = any($2::text[]) and revoked_at is null`,
};

/** The grant is still held by the login server (a revoked one is deleted: login/adapter.ts). */
const LIVE_GRANT = { name: 'oidc_grant_live', text: `select 1 from oidc_payloads where model = 'Grant' and id = $1` };

export interface BearerOptions { issuer: string; audience: string; ttlMs: number; resolve: SubjectResolver }

export class BearerVerifier {
  private keys: JWTVerifyGetKey = createLocalJWKSet({ keys: [] });
  private loadedAt = 0;
  private readonly cache = new Map<string, { principal: Principal; until: number; grantId?: string }>();
  private listener: Listener | undefined;
  /** Uncached requests of one turn with tokens of the same tenant share one client lookup (not a cache: nothing is kept). */
  private clients = coalescer<string, ActiveClient>();

  constructor(private readonly database: Database, private readonly options: BearerOptions) {}

  private async activeClients(tenantId: number, clientIds: string[]): Promise<Map<string, ActiveClient>> {
    const { rows } = await this.database.pipeline.query<{ client: ActiveClient }>({ ...ACTIVE_CLIENTS, values: [tenantId, clientIds] });
    return new Map(rows.map(({ client }) => [client.clientId, client]));
  }

  async reloadKeys(): Promise<void> {
    const keys = await loadKeys(this.database.db);
    this.keys = createLocalJWKSet({ keys: keys.map(publicJwk) });
    this.loadedAt = Date.now();
    this.cache.clear();
  }

  private async payloadOf(token: string, now: number): Promise<JWTPayload | string> {
    const verify = () => jwtVerify(token, this.keys, {
      issuer: this.options.issuer, audience: this.options.audience, algorithms: [SIGNING_ALG], typ: 'at+jwt', clockTolerance: 5, currentDate: new Date(now),
    });
    try {
      return (await verify()).payload;
    } catch (e) {
      if (e instanceof errors.JWKSNoMatchingKey && Date.now() - this.loadedAt > RELOAD_COOLDOWN_MS) {
        await this.reloadKeys();
        return this.payloadOf(token, now);
      }
      if (e instanceof errors.JWTExpired) return 'The bearer token has expired.';
      if (e instanceof errors.JWTClaimValidationFailed) return `The bearer token is not valid here (${e.claim}).`;
      if (e instanceof errors.JWKSNoMatchingKey) return 'The bearer token was signed by a key this service does not accept.';
      return 'The bearer token is not valid.';
    }
  }

  async verify(token: string, now = Date.now()): Promise<Verification> {
    const hit = this.cache.get(token);
    if (hit && hit.until > now) {
      if (hit.principal.expiresAt !== null && hit.principal.expiresAt <= now) return { ok: false, detail: 'The bearer token has expired.' };
      return { ok: true, principal: hit.principal };
    }
    if (hit) this.cache.delete(token);
    if (this.loadedAt === 0) await this.reloadKeys();
    const payload = await this.payloadOf(token, now);
    if (typeof payload === 'string') return { ok: false, detail: payload };
    const claims = claimsOf(payload);
    if (!claims) return { ok: false, detail: 'The bearer token lacks the claims of this service (tid, role, client_id).' };
    const [client, grantLive] = await Promise.all([
      this.clients(String(claims.tenantId), claims.clientId, (ids) => this.activeClients(claims.tenantId, ids)),
      claims.grantId === undefined ? true : this.grantLive(claims.grantId),
    ]);
    if (!client) return { ok: false, detail: 'The client of this bearer token has been revoked.' };
    if (!grantLive) return { ok: false, detail: 'The bearer token has been revoked.' };
    const principal = await this.options.resolve(claims, client);
    if (typeof principal === 'string') return { ok: false, detail: principal };
    if (this.options.ttlMs > 0) {
      if (this.cache.size >= MAX_ENTRIES) this.cache.delete(this.cache.keys().next().value!);
      this.cache.set(token, { principal, until: now + this.options.ttlMs, grantId: claims.grantId });
    }
    return { ok: true, principal };
  }

  private async grantLive(grantId: string): Promise<boolean> {
    const { rows } = await this.database.pipeline.query({ ...LIVE_GRANT, values: [grantId] });
    return rows.length > 0;
  }

  private forgetGrant(grantId: string): void {
    for (const [token, entry] of this.cache) if (entry.grantId === grantId) this.cache.delete(token);
  }

  private forgetClient(clientId: string): void {
    for (const [token, entry] of this.cache) if (entry.principal.clientId === clientId) this.cache.delete(token);
  }

  private forgetWebUser(payload: string): void {
    const [tenantId, id] = payload.split(':').map(Number);
    for (const [token, { principal }] of this.cache) {
      if (principal.tenantId === tenantId && principal.webUser?.id === id) this.cache.delete(token);
    }
  }

  /**
   * Hears key rotations, client and grant revocations and disabled web users, made by any process. Any of them
   * may be missed while the connection is down: the cache is dropped then, and the keys reloaded
   * (which drops it again) once it listens again.
   */
  async listen(log?: ListenOptions['log']): Promise<void> {
    const reload = () => void this.reloadKeys().catch(() => this.cache.clear());
    this.listener = await listen(this.database, [KEYS_CHANNEL, CLIENT_REVOKED_CHANNEL, GRANT_REVOKED_CHANNEL, WEB_USER_DISABLED_CHANNEL], (channel, payload) => {
      if (channel === KEYS_CHANNEL) reload();
      else if (channel === CLIENT_REVOKED_CHANNEL) this.forgetClient(payload);
      else if (channel === GRANT_REVOKED_CHANNEL) this.forgetGrant(payload);
      else this.forgetWebUser(payload);
    }, { onLost: () => this.cache.clear(), onRestored: reload, log });
  }

  async close(): Promise<void> {
    await this.listener?.close();
  }
}
