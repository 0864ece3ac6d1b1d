// Services a request depends on outside this one (the resume parsing service, an assessment
// provider). The spec gives their failures two statuses of their own (ERR-17, ERR-18): 520 when the
// service could not be reached (refused the connection, no such host, no answer in time) and 521 when
// it answered, but with an error or something unusable. Every client of such a service throws an
// ExternalServiceError of one of the two kinds, and this one mapping turns it into its code.
import { AppError } from './errors.ts';

/** `unreachable`: no answer came (520). `bad-answer`: an answer came and cannot be used (521). */
export type ExternalFailureKind = 'unreachable' | 'bad-answer';

/** An external service failed; the message is safe to store and show (no key, no body). */
export class ExternalServiceError extends Error {
  constructor(readonly kind: ExternalFailureKind, message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/**
 * Why a request to an external service threw before any answer: the timeout, or the network error's
 * own cause (ECONNREFUSED, ENOTFOUND), never the request (it may hold a key).
 */
export function unreachableReason(err: unknown, timeoutMs: number): string {
  if (err instanceof Error && err.name === 'TimeoutError') return `did not answer within ${timeoutMs} ms`;
  const cause = err instanceof Error && err.cause instanceof Error ? err.cause : undefined;
  const code = cause && 'code' in cause && typeof cause.code === 'string' ? cause.code : undefined;
  return `could not be reached (${code ?? cause?.message ?? (err instanceof Error ? err.message : String(err))})`;
}

/** The problem of an external service's failure: 520 EXTERNAL_UNREACHABLE or 521 EXTERNAL_FAILED. */
export function externalServiceProblem(error: ExternalServiceError, detail = error.message, headers?: Record<string, string>): AppError {
  return new AppError(error.kind === 'unreachable' ? 'EXTERNAL_UNREACHABLE' : 'EXTERNAL_FAILED', detail, undefined, headers);
}
