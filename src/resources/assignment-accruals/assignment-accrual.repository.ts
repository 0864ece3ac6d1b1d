// Data access for an assignment's accruals: the assignment (inside the caller's hierarchy), the
// tenant's plans and the assignment's timecards; the arithmetic is in assignment-accrual.compute.ts.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DataScope } from '../../platform/scope.ts';
import { pageOf, type Paged } from '../../platform/http/paging.ts';
import { assignments } from '../assignments/assignment.table.ts';
import { timecards } from '../timecards/timecard.table.ts';
import { accrualPlans } from './assignment-accrual.table.ts';
import { accrualsOf, type Accrual } from './assignment-accrual.compute.ts';
import type { AccrualFilter } from './assignment-accrual.schemas.ts';

const a = assignments, t = timecards, p = accrualPlans;

/** The page of the assignment's accruals, or undefined when the caller cannot see the assignment. */
export async function listAssignmentAccruals(scope: DataScope, assignmentId: number, filter: AccrualFilter, today = new Date()): Promise<Paged<Accrual> | undefined> {
  const [assignment] = await scope.db.select({ startDate: a.startDate, endDate: a.endDate }).from(a)
    .where(and(eq(a.tenantId, scope.tenantId), eq(a.id, assignmentId), scope.visible(a.hierId)));
  if (!assignment) return undefined;
  const plans = await scope.db.select({
    id: p.id, type: p.type, name: p.name, accruedHours: p.accruedHours, perHoursWorked: p.perHoursWorked, maxBalance: p.maxBalance,
    waitingPeriodDays: p.waitingPeriodDays, usagePayCodeId: p.usagePayCodeId, isActive: p.isActive,
  }).from(p).where(eq(p.tenantId, scope.tenantId)).orderBy(asc(p.type), asc(p.name), asc(p.id));
  const cards = await scope.db.select({
    payCodeId: t.payCodeId, hours: sql<number>`${t.regularHours} + ${t.overtimeHours} + ${t.doubletimeHours}`.mapWith(Number),
  }).from(t).where(and(eq(t.tenantId, scope.tenantId), eq(t.assignmentId, assignmentId), scope.visible(t.hierId)))
    .orderBy(asc(t.weekendDate), asc(t.id));
  const all = accrualsOf(plans, cards, assignment, today).filter((x) => !filter.activeOnly || x.isActive);
  return pageOf(all, filter);
}
