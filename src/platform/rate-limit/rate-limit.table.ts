// The rate limits' counters (rate-limit.ts, decision 0034): one row per limited key, shared by every
// API and login server process. The shape is the one rate-limiter-flexible's PostgreSQL store writes
// to (its statements insert by position: key, points, expire); our migrations create it, the library
// never does (`tableCreated: true`).
import { bigint, index, integer, pgTable, text } from 'drizzle-orm/pg-core';

export const rateLimits = pgTable('rate_limits', {
  /** `<limit name>:<key>` (a client address, a tenant, a username, a client_id). */
  key: text('key').primaryKey(),
  /** Points spent in the current window. */
  points: integer('points').notNull().default(0),
  /** When the window (or the block) ends, in epoch milliseconds of the process that started it. */
  expire: bigint('expire', { mode: 'number' }),
}, (t) => [
  // The library's clean-up deletes the rows that expired an hour ago.
  index('rate_limits_expire').on(t.expire),
]);
