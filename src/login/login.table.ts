// The login server's own state. `oidc_payloads` holds what oidc-provider persists (sessions, grants,
// interactions, authorization codes, refresh tokens) through the adapter (login/adapter.ts). Failed
// sign-ins are counted in the shared rate limits (throttle.ts, decision 0034).
import { pgTable, text, jsonb, timestamp, primaryKey, index } from 'drizzle-orm/pg-core';

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
