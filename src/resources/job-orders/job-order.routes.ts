// /JobOrders: create, the spec's two reads (summary and information), list, and PATCH of the
// catalog's fields. DELETE is not offered (405): orders carry assignments and timecards.
import type { FastifyInstance } from 'fastify';
import type { Access } from '../../platform/auth/access.ts';
import { notFound } from '../../platform/http/errors.ts';
import { PagedList } from '../../platform/http/paging.ts';
import { PatchDocument, type Operation } from '../../platform/http/json-patch/patch.ts';
import { applyPatch } from '../../platform/http/json-patch/apply.ts';
import * as S from './job-order.schemas.ts';
import { createJobOrder, getJobOrder, getJobOrderSummary, jobOrderPatchTarget, listJobOrders } from './job-order.repository.ts';

// `order-read` is the spec's scope name for the two reads (JO-01, JO-03); roles: JO-08.
const read: Access = { roles: ['ServiceRep', 'Service'], scopes: ['order-read'] };
const write: Access = { roles: ['ServiceRep', 'Service'], scopes: ['order-write'] };
const tags = ['Job orders'];
const idOf = (params: unknown) => (params as { id: number }).id;

export async function jobOrderRoutes(app: FastifyInstance) {
  app.post('/JobOrders', {
    config: { access: write, representation: 'record', recordName: 'JobOrderCreated' },
    schema: {
      tags, summary: 'Create a job order. New orders are Unfilled, served by the caller, with the first sales team, duration and worker comp code.',
      body: S.JobOrderCreate, response: { 201: S.JobOrderCreated },
    },
  }, async (request, reply) => {
    const jobOrderId = await createJobOrder(request.scope, request.body as S.JobOrderCreateInput);
    return reply.code(201).header('location', `/JobOrders/${jobOrderId}`).send({ jobOrderId });
  });

  app.get('/JobOrders', {
    config: { access: read, representation: 'list', recordName: 'JobOrder' },
    schema: { tags, summary: 'Job orders inside the caller\'s hierarchy, oldest first.', querystring: S.JobOrderListQuery, response: { 200: PagedList(S.JobOrderListItem) } },
  }, async (request) => listJobOrders(request.scope, request.query as S.JobOrderListFilter));

  app.get('/JobOrders/:id/summary', {
    config: { access: read, representation: 'record', recordName: 'JobOrderSummary' },
    schema: { tags, summary: 'Job order summary (JO-02).', params: S.JobOrderIdParams, response: { 200: S.JobOrderSummary } },
  }, async (request) => {
    const summary = await getJobOrderSummary(request.scope, idOf(request.params));
    if (!summary) throw notFound('The job order');
    return summary;
  });

  app.get('/JobOrders/:id', {
    config: { access: read, representation: 'record', recordName: 'JobOrder' },
    schema: { tags, summary: 'Job order information (JO-04).', params: S.JobOrderIdParams, response: { 200: S.JobOrderInformation } },
  }, async (request) => {
    const order = await getJobOrder(request.scope, idOf(request.params));
    if (!order) throw notFound('The job order');
    return order;
  });

  app.patch('/JobOrders/:id', {
    config: { access: write },
    schema: {
      tags, summary: 'Change catalog fields with a JSON Patch document. Pass-down fields also update the order\'s unprocessed timecards. 200 with no body; a failed test answers 409.',
      params: S.JobOrderIdParams, body: PatchDocument,
    },
  }, async (request, reply) => {
    await applyPatch(request.scope, jobOrderPatchTarget, idOf(request.params), request.body as Operation[]);
    return reply.code(200).send();
  });
}
