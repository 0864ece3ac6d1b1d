// The job catalog against the batch job types the API knows: every known type has a worker, and the
// catalog's types carry their parameter types through to the handlers.
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { JobParameters, JobTypeOf } from '../platform/jobs/job-catalog.ts';
import { CONVERT_STAGED, KNOWN_TYPES, type ConversionParams } from './batch-jobs/batch-job.types.ts';
import type { ResumeParser } from './resumes/resume.types.ts';
import { jobCatalog } from './jobs.ts';

const unusedParser: ResumeParser = { parse: async () => { throw new Error('not called'); }, close: async () => {} };
type Catalog = ReturnType<typeof jobCatalog>;

describe('job catalog', () => {
  it('BATCH-05 has one entry per known batch job type (a known type nobody runs would stay New for ever)', () => {
    expect(jobCatalog(unusedParser).map((d) => d.type).sort()).toEqual([...KNOWN_TYPES].sort());
  });

  it('types each handler\'s parameters by its job type', () => {
    expectTypeOf<JobTypeOf<Catalog>>().toEqualTypeOf<(typeof KNOWN_TYPES)[number]>();
    expectTypeOf<JobParameters<Catalog, typeof CONVERT_STAGED>>().toEqualTypeOf<ConversionParams>();
  });
});
