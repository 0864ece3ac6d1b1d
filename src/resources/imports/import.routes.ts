// POST /batchjobs/imports: an Import_<Records> job from an uploaded file (decision 0050). The file
// is refused past IMPORT_MAX_BYTES while it streams (413, before anything is parsed), stored with
// the job in one transaction, and read by a worker. A job whose file is at a URL is created with
// POST /batchjobs (`batchJobParameters.url`).
import type { FastifyInstance } from 'fastify';
import { AppError, invalid } from '../../platform/http/errors.ts';
import { readUpload } from '../../platform/http/upload.ts';
import { putFile } from '../../platform/files/file-store.ts';
import type { RecordDefinition } from '../../platform/records/record.ts';
import { batchWrite, sendJobCreated } from '../batch-jobs/batch-job.routes.ts';
import { BatchJobCreated } from '../batch-jobs/batch-job.schemas.ts';
import { createBatchJob } from '../batch-jobs/batch-job.repository.ts';
import { importType } from './import.jobs.ts';
import { formatOf, type ImportFormat } from './import.parse.ts';

/** What a client may declare for the file part (application/octet-stream always: the job's format decides). */
const DECLARED = ['text/csv', 'application/csv', 'text/plain', 'application/x-ndjson', 'application/jsonl', 'application/x-jsonlines', 'application/json-lines', 'application/json'];
const CONTENT_TYPES: Record<ImportFormat, string> = { csv: 'text/csv', jsonl: 'application/x-ndjson' };
const isFormat = (value: string): value is ImportFormat => value === 'csv' || value === 'jsonl';

export function importRoutes(records: readonly RecordDefinition[]) {
  const types = records.map(importType);
  return async function importRoutes(app: FastifyInstance) {
    const maxBytes = app.config.IMPORT_MAX_BYTES;
    app.post('/batchjobs/imports', {
      config: { access: batchWrite, representation: 'record', recordName: 'BatchJobCreated' },
      schema: {
        tags: ['Batch jobs'], operationId: 'createImportJob', consumes: ['multipart/form-data'],
        summary: `Create an Import_<Records> job from a file: multipart/form-data with the file part \`file\`, the field \`batchJobType\` (${types.join(', ')}) and optionally \`format\` (csv or jsonl; default from the file's name and type). Rows are upserted by externalId; each row is an item of the job (docs/integrators.md). 413 over IMPORT_MAX_BYTES, 415 for other file types.`,
        response: { 201: BatchJobCreated },
      },
    }, async (request, reply) => {
      const upload = await readUpload(request, { fileFields: ['file'], maxBytes, types: DECLARED });
      const type = types.find((t) => t.toLowerCase() === (upload.fields.batchJobType ?? '').toLowerCase());
      if (!type) throw invalid('batchJobType', `is required: one of ${types.join(', ')}`);
      const named = upload.fields.format?.toLowerCase();
      const given = named !== undefined && isFormat(named) ? named : undefined;
      if (named !== undefined && given === undefined) throw invalid('format', 'is csv or jsonl');
      if (upload.bytes.length === 0) throw new AppError('VALIDATION_FAILED', 'The file is empty.', { file: ['is empty'] });
      const format = formatOf(given, upload.fileName, upload.declaredType);
      const batchJobId = await request.scope.transaction(async (tx) => {
        const fileId = await putFile(tx, { fileName: upload.fileName, contentType: CONTENT_TYPES[format], content: upload.bytes });
        return createBatchJob(tx, type, { fileId, format }, [0]);
      });
      return sendJobCreated(reply, batchJobId);
    });
  };
}
