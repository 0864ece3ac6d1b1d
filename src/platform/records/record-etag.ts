// The entity tag of a record's state (decision 0049): a hash of its read, what its GET reads (display
// names included), so the same for every caller who sees it. The GET answers it with a suffix per
// representation (`"<state>.json"`, `"<state>.xml"`, `"<state>.text"`: a strong tag names one
// representation's bytes); If-Match on PATCH takes a tag of any of them, compared under the record's
// lock in the write's transaction.
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../http/errors.ts';
import type { DataScope } from '../scope.ts';
import type { PatchableTable } from './json-patch/target.ts';

/** The representation a tag names, by the media type answered. */
const SUFFIXES: Readonly<Record<string, string>> = {
  'application/json': 'json', 'text/json': 'json', 'application/xml': 'xml', 'text/xml': 'xml', 'text/plain': 'text',
};
const DEFAULT_SUFFIX = 'json';

/** The ETag of a state in the representation `suffix` names. */
export const taggedAs = (state: string, suffix: string) => `"${state}.${suffix}"`;

/**
 * A record's state: the hash (SHA-1, as the other GETs' tags: a validator, not a secret) of its read's
 * values in order, each typed and strings length-prefixed so no two reads spell the same. Not
 * `JSON.stringify`: its dates (toISOString) cost every GET several times the hash (measured).
 */
export function stateOf(record: Record<string, unknown>): string {
  let text = '';
  for (const value of Object.values(record)) {
    if (value === null || value === undefined) text += 'n';
    else if (typeof value === 'string') text += `s${value.length}:${value}`;
    else if (typeof value === 'number' || typeof value === 'boolean') text += `${typeof value === 'number' ? 'd' : 'b'}${String(value)};`;
    else if (value instanceof Date) text += `t${value.getTime()};`;
    else {
      const json = JSON.stringify(value);
      text += `o${json.length}:${json}`;
    }
  }
  return createHash('sha1').update(text).digest('base64url');
}

/** The entity tag of a state in the representation of `mediaType` (JSON for any other). */
export function etagOf(state: string, mediaType: string): string {
  return taggedAs(state, SUFFIXES[mediaType] ?? DEFAULT_SUFFIX);
}

/**
 * If-Match's entity tags (RFC 9110 13.1.1): `*`, or the opaque parts of the strong ones listed (a
 * weak tag never matches under the strong comparison If-Match uses); undefined without the field.
 */
export function ifMatchOf(field: string | undefined): '*' | string[] | undefined {
  if (field === undefined) return undefined;
  if (field.trim() === '*') return '*';
  return [...field.matchAll(/(W\/)?"([^"]*)"/g)].filter(([, weak]) => !weak).map(([, , opaque]) => opaque ?? '');
}

/**
 * Holds the record (`id` of `table`) until the transaction ends, so the state read next is the one
 * the write changes: nobody writes between the comparison and the write. The tenant only: the read
 * that follows decides what the caller sees (404).
 */
export async function lockRecord(tx: DataScope, table: PatchableTable, id: number): Promise<void> {
  await tx.db.select({ id: table.id }).from(table).where(and(eq(table.tenantId, tx.tenantId), eq(table.id, id))).for('update');
}

/**
 * Checks If-Match against the record's current state; answers the suffix of the tag that matched (the
 * representation the answer's ETag names). 412 IF_MATCH_FAILED, with the current tag in `ETag`, when
 * none names the state.
 */
export function requireMatch(ifMatch: '*' | string[], state: string): string {
  if (ifMatch === '*') return DEFAULT_SUFFIX;
  const suffixes = [...new Set(Object.values(SUFFIXES))];
  const matched = suffixes.find((suffix) => ifMatch.includes(`${state}.${suffix}`));
  if (matched) return matched;
  throw new AppError('IF_MATCH_FAILED', 'If-Match names none of the record\'s current entity tags: it changed since you read it. Read it again (its ETag is in this answer), then retry.',
    undefined, { etag: taggedAs(state, DEFAULT_SUFFIX) });
}
