// A message's history (docs/history.md): the message row's fields, and its subject and date (kept in
// message_details, keyed by the message's id: recorded under the message, in the same entry when one
// transaction writes both), as its GET names them.
import type { HistorySource } from '../../platform/history/history-install.ts';

export const messageHistory: HistorySource = {
  recordType: 'Message', table: 'messages',
  fields: { origin_type: 'originType', origin_id: 'originId', message_action_id: 'messageActionId', service_rep_id: 'serviceRepId', text: 'text' },
};

/** The message's subject and date: more of the message's entry. */
export const messageDetailsHistory: HistorySource = {
  recordType: 'Message', table: 'message_details', idColumn: 'message_id',
  fields: { subject: 'subject', message_date: 'messageDate' },
};
