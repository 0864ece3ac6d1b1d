// GET /Events: the polling feed of the events the service emits (GEN-16, docs/events.md).
import type { FastifyInstance } from 'fastify';
import type { Access } from '../../platform/auth/access.ts';
import type { TypedRequests } from '../../platform/http/typed-requests.ts';
import { EventFeedQuery, EventPage } from './event.schemas.ts';
import { eventFeed } from './event.repository.ts';

const access: Access = { roles: ['ServiceRep', 'Service'], scopes: ['event-read'] };

export async function eventRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<TypedRequests>();
  api.get('/Events', {
    config: { access, representation: 'record', recordName: 'EventPage' },
    schema: {
      tags: ['Events'], operationId: 'listEvents',
      summary: 'Events after a cursor (the last sequence you have), oldest first: records created and updated, batch jobs completed. Only events of records you may read. Poll with `after` = the page\'s `next`.',
      querystring: EventFeedQuery, response: { 200: EventPage },
    },
  }, async (request) => eventFeed(request.scope, request.query));
}
