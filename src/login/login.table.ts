// The login server's own state. `oidc_payloads` holds what oidc-provider persists (sessions, grants,
// interactions, authorization codes, refresh tokens) through the adapter (login/adapter.ts);
// `login_throttle` counts failed sign-ins per username and per client.
import { pgTable, text, integer, jsonb, timestamp, primaryKey, index } from 'drizzle-orm/pg-core';

export const oidcPayloads = pgTable('oidc_payloads', {
  model: text('model').notNull(),
  id: text('id').notNull(),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
  grantId: text('grant_id'),
  userCode: text('user_code'),
  uid: text('uid'),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  consumedAt: timestamp('consumed_at', { withTimezone: true }),
}, (t) => [
  primaryKey({ columns: [t.model, t.id] }),
  index('oidc_payloads_grant').on(t.grantId),
  index('oidc_payloads_uid').on(t.uid),
  index('oidc_payloads_expires').on(t.expiresAt),
]);

export const loginThrottle = pgTable('login_throttle', {
  /** `user:<tenant>:<kind>:<username>` or `client:<client_id>`. */
  subject: text('subject').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});
