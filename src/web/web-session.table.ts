// Sessions of the pages: an administrator signed in through the code flow, an applicant signed in on
// the registration site. The cookie holds a random id; the table holds its SHA-256 (a stolen table
// opens no session) and the session's data sealed with a key derived from that id.
import { bigint, customType, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { tenants } from '../platform/db/schema.ts';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

export const webSessions = pgTable('web_sessions', {
  idHash: bytea('id_hash').primaryKey(),
  tenantId: integer('tenant_id').notNull().references(() => tenants.id),
  kind: text('kind', { enum: ['admin', 'applicant'] }).notNull(),
  /** The service rep (admin) or web user (applicant) signed in. */
  subjectId: bigint('subject_id', { mode: 'number' }).notNull(),
  /** AES-256-GCM of the session's JSON data: iv (12) | tag (16) | ciphertext, base64. */
  sealed: text('sealed').notNull(),
  /** Unsealed metadata a page may list (never a secret). */
  meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
}, (t) => [index('web_sessions_expires').on(t.expiresAt)]);
