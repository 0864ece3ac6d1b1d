// GET /JobOrders/{jobOrderId}/jobBoardDetails (JBD-01 to JBD-21): an eligible order as the job board
// shows it; anything else (absent, outside the caller's hierarchy, not eligible) answers 404.
import type { FastifyInstance } from 'fastify';
import type { Access } from '../../platform/auth/access.ts';
import type { TypedRequests } from '../../platform/http/typed-requests.ts';
import { notFound } from '../../platform/http/errors.ts';
import { JobBoardDetails, JobBoardDetailsParams } from './job-board-details.schemas.ts';

/** JBD-21 (decision 0011): the job board's integrators call it as ServiceRep or Service with `jobboard-read`. */
export const detailsAccess: Access = { roles: ['ServiceRep', 'Service'], scopes: ['jobboard-read'] };

export async function jobBoardDetailsRoutes(app: FastifyInstance) {
  app.withTypeProvider<TypedRequests>().get('/JobOrders/:jobOrderId/jobBoardDetails', {
    // When orderId, jobBoardUrl and payCurrency were marked deprecated (VER-04, decision 0030): the
    // date of the Deprecation header every details answer carries.
    config: { access: detailsAccess, representation: 'record', recordName: 'JobBoardDetails', deprecatedSince: new Date('2026-11-26T00:00:00Z') },
    schema: {
      tags: ['Job board'],
      operationId: 'getJobBoardDetails',
      summary: 'Job board order details. 404 unless the order is inside the caller\'s hierarchy, active, in a job-board status (Unfilled, '
        + 'Unfilled - Replace, Partially Filled, Master), not marked do-not-post (when created, or DoNotPostPublicly since), with a public '
        + 'job title and a web-public branch.',
      params: JobBoardDetailsParams,
      response: { 200: JobBoardDetails },
    },
  }, async (request) => {
    const details = await app.jobBoard.details(request.scope, request.params.jobOrderId);
    if (!details) throw notFound('The job order');
    return details;
  });
}
