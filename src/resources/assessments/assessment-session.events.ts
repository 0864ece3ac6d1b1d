// The events of assessment sessions (decision 0031): an ATS or the agency's tools hear when a session
// is requested, when the provider opens it or fails to, and when results arrive or the session
// completes, expires or fails, without polling every session.

/** The scopes that read a session (its GET's). */
export const SESSION_READ_SCOPES = ['assessment-read', 'assessment-write'] as const;

const sessionEvent = (type: string) => ({ type, recordType: 'AssessmentSession', path: '/Assessments/Sessions', readScopes: SESSION_READ_SCOPES });

/** when: a rep requested a session for an employee. changedFields: none. */
export const ASSESSMENT_SESSION_CREATED = {
  ...sessionEvent('assessmentSession.created'),
  when: 'a session was requested for an employee (`POST /Employees/{id}/assessmentSessions`), before its provider is called',
  changedFields: 'none',
} as const;

/**
 * when: the provider opened the session, or failed to; a callback stored results or moved its status.
 * changedFields: `providerSessionId`, `invitationUrl`, `expiresAt` (opened); `results`, `status`.
 */
export const ASSESSMENT_SESSION_UPDATED = {
  ...sessionEvent('assessmentSession.updated'),
  when: 'the provider opened a requested session, or could not (`failed`); a provider\'s callback stored results for it or moved its status',
  changedFields: '`providerSessionId`, `invitationUrl`, `expiresAt` (the provider opened it); `status` (it failed, expired, completed...); `results` (reports stored; with `status` when the last completed it)',
} as const;
