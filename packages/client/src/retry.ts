// When a request is sent again: the API answers 429 (too many requests in flight for a credential,
// a quota spent) and 503 (the process overloaded, restarting, a long poll it cannot hold) with
// `Retry-After`, and means it: the same request later will do. Only a request that cannot do its
// effect twice is repeated: GET, HEAD, PUT, DELETE, OPTIONS, and a POST or PATCH that carries an
// Idempotency-Key (the service answers its first response again instead of acting twice).

export interface RetryOptions {
  /** Attempts of one call in all, the first included (default 5; 1: never retry). */
  attempts?: number;
  /** A `Retry-After` longer than this is not waited for: the 429 or 503 is the answer (default 60 s). */
  maxDelayMs?: number;
  /** The first wait when the answer names none (doubling each time, up to 8 s; default 250 ms). */
  baseDelayMs?: number;
  /** How to wait (default: a timer). Tests and schedulers replace it. */
  sleep?: (ms: number) => Promise<void>;
}

export interface RetryPolicy {
  attempts: number;
  maxDelayMs: number;
  baseDelayMs: number;
  sleep: (ms: number) => Promise<void>;
}

const MAX_BACKOFF_MS = 8000;

export function retryPolicy(options: RetryOptions = {}): RetryPolicy {
  return {
    attempts: Math.max(1, options.attempts ?? 5),
    maxDelayMs: options.maxDelayMs ?? 60_000,
    baseDelayMs: options.baseDelayMs ?? 250,
    sleep: options.sleep ?? ((ms) => new Promise<void>((resolve) => setTimeout(resolve, ms))),
  };
}

const REPEATABLE = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);

/** Whether sending the request twice cannot do its effect twice. */
export function safeToRetry(request: Request): boolean {
  return REPEATABLE.has(request.method.toUpperCase()) || request.headers.has('idempotency-key');
}

/**
 * `Retry-After` in milliseconds: delay-seconds or an HTTP date (RFC 9110 10.2.3); undefined when the
 * answer has none or one that does not parse.
 */
export function retryAfterMs(response: Response, now: number): number | undefined {
  const value = response.headers.get('retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * Never before what the server asked, plus a little spread (a tenth of it and up to 100 ms) so that
 * clients told the same second do not all come back in the same millisecond.
 */
const jittered = (ms: number) => ms + Math.random() * (ms / 10 + 100);

/** Exponential backoff with full jitter, for answers that name no delay (a dropped connection). */
const backoff = (policy: RetryPolicy, attempt: number) => Math.random() * Math.min(MAX_BACKOFF_MS, policy.baseDelayMs * 2 ** (attempt - 1));

/**
 * How long to wait before attempt `attempt + 1` of a request that got `response`; undefined when the
 * response is the answer (not a status to retry, the request not safe to repeat, attempts used up,
 * or the server asking for longer than `maxDelayMs`).
 */
export function delayBeforeRetry(policy: RetryPolicy, request: Request, response: Response, attempt: number, now: number): number | undefined {
  if (attempt >= policy.attempts || !safeToRetry(request)) return undefined;
  const asked = retryAfterMs(response, now);
  const retryable = response.status === 429 || response.status === 503
    // The same Idempotency-Key while its first request still runs: 409 with Retry-After (the IETF draft).
    || (response.status === 409 && asked !== undefined && request.headers.has('idempotency-key'));
  if (!retryable) return undefined;
  if (asked === undefined) return backoff(policy, attempt);
  return asked > policy.maxDelayMs ? undefined : jittered(asked);
}

/** How long to wait after a request that got no answer at all; undefined when it must not be sent again. */
export function delayAfterFailure(policy: RetryPolicy, request: Request, attempt: number): number | undefined {
  return attempt < policy.attempts && safeToRetry(request) ? backoff(policy, attempt) : undefined;
}
