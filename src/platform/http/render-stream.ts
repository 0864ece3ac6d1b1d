// The list formats of an export (decision 0051), written as a stream: CSV, XLSX and JSON Lines of
// rows that arrive a page at a time. Rows are flattened as render.ts flattens a list's (CSV and XLSX
// have the columns GET gives with the same Accept); JSON Lines keeps each row as the JSON list
// answers it. Each writer waits for its reader before it takes the next row, so what is held is the
// row in hand and the writers' buffers, whatever the list's length.
import { once } from 'node:events';
import { PassThrough, type Readable, type Writable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { exceljs } from './excel.ts';
import { flatten } from './render.ts';
import { XLSX } from './negotiation.ts';

type Row = Record<string, unknown>;

/** The formats an export writes: media type and file extension. */
export const EXPORT_FORMATS = {
  csv: { contentType: 'text/csv; charset=utf-8', extension: 'csv' },
  xlsx: { contentType: XLSX, extension: 'xlsx' },
  jsonl: { contentType: 'application/jsonl; charset=utf-8', extension: 'jsonl' },
} as const;
export type ExportFormat = keyof typeof EXPORT_FORMATS;

/** Until `stream` takes more, if its buffer is full. */
async function room(stream: Writable): Promise<void> {
  if (stream.writableNeedDrain) await once(stream, 'drain');
}

async function writeCsv(rows: AsyncIterable<Row>, columns: string[], out: Writable): Promise<void> {
  const csv = stringify({ header: true, columns, cast: { boolean: (b) => String(b) } });
  csv.pipe(out);
  for await (const row of rows) {
    const flat = flatten(row);
    csv.write(columns.map((c) => flat[c] ?? null));
    await room(csv);
  }
  csv.end();
}

async function writeJsonLines(rows: AsyncIterable<Row>, out: Writable): Promise<void> {
  for await (const row of rows) {
    out.write(`${JSON.stringify(row)}\n`);
    await room(out);
  }
  out.end();
}

async function writeXlsx(rows: AsyncIterable<Row>, columns: string[], sheetName: string, out: Writable): Promise<void> {
  // No shared strings: the writer's string table would grow with the file.
  const { stream } = await exceljs();
  const workbook = new stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31));
  sheet.columns = columns.map((c) => ({ header: c, key: c, width: Math.min(Math.max(c.length + 2, 12), 60) }));
  sheet.getRow(1).font = { bold: true };
  for await (const row of rows) {
    sheet.addRow(flatten(row)).commit();
    await room(out);
  }
  await workbook.commit();
}

/**
 * `rows` in `format` (CSV and XLSX with `columns`), as a stream its reader paces: the next row is
 * taken when the reader has taken what came before. An error of the rows or a writer ends the stream with it.
 */
export function streamRows(format: ExportFormat, rows: AsyncIterable<Row>, columns: string[], sheetName: string): Readable {
  const out = new PassThrough();
  const written = format === 'csv' ? writeCsv(rows, columns, out) : format === 'xlsx' ? writeXlsx(rows, columns, sheetName, out) : writeJsonLines(rows, out);
  written.catch((e: unknown) => out.destroy(e instanceof Error ? e : new Error(String(e))));
  return out;
}
