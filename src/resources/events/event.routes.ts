// GET /Events: the polling feed of the events the service emits (GEN-16, docs/events.md).
import type { FastifyInstance } from 'fastify';
import type { Access } from '../../platform/auth/access.ts';
import type { TypedRequests } from '../../platform/http/typed-requests.ts';
import { invalid } from '../../platform/http/errors.ts';
import { EventFeedQuery, EventPage } from './event.schemas.ts';
import { eventFeed } from './event.repository.ts';
import { EventWaits } from '../../platform/events/event-wake.ts';

const access: Access = { roles: ['ServiceRep', 'Service'], scopes: ['event-read'] };

/** The `types` asked for, each one the service emits (`known`); undefined when not asked. */
export function askedTypes(types: string | undefined, known: readonly string[]): string[] | undefined {
  if (types === undefined) return undefined;
  const asked = [...new Set(types.split(',').map((t) => t.trim()).filter(Boolean))];
  const unknown = asked.filter((t) => !known.includes(t));
  if (!asked.length || unknown.length) throw invalid('types', `${unknown.length ? `${unknown.join(', ')}: not an event type` : 'names no event type'} (known: ${known.join(', ')})`);
  return asked;
}

/** The routes, for the event types the service emits (the registry derives them, as for webhooks). */
export const eventRoutes = (eventTypes: readonly { type: string }[]) => async function routes(app: FastifyInstance) {
  const known = eventTypes.map((t) => t.type);
  const api = app.withTypeProvider<TypedRequests>();
  // The long polls of this app: ended (answered empty) before the server closes, so close() never waits for them.
  const waits = new EventWaits(app.log);
  app.addHook('preClose', () => waits.close());
  api.get('/Events', {
    config: { access, representation: 'record', recordName: 'EventPage' },
    schema: {
      tags: ['Events'], operationId: 'listEvents',
      summary: 'Events after a cursor (the last sequence you have), oldest first: records created and updated, batch jobs completed, each with its change. Only events of records you may read; `types` narrows them. Poll with `after` = the page\'s `next`; `wait` holds an empty answer until an event commits. 410 when events after the cursor were pruned.',
      querystring: EventFeedQuery, response: { 200: EventPage }, errorCodes: ['EVENT_CURSOR_EXPIRED'],
    },
  }, async (request, reply) => {
    const types = askedTypes(request.query.types, known);
    // A client that goes away frees its wait ('close' after the answer too: then it changes nothing).
    const gone = new AbortController();
    reply.raw.once('close', () => gone.abort());
    const page = await eventFeed(request.scope, request.query, types, { waits, signal: gone.signal });
    // Answered because the server is closing: its connection closes too (kept alive, close() would wait for it to idle out).
    if (waits.isClosed) void reply.header('connection', 'close');
    return page;
  });
};
