// `npm run eval -- matching-offline`: the scorer measured on the matching set without the service
// (decision 0058). Each resume's profile is made as the upload makes it (parseResumeBytes on the file
// eval/matching.ts sends, then employeeProfileOf), each order's requirements by requirementsOf from the
// facts eval/matching.ts posts (title, orderText(order), worksite, pay, dates; `maxMiles` stated),
// places from the gazetteer's postal code centroids. Candidate facts are empty: no past assignments,
// no assessments, everyone active and free (the set has none of these), so those categories are
// unknown or equal for all and rank nobody. The 50-mile default radius filters, then scoreMatch ranks;
// BM25 ranks the same pool beside it. Figures for the tuning half, the held-out half and all orders.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { usPostalCodes } from '../src/resources/gazetteer/gazetteer.load.ts';
import { parseResumeBytes } from '../src/resources/resumes/resume.parser.ts';
import { employeeProfileOf, type EmployeeProfile } from '../src/resources/matching/employee-profile.schema.ts';
import type { CandidateFacts, MatchWeights, OrderRequirements } from '../src/resources/matching/matching.contract.ts';
import { NOTHING_STATED, requirementsOf } from '../src/resources/matching/order-requirements.ts';
import { DEFAULT_WEIGHTS, scoreMatch } from '../src/resources/matching/score-match.ts';
import { Bm25 } from './bm25.ts';
import { fileOf, orderText } from './matching.ts';
import { averagePrecision, mean, ndcg } from './metrics.ts';
import { DEFAULT_MAX_MILES, milesBetween, readGrades, readOrders, readResumes, type EvalOrder, type EvalResume, type LatLon } from './matching/set.ts';

const root = new URL('..', import.meta.url).pathname;
const TAKE = 25;
/** The day the set's dates are read against (its orders start in December 2026). */
const TODAY = '2026-11-27';

/**
 * The split, fixed by order id (decision 0058): an odd number tunes (W1, W3, W5, H1, ...), an even
 * one is held out (W2, W4, H2, ...). 20 orders tune, 16 are held out; every family is in both.
 */
export const isTuning = (orderId: string) => Number(/\d+$/.exec(orderId)![0]) % 2 === 1;

interface Candidate { resume: EvalResume; profile: EmployeeProfile; text: string; place: LatLon | null }
interface Prepared { order: EvalOrder; requirements: OrderRequirements; worksite: LatLon; pool: Candidate[]; graded: Map<string, number> }

export async function prepare(): Promise<{ prepared: Prepared[]; bm25: Bm25<string> }> {
  const places = new Map<string, LatLon>(usPostalCodes().map((p) => [p.postalCode, p]));
  const grades = readGrades();
  const candidates: Candidate[] = [];
  for (const resume of readResumes()) {
    const parsed = await parseResumeBytes((await fileOf(resume)).bytes);
    const postalCode = parsed.address?.value.postalCode?.slice(0, 5) ?? null;
    candidates.push({ resume, profile: employeeProfileOf(parsed), text: parsed.text, place: (postalCode && places.get(postalCode)) || null });
  }
  const bm25 = new Bm25(candidates.map((c): [string, string] => [c.resume.id, c.text]));
  const prepared = readOrders().map((order): Prepared => {
    const worksite = places.get(order.worksite.postalCode)!;
    const requirements = requirementsOf({
      jobOrderId: 0, customerId: 0, title: null, jobTitle: order.title, description: orderText(order), skills: [], payRate: order.payRate,
      startDate: order.startDate, endDate: order.endDate, worksitePoint: null, postalCodePoint: { latitude: worksite.latitude, longitude: worksite.longitude },
    }, { ...NOTHING_STATED, maxMiles: order.maxMiles ?? null });
    const radius = order.maxMiles ?? DEFAULT_MAX_MILES;
    // As the BM25 baseline: everyone within the radius, and those not placed.
    const pool = candidates.filter((c) => !c.place || milesBetween(c.place, worksite) <= radius);
    return { order, requirements, worksite, pool, graded: grades.get(order.id) ?? new Map() };
  });
  return { prepared, bm25 };
}

const factsOf = (c: Candidate, n: number): CandidateFacts => ({
  employeeId: n, name: c.resume.id, isActive: true, status: null, place: c.place, overlappingAssignments: 0, pastAssignmentsWithCustomer: [], assessments: [], refusals: [],
});

type Scores = { ndcg10: number | null; ndcg25: number | null; map25: number | null };
function measure(ranking: string[], graded: Map<string, number>): Scores {
  const grades = ranking.map((id) => graded.get(id) ?? 0);
  const judged = [...graded.values()];
  return { ndcg10: ndcg(grades, judged, 10), ndcg25: ndcg(grades, judged, 25), map25: averagePrecision(grades, judged, 25) };
}

export function serviceRanking(p: Prepared, weights: MatchWeights): string[] {
  return p.pool
    .map((c, n) => ({ id: c.resume.id, score: scoreMatch({ requirements: p.requirements, profile: c.profile, facts: factsOf(c, n), weights, today: TODAY }).score }))
    .sort((a, b) => b.score - a.score || a.id.localeCompare(b.id))
    .slice(0, TAKE).map((s) => s.id);
}

function bm25Ranking(p: Prepared, bm25: Bm25<string>): string[] {
  const scores = bm25.score(`${p.order.title}\n${orderText(p.order)}`);
  return p.pool.map((c) => ({ id: c.resume.id, score: scores.get(c.resume.id) ?? 0 })).filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || a.id.localeCompare(b.id)).slice(0, TAKE).map((s) => s.id);
}

export function evaluate(prepared: Prepared[], rank: (p: Prepared) => string[]) {
  return prepared.map((p) => ({ order: p.order.id, family: p.order.family, tuning: isTuning(p.order.id), scores: measure(rank(p), p.graded) }));
}

type Row = ReturnType<typeof evaluate>[number];
function summary(rows: Row[]) {
  const groups = new Map<string, Row[]>([['all', rows], ['tuning half', rows.filter((r) => r.tuning)], ['held-out half', rows.filter((r) => !r.tuning)]]);
  for (const r of rows) groups.set(r.family, [...(groups.get(r.family) ?? []), r]);
  return Object.fromEntries([...groups].map(([name, g]) => [name, {
    orders: g.length, ndcg10: mean(g.map((r) => r.scores.ndcg10)), ndcg25: mean(g.map((r) => r.scores.ndcg25)), map25: mean(g.map((r) => r.scores.map25)),
  }]));
}

const fmt = (v: number | null | undefined) => (v === null || v === undefined ? '   -  ' : v.toFixed(3).padStart(6));

export async function runMatchingOfflineEval(): Promise<void> {
  const started = Date.now();
  const { prepared, bm25 } = await prepare();
  const service = summary(evaluate(prepared, (p) => serviceRanking(p, DEFAULT_WEIGHTS)));
  const baseline = summary(evaluate(prepared, (p) => bm25Ranking(p, bm25)));
  console.log(`matching-offline: ${prepared.length} orders, ${readResumes().length} resumes, no service; radius ${DEFAULT_MAX_MILES} miles unless the order states one`);
  console.log(`\n  ${'group'.padEnd(14)} orders |  BM25 nDCG@10 nDCG@25 MAP@25 | scorer nDCG@10 nDCG@25 MAP@25`);
  for (const [name, s] of Object.entries(service)) {
    const b = baseline[name]!;
    console.log(`  ${name.padEnd(14)} ${String(s.orders).padStart(6)} |        ${fmt(b.ndcg10)}  ${fmt(b.ndcg25)} ${fmt(b.map25)} |         ${fmt(s.ndcg10)}  ${fmt(s.ndcg25)} ${fmt(s.map25)}`);
  }
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(`  (${seconds} s)`);
  const out = join(root, 'eval', 'results');
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'matching-offline.json'), `${JSON.stringify({ when: new Date().toISOString(), today: TODAY, weights: DEFAULT_WEIGHTS, seconds, bm25: baseline, scorer: service }, null, 1)}\n`);
  console.log('  written to eval/results/matching-offline.json');
}
