// Branches as the records' placement: a branch inside the caller's hierarchy, with its node.
import { and, eq } from 'drizzle-orm';
import type { DataScope } from '../scope.ts';
import { branches } from '../db/schema.ts';

export interface VisibleBranch { id: number; hierId: number; countryCode: number }

/** The branch, if it exists in the caller's tenant and inside the caller's hierarchy. */
export async function visibleBranch(scope: DataScope, branchId: number): Promise<VisibleBranch | undefined> {
  const [branch] = await scope.db.select({ id: branches.id, hierId: branches.hierId, countryCode: branches.countryCode }).from(branches)
    .where(and(eq(branches.tenantId, scope.tenantId), eq(branches.id, branchId), scope.visible(branches.hierId)));
  return branch;
}
