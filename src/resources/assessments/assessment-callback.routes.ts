// The AssessOnCloud callbacks (ASM-18 to ASM-24): the provider calls them with a dedicated service
// rep's personal access token holding only `assessoncloudresults-write` (AMB-70 (a)). Answers are
// JSON acknowledgments whatever the Accept header: providers are machines.
import type { FastifyInstance } from 'fastify';
import type { Access } from '../../platform/auth/access.ts';
import type { TypedRequests } from '../../platform/http/typed-requests.ts';
import { RESULTS_PATH, STATUS_PATH } from './assessment-session.request.ts';
import { ResultsAck, ResultsCallback, StatusAck, StatusCallback } from './assessment-callback.schemas.ts';
import { applyStatus, storeReports } from './assessment-callback.repository.ts';
import { incomingReports } from './assessment-callback.reports.ts';

/** ASM-18, ASM-21: ServiceRep only; the callback scope. */
export const callbackAccess: Access = { roles: ['ServiceRep'], scopes: ['assessoncloudresults-write'] };
const tags = ['Assessment sessions'];

export async function assessmentCallbackRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<TypedRequests>();
  api.post(RESULTS_PATH, {
    config: { access: callbackAccess },
    schema: {
      tags, operationId: 'receiveAssessOnCloudResults',
      summary: 'The provider delivers results (AssessmentReport-style) for a session it was asked to open. Each report is stored once '
        + '(by reportId); a report for an assessment outside the session is a 400 and nothing is stored; results for every assessment complete the session. '
        + '404 for a session this caller does not see.',
      body: ResultsCallback, response: { 200: ResultsAck },
    },
  }, async (request) => {
    const { assessmentSessionId, providerSessionId } = request.body;
    const reports = incomingReports(request.body);
    const ack = await storeReports(request.scope, { sessionId: assessmentSessionId, providerSessionId, via: { kind: 'assessoncloud' } }, reports);
    return { acknowledged: true, ...ack };
  });

  api.post(STATUS_PATH, {
    config: { access: callbackAccess },
    schema: {
      tags, operationId: 'receiveAssessOnCloudStatus',
      summary: 'The provider reports a session\'s status (AssessmentStatus-style). A session never moves back: requested < inProgress < '
        + 'completed, expired or failed (final); an update older than the current status is acknowledged with applied false.',
      body: StatusCallback, response: { 200: StatusAck },
    },
  }, async (request) => ({ acknowledged: true, ...(await applyStatus(request.scope, request.body)) }));
}
