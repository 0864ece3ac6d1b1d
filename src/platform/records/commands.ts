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
import { createWithEvent, recordEvent } from './record-events.ts';
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
 * `options`: the parent's id, or `{ parentId, also }`.
 */
export async function createRecord<Create extends TObject>(scope: DataScope, def: RecordDefinition<Create, TObject, TObject>, input: BodyOf<Create>, options: number | CreateOptions = {}): Promise<number> {
  const { parentId, also = {} } = typeof options === 'number' ? { parentId: options } : options;
  if (def.parent) await requireParent(scope, def.parent, parentId!);
  const errors = bodyErrors(def.create.body, input);
  const alsoPatch = patchOf(also);
  try { checkOperations(def.patch.target.catalog, alsoPatch); } catch (e) {
    if (!(e instanceof AppError && e.errors)) throw e;
    Object.assign(errors, e.errors);
  }
  if (Object.keys(errors).length) throw validationError(errors);
  const values: unknown = input;
  if (isValues(values)) {
    const next = { ...values, ...also };
    await checkRules({ ...def.patch.target.rules, ...def.create.rules }, { scope, next }, new Set(Object.keys(next)));
  }
  const externalId = externalIdOf(input);
  try {
    return await createWithEvent(scope, def, async (tx) => {
      // The key rides on the record's own insert; a create that wrote its row another way gets it after.
      const waiting = externalId === undefined ? undefined : tx.rideNextInsert(def.patch.target.table, { externalId });
      const id = await def.create.run(tx, input, parentId);
      if (waiting?.() && externalId !== undefined) await setExternalId(tx, def.patch.target.table, id, externalId);
      if (alsoPatch.length) await applyPatch(tx, def.patch.target, id, alsoPatch);
      return id;
    });
  } catch (e) {
    throw duplicateExternalId(e) ?? e;
  }
}

/**
 * The record's externalId, in the create's transaction, where its insert did not carry it. Not a
 * catalog field: history and the `.updated` event do not see it (the create's event covers it).
 */
async function setExternalId(tx: DataScope, table: PatchableTable, id: number, externalId: string): Promise<void> {
  await tx.sql`update ${sql.identifier(getTableName(table))} set external_id = ${externalId} where tenant_id = ${TENANT} and id = ${id}`;
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
