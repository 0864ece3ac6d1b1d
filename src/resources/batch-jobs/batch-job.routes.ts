// /batchjobs: create a job, read it (status, counts, failures), page its items.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { Readable } from 'node:stream';
import { Type } from 'typebox';
import type { Access } from '../../platform/auth/access.ts';
import type { JobType } from '../../platform/jobs/job-catalog.ts';
import type { TypedRequests } from '../../platform/http/typed-requests.ts';
import { found } from '../../platform/http/errors.ts';
import { XLSX } from '../../platform/http/negotiation.ts';
import { PagedList } from '../../platform/http/paging.ts';
import * as S from './batch-job.schemas.ts';
import { batchJobFile, createBatchJob, getBatchJob, listBatchJobItems } from './batch-job.repository.ts';
import { checkedJob } from './batch-job.types.ts';

// BATCH-52 (AMB-23 (a)): service reps and services, with the batchjob scopes.
export const batchRead: Access = { roles: ['ServiceRep', 'Service'], scopes: ['batchjob-read'] };
export const batchWrite: Access = { roles: ['ServiceRep', 'Service'], scopes: ['batchjob-write'] };
const tags = ['Batch jobs'];

/** A new job's 201: its address and, as the spec answers, no items yet. */
export const sendJobCreated = (reply: FastifyReply, batchJobId: number) =>
  reply.code(201).header('location', `/batchjobs/${batchJobId}`).send({ batchJobId, batchJobItems: null });

/**
 * The routes of batch jobs of the catalog's types (src/resources/jobs.ts): what POST /batchjobs takes
 * and documents; `more`: types it takes too, documented by their own route (the Import_<Records> types: POST /batchjobs/imports).
 */
export function batchJobRoutes(catalog: readonly JobType[], more: readonly JobType[] = []) {
  const accepted = [...catalog, ...more];
  // One schema object however many apps register the routes: the validator is the process's, and a second `BatchJobCreate` would clash.
  const body = S.batchJobCreate(catalog);
  const fileTypes = catalog.filter((entry) => entry.output === 'file').map((entry) => entry.type);
  return async function batchJobRoutes(app: FastifyInstance) {
    const api = app.withTypeProvider<TypedRequests>();
    api.post('/batchjobs', {
      config: { access: batchWrite, representation: 'record', recordName: 'BatchJobCreated' },
      schema: {
        tags, operationId: 'createBatchJob', summary: 'Create a batch job. Parameters are checked for the type (400 naming the field). Add items with the staging endpoints. An Import_<Records> job takes `url` (and `format`): see POST /batchjobs/imports.',
        body, response: { 201: S.BatchJobCreated },
      },
    }, async (request, reply) => {
      const job = await checkedJob(request.scope, accepted, request.body.batchJobType, request.body.batchJobParameters ?? {});
      return sendJobCreated(reply, await createBatchJob(request.scope, job.type, job.parameters, job.items));
    });

    api.get('/batchjobs/:id', {
      config: { access: batchRead, representation: 'record', recordName: 'BatchJob' },
      schema: { tags, operationId: 'getBatchJob', summary: 'A batch job: status, item counts, failures, whether a worker listens for its type, and its first items.', params: S.BatchJobIdParams, response: { 200: S.BatchJob } },
    }, async (request) => found(await getBatchJob(request.scope, request.params.id), 'The batch job'));

    api.get('/batchjobs/:id/file', {
      config: { access: batchRead },
      schema: {
        tags, operationId: 'getBatchJobFile',
        summary: 'The file an export job wrote (CSV, XLSX or JSON Lines; Export_<Records>), sent as stored, a chunk at a time. 404 until the job has finished it, and for a job of another type.',
        params: S.BatchJobIdParams,
        // Text of its own kind in each format (never JSON): the spreadsheet formats as the description
        // documents them everywhere (openapi-contract.ts), JSON Lines a line per record.
        response: { 200: { description: 'The exported file, as an attachment: CSV, XLSX or JSON Lines (one record per line, as its GET shows it), as the job asked.', content: {
          'application/jsonl': { schema: Type.String() }, 'text/csv': { schema: Type.String() }, [XLSX]: { schema: Type.String({ format: 'binary' }) },
        } } },
      },
    }, async (request, reply) => {
      const file = found(await batchJobFile(request.scope, request.params.id, fileTypes), 'The batch job\'s file');
      return reply.type(file.contentType).header('content-length', String(file.size))
        .header('content-disposition', `attachment; filename="${file.fileName}"`).send(Readable.from(file.content));
    });

    api.get('/batchjobs/:id/items', {
      config: { access: batchRead, representation: 'list', recordName: 'BatchJobItem' },
      schema: { tags, operationId: 'listBatchJobItems', summary: 'The items of a batch job, oldest first, optionally of one status.', params: S.BatchJobIdParams, querystring: S.BatchJobItemsQuery, response: { 200: PagedList(S.BatchJobItem) } },
    }, async (request) => listBatchJobItems(request.scope, request.params.id, request.query));
  };
}
