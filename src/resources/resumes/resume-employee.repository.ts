// Data access of POST /Employees/Resume: the lookups its headers name, and the employee it creates.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DataScope } from '../../platform/scope.ts';
import { branches, howHeardOf } from '../../platform/db/schema.ts';
import { employees } from '../employees/employee.table.ts';
import { createEmployee } from '../employees/employee.repository.ts';
import type { EmployeeCreateInput } from '../employees/employee.schemas.ts';
import { employeeRecord } from '../employees/employee.record.ts';
import { createWithEvent } from '../../platform/records/record-events.ts';

/** The branch of a new employee: `branchId` when the caller sees it, else the caller's own node's branch, else the first one they see. */
export async function branchForNewEmployee(scope: DataScope, branchId: number | undefined): Promise<number | undefined> {
  const own = sql`case when ${branches.hierId} = ${scope.principal.hierId} then 0 else 1 end`;
  const [branch] = await scope.db.select({ id: branches.id }).from(branches)
    .where(and(eq(branches.tenantId, scope.tenantId), scope.visible(branches.hierId), eq(branches.isActive, true), branchId ? eq(branches.id, branchId) : undefined))
    .orderBy(own, asc(branches.id)).limit(1);
  return branch?.id;
}

export async function howHeardOfExists(scope: DataScope, id: number): Promise<boolean> {
  const [option] = await scope.db.select({ id: howHeardOf.id }).from(howHeardOf).where(and(eq(howHeardOf.tenantId, scope.tenantId), eq(howHeardOf.id, id)));
  return option !== undefined;
}

/**
 * The employee, with what the create request does not take (how they heard of us, when the address
 * was standardized, the middle name), and its `employee.created` event, in one transaction.
 */
export async function createResumeEmployee(scope: DataScope, input: EmployeeCreateInput, extra: { howHeardOfId?: number; dateAddressStandardized?: Date; middleName?: string }): Promise<number> {
  return createWithEvent(scope, employeeRecord, async (tx) => {
    const id = await createEmployee(tx, input);
    if (Object.keys(extra).length) await tx.db.update(employees).set(extra).where(and(eq(employees.tenantId, tx.tenantId), eq(employees.id, id)));
    return id;
  });
}
