// What a message holds beyond the reference table `messages` (its text, action, who logged it, on
// which record): its subject and date, and the assignments it is linked to (decision 0035; the
// link came with PUT /Assignments/{id}/messages/{messageId}, decision 0018). Here, below the records,
// because the assignment's PrimaryMessageId rule reads the links.
import { bigint, foreignKey, index, integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';
import { tenantId, writtenAt } from '../../platform/db/columns.ts';
import { messages } from '../reference-data/reference.table.ts';
import { assignments } from '../assignments/assignment.table.ts';

/** One row per message linked to an assignment: a second PUT finds it and keeps the one link. */
export const assignmentMessageLinks = pgTable('assignment_message_links', {
  tenantId: tenantId(),
  assignmentId: bigint('assignment_id', { mode: 'number' }).notNull(),
  messageId: bigint('message_id', { mode: 'number' }).notNull(),
  linkedByServiceRepId: integer('linked_by_service_rep_id').notNull(),
  linkedAt: writtenAt('linked_at'),
}, (t) => [
  primaryKey({ columns: [t.tenantId, t.assignmentId, t.messageId] }),
  foreignKey({ name: 'assignment_message_links_assignment_fk', columns: [t.tenantId, t.assignmentId], foreignColumns: [assignments.tenantId, assignments.id] }),
  foreignKey({ name: 'assignment_message_links_message_fk', columns: [t.tenantId, t.messageId], foreignColumns: [messages.tenantId, messages.id] }),
  index('assignment_message_links_message').on(t.tenantId, t.messageId),
]);

/** A message's subject and date (one row per message that has either, written by create and by each PUT). */
export const messageDetails = pgTable('message_details', {
  tenantId: tenantId(),
  messageId: bigint('message_id', { mode: 'number' }).notNull(),
  subject: varchar('subject', { length: 255 }),
  /** When the call, email or meeting took place (the message's created_at is when it was logged). */
  messageDate: timestamp('message_date', { withTimezone: true, mode: 'date' }),
  updatedByServiceRepId: integer('updated_by_service_rep_id').notNull(),
  updatedAt: writtenAt('updated_at'),
}, (t) => [
  primaryKey({ columns: [t.tenantId, t.messageId] }),
  foreignKey({ name: 'message_details_message_fk', columns: [t.tenantId, t.messageId], foreignColumns: [messages.tenantId, messages.id] }),
]);
