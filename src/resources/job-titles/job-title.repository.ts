// Data access for job titles: create, read, list. A job title belongs to a hierarchy node (its own
// `HierId` catalog field); every query is bound to the caller's tenant and hierarchy through the
// DataScope. The field rules (job-title.record.ts) run before create.
import { existsInTenant } from '../../platform/db/references.ts';
import type { DataScope } from '../../platform/scope.ts';
import { byIdReader, catalogSelect } from '../../platform/records/read.ts';
import { equals, listReader } from '../../platform/records/list.ts';
import { jobTitles } from './job-title.table.ts';
import { jobTitleCatalog } from './job-title.patch-catalog.ts';
import type { JobTitleCreateInput } from './job-title.schemas.ts';
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

/** One job title: every catalog field (its node is one) and the category's name. */
export const getJobTitle = byIdReader({
  name: 'job_titles_by_ids',
  table: 'job_titles',
  key: 'jobTitleId',
  select: `r.id as "jobTitleId", ${catalogSelect(jobTitleCatalog)},
      (select c.name from job_title_categories c where c.tenant_id = r.tenant_id and c.id = r.job_title_category_id) as "category"`,
});

/** GET /Administration/JobTitles: by title, filtered by active flag and category. */
export const listJobTitles = listReader({
  name: 'job_titles_list',
  table: 'job_titles',
  select: `r.id as "jobTitleId", r.skill_code as "skillCode", r.job_title as "jobTitle", r.job_title_category_id as "jobTitleCategoryId",
      (select c.name from job_title_categories c where c.tenant_id = r.tenant_id and c.id = r.job_title_category_id) as "category",
      r.hier_id as "hierId", r.is_public as "isPublic", r.is_active as "isActive"`,
  filters: { isActive: equals('r.is_active'), jobTitleCategoryId: equals('r.job_title_category_id') },
  order: 'r.job_title, r.id',
});
