// The job order's route beyond the record's standard four (job-order.record.ts): the summary (JO-02).
import type { FastifyInstance } from 'fastify';
import type { TypedRequests } from '../../platform/http/typed-requests.ts';
import { Type } from 'typebox';
import type { Access } from '../../platform/auth/access.ts';
import { idSchema, tagOf } from '../../platform/records/record.ts';
import { notFound } from '../../platform/http/errors.ts';
import { JobOrderSummary } from './job-order.schemas.ts';
import { getJobOrderSummary } from './job-order.repository.ts';
import { jobOrderRecord } from './job-order.record.ts';

// As the record's GET: `order-read` is the spec's scope name for the two reads (JO-01, JO-03); roles: JO-08.
const read: Access = { roles: ['ServiceRep', 'Service'], scopes: ['order-read'] };
const Params = Type.Object({ id: idSchema(jobOrderRecord) });
const Summary = { ...JobOrderSummary, $id: 'JobOrderSummary' };

export async function jobOrderSummaryRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<TypedRequests>();
  api.get(`${jobOrderRecord.path}/:id/summary`, {
    config: { access: read, representation: 'record', recordName: 'JobOrderSummary' },
    schema: {
      tags: [tagOf(jobOrderRecord)], operationId: 'getJobOrderSummary', summary: 'Job order summary (JO-02).',
      params: Params, response: { 200: Summary },
    },
  }, async (request) => {
    const summary = await getJobOrderSummary(request.scope, request.params.id);
    if (!summary) throw notFound(jobOrderRecord.what);
    return summary;
  });
}
