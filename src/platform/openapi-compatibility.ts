// Compatibility of two API descriptions (VER-03, decision 0030): v 1 changes only by adding, so a
// description may not remove or retype what an earlier one had. A test compares the generated
// description with the last committed docs/openapi.json.

import { jsonEntries, jsonList, jsonOf, jsonOrEmpty, type Json } from './json-object.ts';

/** A schema's type as a client reads it: `string(date-time)|null`, `array<#Employee>`, `object`. */
function typeOf(schema: Json): string {
  if (typeof schema.$ref === 'string') return `#${schema.$ref.split('/').pop()}`;
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return jsonList(union).map(typeOf).sort().join('|');
  return [schema.type ?? 'any'].flat().map(String).sort().map((type) => {
    if (type === 'array') return `array<${schema.items ? typeOf(jsonOrEmpty(schema.items)) : 'any'}>`;
    return type === 'string' && typeof schema.format === 'string' ? `string(${schema.format})` : type;
  }).join('|');
}

/** The object (or array) part of a schema that may be nullable: its properties (or items). */
const part = (schema: Json, key: 'properties' | 'items') =>
  jsonOf(schema[key] ?? jsonList(schema.anyOf ?? schema.oneOf).find((member) => member[key])?.[key]);

/** A field of `before` that `after` no longer has, or has with another type, down to nested fields. */
function fieldChanges(before: Json, after: Json | undefined, where: string): string[] {
  if (!after) return [`${where} removed`];
  if (typeOf(before) !== typeOf(after)) return [`${where} retyped: ${typeOf(before)} became ${typeOf(after)}`];
  const [items, properties] = [part(before, 'items'), part(before, 'properties') ?? {}];
  return [
    ...(items ? fieldChanges(items, part(after, 'items'), `${where}[]`) : []),
    ...jsonEntries(properties).flatMap(([name, field]) => fieldChanges(field, jsonOf(part(after, 'properties')?.[name]), `${where}.${name}`)),
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
    return name === undefined ? parameter : jsonOf(jsonOrEmpty(jsonOrEmpty(document.components).parameters)[name]) ?? parameter;
  };
  const parameters = (document: Json, operation: Json) =>
    new Map(jsonList(operation.parameters).map((p) => resolved(document, p)).map((p) => [`${p.in} ${p.name}`, p]));
  const jsonBody = (response: Json | undefined) => jsonOrEmpty(jsonOf(jsonOf(response?.content)?.['application/json'])?.schema);
  for (const [path, item] of jsonEntries(before.paths)) {
    for (const [method, operation] of jsonEntries(item)) {
      const where = `${method.toUpperCase()} ${path}`;
      const now = jsonOf(jsonOf(jsonOrEmpty(after.paths)[path])?.[method]);
      if (!now) { problems.push(`${where} removed`); continue; }
      const [was, is] = [parameters(before, operation), parameters(after, now)];
      for (const [key, parameter] of was) problems.push(...fieldChanges(jsonOrEmpty(parameter.schema), jsonOf(is.get(key)?.schema), `${where} parameter ${key}`));
      for (const [key, parameter] of is) if (parameter.required === true && was.get(key)?.required !== true) problems.push(`${where} parameter ${key} became required`);
      const responses = jsonOrEmpty(now.responses);
      for (const [status, response] of jsonEntries(operation.responses)) {
        if (status.startsWith('2')) problems.push(...fieldChanges(jsonBody(response), responses[status] ? jsonBody(jsonOf(responses[status])) : undefined, `${where} ${status}`));
      }
    }
  }
  const schemasOf = (document: Json) => jsonOrEmpty(jsonOrEmpty(document.components).schemas);
  for (const [name, schema] of jsonEntries(schemasOf(before))) problems.push(...fieldChanges(schema, jsonOf(schemasOf(after)[name]), name));
  return problems;
}
