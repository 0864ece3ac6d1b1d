// The matches (issue 30 item 3, decision 0060): an order's requirements, its candidate pool with the
// hard filters in the statement (matching.pool.ts, matching.facts.ts' poolFilter), each candidate's
// facts in a few statements, then the score and its evidence (score-match.ts) with the tenant's
// weights. The employee's matches read every open order the caller sees the same way round.
import { AppError, notFound } from '../../platform/http/errors.ts';
import { pageOf, type Paged } from '../../platform/http/paging.ts';
import { eq } from 'drizzle-orm';
import type { DataScope } from '../../platform/scope.ts';
import { metresBetween, METRES_PER_MILE } from '../gazetteer/gazetteer.repository.ts';
import type { CandidateFacts, CategoryEvidence, MatchResult, OrderRequirements, Point } from './matching.contract.ts';
import { factsForEmployee, factsOf, poolFilter } from './matching.facts.ts';
import { orderPool, POOL_SIZE, requiredLicences } from './matches.pool.ts';
import type { RankedIds } from './first-ranking.ts';
import type { EmployeeMatchesFilter, OrderMatchesFilter } from './matches.schemas.ts';
import { orderRequirements } from './order-requirements.repository.ts';
import { openOrdersNear, refreshOpenOrderRequirements } from './open-order-requirements.repository.ts';
import { employeePlaces } from './employee-place.table.ts';
import { DEFAULT_MAX_MILES, scoreMatch } from './score-match.ts';
import { weightsOf } from './matching-weights.settings.ts';
import type { EmployeeProfile } from './employee-profile.schema.ts';
import { OCCUPATION_BY_ID } from './vocabulary/vocabulary.ts';
import { readProfile } from '../employee-profiles/employee-profile.repository.ts';
import { createCandidate } from '../candidates/candidate.repository.ts';

type Row = Record<string, unknown>;
const today = () => new Date().toISOString().slice(0, 10);

/** The evidence keyed by category, as the answer shows it (one column per part in CSV and XLSX). */
const keyed = (evidence: readonly CategoryEvidence[]) =>
  Object.fromEntries(evidence.map(({ category, ...part }) => [category, part]));

function milesBetween(facts: CandidateFacts, requirements: OrderRequirements): number | null {
  return facts.place && requirements.worksite ? Math.round((10 * metresBetween(facts.place, requirements.worksite)) / METRES_PER_MILE) / 10 : null;
}

/**
 * Whether the pair may be listed: no restriction rule refuses it, and each required licence is held
 * and current (the pool's statement checks it is held; the score's evidence says when it lapsed).
 */
function listable(requirements: OrderRequirements, facts: CandidateFacts, result: MatchResult): boolean {
  if (facts.refusals.length) return false;
  const missing = result.evidence.find((e) => e.category === 'certifications')?.missing ?? [];
  return !requiredLicences(requirements).some((entry) => missing.includes(entry.join('|')));
}

/** Best first, then by id: the same request answers the same order. */
const byScore = (idOf: (row: Row) => number) => (a: Row, b: Row) => Number(b.score) - Number(a.score) || idOf(a) - idOf(b);

/** GET /JobOrders/{id}/matches. */
export async function orderMatches(scope: DataScope, jobOrderId: number, filter: OrderMatchesFilter): Promise<Paged<Row>> {
  const read = await orderRequirements(scope, jobOrderId);
  if (!read) throw notFound('The job order');
  const requirements = { ...read, maxMiles: filter.maxMiles ?? read.maxMiles ?? DEFAULT_MAX_MILES };
  const [conditions, weights] = await Promise.all([
    // The radius is the pool's own (matches.pool.ts), read with the ids in one narrow table.
    poolFilter(scope, { customerId: requirements.customerId, worksite: requirements.worksite, maxMiles: null }),
    weightsOf(scope).then((w) => w.weights),
  ]);
  const pool = await orderPool(scope, requirements, conditions, filter);
  const facts = await factsOf(scope, jobOrderId, pool.map((p) => p.employeeId));
  const day = today();
  const results = pool.flatMap(({ profile, ...employee }): Row[] => {
    const known = facts.get(employee.employeeId);
    if (!known) return [];
    const result = scoreMatch({ requirements, profile, facts: known, weights, today: day });
    if (!listable(requirements, known, result) || result.score < (filter.minScore ?? 0)) return [];
    return [{ ...employee, score: result.score, distanceMiles: milesBetween(known, requirements), evidence: keyed(result.evidence) }];
  });
  return pageOf(results.sort(byScore((r) => Number(r.employeeId))), filter);
}

/** Stale orders a read refreshes first (the background loop keeps the rest): a bounded cost per request. */
const REFRESH_ON_READ = 100;

/** Where the employee lives (their postal code's centre), if the gazetteer knows it. */
async function placeOf(scope: DataScope, employeeId: number): Promise<Point | null> {
  const [place] = await scope.select(employeePlaces, { latitude: employeePlaces.latitude, longitude: employeePlaces.longitude }).where(eq(employeePlaces.employeeId, employeeId));
  return place ?? null;
}

/**
 * GET /Employees/{id}/matches: the open orders the caller sees that share an occupation (or its
 * family), a skill or a certification with the profile, within `maxMiles` (else 50) of the employee's
 * home when it is known, each order's own stated radius narrowing it. The orders' requirements are read
 * from their index (open_order_requirements, decision 0061), not recomputed.
 */
export async function employeeMatches(scope: DataScope, employeeId: number, filter: EmployeeMatchesFilter): Promise<Paged<Row>> {
  const profile = await readProfile(scope, employeeId);
  const [place, weights] = await Promise.all([placeOf(scope, employeeId), weightsOf(scope), refreshOpenOrderRequirements(scope, REFRESH_ON_READ)]);
  const radius = filter.maxMiles ?? DEFAULT_MAX_MILES;
  const orders = await openOrdersNear(scope, place, radius, {
    ...(filter.branchId === undefined ? {} : { branchIds: [filter.branchId] }),
    ...(filter.jobOrderStatusId === undefined ? {} : { jobOrderStatusIds: [filter.jobOrderStatusId] }),
    // Only orders sharing something with the profile are worth scoring (their GIN indexes), the best
    // POOL_SIZE by the first ranking, as an order's pool: a metro's thousands of open orders are not all read.
    sharing: { held: heldBy(profile), limit: POOL_SIZE },
  });
  const facts = await factsForEmployee(scope, employeeId, orders.map((o) => o.jobOrderId));
  const day = today();
  const results = orders.flatMap(({ requirements: stored, distanceMiles: _miles, stale: _stale, ...order }): Row[] => {
    const known = facts.get(order.jobOrderId);
    if (!known) return [];
    const requirements = { ...stored, maxMiles: Math.min(radius, stored.maxMiles ?? radius) };
    const miles = milesBetween(known, requirements);
    if (miles !== null && miles > requirements.maxMiles) return [];
    const result = scoreMatch({ requirements, profile, facts: known, weights: weights.weights, today: day });
    if (!listable(requirements, known, result) || result.score < (filter.minScore ?? 0)) return [];
    return [{ ...order, score: result.score, distanceMiles: miles, evidence: keyed(result.evidence) }];
  });
  return pageOf(results.sort(byScore((r) => Number(r.jobOrderId))), filter);
}

/** What a profile could share with an order, as the index keeps it: the occupations held (and their families), skills, certifications. */
function heldBy(profile: EmployeeProfile): RankedIds {
  const exact = profile.workHistory.flatMap((j) => (j.occupationId ? [j.occupationId] : []));
  const family = exact.flatMap((id) => { const of = OCCUPATION_BY_ID.get(id)?.family; return of ? [`family:${of}`] : []; });
  return { exact, family, skills: profile.skills.map((s) => s.id), certifications: profile.certifications.map((c) => c.id) };
}

/**
 * POST /JobOrders/{id}/matches/{employeeId}: the employee becomes the order's candidate (Under review,
 * utmSource `matching`) unless the pair would not be listed (409 MATCH_REFUSED, naming why).
 */
export async function matchCandidate(scope: DataScope, jobOrderId: number, employeeId: number): Promise<number> {
  const requirements = await orderRequirements(scope, jobOrderId);
  if (!requirements) throw notFound('The job order');
  const facts = (await factsOf(scope, jobOrderId, [employeeId])).get(employeeId);
  if (!facts) throw notFound('The employee');
  const profile = await readProfile(scope, employeeId);
  const result = scoreMatch({ requirements, profile, facts, weights: await weightsOf(scope).then((w) => w.weights), today: today() });
  if (!listable(requirements, facts, result)) {
    const why = facts.refusals.length ? `restriction rules refuse the pair: ${facts.refusals.join(', ')}` : 'a required licence is missing or expired';
    throw new AppError('MATCH_REFUSED', `The employee is not a match for the order: ${why}.`);
  }
  return createCandidate(scope, jobOrderId, { employeeId, utmSource: 'matching' }, 'Under review');
}
