// Data access for job titles: create, read, list, and the PATCH target. A job title belongs to a
// hierarchy node (its own `HierId` catalog field); every query is bound to the caller's tenant and
// hierarchy through the DataScope.
import { existsInTenant, type Keyed } from '../../platform/db/references.ts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DataScope } from '../../platform/scope.ts';
import { prepared, type Db, qualified } from '../../platform/db/database.ts';
import { hierarchyNodes } from '../../platform/db/schema.ts';
import { invalid } from '../../platform/http/errors.ts';
import { validationError } from '../../platform/http/json-patch/patch.ts';
import type { PatchContext, PatchTarget } from '../../platform/http/json-patch/apply.ts';
import { toPage, type Paged } from '../../platform/http/paging.ts';
import { jobTitleCategories, workerCompCodes } from '../reference-data/reference.table.ts';
import { jobTitles } from './job-title.table.ts';
import { jobTitleCatalog } from './job-title.patch-catalog.ts';
import type { JobTitleCreateInput, JobTitleListFilter } from './job-title.schemas.ts';
import { catalogSelection } from '../../platform/db/catalog-columns.ts';


type CatalogColumn = 'jobTitle' | 'skillCode' | 'jobTitleCategoryId' | 'isPublic' | 'isActive';
/** The catalog's columns, named. */
const j = jobTitles as unknown as Keyed & { hierId: AnyPgColumn } & Record<CatalogColumn, AnyPgColumn>;

async function visibleNode(scope: DataScope, hierId: number) {
  return existsInTenant(scope, hierarchyNodes, hierId, scope.visible(hierarchyNodes.id));
}

/** Whether the job title exists in the caller's tenant and hierarchy (job orders reference it). */
export async function visibleJobTitle(scope: DataScope, id: number): Promise<boolean> {
  return existsInTenant(scope, j, id, scope.usable(j.hierId));
}

export async function createJobTitle(scope: DataScope, input: JobTitleCreateInput): Promise<number> {
  return scope.transaction(async (tx) => {
    if (!(await visibleNode(tx, input.hierId))) throw invalid('hierId', 'no such hierarchy node inside your hierarchy');
    if (!(await existsInTenant(tx, jobTitleCategories, input.jobTitleCategoryId))) throw invalid('jobTitleCategoryId', 'is not a job title category of the tenant');
    if (input.workerCompCodeId != null && !(await existsInTenant(tx, workerCompCodes, input.workerCompCodeId))) throw invalid('workerCompCodeId', 'is not a worker comp code of the tenant');
    const [row] = await tx.db.insert(jobTitles).values({
      tenantId: tx.tenantId,
      hierId: input.hierId,
      skillCode: input.skillCode,
      skillCode2: input.skillCode2 ?? null,
      jobTitle: input.jobTitle,
      divisionIdent: input.divisionIdent ?? 0,
      jobTitleCategoryId: input.jobTitleCategoryId,
      eEOClass: input.eEOClass ?? '',
      workerCompCodeId: input.workerCompCodeId ?? null,
      isPublic: input.isPublic ?? false,
      isDefault: input.isDefault ?? false,
      isActive: input.isActive ?? true,
    } as never).returning({ id: j.id });
    return (row as { id: number }).id;
  });
}

const category = sql<string>`(select c.name from job_title_categories c where c.tenant_id = ${qualified(j.tenantId)} and c.id = ${qualified(j.jobTitleCategoryId!)})`;

const byId = prepared((db: Db) => db.select({ jobTitleId: j.id, ...catalogSelection(jobTitleCatalog, jobTitles), category })
  .from(j)
  .where(and(eq(jobTitles.tenantId, sql.placeholder('tenantId')), eq(jobTitles.id, sql.placeholder('id')), sql`${jobTitles.hierId} = any(${sql.placeholder('hierIds')})`))
  .prepare('job_title_by_id'));

export async function getJobTitle(scope: DataScope, id: number) {
  const [found] = await byId(scope.db).execute({ tenantId: scope.tenantId, id, hierIds: scope.hierIds });
  return found;
}

export async function listJobTitles(scope: DataScope, filter: JobTitleListFilter): Promise<Paged<Record<string, unknown>>> {
  const where = and(
    eq(j.tenantId, scope.tenantId),
    scope.visible(j.hierId),
    filter.isActive === undefined ? undefined : eq(j.isActive, filter.isActive),
    filter.jobTitleCategoryId === undefined ? undefined : eq(j.jobTitleCategoryId, filter.jobTitleCategoryId),
  );
  const rows = await scope.db.select({
    jobTitleId: j.id, skillCode: j.skillCode, jobTitle: j.jobTitle, jobTitleCategoryId: j.jobTitleCategoryId,
    category, hierId: j.hierId, isPublic: j.isPublic, isActive: j.isActive,
    totalCount: sql<number>`count(*) over ()`.mapWith(Number),
  }).from(j).where(where).orderBy(asc(j.jobTitle), asc(j.id)).limit(filter.take).offset(filter.skip);
  return toPage(rows, filter, ({ totalCount: _t, ...item }) => item, async () =>
    (await scope.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(j).where(where))[0]!.n);
}

/** References exist in the tenant; HierId stays inside the caller's hierarchy (PATCH-19, AMB-78). */
async function validatePatch({ scope, next, changes }: PatchContext): Promise<void> {
  const errors: Record<string, string[]> = {};
  const changed = (json: string) => [...changes.keys()].some((f) => f.json === json);
  const check = async (json: string, ok: () => Promise<boolean>, message: string) => {
    if (changed(json) && next[json] !== null && !(await ok())) (errors[json] ??= []).push(message);
  };
  await check('hierId', () => visibleNode(scope, next.hierId as number), 'no such hierarchy node inside your hierarchy');
  await check('jobTitleCategoryId', () => existsInTenant(scope, jobTitleCategories, next.jobTitleCategoryId), 'is not a job title category of the tenant');
  await check('workerCompCodeId', () => existsInTenant(scope, workerCompCodes, next.workerCompCodeId), 'is not a worker comp code of the tenant');
  if (Object.keys(errors).length) throw validationError(errors);
}

export const jobTitlePatchTarget: PatchTarget = {
  catalog: jobTitleCatalog,
  table: jobTitles as unknown as PatchTarget['table'],
  what: 'The job title',
  validate: validatePatch,
};
