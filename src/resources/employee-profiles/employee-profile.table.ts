// Employee profiles (issue 30): one row per employee that has one, the EmployeeProfile the matcher
// reads, and its vocabulary ids as arrays so a candidate pool is found through GIN indexes (tenant
// first, btree_gin) instead of reading every profile.
import { sql } from 'drizzle-orm';
import { bigint, foreignKey, index, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { tenantId, timestamps } from '../../platform/db/columns.ts';
import { employees } from '../employees/employee.table.ts';
import type { EmployeeProfile } from '../matching/employee-profile.schema.ts';

const ids = (name: string) => text(name).array().notNull().default(sql`'{}'::text[]`);

export const employeeProfiles = pgTable('employee_profiles', {
  tenantId: tenantId(),
  employeeId: bigint('employee_id', { mode: 'number' }).notNull(),
  profile: jsonb('profile').$type<EmployeeProfile>().notNull(),
  /** Stated and implied skills. */
  skillIds: ids('skill_ids'),
  /** Every certification and licence held, expired or not (the matcher reads the expiry from `profile`). */
  certificationIds: ids('certification_ids'),
  /** The occupations of the work history. */
  occupationIds: ids('occupation_ids'),
  languageIds: ids('language_ids'),
  ...timestamps(),
}, (t) => [
  primaryKey({ columns: [t.tenantId, t.employeeId] }),
  foreignKey({ columns: [t.tenantId, t.employeeId], foreignColumns: [employees.tenantId, employees.id] }).onDelete('cascade'),
  index('employee_profiles_skills').using('gin', t.tenantId, t.skillIds),
  index('employee_profiles_certifications').using('gin', t.tenantId, t.certificationIds),
  index('employee_profiles_occupations').using('gin', t.tenantId, t.occupationIds),
]);
