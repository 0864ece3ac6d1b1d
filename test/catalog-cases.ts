// Tests derived from a PATCH catalog, for any resource: for every field, a valid value is stored and
// read back; a too-long string, a value of the wrong type, an out-of-range number and a null on a
// non-nullable field are each refused with 400 naming the field, and change nothing.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Catalog, Field } from '../src/platform/records/json-patch/catalog.ts';
import { INTEGER_RANGE } from '../src/platform/records/json-patch/catalog.ts';

export interface CatalogHarness {
  /** Sends a PATCH document to the record under test; answers status and parsed body. */
  patch(document: unknown[]): Promise<{ statusCode: number; body: string }>;
  /** Reads the record under test (its JSON representation). */
  read(): Promise<Record<string, unknown>>;
  /** Valid values for fields whose values must name existing records (JSON name → value). */
  valid?: Record<string, unknown>;
  /** Fields the generic valid value cannot be used for, with the reason (documented skips). */
  skip?: Record<string, string>;
}

/** The record's field rules (its PATCH target's): each ruled field must refuse the generic value (an id nobody has). */
export interface CatalogRules { rules?: Readonly<Record<string, unknown>> }

export function validValue(field: Field): unknown {
  switch (field.type) {
    case 'String': return 'x'.repeat(field.maxLength === 'Max' ? 5000 : field.maxLength!);
    case 'Boolean': return true;
    case 'Guid': return randomUUID();
    case 'DateTime': return '2026-03-04T05:06:07.000Z';
    case 'Decimal': return Math.min(field.max ?? 1234.56, 1234.56);
    default: return Math.min(field.max ?? INTEGER_RANGE[field.type]![1], field.type === 'Int8' ? 127 : 4242);
  }
}

/** A value of another JSON type than the field's (records.test.ts uses it too). */
export function wrongType(field: Field): unknown {
  switch (field.type) {
    case 'String': return 12345;
    case 'Boolean': return 'yes';
    case 'Guid': return 'not-a-guid';
    case 'DateTime': return 'next tuesday';
    case 'Decimal': return '12.5';
    default: return 1.5;
  }
}

/** A value just outside the field's range, when it has one. */
function outOfRange(field: Field): unknown {
  if (field.type === 'String' && field.maxLength !== 'Max') return 'x'.repeat(field.maxLength! + 1);
  if (field.type === 'Decimal' && field.max !== undefined) return field.max + 0.01;
  if (field.type === 'Decimal' && field.min !== undefined) return field.min - 0.01;
  if (INTEGER_RANGE[field.type]) return INTEGER_RANGE[field.type]![1] + 1;
  return undefined;
}

function same(field: Field, read: unknown, written: unknown) {
  if (field.type === 'DateTime') return new Date(read as string).getTime() === new Date(written as string).getTime();
  return read === written;
}

export function describeCatalog(catalog: Catalog, harness: () => CatalogHarness, ruleIds: string, target: CatalogRules = {}) {
  describe(`${catalog.resource} PATCH catalog, field by field (${ruleIds} PATCH-10 PATCH-12 GEN-09 GEN-10 GEN-11 GEN-12 GEN-13)`, () => {
    for (const field of catalog.fields) {
      it(`${field.name} (${field.type}${field.maxLength ? `(${field.maxLength})` : ''}${field.nullable ? '?' : ''}): stores a valid value, refuses invalid ones naming the field`, async () => {
        const h = harness();
        if (h.skip?.[field.json]) return;
        const value = h.valid && field.json in h.valid ? h.valid[field.json] : validValue(field);
        const ok = await h.patch([{ op: 'replace', path: `/${field.name}`, value }]);
        expect(ok.statusCode, ok.body).toBe(200);
        const stored = (await h.read())[field.json];
        expect(same(field, stored, value), `${field.json}: read ${JSON.stringify(stored)}, wrote ${JSON.stringify(value)}`).toBe(true);

        const bad: unknown[] = [wrongType(field), outOfRange(field)];
        if (!field.nullable) bad.push(null);
        for (const v of bad) {
          if (v === undefined) continue;
          const res = await h.patch([{ op: 'replace', path: `/${field.json}`, value: v }]);
          expect(res.statusCode, `${field.name} = ${JSON.stringify(v).slice(0, 40)}`).toBe(400);
          expect(Object.keys(JSON.parse(res.body).errors)).toEqual([field.json]);
        }
        // A reference the record's rules guard: an id that does not exist (the generic value) is refused too.
        if (target.rules?.[field.json] && h.valid && field.json in h.valid) {
          const res = await h.patch([{ op: 'replace', path: `/${field.name}`, value: validValue(field) }]);
          expect(res.statusCode, `${field.name} = ${JSON.stringify(validValue(field)).slice(0, 40)}`).toBe(400);
          expect(Object.keys(JSON.parse(res.body).errors)).toEqual([field.json]);
        }
        const after = (await h.read())[field.json];
        expect(same(field, after, value)).toBe(true);
        if (field.nullable) {
          const cleared = await h.patch([{ op: 'replace', path: `/${field.name}`, value: null }]);
          expect(cleared.statusCode, cleared.body).toBe(200);
          expect((await h.read())[field.json]).toBeNull();
        }
      });
    }

    it('ERR-06: a path naming an object property of JavaScript (__proto__, constructor) is a 400 naming that path, and changes nothing', async () => {
      const h = harness();
      const before = await h.read();
      for (const name of ['__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'toString']) {
        const res = await h.patch([{ op: 'replace', path: `/${name}`, value: 1 }, { op: 'copy', from: `/${name}`, path: `/${catalog.fields[0]!.name}` }]);
        expect(res.statusCode, `${name}: ${res.body.slice(0, 200)}`).toBe(400);
        expect(Object.hasOwn(JSON.parse(res.body).errors, name), `${name}: ${res.body}`).toBe(true);
      }
      expect(await h.read()).toEqual(before);
    });
  });
}

export interface CatalogRecord {
  /** Makes the record to patch (before the catalog's tests): its id, and valid values for fields that name other records. */
  make(): Promise<{ id: number; valid?: Record<string, unknown> }>;
  /** The harness's patch and read on record `id`. */
  harness(id: number): Pick<CatalogHarness, 'patch' | 'read'>;
}

/**
 * describeCatalog on a record made for it in 'catalog fixtures', whose test fails when none was made
 * (the catalog's own tests would otherwise patch record 0 and fail on that instead).
 */
export function describeCatalogOf(catalog: Catalog, record: CatalogRecord, ruleIds: string, target: CatalogRules = {}) {
  let made: { id: number; valid?: Record<string, unknown> } = { id: 0 };
  describe('catalog fixtures', () => {
    beforeAll(async () => { made = await record.make(); });
    it('has a record to patch', () => { expect(made.id).toBeGreaterThan(0); });
  });
  describeCatalog(catalog, () => ({ ...record.harness(made.id), valid: made.valid }), ruleIds, target);
}
