// The fields `PATCH /Administration/JobTitles/{id}` may change: the spec's PATCH catalog for Job title, one line per field.
import { catalog, f } from '../../platform/http/json-patch/catalog.ts';

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
