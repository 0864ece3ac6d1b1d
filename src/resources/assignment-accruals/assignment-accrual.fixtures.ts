// Test fixtures: an assignment and its timecards, inserted directly through their Drizzle tables
// (the assignment routes are another feature's). Used by the accrual and assignment message tests.
import type { Db } from '../../platform/db/database.ts';
import * as R from '../reference-data/reference.table.ts';
import { employees } from '../employees/employee.table.ts';
import { assignments } from '../assignments/assignment.table.ts';
import { timecards } from '../timecards/timecard.table.ts';
import { firstId, seedCustomer, seedJobOrder, seedJobTitle, seedWorksite, type Place } from '../assignments/assignment.fixtures.ts';

export interface SeededAssignment { assignmentId: number; employeeId: number; customerId: number; jobOrderId: number; worksiteId: number }

export async function seedEmployee(db: Db, at: Place, lastName = 'Worker'): Promise<number> {
  const [row] = await db.insert(employees).values({ tenantId: at.tenantId, hierId: at.hierId, branchId: at.branchId, serviceRepId: at.repId, firstName: 'Wade', lastName, region: 'MN', countryCode: 840, washedStatusId: 1, maritalTaxStatusId: 1 })
    .returning({ id: employees.id });
  if (!row) throw new Error('no employee');
  return row.id;
}

/** An assignment at `at` (its employee, customer and job order there too), from `startDate`. */
export async function seedAssignment(db: Db, at: Place, dates: { startDate: Date; endDate?: Date | null }): Promise<SeededAssignment> {
  const customerId = await seedCustomer(db, at);
  const worksiteId = await seedWorksite(db, at.tenantId, customerId);
  const jobOrderId = await seedJobOrder(db, at, { customerId, jobTitleId: await seedJobTitle(db, at), worksiteId });
  const employeeId = await seedEmployee(db, at);
  const [row] = await db.insert(assignments).values({
    tenantId: at.tenantId, hierId: at.hierId, branchId: at.branchId, serviceRepId: at.repId, employeeId, jobOrderId, customerId,
    jobTitleId: await seedJobTitle(db, at), assignmentStatusId: await firstId(db, R.assignmentStatuses, at.tenantId),
    workerCompCodeId: await firstId(db, R.workerCompCodes, at.tenantId), salesTeamId: await firstId(db, R.salesTeams, at.tenantId),
    startDate: dates.startDate, endDate: dates.endDate ?? null,
  }).returning({ id: assignments.id });
  if (!row) throw new Error('no assignment');
  return { assignmentId: row.id, employeeId, customerId, jobOrderId, worksiteId };
}

export interface TimecardSeed { weekendDate: Date; payCodeId: number; regularHours: number; overtimeHours?: number; doubletimeHours?: number }

export async function seedTimecard(db: Db, at: Place, assignment: SeededAssignment, card: TimecardSeed): Promise<void> {
  await db.insert(timecards).values({
    tenantId: at.tenantId, hierId: at.hierId, branchId: at.branchId, worksiteId: assignment.worksiteId, assignmentId: assignment.assignmentId,
    employeeId: assignment.employeeId, jobOrderId: assignment.jobOrderId, overtimeHours: 0, doubletimeHours: 0, ...card,
  });
}
