// The employee's profile as kept and edited (issue 30 item 1): what the matcher reads of a candidate.
// The parser's profile (matching.profile.ts) says where in the text each term was found; kept, a
// profile holds only what is true of the person, so a recruiter can edit it without offsets.
import { Type, type Static } from 'typebox';
import type { ParsedResume } from '../resumes/resume.types.ts';
import { DesiredPaySchema } from './matching.profile.ts';
import { ENDORSEMENT_CODES, LANGUAGE_LEVELS, SenioritySchema } from './vocabulary/vocabulary.schemas.ts';

const VocabularyId = Type.String({ pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$', maxLength: 60 });
const nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);
/** `yyyy-mm-dd`, `yyyy-mm` or `yyyy`, as resumes give dates. */
const PartialDate = Type.String({ pattern: '^\\d{4}(?:-\\d{2}(?:-\\d{2})?)?$' });
const Text = (maxLength: number) => nullable(Type.String({ maxLength }));

export const ProfileSkillSchema = Type.Object({
  id: VocabularyId,
  /** False when only implied by another skill or a certification ("reach truck" -> forklift). */
  stated: Type.Boolean(),
});

export const ProfileCertificationSchema = Type.Object({
  id: VocabularyId,
  number: Text(60),
  /** Null when no expiry is known. */
  expires: nullable(PartialDate),
  /** For a CDL: its endorsement letters. */
  endorsements: Type.Array(Type.Enum(ENDORSEMENT_CODES), { maxItems: 6 }),
});

export const ProfileLanguageSchema = Type.Object({
  id: Type.String({ pattern: '^[a-z]{2,3}$' }),
  level: nullable(Type.Enum(LANGUAGE_LEVELS)),
});

export const ProfileJobSchema = Type.Object({
  employer: Text(200),
  title: Text(200),
  /** The title's occupation in the vocabulary, and its seniority; null when not recognised. */
  occupationId: nullable(VocabularyId),
  seniority: nullable(SenioritySchema),
  startDate: nullable(PartialDate),
  /** Null when not given or when the job is current. */
  endDate: nullable(PartialDate),
  current: Type.Boolean(),
});

export const ProfileSchoolSchema = Type.Object({
  school: Text(200),
  degree: Text(200),
  field: Text(200),
  graduationYear: nullable(Type.Integer({ minimum: 1900, maximum: 2100 })),
});

export const EmployeeProfileSchema = Type.Object({
  skills: Type.Array(ProfileSkillSchema, { maxItems: 300 }),
  certifications: Type.Array(ProfileCertificationSchema, { maxItems: 100 }),
  languages: Type.Array(ProfileLanguageSchema, { maxItems: 30 }),
  /** Newest first, as resumes list them. */
  workHistory: Type.Array(ProfileJobSchema, { maxItems: 60 }),
  education: Type.Array(ProfileSchoolSchema, { maxItems: 30 }),
  desiredPay: nullable(DesiredPaySchema),
  /** How far the candidate will travel to work, in miles. */
  maxDistanceMiles: nullable(Type.Number({ minimum: 0, maximum: 5000 })),
}, { description: 'The candidate as the matcher reads them (docs/matching.md): vocabulary ids, work history, education.' });
export type EmployeeProfile = Static<typeof EmployeeProfileSchema>;

export const EMPTY_PROFILE: EmployeeProfile = {
  skills: [], certifications: [], languages: [], workHistory: [], education: [], desiredPay: null, maxDistanceMiles: null,
};

/** The kept profile of a parsed resume: its vocabulary terms (once each), its jobs with their occupations. */
export function employeeProfileOf(parsed: Pick<ParsedResume, 'workHistory' | 'education' | 'profile'>): EmployeeProfile {
  const profile = parsed.profile;
  if (!profile) return { ...EMPTY_PROFILE, workHistory: parsed.workHistory.map((job) => jobOf(job, null)), education: parsed.education };
  return {
    skills: unique(profile.skills.map((s) => ({ id: s.id, stated: s.stated })), (a, b) => ({ id: a.id, stated: a.stated || b.stated })),
    certifications: unique(profile.certifications.map((c) => ({ id: c.id, number: c.number, expires: c.expires, endorsements: c.endorsements })),
      (a, b) => ({ id: a.id, number: a.number ?? b.number, expires: later(a.expires, b.expires), endorsements: [...new Set([...a.endorsements, ...b.endorsements])] })),
    languages: unique(profile.languages.map((l) => ({ id: l.id, level: l.level })), (a, b) => ({ id: a.id, level: a.level ?? b.level })),
    workHistory: parsed.workHistory.map((job, i) => jobOf(job, profile.jobs[i] ?? null)),
    education: parsed.education,
    desiredPay: profile.desiredPay,
    maxDistanceMiles: profile.maxDistanceMiles,
  };
}

function jobOf(job: ParsedResume['workHistory'][number], occupation: { occupationId: string | null; seniority: Static<typeof SenioritySchema> | null } | null): Static<typeof ProfileJobSchema> {
  return {
    employer: job.employer, title: job.title, occupationId: occupation?.occupationId ?? null, seniority: occupation?.seniority ?? null,
    startDate: job.startDate, endDate: job.endDate, current: job.current,
  };
}

/** One entry per id, in the order first seen; a repeat is merged into the first. */
function unique<T extends { id: string }>(items: T[], merge: (first: T, again: T) => T): T[] {
  const byId = new Map<string, T>();
  for (const item of items) {
    const seen = byId.get(item.id);
    byId.set(item.id, seen ? merge(seen, item) : item);
  }
  return [...byId.values()];
}

/** The later of two partial dates (a renewed licence written twice); null only when both are. */
const later = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : a >= b ? a : b);
