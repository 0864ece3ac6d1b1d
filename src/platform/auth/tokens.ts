// Issuing and revoking credentials (account keys and personal access tokens). The secret is shown
// once, to the caller of issueCredential; only its SHA-256 is stored.
import type { Db } from '../db/database.ts';
import type { DataScope } from '../scope.ts';
import { apiCredentials } from '../db/schema.ts';
import { encodeToken, hashSecret, newSecret, newSid, type CredentialKind } from './credentials.ts';
import { ALL_SCOPES, isScope } from './scopes.ts';
import { REVOKE_CHANNEL } from './verifier.ts';
import { announceRevoked, unrevoked } from './revocation.ts';

export interface IssueRequest {
  tenantId: number;
  serviceRepId: number;
  kind: CredentialKind;
  name: string;
  /** Scope names; account keys always hold `*` (every scope). */
  scopes?: readonly string[];
  /** Personal access tokens must expire; account keys may. */
  expiresAt?: Date | null;
}

export interface IssuedCredential {
  id: number;
  sid: string;
  secret: string;
  /** The `x-tw-token` / `tw-token` value: Base64 of SID:SECRET. */
  token: string;
  scopes: string[];
  expiresAt: string | null;
}

export class CredentialRequestError extends Error {}

export async function issueCredential(db: Db, req: IssueRequest): Promise<IssuedCredential> {
  const scopes = req.kind === 'account' ? ['*'] : [...new Set(req.scopes ?? ALL_SCOPES)].sort();
  const unknown = scopes.filter((s) => !isScope(s));
  if (unknown.length) throw new CredentialRequestError(`Unknown scopes: ${unknown.join(', ')}. Known: ${ALL_SCOPES.join(', ')}`);
  if (req.kind === 'personal' && !req.expiresAt) throw new CredentialRequestError('A personal access token needs an expiry date.');
  if (req.expiresAt && req.expiresAt.getTime() <= Date.now()) throw new CredentialRequestError('The expiry date is in the past.');
  const sid = newSid(req.kind);
  const secret = newSecret();
  const [row] = await db.insert(apiCredentials).values({
    tenantId: req.tenantId,
    sid,
    secretHash: hashSecret(secret),
    kind: req.kind,
    name: req.name,
    serviceRepId: req.serviceRepId,
    scopes,
    expiresAt: req.expiresAt ?? null,
  }).returning({ id: apiCredentials.id });
  return { id: row!.id, sid, secret, token: encodeToken(sid, secret), scopes, expiresAt: req.expiresAt?.toISOString() ?? null };
}

/** Revokes by SID (within a tenant when given); tells every running process at once. */
export async function revokeCredential(db: Db, sid: string, tenantId?: number): Promise<boolean> {
  const rows = await db.update(apiCredentials).set({ revokedAt: new Date() })
    .where(unrevoked(apiCredentials, apiCredentials.sid, sid, tenantId)).returning({ id: apiCredentials.id });
  return announceRevoked(db, REVOKE_CHANNEL, sid, rows);
}

// The same in the caller's tenant, through its scope (inside its transaction when it is one's): the
// admin pages hold a signed-in rep's scope, the CLI a database handle and a tenant id.

export function issueCredentialIn(scope: DataScope, req: Omit<IssueRequest, 'tenantId'>): Promise<IssuedCredential> {
  return issueCredential(scope.db, { ...req, tenantId: scope.tenantId });
}

export function revokeCredentialIn(scope: DataScope, sid: string): Promise<boolean> {
  return revokeCredential(scope.db, sid, scope.tenantId);
}
