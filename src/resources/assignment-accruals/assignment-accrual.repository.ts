// Data access for an assignment's accruals: the assignment (inside the caller's hierarchy), the
// tenant's plans and the assignment's timecards; the arithmetic is in assignment-accrual.compute.ts.
import { asc, eq, sql } from 'drizzle-orm';
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
  const [assignment] = await scope.select(a, { startDate: a.startDate, endDate: a.endDate }).where(eq(a.id, assignmentId));
  if (!assignment) return undefined;
  const plans = await scope.select(p, {
    id: p.id, type: p.type, name: p.name, accruedHours: p.accruedHours, perHoursWorked: p.perHoursWorked, maxBalance: p.maxBalance,
    waitingPeriodDays: p.waitingPeriodDays, usagePayCodeId: p.usagePayCodeId, isActive: p.isActive,
  }).where().orderBy(asc(p.type), asc(p.name), asc(p.id));
  const cards = await scope.select(t, {
    payCodeId: t.payCodeId, hours: sql<number>`${t.regularHours} + ${t.overtimeHours} + ${t.doubletimeHours}`.mapWith(Number),
  }).where(eq(t.assignmentId, assignmentId))
    .orderBy(asc(t.weekendDate), asc(t.id));
  const all = accrualsOf(plans, cards, assignment, today).filter((x) => !filter.activeOnly || x.isActive);
  return pageOf(all, filter);
}
