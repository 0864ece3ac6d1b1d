// Errors are codes, not HTTP: domain code throws AppError('SOME_CODE'); one table maps each code to
// a status, and one handler (problem.ts) renders problem+json with the code and its type URI.
import type { FastifyBaseLogger } from 'fastify';

/**
 * Every error code, with its status and what it means to a client. The table is the one mapping of
 * codes to statuses (a code without a line does not compile); the codes are listed in the API
 * description and docs/errors.md. Generic codes first, then the domain's.
 */
export const ERROR_CODES = {
  VALIDATION_FAILED: { status: 400, meaning: 'The request is invalid; `errors` names each field and what is wrong with it.' },
  UNAUTHENTICATED: { status: 401, meaning: 'No credential, or one that is malformed, unknown, revoked or expired.' },
  SCOPE_MISSING: { status: 403, meaning: 'The credential lacks the scope the endpoint requires.' },
  ROLE_NOT_ALLOWED: { status: 403, meaning: 'The caller\'s role may not call this endpoint.' },
  HIERARCHY_NOT_ALLOWED: { status: 403, meaning: 'The caller\'s hierarchy level does not permit this.' },
  HIERARCHY_CANNOT_CREATE_EMPLOYEES: { status: 403, meaning: 'The hierarchy level (the caller\'s, or the given hierId) does not allow creating employees.' },
  HIERARCHY_CANNOT_INSERT_MASTER_DATA: { status: 403, meaning: 'The caller\'s hierarchy level does not permit inserting master table data.' },
  NOT_FOUND: { status: 404, meaning: 'No such endpoint, or the record does not exist or is not visible to the caller.' },
  METHOD_NOT_ALLOWED: { status: 405, meaning: 'The path exists; the method does not (see Allow).' },
  NOT_ACCEPTABLE: { status: 406, meaning: 'None of the media types in Accept can be produced.' },
  CONFLICT: { status: 409, meaning: 'The request conflicts with the current state.' },
  PRECONDITION_FAILED: { status: 409, meaning: 'A JSON Patch `test` operation failed; nothing was changed.' },
  EMPLOYEE_GOVERNMENT_ID_EXISTS: { status: 409, meaning: 'An employee with this governmentPersonalId already exists in the tenant.' },
  CANDIDATE_EXISTS: { status: 409, meaning: 'The employee is already a candidate for the job order.' },
  MATCH_REFUSED: { status: 409, meaning: 'The employee is not a match for the order: a restriction rule refuses the pair, or a required licence is missing.' },
  TIMECARD_PROCESSED: { status: 409, meaning: 'The timecard has been processed by payroll and can no longer be changed.' },
  ASSIGNMENT_RESTRICTED: { status: 409, meaning: 'The vetting session for the employee and job order has results not approved; `results` lists them (docs/assignments.md).' },
  ASSIGNMENT_NOT_VETTED: { status: 409, meaning: 'No vetting session allows the placement: none was started for the employee and job order, the latest is stale, or it has placed its assignment already (`staleBecause` says why).' },
  ASSIGNMENT_STATUS_TRANSITION: { status: 409, meaning: 'The assignment\'s status cannot move to the one given (docs/assignments.md); `errors` names assignmentStatusId.' },
  APPROVAL_LEVEL: { status: 403, meaning: 'The caller\'s hierarchy level may not approve this restriction result.' },
  RESTRICTION_RESULT_NOT_APPROVABLE: { status: 409, meaning: 'The restriction result cannot be approved: its rule blocks the placement, or it is approved already.' },
  RESTRICTION_SESSION_STALE: { status: 409, meaning: 'The vetting session no longer holds: what it checked has changed, or it has placed its assignment; start a new session.' },
  IF_MATCH_FAILED: { status: 412, meaning: 'If-Match names none of the record\'s current entity tags: someone changed it since you read it (the `ETag` header is its current tag); nothing was changed. Read it again, then retry (docs/integrators.md).' },
  IDEMPOTENCY_KEY_IN_USE: { status: 409, meaning: 'A request with the same Idempotency-Key is still being processed; retry after Retry-After to get its answer (docs/integrators.md).' },
  IDEMPOTENCY_KEY_REUSED: { status: 422, meaning: 'The Idempotency-Key was used with another request (method, path or body) while it is kept (IDEMPOTENCY_KEY_HOURS, 24 by default); use a new key for a new request (docs/integrators.md).' },
  EXTERNAL_ID_EXISTS: { status: 409, meaning: 'A record of this kind with this externalId already exists in the tenant; `errors` names externalId.' },
  BATCH_JOB_WRONG_TYPE: { status: 409, meaning: 'The batch job is of another type than the operation needs.' },
  EVENT_CURSOR_EXPIRED: { status: 410, meaning: 'Events after the feed\'s cursor (`after`) were pruned (EVENT_RETENTION_DAYS): `oldestCursor` is where the log starts; catch up with list reads (or records\' history), then poll from it (docs/events.md).' },
  TENANT_SETUP_INCOMPLETE: { status: 409, meaning: 'A lookup list of the tenant lacks a value the operation needs (a default status, say).' },
  MALFORMED_URL: { status: 400, meaning: 'The request target cannot be decoded (invalid percent-encoding, say).' },
  URI_TOO_LONG: { status: 414, meaning: 'A path parameter is longer than any valid value.' },
  PAYLOAD_TOO_LARGE: { status: 413, meaning: 'The body (or an uploaded file) is larger than allowed.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, meaning: 'The body\'s media type (or an uploaded file\'s detected type) is not accepted here.' },
  TOO_MANY_REQUESTS: { status: 429, meaning: 'Too many simultaneous requests for this credential (see Retry-After).' },
  RATE_LIMITED: { status: 429, meaning: 'The credential\'s request quota for the minute is spent (RateLimit-Policy, RateLimit); retry after Retry-After. `violated-policies` names the quota (docs/integrators.md, Quotas).' },
  INTERNAL: { status: 500, meaning: 'An unexpected error; quote the traceId.' },
  OVERLOADED: { status: 503, meaning: 'The service or its database is busy or unavailable; retry after Retry-After.' },
  NOT_READY: { status: 503, meaning: 'GET /readyz: the process should not take traffic yet; `checks` says which of the database, its migrations and the batch backlog is not ready (docs/operations.md).' },
  EXTERNAL_UNREACHABLE: { status: 520, meaning: 'An external service the request needs (the resume parsing service, an assessment provider) refused the connection, could not be found or did not answer in time.' },
  EXTERNAL_FAILED: { status: 521, meaning: 'An external service the request needs (the resume parsing service, an assessment provider) answered with an error or an answer that cannot be used.' },
} as const satisfies Record<string, { status: number; meaning: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

export function statusOf(code: ErrorCode): number {
  return ERROR_CODES[code].status;
}

/** The code of an error the service did not raise itself (the router's, the validator's): the generic code of its status. */
export function codeOfStatus(status: number): ErrorCode {
  const generic: Record<number, ErrorCode> = {
    400: 'VALIDATION_FAILED', 401: 'UNAUTHENTICATED', 403: 'SCOPE_MISSING', 404: 'NOT_FOUND', 405: 'METHOD_NOT_ALLOWED', 406: 'NOT_ACCEPTABLE',
    409: 'CONFLICT', 413: 'PAYLOAD_TOO_LARGE', 415: 'UNSUPPORTED_MEDIA_TYPE', 429: 'TOO_MANY_REQUESTS', 503: 'OVERLOADED', 520: 'EXTERNAL_UNREACHABLE', 521: 'EXTERNAL_FAILED',
  };
  return generic[status] ?? (status >= 500 ? 'INTERNAL' : 'VALIDATION_FAILED');
}

/** The problem `type` of a code: a stable URI, served by the service (`GET /problems/{code}`). */
export function problemType(code: ErrorCode): string {
  return `/problems/${code.toLowerCase().replace(/_/g, '-')}`;
}

const titles: Record<number, string> = {
  400: 'One or more validation errors occurred.',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  410: 'Gone',
  412: 'Precondition Failed',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
  520: 'External Service Unreachable',
  521: 'External Service Error',
};

export function titleOf(status: number): string {
  return titles[status] ?? 'Error';
}

/** Field name → messages, the shape ASP.NET clients already parse. */
export type FieldErrors = Record<string, string[]>;

/**
 * Adds messages under `field` as an own property. Field names come from clients (a JSON Patch path,
 * a body key): `__proto__` or `constructor` is a name like any other, never the object's prototype.
 */
export function addFieldError(errors: FieldErrors, field: string, ...messages: string[]): void {
  const list = Object.hasOwn(errors, field) ? errors[field] : undefined;
  if (list) list.push(...messages);
  else Object.defineProperty(errors, field, { value: [...messages], enumerable: true, writable: true, configurable: true });
}

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    detail?: string,
    readonly errors?: FieldErrors,
    /** Extra response headers (Retry-After, Allow, WWW-Authenticate). */
    readonly headers?: Record<string, string>,
    /** Extension members of the problem body (RFC 9457 section 3.2), documented with their code. */
    readonly extensions?: Record<string, unknown>,
  ) {
    super(detail ?? titleOf(statusOf(code)));
    this.status = statusOf(code);
  }
}

/**
 * Logs a request's AppError: a 503 is the service shedding load as designed (its costly searches
 * took turns too long, the database is away), a warning without a stack, as a busy database's is;
 * other 5xx are errors; 4xx are the client's and not logged.
 */
export function logAppError(log: FastifyBaseLogger, error: AppError, message: string): void {
  if (error.status === 503) log.warn({ code: error.code, detail: error.message }, message);
  else if (error.status >= 500) log.error({ err: error }, message);
}

/** A 400 naming every field of `errors` with what is wrong with it. */
export function validationError(errors: FieldErrors): AppError {
  const detail = Object.entries(errors).map(([k, m]) => `${k}: ${m.join('; ')}`).join(' | ');
  return new AppError('VALIDATION_FAILED', detail, errors);
}

/** A 400 naming one field. */
export function invalid(field: string, message: string): AppError {
  return validationError({ [field]: [message] });
}

export function notFound(what = 'The record'): AppError {
  return new AppError('NOT_FOUND', `${what} does not exist or is not visible to the caller.`);
}

/** What a read found, or the 404 naming `what`: reads answer undefined for what the caller cannot see. */
export function found<T>(value: T | undefined, what?: string): T {
  if (value === undefined) throw notFound(what);
  return value;
}
