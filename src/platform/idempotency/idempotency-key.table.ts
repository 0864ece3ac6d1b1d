// The answers of requests that carried an Idempotency-Key (platform/idempotency, decision 0048):
// written in the request's own transaction, so a key is here exactly when its request's effect
// committed. Kept IDEMPOTENCY_KEY_HOURS (24 by default), pruned by the background's retention loop.
import { index, jsonb, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, tenantId } from '../db/columns.ts';
import { bytea } from '../db/schema.ts';

export const idempotencyKeys = pgTable('idempotency_keys', {
  tenantId: tenantId(),
  /** The credential the key belongs to (`Principal.credentialKey`: never a secret). */
  credential: text('credential').notNull(),
  key: text('key').notNull(),
  /** What the request was: its method and target, and a hash of its body (another request with the key is a 422). */
  method: text('method').notNull(),
  target: text('target').notNull(),
  fingerprint: text('fingerprint').notNull(),
  /** The answer, replayed as it was: its status, the headers that matter (Location, ETag, Content-Type) and its bytes. */
  status: smallint('status').notNull(),
  headers: jsonb('headers').$type<Record<string, string>>().notNull(),
  body: bytea('body').notNull(),
  createdAt: createdAt(),
}, (t) => [
  primaryKey({ columns: [t.tenantId, t.credential, t.key] }),
  // Retention: the oldest first.
  index('idempotency_keys_created').on(t.createdAt),
]);
