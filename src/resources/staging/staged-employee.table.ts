// Staged employees: one per uploaded resume, holding what parsing found (or why it failed) until a
// conversion job turns it into an employee or a delete job removes it.
import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, foreignKey, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { hierId, tenantKey, textList, timestamps } from '../../platform/db/columns.ts';
import { hierarchyNodes } from '../../platform/db/schema.ts';
import type { ParsedJob, ParsedSchool } from '../resumes/resume.types.ts';
import type { CandidateProfile } from '../matching/matching.profile.ts';

export const PARSE_STATUSES = ['Pending', 'Parsed', 'PartlyParsed', 'Failed'] as const;

export const stagedEmployees = pgTable('staged_employees', {
  ...tenantKey(),
  hierId: hierId(),
  /** The import job the resume was uploaded to. */
  batchJobId: integer('batch_job_id').notNull(),
  fileId: integer('file_id'),
  fileName: text('file_name').notNull(),
  format: text('format'),
  parseStatus: text('parse_status', { enum: PARSE_STATUSES }).notNull().default('Pending'),
  parseError: text('parse_error'),
  firstName: text('first_name'),
  middleName: text('middle_name'),
  lastName: text('last_name'),
  emailAddress: text('email_address'),
  phoneNumber: text('phone_number'),
  phoneCountryCallingCode: integer('phone_country_calling_code'),
  street1: text('street1'),
  street2: text('street2'),
  municipality: text('municipality'),
  region: text('region'),
  postalCode: text('postal_code'),
  countryCode: integer('country_code'),
  skills: textList('skills'),
  interestCodes: textList('interest_codes'),
  workHistory: jsonb('work_history').$type<ParsedJob[]>().notNull().default(sql`'[]'::jsonb`),
  education: jsonb('education').$type<ParsedSchool[]>().notNull().default(sql`'[]'::jsonb`),
  /** The resume read through the matching vocabulary (decision 0056); null before parsing, or from a parser that gave none. */
  profile: jsonb('profile').$type<CandidateProfile>(),
  /** The resume's extracted text, as parsing read it: the employee's resume text when converted (matching and search read it). */
  resumeText: text('resume_text'),
  /** Field name → confidence 0..1 of what parsing found. */
  confidence: jsonb('confidence').$type<Record<string, number>>().notNull().default(sql`'{}'::jsonb`),
  overallConfidence: doublePrecision('overall_confidence'),
  /** Existing employees that look like the same person (email, phone or name). */
  possibleDuplicateEmployeeIds: integer('possible_duplicate_employee_ids').array().notNull().default(sql`'{}'::int[]`),
  isConverted: boolean('is_converted').notNull().default(false),
  employeeId: integer('employee_id'),
  ...timestamps(),
}, (t) => [
  primaryKey({ columns: [t.tenantId, t.id] }),
  foreignKey({ columns: [t.tenantId, t.hierId], foreignColumns: [hierarchyNodes.tenantId, hierarchyNodes.id] }),
  index('staged_employees_job').on(t.tenantId, t.batchJobId),
]);
