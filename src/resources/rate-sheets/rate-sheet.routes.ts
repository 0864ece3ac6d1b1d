// /RateSheets: create, read, list, and PATCH of the catalog's fields at the spec's path
// `/RateSheets/{rateSheetId}` (GEN-15: the spec shows only PATCH). DELETE is not offered (405).
import type { FastifyInstance } from 'fastify';
import type { Access } from '../../platform/auth/access.ts';
import { notFound } from '../../platform/http/errors.ts';
import { PagedList } from '../../platform/http/paging.ts';
import { PatchDocument, type Operation } from '../../platform/http/json-patch/patch.ts';
import { applyPatch } from '../../platform/http/json-patch/apply.ts';
import * as S from './rate-sheet.schemas.ts';
import { createRateSheet, getRateSheet, listRateSheets, rateSheetPatchTarget } from './rate-sheet.repository.ts';

const read: Access = { roles: ['ServiceRep', 'Service'], scopes: ['ratesheet-read'] };
const write: Access = { roles: ['ServiceRep', 'Service'], scopes: ['ratesheet-write'] };
const tags = ['Rate sheets'];

export async function rateSheetRoutes(app: FastifyInstance) {
  app.post('/RateSheets', {
    config: { access: write, representation: 'record', recordName: 'RateSheetCreated' },
    schema: {
      tags, summary: 'Create a rate sheet. ApplyRateSheetToCustomerDepartments true requires customerId.',
      body: S.RateSheetCreate, response: { 201: S.RateSheetCreated },
    },
  }, async (request, reply) => {
    const rateSheetId = await createRateSheet(request.scope, request.body as S.RateSheetCreateInput);
    return reply.code(201).header('location', `/RateSheets/${rateSheetId}`).send({ rateSheetId });
  });

  app.get('/RateSheets', {
    config: { access: read, representation: 'list', recordName: 'RateSheet' },
    schema: { tags, summary: 'Rate sheets inside the caller\'s hierarchy, by name.', querystring: S.RateSheetListQuery, response: { 200: PagedList(S.RateSheetListItem) } },
  }, async (request) => listRateSheets(request.scope, request.query as S.RateSheetListFilter));

  app.get('/RateSheets/:rateSheetId', {
    config: { access: read, representation: 'record', recordName: 'RateSheet' },
    schema: { tags, summary: 'One rate sheet: every catalog field, plus display names.', params: S.RateSheetIdParams, response: { 200: S.RateSheetRecord } },
  }, async (request) => {
    const rateSheet = await getRateSheet(request.scope, (request.params as { rateSheetId: number }).rateSheetId);
    if (!rateSheet) throw notFound('The rate sheet');
    return rateSheet;
  });

  app.patch('/RateSheets/:rateSheetId', {
    config: { access: write },
    schema: {
      tags, summary: 'Change catalog fields with a JSON Patch document. 200 with no body; a failed test answers 409. ApplyRateSheetToCustomerDepartments true requires CustomerId.',
      params: S.RateSheetIdParams, body: PatchDocument,
    },
  }, async (request, reply) => {
    await applyPatch(request.scope, rateSheetPatchTarget, (request.params as { rateSheetId: number }).rateSheetId, request.body as Operation[]);
    return reply.code(200).send();
  });
}
