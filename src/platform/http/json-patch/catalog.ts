// The PATCH catalog as data: one line per patchable field, written in the spec's own notation
// (`String(50)?`, `Int32`, `Decimal`, ...). Everything else derives from it: the table's columns,
// the read shape, the PATCH validation and the OpenAPI description of the patch document.
import { Type, type TSchema } from 'typebox';

export type FieldType = 'String' | 'Int8' | 'Int16' | 'Int32' | 'Int64' | 'Guid' | 'DateTime' | 'Decimal' | 'Boolean';

export interface Field {
  /** As the spec writes it: `FirstName`. */
  name: string;
  /** camelCase, as it appears in JSON: `firstName`. */
  json: string;
  /** snake_case column: `first_name`. */
  column: string;
  type: FieldType;
  /** Maximum characters of a String; `Max` (no limit) when the spec says String(Max) or gives none. */
  maxLength?: number | 'Max';
  nullable: boolean;
  min?: number;
  max?: number;
  /** A short note from the spec, kept for the API description. */
  note?: string;
}

export interface Catalog {
  resource: string;
  fields: Field[];
  /** Lower-cased field name → field: paths match case-insensitively. */
  byName: Map<string, Field>;
}

export interface FieldOptions { min?: number; max?: number; note?: string; column?: string }

const NOTATION = /^(String|Int8|Int16|Int32|Int64|Guid|DateTime|Decimal|Boolean)(?:\((\d+|Max)\))?(\?)?$/;

export const camel = (name: string) => name[0]!.toLowerCase() + name.slice(1);
export const snake = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').replace(/([A-Z])([A-Z][a-z])/g, '$1_$2').toLowerCase();

/** One catalog line: `f('FirstName', 'String(50)')`, `f('AdditionalTaxWithholding', 'Decimal', { min: 0, max: 214748.36 })`. */
export function f(name: string, notation: string, options: FieldOptions = {}): Field {
  const m = NOTATION.exec(notation);
  if (!m) throw new Error(`${name}: unknown type notation ${notation}`);
  const type = m[1] as FieldType;
  const field: Field = { name, json: camel(name), column: options.column ?? snake(name), type, nullable: m[3] === '?' };
  if (type === 'String') field.maxLength = m[2] === undefined || m[2] === 'Max' ? 'Max' : Number(m[2]);
  if (options.min !== undefined) field.min = options.min;
  if (options.max !== undefined) field.max = options.max;
  if (options.note) field.note = options.note;
  return field;
}

export function catalog(resource: string, fields: Field[]): Catalog {
  const byName = new Map<string, Field>();
  for (const field of fields) {
    if (byName.has(field.name.toLowerCase())) throw new Error(`${resource}: ${field.name} listed twice`);
    byName.set(field.name.toLowerCase(), field);
  }
  return { resource, fields, byName };
}

/** Integer bounds per width. Int8 is 0 to 127, valid whether the width is read as signed or unsigned. */
export const INTEGER_RANGE: Record<string, [number, number]> = {
  Int8: [0, 127],
  Int16: [-32768, 32767],
  Int32: [-2147483648, 2147483647],
  Int64: [-Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
};

/** Decimals are kept within what a double holds exactly to the cent. */
export const DECIMAL_LIMIT = 1e13;

/** The JSON Schema of a field's value, as read and as written. */
export function valueSchema(field: Field): TSchema {
  const description = field.note;
  const base = (() => {
    switch (field.type) {
      case 'String': return Type.String(field.maxLength === 'Max' ? {} : { maxLength: field.maxLength });
      case 'Guid': return Type.String({ format: 'uuid' });
      case 'DateTime': return Type.String({ format: 'date-time' });
      case 'Boolean': return Type.Boolean();
      case 'Decimal': return Type.Number({ minimum: field.min ?? -DECIMAL_LIMIT, maximum: field.max ?? DECIMAL_LIMIT });
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
