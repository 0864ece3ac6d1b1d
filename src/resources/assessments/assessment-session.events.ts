// The events of assessment sessions (decision 0031): an ATS or the agency's tools hear when a session
// is requested, when the provider opens it or fails to, and when results arrive or the session
// completes, expires or fails, without polling every session.
import { eventOf, type EventKind } from '../../platform/events/event-type.ts';

/** The scopes that read a session (its GET's). */
export const SESSION_READ_SCOPES = ['assessment-read', 'assessment-write'] as const;

const sessions: EventKind = { stem: 'assessmentSession', recordType: 'AssessmentSession', path: '/Assessments/Sessions', readScopes: SESSION_READ_SCOPES };

export const ASSESSMENT_SESSION_CREATED = eventOf(sessions, 'created', 'a session was requested for an employee (`POST /Employees/{id}/assessmentSessions`), before its provider is called', 'none');

export const ASSESSMENT_SESSION_UPDATED = eventOf(sessions, 'updated', 'the provider opened a requested session, or could not (`failed`); a provider\'s callback stored results for it or moved its status', '`providerSessionId`, `invitationUrl`, `expiresAt` (the provider opened it); `status` (it failed, expired, completed...); `results` (reports stored; with `status` when the last completed it)');
