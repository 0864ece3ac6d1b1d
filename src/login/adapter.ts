// oidc-provider's storage in PostgreSQL: one table for every model it persists (sessions, grants,
// interactions, codes, refresh tokens), and the clients read from `oauth_clients` (registered with
// `staffing client create`). A revoked client is not found: it can get no token.
//
// A code or refresh token is spent once (RFC 6819 5.2.2.3, OAuth 2.1 4.1.3): oidc-provider reads it,
// checks `consumed`, then consumes it, and two requests at once both pass the check. consume() is
// therefore one conditional write, and the request that finds it already spent is refused and
// revokes the grant: every token issued from it, the winner's too (their grant is gone).
import { and, eq, isNull, lt, or, gt, sql } from 'drizzle-orm';
import { errors, type Adapter, type AdapterPayload, type ClientMetadata } from 'oidc-provider';
import type { Db } from '../platform/db/database.ts';
import { oauthClients } from '../platform/db/schema.ts';
import { GRANT_REVOKED_CHANNEL } from '../platform/auth/bearer.ts';
import { oidcPayloads } from './login.table.ts';

/** OIDC scopes every code-flow client may ask for, besides its API scopes. */
export const OIDC_SCOPES = ['openid', 'offline_access'];

async function clientMetadata(db: Db, clientId: string): Promise<ClientMetadata | undefined> {
  const [row] = await db.select().from(oauthClients).where(and(eq(oauthClients.clientId, clientId), isNull(oauthClients.revokedAt)));
  if (!row) return undefined;
  const code = row.grants.includes('authorization_code');
  return {
    client_id: row.clientId,
    client_name: row.name,
    // The stored SHA-256, compared by login/provider.ts (the secret itself is never stored).
    client_secret: row.secretHash ? row.secretHash.toString('hex') : undefined,
    token_endpoint_auth_method: row.secretHash ? 'client_secret_post' : 'none',
    grant_types: row.grants,
    response_types: code ? ['code'] : [],
    redirect_uris: row.redirectUris,
    // OpenID scopes only: the API scopes a client may get are its resource server's (provider.ts) and
    // are checked by the grants themselves.
    scope: OIDC_SCOPES.join(' '),
  };
}

function isPayload(value: unknown): value is AdapterPayload {
  return typeof value === 'object' && value !== null;
}

class PostgresAdapter implements Adapter {
  constructor(private readonly db: Db, private readonly model: string) {}

  private key(id: string) {
    return and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, id));
  }

  private async findWhere(where: ReturnType<typeof and>): Promise<AdapterPayload | undefined> {
    const [row] = await this.db.select({ payload: oidcPayloads.payload, consumedAt: oidcPayloads.consumedAt }).from(oidcPayloads)
      .where(and(where, or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, new Date())))).limit(1);
    if (!row || !isPayload(row.payload)) return undefined;
    return row.consumedAt ? { ...row.payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : row.payload;
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
    const values = { payload, grantId: payload.grantId ?? null, userCode: payload.userCode ?? null, uid: payload.uid ?? null, expiresAt };
    await this.db.insert(oidcPayloads).values({ model: this.model, id, ...values })
      .onConflictDoUpdate({ target: [oidcPayloads.model, oidcPayloads.id], set: values });
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    if (this.model === 'Client') return clientMetadata(this.db, id);
    return this.findWhere(this.key(id));
  }

  findByUid(uid: string) { return this.findWhere(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.uid, uid))); }

  findByUserCode(userCode: string) { return this.findWhere(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.userCode, userCode))); }

  async consume(id: string): Promise<void> {
    const spent = await this.db.update(oidcPayloads).set({ consumedAt: new Date() })
      .where(and(this.key(id), isNull(oidcPayloads.consumedAt))).returning({ id: oidcPayloads.id });
    if (spent.length) return;
    // Another request spent it between oidc-provider's find and here: a reuse, as if it had been seen consumed.
    const [row] = await this.db.select({ grantId: oidcPayloads.grantId }).from(oidcPayloads).where(this.key(id));
    if (row?.grantId) await revokeGrant(this.db, row.grantId);
    throw new errors.InvalidGrant(`${this.model === 'RefreshToken' ? 'refresh token' : 'authorization code'} already used`);
  }

  async destroy(id: string): Promise<void> {
    await this.db.delete(oidcPayloads).where(this.key(id));
    // A grant destroyed is a grant revoked (oidc-provider's revoke(), the revocation endpoint): the API drops its tokens at once.
    if (this.model === 'Grant') await announceGrantRevoked(this.db, id);
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db.delete(oidcPayloads).where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.grantId, grantId)));
  }
}

async function announceGrantRevoked(db: Db, grantId: string): Promise<void> {
  await db.execute(sql`select pg_notify(${GRANT_REVOKED_CHANNEL}, ${grantId})`);
}

/** Deletes a grant and everything issued from it (codes, refresh tokens), and tells the API. */
export async function revokeGrant(db: Db, grantId: string): Promise<void> {
  await db.delete(oidcPayloads).where(or(eq(oidcPayloads.grantId, grantId), and(eq(oidcPayloads.model, 'Grant'), eq(oidcPayloads.id, grantId))));
  await announceGrantRevoked(db, grantId);
}

export function postgresAdapter(db: Db): (model: string) => Adapter {
  return (model) => new PostgresAdapter(db, model);
}

/** Drops expired entries (run at start and hourly; reads ignore them anyway). */
export async function purgeExpired(db: Db): Promise<void> {
  await db.delete(oidcPayloads).where(lt(oidcPayloads.expiresAt, sql`now()`));
}
