// The record commands: the one way a record is created or changed, whatever the entry point (an API
// route, a page, a batch job, registration, the CLI). Each runs the record's rules, writes, and
// records the event, in one transaction; so a rule, an event (and what later hooks here: history,
// idempotency) holds for every path that writes, not only for the route that happened to be first.
import type { TObject } from 'typebox';
import type { DataScope } from '../scope.ts';
import type { Operation } from './json-patch/patch.ts';
import { applyPatch } from './json-patch/apply.ts';
import { checkRules, isValues, type Values } from './rules.ts';
import { createWithEvent, recordEvent } from './record-events.ts';
import { requireParent, underParent } from './parent.ts';
import type { BodyOf, RecordDefinition } from './record.ts';

/** A change: a JSON Patch document, or the new values of catalog fields by JSON name (each a `replace`). */
export type Change = Operation[] | Values;

/** The JSON Patch of a values object: one `replace` per field. */
export const patchOf = (change: Change): Operation[] =>
  Array.isArray(change) ? change : Object.entries(change).map(([field, value]) => ({ op: 'replace', path: `/${field}`, value }));

/**
 * Creates a record: its create rules and the PATCH target's rules on the fields given, the write, and
 * its `.created` event, in one transaction; answers the id. `parentId`: the parent's id, for a record
 * kept under one (404 unless the caller sees the parent).
 */
export async function createRecord<Create extends TObject>(scope: DataScope, def: RecordDefinition<Create, TObject, TObject>, input: BodyOf<Create>, parentId?: number): Promise<number> {
  if (def.parent) await requireParent(scope, def.parent, parentId!);
  const values: unknown = input;
  if (isValues(values)) await checkRules({ ...def.patch.target.rules, ...def.create.rules }, { scope, next: values }, new Set(Object.keys(values)));
  return createWithEvent(scope, def, (tx) => def.create.run(tx, input, parentId));
}

/**
 * Changes a record's catalog fields: locked (or in one statement where nothing reads the record),
 * the rules of the fields changed, the write, its side effects and its `.updated` event, in one
 * transaction. 404 when the caller does not see it.
 */
export async function changeRecord(scope: DataScope, def: RecordDefinition, id: number, change: Change, parentId?: number): Promise<void> {
  const target = def.parent ? underParent(def.patch.target, def.parent, parentId!) : def.patch.target;
  await applyPatch(scope, target, id, patchOf(change), recordEvent(def, 'updated'));
}
