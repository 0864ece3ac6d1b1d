// One place renders every error as problem+json (RFC 9457): status, title, detail, traceId and, for
// validation failures, an `errors` map of field name → messages. 5xx details are never shown.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { addFieldError, AppError, codeOfStatus, ERROR_CODES, logAppError, problemType, titleOf, type ErrorCode, type FieldErrors } from './errors.ts';
import { isConnectionFailure, pgError } from '../db/database.ts';
import type { TypedRequests } from './typed-requests.ts';
import { discardRestOfBody } from './discard-body.ts';
import { routeMethods, type MethodsAt } from './route-methods.ts';

export const PROBLEM_JSON = 'application/problem+json; charset=utf-8';

export interface Problem {
  type: string;
  code: ErrorCode;
  title: string;
  status: number;
  detail?: string;
  instance: string;
  traceId: string;
  errors?: FieldErrors;
}

export function problemOf(
  request: FastifyRequest, status: number, detail?: string, errors?: FieldErrors, code = codeOfStatus(status), extensions: Record<string, unknown> = {},
): Problem & Record<string, unknown> {
  const body: Problem = {
    type: problemType(code),
    code,
    title: titleOf(status),
    status,
    detail,
    // The path only: the query may hold a `tw-token`.
    instance: request.url.split('?')[0] ?? '/',
    // The request id (X-Request-Id, decision 0047), under the name ASP.NET's problem details give it.
    traceId: request.id,
  };
  if (errors) body.errors = errors;
  // Extension members (RFC 9457 section 3.2) never replace the standard ones.
  return { ...extensions, ...body };
}

export function sendProblem(
  request: FastifyRequest, reply: FastifyReply, status: number, detail?: string, errors?: FieldErrors, headers?: Record<string, string>, code?: ErrorCode,
  extensions?: Record<string, unknown>,
) {
  if (headers) reply.headers(headers);
  return reply
    .code(status)
    .type(PROBLEM_JSON)
    .serializer(JSON.stringify)
    .send(problemOf(request, status, detail, errors, code, extensions));
}

interface AjvError { instancePath: string; keyword: string; message?: string; params: Record<string, unknown> }

/** ajv errors → field errors. The field is named as the client sent it (`firstName`, `skip`, ...). */
/**
 * A value that fits no member of `T | null` (an optional field, shapes.ts `opt`) gets ajv's message
 * for each member and one for the union: "must NOT have more than 50 characters; must be null; must
 * match a schema in anyOf". The first says what is wrong; the other two only repeat that it is.
 */
const repeats = (e: AjvError) => e.keyword === 'anyOf' || (e.keyword === 'type' && e.params.type === 'null');

export function fieldErrors(validation: AjvError[], context: string | undefined): FieldErrors {
  const errors: FieldErrors = {};
  const said = validation.filter((e) => !repeats(e)).map((e) => e.instancePath);
  const explained = (path: string) => said.some((p) => p === path || p.startsWith(`${path}/`));
  for (const e of validation) {
    if (repeats(e) && explained(e.instancePath)) continue;
    let field = e.instancePath.replace(/^\//, '').replace(/\//g, '.');
    if (e.keyword === 'required' && typeof e.params.missingProperty === 'string') {
      field = field ? `${field}.${e.params.missingProperty}` : e.params.missingProperty;
    }
    if (e.keyword === 'additionalProperties' && typeof e.params.additionalProperty === 'string') {
      field = field ? `${field}.${e.params.additionalProperty}` : e.params.additionalProperty;
    }
    field ||= context ?? 'body';
    let message = e.message ?? 'is invalid';
    if (e.keyword === 'required') message = 'is required';
    if (e.keyword === 'enum' && Array.isArray(e.params.allowedValues)) message = `must be one of ${e.params.allowedValues.join(', ')}`;
    addFieldError(errors, field, message);
  }
  return errors;
}

const fastifyCodes: Record<string, number> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 415,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 400,
  FST_ERR_CTP_BODY_TOO_LARGE: 413,
  FST_ERR_CTP_EMPTY_JSON_BODY: 400,
  FST_ERR_CTP_INVALID_JSON_BODY: 400,
  FST_REQ_FILE_TOO_LARGE: 413,
  FST_PARTS_LIMIT: 413,
  FST_FILES_LIMIT: 413,
  FST_FIELDS_LIMIT: 413,
  FST_INVALID_MULTIPART_CONTENT_TYPE: 415,
};

// PostgreSQL error classes that mean the server is busy, not that the request is wrong.
const busyPgCodes = new Set(['53300', '57P03', '53400']);

/** Every error body, documented once for the OpenAPI description. */
const CODES = Object.keys(ERROR_CODES);
const isErrorCode = (code: string): code is ErrorCode => code in ERROR_CODES;

export const ProblemSchema = Type.Object({
  type: Type.String({ description: 'A URI per code: `/problems/{code}` describes it.' }),
  code: Type.String({ enum: CODES, description: 'What went wrong, as a stable code (GET /problems/{code}).' }),
  title: Type.String(),
  status: Type.Integer(),
  detail: Type.Optional(Type.String()),
  instance: Type.String({ description: 'The request path.' }),
  traceId: Type.String({ description: 'The request id: the `X-Request-Id` the request sent (when well formed) or the one the service made, answered in `X-Request-Id`. Quote it when reporting a problem: every log line of the request carries it (`reqId`).' }),
  errors: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()), { description: 'Field name → messages (validation failures).' })),
}, { $id: 'Problem', description: 'application/problem+json (RFC 9457). Some codes add members of their own, documented with the code: ASSIGNMENT_RESTRICTED adds `results`, ASSIGNMENT_NOT_VETTED `staleBecause` (docs/assignments.md).' });

const ProblemType = Type.Object({
  code: Type.String({ enum: CODES }), status: Type.Integer(), title: Type.String(), meaning: Type.String(),
}, { $id: 'ProblemType' });

/** `GET /problems/{type}`: what each code means (the `type` of a problem points here). After the OpenAPI plugin, to be documented. */
export function registerProblemTypes(app: FastifyInstance) {
  app.withTypeProvider<TypedRequests>().get('/problems/:type', {
    config: { access: 'public', representation: 'record', recordName: 'ProblemType' },
    schema: {
      tags: ['Problems'], operationId: 'getProblemType', summary: 'What an error code means (the `type` URI of a problem).',
      params: Type.Object({ type: Type.String({ maxLength: 60, pattern: '^[a-z0-9-]+$' }) }), response: { 200: ProblemType },
    },
  }, async (request) => {
    const code = CODES.filter(isErrorCode).find((c) => problemType(c) === `/problems/${request.params.type}`);
    if (!code) throw new AppError('NOT_FOUND', 'No such problem type.');
    const { status, meaning } = ERROR_CODES[code];
    return { code, status, title: titleOf(status), meaning };
  });
}

/** `methodsAt`: the route table's mirror (route-methods.ts), to tell "no such path" (404) from "no such method" (405). */
export function registerProblemHandlers(app: FastifyInstance, methodsAt: MethodsAt = routeMethods(app)) {
  app.addSchema(ProblemSchema);
  app.addHook('onRoute', (route) => {
    if (!route.schema || route.schema.hide) return;
    const response = (route.schema.response ?? {}) as Record<string, unknown>;
    const problem = { description: 'A problem (application/problem+json).', content: { 'application/problem+json': { schema: { $ref: 'Problem#' } } } };
    route.schema.response = { ...response, '4XX': problem, '5XX': problem };
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const allowed = methodsAt(path);
    if (allowed.length > 0) {
      return sendProblem(request, reply, 405, `${request.method} is not allowed here.`, undefined, { allow: allowed.join(', ') });
    }
    return sendProblem(request, reply, 404, 'No endpoint matches this path.');
  });

  app.setErrorHandler((error: FastifyError & { validationContext?: string; headers?: Record<string, string> }, request, reply) => {
    if (error instanceof AppError) {
      logAppError(request.log, error, 'request failed');
      return sendProblem(request, reply, error.status, error.message, error.errors, error.headers, error.code, error.extensions);
    }
    if (error.validation) {
      const errors = fieldErrors(error.validation as AjvError[], error.validationContext);
      const detail = Object.entries(errors).map(([f, m]) => `${f}: ${m.join('; ')}`).join(' | ');
      return sendProblem(request, reply, 400, detail, errors);
    }
    const mapped = error.code ? fastifyCodes[error.code] : undefined;
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') discardRestOfBody(request);
    if (mapped) return sendProblem(request, reply, mapped, error.message);
    if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
      return sendProblem(request, reply, 400, `The request body is not valid: ${error.message}`);
    }
    if (isConnectionFailure(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return sendProblem(request, reply, 503, 'The database is unavailable; retry later.', undefined, { 'retry-after': '5' }, 'OVERLOADED');
    }
    const pgCode = pgError(error)?.code;
    if ((pgCode && busyPgCodes.has(pgCode)) || /timeout exceeded when trying to connect/.test(error.message)) {
      request.log.warn({ err: error }, 'database busy');
      return sendProblem(request, reply, 503, 'The service is busy; retry later.', undefined, { 'retry-after': '2' });
    }
    if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      return sendProblem(request, reply, error.statusCode, error.message);
    }
    request.log.error({ err: error }, 'unexpected error');
    return sendProblem(request, reply, 500, 'An unexpected error occurred. Quote the traceId when reporting it.');
  });
}
