// The read of a record's history (`GET /{Records}/{id}/history`, record-history.routes.ts): its
// entries newest first, paged as every list is, filtered by field, by time, or one change by its id.
// The caller's right to see the record is checked by the route (the record's own read); this reads
// only the tenant's entries of that record.
import { sql } from 'drizzle-orm';
import { Type, type Static, type TObject } from 'typebox';
import { PageQuery, toPage, type Paged } from '../http/paging.ts';
import { invalid } from '../http/errors.ts';
import { TENANT, type DataScope } from '../scope.ts';
import type { Actor, ChangedFields } from './record-change.table.ts';

/** A change id as the API shows it: `chg_<n>` (an event's `changeId`). */
export const changeIdOf = (id: number | string) => `chg_${id}`;
const CHANGE_ID = '^chg_[1-9][0-9]{0,15}$';

export const HistoryQuery = Type.Object({
  ...PageQuery.properties,
  field: Type.Optional(Type.String({ maxLength: 100, description: 'Only the changes of this field (as the record\'s GET names it, any letter case).' })),
  since: Type.Optional(Type.String({ format: 'date-time', description: 'Only the changes made at or after this instant.' })),
  until: Type.Optional(Type.String({ format: 'date-time', description: 'Only the changes made before this instant.' })),
  change: Type.Optional(Type.String({ pattern: CHANGE_ID, description: 'Only this change (`chg_<n>`: an event\'s `changeId`).' })),
});
export type HistoryFilter = Static<typeof HistoryQuery>;

const Value = Type.Unknown({ description: 'The value as the record\'s GET shows it (masked where secret); null when absent.' });

/** One entry of a record's history, named `<Name>HistoryEntry`. */
export const HistoryEntry = Type.Object({
  changeId: Type.String({ pattern: CHANGE_ID, description: 'The change (`chg_<n>`): the `changeId` of the events it wrote.', examples: ['chg_1042'] }),
  action: Type.Union([Type.Literal('created'), Type.Literal('updated'), Type.Literal('deleted')]),
  at: Type.String({ format: 'date-time', description: 'When the change was made (its transaction\'s time).' }),
  actor: Type.Object({
    type: Type.Union([Type.Literal('serviceRep'), Type.Literal('oauthClient'), Type.Literal('webUser'), Type.Literal('job'), Type.Literal('system')]),
    id: Type.Optional(Type.Union([Type.Integer(), Type.String()], { description: 'The rep\'s, web user\'s or batch job\'s id; the OAuth client\'s client id.' })),
    credentialId: Type.Optional(Type.Integer({ description: 'The credential (API key, token) used; never its secret.' })),
    jobId: Type.Optional(Type.Integer()),
  }, { description: 'Who made the change.' }),
  requestId: Type.Union([Type.String(), Type.Null()], { description: 'The API request that made it (null for a job\'s or the system\'s change).' }),
  changes: Type.Record(Type.String(), Type.Object({ old: Value, new: Value }), { description: 'Each changed field, as the record\'s GET names it: its old and new value.' }),
});
export type HistoryEntryRow = Static<typeof HistoryEntry>;

/** The fields of a record's history by lower-case name (a `field=` filter matches in any letter case). */
export type HistoryNames = ReadonlyMap<string, string>;
export const historyNames = (fields: Readonly<Record<string, string>>): HistoryNames =>
  new Map(Object.values(fields).map((json) => [json.toLowerCase(), json]));

interface Row extends Record<string, unknown> {
  id: string; action: HistoryEntryRow['action']; at: Date | string; actor: Actor; request_id: string | null; fields: ChangedFields; total_count: string;
}

const entryOf = (r: Row): HistoryEntryRow => ({
  changeId: changeIdOf(r.id), action: r.action, at: new Date(r.at).toISOString(), actor: r.actor, requestId: r.request_id,
  changes: Object.fromEntries(Object.entries(r.fields).map(([name, [old, value]]) => [name, { old, new: value }])),
});

/** The filter's field as the history names it; a name the record does not have is a 400 naming `field`. */
function fieldOf(names: HistoryNames, field: string | undefined): string | null {
  if (field === undefined) return null;
  const json = names.get(field.toLowerCase());
  if (!json) throw invalid('field', `is not a field of this record's history: ${[...names.values()].join(', ')}`);
  return json;
}

/** The page of `recordType` `recordId`'s history the filter asks for, newest first. */
export async function readHistory(scope: DataScope, source: { recordType: string; names: HistoryNames }, recordId: number, filter: HistoryFilter): Promise<Paged<HistoryEntryRow>> {
  const field = fieldOf(source.names, filter.field);
  const change = filter.change === undefined ? null : filter.change.slice('chg_'.length);
  // The entries the filter matches (after the tenant, which the scope binds).
  const matching = sql`record_type = ${source.recordType} and record_id = ${recordId}
       and (${field}::text is null or fields ? ${field}::text)
       and (${filter.since ?? null}::timestamptz is null or at >= ${filter.since ?? null}::timestamptz)
       and (${filter.until ?? null}::timestamptz is null or at < ${filter.until ?? null}::timestamptz)
       and (${change}::bigint is null or id = ${change}::bigint)`;
  const rows = await scope.sql<Row>`
    select id::text, action, at, actor, request_id, fields, count(*) over () as total_count
      from record_changes c where tenant_id = ${TENANT} and ${matching}
     order by c.id desc offset ${filter.skip} limit ${filter.take}`;
  return toPage(rows.map((r) => ({ ...r, totalCount: Number(r.total_count) })), filter, entryOf, async () => {
    const [count] = await scope.sql<{ n: string }>`select count(*)::text as n from record_changes where tenant_id = ${TENANT} and ${matching}`;
    return Number(count?.n ?? 0);
  });
}

/**
 * `<Name>History`: a page of entries named `<Name>HistoryEntry` (the API description's names). One
 * per name for the process: the apps a process builds (tests build many) share the schemas by `$id`.
 */
const pages = new Map<string, TObject>();
export function historyPageOf(name: string): TObject {
  let page = pages.get(name);
  if (!page) pages.set(name, page = Type.Object({ data: Type.Array({ ...HistoryEntry, $id: `${name}HistoryEntry` }), totalCount: Type.Integer({ minimum: 0 }) }, { $id: `${name}History` }));
  return page;
}
