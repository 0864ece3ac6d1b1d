// Renderers for the non-JSON representations. Records and list items are flattened the same way
// in every format: nested objects become dotted columns (`address.street1`), arrays of plain values
// are joined with "; ", null is empty. Layouts are described in docs/content-negotiation.md.
import { XMLBuilder } from 'fast-xml-parser';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import { PassThrough } from 'node:stream';

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

/** Column order: the first item's fields, then any new field in order of appearance. */
function columnsOf(rows: Flat[]): string[] {
  const seen = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row)) seen.add(key);
  return [...seen];
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

export function renderCsv(list: PagedList): string {
  const rows = list.data.map((item) => flatten(item));
  const columns = columnsOf(rows);
  return stringify(rows.map((r) => columns.map((c) => r[c] ?? null)), { header: true, columns, cast: { boolean: (b) => String(b) } });
}

export async function renderXlsx(list: PagedList, sheetName: string): Promise<Buffer> {
  const rows = list.data.map((item) => flatten(item));
  const columns = columnsOf(rows);
  const sink = new PassThrough();
  const chunks: Buffer[] = [];
  sink.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => { sink.on('end', resolve); sink.on('error', reject); });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useStyles: true });
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31));
  sheet.columns = columns.map((c) => ({ header: c, key: c, width: Math.min(Math.max(c.length + 2, 12), 60) }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(row).commit();
  await workbook.commit();
  await done;
  return Buffer.concat(chunks);
}
