// The event of a document uploaded to an assignment's message (decision 0018, docs/events.md): a
// payroll or compliance system hears of a new I-9 or W-4 without polling every message. A document
// has no hierarchy node of its own: it is seen through its assignment, whose node its event carries.
import { getTableName } from 'drizzle-orm';
import type { EventTemplate } from '../../platform/events/outbox.ts';
import type { EventType } from '../../platform/events/event-type.ts';
import { assignments } from '../assignments/assignment.table.ts';

/** The scopes that read a document (its list's and its download's). */
export const DOCUMENT_READ_SCOPES = ['assignment-read', 'assignment-write'] as const;

/** A document uploaded to an assignment's message. */
export const MESSAGE_DOCUMENT_CREATED: EventTemplate & EventType = {
  type: 'assignmentMessageDocument.created', recordType: 'AssignmentMessageDocument',
  when: 'a document was uploaded to an assignment\'s message (`POST /Assignments/{assignmentId}/messages/{messageId}/documents`; located at its download, seen by who sees the assignment)',
  changedFields: 'none',
  path: '/Assignments/{assignmentId}/messages/{messageId}/documents', readScopes: DOCUMENT_READ_SCOPES,
  source: {
    node: `(select x.hier_id from ${getTableName(assignments)} x where x.tenant_id = r.tenant_id and x.id = r.assignment_id)`,
    location: `'/Assignments/' || r.assignment_id || '/messages/' || r.message_id || '/documents/' || r.id`,
  },
};
