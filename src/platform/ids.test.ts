// Where an Int64 id lies past the ids that exist (ids.ts): strings are read exactly at both ends.
import { describe, expect, it } from 'vitest';
import { beyondIds, MAX_ID } from './ids.ts';

describe('beyondIds', () => {
  it('GEN-11: a string is read exactly: 2^53 - 1 exists, 2^53 up to 2^63 - 1 names no record, 2^63 on is no Int64', () => {
    expect(beyondIds(String(MAX_ID))).toBeUndefined();
    expect(beyondIds('9007199254740992')).toBe('absent');
    expect(beyondIds('9223372036854775807')).toBe('absent');
    expect(beyondIds('009223372036854775807')).toBe('absent');
    expect(beyondIds('9223372036854775808')).toBe('not-int64');
    expect(beyondIds('123456789012345678901234567890')).toBe('not-int64');
  });

  it('leaves what is not a whole number, or within the ids, to validation', () => {
    for (const value of ['12', '-9223372036854775809', '1.5', 'abc', '', 7, -1e30, 1.5, null, undefined, true]) expect(beyondIds(value), String(value)).toBeUndefined();
  });

  it('a JSON number past 2^53 - 1 names no record; from 2^63 as a double it is no Int64', () => {
    expect(beyondIds(MAX_ID + 1)).toBe('absent');
    expect(beyondIds(2 ** 63 - 1024)).toBe('absent');
    expect(beyondIds(2 ** 63)).toBe('not-int64');
    expect(beyondIds(1e30)).toBe('not-int64');
  });
});
