// POST /Assessments/Sessions/Vendors/{id}/Results?data=... (ASM-25 to ASM-27): a webhook vendor's
// result, stored the way AssessOnCloud results are. 204 for a result stored now or before.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Access } from '../../platform/auth/access.ts';
import type { TypedRequests } from '../../platform/http/typed-requests.ts';
import { storeReports } from './assessment-callback.repository.ts';
import { vendorReport } from './assessment-vendor-results.parse.ts';
import { VendorParams, VendorResultsQuery } from './assessment-vendor-results.schemas.ts';

/** ASM-25: ServiceRep with the webhook scope. */
export const vendorResultsAccess: Access = { roles: ['ServiceRep'], scopes: ['assessment-webhook'] };

export async function vendorResultsRoutes(app: FastifyInstance) {
  app.withTypeProvider<TypedRequests>().post('/Assessments/Sessions/Vendors/:id/Results', {
    config: { access: vendorResultsAccess },
    schema: {
      tags: ['Assessment sessions'], operationId: 'receiveVendorAssessmentResult',
      summary: 'A webhook vendor delivers one result in the query parameter data (URL-encoded JSON, at most 8192 characters decoded; '
        + 'no body). 404 when the vendor, or the session among its sessions, is not the caller\'s to see.',
      params: VendorParams, querystring: VendorResultsQuery, response: { 204: Type.Null() },
    },
  }, async (request, reply) => {
    const { target, report } = vendorReport(request.params.id, request.query.data);
    await storeReports(request.scope, target, [report]);
    return reply.code(204).send();
  });
}
