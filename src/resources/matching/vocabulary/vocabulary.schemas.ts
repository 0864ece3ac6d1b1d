// The shapes of the skill and occupation vocabulary (decision 0056) and of what the normaliser finds.
// The data files are typed by these; vocabulary.test.ts also checks them with Value.Check, so a
// JSON copy or a generated file would be held to the same shape.
import { Type, type Static } from 'typebox';

const Id = Type.String({ pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$', maxLength: 60 });
const Synonyms = Type.Array(Type.String({ minLength: 1, maxLength: 80 }), {
  description: 'Other ways of writing it, matched on word boundaries ignoring case, accents, plural and "and"/"&". A synonym with a capital letter ("RN", "IT support", "Epic", "Polish") matches only as written; the label matches ignoring case unless a synonym repeats it with capitals.',
});

export const FAMILY_IDS = [
  'warehouse', 'light-industrial', 'clerical', 'customer-service', 'healthcare', 'it', 'hospitality',
  'skilled-trades', 'driving', 'construction', 'accounting', 'sales', 'manufacturing',
] as const;
export type FamilyId = (typeof FAMILY_IDS)[number];
export const FamilyIdSchema = Type.Enum(FAMILY_IDS);

export const FamilySchema = Type.Object({
  id: FamilyIdSchema,
  /** The interest code (job category) reported by the resume parser since BATCH-09. */
  interestCode: Type.String({ minLength: 1 }),
});

export const SkillSchema = Type.Object({
  id: Id,
  label: Type.String({ minLength: 1 }),
  synonyms: Synonyms,
  families: Type.Array(FamilyIdSchema, { minItems: 1 }),
  /** Skills a holder of this one has too ("reach truck" -> forklift). Never a certification. */
  implies: Type.Optional(Type.Array(Id)),
});
export type Skill = Static<typeof SkillSchema>;

/** A CDL endorsement's letter. */
export const ENDORSEMENT_CODES = ['H', 'N', 'P', 'S', 'T', 'X'] as const;
export type EndorsementCode = (typeof ENDORSEMENT_CODES)[number];

export const CERTIFICATION_KINDS = ['certification', 'licence', 'endorsement'] as const;
export const CertificationSchema = Type.Object({
  id: Id,
  label: Type.String({ minLength: 1 }),
  kind: Type.Enum(CERTIFICATION_KINDS),
  synonyms: Synonyms,
  families: Type.Array(FamilyIdSchema, { minItems: 1 }),
  /** Skills its holder has. Certifications never imply certifications (CNA, LPN and RN stay apart). */
  implies: Type.Optional(Type.Array(Id)),
  /**
   * Held by most adults and seldom written on a resume (a driver's licence): never a hard filter of
   * the matcher, whose other licences (RN, CDL) filter an order's pool when required (decision 0060).
   */
  unstated: Type.Optional(Type.Boolean()),
  /** For an endorsement: its letter on the licence (H, N, T, P, S, X) and the licences it goes on. */
  code: Type.Optional(Type.Enum(ENDORSEMENT_CODES)),
  endorses: Type.Optional(Type.Array(Id)),
});
export type Certification = Static<typeof CertificationSchema>;

export const LanguageSchema = Type.Object({
  /** ISO 639 code (639-1 where there is one). */
  id: Type.String({ pattern: '^[a-z]{2,3}$' }),
  label: Type.String({ minLength: 1 }),
  synonyms: Synonyms,
});
export type Language = Static<typeof LanguageSchema>;

export const SENIORITIES = ['trainee', 'junior', 'senior', 'lead', 'supervisor', 'manager'] as const;
export const SenioritySchema = Type.Enum(SENIORITIES);
export type Seniority = Static<typeof SenioritySchema>;

export const SeniorityMarkerSchema = Type.Object({ seniority: SenioritySchema, markers: Synonyms });
export type SeniorityMarker = Static<typeof SeniorityMarkerSchema>;

export const OccupationSchema = Type.Object({
  id: Id,
  title: Type.String({ minLength: 1 }),
  family: FamilyIdSchema,
  /** Titles that name it, English and Spanish; a title's seniority words are read apart (SENIORITY_MARKERS). */
  synonyms: Synonyms,
  /** Skill or certification ids an order for it usually asks for. */
  skills: Type.Array(Id),
});
export type Occupation = Static<typeof OccupationSchema>;

// ---- what the normaliser finds ----------------------------------------------------------------

/** Where in the text (UTF-16 offsets, end exclusive). */
const Span = { start: Type.Integer({ minimum: 0 }), end: Type.Integer({ minimum: 0 }) };

export const SkillHitSchema = Type.Object({
  id: Id,
  label: Type.String(),
  /** True: the text names it; false: implied by `impliedBy` (a skill or certification id), at that one's span. */
  stated: Type.Boolean(),
  impliedBy: Type.Union([Id, Type.Null()]),
  ...Span,
});
export type SkillHit = Static<typeof SkillHitSchema>;

export const CertificationHitSchema = Type.Object({
  id: Id,
  label: Type.String(),
  kind: Type.Enum(CERTIFICATION_KINDS),
  /** The licence or certificate number when written beside it ("CNA #123456"). */
  number: Type.Union([Type.String(), Type.Null()]),
  /** `yyyy-mm-dd`, `yyyy-mm` or `yyyy` when an expiry is written beside it ("exp. 06/2027"). */
  expires: Type.Union([Type.String(), Type.Null()]),
  /** For a CDL: the endorsement letters written with it ("Class A CDL (H, N)"). */
  endorsements: Type.Array(Type.Enum(ENDORSEMENT_CODES)),
  ...Span,
});
export type CertificationHit = Static<typeof CertificationHitSchema>;

export const LANGUAGE_LEVELS = ['native', 'fluent', 'conversational', 'basic'] as const;
export const LanguageHitSchema = Type.Object({
  id: Type.String(),
  label: Type.String(),
  level: Type.Union([Type.Enum(LANGUAGE_LEVELS), Type.Null()]),
  ...Span,
});
export type LanguageHit = Static<typeof LanguageHitSchema>;

export const OccupationMatchSchema = Type.Object({
  occupationId: Type.Union([Id, Type.Null()]),
  seniority: Type.Union([SenioritySchema, Type.Null()]),
});
export type OccupationMatch = Static<typeof OccupationMatchSchema>;
