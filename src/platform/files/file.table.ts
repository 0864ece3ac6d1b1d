// Uploaded files live in PostgreSQL with their metadata (DESIGN.md, Files): an upload is part of
// its transaction and every API node and worker sees it. file-store.ts is the only way in or out.
import { sql } from 'drizzle-orm';
import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea } from '../db/schema.ts';

export const storedFiles = pgTable('stored_files', {
  tenantId: integer('tenant_id').notNull(),
  id: integer('id').generatedAlwaysAsIdentity(),
  fileName: text('file_name').notNull(),
  /** Detected from the bytes, not the declared type. */
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  sha256: bytea('sha256').notNull(),
  content: bytea('content').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
}, (t) => [primaryKey({ columns: [t.tenantId, t.id] })]);
