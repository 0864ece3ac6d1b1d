// The catalog fields a test may change on any record without knowing it (records.test.ts, the
// history tests): fields no rule reads, and values of their type.
import { randomUUID } from 'node:crypto';
import type { Field } from '../src/platform/records/json-patch/catalog.ts';
import type { RecordDefinition } from '../src/platform/records/record.ts';
import { fieldsRead } from '../src/platform/records/rules.ts';

/**
 * The catalog fields any value of their type suits, so the PATCH checks can use them without knowing
 * the record: no rule reads them, none has an `unchecked` reason, a branch move does not follow them,
 * and the read shows them (a job order's read leaves catalog fields out).
 */
export function plainFields(def: RecordDefinition): Field[] {
  const target = def.patch.target;
  const busy = new Set([...fieldsRead(target.rules ?? {}), ...Object.keys(target.unchecked ?? {}), ...(target.followsBranch ? ['branchId'] : [])]);
  const shown = new Set(Object.keys(def.read.schema.properties));
  return target.catalog.fields.filter((f) => !busy.has(f.json) && shown.has(f.json));
}

/**
 * The field the PATCH checks use: a plain one, preferably a non-nullable String, else a nullable
 * String, else a non-nullable Boolean (a rate sheet has no String).
 */
export function plainField(def: RecordDefinition): Field {
  const free = plainFields(def);
  const field = free.find((f) => f.type === 'String' && !f.nullable) ?? free.find((f) => f.type === 'String') ?? free.find((f) => f.type === 'Boolean' && !f.nullable);
  if (!field) throw new Error(`${def.name}: no plain String or Boolean field in the catalog to PATCH; teach plainField another type`);
  return field;
}

/** Another plain field of `field`'s type (copy and move need one), if the catalog has one. */
export const partnerOf = (plain: Field[], field: Field) => plain.find((f) => f !== field && f.type === field.type);

/** A nullable plain field (remove and move null it), one with a partner where the catalog has one. */
export function nullableField(plain: Field[]): Field | undefined {
  const nullable = plain.filter((f) => f.nullable);
  return nullable.find((f) => partnerOf(plain, f)) ?? nullable[0];
}

/** Two different values of the fields' one type that each of them takes. */
export function twoValues(...fields: Field[]): [unknown, unknown] {
  const type = fields[0]!.type;
  if (type === 'String') {
    const room = Math.min(...fields.map((f) => (typeof f.maxLength === 'number' ? f.maxLength : 7)));
    return ['Patched'.slice(0, room), 'Quilted'.slice(0, room)];
  }
  if (type === 'Boolean') return [true, false];
  if (type === 'DateTime') return ['2026-02-03T00:00:00.000Z', '2026-04-05T00:00:00.000Z'];
  if (type === 'Guid') return [randomUUID(), randomUUID()];
  if (type === 'Decimal') return [12.5, 13.25];
  return [7, 8];
}

/** A value for `field` other than `current`. */
export function changed(field: Field, current: unknown, text = 'Patched'): unknown {
  if (field.type === 'Boolean') return current !== true;
  const value = field.maxLength === 'Max' || field.maxLength === undefined ? text : text.slice(0, field.maxLength);
  return value === current ? value.split('').reverse().join('') : value;
}
