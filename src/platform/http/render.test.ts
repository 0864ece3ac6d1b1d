// The CSV layout of a page (render.ts): columns from the item schema, rows flattened the same way.
import { describe, expect, it } from 'vitest';
import { Type } from 'typebox';
import { renderCsv, schemaColumns } from './render.ts';

const Item = Type.Object({
  id: Type.Integer(),
  address: Type.Union([Type.Object({ city: Type.String(), zip: Type.Union([Type.String(), Type.Null()]) }), Type.Null()]),
  skills: Type.Array(Type.String()),
  parameters: Type.Record(Type.String(), Type.Unknown()),
});

describe('CSV columns from the item schema', () => {
  it('NEG-11: an empty page is the header row; nested objects are dotted columns', () => {
    expect(renderCsv({ data: [], totalCount: 0 }, schemaColumns(Item))).toBe('id,address.city,address.zip,skills,parameters\n');
  });

  it('rows fill the schema\'s columns (a null object leaves them empty); keys the schema does not list are left out, but a map\'s keys are columns', () => {
    const csv = renderCsv({ data: [
      { id: 1, address: null, skills: ['a', 'b'], parameters: { batch: 3 }, secret: 'x' },
      { id: 2, address: { city: 'Austin', zip: null }, skills: [], parameters: {} },
    ], totalCount: 2 }, schemaColumns(Item));
    expect(csv).toBe('id,address.city,address.zip,skills,parameters,parameters.batch\n1,,,a; b,,3\n2,Austin,,,,\n');
  });
});
