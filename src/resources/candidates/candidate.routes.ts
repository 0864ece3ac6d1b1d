// Job order candidates: the job board's POST /JobOrders/{id}/jobBoardCandidate (CAND-01 to CAND-13)
// and the reads that let a client see the result.
import type { FastifyInstance } from 'fastify';
import type { Access } from '../../platform/auth/access.ts';
import type { TypedRequests } from '../../platform/http/typed-requests.ts';
import { found } from '../../platform/http/errors.ts';
import { PagedList } from '../../platform/http/paging.ts';
import * as S from './candidate.schemas.ts';
import { createCandidate, getCandidate, listCandidates } from './candidate.repository.ts';
import { CANDIDATE_READ_SCOPES } from './candidate.events.ts';
import { historyRoute } from '../../platform/history/history.route.ts';
import { candidateHistory } from './candidate.history.ts';

/** CAND-13 (decision 0011): the job board's own write scope; reading also with the order scope. */
export const candidateWriteAccess: Access = { roles: ['ServiceRep', 'Service'], scopes: ['jobboard-write'] };
export const candidateReadAccess: Access = { roles: ['ServiceRep', 'Service'], scopes: CANDIDATE_READ_SCOPES };
const tags = ['Job board'];

export async function candidateRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<TypedRequests>();
  api.post('/JobOrders/:id/jobBoardCandidate', {
    config: { access: candidateWriteAccess, representation: 'record', recordName: 'JobOrderCandidateCreated' },
    schema: {
      tags, operationId: 'createJobOrderCandidate',
      summary: 'Add an employee as a candidate for a job order, with the status Applied from web. 404 when the caller cannot see the '
        + 'order or the employee; 409 when the employee is already a candidate. Assignment restrictions are not checked.',
      params: S.JobOrderParams, body: S.CandidateCreate, response: { 201: S.CandidateCreated }, errorCodes: ['CANDIDATE_EXISTS'],
    },
  }, async (request, reply) => {
    const { id } = request.params;
    const jobOrderCandidateId = await createCandidate(request.scope, id, request.body);
    return reply.code(201).header('location', `/JobOrders/${id}/candidates/${jobOrderCandidateId}`).send({ jobOrderCandidateId });
  });

  api.get('/JobOrders/:id/candidates', {
    config: { access: candidateReadAccess, representation: 'list', recordName: 'JobOrderCandidate' },
    schema: { tags, operationId: 'listJobOrderCandidates', summary: 'The candidates of a job order, oldest first.', params: S.JobOrderParams, querystring: S.CandidateListQuery, response: { 200: PagedList(S.Candidate) } },
  }, async (request) => found(await listCandidates(request.scope, request.params.id, request.query), 'The job order'));

  api.get('/JobOrders/:id/candidates/:candidateId', {
    config: { access: candidateReadAccess, representation: 'record', recordName: 'JobOrderCandidate' },
    schema: { tags, operationId: 'getJobOrderCandidate', summary: 'One candidate of a job order.', params: S.CandidateParams, response: { 200: S.Candidate } },
  }, async (request) => found(await getCandidate(request.scope, request.params.id, request.params.candidateId), 'The candidate'));

  historyRoute(app, {
    path: '/JobOrders/:id/candidates/:candidateId', params: S.CandidateParams, access: candidateReadAccess, tags, source: candidateHistory, what: 'The candidate',
    seen: async (scope, { id, candidateId }) => ((await getCandidate(scope, id!, candidateId!)) ? candidateId : undefined),
  });
}
