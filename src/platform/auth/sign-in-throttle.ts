// Failed sign-ins, counted in the shared rate limits (platform/rate-limit, decision 0034) so every
// login server and API process sees them: per username of a tenant, per OAuth client (web users at
// the token endpoint) and per client address. A sign-in is held while any of them has no failure left;
// a success clears the username's count (never the address's or the client's). Answers never tell
// whether a username exists: unknown usernames are counted and held the same way.
import type { Limits, LimitState } from '../rate-limit/rate-limit.ts';

/** A username of a tenant, as every sign-in form and grant names it (case and spaces aside). */
export const userKey = (tenantId: number, kind: string, username: string) => `${tenantId}:${kind}:${username.trim().toLowerCase()}`;

export interface SignIn {
  /** `userKey(...)` */
  user: string;
  /** The client's address (request.ip). */
  address: string;
  /** The OAuth client a web user signs in through (the token endpoint's grant). */
  client?: string;
}

export interface Hold { by: 'user' | 'client' | 'address'; state: LimitState }

/** What holds this sign-in, checked before any password is: the client's, the address's or the username's limit, or nothing. */
export async function signInHold(limits: Limits, who: SignIn): Promise<Hold | undefined> {
  const [client, address, user] = await Promise.all([
    who.client === undefined ? undefined : limits.signInByClient.peek(who.client),
    limits.signInByAddress.peek(who.address),
    limits.signInByUser.peek(who.user),
  ]);
  if (client && !client.allowed) return { by: 'client', state: client };
  if (!address.allowed) return { by: 'address', state: address };
  if (!user.allowed) return { by: 'user', state: user };
  return undefined;
}

export async function signInFailed(limits: Limits, who: SignIn): Promise<void> {
  await Promise.all([
    limits.signInByUser.consume(who.user),
    limits.signInByAddress.consume(who.address),
    who.client === undefined ? undefined : limits.signInByClient.consume(who.client),
  ]);
}

export async function signInSucceeded(limits: Limits, who: SignIn): Promise<void> {
  await limits.signInByUser.reset(who.user);
}

/** Whole minutes to wait, at least 1: what the pages and error descriptions say. */
export const minutesOf = (hold: Hold) => Math.max(1, Math.ceil(hold.state.resetSeconds / 60));
