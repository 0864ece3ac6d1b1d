// Credential values: generation, hashing, and reading them off a request. A credential is a SID and
// a secret; the secret is random (256 bits) and only its SHA-256 is stored.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { jsonOf } from '../json-object.ts';

export type CredentialKind = 'account' | 'personal';

export function newSid(kind: CredentialKind): string {
  return (kind === 'account' ? 'AC' : 'PA') + randomBytes(16).toString('hex');
}

export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSecret(secret: string): Buffer {
  return createHash('sha256').update(secret, 'utf8').digest();
}

export function secretMatches(secret: string, hash: Buffer): boolean {
  const candidate = hashSecret(secret);
  return candidate.length === hash.length && timingSafeEqual(candidate, hash);
}

/** The `<TOKEN>` of the `x-tw-token` header and `tw-token` query: Base64 of `SID:SECRET`. */
export function encodeToken(sid: string, secret: string): string {
  return Buffer.from(`${sid}:${secret}`, 'utf8').toString('base64');
}

export interface PresentedCredential { sid: string; secret: string; via: 'basic' | 'header' | 'query' }

const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;

function decodePair(value: string): { sid: string; secret: string } | null {
  const trimmed = value.trim();
  if (!trimmed || !BASE64.test(trimmed)) return null;
  const decoded = Buffer.from(trimmed, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0 || colon === decoded.length - 1) return null;
  return { sid: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

export type Presented =
  | { kind: 'none' }
  | { kind: 'malformed'; detail: string }
  | { kind: 'bearer'; token: string }
  | ({ kind: 'pair' } & PresentedCredential);

/** Reads the credential a request presents, in order: Authorization, x-tw-token, tw-token query. */
export function presentedCredential(headers: Record<string, string | string[] | undefined>, query: unknown): Presented {
  const authorization = headers.authorization;
  if (typeof authorization === 'string' && authorization.length > 0) {
    const space = authorization.indexOf(' ');
    const scheme = (space > 0 ? authorization.slice(0, space) : authorization).toLowerCase();
    const value = space > 0 ? authorization.slice(space + 1) : '';
    if (scheme === 'basic') {
      const pair = decodePair(value);
      return pair ? { kind: 'pair', ...pair, via: 'basic' } : { kind: 'malformed', detail: 'The Basic credentials are not Base64 of SID:TOKEN.' };
    }
    if (scheme === 'bearer' && value) return { kind: 'bearer', token: value.trim() };
    return { kind: 'malformed', detail: 'Unsupported Authorization scheme.' };
  }
  const header = headers['x-tw-token'];
  if (typeof header === 'string') {
    const pair = decodePair(header);
    return pair ? { kind: 'pair', ...pair, via: 'header' } : { kind: 'malformed', detail: 'x-tw-token is not Base64 of SID:TOKEN.' };
  }
  const q = jsonOf(query)?.['tw-token'];
  if (typeof q === 'string') {
    const pair = decodePair(q);
    return pair ? { kind: 'pair', ...pair, via: 'query' } : { kind: 'malformed', detail: 'tw-token is not Base64 of SID:TOKEN.' };
  }
  return { kind: 'none' };
}
