// PATCH values (GEN-13): DateTime fields take ISO 8601 dates and date-times, and refuse dates the
// calendar does not have rather than rolling them over into the next month.
import { describe, expect, it } from 'vitest';
import { parseDateTime } from './values.ts';

describe('parseDateTime', () => {
  it('refuses instants outside 0001-01-01 to 9999-12-31 UTC (PostgreSQL has no year 0)', () => {
    expect(parseDateTime('0000-01-01')).toBeUndefined();
    expect(parseDateTime('0001-01-01T00:30:00+01:00')).toBeUndefined();
    expect(parseDateTime('0001-01-01')?.toISOString()).toBe('0001-01-01T00:00:00.000Z');
    expect(parseDateTime('9999-12-31T23:59:59Z')?.getUTCFullYear()).toBe(9999);
  });
  it('GEN-13: reads a date, a date-time, and a date-time with an offset, as the instant written', () => {
    expect(parseDateTime('2024-02-29')?.toISOString()).toBe('2024-02-29T00:00:00.000Z');
    expect(parseDateTime('2026-11-23T08:30')?.toISOString()).toBe('2026-11-23T08:30:00.000Z');
    expect(parseDateTime('2026-11-23T08:30:15.123Z')?.toISOString()).toBe('2026-11-23T08:30:15.123Z');
    expect(parseDateTime('2026-11-23T08:30:00-05:00')?.toISOString()).toBe('2026-11-23T13:30:00.000Z');
  });

  it('GEN-13: refuses a day the month does not have, with or without an offset', () => {
    for (const text of ['2026-02-29', '2026-02-30T00:00:00Z', '2026-04-31T10:00:00+02:00', '1900-02-29T00:00:00Z', '2026-13-01', '2026-01-01T24:00:00Z']) {
      expect(parseDateTime(text), text).toBeUndefined();
    }
    expect(parseDateTime('2000-02-29T00:00:00Z')?.toISOString()).toBe('2000-02-29T00:00:00.000Z');
  });
});
