// The vocabulary assembled: families (with the parser's interest codes), skills, certifications,
// languages and occupations, and lookups by id. The data lives in the vocabulary.*.ts files beside.
import { CERTIFICATIONS } from './vocabulary.certifications.ts';
import { LANGUAGES } from './vocabulary.languages.ts';
import { OCCUPATIONS, SENIORITY_MARKERS } from './vocabulary.occupations.ts';
import type { Certification, FamilyId, Language, Occupation, Skill } from './vocabulary.schemas.ts';
import { FAMILY_IDS } from './vocabulary.schemas.ts';
import { SKILLS } from './vocabulary.skills.ts';

export { CERTIFICATIONS, LANGUAGES, OCCUPATIONS, SENIORITY_MARKERS, SKILLS };

/** The interest code each family reports (BATCH-09), in the order interest codes are listed. */
const INTEREST_CODE = {
  'warehouse': 'Warehouse', 'light-industrial': 'Light Industrial', 'clerical': 'Clerical', 'customer-service': 'Customer Service',
  'healthcare': 'Healthcare', 'it': 'IT', 'hospitality': 'Hospitality', 'skilled-trades': 'Skilled Trades', 'driving': 'Driving',
  'construction': 'Construction', 'accounting': 'Accounting', 'sales': 'Sales', 'manufacturing': 'Manufacturing',
} as const satisfies Record<FamilyId, string>;
export const FAMILIES = FAMILY_IDS.map((id) => ({ id, interestCode: INTEREST_CODE[id] }));
export const INTEREST_CODES = FAMILIES.map((f) => f.interestCode);
export const interestCodeOf = (family: FamilyId) => INTEREST_CODE[family];

export const SKILL_BY_ID = new Map<string, Skill>(SKILLS.map((s) => [s.id, s]));
export const CERTIFICATION_BY_ID = new Map<string, Certification>(CERTIFICATIONS.map((c) => [c.id, c]));
export const LANGUAGE_BY_ID = new Map<string, Language>(LANGUAGES.map((l) => [l.id, l]));
export const OCCUPATION_BY_ID = new Map<string, Occupation>(OCCUPATIONS.map((o) => [o.id, o]));
