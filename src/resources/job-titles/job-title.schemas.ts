// Request and response shapes of /Administration/JobTitles. The read shape is every catalog field
// (derived from the catalog) plus the id and the category's name.
import { Type, type Static } from 'typebox';
import { catalogProperties } from '../../platform/http/json-patch/catalog.ts';
import { PageQuery } from '../../platform/http/paging.ts';
import { jobTitleCatalog } from './job-title.patch-catalog.ts';

/** Optional fields take null as "not given" (AMB-84). */
const opt = <T extends ReturnType<typeof Type.String> | ReturnType<typeof Type.Integer> | ReturnType<typeof Type.Boolean>>(schema: T) =>
  Type.Optional(Type.Union([schema, Type.Null()]));
const Id32 = (description?: string) => Type.Integer({ minimum: 1, maximum: 2147483647, ...(description ? { description } : {}) });

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
export type JobTitleCreateInput = Static<typeof JobTitleCreate>;

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

export const JobTitleListQuery = Type.Object({
  ...PageQuery.properties,
  isActive: Type.Optional(Type.Boolean()),
  jobTitleCategoryId: Type.Optional(Id32()),
});
export type JobTitleListFilter = Static<typeof JobTitleListQuery>;
