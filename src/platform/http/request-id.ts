// Request ids and traces (decision 0047). Every request has two names:
// - its request id (`request.id`): the caller's `X-Request-Id` when well formed, else a new UUID. It
//   is every log line's `reqId`, the history entries' `requestId` and the problem body's `traceId`
//   (the name ASP.NET's problem details give it, which the spec's clients parse).
// - its trace (W3C Trace Context): the trace id of a valid `traceparent`, else a new one, and a span
//   id of its own: every log line's `trace_id` and `span_id` (OpenTelemetry's names for them in logs).
// Both are answered on every response, whatever answers it (a route, an error, a 404, a page, the
// login server, oidc-provider): `X-Request-Id` and `traceresponse` (Trace Context level 2).
// A malformed header is replaced, never refused: an id is a convenience, not a contract.
import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * A well-formed request id: 1 to 128 characters, letters, digits and `-_.:+/=@` (a UUID, a ULID, a
 * base64 or prefixed id), nothing that could split a header or a log line. Longer ones are replaced.
 */
const REQUEST_ID = /^[A-Za-z0-9\-_.:+/=@]{1,128}$/;

/** The caller's request id when it is well formed (one header, REQUEST_ID), else undefined. */
export function acceptedRequestId(header: string | string[] | undefined): string | undefined {
  return typeof header === 'string' && REQUEST_ID.test(header) ? header : undefined;
}

export interface Trace {
  /** 32 lowercase hex digits, not all zero: the caller's (traceparent) or a new one. */
  traceId: string;
  /** 16 lowercase hex digits: this request's own span, the parent of what it calls. */
  spanId: string;
  /** The caller's trace flags (2 hex digits; `00` for a trace started here): passed on, not decided here. */
  flags: string;
}

// version-traceid-parentid-flags; a later version may append fields after another dash.
const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;
const ZERO_TRACE = '0'.repeat(32);
const ZERO_SPAN = '0'.repeat(16);

/** The trace id and flags of a `traceparent` valid per W3C Trace Context, else undefined. */
export function parseTraceparent(header: string | string[] | undefined): { traceId: string; flags: string } | undefined {
  if (typeof header !== 'string') return undefined;
  const match = TRACEPARENT.exec(header);
  if (!match) return undefined;
  const [, version, traceId, parentId, flags, rest] = match;
  // Version ff is invalid; version 00 has exactly four fields.
  if (version === 'ff' || (version === '00' && rest !== undefined)) return undefined;
  if (traceId === ZERO_TRACE || parentId === ZERO_SPAN || !traceId || !flags) return undefined;
  return { traceId, flags };
}

// Random hex for trace and span ids, cut from a pool drawn 4 KiB at a time: every request needs 48
// digits, and one draw per 85 requests is far cheaper than a UUID per id (decision 0047).
const POOL_BYTES = 4096;
let pool = '';
let taken = 0;

function randomHex(digits: number, zero: string): string {
  if (taken + digits > pool.length) {
    pool = randomBytes(POOL_BYTES).toString('hex');
    taken = 0;
  }
  const hex = pool.slice(taken, (taken += digits));
  // W3C Trace Context forbids all-zero ids (a chance of 2^-64 at worst): draw again.
  return hex === zero ? randomHex(digits, zero) : hex;
}

function traceFrom(header: string | string[] | undefined): Trace {
  const parent = parseTraceparent(header);
  return { traceId: parent?.traceId ?? randomHex(32, ZERO_TRACE), spanId: randomHex(16, ZERO_SPAN), flags: parent?.flags ?? '00' };
}

declare module 'node:http' {
  interface IncomingMessage {
    /** The request's trace (request-id.ts), made with its id. */
    trace?: Trace;
  }
}

function traceOfRaw(raw: IncomingMessage): Trace {
  return (raw.trace ??= traceFrom(raw.headers.traceparent));
}

/** The request's trace. */
export function traceOf(request: FastifyRequest): Trace {
  return traceOfRaw(request.raw);
}

/**
 * The Fastify options that name requests: `genReqId` (the accepted X-Request-Id or a UUID; the
 * trace is made with it) and the request logger's bindings (`reqId`, `trace_id`, `span_id`). For the
 * API's Fastify and the login server's.
 */
export function requestNaming(): Pick<FastifyServerOptions, 'genReqId' | 'childLoggerFactory'> {
  return {
    genReqId: (raw) => {
      raw.trace = traceFrom(raw.headers.traceparent);
      return acceptedRequestId(raw.headers['x-request-id']) ?? randomUUID();
    },
    // Fastify makes `bindings` for this request alone: extended in place, not copied.
    childLoggerFactory: (logger, bindings, options, raw) => {
      const trace = traceOfRaw(raw);
      bindings.trace_id = trace.traceId;
      bindings.span_id = trace.spanId;
      return logger.child(bindings, options);
    },
  };
}

/**
 * Puts the request's id and trace on its response: as the reply's headers (Fastify hands them to
 * `writeHead` in one pass), or with `raw` on the raw response, for a server whose replies may be
 * hijacked (the login server hands requests to oidc-provider). Raw headers cost every answer of the
 * API more than the two headers: `writeHead` then sets each of Fastify's headers one by one
 * (measured, decision 0047).
 */
export function answerRequestIds(request: FastifyRequest, reply: FastifyReply, raw = false): void {
  const trace = traceOf(request);
  const traceresponse = `00-${trace.traceId}-${trace.spanId}-${trace.flags}`;
  if (raw) {
    reply.raw.setHeader('x-request-id', request.id);
    reply.raw.setHeader('traceresponse', traceresponse);
  } else {
    reply.header('x-request-id', request.id);
    reply.header('traceresponse', traceresponse);
  }
}

/**
 * Every response of `app` answers its request's ids, whatever answers it (register first, before any
 * hook that may answer); `raw` for a server that hijacks replies (answerRequestIds).
 */
export function registerRequestIds(app: FastifyInstance, raw = false): void {
  app.addHook('onRequest', (request, reply, done) => {
    answerRequestIds(request, reply, raw);
    done();
  });
}
