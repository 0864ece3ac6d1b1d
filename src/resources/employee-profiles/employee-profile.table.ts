// Employee profiles (issue 30): one row per employee that has one, the EmployeeProfile the matcher
// reads, and its vocabulary ids as arrays so a candidate pool is found through GIN indexes (tenant
// first, btree_gin) instead of reading every profile. Written only by employee-profile.repository.ts,
// which derives the arrays from the profile on every write (decision 0057).
import { sql } from 'drizzle-orm';
import { bigint, foreignKey, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { tenantId, textList, timestamps } from '../../platform/db/columns.ts';
import { employees } from '../employees/employee.table.ts';
import type { EmployeeProfile } from '../matching/employee-profile.schema.ts';

/**
 * One section of the profile, as its own column: history compares columns (history-install.ts), so a
 * change names `profile.skills` rather than the whole profile. Generated: never written, never stale;
 * a JSON null is SQL null, so a section that is not there is not recorded as set.
 */
const section = (name: string, key: keyof EmployeeProfile) => jsonb(name).generatedAlwaysAs(sql.raw(`nullif(profile -> '${key}', 'null'::jsonb)`));

export const employeeProfiles = pgTable('employee_profiles', {
  tenantId: tenantId(),
  employeeId: bigint('employee_id', { mode: 'number' }).notNull(),
  profile: jsonb('profile').$type<EmployeeProfile>().notNull(),
  /** Stated and implied skills. */
  skillIds: textList('skill_ids'),
  /** Every certification and licence held, expired or not (the matcher reads the expiry from `profile`). */
  certificationIds: textList('certification_ids'),
  /** The occupations of the work history. */
  occupationIds: textList('occupation_ids'),
  languageIds: textList('language_ids'),
  /** Occupation id -> months of experience in it (overlapping jobs counted once): "2 years as a CNA". */
  experienceMonths: jsonb('experience_months').$type<Record<string, number>>().notNull().default(sql`'{}'::jsonb`),
  /** The latest resume: its file in the file store, its name and its extracted text; null when none was given. */
  resumeFileId: integer('resume_file_id'),
  resumeFileName: text('resume_file_name'),
  resumeText: text('resume_text'),
  /** The profile the latest resume gave, as parsed: what a new resume may refresh (a section edited since is kept). */
  resumeProfile: jsonb('resume_profile').$type<EmployeeProfile>(),
  profileSkills: section('profile_skills', 'skills'),
  profileCertifications: section('profile_certifications', 'certifications'),
  profileLanguages: section('profile_languages', 'languages'),
  profileWorkHistory: section('profile_work_history', 'workHistory'),
  profileEducation: section('profile_education', 'education'),
  profileDesiredPay: section('profile_desired_pay', 'desiredPay'),
  profileMaxDistanceMiles: section('profile_max_distance_miles', 'maxDistanceMiles'),
  ...timestamps(),
}, (t) => [
  primaryKey({ columns: [t.tenantId, t.employeeId] }),
  foreignKey({ columns: [t.tenantId, t.employeeId], foreignColumns: [employees.tenantId, employees.id] }).onDelete('cascade'),
  index('employee_profiles_skills').using('gin', t.tenantId, t.skillIds),
  index('employee_profiles_certifications').using('gin', t.tenantId, t.certificationIds),
  index('employee_profiles_occupations').using('gin', t.tenantId, t.occupationIds),
  index('employee_profiles_languages').using('gin', t.tenantId, t.languageIds),
]);
