// A message document's history (docs/history.md): its fields as its list names them. No history route:
// its GET by id is the file's download (no record to add `/history` to), and a document is never
// changed once uploaded: its one entry, `created`, is its event's change.
import type { HistorySource } from '../../platform/history/history-install.ts';

export const messageDocumentHistory: HistorySource = {
  recordType: 'AssignmentMessageDocument', table: 'message_documents',
  fields: {
    assignment_id: 'assignmentId', message_id: 'messageId', document_name: 'documentName', document_type_id: 'documentTypeId',
    description: 'description', expiration_date: 'expirationDate', version: 'version', created_by_service_rep_id: 'createdByServiceRepId',
  },
};
