// Export_<Records> (decision 0051): one batch job type per record kind, derived from its definition
// (no copy per record). Its parameters are the list's filters (GET /<Records>'s query without the
// page), an optional `fields` as the list takes it, and the format (csv, xlsx, jsonl). Its one item
// streams the filtered list, a keyset page at a time, through the format's writer into a chunked
// file, in the item's transaction: the file exists once the item has completed, whole, and is sent
// by GET /batchjobs/{id}/file. The rows are those the creating rep sees (the worker acts as them).
import { Type } from 'typebox';
import { defineJob } from '../jobs/job-catalog.ts';
import { putChunkedFile } from '../files/file-store.ts';
import { onlyFields, schemaColumns } from '../http/render.ts';
import { EXPORT_FORMATS, streamRows } from '../http/render-stream.ts';
import { chosenFields, FieldsParameter } from './fields.ts';
import { idProperty, type RecordDefinition } from './record.ts';

/** Rows read at a time: one page of the keyset walk. */
const PAGE_ROWS = 1000;

/** The job type of a record's export: `Export_Employees`. */
export const exportType = (definition: Pick<RecordDefinition, 'plural'>): `Export_${string}` => `Export_${definition.plural}`;

const Format = Type.Union([Type.Literal('csv'), Type.Literal('xlsx'), Type.Literal('jsonl')], {
  description: 'The file\'s format: csv and xlsx with the columns GET gives with the same Accept, jsonl one list item (JSON) a line.',
});

/** The export job of a record kept at a hierarchy node (a record under a parent is exported with its parent's list: not derived). */
export function exportJob(definition: RecordDefinition) {
  const { skip: _skip, take: _take, ...filters } = definition.list.query.properties;
  const key = idProperty(definition);
  const fieldsOf = (given: string | undefined) => chosenFields(given, definition.list.item, 'batchJobParameters.fields');
  return defineJob({
    type: exportType(definition),
    parameters: Type.Object({ format: Format, fields: FieldsParameter, ...filters }),
    firstItems: [0],
    output: 'file',
    check: async (_scope, parameters) => { fieldsOf(parameters.fields); },
    handle: async ({ job }, parameters) => async (tx) => {
      const fields = fieldsOf(parameters.fields);
      const select = fields && [...new Set([key, ...fields])];
      const all = schemaColumns(definition.list.item);
      const columns = (select ? onlyFields(all, new Set(select)) : all).names;
      const rows = definition.list.rows(tx, parameters, { size: PAGE_ROWS, fields: select });
      const format = EXPORT_FORMATS[parameters.format];
      const file = { fileName: `${definition.plural}-${job.id}.${format.extension}`, contentType: format.contentType };
      return putChunkedFile(tx, file, streamRows(parameters.format, rows, columns, definition.plural));
    },
  });
}
