// The matches (issue 30 item 3, decision 0060): GET /JobOrders/{id}/matches ranks employees for an
// order, GET /Employees/{id}/matches ranks open orders for an employee, and
// POST /JobOrders/{id}/matches/{employeeId} makes a matched employee the order's candidate.
import type { FastifyInstance } from 'fastify';
import type { Access } from '../../platform/auth/access.ts';
import type { TypedRequests } from '../../platform/http/typed-requests.ts';
import { PagedList } from '../../platform/http/paging.ts';
import { fieldsOf, withFields } from '../../platform/records/fields.ts';
import { CandidateCreated } from '../candidates/candidate.schemas.ts';
import * as S from './matches.schemas.ts';
import { employeeMatches, matchCandidate, orderMatches } from './matches.repository.ts';

/** An order's matches list employees, an employee's list orders: each needs the read scope of what it lists. */
const listsEmployees: Access = { roles: ['ServiceRep', 'Service'], scopes: ['employee-read'] };
const listsOrders: Access = { roles: ['ServiceRep', 'Service'], scopes: ['order-read'] };
/** Adding a candidate changes the order. */
const changesOrder: Access = { roles: ['ServiceRep', 'Service'], scopes: ['order-write'] };
const tags = ['Matching'];
const scoreNote = 'Each result has a score from 0 to 100 and its evidence per category (docs/matching.md); the tenant\'s weights are GET /Matching/Weights.';

export async function matchesRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<TypedRequests>();
  const orderFields = fieldsOf(S.OrderMatch, 'employeeId');
  const employeeFields = fieldsOf(S.EmployeeMatch, 'jobOrderId');

  api.get('/JobOrders/:id/matches', {
    config: { access: listsEmployees, representation: 'list', recordName: 'JobOrderMatch' },
    schema: {
      tags, operationId: 'listJobOrderMatches',
      summary: `Employees ranked for a job order, best first. ${scoreNote} Never lists a pair an assignment restriction rule refuses (blacklists either way, inactive, I-9 where required), `
        + 'an employee without a required licence, or one beyond maxMiles of the worksite. 404 when the caller cannot see the order.',
      params: S.OrderParams, querystring: withFields(S.OrderMatchesQuery), response: { 200: PagedList(S.OrderMatch, { $id: 'JobOrderMatchPage' }) },
    },
  }, async (request, reply) => {
    const chosen = orderFields.chosen(request);
    const page = await orderMatches(request.scope, request.params.id, request.query);
    return chosen ? orderFields.page(reply, chosen, page) : page;
  });

  api.get('/Employees/:id/matches', {
    config: { access: listsOrders, representation: 'list', recordName: 'EmployeeMatch' },
    schema: {
      tags, operationId: 'listEmployeeMatches',
      summary: `Open job orders ranked for an employee, best first. ${scoreNote} Never lists an order a restriction rule refuses the pair for, one whose required licence `
        + 'the employee does not hold, or one whose worksite is beyond its radius. 404 when the caller cannot see the employee.',
      params: S.EmployeeParams, querystring: withFields(S.EmployeeMatchesQuery), response: { 200: PagedList(S.EmployeeMatch, { $id: 'EmployeeMatchPage' }) },
    },
  }, async (request, reply) => {
    const chosen = employeeFields.chosen(request);
    const page = await employeeMatches(request.scope, request.params.id, request.query);
    return chosen ? employeeFields.page(reply, chosen, page) : page;
  });

  api.post('/JobOrders/:id/matches/:employeeId', {
    config: { access: changesOrder, representation: 'record', recordName: 'JobOrderCandidateCreated' },
    schema: {
      tags, operationId: 'createJobOrderCandidateFromMatch',
      summary: 'Make a matched employee a candidate of the order (status Under review), in one call. 404 when the caller cannot see the order or the employee; '
        + '409 MATCH_REFUSED when a restriction rule refuses the pair or a required licence is missing, CANDIDATE_EXISTS when the employee is a candidate already.',
      params: S.MatchCandidateParams, response: { 201: CandidateCreated }, errorCodes: ['MATCH_REFUSED', 'CANDIDATE_EXISTS'],
    },
  }, async (request, reply) => {
    const { id, employeeId } = request.params;
    const jobOrderCandidateId = await matchCandidate(request.scope, id, employeeId);
    return reply.code(201).header('location', `/JobOrders/${id}/candidates/${jobOrderCandidateId}`).send({ jobOrderCandidateId });
  });
}
