// Data access for an assignment's messages: which messages an assignment may take (decision 0018),
// and PUT's update and link, one transaction, with the events of the records whose message lists
// changed (decision 0035).
import { and, eq, exists, or, sql, type SQL } from 'drizzle-orm';
import type { DataScope } from '../../platform/scope.ts';
import { notFound } from '../../platform/http/errors.ts';
import { messages } from '../reference-data/reference.table.ts';
import { assignments } from '../assignments/assignment.table.ts';
import { assignmentRecord } from '../assignments/assignment.record.ts';
import { employeeRecord } from '../employees/employee.record.ts';
import { customerRecord } from '../customers/customer.record.ts';
import { jobOrderRecord } from '../job-orders/job-order.record.ts';
import { assignmentMessageLinks } from '../messages/message.table.ts';
import { checkMessageAction, messageOwner, messagesChanged, writeDetails, type MessageOwner, type MessageValues } from '../messages/message.repository.ts';

export interface AssignmentRef { id: number; employeeId: number; customerId: number; jobOrderId: number }

const a = assignments, m = messages, links = assignmentMessageLinks;

const assignmentOwner = messageOwner(assignmentRecord);
/** Besides its own, an assignment may take the messages of its employee, customer and job order. */
const SOURCES: readonly { owner: MessageOwner; of: (assignment: AssignmentRef) => number }[] = [
  { owner: messageOwner(employeeRecord), of: (x) => x.employeeId },
  { owner: messageOwner(customerRecord), of: (x) => x.customerId },
  { owner: messageOwner(jobOrderRecord), of: (x) => x.jobOrderId },
];

/** The assignment if the caller sees it (ASG-01: reps and services, inside their hierarchy). */
export async function visibleAssignment(scope: DataScope, assignmentId: number): Promise<AssignmentRef | undefined> {
  const [row] = await scope.select(a, { id: a.id, employeeId: a.employeeId, customerId: a.customerId, jobOrderId: a.jobOrderId }).where(eq(a.id, assignmentId));
  return row;
}

/** A message logged on the owner's record `originId`, which the caller sees. */
function loggedOnVisible(scope: DataScope, owner: MessageOwner, originId: number): SQL {
  const visible = exists(scope.select(owner.table, { one: sql`1` }).where(eq(owner.columns.id, m.originId)));
  return sql`(${eq(m.originType, owner.kind)} and ${eq(m.originId, originId)} and ${visible})`;
}

/**
 * The messages an assignment may take: those logged on the assignment itself, or on its employee,
 * customer or job order while the caller sees that record, and those already linked to it.
 */
export async function isLinkable(scope: DataScope, assignment: AssignmentRef, messageId: number): Promise<boolean> {
  const rows = await scope.select(m, { one: sql`1` }).where(and(eq(m.id, messageId), or(
    and(eq(m.originType, assignmentOwner.kind), eq(m.originId, assignment.id)),
    ...SOURCES.map((source) => loggedOnVisible(scope, source.owner, source.of(assignment))),
    exists(scope.select(links, { one: sql`1` }).where(and(eq(links.assignmentId, assignment.id), eq(links.messageId, m.id)))),
  )));
  return rows.length > 0;
}

/** The assignment and message of a request, or 404 for whichever the caller cannot reach. */
export async function assignmentAndMessage(scope: DataScope, assignmentId: number, messageId: number): Promise<AssignmentRef> {
  const assignment = await visibleAssignment(scope, assignmentId);
  if (!assignment) throw notFound('The assignment');
  if (!(await isLinkable(scope, assignment, messageId))) throw notFound('The message');
  return assignment;
}

/**
 * Links the message to the assignment; a link that exists stays the one link. A new link changes the
 * assignment's message list: its `.updated` event (changedFields ["messages"]) unless `quiet` (the
 * caller reports the change itself).
 */
export async function linkMessage(tx: DataScope, assignmentId: number, messageId: number, quiet = false): Promise<void> {
  const linked = await tx.insert(links, { assignmentId, messageId, linkedByServiceRepId: tx.principal.serviceRepId })
    .onConflictDoNothing().returning({ messageId: links.messageId });
  if (linked.length && !quiet) await messagesChanged(tx, assignmentOwner, assignmentId);
}

/**
 * ASG-17: replaces the message's fields and links it to the assignment, in one transaction. The
 * assignment's message list changed, and so did the list of the record it is logged on.
 */
export async function updateAssignmentMessage(scope: DataScope, assignmentId: number, messageId: number, update: MessageValues): Promise<void> {
  await scope.transaction(async (tx) => {
    await assignmentAndMessage(tx, assignmentId, messageId);
    await checkMessageAction(tx, update.messageActionId);
    const [origin] = await tx.update(m, { text: update.text, messageActionId: update.messageActionId })
      .where(eq(m.id, messageId)).returning({ type: m.originType, id: m.originId });
    await writeDetails(tx, messageId, update, true);
    await linkMessage(tx, assignmentId, messageId, true);
    await messagesChanged(tx, assignmentOwner, assignmentId);
    const source = SOURCES.find((s) => s.owner.kind === origin?.type);
    if (source && origin) await messagesChanged(tx, source.owner, origin.id);
  });
}
