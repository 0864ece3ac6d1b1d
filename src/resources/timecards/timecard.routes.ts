// /TimeEntry/timecards: create from a job order, read, list, and PATCH of the catalog's fields.
// DELETE is not offered (405): timecards are payroll records.
import type { FastifyInstance } from 'fastify';
import type { Access } from '../../platform/auth/access.ts';
import { notFound } from '../../platform/http/errors.ts';
import { PagedList } from '../../platform/http/paging.ts';
import { PatchDocument, type Operation } from '../../platform/http/json-patch/patch.ts';
import { applyPatch } from '../../platform/http/json-patch/apply.ts';
import * as S from './timecard.schemas.ts';
import { createTimecard, getTimecard, listTimecards, timecardPatchTarget } from './timecard.repository.ts';

const read: Access = { roles: ['ServiceRep', 'Service'], scopes: ['timecard-read'] };
const write: Access = { roles: ['ServiceRep', 'Service'], scopes: ['timecard-write'] };
const tags = ['Timecards'];

export async function timecardRoutes(app: FastifyInstance) {
  app.post('/TimeEntry/timecards', {
    config: { access: write, representation: 'record', recordName: 'TimecardCreated' },
    schema: { tags, summary: 'Create a timecard for a job order; its branch, worksite and pass-down values are copied from the order.', body: S.TimecardCreate, response: { 201: S.TimecardCreated } },
  }, async (request, reply) => {
    const timecardId = await createTimecard(request.scope, request.body as S.TimecardCreateInput);
    return reply.code(201).header('location', `/TimeEntry/timecards/${timecardId}`).send({ timecardId });
  });

  app.get('/TimeEntry/timecards', {
    config: { access: read, representation: 'list', recordName: 'Timecard' },
    schema: { tags, summary: 'Timecards inside the caller\'s hierarchy, by weekend date.', querystring: S.TimecardListQuery, response: { 200: PagedList(S.TimecardListItem) } },
  }, async (request) => listTimecards(request.scope, request.query as S.TimecardListFilter));

  app.get('/TimeEntry/timecards/:id', {
    config: { access: read, representation: 'record', recordName: 'Timecard' },
    schema: { tags, summary: 'One timecard: every catalog field, plus its order, employee and display names.', params: S.TimecardIdParams, response: { 200: S.TimecardRecord } },
  }, async (request) => {
    const timecard = await getTimecard(request.scope, (request.params as { id: number }).id);
    if (!timecard) throw notFound('The timecard');
    return timecard;
  });

  app.patch('/TimeEntry/timecards/:id', {
    config: { access: write },
    schema: {
      tags, summary: 'Change catalog fields with a JSON Patch document. 200 with no body; a failed test or a processed timecard answers 409.',
      params: S.TimecardIdParams, body: PatchDocument,
    },
  }, async (request, reply) => {
    await applyPatch(request.scope, timecardPatchTarget, (request.params as { id: number }).id, request.body as Operation[]);
    return reply.code(200).send();
  });
}
