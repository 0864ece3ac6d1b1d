// `fields=` on a record's GET and list, and its child collections' (decision 0051): the caller names
// the top-level JSON fields it wants, the answer carries those and the id, and the statement selects
// only their columns. The column map is the reader's own select list, split once into its items
// (`r.first_name as "firstName"` answers `firstName`): nothing is declared twice, and a select item
// without a name stops the start. A field the read computes after its statement (an assignment's
// `culture`) is known from the read's schema and kept by the final pick.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type, type TObject } from 'typebox';
import { invalid } from '../http/errors.ts';
import { PagedList, type Paged } from '../http/paging.ts';
import { isValues } from './rules.ts';

type Row = Record<string, unknown>;

/** One item of a select list: the JSON name it answers and its SQL text. */
export interface SelectItem { name: string; text: string }

/** The query parameter, as every record GET and list takes it. */
export const FieldsParameter = Type.Optional(Type.String({
  minLength: 1, maxLength: 4000,
  description: 'Only these fields, and the id: comma-separated top-level JSON names as the GET answers them (any letter case). '
    + 'An unknown name answers 400 naming `fields`. Applies to every format (JSON, XML, text, CSV, XLSX).',
}));

/** A select list's items, split at its top-level commas (not inside parentheses, strings or quoted names). */
export function selectItems(select: string): SelectItem[] {
  const texts: string[] = [];
  let depth = 0;
  let quote: string | undefined;
  let start = 0;
  for (let i = 0; i < select.length; i++) {
    const c = select[i];
    if (quote) { if (c === quote) quote = undefined; continue; }
    if (c === '\'' || c === '"') quote = c;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === ',' && depth === 0) { texts.push(select.slice(start, i)); start = i + 1; }
  }
  texts.push(select.slice(start));
  return texts.map((text) => text.trim()).filter(Boolean).map((text) => ({ name: nameOf(text), text }));
}

/** The column name PostgreSQL gives a select item: its alias, or a bare column's own name (folded to lower case). */
function nameOf(item: string): string {
  const alias = /\bas\s+(?:"([^"]+)"|([a-z_][a-z0-9_]*))$/i.exec(item);
  if (alias) return alias[1] ?? alias[2]!.toLowerCase();
  const column = /^(?:[a-z_][a-z0-9_]*\.)?([a-z_][a-z0-9_]*)$/i.exec(item);
  if (column) return column[1]!.toLowerCase();
  throw new Error(`A select item needs a name (\`... as "name"\`): ${item}`);
}

/** The select list of `items` narrowed to `fields` (the text of each item named, in the list's order). */
export function narrowedSelect(items: readonly SelectItem[], fields: readonly string[]): string {
  const wanted = new Set(fields);
  return items.filter((item) => wanted.has(item.name)).map((item) => item.text).join(', ');
}

/**
 * The fields a `fields` parameter names, as the schema spells them (any letter case given), or
 * undefined when it names none; a 400 naming the parameter (`parameter`) and every unknown name.
 */
export function chosenFields(given: string | undefined, schema: TObject, parameter = 'fields'): string[] | undefined {
  if (given === undefined) return undefined;
  const known = new Map(Object.keys(schema.properties).map((name) => [name.toLowerCase(), name]));
  const names = given.split(',').map((name) => name.trim()).filter(Boolean);
  const unknown = names.filter((name) => !known.has(name.toLowerCase()));
  if (unknown.length) throw invalid(parameter, `names no field of this resource: ${unknown.join(', ')} (fields are the top-level names the GET answers)`);
  if (!names.length) throw invalid(parameter, 'names no field (comma-separated JSON names)');
  return [...new Set(names.map((name) => known.get(name.toLowerCase())!))];
}

/** Only the `keep` properties of a row, in the row's order. */
export function pick(row: Row, keep: ReadonlySet<string>): Row {
  return Object.fromEntries(Object.entries(row).filter(([key]) => keep.has(key)));
}

/**
 * The schema with none of its properties required and no name: what serializes a partial object
 * (fast-json-stringify refuses an object without a required property). Derived once per route.
 */
export function partialSchema(schema: TObject): TObject {
  return Type.Partial(Type.Object(schema.properties));
}

/** A query schema with `fields` beside its own parameters; typed as the query itself, which a handler passes on. */
export function withFields<Q extends TObject>(query: Q): Q {
  return { ...query, properties: { ...query.properties, fields: FieldsParameter } };
}

/** The `fields` parameter of a request's query (its schema has it as a string), if given. */
function fieldsIn(query: unknown): string | undefined {
  return isValues(query) && typeof query.fields === 'string' ? query.fields : undefined;
}

/** What `fields=` chose for one request: the names to read (with the ids the route needs) and those to answer. */
export interface Selection { select: string[]; shown: ReadonlySet<string> }

/**
 * `fields=` for the routes answering one shape (a record's read or list item, a child collection's):
 * the request's parameter checked against the shape, and the answer of the fields chosen, serialized
 * by the shape with no property required (derived once, here). `key` (the id) is always answered;
 * `needed` are read but answered only when asked for (a parent's id the route checks). The CSV and
 * XLSX columns follow (`request.chosenFields`, negotiation.ts).
 */
export function fieldsOf(shape: TObject, key: string, needed: readonly string[] = []) {
  // Plain copies (a JSON schema as Fastify's serializer compiler takes it), made once: compiled once per route.
  const partial = { ...partialSchema(shape) };
  const partialPage = { ...PagedList(partialSchema(shape)) };
  return {
    /** The request's choice; undefined when it names no `fields` (the whole shape). */
    chosen(request: FastifyRequest): Selection | undefined {
      const fields = chosenFields(fieldsIn(request.query), shape);
      if (!fields) return undefined;
      const shown = new Set([key, ...fields]);
      request.chosenFields = shown;
      return { select: [...new Set([key, ...needed, ...fields])], shown };
    },
    /** One record of the fields chosen. */
    record(reply: FastifyReply, selection: Selection, row: Row): Row {
      reply.serializer(reply.compileSerializationSchema(partial, '200'));
      return pick(row, selection.shown);
    },
    /** A page of items of the fields chosen. */
    page(reply: FastifyReply, selection: Selection, page: Paged<Row>): Paged<Row> {
      reply.serializer(reply.compileSerializationSchema(partialPage, '200'));
      return { ...page, data: page.data.map((item) => pick(item, selection.shown)) };
    },
  };
}
