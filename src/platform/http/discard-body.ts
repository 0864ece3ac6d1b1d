// A request refused before its body was read to the end (over the size limit, say) is answered at
// once; the rest of the body is then read and thrown away, up to a bound, so a client that sends its
// whole body before it reads the answer gets the 413 instead of a broken pipe. Past the bound (bytes
// or time: a chunked body may never end), the connection is closed.
import type { FastifyRequest } from 'fastify';

export const DISCARD_MAX_BYTES = 64 * 1024 * 1024;
export const DISCARD_MAX_MS = 15_000;

export function discardRestOfBody(request: FastifyRequest, maxBytes = DISCARD_MAX_BYTES, maxMs = DISCARD_MAX_MS): void {
  const raw = request.raw;
  if (raw.complete || raw.destroyed) return;
  let seen = 0;
  const close = () => { clearTimeout(timer); raw.socket?.destroy(); };
  const timer = setTimeout(close, maxMs).unref();
  raw.removeAllListeners('data');
  raw.on('data', (chunk: Buffer) => { seen += chunk.length; if (seen > maxBytes) close(); });
  raw.once('end', () => clearTimeout(timer));
  raw.once('close', () => clearTimeout(timer));
  raw.resume();
}
