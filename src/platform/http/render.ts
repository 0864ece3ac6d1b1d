// Renderers for the non-JSON representations. Records and list items are flattened the same way
// in every format: nested objects become dotted columns (`address.street1`), arrays of plain values
// are joined with "; ", null is empty. Layouts are described in docs/content-negotiation.md.
import { XMLBuilder } from 'fast-xml-parser';
import { stringify } from 'csv-stringify/sync';
import { exceljs } from './excel.ts';
import { PassThrough } from 'node:stream';
import { branches } from './schema-nodes.ts';

type Plain = string | number | boolean | null;
export type Flat = Record<string, Plain>;

function scalar(value: unknown): Plain {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return JSON.stringify(value);
}

export function flatten(record: unknown, prefix = '', out: Flat = {}): Flat {
  if (record === null || typeof record !== 'object' || record instanceof Date) {
    out[prefix || 'value'] = scalar(record);
    return out;
  }
  for (const [key, value] of Object.entries(record as Record<string, unknown>)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (Array.isArray(value)) {
      out[name] = value.every((v) => v === null || typeof v !== 'object') ? value.map((v) => String(v ?? '')).join('; ') : JSON.stringify(value);
    } else if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
      flatten(value, name, out);
    } else {
      out[name] = scalar(value);
    }
  }
  return out;
}

/**
 * The columns of a list's items as its schema gives them, flattened as `flatten` flattens a row:
 * an object's properties become dotted names, anything else (a value, an array, null) one column.
 * `open` are the names under which the schema does not list the keys (a map, an unknown value):
 * there the rows' own keys are columns too.
 */
export interface Columns { names: string[]; open: string[] }

export function schemaColumns(item: unknown, prefix = '', out: Columns = { names: [], open: [] }): Columns {
  const add = (list: string[], name: string) => { if (!list.includes(name)) list.push(name); };
  for (const node of branches(item)) {
    if (node.properties) {
      for (const [key, property] of Object.entries(node.properties)) schemaColumns(property, prefix ? `${prefix}.${key}` : key, out);
    } else if (node.type === 'object' || node.type === undefined) {
      add(out.open, prefix);
      if (prefix) add(out.names, prefix);
    } else if (node.type !== 'null') {
      add(out.names, prefix || 'value');
    }
  }
  return out;
}

/** The columns of the fields kept by `fields=` (a column `address.city` is the field `address`'s). */
export function onlyFields(columns: Columns, fields: ReadonlySet<string>): Columns {
  const kept = (name: string) => fields.has(name.split('.')[0]!);
  return { names: columns.names.filter(kept), open: columns.open.filter((name) => name !== '' && kept(name)) };
}

/** The columns of a page: the schema's, then the rows' keys under an open name, in order of appearance. */
function columnsOf(rows: Flat[], columns: Columns | undefined): string[] {
  if (!columns) return [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const names = [...columns.names];
  const under = (key: string) => columns.open.some((o) => o === '' || key === o || key.startsWith(`${o}.`));
  for (const row of rows) for (const key of Object.keys(row)) if (!names.includes(key) && under(key)) names.push(key);
  return names;
}

export interface PagedList { data: unknown[]; totalCount: number }

// ---- text/plain ------------------------------------------------------------------------------

function textBlock(flat: Flat): string {
  return Object.entries(flat).map(([k, v]) => `${k}: ${v ?? ''}`).join('\n');
}

export function renderText(payload: unknown, isList: boolean): string {
  if (!isList) return textBlock(flatten(payload)) + '\n';
  const list = payload as PagedList;
  return [`totalCount: ${list.totalCount}`, ...list.data.map((item) => textBlock(flatten(item)))].join('\n\n') + '\n';
}

// ---- XML -------------------------------------------------------------------------------------

const builder = new XMLBuilder({ format: false, suppressEmptyNode: false, processEntities: true });

/** Nulls are left out; arrays of plain values become repeated <item> elements. */
function xmlValue(value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return { item: value.map(xmlValue) };
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const x = xmlValue(v);
      if (x !== undefined) out[k] = x;
    }
    return out;
  }
  return value;
}

export function renderXml(payload: unknown, isList: boolean, name: string): string {
  const declaration = '<?xml version="1.0" encoding="utf-8"?>';
  if (!isList) return declaration + builder.build({ [name]: xmlValue(payload) });
  const list = payload as PagedList;
  return declaration + builder.build({ PagedList: { totalCount: list.totalCount, data: { [name]: list.data.map(xmlValue) } } });
}

// ---- CSV and XLSX ----------------------------------------------------------------------------

/** A page as CSV; the header row is the item schema's columns (`schemaColumns`), so an empty page has one too. */
export function renderCsv(list: PagedList, itemColumns?: Columns): string {
  const rows = list.data.map((item) => flatten(item));
  const columns = columnsOf(rows, itemColumns);
  return stringify(rows.map((r) => columns.map((c) => r[c] ?? null)), { header: true, columns, cast: { boolean: (b) => String(b) } });
}

export async function renderXlsx(list: PagedList, sheetName: string, itemColumns?: Columns): Promise<Buffer> {
  const rows = list.data.map((item) => flatten(item));
  const columns = columnsOf(rows, itemColumns);
  const sink = new PassThrough();
  const chunks: Buffer[] = [];
  sink.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => { sink.on('end', resolve); sink.on('error', reject); });
  const { stream } = await exceljs();
  const workbook = new stream.xlsx.WorkbookWriter({ stream: sink, useStyles: true });
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31));
  sheet.columns = columns.map((c) => ({ header: c, key: c, width: Math.min(Math.max(c.length + 2, 12), 60) }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(row).commit();
  await workbook.commit();
  await done;
  return Buffer.concat(chunks);
}
