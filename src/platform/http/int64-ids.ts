// Int64 ids in a request past the ids that exist (platform/ids.ts), found by the route's schema
// (`format: 'int64'`, as Id64 writes it) before validation: validation would read them as rounded
// numbers. A path's answers 404, as any unknown record does; a body's or query's is a 400 naming it.
import { beyondIds, beyondIdsMessage } from '../ids.ts';
import { addFieldError, invalid, notFound, validationError, type FieldErrors } from './errors.ts';
import { branches, isArraySchema, propertyOf } from './schema-nodes.ts';

type Beyond = 'absent' | 'not-int64';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const join = (field: string, key: string) => (field ? `${field}.${key}` : key);

/** Each Int64 id of `value` past the ids that exist, by field name (named as validation names fields). */
export function idsBeyond(value: unknown, schema: unknown, field = ''): Map<string, Beyond> {
  const found = new Map<string, Beyond>();
  visit(value, schema, field, found);
  return found;
}

function visit(value: unknown, schema: unknown, field: string, found: Map<string, Beyond>): void {
  for (const node of branches(schema)) {
    if (node.format === 'int64') {
      const beyond = beyondIds(value);
      if (beyond) found.set(field, beyond);
    } else if (Array.isArray(value) && isArraySchema(node)) {
      value.forEach((item, i) => visit(item, node.items, join(field, String(i)), found));
    } else if (isRecord(value) && node.properties) {
      for (const [key, item] of Object.entries(value)) {
        const property = propertyOf(node, key);
        if (property) visit(item, property, join(field, key), found);
      }
    }
  }
}

export interface RequestParts { params?: unknown; querystring?: unknown; body?: unknown }

/**
 * Throws for an Int64 id past the ids that exist: a path id is a 404 (or a 400 past Int64); ids in
 * the query or body are one 400 naming each.
 */
export function checkIds(values: { params: unknown; query: unknown; body: unknown }, schema: RequestParts): void {
  for (const [field, beyond] of idsBeyond(values.params, schema.params)) {
    throw beyond === 'absent' ? notFound() : invalid(field, beyondIdsMessage(beyond));
  }
  const errors: FieldErrors = {};
  for (const [value, part] of [[values.query, schema.querystring], [values.body, schema.body]] as const) {
    for (const [field, beyond] of idsBeyond(value, part)) addFieldError(errors, field || 'body', beyondIdsMessage(beyond));
  }
  if (Object.keys(errors).length) throw validationError(errors);
}
