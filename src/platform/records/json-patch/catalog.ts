// The PATCH catalog as data: one line per patchable field, written in the spec's own notation
// (`String(50)?`, `Int32`, `Decimal`, ...). Everything else derives from it: the table's columns,
// the read shape, the PATCH validation and the OpenAPI description of the patch document.
import { Type, type TSchema } from 'typebox';

const FIELD_TYPES = ['String', 'Int8', 'Int16', 'Int32', 'Int64', 'Guid', 'DateTime', 'Decimal', 'Boolean'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** The spec's notation of a field's type: `String(50)?`, `Int32`, `Decimal`, ... */
export type Notation = `${FieldType}${'' | `(${number})` | '(Max)'}${'' | '?'}`;

/** `Name` and `N` keep the field's name and notation in its type: the table's columns are typed from them. */
export interface Field<Name extends string = string, N extends Notation = Notation> {
  /** As the spec writes it: `FirstName`. */
  name: Name;
  /** camelCase, as it appears in JSON: `firstName` (typed as `Uncapitalize<Name>` where columns are derived). */
  json: string;
  /** The spec's notation, as written in the catalog line. */
  notation: N;
  /** snake_case column: `first_name`. */
  column: string;
  type: FieldType;
  /** Maximum characters of a String; `Max` (no limit) when the spec says String(Max) or gives none. */
  maxLength?: number | 'Max';
  /** Minimum characters of a String, where its create body has one (the catalog's notation gives none: AMB-82). */
  minLength?: number;
  nullable: boolean;
  min?: number;
  max?: number;
  /** A short note from the spec, kept for the API description. */
  note?: string;
}

export interface Catalog<F extends readonly Field[] = readonly Field[]> {
  resource: string;
  fields: F;
  /** Why the house has this catalog though the spec's PATCH catalog has no such resource (a worksite's); absent for the spec's. */
  notInSpec?: string;
  /** Lower-cased field name → field: paths match case-insensitively. */
  byName: Map<string, Field>;
}

export interface FieldOptions { min?: number; max?: number; minLength?: number; note?: string; column?: string }

const NOTATION = /^(String|Int8|Int16|Int32|Int64|Guid|DateTime|Decimal|Boolean)(?:\((\d+|Max)\))?(\?)?$/;

/** `FirstName` → `firstName`: what the type `Uncapitalize` says, at run time. */
export const camel = (name: string) => name[0]!.toLowerCase() + name.slice(1);
export const snake = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').replace(/([A-Z])([A-Z][a-z])/g, '$1_$2').toLowerCase();

/** One catalog line: `f('FirstName', 'String(50)')`, `f('AdditionalTaxWithholding', 'Decimal', { min: 0, max: 214748.36 })`. */
export function f<const Name extends string, const N extends Notation>(name: Name, notation: N, options: FieldOptions = {}): Field<Name, N> {
  const m = NOTATION.exec(notation);
  const type = FIELD_TYPES.find((t) => t === m?.[1]);
  if (!m || !type) throw new Error(`${name}: unknown type notation ${notation}`);
  const field: Field<Name, N> = { name, json: camel(name), notation, column: options.column ?? snake(name), type, nullable: m[3] === '?' };
  if (type === 'String') field.maxLength = m[2] === undefined || m[2] === 'Max' ? 'Max' : Number(m[2]);
  if (options.minLength !== undefined) field.minLength = options.minLength;
  if (options.min !== undefined) field.min = options.min;
  if (options.max !== undefined) field.max = options.max;
  if (options.note) field.note = options.note;
  return field;
}

export function catalog<const F extends readonly Field[]>(resource: string, fields: F, options: { notInSpec?: string } = {}): Catalog<F> {
  const byName = new Map<string, Field>();
  for (const field of fields) {
    if (byName.has(field.name.toLowerCase())) throw new Error(`${resource}: ${field.name} listed twice`);
    byName.set(field.name.toLowerCase(), field);
  }
  return { resource, fields, byName, ...(options.notInSpec && { notInSpec: options.notInSpec }) };
}

/** Integer bounds per width. Int8 is 0 to 127, valid whether the width is read as signed or unsigned. */
export const INTEGER_RANGE: Record<string, [number, number]> = {
  Int8: [0, 127],
  Int16: [-32768, 32767],
  Int32: [-2147483648, 2147483647],
  // What a JS number holds exactly; above it an Int64 (always an id) is one no record has (platform/ids.ts).
  Int64: [-Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
};

/** Decimals are kept within what a double holds exactly to the cent. */
export const DECIMAL_LIMIT = 1e13;

/** The JSON Schema of a field's value, as read and as written. */
export function valueSchema(field: Field): TSchema {
  const description = field.note;
  const base = (() => {
    switch (field.type) {
      case 'String': return Type.String({ ...(field.minLength !== undefined && { minLength: field.minLength }), ...(field.maxLength !== 'Max' && { maxLength: field.maxLength }) });
      case 'Guid': return Type.String({ format: 'uuid' });
      case 'DateTime': return Type.String({ format: 'date-time' });
      case 'Boolean': return Type.Boolean();
      case 'Decimal': return Type.Number({ minimum: field.min ?? -DECIMAL_LIMIT, maximum: field.max ?? DECIMAL_LIMIT });
      // Int64 fields are ids: any Int64 is taken, and one above the ids that exist is an unknown id (platform/ids.ts).
      case 'Int64': return Type.Integer({ format: 'int64', ...(field.min !== undefined && { minimum: field.min }), ...(field.max !== undefined && { maximum: field.max }) });
      default: {
        const [min, max] = INTEGER_RANGE[field.type]!;
        return Type.Integer({ minimum: field.min ?? min, maximum: field.max ?? max });
      }
    }
  })();
  const schema = field.nullable ? Type.Union([base, Type.Null()]) : base;
  return description ? { ...schema, description } : schema;
}

/** The catalog's fields as JSON Schema properties of a read shape, keyed by JSON name. */
export function catalogProperties(catalog: Catalog): Record<string, TSchema> {
  return Object.fromEntries(catalog.fields.map((field) => [field.json, valueSchema(field)]));
}
