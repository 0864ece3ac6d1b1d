// Logging through pino (Fastify's logger). Secrets never reach the log: credential headers are
// redacted and the `tw-token` query parameter is cut out of logged URLs.
import type { FastifyServerOptions } from 'fastify';
import type { Writable } from 'node:stream';

export function redactUrl(url: string): string {
  return url.replace(/([?&]tw-token=)[^&]*/gi, '$1[REDACTED]');
}

export function loggerOptions(level: string, stream?: Writable): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: ['req.headers.authorization', 'req.headers["x-tw-token"]', 'req.headers.cookie'], censor: '[REDACTED]' },
    serializers: {
      req: (req: { method: string; url: string; id: string; ip?: string }) => ({ id: req.id, method: req.method, url: redactUrl(req.url), ip: req.ip }),
    },
  };
}
