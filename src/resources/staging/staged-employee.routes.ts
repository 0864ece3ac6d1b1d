// /Staging/Employees: stage resumes into an import job, list and read staged employees, queue their
// conversion or deletion (the spec's three flows; docs/batch-jobs.md).
import type { FastifyInstance } from 'fastify';
import { AppError, found } from '../../platform/http/errors.ts';
import type { TypedRequests } from '../../platform/http/typed-requests.ts';
import { PagedList } from '../../platform/http/paging.ts';
import { batchRead, batchWrite, sendJobCreated } from '../batch-jobs/batch-job.routes.ts';
import { createBatchJob } from '../batch-jobs/batch-job.repository.ts';
import { DELETE_STAGED } from '../batch-jobs/batch-job.types.ts';
import { BatchJobCreated } from '../batch-jobs/batch-job.schemas.ts';
import { readResumeUpload } from '../resumes/resume-upload.ts';
import * as S from './staged-employee.schemas.ts';
import { getStagedEmployee, listStagedEmployees, queueConversion, stageResume, visibleStagedIds } from './staged-employee.repository.ts';

const tags = ['Staging'];

function batchJobIdOf(...sources: unknown[]): number {
  for (const source of sources) {
    const value = source && typeof source === 'object'
      ? Object.entries(source).find(([k]) => k.toLowerCase() === 'batchjobid')?.[1] : undefined;
    if (value === undefined || value === null || value === '') continue;
    const id = Number(value);
    if (!Number.isInteger(id) || id < 1 || id > 2147483647) throw new AppError('VALIDATION_FAILED', 'batchJobId must be a positive integer.', { batchJobId: ['must be a positive integer'] });
    return id;
  }
  throw new AppError('VALIDATION_FAILED', 'batchJobId is required.', { batchJobId: ['is required'] });
}

export async function stagedEmployeeRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<TypedRequests>();
  app.post('/Staging/Employees/Resumes', {
    config: { access: batchWrite, representation: 'record', recordName: 'StagedResume' },
    schema: {
      tags, operationId: 'stageEmployeeResume', consumes: ['multipart/form-data'],
      summary: 'Add one resume to a Staged_Employee_Import_Resume_Data job: multipart/form-data with the file part `resume` (or `file`) and the field `batchJobId` (or `?batchJobId=`). Creates the staged employee and one item, parsed at once by a worker. 413 over 2 MiB, 415 for other file types, 404 unknown job, 409 a job of another type.',
      response: { 201: S.StagedResumeCreated },
      // The body is multipart (no body schema): its refusals, and the job it names, are listed here.
      errorCodes: ['VALIDATION_FAILED', 'NOT_FOUND', 'BATCH_JOB_WRONG_TYPE', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'],
    },
  }, async (request, reply) => {
    const upload = await readResumeUpload(request);
    const batchJobId = batchJobIdOf(upload.fields, request.query);
    const created = await stageResume(request.scope, batchJobId, { fileName: upload.fileName, contentType: upload.contentType, bytes: upload.bytes, format: upload.format });
    return reply.code(201).header('location', `/Staging/Employees/${created.stagedEmployeeId}`).send(created);
  });

  api.get('/Staging/Employees', {
    config: { access: batchRead, representation: 'list', recordName: 'StagedEmployee' },
    schema: { tags, operationId: 'listStagedEmployees', summary: 'Staged employees inside the caller\'s hierarchy with the statuses of their batch job items, oldest first.', querystring: S.StagedEmployeeListQuery, response: { 200: PagedList(S.StagedEmployee) } },
  }, async (request) => listStagedEmployees(request.scope, request.query));

  api.get('/Staging/Employees/:id', {
    config: { access: batchRead, representation: 'record', recordName: 'StagedEmployee' },
    schema: { tags, operationId: 'getStagedEmployee', summary: 'One staged employee: what parsing found, confidences, possible duplicates, item statuses.', params: S.StagedEmployeeIdParams, response: { 200: S.StagedEmployee } },
  }, async (request) => found(await getStagedEmployee(request.scope, request.params.id), 'The staged employee'));

  api.post('/Staging/Employees/delete', {
    config: { access: batchWrite, representation: 'record', recordName: 'BatchJobCreated' },
    schema: {
      tags, operationId: 'deleteStagedEmployees', summary: 'Create a Delete_Staged_Employees job for the listed staged employees (cannot be undone). 404 names ids outside the caller\'s hierarchy.',
      body: S.DeleteBody, response: { 201: BatchJobCreated },
    },
  }, async (request, reply) => {
    const body = request.body;
    const ids = Array.isArray(body) ? body : body.stagedEmployeeIds;
    const visible = new Set(await visibleStagedIds(request.scope, ids));
    const unknown = ids.filter((id) => !visible.has(id));
    if (unknown.length) throw new AppError('NOT_FOUND', `No staged employees ${unknown.join(', ')} inside your hierarchy.`, { stagedEmployeeIds: unknown.map((id) => `${id}: not found`) });
    return sendJobCreated(reply, await createBatchJob(request.scope, DELETE_STAGED, { stagedEmployeeIds: ids }));
  });

  api.post('/Staging/Employees/:id/ConvertToEmployee', {
    config: { access: batchWrite, representation: 'record', recordName: 'ConversionQueued' },
    schema: {
      tags, operationId: 'convertStagedEmployee', summary: 'Queue the conversion of one staged employee in a conversion job: `{"batchJobId": n}` in the body (or `?batchJobId=`). 202: the item is queued; the job\'s items tell the new employee id.',
      params: S.StagedEmployeeIdParams, querystring: S.ConvertQuery, response: { 202: S.ConversionQueued }, errorCodes: ['BATCH_JOB_WRONG_TYPE'],
    },
  }, async (request, reply) => {
    const batchJobId = batchJobIdOf(request.body, request.query);
    const queued = await queueConversion(request.scope, request.params.id, batchJobId);
    return reply.code(202).header('location', `/batchjobs/${batchJobId}`).send(queued);
  });
}
