// Validation: one Ajv for JSON bodies (strict types: "5" is not an integer) and one that coerces,
// for query strings, path parameters, headers and the string-only XML and form bodies. Parameter
// and top-level body property names match case-insensitively (`Skip` = `skip`, `FirstName` =
// `firstName`), as ASP.NET clients expect; they are renamed to the schema's spelling first.
import type { FastifyInstance, FastifySchema } from 'fastify';
import { Ajv, type ValidateFunction } from 'ajv';
import ajvFormats from 'ajv-formats';
import { lenientBodies } from './body.ts';
import { invalid, type FieldErrors } from './errors.ts';
import { fieldErrors } from './problem.ts';
import { isInDateRange } from './date-range.ts';
import { GUID } from '../records/json-patch/values.ts';
import { checkIds } from './int64-ids.ts';

// ajv-formats is CommonJS: its module object is the plugin, and it also names itself `default` (typed).
const addFormats = ajvFormats.default;

function makeAjv(coerce: boolean): Ajv {
  const ajv = new Ajv({ coerceTypes: coerce ? 'array' : false, useDefaults: true, removeAdditional: true, allErrors: true, strict: false });
  addFormats(ajv);
  // RFC 3339 as ajv-formats checks it, and inside the range the database stores (date-range.ts).
  const rfc3339 = formatCheck(ajv.formats['date-time']);
  ajv.addFormat('date-time', { type: 'string', validate: (text: string) => rfc3339(text) && isInDateRange(new Date(text)) });
  // ajv-formats' uuid also takes a `urn:uuid:` prefix, which PostgreSQL refuses (a 500): a Guid is the bare UUID (GEN-12).
  ajv.addFormat('uuid', GUID);
  // An Int64 id past 2^53 - 1 is answered before validation (int64-ids.ts); one that still reaches
  // the validator is refused here rather than carried on rounded.
  ajv.addFormat('int64', { type: 'number', validate: (n: number) => Number.isSafeInteger(n) });
  return ajv;
}

/** A format's check, whether ajv-formats gives it as a function or as `{ validate }`. */
function formatCheck(format: unknown): (text: string) => boolean {
  const validate = typeof format === 'object' && format !== null && 'validate' in format ? format.validate : format;
  if (typeof validate !== 'function') throw new Error('ajv-formats has no date-time check');
  return (text) => validate(text) === true;
}

const strictAjv = makeAjv(false);
const coercingAjv = makeAjv(true);

type Validator = ((data: unknown) => boolean) & { errors?: ValidateFunction['errors'] };

function propertyNames(schema: unknown): Map<string, string> | undefined {
  const props = (schema as { properties?: Record<string, unknown> } | undefined)?.properties;
  if (!props) return undefined;
  return new Map(Object.keys(props).map((k) => [k.toLowerCase(), k]));
}

function renameKeys(target: unknown, names: Map<string, string>): void {
  if (!target || typeof target !== 'object' || Array.isArray(target)) return;
  const obj = target as Record<string, unknown>;
  for (const key of Object.keys(obj)) {
    const canonical = names.get(key.toLowerCase());
    if (canonical && canonical !== key && !(canonical in obj)) {
      obj[canonical] = obj[key];
      delete obj[key];
    }
  }
}

/** The path of the first key or string holding U+0000, if any. */
function withNul(value: unknown, path: string): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (!value || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return at;
    const found = withNul(item, at);
    if (found !== undefined) return found;
  }
  return undefined;
}

// Its own instance, made as the routes' strict one: a route's copy of a schema may carry the same `$id`s.
const commandAjv = makeAjv(false);
const bodyValidators = new WeakMap<object, ValidateFunction>();

/**
 * A JSON body's errors by field, with the validator and the messages a route's body gets: for a
 * write that does not come through HTTP (a page, a batch job), so every entry point says the same.
 * Checks a copy: the validator fills defaults and drops unknown properties.
 */
export function bodyErrors(schema: object, body: unknown): FieldErrors {
  let validate = bodyValidators.get(schema);
  if (!validate) bodyValidators.set(schema, (validate = commandAjv.compile(schema)));
  return validate(structuredClone(body)) ? {} : fieldErrors(validate.errors ?? [], undefined);
}

export function registerValidation(app: FastifyInstance) {
  app.setValidatorCompiler(({ schema, httpPart }) => {
    if (httpPart !== 'body') return coercingAjv.compile(schema);
    const strict = strictAjv.compile(schema);
    const lenient = coercingAjv.compile(schema);
    const validate: Validator = (data) => {
      const v = data && typeof data === 'object' && lenientBodies.has(data) ? lenient : strict;
      const ok = v(data);
      validate.errors = v.errors;
      return ok;
    };
    return validate;
  });

  const namesByRoute = new WeakMap<FastifySchema, { query?: Map<string, string>; body?: Map<string, string> }>();
  app.addHook('onRoute', (route) => {
    if (route.schema) namesByRoute.set(route.schema, { query: propertyNames(route.schema.querystring), body: propertyNames(route.schema.body) });
  });
  app.addHook('preValidation', async (request) => {
    // PostgreSQL text cannot hold U+0000: refused here, for every route, rather than failing in a query.
    const nul = withNul(request.query, '') ?? withNul(request.params, '') ?? withNul(request.body, '');
    if (nul !== undefined) throw invalid(nul || 'body', 'must not contain the NUL character (U+0000)');
    const schema = request.routeOptions.schema;
    const names = schema && namesByRoute.get(schema);
    if (!names) return;
    if (names.query) renameKeys(request.query, names.query);
    if (names.body) renameKeys(request.body, names.body);
    checkIds(request, schema);
  });
}
