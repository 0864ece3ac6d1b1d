// The events of a record's standard writes (docs/decisions/0031): `<record>.created` after POST,
// `<record>.updated` with the fields a JSON Patch wrote. Each is written with its write, in one
// transaction or one statement, so a write that fails leaves no event and an event never reports a
// write that did not happen: the POST's here, the PATCH's by applyPatch (json-patch/apply.ts, direct.ts).
import { getTableName } from 'drizzle-orm';
import type { DataScope } from '../scope.ts';
import { emitEvent, type EventTemplate } from '../events/outbox.ts';
import type { EventType } from '../events/event-type.ts';
import { idParamOf, type RecordDefinition } from './record.ts';
import { parentEventSource } from './parent.ts';

export type RecordAction = 'created' | 'updated';

/** What of a record's definition its events read. */
type Source = Pick<RecordDefinition, 'name' | 'path' | 'access' | 'scope' | 'parent' | 'what' | 'idParam'>;

/** `JobOrder` → `jobOrder`: the stem of the record's event types. */
const stem = (name: string) => name[0]!.toLowerCase() + name.slice(1);

/** The scopes that read the record (any one suffices), as its GET by id declares them. */
const readScopes = (def: Pick<RecordDefinition, 'access' | 'scope'>) => def.access?.read?.scopes ?? [`${def.scope}-read`];

/** The record's event of one action. */
export function recordEvent(def: Source, action: RecordAction): EventTemplate {
  const source = parentEventSource(def);
  return { type: `${stem(def.name)}.${action}`, recordType: def.name, path: def.path, readScopes: readScopes(def), ...(source && { source }) };
}

/** `the employee`: the record as a sentence names it. */
const the = (def: Source) => def.what.replace(/^The /, 'the ');

/** What each action's event says, for the docs (docs/events.md's table is generated from these). */
const DESCRIBED: Record<RecordAction, (def: Source) => Pick<EventType, 'when' | 'changedFields'>> = {
  created: (def) => ({ when: `${the(def)} was created (\`POST ${def.path}\`)`, changedFields: 'none' }),
  updated: (def) => ({
    when: `a JSON Patch changed ${the(def)} (\`PATCH ${def.path}/{${idParamOf(def)}}\`; none when the values were already those)`,
    changedFields: 'the fields it changed, as the record\'s GET names them (a PATCH of plain fields written in one statement names every field the document wrote)',
  }),
};

/** The event types a record emits, each with the scopes that see it and its description. */
export function recordEventTypes(def: Source): EventType[] {
  return (['created', 'updated'] as const).map((action) => {
    const { type, readScopes } = recordEvent(def, action);
    return { type, readScopes, ...DESCRIBED[action](def) };
  });
}

/** Creates a record (`create` answers its id) and records its `.created` event, in one transaction. */
export async function createWithEvent(scope: DataScope, def: Source & Pick<RecordDefinition, 'patch'>, create: (tx: DataScope) => Promise<number>): Promise<number> {
  return scope.transaction(async (tx) => {
    const id = await create(tx);
    await emitEvent(tx, recordEvent(def, 'created'), getTableName(def.patch.target.table), id);
    return id;
  });
}
