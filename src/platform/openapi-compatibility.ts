// Compatibility of two API descriptions (VER-03, decision 0030): v 1 changes only by adding, so a
// description may not remove or retype what an earlier one had. A test compares the generated
// description with the last committed docs/openapi.json.

type Json = Record<string, unknown>;

/** A schema's type as a client reads it: `string(date-time)|null`, `array<#Employee>`, `object`. */
function typeOf(schema: Json): string {
  if (typeof schema.$ref === 'string') return `#${schema.$ref.split('/').pop()}`;
  const union = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (union) return union.map(typeOf).sort().join('|');
  return [schema.type ?? 'any'].flat().map(String).sort().map((type) => {
    if (type === 'array') return `array<${schema.items ? typeOf(schema.items as Json) : 'any'}>`;
    return type === 'string' && typeof schema.format === 'string' ? `string(${schema.format})` : type;
  }).join('|');
}

/** The object (or array) part of a schema that may be nullable: its properties (or items). */
const part = (schema: Json, key: 'properties' | 'items') =>
  (schema[key] ?? ((schema.anyOf ?? schema.oneOf) as Json[] | undefined)?.find((member) => member[key])?.[key]) as Json | undefined;

/** A field of `before` that `after` no longer has, or has with another type, down to nested fields. */
function fieldChanges(before: Json, after: Json | undefined, where: string): string[] {
  if (!after) return [`${where} removed`];
  if (typeOf(before) !== typeOf(after)) return [`${where} retyped: ${typeOf(before)} became ${typeOf(after)}`];
  const [items, properties] = [part(before, 'items'), part(before, 'properties') ?? {}];
  return [
    ...(items ? fieldChanges(items, part(after, 'items'), `${where}[]`) : []),
    ...Object.entries(properties).flatMap(([name, field]) => fieldChanges(field as Json, part(after, 'properties')?.[name] as Json | undefined, `${where}.${name}`)),
  ];
}

/**
 * What `after` breaks of `before` (VER-03: v 1 changes only by adding): an operation, a success
 * response, a parameter or a schema's field removed or retyped, or a parameter that became required.
 */
export function breakingChanges(before: Json, after: Json): string[] {
  const problems: string[] = [];
  // A parameter may be a reference to one of the document's components (`#/components/parameters/IfMatch`).
  const resolved = (document: Json, parameter: Json): Json => {
    const name = typeof parameter.$ref === 'string' ? parameter.$ref.replace('#/components/parameters/', '') : undefined;
    return name === undefined ? parameter : ((((document.components ?? {}) as Json).parameters ?? {}) as Record<string, Json>)[name] ?? parameter;
  };
  const parameters = (document: Json, operation: Json) =>
    new Map(((operation.parameters ?? []) as Json[]).map((p) => resolved(document, p)).map((p) => [`${p.in} ${p.name}`, p]));
  const jsonBody = (response: Json | undefined) => ((response?.content as Record<string, Json> | undefined)?.['application/json']?.schema ?? {}) as Json;
  for (const [path, item] of Object.entries((before.paths ?? {}) as Record<string, Record<string, Json>>)) {
    for (const [method, operation] of Object.entries(item)) {
      const where = `${method.toUpperCase()} ${path}`;
      const now = ((after.paths ?? {}) as Record<string, Record<string, Json> | undefined>)[path]?.[method];
      if (!now) { problems.push(`${where} removed`); continue; }
      const [was, is] = [parameters(before, operation), parameters(after, now)];
      for (const [key, parameter] of was) problems.push(...fieldChanges(parameter.schema as Json, is.get(key)?.schema as Json | undefined, `${where} parameter ${key}`));
      for (const [key, parameter] of is) if (parameter.required === true && was.get(key)?.required !== true) problems.push(`${where} parameter ${key} became required`);
      const responses = (now.responses ?? {}) as Record<string, Json>;
      for (const [status, response] of Object.entries((operation.responses ?? {}) as Record<string, Json>)) {
        if (status.startsWith('2')) problems.push(...fieldChanges(jsonBody(response), responses[status] && jsonBody(responses[status]), `${where} ${status}`));
      }
    }
  }
  const schemasOf = (document: Json) => (((document.components ?? {}) as Json).schemas ?? {}) as Record<string, Json>;
  for (const [name, schema] of Object.entries(schemasOf(before))) problems.push(...fieldChanges(schema, schemasOf(after)[name], name));
  return problems;
}
