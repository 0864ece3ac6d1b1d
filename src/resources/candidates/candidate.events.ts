// The event of a new job order candidate (decision 0031): an applicant from the job board or a
// registration link reaches the agency's ATS or tools without polling every order's candidates.
import type { EventTemplate } from '../../platform/events/outbox.ts';
import type { EventType } from '../../platform/events/event-type.ts';

/** The scopes that read a candidate (its GET's): the job board's, or the orders'. */
export const CANDIDATE_READ_SCOPES = ['jobboard-read', 'order-read'] as const;

/** The type and who reads it, for the webhook subscriptions' list. */
export const CANDIDATE_CREATED = {
  type: 'jobOrderCandidate.created', readScopes: CANDIDATE_READ_SCOPES,
  when: 'an employee became a candidate for a job order: `POST /JobOrders/{id}/jobBoardCandidate`, or a registration link\'s orders (`GET /JobOrders/{id}/candidates/{candidateId}`)',
  changedFields: 'none',
} as const satisfies EventType;

/** The event of a candidate of `jobOrderId`: its location is under the order. */
export const candidateCreated = (jobOrderId: number): EventTemplate => ({
  type: CANDIDATE_CREATED.type, readScopes: CANDIDATE_CREATED.readScopes, recordType: 'JobOrderCandidate', path: `/JobOrders/${jobOrderId}/candidates`,
});
