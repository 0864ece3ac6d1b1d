// Uploaded files live in PostgreSQL with their metadata (DESIGN.md, Files): an upload is part of
// its transaction and every API node and worker sees it. file-store.ts is the only way in or out.
import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, tenantKey } from '../db/columns.ts';
import { bytea } from '../db/schema.ts';

export const storedFiles = pgTable('stored_files', {
  ...tenantKey(),
  fileName: text('file_name').notNull(),
  /** Detected from the bytes, not the declared type. */
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  sha256: bytea('sha256').notNull(),
  content: bytea('content').notNull(),
  createdAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.tenantId, t.id] })]);
