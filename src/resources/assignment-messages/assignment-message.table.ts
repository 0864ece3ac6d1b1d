// The documents attached to a message under an assignment, with their per-tenant types (decision
// 0018). The messages, their details and their links to assignments are the messages folder's.
import { bigint, foreignKey, index, integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt, tenantBigKey } from '../../platform/db/columns.ts';
import { storedFiles } from '../../platform/files/file.table.ts';
import { activeNamed, messages } from '../reference-data/reference.table.ts';
import { assignments } from '../assignments/assignment.table.ts';

/** Kinds of document (I-9, W-4, ...): GET /Datalists/DocumentTypes. */
export const documentTypes = activeNamed('document_types');

/** A document of a message, uploaded under an assignment; its file is optional (AMB-65 (a)). */
export const messageDocuments = pgTable('message_documents', {
  ...tenantBigKey(),
  messageId: bigint('message_id', { mode: 'number' }).notNull(),
  assignmentId: bigint('assignment_id', { mode: 'number' }).notNull(),
  documentName: varchar('document_name', { length: 255 }).notNull(),
  documentTypeId: integer('document_type_id').notNull(),
  description: varchar('description', { length: 255 }),
  expirationDate: timestamp('expiration_date', { withTimezone: true, mode: 'date' }),
  version: varchar('version', { length: 50 }),
  fileId: integer('file_id'),
  createdByServiceRepId: integer('created_by_service_rep_id').notNull(),
  createdAt: createdAt(),
}, (t) => [
  primaryKey({ columns: [t.tenantId, t.id] }),
  foreignKey({ name: 'message_documents_message_fk', columns: [t.tenantId, t.messageId], foreignColumns: [messages.tenantId, messages.id] }),
  foreignKey({ name: 'message_documents_assignment_fk', columns: [t.tenantId, t.assignmentId], foreignColumns: [assignments.tenantId, assignments.id] }),
  foreignKey({ name: 'message_documents_type_fk', columns: [t.tenantId, t.documentTypeId], foreignColumns: [documentTypes.tenantId, documentTypes.id] }),
  foreignKey({ name: 'message_documents_file_fk', columns: [t.tenantId, t.fileId], foreignColumns: [storedFiles.tenantId, storedFiles.id] }),
  index('message_documents_assignment_message').on(t.tenantId, t.assignmentId, t.messageId),
]);
