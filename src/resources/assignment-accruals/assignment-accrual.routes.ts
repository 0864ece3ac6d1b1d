// GET /Assignments/{id}/accruals (ASG-12 to ASG-15): the paid time off and sick time the assignment
// has earned, computed from its timecards (decision 0018).
import type { FastifyInstance } from 'fastify';
import type { Access } from '../../platform/auth/access.ts';
import type { TypedRequests } from '../../platform/http/typed-requests.ts';
import { notFound } from '../../platform/http/errors.ts';
import { PagedList } from '../../platform/http/paging.ts';
import { AccrualItem, AccrualQuery, AssignmentParams } from './assignment-accrual.schemas.ts';
import { listAssignmentAccruals } from './assignment-accrual.repository.ts';

/** ASG-01, ASG-12: either assignment scope. */
const access: Access = { roles: ['ServiceRep', 'Service'], scopes: ['assignment-read', 'assignment-write'] };

export async function assignmentAccrualRoutes(app: FastifyInstance) {
  app.withTypeProvider<TypedRequests>().get('/Assignments/:id/accruals', {
    config: { access, representation: 'list', recordName: 'AssignmentAccrual' },
    schema: {
      tags: ['Assignments'], operationId: 'listAssignmentAccruals',
      summary: 'The assignment\'s paid time off and sick time: one accrual per active plan of the tenant, computed from the assignment\'s '
        + 'timecards. ActiveOnly=true lists those active today. 404 when the assignment is not visible.',
      params: AssignmentParams, querystring: AccrualQuery, response: { 200: PagedList(AccrualItem) },
    },
  }, async (request) => {
    const page = await listAssignmentAccruals(request.scope, request.params.id, request.query);
    if (!page) throw notFound('The assignment');
    return page;
  });
}
