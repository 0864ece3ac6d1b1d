// Assessment sessions: a rep requests a package for an employee (the provider is called and told the
// two callback addresses) and reads the employee's sessions with their results. The callbacks and
// the vendor webhook register here too: one registry line for the whole flow (docs/assessments.md).
import type { FastifyInstance } from 'fastify';
import type { Access } from '../../platform/auth/access.ts';
import type { TypedRequests } from '../../platform/http/typed-requests.ts';
import { found } from '../../platform/http/errors.ts';
import { PagedList } from '../../platform/http/paging.ts';
import { EmployeeParams, Session, SessionListQuery, SessionParams, SessionRequest } from './assessment-session.schemas.ts';
import { getSession, listEmployeeSessions } from './assessment-session.repository.ts';
import { requestSession } from './assessment-session.request.ts';
import { SESSION_READ_SCOPES } from './assessment-session.events.ts';
import { assessmentCallbackRoutes } from './assessment-callback.routes.ts';
import { vendorResultsRoutes } from './assessment-vendor-results.routes.ts';
import { historyRoute } from '../../platform/history/history.route.ts';
import { assessmentSessionHistory } from './assessment-session.history.ts';

export const sessionWriteAccess: Access = { roles: ['ServiceRep', 'Service'], scopes: ['assessment-write'] };
export const sessionReadAccess: Access = { roles: ['ServiceRep', 'Service'], scopes: SESSION_READ_SCOPES };
const tags = ['Assessment sessions'];

async function sessionRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<TypedRequests>();
  api.post('/Employees/:id/assessmentSessions', {
    config: { access: sessionWriteAccess, representation: 'record', recordName: 'AssessmentSession' },
    schema: {
      tags, operationId: 'requestAssessmentSession',
      summary: 'Request an assessment package for an employee. An AssessOnCloud-style vendor is called at once with the candidate, the '
        + 'assessment codes and the two callback addresses; a webhook vendor is not called (its results arrive at its webhook). '
        + '404 for an employee outside your hierarchy; 400 naming assessmentPackageId for an unknown, inactive or empty package; '
        + '409 when the vendor has no API address or key; 520 when the provider cannot be reached, 521 when it answers an error (either way the session is kept, failed).',
      params: EmployeeParams, body: SessionRequest, response: { 201: Session },
    },
  }, async (request, reply) => {
    const session = await requestSession(request.scope, request.params.id, request.body, app.config.BASE_URL);
    return reply.code(201).header('location', `/Assessments/Sessions/${session.assessmentSessionId}`).send(session);
  });

  api.get('/Employees/:id/assessmentSessions', {
    config: { access: sessionReadAccess, representation: 'list', recordName: 'AssessmentSession' },
    schema: {
      tags, operationId: 'listEmployeeAssessmentSessions',
      summary: 'An employee\'s assessment sessions, latest first, with their assessments and results. 404 for an employee outside your hierarchy.',
      params: EmployeeParams, querystring: SessionListQuery, response: { 200: PagedList(Session, { $id: 'AssessmentSessionPage' }) },
    },
  }, async (request) => found(await listEmployeeSessions(request.scope, request.params.id, request.query), 'The employee'));

  api.get('/Assessments/Sessions/:sessionId', {
    config: { access: sessionReadAccess, representation: 'record', recordName: 'AssessmentSession' },
    schema: {
      tags, operationId: 'getAssessmentSession',
      summary: 'One assessment session with its assessments and results; 404 when its employee is outside your hierarchy.',
      params: SessionParams, response: { 200: Session },
    },
  }, async (request) => found(await getSession(request.scope, request.params.sessionId), 'The assessment session'));

  historyRoute(app, {
    path: '/Assessments/Sessions/:sessionId', params: SessionParams, access: sessionReadAccess, tags, source: assessmentSessionHistory, what: 'The assessment session',
    seen: async (scope, { sessionId }) => ((await getSession(scope, sessionId!)) ? sessionId : undefined),
  });
}

/** Sessions, the AssessOnCloud callbacks and the vendor webhook. */
export async function assessmentSessionRoutes(app: FastifyInstance) {
  await sessionRoutes(app);
  await assessmentCallbackRoutes(app);
  await vendorResultsRoutes(app);
}
