// An import's rows, as its file item split them (decision 0050): one line per row, numbered from 1
// as the row's batch item's recordId, holding the row's fields as JSON (CSV cells as text) or why the
// line could not be read. Written in the transaction that ends the file item, with the row items;
// deleted with the job (its key leads with the job's).
import { foreignKey, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { tenantId } from '../../platform/db/columns.ts';
import { batchJobs } from '../../platform/jobs/job.table.ts';

export const importRows = pgTable('import_rows', {
  tenantId: tenantId(),
  batchJobId: integer('batch_job_id').notNull(),
  /** The row's number in the file (a CSV's header is row 0), its item's recordId. */
  rowNumber: integer('row_number').notNull(),
  data: jsonb('data').$type<Record<string, unknown>>(),
  /** Why the line is not a row (malformed JSON, a CSV line of the wrong width); then `data` is null. */
  error: text('error'),
}, (t) => [
  primaryKey({ columns: [t.tenantId, t.batchJobId, t.rowNumber] }),
  foreignKey({ columns: [t.tenantId, t.batchJobId], foreignColumns: [batchJobs.tenantId, batchJobs.id] }).onDelete('cascade'),
]);
