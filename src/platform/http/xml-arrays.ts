// Where an XML body holds arrays, read from the route's body schema (NEG-08). XML has no array
// syntax: one `<reports>` element looks the same whether `reports` is a list of one or a single
// object. The schema says which it is, so a list of one is an array of one. Two layouts are read:
//   plain   <reports>…</reports><reports>…</reports>   each element is an entry
//   items   <reports><item>…</item><item>…</item></reports>   the layout the service writes
// and an array body's root holds its entries under any name (`<Patch><Operation>…`, `<Patch><item>…`).
// `item` is reserved for the items layout: an object property named `item` inside an array is read
// as the wrapper's entry.
import { branches, isArraySchema, propertyOf, type SchemaNode } from './schema-nodes.ts';

/** The element name of an entry in the items layout. */
export const ITEM = 'item';

/** What an element may hold: a value of `schema`; `wrapper` when it is an array property's element in the items layout. */
interface Place { schema: SchemaNode; wrapper: boolean }

const valuesOf = (schema: unknown): Place[] => branches(schema).map((s) => ({ schema: s, wrapper: false }));

/** The places of a child element `name` of an element at `places`, and whether it is an array's entry. */
function step(places: Place[], name: string): { places: Place[]; entry: boolean } {
  const next: Place[] = [];
  let entry = false;
  for (const { schema, wrapper } of places) {
    if (isArraySchema(schema)) {
      // An element holding an array itself: the root of an array body (entries of any name), or a wrapper (`<item>` entries).
      if (!wrapper || name === ITEM) {
        entry = true;
        next.push(...valuesOf(schema.items));
      }
      continue;
    }
    for (const property of branches(propertyOf(schema, name))) {
      if (!isArraySchema(property)) {
        next.push({ schema: property, wrapper: false });
        continue;
      }
      // Either layout: the element is an entry (plain), or it wraps the entries (items).
      entry = true;
      next.push(...valuesOf(property.items), { schema: property, wrapper: true });
    }
  }
  return { places: next, entry };
}

/**
 * fast-xml-parser's `isArray` for a body of `schema`: whether the element at `path` (tag names from
 * the root, the root included) is an entry of an array, so that one such element is an array of one.
 */
export function arrayEntries(schema: unknown): (path: readonly string[]) => boolean {
  return (path) => {
    let places = valuesOf(schema);
    let entry = false;
    for (const name of path.slice(1)) {
      if (!places.length) return false;
      ({ places, entry } = step(places, name));
    }
    return entry;
  };
}

/** Whether a body of `schema` may be an array itself (its root element then holds the entries). */
export function mayBeArray(schema: unknown): boolean {
  return branches(schema).some(isArraySchema);
}

/**
 * The parsed document in the schema's shape: an array property read in the items layout, `[{ item: [...] }]`,
 * is its entries; an empty array element, `['']`, is the empty array (as the service writes one).
 */
export function unwrapItems(value: unknown): unknown {
  if (Array.isArray(value)) {
    const [only] = value;
    if (value.length === 1 && only === '') return [];
    if (value.length === 1 && isWrapper(only)) return unwrapItems(only[ITEM]);
    return value.map(unwrapItems);
  }
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    Object.defineProperty(out, key, { value: unwrapItems(item), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

function isWrapper(value: unknown): value is Record<typeof ITEM, unknown[]> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return keys.length === 1 && keys[0] === ITEM && Array.isArray(Object.getOwnPropertyDescriptor(value, ITEM)?.value);
}
