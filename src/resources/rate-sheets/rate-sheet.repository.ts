// Data access for rate sheets: create, read, list, and the PATCH target. A rate sheet lives in its
// branch's node (else its customer's, else its creator's) and moves when BranchId changes.
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DataScope } from '../../platform/scope.ts';
import { prepared, type Db } from '../../platform/db/database.ts';
import { branches } from '../../platform/db/schema.ts';
import { validationError } from '../../platform/http/json-patch/patch.ts';
import type { PatchContext, PatchTarget } from '../../platform/http/json-patch/apply.ts';
import { toPage, type Paged } from '../../platform/http/paging.ts';
import { shifts, workerCompCodes, worksites } from '../reference-data/reference.table.ts';
import { customers } from '../customers/customer.table.ts';
import { employees } from '../employees/employee.table.ts';
import { jobTitles } from '../job-titles/job-title.table.ts';
import { rateSheets } from './rate-sheet.table.ts';
import { rateSheetCatalog } from './rate-sheet.patch-catalog.ts';
import type { RateSheetCreateInput, RateSheetListFilter } from './rate-sheet.schemas.ts';

type Keyed = PgTable & { tenantId: AnyPgColumn; id: AnyPgColumn; hierId?: AnyPgColumn };
type Errors = Record<string, string[]>;

/** The row's hierarchy node when it exists in the tenant (and, with `visible`, inside the caller's hierarchy). */
async function nodeOf(scope: DataScope, table: Keyed, id: unknown, visible: boolean): Promise<number | null | undefined> {
  const extra: SQL | undefined = visible && table.hierId ? scope.visible(table.hierId) : undefined;
  const [row] = await scope.db.select({ hierId: table.hierId ?? sql<null>`null` }).from(table as PgTable)
    .where(and(eq(table.tenantId, scope.tenantId), eq(table.id, id as never), extra)).limit(1) as { hierId: number | null }[];
  return row ? row.hierId : undefined;
}

/** Every reference of the catalog: where it points and whether it must be inside the caller's hierarchy (AMB-78). */
const references: { json: string; table: Keyed; visible: boolean; message: string }[] = [
  { json: 'employeeId', table: employees, visible: true, message: 'no such employee inside your hierarchy' },
  { json: 'customerId', table: customers, visible: true, message: 'no such customer inside your hierarchy' },
  { json: 'worksiteId', table: worksites, visible: false, message: 'is not a worksite of the tenant' },
  { json: 'jobTitleId', table: jobTitles, visible: false, message: 'is not a job title of the tenant' },
  { json: 'branchId', table: branches, visible: true, message: 'no such branch inside your hierarchy' },
  { json: 'shiftId', table: shifts, visible: false, message: 'is not a shift of the tenant' },
  { json: 'workerCompCodeId', table: workerCompCodes, visible: false, message: 'is not a worker comp code of the tenant' },
];

/** Checks the references in `keys` and the PATCH-RS-02 rule on the record as it will be; answers the nodes found. */
async function check(scope: DataScope, record: Record<string, unknown>, keys: string[], applyChanged: boolean): Promise<Record<string, number | null>> {
  const errors: Errors = {};
  const nodes: Record<string, number | null> = {};
  for (const ref of references) {
    if (!keys.includes(ref.json) || record[ref.json] == null) continue;
    const node = await nodeOf(scope, ref.table, record[ref.json], ref.visible);
    if (node === undefined) (errors[ref.json] ??= []).push(ref.message);
    else nodes[ref.json] = node;
  }
  if (record.applyRateSheetToCustomerDepartments === true && record.customerId == null) {
    if (applyChanged) (errors.applyRateSheetToCustomerDepartments ??= []).push('requires CustomerId');
    else (errors.customerId ??= []).push('is required while ApplyRateSheetToCustomerDepartments is true');
  }
  if (Object.keys(errors).length) throw validationError(errors);
  return nodes;
}

export async function createRateSheet(scope: DataScope, input: RateSheetCreateInput): Promise<number> {
  return scope.transaction(async (tx) => {
    const record = input as Record<string, unknown>;
    const nodes = await check(tx, record, references.map((r) => r.json), true);
    const [row] = await tx.db.insert(rateSheets).values({
      tenantId: tx.tenantId, hierId: nodes.branchId ?? nodes.customerId ?? tx.principal.hierId, name: input.name,
      ...Object.fromEntries(rateSheetCatalog.fields.map((f) => [f.json, record[f.json] ?? null])),
      shiftId: input.shiftId?.toLowerCase() ?? null,
      isActive: input.isActive ?? true,
    } as never).returning({ id: rateSheets.id }) as { id: number }[];
    return row!.id;
  });
}

type Column = 'name' | 'employeeId' | 'customerId' | 'jobTitleId' | 'branchId' | 'isActive';
const r = rateSheets as unknown as Record<Column, AnyPgColumn>;
/** Drizzle types a run-time-column table as `never` rows: queries name it as a plain table. */
const table = rateSheets as unknown as PgTable;
// Outer columns are written qualified: Drizzle renders a one-table select's columns unqualified,
// and inside a subquery `"tenant_id"` would bind to the subquery's own table.
const names = {
  employeeName: sql<string | null>`(select e.first_name || ' ' || e.last_name from employees e where e.tenant_id = rate_sheets.tenant_id and e.id = rate_sheets.employee_id)`,
  customerName: sql<string | null>`(select c.customer_name from customers c where c.tenant_id = rate_sheets.tenant_id and c.id = rate_sheets.customer_id)`,
  jobTitle: sql<string | null>`(select t.job_title from job_titles t where t.tenant_id = rate_sheets.tenant_id and t.id = rate_sheets.job_title_id)`,
  branch: sql<string | null>`(select b.name from branches b where b.tenant_id = rate_sheets.tenant_id and b.id = rate_sheets.branch_id)`,
};

const byId = prepared((db: Db) => db.select({ row: rateSheets, ...names }).from(rateSheets)
  .where(and(eq(rateSheets.tenantId, sql.placeholder('tenantId')), eq(rateSheets.id, sql.placeholder('id')), sql`${rateSheets.hierId} = any(${sql.placeholder('hierIds')})`))
  .prepare('rate_sheet_by_id'));

export async function getRateSheet(scope: DataScope, id: number) {
  const [found] = await byId(scope.db).execute({ tenantId: scope.tenantId, id, hierIds: scope.hierIds }) as unknown as
    ({ row: Record<string, unknown> } & Record<keyof typeof names, string | null>)[];
  if (!found) return undefined;
  const { row, ...display } = found;
  return { rateSheetId: row.id, name: row.name, ...Object.fromEntries(rateSheetCatalog.fields.map((f) => [f.json, row[f.json]])), hierId: row.hierId, ...display };
}

export async function listRateSheets(scope: DataScope, filter: RateSheetListFilter): Promise<Paged<Record<string, unknown>>> {
  const where = and(
    eq(rateSheets.tenantId, scope.tenantId),
    scope.visible(rateSheets.hierId),
    filter.customerId === undefined ? undefined : eq(r.customerId, filter.customerId),
    filter.employeeId === undefined ? undefined : eq(r.employeeId, filter.employeeId),
    filter.isActive === undefined ? undefined : eq(r.isActive, filter.isActive),
  );
  const rows = await scope.db.select({
    rateSheetId: rateSheets.id, name: r.name, customerId: r.customerId, customerName: names.customerName, employeeId: r.employeeId,
    branchId: r.branchId, isActive: r.isActive, totalCount: sql<number>`count(*) over ()`.mapWith(Number),
  }).from(table).where(where).orderBy(asc(r.name), asc(rateSheets.id)).limit(filter.take).offset(filter.skip);
  return toPage(rows, filter, ({ totalCount: _t, ...item }) => item, async () =>
    (await scope.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(table).where(where))[0]!.n);
}

async function validatePatch({ scope, next, changes }: PatchContext): Promise<void> {
  const changed = [...changes.keys()].map((f) => f.json);
  await check(scope, next, changed, changed.includes('applyRateSheetToCustomerDepartments'));
}

/** A new branch moves the rate sheet to that branch's node. */
async function afterPatch({ scope, id, changes, next }: PatchContext): Promise<void> {
  if (![...changes.keys()].some((f) => f.json === 'branchId') || next.branchId == null) return;
  const hierId = await nodeOf(scope, branches, next.branchId, true);
  await scope.db.update(rateSheets).set({ hierId } as never).where(and(eq(rateSheets.tenantId, scope.tenantId), eq(rateSheets.id, id)));
}

export const rateSheetPatchTarget: PatchTarget = {
  catalog: rateSheetCatalog,
  table: rateSheets as unknown as PatchTarget['table'],
  what: 'The rate sheet',
  validate: validatePatch,
  after: afterPatch,
};
