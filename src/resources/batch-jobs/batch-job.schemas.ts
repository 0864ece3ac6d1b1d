// Shapes of /batchjobs (BATCH-01 to BATCH-05, BATCH-43 to BATCH-51; docs/batch-jobs.md).
import { Type } from 'typebox';
import { PageQuery } from '../../platform/http/paging.ts';
import { BATCH_JOB_STATUSES, ITEM_STATUSES } from '../../platform/jobs/job.table.ts';
import type { JobType } from '../../platform/jobs/job-catalog.ts';

const literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((v) => Type.Literal(v)));
const nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const Time = Type.String({ format: 'date-time' });

/**
 * POST /batchjobs' body, from the job catalog: the types it names (documented as examples: another
 * name is accepted, BATCH-05) and each type's parameter schema (`x-parametersByType`). Parameters
 * are checked against the type's entry by checkedJob, in the caller's case and with a 400 naming
 * `batchJobParameters.<field>`.
 */
export function batchJobCreate(catalog: readonly JobType[]) {
  const types = catalog.map((entry) => entry.type);
  return Type.Object({
    batchJobType: Type.String({ minLength: 1, maxLength: 100, examples: types, description: `One of ${types.join(', ')}. Other names are accepted but no worker listens for them (BATCH-05).` }),
    batchJobParameters: Type.Optional(Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()], {
      description: 'Depends on the type (x-parametersByType); checked when the job is created.',
      'x-parametersByType': Object.fromEntries(catalog.map((entry) => [entry.type, entry.parameters])),
    })),
  }, { $id: 'BatchJobCreate' });
}

export const BatchJobCreated = Type.Object({ batchJobId: Type.Integer(), batchJobItems: Type.Null() }, { $id: 'BatchJobCreated' });

export const BatchJobItem = Type.Object({
  batchJobItemId: Type.Integer(),
  recordId: Type.Integer({ description: 'The staged employee the item works on; for an Import_<Records> job, the row number (0: the file itself); for an Export_<Records> job 0, its one item (the whole list).' }),
  status: literals(ITEM_STATUSES),
  attempts: Type.Integer(),
  failureReason: nullable(Type.String()),
  resultId: nullable(Type.Integer({ description: 'What the item produced: the new employee (conversion), the staged employee (import, delete), an Import_<Records> row\'s record (created or changed), or an export\'s file (GET /batchjobs/{id}/file).' })),
  outcome: nullable(Type.String({ description: 'What the item did with its result, where its type says: an Import_<Records> row `created` or `changed` its record; its file item `read` (resultId: the rows read).' })),
  createdAt: Time, startedAt: nullable(Time), completedAt: nullable(Time),
}, { $id: 'BatchJobItem' });

export const BatchJob = Type.Object({
  batchJobId: Type.Integer(),
  batchJobType: Type.String(),
  batchJobParameters: Type.Record(Type.String(), Type.Unknown()),
  status: literals(BATCH_JOB_STATUSES),
  createdAt: Time, startedAt: nullable(Time), completedAt: nullable(Time),
  details: Type.Object({
    totalItems: Type.Integer(), newItems: Type.Integer(), processingItems: Type.Integer(), completedItems: Type.Integer(), failedItems: Type.Integer(),
    failures: Type.Array(Type.Object({ batchJobItemId: Type.Integer(), recordId: Type.Integer(), reason: Type.String() }), { description: 'The first 100 failed items.' }),
    listenerConfigured: Type.Boolean({ description: 'Whether a live worker listens for this type.' }),
    message: nullable(Type.String()),
  }, { description: 'The job details metadata: counts by item status and the failures (BATCH-45, BATCH-46).' }),
  batchJobItems: Type.Array(BatchJobItem, { description: 'The first 100 items; GET /batchjobs/{id}/items pages them all.' }),
}, { $id: 'BatchJob' });

export const BatchJobIdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) });
export const BatchJobItemsQuery = Type.Object({ ...PageQuery.properties, status: Type.Optional(literals(ITEM_STATUSES)) });
