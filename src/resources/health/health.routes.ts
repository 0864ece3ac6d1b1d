// GET /health: 200 once the service is ready (the database answers), without credentials, and
// nothing else: no versions, no counts.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { AppError } from '../../platform/http/errors.ts';

/** `ping` resolves when the database answers. */
export function healthRoutes(ping: () => Promise<unknown>) {
  return async (app: FastifyInstance) => {
    app.get('/health', {
      config: { access: 'public' },
      schema: {
        tags: ['Service'],
        operationId: 'getHealth',
        summary: 'Readiness: 200 when the service and its database answer.',
        security: [],
        response: { 200: Type.Object({ status: Type.Literal('ok') }, { $id: 'Health' }) },
      },
    }, async () => {
      try {
        await ping();
      } catch {
        throw new AppError('OVERLOADED', 'The database is not reachable.', undefined, { 'retry-after': '5' });
      }
      return { status: 'ok' as const };
    });
  };
}
