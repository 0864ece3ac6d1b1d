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
