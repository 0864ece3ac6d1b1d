// GET /Search/EmailAddress: email addresses of employees and contacts by prefix.
import type { FastifyInstance } from 'fastify';
import type { Access } from '../../platform/auth/access.ts';
import type { TypedRequests } from '../../platform/http/typed-requests.ts';
import { PagedList } from '../../platform/http/paging.ts';
import { EmailSearchQuery, EmailSearchResult } from './search.schemas.ts';
import { searchEmailAddresses } from './search.repository.ts';

const access: Access = { roles: ['ServiceRep', 'Service'], scopes: ['search-read'] };

export async function searchRoutes(app: FastifyInstance) {
  app.withTypeProvider<TypedRequests>().get('/Search/EmailAddress', {
    config: { access, representation: 'list', recordName: 'EmailSearchResult' },
    schema: {
      tags: ['Search'],
      operationId: 'searchEmailAddresses',
      summary: 'Email addresses whose address or owner\'s name starts with SearchString, among employees and contacts the caller can see.',
      querystring: EmailSearchQuery,
      response: { 200: PagedList(EmailSearchResult) },
    },
  }, async (request) => searchEmailAddresses(request.scope, request.query));
}
