import { recordTable } from '../../platform/db/record-table.ts';
import { jobTitleCategories, workerCompCodes } from '../reference-data/reference.table.ts';
import { jobTitleCatalog } from './job-title.patch-catalog.ts';

/** Job titles (skill codes). `IsPublic`: orders with this title may appear on job boards. */
export const jobTitles = recordTable('job_titles', jobTitleCatalog, {
  references: { jobTitleCategoryId: jobTitleCategories, workerCompCodeId: workerCompCodes },
});
