// /Administration/JobTitles: create, read, list, and PATCH of the catalog's fields.
// DELETE is not offered (405): job orders and assignments reference job titles.
import type { FastifyInstance } from 'fastify';
import type { Access } from '../../platform/auth/access.ts';
import { notFound } from '../../platform/http/errors.ts';
import { PagedList } from '../../platform/http/paging.ts';
import { PatchDocument, type Operation } from '../../platform/http/json-patch/patch.ts';
import { applyPatch } from '../../platform/http/json-patch/apply.ts';
import * as S from './job-title.schemas.ts';
import { createJobTitle, getJobTitle, jobTitlePatchTarget, listJobTitles } from './job-title.repository.ts';

const read: Access = { roles: ['ServiceRep', 'Service'], scopes: ['jobtitle-read'] };
const write: Access = { roles: ['ServiceRep', 'Service'], scopes: ['jobtitle-write'] };
const tags = ['Job titles'];

export async function jobTitleRoutes(app: FastifyInstance) {
  app.post('/Administration/JobTitles', {
    config: { access: write, representation: 'record', recordName: 'JobTitleCreated' },
    schema: { tags, summary: 'Create a job title in a hierarchy node inside the caller\'s hierarchy.', body: S.JobTitleCreate, response: { 201: S.JobTitleCreated } },
  }, async (request, reply) => {
    const jobTitleId = await createJobTitle(request.scope, request.body as S.JobTitleCreateInput);
    return reply.code(201).header('location', `/Administration/JobTitles/${jobTitleId}`).send({ jobTitleId });
  });

  app.get('/Administration/JobTitles', {
    config: { access: read, representation: 'list', recordName: 'JobTitle' },
    schema: { tags, summary: 'Job titles inside the caller\'s hierarchy, by title.', querystring: S.JobTitleListQuery, response: { 200: PagedList(S.JobTitleListItem) } },
  }, async (request) => listJobTitles(request.scope, request.query as S.JobTitleListFilter));

  app.get('/Administration/JobTitles/:id', {
    config: { access: read, representation: 'record', recordName: 'JobTitle' },
    schema: { tags, summary: 'One job title: every catalog field and the category name.', params: S.JobTitleIdParams, response: { 200: S.JobTitleRecord } },
  }, async (request) => {
    const jobTitle = await getJobTitle(request.scope, (request.params as { id: number }).id);
    if (!jobTitle) throw notFound('The job title');
    return jobTitle;
  });

  app.patch('/Administration/JobTitles/:id', {
    config: { access: write },
    schema: { tags, summary: 'Change catalog fields with a JSON Patch document. 200 with no body; a failed test answers 409.', params: S.JobTitleIdParams, body: PatchDocument },
  }, async (request, reply) => {
    await applyPatch(request.scope, jobTitlePatchTarget, (request.params as { id: number }).id, request.body as Operation[]);
    return reply.code(200).send();
  });
}
