// An import file's rows (decision 0050). CSV: a header line of JSON field names (a dotted name for a
// field of a nested object), then one record per line; an empty cell is a field not given; values
// are text, converted to each field's type when the row is applied. JSON Lines: one JSON object per
// line, typed as it is. A line that is not a row (malformed JSON, a CSV record of another width)
// becomes a row with an error: its item fails, the others go on. A file that cannot be read at all
// (an unclosed quote, not UTF-8 text) fails the file item.
import { parse } from 'csv-parse/sync';
import { isValues } from '../../platform/records/rules.ts';

export type ImportFormat = 'csv' | 'jsonl';

/** A row as the file item stores it: its fields, or why the line is not one. */
export type ParsedRow = { data: Record<string, unknown>; error?: undefined } | { data?: undefined; error: string };

const JSONL_TYPES = ['application/x-ndjson', 'application/jsonl', 'application/x-jsonlines', 'application/json-lines'];

/** The format a job names, or the one its file's name or content type suggests (CSV unless it says JSON Lines). */
export function formatOf(named: ImportFormat | undefined, fileName: string, contentType: string): ImportFormat {
  if (named) return named;
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  return /\.(jsonl|ndjson)$/i.test(fileName) || JSONL_TYPES.includes(type) ? 'jsonl' : 'csv';
}

export function parseRows(bytes: Buffer, format: ImportFormat): ParsedRow[] {
  const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  return format === 'jsonl' ? jsonLines(text) : csvRows(text);
}

function jsonLines(text: string): ParsedRow[] {
  return text.split(/\r?\n/).filter((line) => line.trim() !== '').map((line) => {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (e) {
      return { error: `The line is not JSON: ${e instanceof Error ? e.message : String(e)}` };
    }
    return isValues(value) ? { data: value } : { error: 'The line is not a JSON object.' };
  });
}

function csvRows(text: string): ParsedRow[] {
  const records: string[][] = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true });
  const [header, ...lines] = records;
  if (!header) return [];
  const names = header.map((name) => name.trim());
  return lines.map((cells) => {
    if (cells.length !== names.length) return { error: `The record has ${cells.length} fields; the header names ${names.length}.` };
    const data: Record<string, unknown> = {};
    cells.forEach((cell, i) => { if (cell !== '') put(data, names[i]!, cell); });
    return { data };
  });
}

/** `a.b` → `{ a: { b: value } }`: a nested field's column. */
function put(target: Record<string, unknown>, name: string, value: string): void {
  const path = name.split('.');
  let at = target;
  for (const key of path.slice(0, -1)) {
    const next = at[key];
    if (isValues(next)) at = next;
    else {
      const made: Record<string, unknown> = {};
      at[key] = made;
      at = made;
    }
  }
  at[path.at(-1)!] = value;
}
