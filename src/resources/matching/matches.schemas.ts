// Request and response shapes of the matches (issue 30 item 3): GET /JobOrders/{id}/matches ranks
// employees, GET /Employees/{id}/matches ranks open job orders, each result with its score and the
// evidence per category, keyed by category so CSV and XLSX show one column per part
// (`evidence.skills.summary`).
import { Type, type Static, type TProperties } from 'typebox';
import { PageQuery } from '../../platform/http/paging.ts';
import { Id32, Id64 } from '../../platform/records/shapes.ts';
import { MATCH_CATEGORIES } from './matching.contract.ts';

const Miles = Type.Number({ minimum: 1, maximum: 500, description: 'Only candidates within this many miles of the worksite (default: the order\'s stated maxMiles, else 50).' });

// Paged as every list is (PAGE-03 to PAGE-05); a recruiter's call list asks for its first 25.
const MatchPage = Type.Object({
  ...PageQuery.properties,
  minScore: Type.Optional(Type.Integer({ minimum: 0, maximum: 100, description: 'Only results scoring at least this.' })),
  maxMiles: Type.Optional(Miles),
});

export const OrderMatchesQuery = Type.Object({
  ...MatchPage.properties,
  branchId: Type.Optional(Id32('Only employees of this branch.')),
  employeeStatusId: Type.Optional(Type.String({ minLength: 1, maxLength: 10, description: 'Only employees of this status (GET /Datalists/EmployeeStatuses).' })),
});
export type OrderMatchesFilter = Static<typeof OrderMatchesQuery>;

export const EmployeeMatchesQuery = Type.Object({
  ...MatchPage.properties,
  branchId: Type.Optional(Id32('Only orders of this branch.')),
  jobOrderStatusId: Type.Optional(Id32('Only orders of this status (the jobOrderStatusId of GET /JobOrders/{id}); open orders only either way.')),
});
export type EmployeeMatchesFilter = Static<typeof EmployeeMatchesQuery>;

const Evidence = Type.Object({
  value: Type.Union([Type.Number({ minimum: 0, maximum: 1 }), Type.Null()], { description: 'This part\'s own fit, 0 to 1; null when nothing is known (it then counts for nothing).' }),
  weight: Type.Number({ minimum: 0, maximum: 10, description: 'The tenant\'s weight of this part (GET /Matching/Weights).' }),
  summary: Type.String({ description: 'What it rests on, in a sentence a recruiter reads.' }),
  matched: Type.Array(Type.String(), { description: 'Vocabulary ids (or facts) that fit.' }),
  missing: Type.Array(Type.String(), { description: 'Vocabulary ids asked for and not held (`a|b`: either would do).' }),
});

export const MatchEvidence = Type.Object(Object.fromEntries(MATCH_CATEGORIES.map((c) => [c, Evidence])), {
  description: 'The score\'s parts (docs/matching.md): occupation and title, skills, certifications and licences, distance, experience, availability, pay, past assignments with the customer, assessments.',
});

// Generic over the properties, so a result's static type keeps its own fields (the admin page reads them).
const scored = <P extends TProperties>(what: string, properties: P) => Type.Object({
  ...properties,
  score: Type.Integer({ minimum: 0, maximum: 100, description: `How well ${what} fits, 0 to 100: the weighted mean of the evidence's known parts.` }),
  distanceMiles: Type.Union([Type.Number({ minimum: 0 }), Type.Null()], { description: 'From the employee\'s home (the postal code\'s centre) to the worksite; null when either is not placed.' }),
  evidence: MatchEvidence,
});

export const OrderMatch = scored('the employee', {
  employeeId: Id64(),
  firstName: Type.String(),
  lastName: Type.String(),
  branchId: Type.Integer(),
  employeeStatusId: Type.String(),
});

export const EmployeeMatch = scored('the order', {
  jobOrderId: Type.Integer(),
  jobTitle: Type.Union([Type.String(), Type.Null()]),
  customerId: Type.Integer(),
  customerName: Type.Union([Type.String(), Type.Null()]),
  branchId: Type.Integer(),
  jobOrderStatusId: Type.Integer(),
});

export const OrderParams = Type.Object({ id: Id32() });
export const EmployeeParams = Type.Object({ id: Id64() });
export const MatchCandidateParams = Type.Object({ id: Id32(), employeeId: Id64() });
