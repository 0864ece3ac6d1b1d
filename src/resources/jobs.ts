// The job catalog: every batch job type, one entry each (type -> parameter schema -> checks at
// creation -> handler). POST /batchjobs validates and documents new jobs against it, the workers of
// `staffing serve` and `staffing worker` run it, the admin pages name its types. Each entry is
// declared beside its feature with defineJob (platform/jobs/job-catalog.ts); adding a type is one
// entry here (docs/decisions/0014-batch-jobs.md, "The job catalog"). Every record adds its
// Import_<Records> type (decision 0050).
import { defineJob, withServices, type JobCatalog, type JobTypeOf } from '../platform/jobs/job-catalog.ts';
import type { Config } from '../config.ts';
import { checkConversion } from './batch-jobs/batch-job.types.ts';
import type { ResumeParser } from './resumes/resume.types.ts';
import type { BackgroundLoop } from '../platform/background.ts';
import { webhookDelivery } from './webhooks/webhook-delivery.ts';
import { openOrderRequirementsRefresh } from './matching/open-order-requirements.repository.ts';
import { convertStagedEmployeesJob, deleteStagedEmployeesJob, importResumeDataJob } from './staging/staged-employee.jobs.ts';
import { exportJob } from '../platform/records/record-export.ts';
import { importJob, type ImportServices } from './imports/import.jobs.ts';
import { records } from './records.ts';

/** What the catalog's handlers use beyond their scope, given when a worker starts. */
export interface JobServices extends ImportServices { parser: ResumeParser }

export const batchJobTypes = [
  importResumeDataJob,
  deleteStagedEmployeesJob,
  defineJob({ ...convertStagedEmployeesJob, check: checkConversion }),
  // Export_<Records>: one per record at a hierarchy node, from its definition (decision 0051).
  ...records.filter((record) => !record.parent).map(exportJob),
] as const satisfies JobCatalog<JobServices>;

/** A type the catalog names. */
export type BatchJobType = JobTypeOf<typeof batchJobTypes>;

/**
 * Every record's Import_<Records> type, derived from the records (decision 0050): POST /batchjobs
 * takes them beside the catalog's (a job whose file is at a URL), POST /batchjobs/imports with an
 * uploaded file, and every worker runs them.
 */
export const importJobTypes: JobCatalog<JobServices> = records.map(importJob);

/** What the import jobs may fetch, from the configuration (the webhooks' address rules, IMPORT_MAX_BYTES). */
export type ImportConfig = Pick<Config, 'WEBHOOK_ALLOW_HTTP' | 'WEBHOOK_ALLOW_PRIVATE_ADDRESSES' | 'IMPORT_MAX_BYTES'>;
const IMPORT_DEFAULTS: ImportConfig = { WEBHOOK_ALLOW_HTTP: false, WEBHOOK_ALLOW_PRIVATE_ADDRESSES: false, IMPORT_MAX_BYTES: 64 * 1024 * 1024 };
/** How long a file's URL may take to send it all. */
const FETCH_TIMEOUT_MS = 60_000;

/** The catalog as a worker runs it (the imports too), with the service's resume parser and the configuration's import rules. */
export function jobCatalog(parser: ResumeParser, config: ImportConfig = IMPORT_DEFAULTS): JobCatalog {
  const imports = {
    allowHttp: config.WEBHOOK_ALLOW_HTTP, allowPrivate: config.WEBHOOK_ALLOW_PRIVATE_ADDRESSES,
    maxBytes: config.IMPORT_MAX_BYTES, timeoutMs: FETCH_TIMEOUT_MS,
  };
  return withServices<JobServices>([...batchJobTypes, ...importJobTypes], { parser, imports });
}

/** The features' loops every background runs beside the worker (platform/background.ts; decision 0039). */
export const backgroundLoops: readonly BackgroundLoop[] = [webhookDelivery, openOrderRequirementsRefresh];
