// Passwords of people (service reps, web users): Argon2id, OWASP's second recommended setting
// (19 MiB, 2 passes). Machine secrets (tokens, client secrets) are 256 random bits and need no
// slow hash: SHA-256 (credentials.ts).
// @node-rs/argon2 ships a prebuilt binary per platform and runs no install script (decision 0001).
import { hash as argon2id, verify as argon2Verify } from '@node-rs/argon2';

/** Argon2id is the library's default algorithm (its `Algorithm` is a const enum, not importable here). */
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Passwords shorter than this are refused when set (NIST SP 800-63B: at least 8). */
export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 256;

export function hashPassword(password: string): Promise<string> {
  return argon2id(password, OPTIONS);
}

// Verified when the username is unknown, so an unknown username costs the same time as a wrong password.
let decoy: Promise<string> | undefined;

/** True when `password` matches `hash`; with no hash, spends the same time and answers false. */
export async function passwordMatches(password: string, hash: string | null | undefined): Promise<boolean> {
  if (!hash) {
    await argon2Verify(await (decoy ??= hashPassword('decoy password, never matches')), password).catch(() => false);
    return false;
  }
  return argon2Verify(hash, password).catch(() => false);
}

/** Why a new password is refused, or undefined. */
export function passwordProblem(password: string): string | undefined {
  if (password.length < MIN_PASSWORD_LENGTH) return `must be at least ${MIN_PASSWORD_LENGTH} characters`;
  if (password.length > MAX_PASSWORD_LENGTH) return `must be at most ${MAX_PASSWORD_LENGTH} characters`;
  return undefined;
}
