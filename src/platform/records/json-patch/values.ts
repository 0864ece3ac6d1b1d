// Checks one value against its catalog field and normalises it for storage (dates to Date, Guids to
// lower case). Strict: JSON gives numbers and booleans their own types, so "5" is not an Int32.
import { DECIMAL_LIMIT, INTEGER_RANGE, type Field } from './catalog.ts';
import { isInDateRange } from '../../http/date-range.ts';
import { beyondIds, beyondIdsMessage } from '../../ids.ts';

export type Checked = { ok: true; value: unknown } | { ok: false; message: string };

/** A Guid (GEN-12): the bare UUID, in either case, as PostgreSQL's uuid reads it back. */
export const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// ISO 8601: a date, or a date and time with optional seconds, fraction and offset (none means UTC).
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,7})?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

function daysInMonth(year: number, month: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
}

export function parseDateTime(text: string): Date | undefined {
  const m = DATE_TIME.exec(text);
  if (!m) return undefined;
  const [, y, mo, d, h = '00', mi = '00', s = '00'] = m;
  const year = Number(y), month = Number(mo), day = Number(d), hour = Number(h), minute = Number(mi), second = Number(s);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month) || hour > 23 || minute > 59 || second > 59) return undefined;
  // With an offset, JavaScript's parser rolls an impossible day over (February 30th -> March 2nd):
  // the calendar is checked above, on the date as written.
  const date = new Date(m[7] ? text.replace(' ', 'T') : `${y}-${mo}-${d}T${h}:${mi}:${s}${text.slice(19).replace(/^\.\d+/, (f) => f.slice(0, 4))}Z`);
  return isInDateRange(date) ? date : undefined;
}

export function checkValue(field: Field, value: unknown): Checked {
  if (value === null) return field.nullable ? { ok: true, value: null } : { ok: false, message: 'must not be null' };
  if (value === undefined) return { ok: false, message: 'a value is required' };
  switch (field.type) {
    case 'String':
      if (typeof value !== 'string') return { ok: false, message: 'must be a string' };
      if (field.maxLength !== 'Max' && value.length > field.maxLength!) return { ok: false, message: `must be at most ${field.maxLength} characters` };
      if (field.minLength !== undefined && value.length < field.minLength) return { ok: false, message: `must be at least ${field.minLength} character${field.minLength === 1 ? '' : 's'}` };
      return { ok: true, value };
    case 'Boolean':
      return typeof value === 'boolean' ? { ok: true, value } : { ok: false, message: 'must be true or false' };
    case 'Guid':
      return typeof value === 'string' && GUID.test(value) ? { ok: true, value: value.toLowerCase() } : { ok: false, message: 'must be a Guid (UUID)' };
    case 'DateTime': {
      const date = typeof value === 'string' ? parseDateTime(value) : undefined;
      return date ? { ok: true, value: date } : { ok: false, message: 'must be an ISO 8601 date-time' };
    }
    case 'Decimal': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return { ok: false, message: 'must be a number' };
      const min = field.min ?? -DECIMAL_LIMIT, max = field.max ?? DECIMAL_LIMIT;
      if (value < min || value > max) return { ok: false, message: `must be between ${min} and ${max}` };
      return { ok: true, value };
    }
    default: {
      const [min, max] = INTEGER_RANGE[field.type]!;
      if (typeof value !== 'number' || !Number.isInteger(value)) return { ok: false, message: `must be an integer (${field.type})` };
      const beyond = field.type === 'Int64' ? beyondIds(value) : undefined;
      if (beyond) return { ok: false, message: beyondIdsMessage(beyond) };
      const lo = field.min ?? min, hi = field.max ?? max;
      if (value < lo || value > hi) return { ok: false, message: `must be between ${lo} and ${hi} (${field.type})` };
      return { ok: true, value };
    }
  }
}

/** A comparable form of a stored or checked value, for `test` and change detection. */
export function comparable(value: unknown): unknown {
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'string' && GUID.test(value)) return value.toLowerCase();
  return value ?? null;
}
