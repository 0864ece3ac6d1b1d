// The project's PATCH catalogs against the spec's (test/data/patch-catalog.json, a copy of the spec's ../shared/spec/patch-catalog.json): every field
// present with its type, length, nullability and range, no extra field; and every field has a column.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { getTableColumns } from 'drizzle-orm';
import { catalogs } from './catalogs.ts';

interface SpecField { name: string; type: string; nullable: boolean; maxLength?: number | 'Max'; min?: number; max?: number }
const spec = JSON.parse(readFileSync(new URL('../../test/data/patch-catalog.json', import.meta.url), 'utf8')) as Record<string, { route: string; fields: SpecField[] }>;
const specResources = Object.keys(spec).filter((k) => !k.startsWith('_'));

const counts: Record<string, [string, number]> = {
  Assignment: ['PATCH-ASG-01', 37], Contact: ['PATCH-CON-01', 18], 'Contact method': ['PATCH-CMT-01', 9], Contract: ['PATCH-CTR-01', 13],
  Customer: ['PATCH-CUS-01', 12], Employee: ['PATCH-EMP-01', 69], 'Job order': ['PATCH-JO-01', 54], 'Job title': ['PATCH-JT-01', 11],
  Prospect: ['PATCH-PRO-01', 12], 'Rate sheet': ['PATCH-RS-01', 9], Timecard: ['PATCH-TC-01', 50], Vendor: ['PATCH-VEN-01', 64],
};

describe('PATCH catalogs match the spec (PATCH-01 PATCH-10 PATCH-13)', () => {
  it('covers exactly the spec\'s resources and routes (and the house\'s own catalogs say why they are not the spec\'s)', () => {
    expect(Object.keys(catalogs).filter((name) => !catalogs[name]!.catalog.notInSpec).sort()).toEqual(specResources.sort());
    for (const name of Object.keys(catalogs)) if (catalogs[name]!.catalog.notInSpec) expect(specResources, name).not.toContain(name);
    for (const name of specResources) expect(catalogs[name]!.routes).toContain(spec[name]!.route);
  });

  for (const name of specResources) {
    const [rule, count] = counts[name]!;
    it(`${rule}: ${name} has the spec's ${count} fields, each with its type, length, nullability and range`, () => {
      const ours = catalogs[name]!.catalog.fields.map((f) => ({
        name: f.name, type: f.type, nullable: f.nullable,
        ...(f.maxLength !== undefined ? { maxLength: f.maxLength } : {}), ...(f.min !== undefined ? { min: f.min } : {}), ...(f.max !== undefined ? { max: f.max } : {}),
      }));
      const theirs = spec[name]!.fields.map(({ name: n, type, nullable, maxLength, min, max }) => ({
        name: n, type, nullable,
        // A String without a length is String(Max) (AMB-17).
        ...(type === 'String' ? { maxLength: maxLength ?? 'Max' } : {}), ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}),
      }));
      expect(ours).toEqual(theirs);
      expect(ours).toHaveLength(count);
    });
  }

  it('every catalog field maps to a column of its table, null where the catalog says nullable', () => {
    // The table is the one the record's PATCH writes (its target's), so a new record needs no line here.
    for (const [name, { catalog, table }] of Object.entries(catalogs)) {
      const columns = getTableColumns(table);
      for (const field of catalog.fields) {
        expect(columns[field.json]?.name, `${name}.${field.name}`).toBe(field.column);
        // The column types (catalog-columns.ts KindOf) say the same: nullable exactly when the catalog does.
        expect(columns[field.json]?.notNull, `${name}.${field.name} not null`).toBe(!field.nullable);
      }
    }
  });
});
