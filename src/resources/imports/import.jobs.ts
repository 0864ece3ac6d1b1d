// Import_<Records>: one job type per record, derived from its definition (decision 0050). A job
// reads one file (uploaded: POST /batchjobs/imports; or a URL the worker fetches under the webhooks'
// address guard) and upserts its rows by externalId, each row through the record's commands
// (createRecord when no record of the kind has the row's externalId, else changeRecord of the
// catalog fields the row gives), so its rules, events and history hold as for an API call.
//
// Item 0 is the file: the worker reads and splits it, and in the transaction that ends the item
// stores the rows (import_rows) and adds one item per row (recordId: the row's number). Row items
// are taken in chunks (JobDefinition.chunk): one transaction per chunk writes each row and ends its
// item, so a worker that dies mid-file leaves its chunk uncommitted, claimed again after its lease,
// and rows that committed are never written twice.
import { eq, getTableName, sql } from 'drizzle-orm';
import { Type, type TObject } from 'typebox';
import { Value } from 'typebox/value';
import { TENANT, type DataScope } from '../../platform/scope.ts';
import { defineJob, ItemFailure, Refused, type Apply, type JobContext, type JobDefinition } from '../../platform/jobs/job-catalog.ts';
import { enqueueRange, type ClaimedItem } from '../../platform/jobs/queue.ts';
import { changeRecord, createRecord, createRecords, type Created, type CreateRow } from '../../platform/records/commands.ts';
import { idProperty, type RecordDefinition } from '../../platform/records/record.ts';
import { catalogProperties } from '../../platform/records/json-patch/catalog.ts';
import { externalIdOf } from '../../platform/records/external-id.ts';
import { isValues, type Values } from '../../platform/records/rules.ts';
import { AppError, invalid } from '../../platform/http/errors.ts';
import { getFile } from '../../platform/files/file-store.ts';
import { storedFiles } from '../../platform/files/file.table.ts';
import { fetchImportFile, type FetchRules } from './import.fetch.ts';
import { formatOf, parseRows, type ImportFormat, type ParsedRow } from './import.parse.ts';

/** Rows written in one transaction (and items claimed at once). */
export const IMPORT_CHUNK = 1000;
/** Rows stored by one statement when the file is split. */
const STORE_BATCH = 5000;

/** `Import_Employees`: the job type of a record's imports. */
export const importType = (def: Pick<RecordDefinition, 'plural'>) => `Import_${def.plural}`;

export const ImportParameters = Type.Object({
  url: Type.Optional(Type.String({ minLength: 1, maxLength: 2000, description: 'Where the worker fetches the file: https (http only where WEBHOOK_ALLOW_HTTP says), a host that resolves to public addresses (unless WEBHOOK_ALLOW_PRIVATE_ADDRESSES says), no redirects, at most IMPORT_MAX_BYTES. Or upload the file: POST /batchjobs/imports.' })),
  fileId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647, description: 'The uploaded file (POST /batchjobs/imports sets it).' })),
  format: Type.Optional(Type.Union([Type.Literal('csv'), Type.Literal('jsonl')], { description: 'csv (a header line of JSON field names) or jsonl (one JSON object per line); default: jsonl when the file\'s name ends .jsonl or .ndjson or its type says JSON Lines, else csv.' })),
});

/** What the import jobs need at run time: how far a URL may reach, and how large a file may be. */
export interface ImportServices { imports: FetchRules }

const field = (name: string) => `batchJobParameters.${name}`;

/** A job names its file once: a URL, or an uploaded file of the caller's tenant. */
async function checkImport(scope: DataScope, p: { url?: string; fileId?: number }): Promise<void> {
  if ((p.url === undefined) === (p.fileId === undefined)) throw invalid(field('url'), 'give the file\'s url (or upload the file: POST /batchjobs/imports)');
  if (p.url !== undefined && !/^https?:\/\/[^/]/i.test(p.url)) throw invalid(field('url'), 'is not an absolute http or https URL');
  if (p.fileId !== undefined) {
    const [file] = await scope.select(storedFiles, { id: storedFiles.id }).where(eq(storedFiles.id, p.fileId));
    if (!file) throw invalid(field('fileId'), 'no such file');
  }
}

/** The Import_<Records> job of a record. */
export function importJob(def: RecordDefinition): JobDefinition<string, typeof ImportParameters, ImportServices> {
  const handle = (ctx: JobContext<ImportServices>, p: ImportParams, items: ClaimedItem[]) => chunkWrites(def, ctx, p, items);
  return defineJob<string, typeof ImportParameters, ImportServices>({
    type: importType(def),
    parameters: ImportParameters,
    firstItems: [0],
    check: checkImport,
    handle: async (ctx, p, item) => (await handle(ctx, p, [item]))[0]!,
    chunk: { size: IMPORT_CHUNK, handle },
  });
}

type ImportParams = { url?: string; fileId?: number; format?: ImportFormat };
type StoredRow = { data: unknown; error: string | null };

/** Each item's writes: the file's (item 0), or its row's. */
async function chunkWrites(def: RecordDefinition, ctx: JobContext<ImportServices>, p: ImportParams, items: ClaimedItem[]): Promise<Apply[]> {
  const numbers = items.map((i) => i.recordId).filter((n) => n > 0);
  const rows = await storedRows(ctx.scope, ctx.job.id, numbers);
  const known = knownIds(def, [...rows.values()].map((row) => (isValues(row.data) ? externalIdOf(keyed(row.data)) : undefined)).filter((id) => id !== undefined));
  const creates = chunkCreates(def, rows, known);
  return Promise.all(items.map((item) => (item.recordId === 0 ? fileWrites(ctx, p).catch(failed) : rowWrites(def, item.recordId, rows.get(item.recordId), known, creates))));
}

/** A stored row as the record takes it: its externalId, its parent, and its fields; or why it is none. */
type RowInput = { externalId: string; parentId?: number; data: Values };
function rowInput(def: RecordDefinition, rowNumber: number, row: StoredRow | undefined): RowInput | ItemFailure | AppError {
  if (!row) return new ItemFailure(`Row ${rowNumber} is not in the job's file.`);
  if (row.error !== null || !isValues(row.data)) return new ItemFailure(row.error ?? 'The row is not an object.');
  const data = keyed(row.data);
  const externalId = externalIdOf(data);
  if (externalId === undefined) return invalid('externalId', 'is required: an import keys its rows by it');
  try {
    return { externalId, parentId: def.parent ? parentIdOf(def, data) : undefined, data };
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
}

/** A create row as createRecord takes it: the create body's fields, and the catalog's others as PATCH writes them. */
function createRowOf(def: RecordDefinition, { data, parentId }: RowInput): CreateRow<TObject> {
  const input = converted(def.create.body, data);
  const also = converted(changeSchema(def), Object.fromEntries(Object.entries(data).filter(([name]) => !(name in input))));
  return { input, parentId, also };
}

/**
 * The chunk's creates, at once (createRecords, once per transaction): each row whose externalId no
 * record of the kind has, at its first row in the chunk (a later row of the same key changes what
 * the first created). Answers each create row's end by row number; the ids join the known ones.
 * Only a create row's Apply runs it, and it throws nothing of the row's after it (it answers Refused),
 * so under the worker's savepoints no item's rollback undoes another's create.
 */
function chunkCreates(def: RecordDefinition, rows: Map<number, StoredRow>, known: (tx: DataScope) => Promise<Map<string, number>>) {
  const byTransaction = new WeakMap<DataScope, Promise<Map<number, Created>>>();
  const rowsByTransaction = new WeakMap<DataScope, Promise<Map<number, RowInput>>>();
  /** The create rows (by row number, in the file's order), found once per transaction. */
  const createRows = (tx: DataScope): Promise<Map<number, RowInput>> => {
    let found = rowsByTransaction.get(tx);
    if (!found) rowsByTransaction.set(tx, found = findCreateRows(tx));
    return found;
  };
  const findCreateRows = async (tx: DataScope): Promise<Map<number, RowInput>> => {
    const ids = await known(tx);
    const first = new Map<string, number>();
    const found = new Map<number, RowInput>();
    for (const [rowNumber, row] of [...rows].sort(([a], [b]) => a - b)) {
      const input = rowInput(def, rowNumber, row);
      if (input instanceof Error || ids.has(input.externalId) || first.has(input.externalId)) continue;
      first.set(input.externalId, rowNumber);
      found.set(rowNumber, input);
    }
    return found;
  };
  const run = async (tx: DataScope): Promise<Map<number, Created>> => {
    const found = [...(await createRows(tx))];
    const ends = await createRecords(tx, def, found.map(([, input]) => createRowOf(def, input)));
    const ids = await known(tx);
    found.forEach(([, input], i) => { const end = ends[i]!; if ('id' in end) ids.set(input.externalId, end.id); });
    return new Map(found.map(([rowNumber], i) => [rowNumber, ends[i]!]));
  };
  return {
    /** Whether the row is one of the chunk's creates. */
    has: async (tx: DataScope, rowNumber: number) => (await createRows(tx)).has(rowNumber),
    /** The row's end (the creates run with the first create row that asks). */
    end: async (tx: DataScope, rowNumber: number) => {
      let ends = byTransaction.get(tx);
      if (!ends) byTransaction.set(tx, ends = run(tx));
      return (await ends).get(rowNumber);
    },
  };
}

/** The rows of the chunk, by number. */
async function storedRows(scope: DataScope, batchJobId: number, numbers: number[]): Promise<Map<number, StoredRow>> {
  if (!numbers.length) return new Map();
  const rows = await scope.sql<{ rowNumber: number; data: unknown; error: string | null }>`select row_number as "rowNumber", data, error from import_rows
    where tenant_id = ${TENANT} and batch_job_id = ${batchJobId} and row_number = any(${sql.param(numbers)}::int[])`;
  return new Map(rows.map((r) => [Number(r.rowNumber), { data: r.data, error: r.error }]));
}

/** A JSON Lines row's externalId may be a number: it is the other system's key, kept as text. */
function keyed(data: Values): Values {
  return typeof data.externalId === 'number' ? { ...data, externalId: String(data.externalId) } : data;
}

/**
 * The ids of the records of the kind with the chunk's externalIds, read once per transaction (the
 * chunk may be applied twice: the second time with savepoints) and kept current by its creates.
 */
function knownIds(def: RecordDefinition, externalIds: string[]) {
  const byTransaction = new WeakMap<DataScope, Promise<Map<string, number>>>();
  const table = getTableName(def.patch.target.table);
  return (tx: DataScope): Promise<Map<string, number>> => {
    let found = byTransaction.get(tx);
    if (!found) {
      found = tx.sql<{ externalId: string; id: number }>`select external_id as "externalId", id from ${sql.identifier(table)}
        where tenant_id = ${TENANT} and external_id = any(${sql.param(externalIds)}::text[])`.then((rows) => new Map(rows.map((r) => [r.externalId, Number(r.id)])));
      byTransaction.set(tx, found);
    }
    return found;
  };
}

/**
 * One row: created when no record of the kind has its externalId (with the chunk's other creates:
 * chunkCreates), else its catalog fields changed. A row refused before anything of it is written
 * answers Refused: it fails alone and costs the chunk nothing.
 */
function rowWrites(def: RecordDefinition, rowNumber: number, row: StoredRow | undefined, known: (tx: DataScope) => Promise<Map<string, number>>, creates: ReturnType<typeof chunkCreates>): Apply {
  return async (tx) => {
    const input = rowInput(def, rowNumber, row);
    if (input instanceof Error) return new Refused(input);
    if (await creates.has(tx, rowNumber)) {
      const end = await creates.end(tx, rowNumber);
      if (!end) throw new Error(`Row ${rowNumber}: the chunk's creates left it out`);
      return 'id' in end ? { resultId: end.id, outcome: 'created' } : new Refused(end.error);
    }
    const ids = await known(tx);
    const existing = ids.get(input.externalId);
    if (existing === undefined) {
      // A later row of a key whose first row failed: created on its own.
      const { input: body, parentId, also } = createRowOf(def, input);
      const id = await createRecord(tx, def, body, { parentId, also });
      ids.set(input.externalId, id);
      return { resultId: id, outcome: 'created' };
    }
    const change = converted(changeSchema(def), input.data);
    if (Object.keys(change).length) await changeRecord(tx, def, existing, change, input.parentId);
    return { resultId: existing, outcome: 'changed' };
  };
}

/** The row's fields that `schema` names, converted to their types (a CSV's cells are text). */
function converted(schema: TObject, data: Values): Values {
  const given = Object.fromEntries(Object.entries(data).filter(([name]) => name in schema.properties));
  // Most rows give no field beyond the create body: their `also` is the same every time, made once
  // (walking a catalog of eighty fields for nothing was an eighth of an import's CPU).
  if (!Object.keys(given).length) return { ...nothingGiven(schema) };
  const value: unknown = Value.Default(schema, Value.Convert(schema, given));
  return isValues(value) ? value : given;
}

/** What `converted` makes of a row that gives none of the schema's fields (its defaults, if any). */
const nothing = new WeakMap<TObject, Values>();
function nothingGiven(schema: TObject): Values {
  let made = nothing.get(schema);
  if (!made) {
    const value: unknown = Value.Default(schema, {});
    nothing.set(schema, made = isValues(value) ? value : {});
  }
  return made;
}

/** The catalog's fields as a change takes them. */
const changeSchemas = new WeakMap<RecordDefinition, TObject>();
function changeSchema(def: RecordDefinition): TObject {
  let schema = changeSchemas.get(def);
  if (!schema) changeSchemas.set(def, schema = Type.Object(catalogProperties(def.patch.target.catalog)));
  return schema;
}

/** A record kept under a parent (a customer's worksite): the row names the parent by its id's property (`customerId`). */
function parentIdOf(def: RecordDefinition, data: Values): number {
  const key = idProperty(def.parent!.record);
  const value = Number(data[key]);
  if (!Number.isSafeInteger(value) || value < 1) throw invalid(key, `is required: a ${def.name} is kept under its ${def.parent!.record.name}`);
  return value;
}

/** Item 0: the file read and split (outside any transaction), its rows and their items written with the item's end. */
async function fileWrites(ctx: JobContext<ImportServices>, p: ImportParams): Promise<Apply> {
  const file = await fileOf(ctx, p);
  const format = formatOf(p.format, file.fileName, file.contentType);
  let rows: ParsedRow[];
  try {
    rows = parseRows(file.bytes, format);
  } catch (e) {
    return failing(`The file cannot be read as ${format === 'csv' ? 'CSV' : 'JSON Lines'}: ${e instanceof Error ? e.message : String(e)}`);
  }
  return async (tx) => {
    for (let from = 0; from < rows.length; from += STORE_BATCH) {
      const part = rows.slice(from, from + STORE_BATCH);
      await tx.sql`insert into import_rows (tenant_id, batch_job_id, row_number, data, error)
        select ${TENANT}::int, ${ctx.job.id}::int, r.n, r.d, r.e
          from unnest(${sql.param(part.map((_, i) => from + i + 1))}::int[], ${sql.param(part.map((r) => (r.data ? JSON.stringify(r.data) : null)))}::jsonb[],
                      ${sql.param(part.map((r) => r.error ?? null))}::text[]) as r(n, d, e)`;
    }
    await enqueueRange(tx, { batchJobId: ctx.job.id, jobType: ctx.job.type }, 1, rows.length);
    return { resultId: rows.length, outcome: 'read' };
  };
}

/** The job's file: uploaded, or fetched from its URL (a fetch that fails fails the file item). */
async function fileOf(ctx: JobContext<ImportServices>, p: ImportParams): Promise<{ bytes: Buffer; fileName: string; contentType: string }> {
  if (p.fileId !== undefined) {
    const file = await getFile(ctx.scope, p.fileId);
    if (!file) throw new ItemFailure(`The uploaded file ${p.fileId} no longer exists.`);
    return { bytes: file.content, fileName: file.fileName, contentType: file.contentType };
  }
  try {
    const fetched = await fetchImportFile(p.url!, ctx.services.imports);
    return { ...fetched, fileName: new URL(p.url!).pathname };
  } catch (e) {
    throw new ItemFailure(e instanceof Error ? e.message : String(e));
  }
}

/** Writes that fail their item with `reason`. */
const failing = (reason: string): Apply => async () => { throw new ItemFailure(reason); };

/** A file that cannot be had fails its item (inside the chunk, as a row's failure does); anything else is retried. */
function failed(e: unknown): Apply {
  if (e instanceof ItemFailure) return failing(e.message);
  throw e;
}
