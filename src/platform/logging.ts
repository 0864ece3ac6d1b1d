// Logging through pino (Fastify's logger). Secrets never reach the log: credential headers and
// cookies are redacted; a request target that carries a credential in its query (under any spelling
// the query parser would decode to one: `tw%2Dtoken`, `%74w-token`, `tw-token[]`) or in a userinfo
// (`http://user:secret@host/...`) is logged without it; a logged error carries its SQL statement's
// name or first words, never the values bound to it (record values, uploaded bytes).
import type { FastifyServerOptions } from 'fastify';
import type { Writable } from 'node:stream';
import pino from 'pino';

/** Query parameter names that carry a credential, as the query parser would decode them. */
const CREDENTIAL_PARAMETERS = new Set(['tw-token', 'x-tw-token', 'access_token', 'refresh_token', 'id_token', 'client_secret', 'password', 'code', 'token', 'api_key', 'apikey']);

function decodedName(pair: string): string {
  const raw = (pair.split('=')[0] ?? '').replace(/\+/g, ' ');
  let name = raw;
  try { name = decodeURIComponent(raw); } catch { /* a malformed escape stays as written */ }
  return name.replace(/\[.*$/s, '').trim().toLowerCase();
}

export function redactUrl(url: string): string {
  const target = url.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/?#]*@/i, '$1[REDACTED]@');
  const at = target.indexOf('?');
  if (at < 0) return target;
  const carriesCredential = target.slice(at + 1).split(/[&;]/).some((pair) => CREDENTIAL_PARAMETERS.has(decodedName(pair)));
  return carriesCredential ? `${target.slice(0, at)}?[REDACTED]` : target;
}

/** Where a database error keeps bound or stored values: never logged. */
const VALUE_KEYS = new Set(['params', 'parameters', 'values', 'bindings', 'detail', 'where', 'internalQuery']);

type SerializedError = ReturnType<typeof pino.stdSerializers.err>;

/** A database error's text without what it quotes of the data (`params: ...`, `"the value"`). */
function scrubbed(text: string): string {
  return text.replace(/params: [^\n]*/g, 'params: [REDACTED]').replace(/"[^"\n]*"/g, '"[REDACTED]"').replace(/\([^()\n]*\)=\([^\n]*\)/g, '(...)=(...)');
}

function isDatabaseError(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  return 'query' in value || 'severity' in value || ('cause' in value && isDatabaseError(value.cause));
}

function withoutValues(value: unknown, depth: number): unknown {
  if (depth > 5 || value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (VALUE_KEYS.has(key)) continue;
    out[key] = typeof inner === 'string' ? (key === 'query' ? inner.slice(0, 200) : scrubbed(inner)) : withoutValues(inner, depth + 1);
  }
  return out;
}

/**
 * An error as pino logs it. A database error (anywhere down its causes) keeps its statement's first
 * words, its SQLSTATE, table, column and constraint, never the values bound to it or quoted in it.
 */
export function serializeError(error: Error): SerializedError {
  const serialized = pino.stdSerializers.err(error);
  if (!isDatabaseError(error)) return serialized;
  const out: SerializedError = { ...serialized, message: scrubbed(serialized.message), stack: scrubbed(serialized.stack) };
  for (const key of Object.keys(out)) {
    if (VALUE_KEYS.has(key)) delete out[key];
    else if (key === 'query' && typeof out[key] === 'string') out[key] = out[key].slice(0, 200);
    else if (key !== 'message' && key !== 'stack') out[key] = withoutValues(out[key], 1);
  }
  return out;
}

export function loggerOptions(level: string, stream?: Writable): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: ['req.headers.authorization', 'req.headers["x-tw-token"]', 'req.headers.cookie', 'res.headers["set-cookie"]'], censor: '[REDACTED]' },
    serializers: {
      req: (req: { method: string; url: string; id: string; ip?: string }) => ({ id: req.id, method: req.method, url: redactUrl(req.url), ip: req.ip }),
      err: serializeError,
    },
  };
}
