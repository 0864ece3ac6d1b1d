// Failed sign-ins, counted in the database so every login server process shares them. A subject (a
// username of a tenant, or a client) is locked for a while after too many failures in a window; a
// success clears the username's count. Answers never tell whether a username exists: unknown
// usernames are counted and locked the same way.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/database.ts';
import { loginThrottle } from './login.table.ts';

export interface ThrottleRule { maxFailures: number; windowSeconds: number; lockSeconds: number }

export const userSubject = (tenantId: number, kind: string, username: string) => `user:${tenantId}:${kind}:${username.trim().toLowerCase()}`;
export const clientSubject = (clientId: string) => `client:${clientId}`;

/** Seconds until the subject may try again, or 0. */
export async function lockedFor(db: Db, subject: string): Promise<number> {
  const [row] = await db.select({ lockedUntil: loginThrottle.lockedUntil }).from(loginThrottle).where(eq(loginThrottle.subject, subject));
  const until = row?.lockedUntil?.getTime() ?? 0;
  return until > Date.now() ? Math.ceil((until - Date.now()) / 1000) : 0;
}

/** Counts a failure (a new window when the last one has passed) and locks at the limit. */
export async function recordFailure(db: Db, subject: string, rule: ThrottleRule): Promise<void> {
  const window = sql.raw(`interval '${rule.windowSeconds} seconds'`), lock = sql.raw(`interval '${rule.lockSeconds} seconds'`);
  await db.execute(sql`
    insert into login_throttle as t (subject, failures, window_start, locked_until)
    values (${subject}, 1, now(), case when 1 >= ${rule.maxFailures} then now() + ${lock} end)
    on conflict (subject) do update set
      failures = case when t.window_start < now() - ${window} then 1 else t.failures + 1 end,
      window_start = case when t.window_start < now() - ${window} then now() else t.window_start end,
      locked_until = case when (case when t.window_start < now() - ${window} then 1 else t.failures + 1 end) >= ${rule.maxFailures}
                          then now() + ${lock} else t.locked_until end`);
}

export async function clearFailures(db: Db, subject: string): Promise<void> {
  await db.delete(loginThrottle).where(eq(loginThrottle.subject, subject));
}
