// Data access for rate sheets: create, read, list, and PATCH's move to a new branch. A rate sheet
// lives in its branch's node (else its customer's, else its creator's) and moves when BranchId changes.
import { eq } from 'drizzle-orm';
import type { DataScope } from '../../platform/scope.ts';
import { Type } from 'typebox';
import { branchName, byIdReader, catalogSelect } from '../../platform/records/read.ts';
import { equals, listReader } from '../../platform/records/list.ts';
import { Id64 } from '../../platform/records/shapes.ts';
import { branches } from '../../platform/db/schema.ts';
import { invalid } from '../../platform/http/errors.ts';
import type { PatchContext } from '../../platform/records/json-patch/target.ts';
import { customers } from '../customers/customer.table.ts';
import { customerName } from '../customers/customer.repository.ts';
import { employeeName } from '../employees/employee.repository.ts';
import { jobTitleName } from '../job-titles/job-title.record.ts';
import { rateSheets } from './rate-sheet.table.ts';
import { rateSheetCatalog } from './rate-sheet.patch-catalog.ts';
import { RateSheetListItem, RateSheetRecord, type RateSheetCreateInput } from './rate-sheet.schemas.ts';

/** The hierarchy node of a branch or customer inside the caller's hierarchy (undefined when there is none). */
async function nodeOf(scope: DataScope, table: typeof branches | typeof customers, id: number): Promise<number | undefined> {
  const [row] = await scope.select(table, { hierId: table.hierId }).where(eq(table.id, id)).limit(1);
  return row?.hierId;
}

export async function createRateSheet(scope: DataScope, input: RateSheetCreateInput): Promise<number> {
  return scope.transaction(async (tx) => {
    // The rules (rate-sheet.record.ts) found the branch and the customer inside the caller's hierarchy.
    const branchNode = input.branchId != null ? await nodeOf(tx, branches, input.branchId) : undefined;
    const customerNode = input.customerId != null ? await nodeOf(tx, customers, input.customerId) : undefined;
    const [row] = await tx.insert(rateSheets, {
      hierId: branchNode ?? customerNode ?? tx.principal.hierId, name: input.name,
      employeeId: input.employeeId ?? null, customerId: input.customerId ?? null, worksiteId: input.worksiteId ?? null,
      jobTitleId: input.jobTitleId ?? null, branchId: input.branchId ?? null, shiftId: input.shiftId?.toLowerCase() ?? null,
      workerCompCodeId: input.workerCompCodeId ?? null, applyRateSheetToCustomerDepartments: input.applyRateSheetToCustomerDepartments ?? null,
      isActive: input.isActive ?? true,
    }).returning({ id: rateSheets.id });
    return row!.id;
  });
}

/** One rate sheet: its name, every catalog field, its node, and the names a client displays. */
export const getRateSheet = byIdReader({
  table: 'rate_sheets', key: 'rateSheetId', schema: RateSheetRecord,
  select: `r.id as "rateSheetId", r.name, ${catalogSelect(rateSheetCatalog)}, r.hier_id as "hierId",
      ${employeeName('r.employee_id')} as "employeeName", ${customerName('r.customer_id')} as "customerName",
      ${jobTitleName('r.job_title_id')} as "jobTitle", ${branchName('r.branch_id')} as "branch"`,
});

/** GET /RateSheets: by name, filtered by customer, employee and active flag. */
export const listRateSheets = listReader({
  table: 'rate_sheets', item: RateSheetListItem,
  select: `r.id as "rateSheetId", r.name, r.customer_id as "customerId", ${customerName('r.customer_id')} as "customerName",
      r.employee_id as "employeeId", r.branch_id as "branchId", r.is_active as "isActive"`,
  filters: { customerId: equals('r.customer_id', Id64()), employeeId: equals('r.employee_id', Id64()), isActive: equals('r.is_active', Type.Boolean()) },
  order: 'r.name, r.id',
});

/** PATCH's side effect: a new branch moves the rate sheet to that branch's node. */
export async function moveToBranch({ scope, id, changes, next }: PatchContext): Promise<void> {
  if (![...changes.keys()].some((f) => f.json === 'branchId') || next.branchId == null) return;
  const hierId = await nodeOf(scope, branches, Number(next.branchId));
  // The record's rule has found the branch inside the caller's hierarchy.
  if (hierId === undefined) throw invalid('branchId', 'no such branch inside your hierarchy');
  await scope.update(rateSheets, { hierId }, 'tenant').where(eq(rateSheets.id, id));
}
