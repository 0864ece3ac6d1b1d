// Reading a vendor's catalog from CSV (`staffing assessment catalog import`): a header row naming the
// columns code, name, description, durationMinutes (any order and case; description and
// durationMinutes may be left out), then one assessment per row. The CSV itself is read by exceljs
// (a runtime dependency, built on fast-csv: quotes, embedded commas and line breaks, CRLF); its
// default conversion of numbers and dates is switched off, so a code such as "0012" stays text.
import { Readable } from 'node:stream';
import { exceljs } from '../../platform/http/excel.ts';

export interface CatalogEntry { code: string; name: string; description: string | null; durationMinutes: number | null }

export const CATALOG_COLUMNS = ['code', 'name', 'description', 'durationMinutes'] as const;
type Column = (typeof CATALOG_COLUMNS)[number];
const REQUIRED: readonly Column[] = ['code', 'name'];
/** A catalog is a vendor's offer, tens to hundreds of assessments; more is a wrong file. */
export const MAX_CATALOG_ROWS = 5000;
export const MAX_DURATION_MINUTES = 1440;
const MAX_LENGTH: Record<'code' | 'name' | 'description', number> = { code: 100, name: 200, description: 1000 };
/** Problems reported at once; a file with more is most likely not a catalog. */
const MAX_PROBLEMS = 20;

/** The file is not a catalog; the message lists every problem found, by row (the header is row 1). */
export class CatalogFileError extends Error {}

async function csvRows(text: string): Promise<string[][]> {
  const input = Readable.from([text.replace(/^\uFEFF/, '')]);
  const { Workbook } = await exceljs();
  const sheet = await new Workbook().csv.read(input, { map: (value: unknown) => value, parserOptions: { ignoreEmpty: true } })
    .catch((e: unknown) => { throw new CatalogFileError(`The file is not valid CSV: ${e instanceof Error ? e.message : String(e)}`); });
  const rows: string[][] = [];
  sheet.eachRow((row) => {
    rows.push(Array.from({ length: row.cellCount }, (_, i) => row.getCell(i + 1).text.trim()));
  });
  return rows;
}

function columnsOf(header: string[]): Map<Column, number> {
  const columns = new Map<Column, number>();
  header.forEach((name, index) => {
    const column = CATALOG_COLUMNS.find((c) => c.toLowerCase() === name.toLowerCase());
    if (!column) throw new CatalogFileError(`Row 1: unknown column "${name}"; the columns are ${CATALOG_COLUMNS.join(', ')}.`);
    if (columns.has(column)) throw new CatalogFileError(`Row 1: the column ${column} appears twice.`);
    columns.set(column, index);
  });
  const missing = REQUIRED.filter((c) => !columns.has(c));
  if (missing.length > 0) throw new CatalogFileError(`Row 1: the header lacks ${missing.join(' and ')}; the columns are ${CATALOG_COLUMNS.join(', ')}.`);
  return columns;
}

/** One row as an entry, or the problems with it. */
function entryOf(cell: (column: Column) => string): CatalogEntry | string[] {
  const problems: string[] = [];
  const text = (column: 'code' | 'name' | 'description', required: boolean): string | null => {
    const value = cell(column);
    if (value === '') {
      if (required) problems.push(`${column} is required`);
      return null;
    }
    if (value.length > MAX_LENGTH[column]) problems.push(`${column} is longer than ${MAX_LENGTH[column]} characters`);
    return value;
  };
  const code = text('code', true), name = text('name', true), description = text('description', false);
  const minutes = cell('durationMinutes');
  let durationMinutes: number | null = null;
  if (minutes !== '') {
    durationMinutes = /^\d{1,5}$/.test(minutes) ? Number(minutes) : NaN;
    if (!(durationMinutes >= 1 && durationMinutes <= MAX_DURATION_MINUTES)) problems.push(`durationMinutes "${minutes}" is not a whole number of minutes from 1 to ${MAX_DURATION_MINUTES}`);
  }
  if (problems.length > 0 || code === null || name === null) return problems;
  return { code, name, description, durationMinutes };
}

/** The entries of a catalog file; a CatalogFileError naming every problem (nothing is imported then). */
export async function parseCatalogCsv(text: string): Promise<CatalogEntry[]> {
  const [header, ...rows] = await csvRows(text);
  if (!header) throw new CatalogFileError(`The file is empty; expected a header row: ${CATALOG_COLUMNS.join(',')}.`);
  if (rows.length > MAX_CATALOG_ROWS) throw new CatalogFileError(`The file has ${rows.length} rows; a catalog has at most ${MAX_CATALOG_ROWS}.`);
  const columns = columnsOf(header);
  const entries: CatalogEntry[] = [], problems: string[] = [], rowOfCode = new Map<string, number>();
  rows.forEach((row, index) => {
    const rowNumber = index + 2;
    if (row.slice(header.length).some((value) => value !== '')) {
      problems.push(`Row ${rowNumber}: more values than the header has columns (quote values holding commas).`);
      return;
    }
    const entry = entryOf((column) => {
      const at = columns.get(column);
      return at === undefined ? '' : row[at] ?? '';
    });
    if (Array.isArray(entry)) {
      problems.push(`Row ${rowNumber}: ${entry.join('; ')}.`);
      return;
    }
    const earlier = rowOfCode.get(entry.code);
    if (earlier !== undefined) problems.push(`Row ${rowNumber}: code "${entry.code}" is also on row ${earlier}.`);
    rowOfCode.set(entry.code, rowNumber);
    entries.push(entry);
  });
  if (problems.length > 0) {
    const more = problems.length > MAX_PROBLEMS ? `\n... and ${problems.length - MAX_PROBLEMS} more.` : '';
    throw new CatalogFileError(`${problems.slice(0, MAX_PROBLEMS).join('\n')}${more}`);
  }
  if (entries.length === 0) throw new CatalogFileError('The file has a header but no assessments.');
  return entries;
}
