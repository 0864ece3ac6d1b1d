// Examples in the API description (decision 0052): every request body and every record answered as
// JSON has one, on its schema component (JSON Schema `examples`), so the reference page and client
// generators show a real shape. A record defines its example once, beside its definition (the values
// that say something: names, dates, statuses); whatever it leaves out is made from the schema
// (its default, first enum value, format, bounds). A test validates every example against its schema.

type Json = Record<string, unknown>;

/** The sample of a string format. */
const FORMATS: Readonly<Record<string, string>> = {
  'date-time': '2026-03-02T09:30:00.000Z',
  date: '2026-03-02',
  time: '09:30:00',
  email: 'jane.doe@example.com',
  uri: 'https://example.com/hooks/staffing',
  url: 'https://example.com/hooks/staffing',
  uuid: '3f2b8c1e-4d5a-4b6c-9e7f-0a1b2c3d4e5f',
  ipv4: '192.0.2.10',
  binary: '',
};

/** Strings tried, in order, against a pattern the schema sets. */
const PATTERNED = ['example', 'EXAMPLE', 'Example', '/example', 'example-1', 'A1', '1', 'a', 'AB', 'ABC', '12345', '+15555550100', '09:00', 'https://example.com/staffing'];

/** How deep the example of a nested schema goes: a recursive schema stops there. */
const MAX_DEPTH = 8;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

function fitString(schema: Json): string {
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
  const fits = (text: string) => text.length >= min && text.length <= max && (typeof schema.pattern !== 'string' || new RegExp(schema.pattern).test(text));
  const format = typeof schema.format === 'string' ? FORMATS[schema.format] : undefined;
  if (format !== undefined && fits(format)) return format;
  const found = PATTERNED.find(fits);
  if (found !== undefined) return found;
  return 'x'.repeat(Math.max(min, 1)).slice(0, Number.isFinite(max) ? max : undefined);
}

function fitNumber(schema: Json, integer: boolean): number {
  const low = typeof schema.minimum === 'number' ? schema.minimum : typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : 1;
  const high = typeof schema.maximum === 'number' ? schema.maximum : typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum - 1 : Infinity;
  const value = Math.min(Math.max(low, 1), high);
  return integer ? Math.ceil(value) : value;
}

/**
 * A value valid for `schema`: its own example where it has one (an object's is completed property by
 * property, so a record's example may give only the values that say something), else made from it.
 * `resolve` follows a `$ref` of the description.
 */
export function exampleOf(schema: unknown, resolve: (ref: string) => unknown, depth = 0): unknown {
  if (!isObject(schema) || depth > MAX_DEPTH) return undefined;
  const given = Array.isArray(schema.examples) ? schema.examples[0] : undefined;
  if (given !== undefined && !(isObject(given) && isObject(schema.properties))) return given;
  if (typeof schema.$ref === 'string') return exampleOf(resolve(schema.$ref), resolve, depth + 1);
  if (Object.hasOwn(schema, 'const')) return schema.const;
  if (Object.hasOwn(schema, 'default')) return schema.default;
  if (Array.isArray(schema.enum)) return schema.enum.find((v) => v !== null) ?? schema.enum[0];
  const members = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(members)) {
    const chosen = members.find((m) => !(isObject(m) && m.type === 'null')) ?? members[0];
    return exampleOf(chosen, resolve, depth + 1);
  }
  if (Array.isArray(schema.allOf)) {
    return Object.assign({}, ...schema.allOf.map((member) => exampleOf(member, resolve, depth + 1)).filter(isObject));
  }
  const types = [schema.type].flat().filter((t) => t !== 'null');
  const type = types[0] ?? (isObject(schema.properties) ? 'object' : undefined);
  switch (type) {
    case 'object': {
      const example: Json = {};
      const values = isObject(given) ? given : {};
      for (const [name, property] of Object.entries(isObject(schema.properties) ? schema.properties : {})) {
        const value = Object.hasOwn(values, name) ? values[name] : exampleOf(property, resolve, depth + 1);
        if (value !== undefined) example[name] = value;
      }
      return example;
    }
    case 'array': {
      const item = exampleOf(schema.items, resolve, depth + 1);
      const count = typeof schema.minItems === 'number' ? Math.max(schema.minItems, 1) : 1;
      return item === undefined || schema.maxItems === 0 ? [] : Array.from({ length: count }, () => item);
    }
    case 'string': return fitString(schema);
    case 'integer': return fitNumber(schema, true);
    case 'number': return fitNumber(schema, false);
    case 'boolean': return true;
    // Only null, or anything at all (an unknown value).
    case undefined: return [schema.type].flat().includes('null') ? null : 'example';
    default: return undefined;
  }
}

/**
 * The components a description's request bodies and JSON answers name, each with the example its
 * route gave (a record's partial one), if any. @fastify/swagger moves a route schema's single example
 * onto each media type as `example`: it is taken back onto the component, where it is defined once.
 */
function exemplifiedComponents(document: Json): Map<string, unknown> {
  const names = new Map<string, unknown>();
  const add = (content: unknown) => {
    if (!isObject(content)) return;
    const schema = isObject(content['application/json']) ? content['application/json'].schema : undefined;
    const ref = isObject(schema) && typeof schema.$ref === 'string' ? schema.$ref : undefined;
    const given = Object.values(content).find((media) => isObject(media) && media.example !== undefined);
    for (const media of Object.values(content)) if (isObject(media) && isObject(media.schema) && typeof media.schema.$ref === 'string') delete media.example;
    if (!ref?.startsWith('#/components/schemas/')) return;
    const name = ref.slice('#/components/schemas/'.length);
    if (!names.has(name) || names.get(name) === undefined) names.set(name, isObject(given) ? given.example : undefined);
  };
  for (const item of Object.values(isObject(document.paths) ? document.paths : {})) {
    for (const operation of Object.values(isObject(item) ? item : {})) {
      if (!isObject(operation)) continue;
      if (isObject(operation.requestBody)) add(operation.requestBody.content);
      for (const [status, response] of Object.entries(isObject(operation.responses) ? operation.responses : {})) {
        if (/^2\d\d$/.test(status) && isObject(response)) add(response.content);
      }
    }
  }
  return names;
}

/** The target of a local `$ref` (`#/components/schemas/Employee`). */
export function resolverOf(document: unknown): (ref: string) => unknown {
  return (ref) => ref.slice(2).split('/').reduce<unknown>((node, token) => (isObject(node) ? node[token.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined), document);
}

/**
 * Gives every request body and JSON answer of the description an example, on its schema component;
 * a record's own (partial) example is completed. Items of a page are exemplified where the page is.
 */
export function addExamples(document: Json): Json {
  const schemas = isObject(document.components) && isObject(document.components.schemas) ? document.components.schemas : {};
  const resolve = resolverOf(document);
  for (const [name, given] of exemplifiedComponents(document)) {
    const schema = schemas[name];
    if (!isObject(schema)) continue;
    if (given !== undefined && !Array.isArray(schema.examples)) schema.examples = [given];
    const items = isObject(schema.properties) && isObject(schema.properties.data) ? schema.properties.data.items : undefined;
    const itemName = isObject(items) && typeof items.$ref === 'string' ? items.$ref.split('/').pop() : undefined;
    const item = itemName ? schemas[itemName] : undefined;
    if (isObject(item)) item.examples = [exampleOf(item, resolve)];
    schema.examples = [exampleOf(schema, resolve)];
  }
  return document;
}
