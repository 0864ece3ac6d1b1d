// What the client throws. The API's errors are problem+json (RFC 9457): a status, a title, a detail
// naming the field, a domain `code`, a `traceId` to quote to support; the error keeps all of it.

/** The problem's text: its detail, else its title, else the status. */
function describe(status: number, problem: unknown): string {
  if (typeof problem === 'object' && problem !== null) {
    if ('detail' in problem && typeof problem.detail === 'string') return `${status}: ${problem.detail}`;
    if ('title' in problem && typeof problem.title === 'string') return `${status}: ${problem.title}`;
  }
  return typeof problem === 'string' && problem !== '' ? `${status}: ${problem}` : `HTTP ${status}`;
}

/** The API answered with an error status (after any retries). */
export class StaffingApiError extends Error {
  override readonly name = 'StaffingApiError';
  /** The HTTP status. */
  readonly status: number;
  /** The problem+json body as parsed (or the text of another body). */
  readonly problem: unknown;
  /** The problem's domain code (`EMPLOYEE_DUPLICATE_GOVERNMENT_ID`, ...), when it has one. */
  readonly code: string | undefined;
  readonly response: Response;

  constructor(response: Response, problem: unknown) {
    super(describe(response.status, problem));
    this.status = response.status;
    this.problem = problem;
    this.code = typeof problem === 'object' && problem !== null && 'code' in problem && typeof problem.code === 'string' ? problem.code : undefined;
    this.response = response;
  }
}

/** The login server refused the service's credentials (or answered something that is not a token). */
export class StaffingAuthError extends Error {
  override readonly name = 'StaffingAuthError';

  constructor(readonly status: number, readonly body: unknown) {
    super(`The login server did not issue a token (${describe(status, typeof body === 'object' && body !== null && 'error_description' in body ? { detail: body.error_description } : body)})`);
  }
}

/** The answer of a typed call: its data when it succeeded, the parsed error body when not. */
export interface Answer<D> { data?: D; error?: unknown; response: Response }

/** The data of a call that succeeded with a body; throws StaffingApiError otherwise. */
export function unwrap<D>(answer: Answer<D>): D {
  if (!answer.response.ok) throw new StaffingApiError(answer.response, answer.error);
  if (answer.data === undefined) throw new StaffingApiError(answer.response, 'The answer has no body.');
  return answer.data;
}

/** The response of a call that succeeded (a PATCH, a DELETE: what has no body to return); throws StaffingApiError otherwise. */
export function ensureOk(answer: Answer<unknown>): Response {
  if (!answer.response.ok) throw new StaffingApiError(answer.response, answer.error);
  return answer.response;
}
