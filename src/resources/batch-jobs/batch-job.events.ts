// The event of a new batch job (decision 0031): an integrator that starts imports from elsewhere (the
// admin pages, the CLI, another tool) learns of each job, and can follow it to its `batchJob.completed`.
import type { EventTemplate } from '../../platform/events/outbox.ts';
import { BATCH_JOB_COMPLETED } from '../../platform/jobs/queue.ts';

/** The type and who reads it (as `batchJob.completed`: the jobs' readers), for the webhook subscriptions' list. */
export const BATCH_JOB_CREATED = {
  type: 'batchJob.created',
  readScopes: BATCH_JOB_COMPLETED.readScopes,
  when: 'a batch job was created (`POST /batchjobs`, `POST /Staging/Employees/delete`, the admin upload and conversion pages); `GET /batchjobs/{id}` for its type and parameters',
  changedFields: 'none',
} as const;

export const batchJobCreated: EventTemplate = { ...BATCH_JOB_CREATED, recordType: 'BatchJob', path: '/batchjobs' };

/** A job's records changed: an item was added to it (a resume staged into an import job, a staged employee queued on a conversion job). */
export const BATCH_JOB_UPDATED = {
  type: 'batchJob.updated',
  readScopes: BATCH_JOB_COMPLETED.readScopes,
  when: 'an item was added to a batch job (`POST /Staging/Employees/Resumes` into an import job, `POST /Staging/Employees/{id}/ConvertToEmployee` onto a conversion job); `GET /batchjobs/{id}/items` for it',
  changedFields: '`batchJobItems`, and `status` when a completed job was opened again by the new item',
} as const;

export const batchJobUpdated: EventTemplate = { ...BATCH_JOB_UPDATED, recordType: 'BatchJob', path: '/batchjobs' };
