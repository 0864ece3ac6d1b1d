// ETag on every successful GET, computed from the bytes sent (so it differs per media type) unless the
// route set its own, and 304 when If-None-Match already names it.
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

export function registerEtags(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' || reply.statusCode !== 200) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    // A route that tags what it answers by its own means (a record's state, record-etag.ts) keeps its tag.
    const own = reply.getHeader('etag');
    const etag = typeof own === 'string' ? own : `"${createHash('sha1').update(payload).digest('base64url')}"`;
    reply.header('etag', etag);
    const ifNoneMatch = request.headers['if-none-match'];
    if (ifNoneMatch && (ifNoneMatch === '*' || ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === etag))) {
      reply.code(304);
      reply.removeHeader('content-type');
      reply.removeHeader('content-length');
      return '';
    }
    return payload;
  });
}
