// The login server's signing keys, kept in the database so every process (login server, API) sees
// the same set. The newest active key signs; rotated-out keys stay published until every token they
// signed has expired, then they are dropped. Changes are announced with NOTIFY so verifiers reload.
import { generateKeyPair, exportJWK, type JWK } from 'jose';
import { randomUUID } from 'node:crypto';
import { desc, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { signingKeys } from '../db/schema.ts';

export const KEYS_CHANNEL = 'staffing_signing_keys';
export const SIGNING_ALG = 'RS256';

async function newKey(): Promise<{ kid: string; privateJwk: JWK }> {
  const { privateKey } = await generateKeyPair(SIGNING_ALG, { modulusLength: 2048, extractable: true });
  const kid = randomUUID();
  return { kid, privateJwk: { ...(await exportJWK(privateKey)), kid, alg: SIGNING_ALG, use: 'sig' } };
}

function isJwk(value: unknown): value is JWK {
  return typeof value === 'object' && value !== null && 'kty' in value;
}

/** Every published key (private JWKs), the signing one first. */
export async function loadKeys(db: Db): Promise<JWK[]> {
  const rows = await db.select({ jwk: signingKeys.privateJwk }).from(signingKeys)
    .orderBy(sql`${signingKeys.retiredAt} is not null`, desc(signingKeys.createdAt));
  return rows.flatMap((r) => (isJwk(r.jwk) ? [r.jwk] : []));
}

/** The public half of a private JWK (what the JWKS publishes and verifiers use). */
export function publicJwk({ kty, n, e, kid, alg, use }: JWK): JWK {
  return { kty, n, e, kid, alg, use };
}

/** Generates the first key when there is none (first start); concurrent starts make one. */
export async function ensureSigningKey(db: Db): Promise<void> {
  const active = await db.select({ kid: signingKeys.kid }).from(signingKeys).where(isNull(signingKeys.retiredAt)).limit(1);
  if (active.length) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727002)`);
    const again = await tx.select({ kid: signingKeys.kid }).from(signingKeys).where(isNull(signingKeys.retiredAt)).limit(1);
    if (!again.length) await tx.insert(signingKeys).values(await newKey());
  });
}

/**
 * Rotation: a new key signs from now on; the previous ones are retired (still published) and keys
 * retired longer than `keepSeconds` ago (the longest token lifetime) are dropped.
 */
export async function rotateSigningKeys(db: Db, keepSeconds: number): Promise<{ kid: string; dropped: string[] }> {
  const key = await newKey();
  const dropped = await db.transaction(async (tx) => {
    await tx.update(signingKeys).set({ retiredAt: new Date() }).where(isNull(signingKeys.retiredAt));
    await tx.insert(signingKeys).values(key);
    const gone = await tx.delete(signingKeys).where(lt(signingKeys.retiredAt, new Date(Date.now() - keepSeconds * 1000)))
      .returning({ kid: signingKeys.kid });
    await tx.execute(sql`select pg_notify(${KEYS_CHANNEL}, ${key.kid})`);
    return gone.map((g) => g.kid);
  });
  return { kid: key.kid, dropped };
}
