// The job catalog: every batch job type the workers of `staffing serve` and `staffing worker` run.
// Each entry is declared beside its feature with defineJob (platform/jobs/job-catalog.ts); adding a
// type is one entry there and one line here (docs/decisions/0014-batch-jobs.md, "The job catalog").
import type { JobCatalog } from '../platform/jobs/job-catalog.ts';
import type { ResumeParser } from './resumes/resume.types.ts';
import type { BackgroundLoop } from '../platform/background.ts';
import { webhookDelivery } from './webhooks/webhook-delivery.ts';
import { convertStagedEmployeesJob, deleteStagedEmployeesJob, importResumeDataJob } from './staging/staged-employee.jobs.ts';

export function jobCatalog(parser: ResumeParser) {
  return [importResumeDataJob(parser), deleteStagedEmployeesJob, convertStagedEmployeesJob] as const satisfies JobCatalog;
}

/** The features' loops every background runs beside the worker (platform/background.ts; decision 0039). */
export const backgroundLoops: readonly BackgroundLoop[] = [webhookDelivery];
