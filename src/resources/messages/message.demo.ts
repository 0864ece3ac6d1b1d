// The demo tenant's messages (decision 0035): a few notes, calls and emails around its first
// assignment, so that GET /{Owner}/{id}/messages shows something on a fresh start, and one message of
// the employee is linked to the assignment and pinned as its PrimaryMessageId (ASG-17, PATCH-ASG-08).
// Written directly, as the rest of the generated demo data is (demo-data.ts).
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { messageActions, serviceReps } from '../../platform/db/schema.ts';
import { messages } from '../reference-data/reference.table.ts';
import { assignments } from '../assignments/assignment.table.ts';
import { contacts } from '../contacts/contact.table.ts';
import { employees } from '../employees/employee.table.ts';
import { assignmentMessageLinks, messageDetails } from './message.table.ts';

interface DemoMessage { originType: string; originId: number; action: string; subject: string; text: string; messageDate: Date }

/** The messages around `assignment`, oldest first (the last is the assignment's own). */
function around(a: { id: number; employeeId: number; customerId: number; jobOrderId: number }, contactId: number | undefined, start: Date): DemoMessage[] {
  const day = (n: number) => new Date(start.getTime() + n * 86_400_000 + 15 * 3_600_000);
  return [
    { originType: 'employee', originId: a.employeeId, action: 'Interview', subject: 'Interview', messageDate: day(-10),
      text: 'Interviewed in the branch: forklift certified, two years in a warehouse, prefers first shift.' },
    { originType: 'customer', originId: a.customerId, action: 'Email Sent', subject: 'Rate sheet', messageDate: day(-9),
      text: 'Sent the updated rate sheet to accounts payable.' },
    { originType: 'jobOrder', originId: a.jobOrderId, action: 'General Note', subject: 'More positions', messageDate: day(-8),
      text: 'The client may need two more people from next month; steel-toe boots required on the floor.' },
    ...(contactId === undefined ? [] : [{ originType: 'contact', originId: contactId, action: 'Left Voicemail', subject: 'Quarterly review', messageDate: day(-7),
      text: 'Left a voicemail about the quarterly review.' }]),
    { originType: 'employee', originId: a.employeeId, action: 'Phone Call', subject: 'Start confirmed', messageDate: day(-2),
      text: 'Called to confirm the start: reports Monday at 7:00 to the front office, with safety shoes.' },
    { originType: 'assignment', originId: a.id, action: 'General Note', subject: 'First week', messageDate: day(4),
      text: 'Supervisor says the first week went well.' },
  ];
}

/** Seeds the messages once: a tenant that has any message keeps what it has. */
export async function seedDemoMessages(db: Db, tenantId: number): Promise<void> {
  if ((await db.select({ id: messages.id }).from(messages).where(eq(messages.tenantId, tenantId)).limit(1)).length) return;
  const [assignment] = await db.select({ id: assignments.id, employeeId: assignments.employeeId, customerId: assignments.customerId, jobOrderId: assignments.jobOrderId,
    hierId: assignments.hierId, startDate: assignments.startDate }).from(assignments).where(eq(assignments.tenantId, tenantId)).orderBy(asc(assignments.id)).limit(1);
  if (!assignment) return;
  const [contact] = await db.select({ id: contacts.id }).from(contacts).where(and(eq(contacts.tenantId, tenantId), eq(contacts.customerId, assignment.customerId))).orderBy(asc(contacts.id)).limit(1);
  // Written by a rep of the assignment's branch (the first rep of the tenant if it has none).
  const [rep] = await db.select({ id: serviceReps.id }).from(serviceReps).where(eq(serviceReps.tenantId, tenantId))
    .orderBy(desc(sql`${serviceReps.hierId} = ${assignment.hierId}`), asc(serviceReps.id)).limit(1);
  if (!rep) return;
  const planned = around(assignment, contact?.id, assignment.startDate);
  const actions = new Map((await db.select({ id: messageActions.id, name: messageActions.name }).from(messageActions)
    .where(and(eq(messageActions.tenantId, tenantId), inArray(messageActions.name, planned.map((p) => p.action))))).map((x) => [x.name, x.id]));

  const rows = await db.insert(messages).values(planned.map((p) => ({
    tenantId, originType: p.originType, originId: p.originId, messageActionId: actions.get(p.action) ?? null, serviceRepId: rep.id, text: p.text,
  }))).returning({ id: messages.id });
  await db.insert(messageDetails).values(rows.map((row, i) => ({
    tenantId, messageId: row.id, subject: planned[i]!.subject, messageDate: planned[i]!.messageDate, updatedByServiceRepId: rep.id,
  })));
  // The employee's call is linked to the assignment and pinned there; the interview is the employee's pinned note.
  const [interview, call] = planned.flatMap((p, i) => (p.originType === 'employee' ? [rows[i]!.id] : []));
  await db.insert(assignmentMessageLinks).values({ tenantId, assignmentId: assignment.id, messageId: call!, linkedByServiceRepId: rep.id });
  await db.update(assignments).set({ primaryMessageId: call! }).where(and(eq(assignments.tenantId, tenantId), eq(assignments.id, assignment.id)));
  await db.update(employees).set({ primaryMessageId: interview! }).where(and(eq(employees.tenantId, tenantId), eq(employees.id, assignment.employeeId)));
}
