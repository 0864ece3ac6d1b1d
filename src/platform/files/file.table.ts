// Uploaded files live in PostgreSQL with their metadata (DESIGN.md, Files): an upload is part of
// its transaction and every API node and worker sees it. file-store.ts is the only way in or out.
import { boolean, foreignKey, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, tenantId, tenantKey } from '../db/columns.ts';
import { bytea } from '../db/schema.ts';

export const storedFiles = pgTable('stored_files', {
  ...tenantKey(),
  fileName: text('file_name').notNull(),
  /** Detected from the bytes, not the declared type. */
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  sha256: bytea('sha256').notNull(),
  content: bytea('content').notNull(),
  /** The content is in stored_file_chunks (`content` is empty): a file written and read a chunk at a time. */
  chunked: boolean('chunked').notNull().default(false),
  createdAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.tenantId, t.id] })]);

/**
 * A large file's content in order (an export of 100,000 employees): written and sent a chunk at a
 * time, so neither the worker nor the API holds the file (decision 0051).
 */
export const storedFileChunks = pgTable('stored_file_chunks', {
  tenantId: tenantId(),
  fileId: integer('file_id').notNull(),
  seq: integer('seq').notNull(),
  content: bytea('content').notNull(),
}, (t) => [
  primaryKey({ columns: [t.tenantId, t.fileId, t.seq] }),
  foreignKey({ columns: [t.tenantId, t.fileId], foreignColumns: [storedFiles.tenantId, storedFiles.id] }).onDelete('cascade'),
]);
