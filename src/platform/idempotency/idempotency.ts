// Idempotency-Key on every POST and PATCH of the API (decision 0048; the IETF httpapi
// idempotency-key-header draft). A request that carries a key runs in one transaction of its own,
// bound to `request.scope` (everything the handler writes joins it: the record commands' nested
// transactions become savepoints), and its answer is stored in that transaction before it commits:
// the effect and its key commit together or not at all, even if the process dies in between. Keys
// belong to the tenant and the credential; they are kept IDEMPOTENCY_KEY_HOURS.
//   - first request: runs; its answer (status, Location/ETag/Content-Type, bytes) is stored;
//   - the same key and the same request again: the stored answer, with `Idempotent-Replayed: true`;
//   - the same key and another request (method, target or body): 422 IDEMPOTENCY_KEY_REUSED;
//   - while the first still runs: 409 IDEMPOTENCY_KEY_IN_USE with Retry-After (an advisory try-lock
//     decides; waiting would hold a pooled connection per waiting retry).
// 5xx, 408, 425 and 429 answers are not stored (the request may succeed when retried); other 4xx are,
// with whatever the handler wrote undone (a savepoint). Requests without the key pay nothing: the
// hooks are on POST and PATCH routes only and return at once.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, onResponseHookHandler, onSendHookHandler, preHandlerHookHandler, RouteOptions } from 'fastify';
import type { Db, OpenTransaction } from '../db/database.ts';
import { AppError, invalid } from '../http/errors.ts';
import { TENANT, type DataScope } from '../scope.ts';

export const IDEMPOTENCY_KEY = 'idempotency-key';
export const REPLAYED = 'idempotent-replayed';
const MAX_KEY_LENGTH = 255;
/** Headers that are part of an answer (replayed with it); the rest (Date, request ids, rate limits) are each response's own. */
const KEPT_HEADERS = ['content-type', 'location', 'etag', 'content-location', 'content-language'];
/** Answers not stored: the same request may succeed when retried. */
const RETRYABLE = new Set([408, 425, 429]);
const METHODS = new Set(['POST', 'PATCH']);

interface Keyed {
  key: string;
  method: string;
  target: string;
  fingerprint: string;
  scope: DataScope;
  transaction: OpenTransaction;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's key and transaction, when it carries a key it runs under. */
    idempotent: Keyed | null;
    /** The stored answer a request with a known key gets instead of running. */
    replayed: Stored | null;
  }
}

/**
 * The key of an `Idempotency-Key` field: an sf-string as the draft writes it (`"8e03978e-…"`), or the
 * bare token many clients send; undefined without the field. 400 naming the field when it is empty,
 * longer than 255 characters or not visible ASCII.
 */
export function keyOf(field: string | string[] | undefined): string | undefined {
  if (field === undefined) return undefined;
  const value = (Array.isArray(field) ? field.join(', ') : field).trim();
  const quoted = /^"((?:[\x20\x21\x23-\x5b\x5d-\x7e]|\\["\\])*)"$/.exec(value);
  const key = quoted ? quoted[1]!.replace(/\\(["\\])/g, '$1') : /^[\x21-\x7e]+$/.test(value) ? value : undefined;
  if (key === undefined || key.length === 0 || key.length > MAX_KEY_LENGTH) {
    throw invalid('Idempotency-Key', `must be a string of 1 to ${MAX_KEY_LENGTH} visible ASCII characters, such as "8e03978e-40d5-43e8-bc93-6894a57f9324"`);
  }
  return key;
}

/** What makes two requests the same: the body as parsed (whatever its media type), hashed. */
const fingerprintOf = (body: unknown) => createHash('sha256').update(JSON.stringify(body ?? null)).digest('base64url');

/** The request's target as stored: its path and query, without a `tw-token` (a credential is never stored). */
function targetOf(url: string): string {
  const parsed = new URL(`http://target${url}`);
  parsed.searchParams.delete('tw-token');
  return `${parsed.pathname}${parsed.search}`;
}

interface Stored { method: string; target: string; fingerprint: string; status: number; headers: Record<string, string>; body: Buffer }

async function begin(request: FastifyRequest, hours: number): Promise<void> {
  const key = keyOf(request.headers[IDEMPOTENCY_KEY]);
  if (key === undefined) return;
  const credential = request.principal.credentialKey;
  const { scope, transaction } = await request.scope.begin();
  let stored: Stored | undefined;
  try {
    // Who runs: the holder of the key's lock (until its commit); a retry that arrives meanwhile is told to come back.
    const { rows: [lock] } = await transaction.client.query<{ locked: boolean }>({
      name: 'idempotency_key_lock', text: 'select pg_try_advisory_xact_lock(hashtextextended($1, 0)) as locked', values: [`${scope.tenantId}:${credential}:${key}`],
    });
    if (!lock?.locked) throw new AppError('IDEMPOTENCY_KEY_IN_USE', 'A request with this Idempotency-Key is still being processed; retry after Retry-After.', undefined, { 'retry-after': '1' });
    // Read after the lock, in a statement of its own: it sees what the previous holder committed.
    [stored] = await scope.named('idempotency_key_read')<Stored & Record<string, unknown>>`select method, target, fingerprint, status, headers, body from idempotency_keys
      where tenant_id = ${TENANT} and credential = ${credential} and key = ${key} and created_at > now() - make_interval(hours => ${hours})`;
    if (!stored) await transaction.client.query('savepoint idempotent_request');
  } catch (e) {
    await transaction.rollback();
    throw e;
  }
  const target = targetOf(request.url);
  const fingerprint = fingerprintOf(request.body);
  if (stored) {
    await transaction.rollback();
    if (stored.method !== request.method || stored.target !== target || stored.fingerprint !== fingerprint) {
      throw new AppError('IDEMPOTENCY_KEY_REUSED', `This Idempotency-Key was used with another request (${stored.method} ${stored.target}, or another body); use a new key for a new request.`);
    }
    request.replayed = stored;
    return;
  }
  request.idempotent = { key, method: request.method, target, fingerprint, scope, transaction };
  request.scope = scope;
}

/**
 * The route's handler, or the stored answer instead of it. A handler of its own, not a reply from the
 * preHandler: a hook's early reply is only known as sent once its onSend hooks have run, and the
 * handler would run meanwhile.
 */
function replaying(handler: RouteOptions['handler']): RouteOptions['handler'] {
  return function (this: FastifyInstance, request, reply) {
    const stored = request.replayed;
    if (!stored) return handler.call(this, request, reply);
    // The stored bytes as they are (a Buffer skips serialization and negotiation); no body as none
    // (a Buffer would be typed application/octet-stream).
    const body = stored.body.length > 0 || stored.headers['content-type'] ? stored.body : undefined;
    void reply.code(stored.status).headers({ ...stored.headers, [REPLAYED]: 'true' }).send(body);
    return undefined;
  };
}

/** The answer's bytes; undefined for a stream (no POST or PATCH answers one: such an answer is committed, not stored). */
function bytesOf(payload: unknown): Buffer | undefined {
  if (payload === undefined || payload === null) return Buffer.alloc(0);
  if (typeof payload === 'string') return Buffer.from(payload);
  return Buffer.isBuffer(payload) ? payload : undefined;
}

function keptHeaders(reply: FastifyReply): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = reply.getHeader(name);
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return headers;
}

/** Stores the answer and commits (or, for an answer not to be kept, rolls everything back). */
async function finish(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<void> {
  const keyed = request.idempotent;
  if (!keyed || keyed.transaction.ended) return;
  const { transaction, scope } = keyed;
  const status = reply.statusCode;
  const body = bytesOf(payload);
  try {
    if (status >= 500 || RETRYABLE.has(status)) return await transaction.rollback();
    // A refusal undoes whatever the handler wrote before it; the refusal itself is the key's answer.
    if (status >= 400) await transaction.client.query('rollback to savepoint idempotent_request');
    if (body) {
      await scope.named('idempotency_key_store')`insert into idempotency_keys (tenant_id, credential, key, method, target, fingerprint, status, headers, body)
        values (${TENANT}, ${request.principal.credentialKey}, ${keyed.key}, ${keyed.method}, ${keyed.target}, ${keyed.fingerprint}, ${status}, ${JSON.stringify(keptHeaders(reply))}::jsonb, ${body})
        on conflict (tenant_id, credential, key) do update set method = excluded.method, target = excluded.target, fingerprint = excluded.fingerprint,
          status = excluded.status, headers = excluded.headers, body = excluded.body, created_at = now()`;
    }
    await transaction.commit();
  } finally {
    // Whatever failed above, the connection goes back (a failed commit has ended it already).
    await transaction.rollback();
  }
}

const asError = (e: unknown): Error => (e instanceof Error ? e : new Error(String(e)));

/**
 * Adds the key's hooks to the API's POST and PATCH routes (after the app's own: the answer is final
 * when stored). Callback hooks that return at once without a key: a request without one makes no
 * promise here.
 */
export function registerIdempotency(app: FastifyInstance, options: { hours: number }) {
  app.decorateRequest('idempotent', null);
  app.decorateRequest('replayed', null);
  const preHandler: preHandlerHookHandler = (request, _reply, done) => {
    if (request.headers[IDEMPOTENCY_KEY] === undefined) return done();
    begin(request, options.hours).then(() => done(), (e: unknown) => done(asError(e)));
  };
  const onSend: onSendHookHandler = (request, reply, payload, done) => {
    if (!request.idempotent) return done(null, payload);
    finish(request, reply, payload).then(() => done(null, payload), (e: unknown) => done(asError(e)));
  };
  // A request that never reached onSend (its answer hijacked, say) gives its connection back.
  const onResponse: onResponseHookHandler = (request, _reply, done) => {
    if (!request.idempotent) return done();
    request.idempotent.transaction.rollback().then(() => done(), (e: unknown) => done(asError(e)));
  };
  app.addHook('onRoute', (route: RouteOptions) => {
    const access = route.config?.access;
    if (!access || access === 'public' || ![route.method].flat().some((m) => METHODS.has(m))) return;
    route.preHandler = [...[route.preHandler ?? []].flat(), preHandler];
    route.onSend = [...[route.onSend ?? []].flat(), onSend];
    route.onResponse = [...[route.onResponse ?? []].flat(), onResponse];
    route.handler = replaying(route.handler);
  });
}

/** Rows deleted per statement. */
const BATCH = 5000;

/** Deletes the keys older than `hours` (the retention loop, hourly); answers how many. */
export async function pruneIdempotencyKeys(db: Db, hours: number): Promise<number> {
  let deleted = 0;
  for (;;) {
    const { rowCount } = await db.execute(sql`delete from idempotency_keys k
      where (k.tenant_id, k.credential, k.key) in (
        select o.tenant_id, o.credential, o.key from idempotency_keys o where o.created_at < now() - make_interval(hours => ${hours}) limit ${BATCH})`);
    deleted += rowCount ?? 0;
    if ((rowCount ?? 0) < BATCH) return deleted;
  }
}
