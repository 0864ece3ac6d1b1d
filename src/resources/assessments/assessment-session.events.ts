// The event of an assessment session that a provider's callback changed (decision 0031): an ATS or
// the agency's tools hear when results arrive or the session completes, expires or fails, without
// polling every session.
import type { EventTemplate } from '../../platform/events/outbox.ts';
import type { EventType } from '../../platform/events/event-type.ts';

/** The scopes that read a session (its GET's). */
export const SESSION_READ_SCOPES = ['assessment-read', 'assessment-write'] as const;

/** `changedFields`: `results` (reports stored), `status` (the session's status moved). */
export const ASSESSMENT_SESSION_UPDATED: EventTemplate & EventType = {
  type: 'assessmentSession.updated', recordType: 'AssessmentSession', path: '/Assessments/Sessions', readScopes: SESSION_READ_SCOPES,
  when: 'a provider\'s callback stored results for a session, or moved its status (`GET /Assessments/Sessions/{id}`)',
  changedFields: '`results`, `status` (both when the last results completed it)',
};
