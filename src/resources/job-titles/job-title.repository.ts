// Data access for job titles: create, read, list. A job title belongs to a hierarchy node (its own
// `HierId` catalog field); every query is bound to the caller's tenant and hierarchy through the
// DataScope. The field rules (job-title.record.ts) run before create.
import { existsInTenant } from '../../platform/db/references.ts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DataScope } from '../../platform/scope.ts';
import { qualified } from '../../platform/db/database.ts';
import { byIdReader, catalogSelect } from '../../platform/records/read.ts';
import { toPage, type Paged } from '../../platform/http/paging.ts';
import { jobTitles } from './job-title.table.ts';
import { jobTitleCatalog } from './job-title.patch-catalog.ts';
import type { JobTitleCreateInput, JobTitleListFilter } from './job-title.schemas.ts';
import { lookup, rule, usableRecord, type Rule } from '../../platform/records/rules.ts';

const j = jobTitles;

/** Whether the job title exists in the caller's tenant and hierarchy (job orders reference it). */
export async function visibleJobTitle(scope: DataScope, id: number): Promise<boolean> {
  return existsInTenant(scope, j, id, scope.usable(j.hierId));
}

const ofTenant = lookup(jobTitles, 'a job title of the tenant');
const usable = usableRecord(jobTitles, 'job title');

/**
 * The rule of a `JobTitleId` another record holds (rate sheets, assignments): a job title of the
 * tenant, usable by the caller (defined inside its hierarchy or above it).
 */
export const usableJobTitle: Rule = rule(async (v, ctx) => (await ofTenant.check(v, ctx)) ?? usable.check(v, ctx));

export async function createJobTitle(scope: DataScope, input: JobTitleCreateInput): Promise<number> {
  return scope.transaction(async (tx) => {
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
    }).returning({ id: j.id });
    return row!.id;
  });
}

const category = sql<string>`(select c.name from job_title_categories c where c.tenant_id = ${qualified(j.tenantId)} and c.id = ${qualified(j.jobTitleCategoryId)})`;

/** One job title: every catalog field (its node is one) and the category's name. */
export const getJobTitle = byIdReader({
  name: 'job_titles_by_ids',
  table: 'job_titles',
  key: 'jobTitleId',
  select: `r.id as "jobTitleId", ${catalogSelect(jobTitleCatalog)},
      (select c.name from job_title_categories c where c.tenant_id = r.tenant_id and c.id = r.job_title_category_id) as "category"`,
});

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
