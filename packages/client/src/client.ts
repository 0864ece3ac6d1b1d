// The client: openapi-fetch over the types generated from the API's OpenAPI document (openapi.ts),
// so every path, parameter, body and answer is typed, with one fetch underneath that does what every
// integrator otherwise writes by hand: the credential on each request, an Idempotency-Key on each
// POST, and a bounded, jittered retry of what is safe to repeat when the API says to come back later.
import createClient, { type Client } from 'openapi-fetch';
import { authenticator, type Auth, type Authenticator } from './auth.js';
import type { paths } from './openapi.js';
import { delayAfterFailure, delayBeforeRetry, retryPolicy, type RetryOptions, type RetryPolicy } from './retry.js';

/** Every operation of the API, typed; answers read as JSON. */
export type StaffingClient = Client<paths, 'application/json'>;

export interface StaffingClientOptions {
  /** The API's address (`{base_url}`), e.g. `https://api.example.com`. */
  baseUrl: string;
  auth: Auth;
  retry?: RetryOptions;
  /**
   * Send an `Idempotency-Key` (a new UUID per call, the same on each of its retries) with every POST
   * that has none, so a retried POST never acts twice (default true). A PATCH gets one when you pass
   * it (`headers: { 'Idempotency-Key': ... }`), and is then retried too.
   */
  idempotencyKeys?: boolean;
  /** Headers sent with every request. */
  headers?: Record<string, string>;
  /** The fetch to send with (default: the global one). */
  fetch?: (request: Request) => Promise<Response>;
  /** Milliseconds since the epoch, for token lifetimes (default Date.now). */
  clock?: () => number;
}

export function createStaffingClient(options: StaffingClientOptions): StaffingClient {
  const fetcher = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const clock = options.clock ?? Date.now;
  const policy = retryPolicy(options.retry);
  // The login server is asked with the same patience (its 429 and 503 carry Retry-After too).
  const auth = authenticator(options.auth, (request) => send(request, { fetcher, policy, clock }), clock);
  const idempotencyKeys = options.idempotencyKeys ?? true;
  return createClient<paths, 'application/json'>({
    baseUrl: options.baseUrl,
    headers: options.headers,
    fetch: (request) => {
      if (idempotencyKeys && request.method.toUpperCase() === 'POST' && !request.headers.has('idempotency-key')) {
        request.headers.set('idempotency-key', crypto.randomUUID());
      }
      return send(request, { fetcher, policy, clock, auth });
    },
  });
}

interface Sending {
  fetcher: (request: Request) => Promise<Response>;
  policy: RetryPolicy;
  clock: () => number;
  auth?: Authenticator;
}

/**
 * Sends `request` (a copy each attempt: a body is read once) until an answer is final: retried as
 * delayBeforeRetry says, and once more with a renewed credential after a 401 where that can help.
 */
export async function send(request: Request, { fetcher, policy, clock, auth }: Sending): Promise<Response> {
  let renewed = false;
  for (let attempt = 1; ; attempt++) {
    const copy = request.clone();
    const credential = await auth?.apply(copy.headers);
    let response: Response;
    try {
      response = await fetcher(copy);
    } catch (error) {
      const wait = delayAfterFailure(policy, request, attempt);
      if (wait === undefined) throw error;
      await policy.sleep(wait);
      continue;
    }
    // A 401 was answered before anything was done: sending again with a new token is safe for any method.
    if (response.status === 401 && auth && credential !== undefined && !renewed && auth.rejected(credential)) {
      renewed = true;
      await response.body?.cancel();
      attempt--;
      continue;
    }
    const wait = delayBeforeRetry(policy, request, response, attempt, clock());
    if (wait === undefined) return response;
    await response.body?.cancel();
    await policy.sleep(wait);
  }
}
