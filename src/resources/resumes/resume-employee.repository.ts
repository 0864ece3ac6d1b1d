// Data access of POST /Employees/Resume: the branch its header names, and the employee it creates.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DataScope } from '../../platform/scope.ts';
import { branches } from '../../platform/db/schema.ts';
import { createRecord } from '../../platform/records/commands.ts';
import { setCreateFacts } from '../employees/employee.repository.ts';
import type { EmployeeCreateInput } from '../employees/employee.schemas.ts';
import { employeeRecord } from '../employees/employee.record.ts';
import type { EmployeeProfile } from '../matching/employee-profile.schema.ts';
import { attachResume, type KeptResume } from '../employee-profiles/employee-profile.repository.ts';

/** The branch of a new employee: `branchId` when the caller sees it, else the caller's own node's branch, else the first one they see. */
export async function branchForNewEmployee(scope: DataScope, branchId: number | undefined): Promise<number | undefined> {
  const own = sql`case when ${branches.hierId} = ${scope.principal.hierId} then 0 else 1 end`;
  const [branch] = await scope.select(branches, { id: branches.id })
    .where(and(eq(branches.isActive, true), branchId ? eq(branches.id, branchId) : undefined))
    .orderBy(own, asc(branches.id)).limit(1);
  return branch?.id;
}

/**
 * The employee through POST /Employees' command, with what the create request does not take: how
 * they heard of us and the middle name (catalog fields: PATCH's rules and messages), and when the
 * address was standardized, and the resume kept with its profile; one transaction, one `employee.created`.
 */
export async function createResumeEmployee(scope: DataScope, input: EmployeeCreateInput, extra: { howHeardOfId?: number; middleName?: string },
  dateAddressStandardized: Date | undefined, resume: { file: KeptResume; profile: EmployeeProfile }): Promise<number> {
  return scope.transaction(async (tx) => {
    const id = await createRecord(tx, employeeRecord, input, { also: extra });
    if (dateAddressStandardized) await setCreateFacts(tx, id, { dateAddressStandardized });
    // The resume and its profile are the employee's from the start (decision 0057): part of its creation.
    await attachResume(tx, id, resume.file, resume.profile, true);
    return id;
  });
}
