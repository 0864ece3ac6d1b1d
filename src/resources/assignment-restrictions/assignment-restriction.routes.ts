// Assignment restriction vetting (ASG-04, ASG-05, AMB-64, decision 0017): the sessions at the spec's
// `jobOrder/{orderId}/assignmentRestriction` (start, read, list, approve a result) and the tenant's
// configuration (the rules' settings, the customers that require an I-9). docs/assignments.md.
import type { FastifyInstance } from 'fastify';
import type { Access } from '../../platform/auth/access.ts';
import type { TypedRequests } from '../../platform/http/typed-requests.ts';
import { found } from '../../platform/http/errors.ts';
import { PagedList, PageQuery } from '../../platform/http/paging.ts';
import * as S from './assignment-restriction.schemas.ts';
import { approveResult, getSession, listSessions, startSession } from './assignment-restriction.repository.ts';
import { listRuleSettings, setCustomerRequiresI9, setRuleSetting } from './assignment-restriction.settings.ts';
import { VETTING_READ_SCOPES } from './assignment-restriction.events.ts';

const roles = ['ServiceRep', 'Service'] as const;
export const vettingWriteAccess: Access = { roles, scopes: ['assignment-write'] };
export const vettingReadAccess: Access = { roles, scopes: VETTING_READ_SCOPES };
/** Whether a customer requires an I-9 is the customer's data. */
export const customerI9Access: Access = { roles, scopes: ['customer-write'] };
const tags = ['Assignment restrictions'];
const base = '/jobOrder/:orderId/assignmentRestriction';

export async function assignmentRestrictionRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<TypedRequests>();

  api.post(base, {
    config: { access: vettingWriteAccess, representation: 'record', recordName: 'AssignmentRestrictionSession' },
    schema: {
      tags, operationId: 'startAssignmentRestrictionSession',
      summary: 'Vet an employee for a job order: run every enabled restriction rule now and record one result per finding. POST /Assignments '
        + 'then needs the latest session of the employee and order to be clear or approved (ASG-04). 404 when the caller cannot see the order or the employee.',
      params: S.OrderParams, body: S.SessionStart, response: { 201: S.Session },
    },
  }, async (request, reply) => {
    const { orderId } = request.params;
    const session = await startSession(request.scope, orderId, request.body.employeeId);
    return reply.code(201).header('location', `/jobOrder/${orderId}/assignmentRestriction/${session.assignmentRestrictionSessionId}`).send(session);
  });

  api.get(base, {
    config: { access: vettingReadAccess, representation: 'list', recordName: 'AssignmentRestrictionSession' },
    schema: {
      tags, operationId: 'listAssignmentRestrictionSessions', summary: 'The vetting sessions of a job order, latest first, each with its status now.',
      params: S.OrderParams, querystring: S.SessionListQuery, response: { 200: PagedList(S.Session) },
    },
  }, async (request) => found(await listSessions(request.scope, request.params.orderId, request.query), 'The job order'));

  api.get(`${base}/:sessionId`, {
    config: { access: vettingReadAccess, representation: 'record', recordName: 'AssignmentRestrictionSession' },
    schema: {
      tags, operationId: 'getAssignmentRestrictionSession', summary: 'One vetting session: its results, who approved them, and its status now (stale when what it checked has changed).',
      params: S.SessionParams, response: { 200: S.Session },
    },
  }, async (request) => found(await getSession(request.scope, request.params.orderId, request.params.sessionId), 'The assignment restriction session'));

  api.post(`${base}/:sessionId/results/:resultId/approval`, {
    config: { access: vettingWriteAccess, representation: 'record', recordName: 'AssignmentRestrictionSession' },
    schema: {
      tags, operationId: 'approveAssignmentRestrictionResult',
      summary: 'Approve one result of a session, with a note. 403 APPROVAL_LEVEL when the caller\'s hierarchy level may not; 409 when the result\'s rule '
        + 'blocks, it is approved already, or the session is stale or placed.',
      params: S.ResultParams, body: S.ResultApproval, response: { 200: S.Session },
      errorCodes: ['APPROVAL_LEVEL', 'RESTRICTION_RESULT_NOT_APPROVABLE', 'RESTRICTION_SESSION_STALE'],
    },
  }, async (request) => approveResult(request.scope, request.params, request.body.note));

  api.get('/assignmentRestriction/rules', {
    config: { access: vettingReadAccess, representation: 'list', recordName: 'AssignmentRestrictionRule' },
    schema: {
      tags, operationId: 'listAssignmentRestrictionRules', summary: 'The vetting rules as the tenant runs them: enabled or not, and who may approve their findings.',
      querystring: PageQuery, response: { 200: PagedList(S.RuleSetting) },
    },
  }, async (request) => listRuleSettings(request.scope, request.query));

  api.put('/assignmentRestriction/rules/:ruleCode', {
    config: { access: vettingWriteAccess, representation: 'record', recordName: 'AssignmentRestrictionRule' },
    schema: {
      tags, operationId: 'setAssignmentRestrictionRule',
      summary: 'Enable or disable a rule and set who may approve its findings, for the whole tenant. 403 HIERARCHY_NOT_ALLOWED below the root node. '
        + 'Sessions that ran under another setting turn stale.',
      params: S.RuleParams, body: S.RuleUpdate, response: { 200: S.RuleSetting },
    },
  }, async (request) => setRuleSetting(request.scope, request.params.ruleCode, request.body));

  api.put('/assignmentRestriction/customers/:customerId', {
    config: { access: customerI9Access, representation: 'record', recordName: 'AssignmentRestrictionCustomer' },
    schema: {
      tags, operationId: 'setAssignmentRestrictionCustomer',
      summary: 'Whether a customer requires an I-9 of the employees placed with it (rule I9_MISSING). 404 when the caller cannot see the customer.',
      params: S.CustomerParams, body: S.CustomerRequirement, response: { 200: S.CustomerRequirementSaved },
    },
  }, async (request) => setCustomerRequiresI9(request.scope, request.params.customerId, request.body.requiresI9));
}
