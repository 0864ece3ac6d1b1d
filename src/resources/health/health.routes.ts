// Health without credentials, and nothing else: no versions, no counts beyond what a probe needs.
// - GET /health: 200 once the service and its database answer (load balancers).
// - GET /livez: the process answers (orchestrators restart it when not): no database, and answered
//   even while the process sheds load (a busy process is alive; restarting it would lose its work).
// - GET /readyz: the process should take traffic: its database answers, every migration is applied
//   and the batch backlog is within READY_MAX_BATCH_BACKLOG; otherwise 503 naming what is not ready
//   (decision 0047).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { AppError } from '../../platform/http/errors.ts';
import type { Readiness } from '../../platform/db/readiness.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** @fastify/under-pressure's per-route handler of load (it reads it from the route's config; its types do not say so). */
    pressureHandler?: (request: FastifyRequest, reply: FastifyReply, type: string, value: number | undefined) => Promise<void> | void;
  }
}

export interface HealthChecks {
  /** Resolves when the database answers. */
  ping: () => Promise<unknown>;
  /** The readiness checks (platform/db/readiness.ts). */
  readiness: () => Promise<Readiness>;
}

const Status = (id: string) => Type.Object({ status: Type.Literal('ok') }, { $id: id });

const Ready = Type.Object({
  status: Type.Literal('ok'),
  checks: Type.Object({
    database: Type.Literal('ok'),
    migrations: Type.Object({ applied: Type.Integer(), expected: Type.Integer() }),
    batchBacklog: Type.Object({ items: Type.Integer({ description: 'Unfinished batch items, counted up to `max` + 1.' }), max: Type.Integer() }),
  }),
}, { $id: 'Readiness' });

/** What is not ready, in words: the 503's detail. */
function notReady(r: Readiness): string[] {
  const reasons: string[] = [];
  if (r.database !== 'ok') reasons.push('the database is not reachable');
  if (r.migrations && r.migrations.applied < r.migrations.expected) reasons.push(`migrations: ${r.migrations.applied} of ${r.migrations.expected} applied`);
  if (r.batchBacklog && r.batchBacklog.items > r.batchBacklog.max) reasons.push(`batch backlog: more than ${r.batchBacklog.max} unfinished items`);
  return reasons;
}

export function healthRoutes(checks: HealthChecks) {
  return async (app: FastifyInstance) => {
    app.get('/health', {
      config: { access: 'public' },
      schema: {
        tags: ['Service'],
        operationId: 'getHealth',
        summary: 'Readiness: 200 when the service and its database answer.',
        security: [],
        response: { 200: Status('Health') },
      },
    }, async () => {
      try {
        await checks.ping();
      } catch {
        throw new AppError('OVERLOADED', 'The database is not reachable.', undefined, { 'retry-after': '5' });
      }
      return { status: 'ok' as const };
    });

    app.get('/livez', {
      // Answered under load too: under-pressure lets a route's own handler decide (undefined: go on).
      config: { access: 'public', pressureHandler: () => undefined },
      schema: {
        tags: ['Service'],
        operationId: 'getLiveness',
        summary: 'Liveness: 200 while the process answers (no database involved).',
        security: [],
        response: { 200: Status('Liveness') },
      },
    }, async () => ({ status: 'ok' as const }));

    app.get('/readyz', {
      config: { access: 'public' },
      schema: {
        tags: ['Service'],
        operationId: 'getReadiness',
        summary: 'Readiness for an orchestrator: the database answers, its migrations are applied and the batch backlog is within bounds; 503 NOT_READY names what is not.',
        security: [],
        response: { 200: Ready },
      },
    }, async () => {
      const readiness = await checks.readiness();
      const reasons = notReady(readiness);
      if (!readiness.ready || readiness.database !== 'ok' || !readiness.migrations || !readiness.batchBacklog) {
        const { ready: _ready, ...state } = readiness;
        throw new AppError('NOT_READY', `Not ready: ${reasons.join('; ') || 'the checks could not run'}.`, undefined, { 'retry-after': '5' }, { checks: state });
      }
      return { status: 'ok' as const, checks: { database: readiness.database, migrations: readiness.migrations, batchBacklog: readiness.batchBacklog } };
    });
  };
}
