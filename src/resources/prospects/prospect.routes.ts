// /Prospects: create, read, list, and PATCH of the catalog's fields (GEN-15: the spec shows only
// PATCH; the others follow the employee pattern). DELETE is not offered (405).
import type { FastifyInstance } from 'fastify';
import type { Access } from '../../platform/auth/access.ts';
import { notFound } from '../../platform/http/errors.ts';
import { PagedList } from '../../platform/http/paging.ts';
import { PatchDocument, type Operation } from '../../platform/http/json-patch/patch.ts';
import { applyPatch } from '../../platform/http/json-patch/apply.ts';
import * as S from './prospect.schemas.ts';
import { prospectPatchTarget, createProspect, getProspect, listProspects } from './prospect.repository.ts';

const read: Access = { roles: ['ServiceRep', 'Service'], scopes: ['prospect-read'] };
const write: Access = { roles: ['ServiceRep', 'Service'], scopes: ['prospect-write'] };
const tags = ['Prospects'];

export async function prospectRoutes(app: FastifyInstance) {
  app.post('/Prospects', {
    config: { access: write, representation: 'record', recordName: 'ProspectCreated' },
    schema: { tags, summary: 'Create a prospect in the caller\'s hierarchy node, or in a visible hierId.', body: S.ProspectCreate, response: { 201: S.ProspectCreated } },
  }, async (request, reply) => {
    const prospectId = await createProspect(request.scope, request.body as S.ProspectCreateInput);
    return reply.code(201).header('location', `/Prospects/${prospectId}`).send({ prospectId });
  });

  app.get('/Prospects', {
    config: { access: read, representation: 'list', recordName: 'Prospect' },
    schema: { tags, summary: 'Prospects inside the caller\'s hierarchy, by name.', querystring: S.ProspectListQuery, response: { 200: PagedList(S.ProspectListItem) } },
  }, async (request) => listProspects(request.scope, request.query as S.ProspectListFilter));

  app.get('/Prospects/:id', {
    config: { access: read, representation: 'record', recordName: 'Prospect' },
    schema: { tags, summary: 'One prospect: every catalog field, plus display names.', params: S.ProspectIdParams, response: { 200: S.ProspectRecord } },
  }, async (request) => {
    const prospect = await getProspect(request.scope, (request.params as { id: number }).id);
    if (!prospect) throw notFound('The prospect');
    return prospect;
  });

  app.patch('/Prospects/:id', {
    config: { access: write },
    schema: {
      tags, summary: 'Change catalog fields with a JSON Patch document. 200 with no body; a failed test answers 409.',
      params: S.ProspectIdParams, body: PatchDocument,
    },
  }, async (request, reply) => {
    await applyPatch(request.scope, prospectPatchTarget, (request.params as { id: number }).id, request.body as Operation[]);
    return reply.code(200).send();
  });
}
