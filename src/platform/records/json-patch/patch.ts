// JSON Patch (RFC 6902) over a record's flat set of catalog fields. All six operations:
//   add, replace  set the field (a flat record has no array members to insert into)
//   remove        set it to null; refused on a non-nullable field
//   copy, move    copy `from`'s value into `path` (checked against path's type); move also removes `from`
//   test          compare; a mismatch answers 409 and nothing changes
// Paths are one segment (`/FirstName`), matched case-insensitively. Every operation is checked
// before any applies; a document with one bad operation changes nothing.
import { Type, type Static } from 'typebox';
import { addFieldError, AppError, validationError, type FieldErrors } from '../../http/errors.ts';
import { valueSchema, type Catalog, type Field } from './catalog.ts';
import { checkValue, comparable } from './values.ts';


export const PatchOperation = Type.Object({
  // Each literal by name (a mapped array would type `op` as never).
  op: Type.Union([Type.Literal('add'), Type.Literal('remove'), Type.Literal('replace'), Type.Literal('copy'), Type.Literal('move'), Type.Literal('test')], { description: '`replace` is recommended.' }),
  path: Type.String({ pattern: '^/', description: 'A field of the catalog, e.g. /FirstName (any letter case).' }),
  value: Type.Optional(Type.Unknown()),
  from: Type.Optional(Type.String({ pattern: '^/' })),
});
export const PatchDocument = Type.Array(PatchOperation, { description: 'JSON Patch document (RFC 6902).' });
export type Operation = Static<typeof PatchOperation>;

export type Record_ = Record<string, unknown>;

/** A path's field: `/firstName` → FirstName. `~1` and `~0` are decoded as RFC 6901 says. */
function fieldAt(catalog: Catalog, path: string): { field?: Field; key: string; error?: string } {
  const segments = path.split('/').slice(1).map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  const key = segments.join('.') || path;
  if (segments.length !== 1 || !segments[0]) return { key, error: 'must name one field: fields are not nested' };
  const field = catalog.byName.get(segments[0].toLowerCase());
  if (!field) return { key, error: `is not a patchable field of ${catalog.resource}` };
  return { field, key };
}

export interface PatchPlan {
  /** Each changed field with its new (normalised) value, in catalog order. */
  changes: Map<Field, unknown>;
  /** The record as it will be after the patch, keyed by JSON name. */
  next: Record_;
}

export interface Step { op: Operation; field: Field; value?: unknown; from?: Field }

/** Checks each operation against the catalog (paths, `from`, values); throws 400 naming every bad field. */
export function checkOperations(catalog: Catalog, operations: Operation[]): Step[] {
  const errors: FieldErrors = {};
  const fail = (key: string, message: string) => addFieldError(errors, key, message);
  const steps: Step[] = [];

  operations.forEach((op) => {
    const target = fieldAt(catalog, op.path);
    if (!target.field) return fail(target.key, target.error!);
    const field = target.field;
    if (op.op === 'copy' || op.op === 'move') {
      if (op.from === undefined) return fail(field.json, `${op.op} needs "from"`);
      const source = fieldAt(catalog, op.from);
      if (!source.field) return fail(source.key, source.error!);
      if (op.op === 'move' && !source.field.nullable) return fail(source.field.json, 'cannot be moved: it must not be null');
      return steps.push({ op, field, from: source.field });
    }
    if (op.op === 'remove') {
      if (!field.nullable) return fail(field.json, 'cannot be removed: it must not be null');
      return steps.push({ op, field, value: null });
    }
    if (!('value' in op)) return fail(field.json, `${op.op} needs "value"`);
    const checked = checkValue(field, op.value);
    if (!checked.ok) return fail(field.json, checked.message);
    steps.push({ op, field, value: checked.value });
  });
  if (Object.keys(errors).length) throw validationError(errors);
  return steps;
}

/**
 * Checks the whole document against the catalog and `current` (keyed by JSON name) and works out the
 * changes. Throws 400 naming every bad field, or 409 when a `test` fails.
 */
export function planPatch(catalog: Catalog, current: Record_, operations: Operation[]): PatchPlan {
  const steps = checkOperations(catalog, operations);
  const next: Record_ = { ...current };
  for (const { op, field, value, from } of steps) {
    if (op.op === 'test') {
      if (comparable(next[field.json]) !== comparable(value)) {
        throw new AppError('PRECONDITION_FAILED', `test failed: ${field.name} is not ${JSON.stringify(op.value)}.`, { [field.json]: ['test failed'] });
      }
      continue;
    }
    if (from) {
      const source = next[from.json];
      const checked = checkValue(field, source instanceof Date ? source.toISOString() : source);
      if (!checked.ok) throw validationError({ [field.json]: [`cannot take the value of ${from.name}: ${checked.message}`] });
      next[field.json] = checked.value;
      if (op.op === 'move' && from !== field) next[from.json] = null;
      continue;
    }
    next[field.json] = value;
  }

  const changes = new Map<Field, unknown>();
  for (const field of catalog.fields) {
    if (comparable(next[field.json]) !== comparable(current[field.json])) changes.set(field, next[field.json]);
  }
  return { changes, next };
}

/**
 * One catalog's PATCH document as the API description shows it (client generators read it): each
 * operation names a field of the catalog, as the spec writes it, with that field's value type. At run
 * time the route validates with the general `PatchDocument` and checks fields itself, so any letter
 * case of a path is accepted and a bad value answers 400 naming its field.
 */
export function documentedPatch(catalog: Catalog, $id: string) {
  const path = (fields: readonly Field[]) => Type.String({ enum: fields.map((f) => `/${f.name}`) });
  const nullable = catalog.fields.filter((f) => f.nullable);
  return Type.Array(Type.Union([
    ...catalog.fields.map((f) => Type.Object({ op: Type.String({ enum: ['replace', 'add', 'test'] }), path: Type.Literal(`/${f.name}`), value: valueSchema(f) })),
    ...(nullable.length ? [Type.Object({ op: Type.Literal('remove'), path: path(nullable) })] : []),
    Type.Object({ op: Type.String({ enum: ['copy', 'move'] }), path: path(catalog.fields), from: path(catalog.fields) }),
  ]), { $id, description: `JSON Patch document (RFC 6902) over the ${catalog.resource} catalog's fields; paths match in any letter case. `
    + '`replace` is the recommended operation (PATCH-06); the other five work as RFC 6902 defines them.' });
}
