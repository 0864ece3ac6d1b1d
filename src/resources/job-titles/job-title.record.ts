// The job title record, whole: /Administration/JobTitles (create, read, list, PATCH of the catalog's
// fields). A job title belongs to a hierarchy node (its own `HierId` catalog field) and is usable by
// reps below it. DELETE is not offered (405): job orders and assignments reference job titles.
// One file by choice (decision 0015): catalog, table, shapes, data access, rules, definition, in the
// order each needs the one before. drizzle-kit reads the table from here (drizzle.config.ts).
import { Type, type Static } from 'typebox';
import { recordTable } from '../../platform/records/record-table.ts';
import { catalog, catalogProperties, f } from '../../platform/records/json-patch/catalog.ts';
import type { PatchTarget } from '../../platform/records/json-patch/target.ts';
import type { DataScope } from '../../platform/scope.ts';
import { defineRecord } from '../../platform/records/record.ts';
import { byIdReader, catalogSelect, nameIn } from '../../platform/records/read.ts';
import { equals, listReader } from '../../platform/records/list.ts';
import { Id32, opt } from '../../platform/records/shapes.ts';
import { lookup, rule, usableRecord, visibleNode, type Rule } from '../../platform/records/rules.ts';
import { jobTitleCategories, workerCompCodes } from '../reference-data/reference.table.ts';
import { codeListRules } from '../reference-data/back-office.lists.ts';

// --- Catalog: the fields `PATCH /Administration/JobTitles/{id}` may change, the spec's lines ---

export const jobTitleCatalog = catalog('Job title', [
  f('SkillCode', 'String(8)'),
  f('SkillCode2', 'String(10)?'),
  f('JobTitle', 'String(50)'),
  f('DivisionIdent', 'Int32'),
  f('JobTitleCategoryId', 'Int32'),
  f('EEOClass', 'String(10)'),
  f('WorkerCompCodeId', 'Int32?'),
  f('HierId', 'Int32'),
  f('IsPublic', 'Boolean', { note: "orders with this title appear on job boards" }),
  f('IsDefault', 'Boolean'),
  f('IsActive', 'Boolean'),
]);

// --- Table ---

/** Job titles (skill codes). `IsPublic`: orders with this title may appear on job boards. */
export const jobTitles = recordTable('job_titles', jobTitleCatalog, {
  references: { jobTitleCategoryId: jobTitleCategories, workerCompCodeId: workerCompCodes },
});

// --- Request and response shapes: the read shape is every catalog field plus the id and the category's name ---

export const JobTitleCreate = Type.Object({
  skillCode: Type.String({ minLength: 1, maxLength: 8 }),
  jobTitle: Type.String({ minLength: 1, maxLength: 50 }),
  jobTitleCategoryId: Id32('A job title category of the tenant.'),
  hierId: Id32('Hierarchy node the job title belongs to; inside the caller\'s hierarchy.'),
  skillCode2: opt(Type.String({ maxLength: 10 })),
  divisionIdent: opt(Type.Integer({ minimum: 0, maximum: 2147483647, description: 'Default 0.' })),
  eEOClass: opt(Type.String({ maxLength: 10 })),
  workerCompCodeId: opt(Id32()),
  isPublic: opt(Type.Boolean({ description: 'Default false. True: orders with this title may appear on job boards.' })),
  isDefault: opt(Type.Boolean({ description: 'Default false.' })),
  isActive: opt(Type.Boolean({ description: 'Default true.' })),
});

export const JobTitleRecord = Type.Object({
  jobTitleId: Type.Integer(),
  ...catalogProperties(jobTitleCatalog),
  category: Type.String({ description: 'Name of the job title category.' }),
});

export const JobTitleListItem = Type.Object({
  jobTitleId: Type.Integer(),
  skillCode: Type.String(),
  jobTitle: Type.String(),
  jobTitleCategoryId: Type.Integer(),
  category: Type.String(),
  hierId: Type.Integer(),
  isPublic: Type.Boolean(),
  isActive: Type.Boolean(),
});

// --- Data access: create, read, list (every query bound to the caller's tenant and hierarchy by the DataScope) ---

/** Inserts a job title; the field rules (the PATCH target's, below) have run before. */
export async function createJobTitle(scope: DataScope, input: Static<typeof JobTitleCreate>): Promise<number> {
  return scope.transaction(async (tx) => {
    const [row] = await tx.insert(jobTitles, {
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
    }).returning({ id: jobTitles.id });
    return row!.id;
  });
}

const categoryName = `${nameIn('job_title_categories', 'x.name')('r.job_title_category_id')} as "category"`;

/** A job title's title, in others' select lists: `jobTitleName('r.job_title_id')`. */
export const jobTitleName = nameIn('job_titles', 'x.job_title');

/** One job title: every catalog field (its node is one) and the category's name. */
export const getJobTitle = byIdReader({
  table: 'job_titles', key: 'jobTitleId', schema: JobTitleRecord, select: `r.id as "jobTitleId", ${catalogSelect(jobTitleCatalog)}, ${categoryName}`,
});

/** GET /Administration/JobTitles: by title, filtered by active flag and category. */
export const listJobTitles = listReader({
  table: 'job_titles', item: JobTitleListItem,
  select: `r.id as "jobTitleId", r.skill_code as "skillCode", r.job_title as "jobTitle", r.job_title_category_id as "jobTitleCategoryId",
      ${categoryName}, r.hier_id as "hierId", r.is_public as "isPublic", r.is_active as "isActive"`,
  filters: { isActive: equals('r.is_active', Type.Boolean()), jobTitleCategoryId: equals('r.job_title_category_id', Id32()) },
  order: 'r.job_title, r.id',
});

// --- Rules: the job title's own fields, and the one other records use for a `JobTitleId` ---

const ofTenant = lookup(jobTitles, 'a job title of the tenant');
const usable = usableRecord(jobTitles, 'job title');

/**
 * The rule of a `JobTitleId` another record holds (rate sheets, assignments): a job title of the
 * tenant, usable by the caller (defined inside its hierarchy or above it).
 */
export const usableJobTitle: Rule = rule(async (v, ctx) => (await ofTenant.check(v, ctx)) ?? usable.check(v, ctx));

export const jobTitlePatchTarget: PatchTarget = {
  catalog: jobTitleCatalog,
  table: jobTitles,
  what: 'The job title',
  // PATCH-19, AMB-78: HierId stays inside the caller's hierarchy.
  rules: {
    hierId: visibleNode,
    jobTitleCategoryId: lookup(jobTitleCategories, 'a job title category of the tenant'),
    workerCompCodeId: lookup(workerCompCodes, 'a worker comp code of the tenant'),
    ...codeListRules('divisionIdent'),
  },
};

// --- The definition (listed in registry.ts `records`) ---

export const jobTitleRecord = defineRecord({
  name: 'JobTitle',
  path: '/Administration/JobTitles',
  idType: 'Int32',
  create: { summary: 'Create a job title in a hierarchy node inside the caller\'s hierarchy.', body: JobTitleCreate, run: createJobTitle },
  list: { summary: 'Job titles inside the caller\'s hierarchy, by title.', reader: listJobTitles },
  read: { summary: 'One job title: every catalog field and the category name.', reader: getJobTitle },
  patch: { target: jobTitlePatchTarget },
  // The API description's example (decision 0052).
  example: { jobTitleId: 64, skillCode: 'FORK', jobTitle: 'Forklift operator', isPublic: true, isDefault: false, isActive: true },
});
