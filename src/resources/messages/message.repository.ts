// Data access for messages (decision 0035). A message has no hierarchy node of its own: it is
// logged on a record (its owner: an employee, a job order, ...) and seen through it, so every query
// first finds the owner inside the caller's hierarchy. An assignment's messages are those logged on
// it and those linked to it (PUT /Assignments/{id}/messages/{messageId}, decision 0018).
import { and, desc, eq, exists, getTableColumns, getTableName, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DataScope, TenantTable } from '../../platform/scope.ts';
import { invalid, notFound } from '../../platform/http/errors.ts';
import { toPage, type Page, type Paged } from '../../platform/http/paging.ts';
import { parseDateTime } from '../../platform/records/json-patch/values.ts';
import { camel } from '../../platform/records/json-patch/catalog.ts';
import { emitEvent, type EventTemplate } from '../../platform/events/outbox.ts';
import { messageActions, securityGroupMessageActions } from '../../platform/db/schema.ts';
import { rule, type Rule } from '../../platform/records/rules.ts';
import { recordEvent } from '../../platform/records/record-events.ts';
import type { RecordDefinition } from '../../platform/records/record.ts';
import { messages } from '../reference-data/reference.table.ts';
import { assignmentMessageLinks, messageDetails } from './message.table.ts';
import type { MessageInput } from './message.schemas.ts';

const m = messages, d = messageDetails, links = assignmentMessageLinks, actions = messageActions;

/** A record messages are logged on, as its definition gives it. */
export interface MessageOwner {
  /** The messages' origin type: the record's event stem (`employee`, `jobOrder`). */
  kind: string;
  /** In a 404: `The employee`. */
  what: string;
  /** The record's table: it has a node, so the scope keeps a statement on it to the caller's hierarchy. */
  table: TenantTable;
  columns: { id: AnyPgColumn; primaryMessageId: AnyPgColumn };
  /** The record's `.updated`: a change to its messages is one (changedFields ["messages"]). */
  event: EventTemplate;
  tableName: string;
}

/** Whether a record carries a PrimaryMessageId, i.e. has messages to pin one of. */
export const hasMessages = (def: RecordDefinition) => def.patch.target.catalog.byName.has('primarymessageid');

/** The owner of a record's messages; a record without a hierarchy node or a PrimaryMessageId has none (a start-up error). */
export function messageOwner(def: RecordDefinition): MessageOwner {
  const table = def.patch.target.table;
  const { hierId, primaryMessageId } = getTableColumns(table);
  if (!hierId || !primaryMessageId) throw new Error(`${def.name}: messages need the record's hier_id and primary_message_id columns.`);
  return {
    kind: camel(def.name), what: def.what, event: recordEvent(def, 'updated'), tableName: getTableName(table),
    table, columns: { id: table.id, primaryMessageId },
  };
}

/** The messages of a record: logged on it, and for an assignment also those linked to it. */
function ofRecord(scope: DataScope, kind: string, ownerId: number): SQL | undefined {
  const logged = and(eq(m.originType, kind), eq(m.originId, ownerId));
  if (kind !== 'assignment') return logged;
  return or(logged, exists(scope.select(links, { one: sql`1` }).where(and(eq(links.assignmentId, ownerId), eq(links.messageId, m.id)))));
}

/** Whether the message is one of the record's (what its `PrimaryMessageId` may pin). */
export async function isMessageOf(scope: DataScope, kind: string, ownerId: number, messageId: number): Promise<boolean> {
  const rows = await scope.select(m, { one: sql`1` }).where(and(eq(m.id, messageId), ofRecord(scope, kind, ownerId)));
  return rows.length > 0;
}

/** `PrimaryMessageId`: one of the record's own messages (an assignment's linked ones included, ASG-17). */
export function ownMessage(kind: string, what: string): Rule {
  return rule(async (v, { scope, id }) => (await isMessageOf(scope, kind, id!, Number(v))) ? undefined : `is not a message of this ${what}`, { onRecordOnly: true });
}

/** The owner inside the caller's hierarchy, with its pinned message; else 404 naming it. */
async function requireOwner(scope: DataScope, owner: MessageOwner, ownerId: number): Promise<{ primaryMessageId: number | null }> {
  const o = owner.columns;
  const [row] = await scope.select(owner.table, { primary: sql<string | number | null>`${o.primaryMessageId}` }).where(eq(o.id, ownerId));
  if (!row) throw notFound(owner.what);
  return { primaryMessageId: row.primary === null ? null : Number(row.primary) };
}

const listed = {
  messageId: m.id, originType: m.originType, originId: m.originId, subject: d.subject, text: m.text,
  messageActionId: m.messageActionId, messageAction: actions.name, messageDate: d.messageDate, serviceRepId: m.serviceRepId, dateCreated: m.createdAt,
};

type Listed = typeof listed;

/** The columns of `fields` (JSON names; all without them). The id is read always: `isPrimary` is the id's. */
function columnsOf(fields: readonly string[] | undefined): Record<string, Listed[keyof Listed]> {
  if (!fields) return listed;
  return Object.fromEntries(Object.entries(listed).filter(([name]) => fields.includes(name)));
}

/** Messages with their subject, date and action (only `fields`, given them: decision 0051), and how many the conditions find. */
function selectMessages(scope: DataScope, fields?: readonly string[]) {
  return scope.selectJoined(m, { ...columnsOf(fields), messageId: m.id, totalCount: sql<number>`count(*) over ()`.mapWith(Number) }, (q) => q
    .leftJoin(d, and(eq(d.tenantId, m.tenantId), eq(d.messageId, m.id)))
    .leftJoin(actions, and(eq(actions.tenantId, m.tenantId), eq(actions.id, m.messageActionId))));
}

/** The record's messages, its pinned one first (PATCH-ASG-08), then the latest logged first. */
export async function listMessages(scope: DataScope, owner: MessageOwner, ownerId: number, page: Page, fields?: readonly string[]): Promise<Paged<Record<string, unknown>>> {
  const { primaryMessageId } = await requireOwner(scope, owner, ownerId);
  const where = ofRecord(scope, owner.kind, ownerId);
  const rows = await selectMessages(scope, fields)
    .where(where).orderBy(desc(sql`${m.id} = ${primaryMessageId ?? 0}`), desc(m.createdAt), desc(m.id)).limit(page.take).offset(page.skip);
  return toPage(rows, page, ({ totalCount: _t, ...row }) => ({ ...row, isPrimary: row.messageId === primaryMessageId }),
    async () => (await scope.select(m, { n: sql<number>`count(*)`.mapWith(Number) }).where(where))[0]?.n ?? 0);
}

/** One message of the record (only `fields`, given them), or undefined when it is not one of the record's. */
export async function getMessage(scope: DataScope, owner: MessageOwner, ownerId: number, messageId: number, fields?: readonly string[]): Promise<Record<string, unknown> | undefined> {
  const { primaryMessageId } = await requireOwner(scope, owner, ownerId);
  const [found] = await selectMessages(scope, fields).where(and(eq(m.id, messageId), ofRecord(scope, owner.kind, ownerId)));
  if (!found) return undefined;
  const { totalCount: _t, ...row } = found;
  return { ...row, isPrimary: row.messageId === primaryMessageId };
}

/** A message's fields as they are stored. */
export interface MessageValues { subject: string | null; text: string; messageActionId: number | null; messageDate: Date | null }

/** The request's fields (absent is null), or 400 naming a date that is not ISO 8601. */
export function messageValues(input: MessageInput): MessageValues {
  const messageDate = input.messageDate == null ? null : parseDateTime(input.messageDate);
  if (messageDate === undefined) throw invalid('messageDate', 'must be an ISO 8601 date-time');
  return { subject: input.subject ?? null, text: input.text, messageActionId: input.messageActionId ?? null, messageDate };
}

/** BATCH-18, DL-05: a message action is one of the caller's security group's, else 400 naming it. */
export async function checkMessageAction(scope: DataScope, messageActionId: number | null): Promise<void> {
  if (messageActionId === null) return;
  const g = securityGroupMessageActions;
  const rows = await scope.select(g, { one: sql`1` }).where(and(eq(g.securityGroupId, scope.principal.securityGroupId), eq(g.messageActionId, messageActionId)));
  if (!rows.length) throw invalid('messageActionId', 'is not a message action of your security group (GET /Datalists/MessageActions)');
}

/** Writes the subject and date of a message (a row only when it has either, or had one). */
export async function writeDetails(tx: DataScope, messageId: number, values: Pick<MessageValues, 'subject' | 'messageDate'>, replace: boolean): Promise<void> {
  if (!replace && values.subject === null && values.messageDate === null) return;
  const details = { subject: values.subject, messageDate: values.messageDate, updatedByServiceRepId: tx.principal.serviceRepId, updatedAt: sql`now()` };
  await tx.insert(d, { messageId, ...details }).onConflictDoUpdate({ target: [d.tenantId, d.messageId], set: details });
}

/** The owner's `.updated` event, `changedFields: ["messages"]`, in the transaction of the change (decision 0031). */
export const messagesChanged = (tx: DataScope, owner: Pick<MessageOwner, 'event' | 'tableName'>, ownerId: number) =>
  emitEvent(tx, owner.event, owner.tableName, ownerId, { changedFields: ['messages'] });

/** Logs a message on the record, written by the caller's rep, with the owner's event; its id. */
export async function createMessage(scope: DataScope, owner: MessageOwner, ownerId: number, values: MessageValues): Promise<number> {
  return scope.transaction(async (tx) => {
    await requireOwner(tx, owner, ownerId);
    await checkMessageAction(tx, values.messageActionId);
    const [row] = await tx.insert(m, {
      originType: owner.kind, originId: ownerId, messageActionId: values.messageActionId, serviceRepId: tx.principal.serviceRepId, text: values.text,
    }).returning({ id: m.id });
    if (!row) throw new Error('The message insert returned no row.');
    await writeDetails(tx, row.id, values, false);
    await messagesChanged(tx, owner, ownerId);
    return row.id;
  });
}
