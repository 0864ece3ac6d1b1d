// The demo web user's employee is on an assignment, so that its login shows something: the one route a
// WebUserEmployee may call is its own assignment's details. The assignment is made as a rep makes one
// through the API: the administrator vets the employee for an open job order
// (POST /jobOrder/{id}/assignmentRestriction) and, the session clear, places them (POST /Assignments,
// its rules, its event): the generated demo data is inserted in bulk, this goes the normal way.
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { principalOfRep } from '../../platform/auth/rep-principal.ts';
import { DataScope } from '../../platform/scope.ts';
import { checkRules } from '../../platform/records/rules.ts';
import { createWithEvent } from '../../platform/records/record-events.ts';
import { jobOrderStatuses } from '../reference-data/reference.table.ts';
import { jobOrders } from '../job-orders/job-order.table.ts';
import { employees } from '../employees/employee.table.ts';
import { assignments } from '../assignments/assignment.table.ts';
import { assignmentRecord } from '../assignments/assignment.record.ts';
import { startSession } from '../assignment-restrictions/assignment-restriction.repository.ts';

/** Open orders tried, in id order, until one vets clear. */
const CANDIDATE_ORDERS = 20;

/** The tenant's first employee that vetting would find nothing against: active, with an active status. */
export async function placeableEmployee(db: Db, tenantId: number): Promise<number | undefined> {
  const [row] = await db.select({ id: employees.id }).from(employees)
    .where(and(eq(employees.tenantId, tenantId), eq(employees.isActive, true), eq(employees.employeeStatusId, 'A')))
    .orderBy(asc(employees.id)).limit(1);
  return row?.id;
}

/** The employee's assignment: the one it has, else a new one on the first open order it vets clear for. */
export async function ensureDemoAssignment(db: Db, tenantId: number, adminRepId: number, employeeId: number): Promise<number> {
  const [held] = await db.select({ id: assignments.id }).from(assignments)
    .where(and(eq(assignments.tenantId, tenantId), eq(assignments.employeeId, employeeId))).orderBy(asc(assignments.id)).limit(1);
  if (held) return held.id;
  const principal = await principalOfRep(db, tenantId, adminRepId);
  if (!principal) throw new Error('The demo administrator is not active.');
  const scope = new DataScope(db, principal);
  const open = await db.select({ id: jobOrders.id }).from(jobOrders)
    .innerJoin(jobOrderStatuses, and(eq(jobOrderStatuses.tenantId, jobOrders.tenantId), eq(jobOrderStatuses.id, jobOrders.jobOrderStatusId)))
    .where(and(eq(jobOrders.tenantId, tenantId), eq(jobOrders.isActive, true), eq(jobOrderStatuses.isJobBoardEligible, true)))
    .orderBy(asc(jobOrders.id)).limit(CANDIDATE_ORDERS);
  const rules = { ...assignmentRecord.patch.target.rules, ...assignmentRecord.create.rules };
  for (const order of open) {
    const session = await startSession(scope, order.id, employeeId);
    if (session.status !== 'clear') continue;
    // Started a week ago: Active today.
    const body = { employeeId, jobOrderId: order.id, startDate: new Date(Date.now() - 7 * 86_400_000).toISOString() };
    await checkRules(rules, { scope, next: body }, new Set(Object.keys(body)));
    return createWithEvent(scope, assignmentRecord, (tx) => assignmentRecord.create.run(tx, body));
  }
  throw new Error(`Employee ${employeeId} vets clear for none of the demo's first ${CANDIDATE_ORDERS} open job orders.`);
}
