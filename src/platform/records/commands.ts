// The record commands: the one way a record is created or changed, whatever the entry point (an API
// route, a page, a batch job, registration, the CLI). Each runs the record's rules, writes, and
// records the event, in one transaction; so a rule, an event (and what later hooks here: history,
// idempotency) holds for every path that writes, not only for the route that happened to be first.
import type { TObject } from 'typebox';
import { getTableName, sql } from 'drizzle-orm';
import { TENANT, type DataScope } from '../scope.ts';
import type { PatchableTable } from './json-patch/target.ts';
import { duplicateExternalId, externalIdOf } from './external-id.ts';
import type { Operation } from './json-patch/patch.ts';
import { applyPatch } from './json-patch/apply.ts';
import { checkOperations } from './json-patch/patch.ts';
import { checkRules, isValues, type Values } from './rules.ts';
import { AppError, validationError } from '../http/errors.ts';
import { bodyErrors } from '../http/validation.ts';
import { recordEvent } from './record-events.ts';
import { emitEvents } from '../events/outbox.ts';
import { pgError } from '../db/database.ts';
import { requireParent, underParent } from './parent.ts';
import { historyOf } from '../history/history-install.ts';
import type { BodyOf, RecordDefinition } from './record.ts';

/** A change: a JSON Patch document, or the new values of catalog fields by JSON name (each a `replace`). */
export type Change = Operation[] | Values;

/** The JSON Patch of a values object: one `replace` per field. */
export const patchOf = (change: Change): Operation[] =>
  Array.isArray(change) ? change : Object.entries(change).map(([field, value]) => ({ op: 'replace', path: `/${field}`, value }));

/** What a create may say besides its body. */
export interface CreateOptions {
  /** The parent's id, for a record kept under one (404 unless the caller sees the parent). */
  parentId?: number;
  /**
   * Catalog fields the create body does not take (a registration's how-heard-of, a conversion's
   * defaults), by JSON name: checked against the catalog and the rules with the body, and written
   * as PATCH writes them, in the create's transaction (the one `.created` event covers them).
   */
  also?: Values;
}

/**
 * Creates a record: the body checked against the create schema (as a route checks it, with the same
 * messages, for the entry points that are not routes), the create rules and the PATCH target's rules
 * on the fields given, the write, and its `.created` event, in one transaction; answers the id.
 * `options`: the parent's id, or `{ parentId, also }`. One row of createRecords.
 */
export async function createRecord<Create extends TObject>(scope: DataScope, def: RecordDefinition<Create, TObject, TObject>, input: BodyOf<Create>, options: number | CreateOptions = {}): Promise<number> {
  const { parentId, also } = typeof options === 'number' ? { parentId: options } : options;
  try {
    const [created] = await createRecords(scope, def, [{ input, parentId, also }]);
    if (!created || 'error' in created) throw created?.error ?? new Error('createRecords answered no row');
    return created.id;
  } catch (e) {
    throw duplicateExternalId(e) ?? e;
  }
}

/** One row of createRecords: a create's body and options. */
export interface CreateRow<Create extends TObject> extends CreateOptions { input: BodyOf<Create> }

/** How a row of createRecords ended: its record's id, or the 4xx that refused it (nothing of it was written). */
export type Created = { id: number } | { error: AppError };

/**
 * Creates many records of one kind (an import's chunk, decision 0050), each exactly as createRecord
 * creates one: its checks and rules first, for every row (a row that fails them fails alone), then
 * the writes, then one `.created` event per record, in one statement, all in one transaction. Where
 * the record creates many rows at once (`create.runMany`), one insert writes every row; should the
 * database refuse it (a unique index: an externalId or a government id taken), it is undone and the
 * rows are created one by one, each under a savepoint, so only the refused row fails. Answers each
 * row's end, in order; anything not a row's own fault (a 5xx, the database gone) throws.
 */
export async function createRecords<Create extends TObject>(scope: DataScope, def: RecordDefinition<Create, TObject, TObject>, rows: readonly CreateRow<Create>[]): Promise<Created[]> {
  const refused = await Promise.all(rows.map((row) => rowsOwn(() => checkCreate(scope, def, row))));
  const checked = rows.filter((_, i) => !refused[i]);
  return scope.transaction(async (tx) => {
    const written = await writeCreates(tx, def, checked, rows.length > 1);
    let next = 0;
    const ends = refused.map((end): Created => end ?? written[next++]!);
    const created = ends.flatMap((end) => ('id' in end ? [end.id] : []));
    await emitEvents(tx, recordEvent(def, 'created'), getTableName(def.patch.target.table), created);
    return ends;
  });
}

/** A row's own failure (a 4xx) as its end; undefined when `step` went through; anything else throws. */
async function rowsOwn(step: () => Promise<unknown>): Promise<{ error: AppError } | undefined> {
  try {
    await step();
    return undefined;
  } catch (e) {
    return { error: ownError(e) };
  }
}

/** A row's write as its end: the id, or its own failure; anything else throws. */
async function rowEnd(write: () => Promise<number>): Promise<Created> {
  try {
    return { id: await write() };
  } catch (e) {
    return { error: ownError(e) };
  }
}

/** The error as the row's own (a 4xx, a taken externalId); throws anything else. */
function ownError(e: unknown): AppError {
  const error = duplicateExternalId(e) ?? e;
  if (error instanceof AppError && error.status < 500) return error;
  throw error;
}

/** A create's checks that read before it writes: its parent, its body, its `also` fields, its rules. */
async function checkCreate<Create extends TObject>(scope: DataScope, def: RecordDefinition<Create, TObject, TObject>, { input, parentId, also = {} }: CreateRow<Create>): Promise<void> {
  if (def.parent) await requireParent(scope, def.parent, parentId!);
  const errors = bodyErrors(def.create.body, input);
  try { checkOperations(def.patch.target.catalog, patchOf(also)); } catch (e) {
    if (!(e instanceof AppError && e.errors)) throw e;
    Object.assign(errors, e.errors);
  }
  if (Object.keys(errors).length) throw validationError(errors);
  const values: unknown = input;
  if (isValues(values)) {
    const next = { ...values, ...also };
    await checkRules({ ...def.patch.target.rules, ...def.create.rules }, { scope, next }, new Set(Object.keys(next)));
  }
}

/**
 * The checked rows' writes: at once where the record can (rows of one parent, without `also`), else
 * one by one. `alone`: each row under a savepoint, so one the database refuses fails alone (a single
 * create needs none: its error is the caller's).
 */
async function writeCreates<Create extends TObject>(tx: DataScope, def: RecordDefinition<Create, TObject, TObject>, rows: readonly CreateRow<Create>[], alone: boolean): Promise<Created[]> {
  const runMany = def.create.runMany;
  const together = rows.length > 1 && runMany !== undefined && rows.every((r) => r.parentId === rows[0]!.parentId && !patchOf(r.also ?? {}).length);
  if (together) {
    const table = def.patch.target.table;
    try {
      return await tx.savepoint(async () => {
        const ends = (await runMany(tx, rows.map((r) => r.input), rows[0]!.parentId)).map((id): Created => (typeof id === 'number' ? { id } : { error: id }));
        await setExternalIds(tx, table, ends.flatMap((end, i) => {
          const externalId = externalIdOf(rows[i]!.input);
          return 'id' in end && externalId !== undefined ? [{ id: end.id, externalId }] : [];
        }));
        return ends;
      });
    } catch (e) {
      // What only the database finds (a unique index): the rows again, one by one.
      if (!(duplicateExternalId(e) ?? isOwnError(e))) throw e;
    }
  }
  const ends: Created[] = [];
  for (const row of rows) {
    const write = () => writeCreate(tx, def, row);
    ends.push(alone ? await rowEnd(() => tx.savepoint(write)) : { id: await write() });
  }
  return ends;
}

/** A database error a create maps to a 4xx of the row's (a unique index of the record's). */
const isOwnError = (e: unknown) => pgError(e)?.code === '23505';

/** One row's write: the record, its externalId, its `also` fields. */
async function writeCreate<Create extends TObject>(tx: DataScope, def: RecordDefinition<Create, TObject, TObject>, { input, parentId, also = {} }: CreateRow<Create>): Promise<number> {
  const externalId = externalIdOf(input);
  // The key rides on the record's own insert; a create that wrote its row another way gets it after.
  const waiting = externalId === undefined ? undefined : tx.rideNextInsert(def.patch.target.table, { externalId });
  const id = await def.create.run(tx, input, parentId);
  if (waiting?.() && externalId !== undefined) await setExternalId(tx, def.patch.target.table, id, externalId);
  const alsoPatch = patchOf(also);
  if (alsoPatch.length) await applyPatch(tx, def.patch.target, id, alsoPatch);
  return id;
}

/**
 * The record's externalId, in the create's transaction, where its insert did not carry it. Not a
 * catalog field: history and the `.updated` event do not see it (the create's event covers it).
 */
async function setExternalId(tx: DataScope, table: PatchableTable, id: number, externalId: string): Promise<void> {
  await tx.sql`update ${sql.identifier(getTableName(table))} set external_id = ${externalId} where tenant_id = ${TENANT} and id = ${id}`;
}

/** setExternalId of many records, in one statement (createRecords' rows written at once). */
async function setExternalIds(tx: DataScope, table: PatchableTable, keys: { id: number; externalId: string }[]): Promise<void> {
  if (!keys.length) return;
  await tx.sql`update ${sql.identifier(getTableName(table))} t set external_id = k.external_id
    from unnest(${sql.param(keys.map((k) => k.id))}::bigint[], ${sql.param(keys.map((k) => k.externalId))}::text[]) as k(id, external_id)
    where t.tenant_id = ${TENANT} and t.id = k.id`;
}

/**
 * Changes a record's catalog fields: locked (or in one statement where nothing reads the record),
 * the rules of the fields changed, the write, its side effects and its `.updated` event, in one
 * transaction. 404 when the caller does not see it.
 */
export async function changeRecord(scope: DataScope, def: RecordDefinition, id: number, change: Change, parentId?: number): Promise<void> {
  const target = def.parent ? underParent(def.patch.target, def.parent, parentId!) : def.patch.target;
  await applyPatch(scope, target, id, patchOf(change), recordEvent(def, 'updated'), historyOf(def));
}
