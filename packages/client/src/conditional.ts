// Conditional writes: a record's GET answers its state's `ETag`; a PATCH (or PUT) sent with
// `If-Match: <that ETag>` is done only if nobody changed the record since, and answers 412 with the
// current ETag otherwise (read it again, decide, and send again). Two editors no longer overwrite
// each other's work without knowing.
import type { Answer } from './errors.js';

/** The `ETag` of an answer (a record's GET, a write's response), if it has one. */
export function etagOf(answer: Pick<Answer<unknown>, 'response'>): string | undefined {
  return answer.response.headers.get('etag') ?? undefined;
}

/**
 * The headers of a conditional write:
 *
 *   await api.PATCH('/Employees/{id}', { params: { path: { id } }, body, headers: ifMatch(etag) });
 */
export function ifMatch(etag: string): { 'If-Match': string } {
  return { 'If-Match': etag };
}
