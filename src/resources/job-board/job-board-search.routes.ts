// GET /Search/JobBoard (and /Searches/JobBoard, the sample client's path): paged job board orders,
// answered by the job board module (job-board.ts) as the public search page is.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Access } from '../../platform/auth/access.ts';
import type { TypedRequests } from '../../platform/http/typed-requests.ts';
import { PagedList } from '../../platform/http/paging.ts';
import { JobBoardOrder, JobBoardSearchQuery } from './job-board-search.schemas.ts';

// JB-50 (AMB-23 (a)): job boards integrate as a service or a rep's token, with the job board scope.
const access: Access = { roles: ['ServiceRep', 'Service'], scopes: ['jobboard-read'] };

/** Job board forms send every field, empty ones too: an empty value is an absent one (`latitude=` is not 0). */
async function dropBlankParameters(request: FastifyRequest) {
  // Before validation: the query is the parsed string as it came.
  const query: unknown = request.query;
  if (!query || typeof query !== 'object') return;
  for (const [key, value] of Object.entries(query)) if (typeof value === 'string' && value.trim() === '') Reflect.deleteProperty(query, key);
}

export async function jobBoardSearchRoutes(app: FastifyInstance) {
  for (const [url, operationId] of [['/Search/JobBoard', 'searchJobBoard'], ['/Searches/JobBoard', 'searchJobBoardAlias']] as const) {
    app.withTypeProvider<TypedRequests>().get(url, {
      config: { access, representation: 'list', recordName: 'JobBoardOrder' },
      preValidation: dropBlankParameters,
      schema: {
        tags: ['Job board'],
        operationId,
        summary: url === '/Search/JobBoard'
          ? 'Job board orders inside the caller\'s hierarchy: eligible status, public job title, web-public branch. '
            + 'sortBy: 1 relevance, 2 job title, 3 distance, 4 most recently created. A location search (postalCode, or municipality '
            + 'and region, or latitude and longitude) needs distance and distanceUnitId (3 miles, 4 kilometers).'
          : 'The same search under the path the sample client calls.',
        querystring: JobBoardSearchQuery,
        response: { 200: PagedList(JobBoardOrder) },
      },
    }, async (request) => app.jobBoard.search(request.scope, request.query));
  }
}
