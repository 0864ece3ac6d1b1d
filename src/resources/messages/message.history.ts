// A message's history (docs/history.md): the message row's fields, as its GET names them. Its subject
// and date live in message_details, keyed by the message's id rather than an id of their own: not yet
// recorded (the trigger names a row by its `id`).
import type { HistorySource } from '../../platform/history/history-install.ts';

export const messageHistory: HistorySource = {
  recordType: 'Message', table: 'messages',
  fields: { origin_type: 'originType', origin_id: 'originId', message_action_id: 'messageActionId', service_rep_id: 'serviceRepId', text: 'text' },
};
