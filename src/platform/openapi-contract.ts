// What every operation of the description promises beyond its schemas (decision 0052): the headers
// of its answers, the error statuses it can answer with the codes each can carry, the request headers
// of safe retries and conditional writes, and CSV and XLSX as what they are. All derived from what
// the operation is (its method, parameters, body, media types and whether it needs a credential),
// defined once as components and referenced, so a client generator types every answer.
import { ERROR_CODES, titleOf, type ErrorCode } from './http/errors.ts';
import { XLSX } from './http/negotiation.ts';
import { jsonAt, jsonEntries, jsonList, jsonOf, jsonOrEmpty, type Json } from './json-object.ts';

/** The response headers, once each (components/headers). */
export const RESPONSE_HEADERS = {
  'X-Request-Id': {
    description: 'The request\'s id: the X-Request-Id the request sent (when well formed) or one the service made. '
      + 'It is in every log line of the request and in problem bodies (traceId): quote it when reporting a problem.',
    schema: { type: 'string' },
  },
  RateLimit: {
    description: 'What is left of the credential\'s quota in the current window (IETF httpapi ratelimit-headers draft), e.g. `"default";r=950;t=30`.',
    schema: { type: 'string' },
  },
  'RateLimit-Policy': {
    description: 'The credential\'s quota (IETF httpapi ratelimit-headers draft): requests per window, e.g. `"default";q=1000;w=60`.',
    schema: { type: 'string' },
  },
  'Retry-After': { description: 'Seconds to wait before sending the request again.', schema: { type: 'integer', minimum: 0 } },
  ETag: {
    description: 'A strong entity tag of what was answered. Send it back in If-None-Match on a GET (304 when nothing changed) '
      + 'or, for a record, in If-Match on a PATCH (412 when the record changed since).',
    schema: { type: 'string' },
  },
  Location: { description: 'The path of what was created (or, for 202, of the batch job doing the work).', schema: { type: 'string' } },
  'X-Total-Count': { description: 'The number of items of the whole list (its totalCount), whatever skip and take.', schema: { type: 'integer', minimum: 0 } },
  Link: {
    description: 'The list\'s other pages (RFC 8288): `first`, `prev`, `next` and `last`, each the same request with its own skip and take (where there is one).',
    schema: { type: 'string' }, example: '</Employees?lastName=Smith&skip=2000&take=1000>; rel="next", </Employees?lastName=Smith&skip=0&take=1000>; rel="first"',
  },
  'WWW-Authenticate': { description: 'The credential forms the service accepts (RFC 9110 challenges: Basic and Bearer).', schema: { type: 'string' } },
} as const;

type HeaderName = keyof typeof RESPONSE_HEADERS;

/** The request headers of safe retries and conditional writes, once each (components/parameters). */
export const REQUEST_HEADERS = {
  IdempotencyKey: {
    name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', minLength: 1, maxLength: 255 },
    description: 'A key of your choosing (a UUID, say) that makes a retried write take effect once (IETF httpapi idempotency-key draft): '
      + 'the same key with the same body answers the first response again; with another body, 422; while the first still runs, 409 with Retry-After. '
      + 'Keys are the credential\'s own and kept 24 hours.',
  },
  IfMatch: {
    name: 'If-Match', in: 'header', required: false, schema: { type: 'string' },
    description: 'The record\'s ETag as you last read it: the change is made only if the record is still in that state (412 with the current ETag otherwise).',
  },
} as const;

/** What a status means when it comes from a request header rather than from a code of its own. */
const STATUS_CAUSES: Readonly<Record<number, string>> = {
  409: 'A request with the same Idempotency-Key is still running (retry after Retry-After).',
  412: 'If-Match names a state the record is no longer in; the answer carries the current ETag.',
  422: 'The Idempotency-Key was used before with another request body.',
};

/** Component names of the error responses that carry no code of their own, after their cause. */
const CAUSE_NAMES: Readonly<Record<number, string>> = { 409: 'IdempotencyKeyInUse', 412: 'IfMatchFailed', 422: 'IdempotencyKeyReused' };

/** What the description knows of a route beyond its schema. */
export interface RouteFacts {
  /** `access: 'public'`: no credential, so no 401, 403 or quota. */
  isPublic: boolean;
  /** Domain codes the route can answer beyond those its shape implies (schema.errorCodes). */
  errorCodes: readonly ErrorCode[];
}


const WRITES = new Set(['post', 'patch']);
const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` });
const pascal = (code: string) => code.toLowerCase().replace(/(^|_)([a-z0-9])/g, (_m, _s, c: string) => c.toUpperCase());

/** The codes an operation can answer, from what it takes and who may call it. */
export function errorCodesOf(method: string, operation: Json, facts: RouteFacts): ErrorCode[] {
  const parameters = jsonList(operation.parameters);
  const hasBody = operation.requestBody !== undefined;
  const success = jsonEntries(operation.responses).find(([status]) => /^2\d\d$/.test(status))?.[1];
  const negotiated = Object.keys(jsonOrEmpty(success?.content)).length > 1;
  const codes: ErrorCode[] = [];
  if (parameters.length > 0 || hasBody) codes.push('VALIDATION_FAILED');
  if (!facts.isPublic) codes.push('UNAUTHENTICATED', 'ROLE_NOT_ALLOWED', 'SCOPE_MISSING', 'TOO_MANY_REQUESTS');
  if (parameters.some((p) => p.in === 'path')) codes.push('NOT_FOUND');
  if (negotiated) codes.push('NOT_ACCEPTABLE');
  if (hasBody) codes.push('PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE');
  // A JSON Patch `test` that fails (every PATCH here takes a JSON Patch document).
  if (method === 'patch') codes.push('PRECONDITION_FAILED');
  codes.push(...facts.errorCodes, 'OVERLOADED');
  return [...new Set(codes)];
}

/** Statuses a write can answer because of its request headers (Idempotency-Key, If-Match), with or without a code of their own. */
function headerStatuses(method: string, facts: RouteFacts): number[] {
  if (facts.isPublic || !WRITES.has(method)) return [];
  return method === 'patch' ? [409, 412, 422] : [409, 422];
}

/** The error response of a status carrying these codes: described, with its headers and the problem schema narrowed to the codes. */
function errorResponse(status: number, codes: ErrorCode[]): Json {
  const meanings = codes.map((code) => `\`${code}\`: ${ERROR_CODES[code].meaning}`);
  const cause = STATUS_CAUSES[status];
  const headers: Record<string, Json> = { ...commonHeaders() };
  // 409: a request with the same Idempotency-Key still running says when to come back.
  if (status === 409 || status === 429 || status === 503) headers['Retry-After'] = ref('headers', 'Retry-After');
  if (status === 401) headers['WWW-Authenticate'] = ref('headers', 'WWW-Authenticate');
  const problem = ref('schemas', 'Problem');
  return {
    description: [`${titleOf(status)}.`, ...meanings, ...(cause ? [cause] : [])].join(' '),
    headers,
    content: {
      'application/problem+json': {
        schema: codes.length ? { allOf: [problem, { type: 'object', properties: { code: { type: 'string', enum: codes } } }] } : problem,
      },
    },
  };
}

const commonHeaders = (): Record<string, Json> => ({
  'X-Request-Id': ref('headers', 'X-Request-Id'), RateLimit: ref('headers', 'RateLimit'), 'RateLimit-Policy': ref('headers', 'RateLimit-Policy'),
});

/** The headers of a success response: the common ones, and what this method and status add. */
function successHeaders(method: string, status: string, content: Json | undefined): Record<string, Json> {
  const headers = commonHeaders();
  const add = (name: HeaderName) => { headers[name] = ref('headers', name); };
  if ((method === 'get' && status === '200') || (method === 'patch' && status === '200')) add('ETag');
  if (status === '201' || (method === 'post' && status === '202')) add('Location');
  // A paged list: its JSON schema is a page (`{data, totalCount}`), and negotiation sends the total and the other pages as headers too.
  if (method === 'get' && status === '200' && content && Object.hasOwn(content, 'text/csv') && Object.hasOwn(content, 'application/json')) {
    add('X-Total-Count');
    add('Link');
  }
  return headers;
}

/** CSV and XLSX as what they are: text with a header row, and a workbook (the JSON schema describes the JSON). */
function spreadsheets(content: Json): void {
  if (Object.hasOwn(content, 'text/csv')) {
    content['text/csv'] = {
      schema: { type: 'string', description: 'CSV (RFC 4180): a header row, then one row per item; nested fields are dotted columns (docs/content-negotiation.md).' },
    };
  }
  if (Object.hasOwn(content, XLSX)) {
    content[XLSX] = { schema: { type: 'string', format: 'binary', description: 'An XLSX workbook: one sheet, a header row, then one row per item.' } };
  }
}

/**
 * Completes a description's operations: response headers, the error statuses each can answer (the
 * ranges stay for any other), Idempotency-Key and If-Match on the writes, and the spreadsheet media
 * types. `facts` are the routes' by `METHOD /path`.
 */
export function completeOperations(document: Json, facts: (method: string, path: string) => RouteFacts | undefined): Json {
  const components = jsonAt(document, 'components');
  const responses = jsonAt(components, 'responses');
  components.headers = { ...jsonOrEmpty(components.headers), ...RESPONSE_HEADERS };
  components.parameters = { ...jsonOrEmpty(components.parameters), ...REQUEST_HEADERS };
  const statusOfName = new Map<string, number>();
  for (const [path, item] of jsonEntries(document.paths)) {
    for (const [method, operation] of jsonEntries(item)) {
      const route = facts(method.toUpperCase(), path) ?? { isPublic: false, errorCodes: [] };
      const answers = jsonAt(operation, 'responses');
      for (const [status, response] of jsonEntries(answers)) {
        if (/^[45]XX$/.test(status)) response.headers = commonHeaders();
        if (!/^[23]\d\d$/.test(status)) continue;
        const content = jsonOf(response.content);
        response.headers = { ...successHeaders(method, status, content), ...jsonOrEmpty(response.headers) };
        if (content) spreadsheets(content);
      }
      const byStatus = new Map<number, ErrorCode[]>();
      for (const code of errorCodesOf(method, operation, route)) byStatus.set(ERROR_CODES[code].status, [...(byStatus.get(ERROR_CODES[code].status) ?? []), code]);
      for (const status of headerStatuses(method, route)) if (!byStatus.has(status)) byStatus.set(status, []);
      for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
        const named = codes.length ? codes.map(pascal).join('Or') : CAUSE_NAMES[status] ?? `Status${status}`;
        // A name is one status's: a cause's name that a code of another status also spells gets its status.
        const name = statusOfName.has(named) && statusOfName.get(named) !== status ? `${named}${status}` : named;
        statusOfName.set(name, status);
        responses[name] ??= errorResponse(status, codes);
        answers[String(status)] = ref('responses', name);
      }
      if (!route.isPublic && WRITES.has(method)) {
        const headers = [ref('parameters', 'IdempotencyKey'), ...(method === 'patch' ? [ref('parameters', 'IfMatch')] : [])];
        operation.parameters = [...jsonList(operation.parameters), ...headers];
      }
    }
  }
  return document;
}
