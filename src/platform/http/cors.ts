// CORS for browser apps on other origins (decision 0047), with @fastify/cors. Off unless CORS_ORIGINS
// names origins: then no response carries a CORS header, and a preflight is answered as before (405).
// With origins configured, a request from one of them gets `Access-Control-Allow-Origin` (its own
// origin, or `*` when the list is `*`) and the headers a client may read; a preflight to an API route
// is answered 204 with the methods that path takes and the request headers those methods read. Any
// other origin gets no CORS header, and its preflight the 405 it got before. Credentials are headers
// (Authorization, X-Tw-Token), never cookies: `Access-Control-Allow-Credentials` is not sent.
import cors, { type FastifyCorsOptions, type FastifyCorsOptionsDelegateCallback } from '@fastify/cors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MethodsAt } from './route-methods.ts';

/** What a browser may read of an answer, beside the CORS-safelisted response headers. */
export const EXPOSED_HEADERS = [
  'ETag', 'Location', 'RateLimit', 'RateLimit-Policy', 'Retry-After', 'X-Request-Id', 'traceresponse', 'X-Total-Count', 'Link',
  'Deprecation', 'WWW-Authenticate',
];

/** The request headers every route reads: credentials, request ids and traces. */
const EVERY_ROUTE = ['Authorization', 'X-Tw-Token', 'X-Request-Id', 'traceparent', 'tracestate'];
/** The request headers a method reads besides. */
const BY_METHOD: Record<string, readonly string[]> = {
  GET: ['If-None-Match'],
  POST: ['Content-Type', 'Idempotency-Key'],
  PUT: ['Content-Type', 'If-Match'],
  PATCH: ['Content-Type', 'Idempotency-Key', 'If-Match'],
  DELETE: ['If-Match'],
};

/** The request headers a route taking `methods` reads (what its preflight allows). */
export function headersOf(methods: readonly string[]): string[] {
  return [...new Set([...EVERY_ROUTE, ...methods.flatMap((m) => BY_METHOD[m] ?? [])])];
}

/** The configured origins: `https://app.example` entries, or `*` for any. */
export function corsOrigins(setting: string | undefined): string[] {
  return (setting ?? '').split(',').map((o) => o.trim()).filter((o) => o !== '');
}

/** Seconds a browser may keep a preflight's answer. */
const PREFLIGHT_MAX_AGE = 600;

/**
 * Answers CORS for the origins listed (none: nothing is registered). Register before the access hook:
 * a preflight carries no credential, and is answered in the CORS hook before any authentication.
 */
export async function registerCors(app: FastifyInstance, origins: readonly string[], methodsAt: MethodsAt): Promise<void> {
  if (origins.length === 0) return;
  const anyOrigin = origins.includes('*');
  const allowed = new Set(origins);
  const refused: FastifyCorsOptions = { origin: false };
  const answer: FastifyCorsOptions = { origin: anyOrigin ? '*' : true, exposedHeaders: EXPOSED_HEADERS, maxAge: PREFLIGHT_MAX_AGE };

  const optionsFor = (request: FastifyRequest): FastifyCorsOptions => {
    const origin = request.headers.origin;
    if (origin === undefined || (!anyOrigin && !allowed.has(origin))) return refused;
    if (request.method !== 'OPTIONS') return answer;
    // A preflight: the path's own methods, or no answer at all where no route is (404, as before).
    const methods = methodsAt(request.url.split('?')[0] ?? '/');
    if (methods.length === 0) return refused;
    return { ...answer, methods: methods.includes('GET') ? [...methods, 'HEAD'] : methods, allowedHeaders: headersOf(methods) };
  };
  const delegator: FastifyCorsOptionsDelegateCallback = (request, callback) => callback(null, optionsFor(request));
  await app.register(cors, { delegator });
}
