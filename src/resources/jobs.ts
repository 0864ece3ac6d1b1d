// The job catalog: every batch job type, one entry each (type -> parameter schema -> checks at
// creation -> handler). POST /batchjobs validates and documents new jobs against it, the workers of
// `staffing serve` and `staffing worker` run it, the admin pages name its types. Each entry is
// declared beside its feature with defineJob (platform/jobs/job-catalog.ts); adding a type is one
// entry here (docs/decisions/0014-batch-jobs.md, "The job catalog").
import { defineJob, withServices, type JobCatalog, type JobTypeOf } from '../platform/jobs/job-catalog.ts';
import { checkConversion } from './batch-jobs/batch-job.types.ts';
import type { ResumeParser } from './resumes/resume.types.ts';
import type { BackgroundLoop } from '../platform/background.ts';
import { webhookDelivery } from './webhooks/webhook-delivery.ts';
import { convertStagedEmployeesJob, deleteStagedEmployeesJob, importResumeDataJob } from './staging/staged-employee.jobs.ts';
import { exportJob } from '../platform/records/record-export.ts';
import { records } from './records.ts';

/** What the catalog's handlers use beyond their scope, given when a worker starts. */
export interface JobServices { parser: ResumeParser }

export const batchJobTypes = [
  importResumeDataJob,
  deleteStagedEmployeesJob,
  defineJob({ ...convertStagedEmployeesJob, check: checkConversion }),
  // Export_<Records>: one per record at a hierarchy node, from its definition (decision 0051).
  ...records.filter((record) => !record.parent).map(exportJob),
] as const satisfies JobCatalog<JobServices>;

/** A type the catalog names. */
export type BatchJobType = JobTypeOf<typeof batchJobTypes>;

/** The catalog as a worker runs it, with the service's resume parser. */
export function jobCatalog(parser: ResumeParser): JobCatalog {
  return withServices<JobServices>(batchJobTypes, { parser });
}

/** The features' loops every background runs beside the worker (platform/background.ts; decision 0039). */
export const backgroundLoops: readonly BackgroundLoop[] = [webhookDelivery];
