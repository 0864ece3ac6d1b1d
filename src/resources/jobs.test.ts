// The job catalog's types carry their parameter types through to the handlers and the checks at
// creation. (That POST /batchjobs takes the catalog: batch-jobs/batch-job.routes.test.ts.)
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { JobParameters, JobTypeOf } from '../platform/jobs/job-catalog.ts';
import { CONVERT_STAGED, DELETE_STAGED, IMPORT_RESUMES, type ConversionParams } from './batch-jobs/batch-job.types.ts';
import { batchJobTypes } from './jobs.ts';

type Catalog = typeof batchJobTypes;

describe('job catalog', () => {
  it('names each type once (a worker refuses a catalog that names one twice)', () => {
    const types = batchJobTypes.map((entry) => entry.type);
    expect(new Set(types).size).toBe(types.length);
  });

  it('types each handler\'s parameters by its job type', () => {
    // The exports are derived from the records (`Export_Employees`, ...): their types are the template's.
    expectTypeOf<JobTypeOf<Catalog>>().toEqualTypeOf<typeof IMPORT_RESUMES | typeof DELETE_STAGED | typeof CONVERT_STAGED | `Export_${string}`>();
    expectTypeOf<JobParameters<Catalog, typeof CONVERT_STAGED>>().toEqualTypeOf<ConversionParams>();
  });
});
