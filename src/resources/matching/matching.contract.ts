// The seams of matching (issue 30), written before their parts so they can be built side by side:
// what an order asks (requirements), what is known of a candidate beyond the profile (facts), what a
// score says (evidence) and the weights a tenant may change. The profile is employee-profile.schema.ts.
import { Type, type Static } from 'typebox';
import { SenioritySchema } from './vocabulary/vocabulary.schemas.ts';
import type { EmployeeProfile } from './employee-profile.schema.ts';

const VocabularyId = Type.String({ pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$', maxLength: 60 });
const Ids = Type.Array(VocabularyId, { maxItems: 100 });
const nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

/** A place on the map (the gazetteer's postal code centroid, or a worksite's own coordinates). */
export const PointSchema = Type.Object({ latitude: Type.Number({ minimum: -90, maximum: 90 }), longitude: Type.Number({ minimum: -180, maximum: 180 }) });
export type Point = Static<typeof PointSchema>;

/** Requirements a recruiter states on an order (PUT), beside what is read from the order itself. */
export const StatedRequirementsSchema = Type.Object({
  requiredSkills: Ids,
  preferredSkills: Ids,
  /** Each entry is held when any one of its certifications is ("CNA or LPN": one entry of two). */
  requiredCertifications: Type.Array(Ids, { maxItems: 30 }),
  preferredCertifications: Ids,
  requiredLanguages: Type.Array(Type.String({ pattern: '^[a-z]{2,3}$' }), { maxItems: 10 }),
  /** Years of relevant experience asked for; null when the order does not say. */
  minimumYears: nullable(Type.Number({ minimum: 0, maximum: 50 })),
  /** Candidates beyond it are filtered out; null: the tenant's default radius. */
  maxMiles: nullable(Type.Number({ minimum: 1, maximum: 500 })),
});
export type StatedRequirements = Static<typeof StatedRequirementsSchema>;

/** What an order asks, read from what it says and what is stated on it, in vocabulary ids. */
export interface OrderRequirements extends StatedRequirements {
  jobOrderId: number;
  customerId: number;
  /** The order's occupation (its title, else its job title's) and the seniority its title names. */
  occupationId: string | null;
  seniority: Static<typeof SenioritySchema> | null;
  worksite: Point | null;
  /** The order's pay per hour (its pay rate), when it has one. */
  payPerHour: number | null;
  startDate: string | null;
  endDate: string | null;
  /** Where each requirement came from, for the evidence ("description", "stated", "job title"). */
  sources: Readonly<Record<string, string>>;
}

/** One past assignment of the candidate with the order's customer. */
export interface PastAssignment { assignmentId: number; jobTitle: string | null; startDate: string | null; endDate: string | null; endedWell: boolean | null; performanceNote: string | null }

/** What is known of a candidate beyond the profile, read in bulk for a pool (matching.facts.ts). */
export interface CandidateFacts {
  employeeId: number;
  name: string;
  isActive: boolean;
  status: string | null;
  place: Point | null;
  /** Active assignments whose dates overlap the order's (or today's, for the employee's own matches). */
  overlappingAssignments: number;
  pastAssignmentsWithCustomer: PastAssignment[];
  /** Completed assessments: name, score 0-100 where known, passed. */
  assessments: { name: string; score: number | null; passed: boolean | null; completedAt: string | null }[];
  /** The restriction rules that refuse this pair (blacklists either way, inactive, I-9 where required): never listed when non-empty. */
  refusals: string[];
}

export const MATCH_CATEGORIES = ['occupation', 'skills', 'certifications', 'distance', 'experience', 'availability', 'pay', 'history', 'assessments'] as const;
export type MatchCategory = (typeof MATCH_CATEGORIES)[number];

/** Each category's weight, 0-10; a tenant may change them (0 leaves a category out of the score). */
export const MatchWeightsSchema = Type.Object(
  Object.fromEntries(MATCH_CATEGORIES.map((c) => [c, Type.Number({ minimum: 0, maximum: 10 })])),
);
export type MatchWeights = Record<MatchCategory, number>;

/** One category's part of a score: its own 0-1 value, its weight, and what it rests on, in words and ids. */
export interface CategoryEvidence {
  category: MatchCategory;
  /** 0..1; null when nothing is known either side (the category then counts for nothing). */
  value: number | null;
  weight: number;
  /** One sentence a recruiter reads ("3 of 4 required skills: forklift, rf-scanner, shipping; missing: osha-10"). */
  summary: string;
  matched: string[];
  missing: string[];
}

export interface MatchResult {
  /** 0..100, rounded. */
  score: number;
  evidence: CategoryEvidence[];
}

/** What the scorer reads: the order's requirements, the candidate's profile and facts, the tenant's weights, and today. */
export interface ScoreInput { requirements: OrderRequirements; profile: EmployeeProfile; facts: CandidateFacts; weights: MatchWeights; today: string }
