// Rate limits shared by every process (decision 0034): rate-limiter-flexible's PostgreSQL store over
// the service's own database, so an API or login server process started anywhere counts against the
// same budget. A limit is data (points in a window, and how long a key that spent them all is held);
// the named limits come from the configuration (`limitRules`), and each process opens them once.
//
// Two ways to use a limit:
// - a gate: `consume` before the work, refused once the key has no point left (registrations; the
//   per-credential quotas to come). `refund` gives the point back when the work turned out not to count.
// - a count of failures: `peek` before the work (held while no point is left), `consume` after a
//   failure, `reset` after a success where a success ends the run (a username's sign-in).
import { createHash } from 'node:crypto';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { Config } from '../../config.ts';
import { getTableName } from 'drizzle-orm';
import type { Queryable } from '../db/pipeline.ts';
import { rateLimits as table } from './rate-limit.table.ts';

export interface LimitRule {
  /** Points a key may spend in one window. */
  points: number;
  /** The window, in seconds, from the key's first point. */
  durationSeconds: number;
  /** A key that spends its last point is held this long from then; 0: until its window ends. */
  blockSeconds: number;
}

/** What a key has left: the numbers a `Retry-After` or `RateLimit` header is made of. */
export interface LimitState {
  /** The work may go on: the point asked for was there (`consume`), or one is left (`peek`). */
  allowed: boolean;
  /** The rule's points. */
  limit: number;
  /** Points left in the window. */
  remaining: number;
  /** Seconds until the key has all its points again (its window's or its block's end); 0 for a key never seen. */
  resetSeconds: number;
}

export interface Limit {
  readonly name: string;
  readonly rule: LimitRule;
  /** Spends a point of `key`. Refused (`allowed: false`) when none was left. */
  consume(key: string): Promise<LimitState>;
  /** The key's state, spending nothing. */
  peek(key: string): Promise<LimitState>;
  /** Gives back a point spent by `consume`. */
  refund(key: string): Promise<void>;
  /** Forgets the key: its window starts again at its next point. */
  reset(key: string): Promise<void>;
}

/** The named limits: every limit the service applies, from the configuration (README, docs/operations.md). */
export function limitRules(config: Config) {
  const signIn = config.LOGIN_LOCK_SECONDS, clientAuth = config.CLIENT_AUTH_LOCK_SECONDS;
  return {
    /** Registrations made from one client address. */
    registrationByAddress: { points: config.REGISTRATION_MAX_PER_ADDRESS, durationSeconds: config.REGISTRATION_WINDOW_SECONDS, blockSeconds: 0 },
    /** Registrations made at one tenant. */
    registrationByTenant: { points: config.REGISTRATION_MAX_PER_TENANT, durationSeconds: config.REGISTRATION_WINDOW_SECONDS, blockSeconds: 0 },
    /** Failed sign-ins of one username of a tenant (a success clears them). */
    signInByUser: { points: config.LOGIN_MAX_FAILURES, durationSeconds: signIn, blockSeconds: signIn },
    /** Failed web user sign-ins through one OAuth client. */
    signInByClient: { points: config.LOGIN_CLIENT_MAX_FAILURES, durationSeconds: 600, blockSeconds: 600 },
    /** Failed sign-ins from one client address, whatever the username. */
    signInByAddress: { points: config.LOGIN_ADDRESS_MAX_FAILURES, durationSeconds: signIn, blockSeconds: signIn },
    /** Failed client authentications (a wrong client_secret) of one client_id. */
    clientAuthByClient: { points: config.CLIENT_AUTH_MAX_FAILURES, durationSeconds: clientAuth, blockSeconds: clientAuth },
    /** Failed client authentications from one client address, whatever the client. */
    clientAuthByAddress: { points: config.CLIENT_AUTH_ADDRESS_MAX_FAILURES, durationSeconds: clientAuth, blockSeconds: clientAuth },
  } satisfies Record<string, LimitRule>;
}

export type LimitName = keyof ReturnType<typeof limitRules>;
export type Limits = { readonly [N in LimitName]: Limit };

// Keys name what is limited (an address, a username): a long one (a username of 50 KB sent to the
// token endpoint) is kept as its hash, so that every key fits the table's index.
const MAX_KEY = 200;
export const keyOf = (key: string) => (key.length <= MAX_KEY ? key : `sha256:${createHash('sha256').update(key).digest('base64url')}`);
const seconds = (ms: number) => (ms > 0 ? Math.ceil(ms / 1000) : 0);

function stateOf(rule: LimitRule, res: RateLimiterRes | null, allowed: boolean): LimitState {
  const remaining = res ? Math.max(rule.points - res.consumedPoints, 0) : rule.points;
  return { allowed, limit: rule.points, remaining, resetSeconds: res ? seconds(res.msBeforeNext) : 0 };
}

function openLimit(store: Queryable, name: string, rule: LimitRule, cleanUp: boolean): Limit {
  const limiter = new RateLimiterPostgres({
    storeClient: store,
    // `pool`: the store is used as it is (`query(config)`): the database's pipeline of short
    // statements here (an upsert or a read by primary key: short by construction).
    storeType: 'pool',
    tableName: getTableName(table),
    tableCreated: true,
    clearExpiredByTimeout: cleanUp,
    keyPrefix: name,
    points: rule.points,
    duration: rule.durationSeconds,
  });
  return {
    name, rule,
    async consume(key) {
      let res: RateLimiterRes;
      try {
        res = await limiter.consume(keyOf(key));
      } catch (refused) {
        if (refused instanceof RateLimiterRes) return stateOf(rule, refused, false);
        throw refused;
      }
      // The point that used the budget up starts the block (from now, not from the window's start).
      if (rule.blockSeconds > 0 && res.consumedPoints === rule.points) {
        await limiter.block(keyOf(key), rule.blockSeconds);
        return { allowed: true, limit: rule.points, remaining: 0, resetSeconds: rule.blockSeconds };
      }
      return stateOf(rule, res, true);
    },
    async peek(key) {
      const res = await limiter.get(keyOf(key));
      return stateOf(rule, res, !res || res.consumedPoints < rule.points);
    },
    async refund(key) {
      await limiter.reward(keyOf(key), 1);
    },
    async reset(key) {
      await limiter.delete(keyOf(key));
    },
  };
}

/**
 * Opens every named limit over `store` (the database's short-statement pipeline). One of them also
 * deletes, every 5 minutes, the rows that expired an hour ago (the library's clean-up, once per set).
 */
export function openLimits(store: Queryable, config: Config): Limits {
  const rules = limitRules(config);
  const names = Object.keys(rules).filter((n): n is LimitName => n in rules);
  // Object.fromEntries forgets the keys: they are exactly limitRules' names, each opened once.
  return Object.fromEntries(names.map((name, i) => [name, openLimit(store, name, rules[name], i === 0)])) as Limits;
}

/** The `Retry-After` of a refusal, in whole seconds (at least 1). */
export function retryAfter(state: LimitState): string {
  return String(Math.max(1, state.resetSeconds));
}
