// Shapes of /Staging/Employees (BATCH-30 to BATCH-40: the spec leaves them to us; docs/batch-jobs.md).
import { Type, type Static } from 'typebox';
import { PageQuery } from '../../platform/http/paging.ts';
import { ITEM_STATUSES } from '../../platform/jobs/job.table.ts';
import { ParsedJobSchema, ParsedSchoolSchema } from '../resumes/resume.types.ts';
import { CandidateProfileSchema } from '../matching/matching.profile.ts';
import { PARSE_STATUSES } from './staged-employee.table.ts';

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
const nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const literals = (values: readonly string[]) => Type.Union(values.map((v) => Type.Literal(v)));

export const StagedEmployeeIdParams = Type.Object({ id: Id });

export const StagedEmployeeListQuery = Type.Object({
  ...PageQuery.properties,
  batchJobId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647, description: 'Staged by this import job, or worked on by this conversion or delete job.' })),
  status: Type.Optional(literals(ITEM_STATUSES)),
  parseStatus: Type.Optional(literals(PARSE_STATUSES)),
  isConverted: Type.Optional(Type.Boolean()),
});
export type StagedEmployeeListFilter = Static<typeof StagedEmployeeListQuery>;

const ItemStatus = Type.Object({
  batchJobId: Type.Integer(), batchJobItemId: Type.Integer(), batchJobType: Type.String(),
  status: literals(ITEM_STATUSES), failureReason: nullable(Type.String()),
});

export const StagedEmployee = Type.Object({
  stagedEmployeeId: Type.Integer(),
  batchJobId: Type.Integer({ description: 'The import job the resume was uploaded to.' }),
  fileName: Type.String(),
  format: nullable(Type.String({ description: 'pdf, doc, docx, rtf or txt, from the content.' })),
  parseStatus: literals(PARSE_STATUSES),
  parseError: nullable(Type.String()),
  firstName: nullable(Type.String()), middleName: nullable(Type.String({ description: 'The words between the first and last names, as written.' })), lastName: nullable(Type.String()), emailAddress: nullable(Type.String()),
  phoneNumber: nullable(Type.String()), phoneCountryCallingCode: nullable(Type.Integer()),
  street1: nullable(Type.String()), street2: nullable(Type.String()), municipality: nullable(Type.String()),
  region: nullable(Type.String()), postalCode: nullable(Type.String()), countryCode: nullable(Type.Integer()),
  skills: Type.Array(Type.String()), interestCodes: Type.Array(Type.String()),
  workHistory: Type.Array(ParsedJobSchema), education: Type.Array(ParsedSchoolSchema),
  profile: nullable(CandidateProfileSchema),
  confidence: Type.Record(Type.String(), Type.Number(), { description: 'Field → confidence 0..1 of what parsing found.' }),
  overallConfidence: nullable(Type.Number()),
  possibleDuplicateEmployeeIds: Type.Array(Type.Integer(), { description: 'Employees that look like the same person (email, phone or name).' }),
  isConverted: Type.Boolean(), employeeId: nullable(Type.Integer()),
  createdAt: Type.String({ format: 'date-time' }), updatedAt: Type.String({ format: 'date-time' }),
  batchJobItems: Type.Array(ItemStatus, { description: 'The items of import, conversion and delete jobs about this staged employee, oldest first.' }),
}, { $id: 'StagedEmployee' });

export const StagedResumeCreated = Type.Object({ stagedEmployeeId: Type.Integer(), batchJobId: Type.Integer(), batchJobItemId: Type.Integer() }, { $id: 'StagedResumeCreated' });
export const ConversionQueued = Type.Object({ batchJobId: Type.Integer(), batchJobItemId: Type.Integer() }, { $id: 'ConversionQueued' });

export const ConvertQuery = Type.Object({ batchJobId: Type.Optional(Id) });

export const DeleteBody = Type.Union([
  Type.Object({ stagedEmployeeIds: Type.Array(Id, { minItems: 1, maxItems: 10000, uniqueItems: true }) }),
  Type.Array(Id, { minItems: 1, maxItems: 10000, uniqueItems: true }),
], { $id: 'StagedEmployeeDelete', description: '`{"stagedEmployeeIds": [1, 2]}` or the bare list `[1, 2]`.' });
