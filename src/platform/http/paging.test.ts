// Every paged list goes through the one paging rule (paging.ts): each operation of the API
// description answering `{ data, totalCount }` takes `skip` and `take` (any letter case) with its
// bounds. The description is the committed one, which openapi.test.ts keeps current.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PageQuery } from './paging.ts';

type Json = Record<string, unknown>;
const doc = JSON.parse(readFileSync(new URL('../../../docs/openapi.json', import.meta.url), 'utf8')) as { paths: Record<string, Record<string, Json>>; components: { schemas: Record<string, Json> } };

/** The 200 answer's JSON schema, its $ref followed. */
function answer(operation: Json): Json | undefined {
  const schema = ((operation.responses as Record<string, Json> | undefined)?.['200']?.content as Record<string, Json> | undefined)?.['application/json']?.schema as Json | undefined;
  const ref = typeof schema?.$ref === 'string' ? schema.$ref.split('/').pop()! : undefined;
  return ref ? doc.components.schemas[ref] : schema;
}

/** Cursor paging instead: events are read after a sequence, not skipped (docs/events.md). */
const CURSOR_LISTS = new Set(['GET /Events']);

describe('paged lists', () => {
  it('PAGE-03 PAGE-04 PAGE-05: every operation answering a paged list takes skip and take with the one rule\'s bounds', () => {
    const bounds = (schema: { type?: unknown; minimum?: unknown; maximum?: unknown; default?: unknown }) => [schema.type, schema.minimum, schema.maximum, schema.default];
    const want = { skip: bounds(PageQuery.properties.skip), take: bounds(PageQuery.properties.take) };
    const lists: string[] = [];
    const wrong: string[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const properties = answer(operation)?.properties as Json | undefined;
        if (!properties?.data || !properties.totalCount) continue;
        const where = `${method.toUpperCase()} ${path}`;
        lists.push(where);
        const query = new Map(((operation.parameters ?? []) as Json[]).filter((p) => p.in === 'query').map((p) => [String(p.name).toLowerCase(), p.schema as Json]));
        for (const name of CURSOR_LISTS.has(where) ? ['take'] as const : ['skip', 'take'] as const) {
          const schema = query.get(name);
          if (!schema || JSON.stringify(bounds(schema)) !== JSON.stringify(want[name])) wrong.push(`${where} ${name}: ${schema ? JSON.stringify(bounds(schema)) : 'missing'}`);
        }
      }
    }
    expect(lists.length).toBeGreaterThan(40);
    expect(wrong).toEqual([]);
  });
});
