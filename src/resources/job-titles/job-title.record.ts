// The job title record: /Administration/JobTitles (create, read, list, PATCH of the catalog's fields).
// A job title belongs to a hierarchy node (its own `HierId` catalog field) and is usable by reps
// below it. DELETE is not offered (405): job orders and assignments reference job titles.
import { defineRecord, NoQuery } from '../../platform/records/record.ts';
import { lookup, visibleNode } from '../../platform/records/rules.ts';
import type { PatchTarget } from '../../platform/http/json-patch/target.ts';
import { jobTitleCategories, workerCompCodes } from '../reference-data/reference.table.ts';
import { codeListRules } from '../reference-data/back-office.lists.ts';
import { jobTitles } from './job-title.table.ts';
import { jobTitleCatalog } from './job-title.patch-catalog.ts';
import { JobTitleCreate, JobTitleListItem, JobTitleListQuery, JobTitleRecord } from './job-title.schemas.ts';
import { createJobTitle, getJobTitle, listJobTitles } from './job-title.repository.ts';

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

export const jobTitleRecord = defineRecord({
  name: 'JobTitle',
  plural: 'JobTitles',
  path: '/Administration/JobTitles',
  idType: 'Int32',
  scope: 'jobtitle',
  what: 'The job title',
  create: {
    summary: 'Create a job title in a hierarchy node inside the caller\'s hierarchy.',
    body: JobTitleCreate,
    run: createJobTitle,
  },
  list: { summary: 'Job titles inside the caller\'s hierarchy, by title.', query: JobTitleListQuery, item: JobTitleListItem, run: listJobTitles },
  read: { summary: 'One job title: every catalog field and the category name.', schema: JobTitleRecord, query: NoQuery, run: getJobTitle },
  patch: { target: jobTitlePatchTarget },
});
