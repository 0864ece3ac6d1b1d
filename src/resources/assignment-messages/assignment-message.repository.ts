// Data access for an assignment's messages: which messages an assignment may take (decision 0018),
// and PUT's update and link, one transaction.
import { and, eq, exists, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DataScope } from '../../platform/scope.ts';
import { invalid, notFound } from '../../platform/http/errors.ts';
import { securityGroupMessageActions } from '../../platform/db/schema.ts';
import { messages } from '../reference-data/reference.table.ts';
import { assignments } from '../assignments/assignment.table.ts';
import { employees } from '../employees/employee.table.ts';
import { customers } from '../customers/customer.table.ts';
import { jobOrders } from '../job-orders/job-order.table.ts';
import { assignmentMessageLinks, messageDetails } from './assignment-message.table.ts';

export interface AssignmentRef { id: number; employeeId: number; customerId: number; jobOrderId: number }

const a = assignments, m = messages, links = assignmentMessageLinks;

/** The assignment if the caller sees it (ASG-01: reps and services, inside their hierarchy). */
export async function visibleAssignment(scope: DataScope, assignmentId: number): Promise<AssignmentRef | undefined> {
  const [row] = await scope.db.select({ id: a.id, employeeId: a.employeeId, customerId: a.customerId, jobOrderId: a.jobOrderId }).from(a)
    .where(and(eq(a.tenantId, scope.tenantId), eq(a.id, assignmentId), scope.visible(a.hierId)));
  return row;
}

/** A message logged on `originType` record `originId`, which the caller sees in `table`. */
function loggedOnVisible(scope: DataScope, originType: string, originId: number, table: PgTable & { tenantId: PgColumn; id: PgColumn; hierId: PgColumn }): SQL {
  const visible = exists(scope.db.select({ one: sql`1` }).from(table).where(and(eq(table.tenantId, m.tenantId), eq(table.id, m.originId), scope.visible(table.hierId))));
  return sql`(${eq(m.originType, originType)} and ${eq(m.originId, originId)} and ${visible})`;
}

/**
 * The messages an assignment may take: those logged on the assignment itself, or on its employee,
 * customer or job order while the caller sees that record, and those already linked to it.
 */
export async function isLinkable(scope: DataScope, assignment: AssignmentRef, messageId: number): Promise<boolean> {
  const rows = await scope.db.select({ one: sql`1` }).from(m).where(and(eq(m.tenantId, scope.tenantId), eq(m.id, messageId), or(
    and(eq(m.originType, 'assignment'), eq(m.originId, assignment.id)),
    loggedOnVisible(scope, 'employee', assignment.employeeId, employees),
    loggedOnVisible(scope, 'customer', assignment.customerId, customers),
    loggedOnVisible(scope, 'jobOrder', assignment.jobOrderId, jobOrders),
    exists(scope.db.select({ one: sql`1` }).from(links).where(and(eq(links.tenantId, m.tenantId), eq(links.assignmentId, assignment.id), eq(links.messageId, m.id)))),
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

/** Links the message to the assignment; a link that exists stays the one link. */
export async function linkMessage(scope: DataScope, assignmentId: number, messageId: number): Promise<void> {
  await scope.db.insert(links).values({ tenantId: scope.tenantId, assignmentId, messageId, linkedByServiceRepId: scope.principal.serviceRepId })
    .onConflictDoNothing();
}

async function actionAllowed(scope: DataScope, messageActionId: number): Promise<boolean> {
  const g = securityGroupMessageActions;
  const rows = await scope.db.select({ one: sql`1` }).from(g).where(and(eq(g.tenantId, scope.tenantId),
    eq(g.securityGroupId, scope.principal.securityGroupId), eq(g.messageActionId, messageActionId)));
  return rows.length > 0;
}

export interface MessageUpdate { subject: string | null; text: string; messageActionId: number | null; messageDate: Date | null }

/** ASG-17: replaces the message's fields and links it to the assignment, in one transaction. */
export async function updateAssignmentMessage(scope: DataScope, assignmentId: number, messageId: number, update: MessageUpdate): Promise<void> {
  await scope.transaction(async (tx) => {
    await assignmentAndMessage(tx, assignmentId, messageId);
    if (update.messageActionId !== null && !(await actionAllowed(tx, update.messageActionId))) {
      throw invalid('messageActionId', 'is not a message action of your security group (GET /Datalists/MessageActions)');
    }
    await tx.db.update(m).set({ text: update.text, messageActionId: update.messageActionId })
      .where(and(eq(m.tenantId, tx.tenantId), eq(m.id, messageId)));
    const details = { subject: update.subject, messageDate: update.messageDate, updatedByServiceRepId: tx.principal.serviceRepId, updatedAt: sql`now()` };
    await tx.db.insert(messageDetails).values({ tenantId: tx.tenantId, messageId, ...details })
      .onConflictDoUpdate({ target: [messageDetails.tenantId, messageDetails.messageId], set: details });
    await linkMessage(tx, assignmentId, messageId);
  });
}
