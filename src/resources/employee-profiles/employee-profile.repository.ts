// The employee's kept profile (decision 0057): read, written whole (PUT), and filled from a resume
// (upload, conversion, a new resume). Every write checks the profile against its schema and the
// vocabulary, derives the matcher's columns, and reports the change as the employee's: its history
// (employee-profile.history.ts, by trigger) and an `employee.updated` naming the sections changed.
import { eq, getTableName, sql } from 'drizzle-orm';
import { Value } from 'typebox/value';
import type { DataScope } from '../../platform/scope.ts';
import { deleteFile, putFile } from '../../platform/files/file-store.ts';
import { emitEvent } from '../../platform/events/outbox.ts';
import { notFound, validationError, type FieldErrors } from '../../platform/http/errors.ts';
import { recordEvent } from '../../platform/records/record-events.ts';
import { employees } from '../employees/employee.table.ts';
import { employeeRecord } from '../employees/employee.record.ts';
import { EMPTY_PROFILE, EmployeeProfileSchema, type EmployeeProfile } from '../matching/employee-profile.schema.ts';
import { CERTIFICATION_BY_ID, LANGUAGE_BY_ID, OCCUPATION_BY_ID, SKILL_BY_ID } from '../matching/vocabulary/vocabulary.ts';
import { employeeProfiles as p } from './employee-profile.table.ts';
import { canonical, mergeResume } from './employee-profile.merge.ts';

const SECTIONS = ['skills', 'certifications', 'languages', 'workHistory', 'education', 'desiredPay', 'maxDistanceMiles'] as const satisfies readonly (keyof EmployeeProfile)[];
const employeeUpdated = recordEvent(employeeRecord, 'updated');

/** A resume as kept with the profile: its file's bytes and name, and its text when extracted. */
export interface KeptResume { fileName: string; contentType: string; bytes: Buffer; text: string | null }

/** Answers 404 unless the employee exists inside the caller's hierarchy (the profile is visible exactly when the employee is). */
export async function requireEmployee(scope: DataScope, employeeId: number): Promise<void> {
  const rows = await scope.select(employees, { one: sql`1` }).where(eq(employees.id, employeeId));
  if (!rows.length) throw notFound('The employee');
}

async function storedRow(scope: DataScope, employeeId: number) {
  const [row] = await scope.select(p, { profile: p.profile, resumeProfile: p.resumeProfile, resumeFileId: p.resumeFileId }).where(eq(p.employeeId, employeeId));
  return row;
}

/** The employee's profile; an employee without one has the empty profile. 404 when the caller does not see the employee. */
export async function readProfile(scope: DataScope, employeeId: number): Promise<EmployeeProfile> {
  await requireEmployee(scope, employeeId);
  return (await storedRow(scope, employeeId))?.profile ?? EMPTY_PROFILE;
}

/** Schema and vocabulary: 400 naming each bad entry (`skills[2].id`). */
export function checkProfile(profile: unknown): asserts profile is EmployeeProfile {
  const errors: FieldErrors = {};
  for (const error of Value.Errors(EmployeeProfileSchema, profile)) {
    const field = error.instancePath.replace(/^\//, '').replace(/\/(\d+)/g, '[$1]').replaceAll('/', '.') || 'profile';
    (errors[field] ??= []).push(error.message);
  }
  if (!Object.keys(errors).length && Value.Check(EmployeeProfileSchema, profile)) {
    const unknown = (field: string, known: ReadonlyMap<string, unknown>, id: string | null, what: string) => {
      if (id !== null && !known.has(id)) (errors[field] ??= []).push(`${id} is not a ${what} of the vocabulary (docs/matching.md)`);
    };
    profile.skills.forEach((s, i) => unknown(`skills[${i}].id`, SKILL_BY_ID, s.id, 'skill'));
    profile.certifications.forEach((c, i) => unknown(`certifications[${i}].id`, CERTIFICATION_BY_ID, c.id, 'certification or licence'));
    profile.languages.forEach((l, i) => unknown(`languages[${i}].id`, LANGUAGE_BY_ID, l.id, 'language'));
    profile.workHistory.forEach((j, i) => unknown(`workHistory[${i}].occupationId`, OCCUPATION_BY_ID, j.occupationId, 'occupation'));
    duplicates(errors, 'skills', profile.skills);
    duplicates(errors, 'certifications', profile.certifications);
    duplicates(errors, 'languages', profile.languages);
  }
  if (Object.keys(errors).length) throw validationError(errors);
}

/** Each vocabulary id once per list: the matcher reads one entry per id. */
function duplicates(errors: FieldErrors, section: string, items: readonly { id: string }[]) {
  const seen = new Set<string>();
  items.forEach((item, i) => {
    if (seen.has(item.id)) (errors[`${section}[${i}].id`] ??= []).push(`${item.id} is listed twice`);
    seen.add(item.id);
  });
}

/** `yyyy[-mm[-dd]]` as a month count; a bare year starts in January and ends in December. */
const monthOf = (date: string, end: boolean) => Number(date.slice(0, 4)) * 12 + (date.length >= 7 ? Number(date.slice(5, 7)) - 1 : end ? 11 : 0);

/** Occupation -> months worked in it, each month once however many jobs overlap it. */
export function experienceMonthsOf(profile: EmployeeProfile, today = new Date()): Record<string, number> {
  const now = today.getUTCFullYear() * 12 + today.getUTCMonth();
  const months = new Map<string, Set<number>>();
  for (const job of profile.workHistory) {
    if (!job.occupationId || !job.startDate) continue;
    const end = job.endDate ? monthOf(job.endDate, true) : job.current ? now : monthOf(job.startDate, true);
    const set = months.get(job.occupationId) ?? new Set<number>();
    for (let m = monthOf(job.startDate, false); m <= Math.min(end, now); m++) set.add(m);
    months.set(job.occupationId, set);
  }
  return Object.fromEntries([...months].map(([id, set]) => [id, set.size]));
}

/** The columns the matcher's indexes read, from the profile: written with it, every time. */
function derived(profile: EmployeeProfile) {
  return {
    skillIds: profile.skills.map((s) => s.id),
    certificationIds: profile.certifications.map((c) => c.id),
    occupationIds: [...new Set(profile.workHistory.flatMap((j) => (j.occupationId ? [j.occupationId] : [])))],
    languageIds: profile.languages.map((l) => l.id),
    experienceMonths: experienceMonthsOf(profile),
  };
}

/** The sections that differ, as history names them (`profile.skills`). */
const changedSections = (before: EmployeeProfile, after: EmployeeProfile) =>
  SECTIONS.filter((s) => canonical(before[s]) !== canonical(after[s])).map((s) => `profile.${s}`);

interface Write {
  profile: EmployeeProfile;
  /** With a new resume: the file and text kept, and the profile it gave. */
  resume?: { fileId: number | null; fileName: string | null; text: string | null; parsed: EmployeeProfile };
  /** False when the employee is created in the same transaction (its `employee.created` covers the profile). */
  announce: boolean;
}

/** Writes the profile (inside the caller's transaction); answers it. */
async function writeProfile(tx: DataScope, employeeId: number, before: EmployeeProfile | undefined, write: Write): Promise<EmployeeProfile> {
  checkProfile(write.profile);
  const resume = write.resume && { resumeFileId: write.resume.fileId, resumeFileName: write.resume.fileName, resumeText: write.resume.text, resumeProfile: write.resume.parsed };
  const values = { profile: write.profile, ...derived(write.profile), ...resume, updatedAt: new Date() };
  await tx.insert(p, { employeeId, ...values }).onConflictDoUpdate({ target: [p.tenantId, p.employeeId], set: values });
  const changedFields = changedSections(before ?? EMPTY_PROFILE, write.profile);
  if (write.announce && changedFields.length) await emitEvent(tx, employeeUpdated, getTableName(employees), employeeId, { changedFields });
  return write.profile;
}

/** PUT /Employees/{id}/Profile: the whole profile, as stated by a person (kept over later resumes). */
export async function putProfile(tx: DataScope, employeeId: number, profile: EmployeeProfile): Promise<EmployeeProfile> {
  await requireEmployee(tx, employeeId);
  const row = await storedRow(tx, employeeId);
  return writeProfile(tx, employeeId, row?.profile, { profile, announce: true });
}

/** Holds the employee until the transaction ends: two writes of one profile (a PUT and a new resume) take turns. */
export async function lockEmployee(tx: DataScope, employeeId: number): Promise<void> {
  const rows = await tx.select(employees, { one: sql`1` }).where(eq(employees.id, employeeId)).for('update');
  if (!rows.length) throw notFound('The employee');
}

/**
 * A resume attached to the employee (`parsed`: its profile, employeeProfileOf): its file stored (the
 * previous one dropped), the profile merged with what people edited (mergeResume). `created`: the
 * employee was created from it in this transaction.
 */
export async function attachResume(tx: DataScope, employeeId: number, resume: KeptResume | { fileId: number; fileName: string; text: string | null }, parsed: EmployeeProfile, created: boolean): Promise<EmployeeProfile> {
  const row = created ? undefined : await storedRow(tx, employeeId);
  const fileId = 'fileId' in resume ? resume.fileId : await putFile(tx, { fileName: resume.fileName, contentType: resume.contentType, content: resume.bytes });
  if (row?.resumeFileId && row.resumeFileId !== fileId) await deleteFile(tx, row.resumeFileId);
  const fresh = fitted(parsed);
  const profile = mergeResume(row?.profile, row?.resumeProfile ?? null, fresh);
  return writeProfile(tx, employeeId, row?.profile, {
    profile, resume: { fileId, fileName: resume.fileName, text: resume.text, parsed: fresh }, announce: !created,
  });
}

const clip = (text: string | null, max: number) => (text === null ? null : text.slice(0, max));

/**
 * A parsed profile within the schema's limits: a parser reads what a resume says, and a resume may
 * name an employer longer than a profile keeps or list more jobs; the upload is not refused for it.
 */
export function fitted(profile: EmployeeProfile): EmployeeProfile {
  return {
    ...profile,
    skills: profile.skills.slice(0, 300),
    certifications: profile.certifications.slice(0, 100).map((c) => ({ ...c, number: clip(c.number, 60) })),
    languages: profile.languages.slice(0, 30),
    workHistory: profile.workHistory.slice(0, 60).map((j) => ({ ...j, employer: clip(j.employer, 200), title: clip(j.title, 200) })),
    education: profile.education.slice(0, 30).map((e) => ({
      school: clip(e.school, 200), degree: clip(e.degree, 200), field: clip(e.field, 200),
      graduationYear: e.graduationYear !== null && e.graduationYear >= 1900 && e.graduationYear <= 2100 ? e.graduationYear : null,
    })),
  };
}
