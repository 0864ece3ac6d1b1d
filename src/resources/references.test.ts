// Every field of every record's catalog that names another record or a list (`…Id`, `…Ident`) is
// checked by a rule (refusing an id that does not exist or is not visible, on create and on PATCH),
// or says why not. The refusals themselves are tested field by field in each record's catalog test.
import { describe, expect, it } from 'vitest';
import { records } from './registry.ts';

const REFERENCE = /(Id|Ident)$/;

describe('reference fields of every record (GEN-09 PATCH-10)', () => {
  for (const record of records) {
    it(`${record.name}: every reference field has a rule or a documented reason`, () => {
      const target = record.patch.target;
      const placed = new Set([...(target.followsBranch ? ['branchId'] : [])]);
      const missing = target.catalog.fields
        .filter((f) => REFERENCE.test(f.name) && !target.rules?.[f.json] && !target.unchecked?.[f.json] && !placed.has(f.json))
        .map((f) => f.name);
      expect(missing).toEqual([]);
    });
  }
});
