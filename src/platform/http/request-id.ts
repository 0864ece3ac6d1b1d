// Request ids and traces (decision 0047). Every request has two names:
// - its request id (`request.id`): the caller's `X-Request-Id` when well formed, else a new UUID. It
//   is every log line's `reqId`, the history entries' `requestId` and the problem body's `traceId`
//   (the name ASP.NET's problem details give it, which the spec's clients parse).
// - its trace (W3C Trace Context): the trace id of a valid `traceparent`, else a new one, and a span
//   id of its own: every log line's `trace_id` and `span_id` (OpenTelemetry's names for them in logs).
// Both are answered on every response, whatever answers it (a route, an error, a 404, a page, the
// login server, oidc-provider): `X-Request-Id` and `traceresponse` (Trace Context level 2).
// A malformed header is replaced, never refused: an id is a convenience, not a contract.
import { randomUUID } from 'node:crypto';
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

// A v4 UUID without its dashes is 32 hex digits, never all zero (its version digit is 4); its last
// 16 start with the variant digit (8 to b), never all zero either. randomUUID draws from a cache of
// random bytes: cheaper than randomBytes per request.
const hex32 = () => randomUUID().replaceAll('-', '');

function traceFrom(header: string | string[] | undefined): Trace {
  const parent = parseTraceparent(header);
  return { traceId: parent?.traceId ?? hex32(), spanId: hex32().slice(16), flags: parent?.flags ?? '00' };
}

/** Each request's trace, made with its id (genReqId) and kept with its raw request. */
const traces = new WeakMap<IncomingMessage, Trace>();

function traceOfRaw(raw: IncomingMessage): Trace {
  let trace = traces.get(raw);
  if (!trace) {
    trace = traceFrom(raw.headers.traceparent);
    traces.set(raw, trace);
  }
  return trace;
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
      traces.set(raw, traceFrom(raw.headers.traceparent));
      return acceptedRequestId(raw.headers['x-request-id']) ?? randomUUID();
    },
    childLoggerFactory: (logger, bindings, options, raw) => {
      const trace = traceOfRaw(raw);
      return logger.child({ ...bindings, trace_id: trace.traceId, span_id: trace.spanId }, options);
    },
  };
}

/**
 * Puts the request's id and trace on its response. On the raw response: answers Fastify sends merge
 * them, and so do those of a hijacked reply (the login server hands requests to oidc-provider).
 */
export function answerRequestIds(request: FastifyRequest, reply: FastifyReply): void {
  const trace = traceOf(request);
  reply.raw.setHeader('x-request-id', request.id);
  reply.raw.setHeader('traceresponse', `00-${trace.traceId}-${trace.spanId}-${trace.flags}`);
}

/** Every response of `app` answers its request's ids: register first, before any hook that may answer. */
export function registerRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    answerRequestIds(request, reply);
    done();
  });
}
