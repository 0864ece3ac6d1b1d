// Ids as the spec types them (GEN-11): Int64 ids are the whole signed 64-bit range, but a JavaScript
// number is exact only up to 2^53 - 1. The database never gives an id above that (every bigint
// identity stops there: `bigIdentity` in db/columns.ts), so a well-formed Int64 above it is an id no
// record has: answered as an unknown id (404 in a path, a 400 naming the reference in a body) without
// asking the database, and never carried on as a rounded number.

/** The largest id the database gives: the maxvalue of every bigint identity. */
export const MAX_ID = Number.MAX_SAFE_INTEGER;

const INT64_MAX = 2n ** 63n - 1n;
/** 2^63 as a double: the first number past Int64 (2^63 - 1 itself has no double of its own). */
const PAST_INT64 = 2 ** 63;

/** The message of a reference above MAX_ID, as for any unknown id. */
export const NO_SUCH_ID = `no such record: no id is above ${MAX_ID}`;
export const NOT_INT64 = 'must be an Int64 (a whole number up to 9223372036854775807)';

/**
 * Where an Int64 id's value lies past the ids that exist: `absent` (a well-formed Int64 above
 * MAX_ID), `not-int64` (past 2^63 - 1), or undefined for anything else, which validation judges. A
 * string (a path, XML, a form) is read exactly; a JSON number has been read as a double already, so
 * the literals that round to 2^63 (from 9223372036854775296 on, 2^63 - 1 among them) count as past it.
 */
export function beyondIds(value: unknown): 'absent' | 'not-int64' | undefined {
  if (typeof value === 'number') {
    if (!Number.isInteger(value) || value <= MAX_ID) return undefined;
    return value >= PAST_INT64 ? 'not-int64' : 'absent';
  }
  if (typeof value !== 'string' || !/^\s*\+?\d+\s*$/.test(value)) return undefined;
  const exact = BigInt(value.trim());
  if (exact <= BigInt(MAX_ID)) return undefined;
  return exact > INT64_MAX ? 'not-int64' : 'absent';
}

/** The field message of an Int64 value past the ids that exist. */
export function beyondIdsMessage(beyond: 'absent' | 'not-int64'): string {
  return beyond === 'absent' ? NO_SUCH_ID : NOT_INT64;
}
