// Data access for rate sheets: create, read, list, and PATCH's move to a new branch. A rate sheet
// lives in its branch's node (else its customer's, else its creator's) and moves when BranchId changes.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DataScope } from '../../platform/scope.ts';
import { byIdReader, catalogSelect } from '../../platform/records/read.ts';
import { branches } from '../../platform/db/schema.ts';
import { invalid } from '../../platform/http/errors.ts';
import type { PatchContext } from '../../platform/http/json-patch/apply.ts';
import { toPage, type Paged } from '../../platform/http/paging.ts';
import { customers } from '../customers/customer.table.ts';
import { rateSheets } from './rate-sheet.table.ts';
import { rateSheetCatalog } from './rate-sheet.patch-catalog.ts';
import type { RateSheetCreateInput, RateSheetListFilter } from './rate-sheet.schemas.ts';

/** The hierarchy node of a branch or customer inside the caller's hierarchy (undefined when there is none). */
async function nodeOf(scope: DataScope, table: typeof branches | typeof customers, id: number): Promise<number | undefined> {
  const [row] = await scope.db.select({ hierId: table.hierId }).from(table)
    .where(and(eq(table.tenantId, scope.tenantId), eq(table.id, id), scope.visible(table.hierId))).limit(1);
  return row?.hierId;
}

export async function createRateSheet(scope: DataScope, input: RateSheetCreateInput): Promise<number> {
  return scope.transaction(async (tx) => {
    // The rules (rate-sheet.record.ts) found the branch and the customer inside the caller's hierarchy.
    const branchNode = input.branchId != null ? await nodeOf(tx, branches, input.branchId) : undefined;
    const customerNode = input.customerId != null ? await nodeOf(tx, customers, input.customerId) : undefined;
    const [row] = await tx.db.insert(rateSheets).values({
      tenantId: tx.tenantId, hierId: branchNode ?? customerNode ?? tx.principal.hierId, name: input.name,
      employeeId: input.employeeId ?? null, customerId: input.customerId ?? null, worksiteId: input.worksiteId ?? null,
      jobTitleId: input.jobTitleId ?? null, branchId: input.branchId ?? null, shiftId: input.shiftId?.toLowerCase() ?? null,
      workerCompCodeId: input.workerCompCodeId ?? null, applyRateSheetToCustomerDepartments: input.applyRateSheetToCustomerDepartments ?? null,
      isActive: input.isActive ?? true,
    }).returning({ id: rateSheets.id });
    return row!.id;
  });
}

const r = rateSheets;
// Outer columns are written qualified: Drizzle renders a one-table select's columns unqualified,
// and inside a subquery `"tenant_id"` would bind to the subquery's own table.
const customerName = sql<string | null>`(select c.customer_name from customers c where c.tenant_id = rate_sheets.tenant_id and c.id = rate_sheets.customer_id)`;

/** One rate sheet: its name, every catalog field, its node, and the names a client displays. */
export const getRateSheet = byIdReader({
  name: 'rate_sheets_by_ids',
  table: 'rate_sheets',
  key: 'rateSheetId',
  select: `r.id as "rateSheetId", r.name, ${catalogSelect(rateSheetCatalog)}, r.hier_id as "hierId",
      (select e.first_name || ' ' || e.last_name from employees e where e.tenant_id = r.tenant_id and e.id = r.employee_id) as "employeeName",
      (select c.customer_name from customers c where c.tenant_id = r.tenant_id and c.id = r.customer_id) as "customerName",
      (select t.job_title from job_titles t where t.tenant_id = r.tenant_id and t.id = r.job_title_id) as "jobTitle",
      (select b.name from branches b where b.tenant_id = r.tenant_id and b.id = r.branch_id) as "branch"`,
});

export async function listRateSheets(scope: DataScope, filter: RateSheetListFilter): Promise<Paged<Record<string, unknown>>> {
  const where = and(
    eq(rateSheets.tenantId, scope.tenantId),
    scope.visible(rateSheets.hierId),
    filter.customerId === undefined ? undefined : eq(r.customerId, filter.customerId),
    filter.employeeId === undefined ? undefined : eq(r.employeeId, filter.employeeId),
    filter.isActive === undefined ? undefined : eq(r.isActive, filter.isActive),
  );
  const rows = await scope.db.select({
    rateSheetId: rateSheets.id, name: r.name, customerId: r.customerId, customerName, employeeId: r.employeeId,
    branchId: r.branchId, isActive: r.isActive, totalCount: sql<number>`count(*) over ()`.mapWith(Number),
  }).from(rateSheets).where(where).orderBy(asc(r.name), asc(rateSheets.id)).limit(filter.take).offset(filter.skip);
  return toPage(rows, filter, ({ totalCount: _t, ...item }) => item, async () =>
    (await scope.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(rateSheets).where(where))[0]!.n);
}

/** PATCH's side effect: a new branch moves the rate sheet to that branch's node. */
export async function moveToBranch({ scope, id, changes, next }: PatchContext): Promise<void> {
  if (![...changes.keys()].some((f) => f.json === 'branchId') || next.branchId == null) return;
  const hierId = await nodeOf(scope, branches, Number(next.branchId));
  // The record's rule has found the branch inside the caller's hierarchy.
  if (hierId === undefined) throw invalid('branchId', 'no such branch inside your hierarchy');
  await scope.db.update(rateSheets).set({ hierId }).where(and(eq(rateSheets.tenantId, scope.tenantId), eq(rateSheets.id, id)));
}
