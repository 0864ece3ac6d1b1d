// How a match is scored (issue 30 item 3, decision 0058): each category a value 0..1 with the ids
// and the sentence it rests on, the score 0..100 the weighted mean of the categories known on both
// sides. Pure: what it reads comes in ScoreInput (requirements, profile, facts, weights, today).
import { MATCH_CATEGORIES, type CandidateFacts, type CategoryEvidence, type MatchCategory, type MatchResult, type MatchWeights, type OrderRequirements, type ScoreInput } from './matching.contract.ts';
import type { EmployeeProfile } from './employee-profile.schema.ts';
import { metresBetween, METRES_PER_MILE } from '../gazetteer/gazetteer.repository.ts';
import { CERTIFICATION_BY_ID, OCCUPATION_BY_ID, SKILL_BY_ID } from './vocabulary/vocabulary.ts';
import type { Seniority } from './vocabulary/vocabulary.schemas.ts';

/**
 * The weights a tenant starts with (docs/matching.md, "The weights"), tuned on the evaluation set's
 * tuning half (decision 0058, one weight at a time from 5/2/4/1/3/1/1/2/1): what the law asks
 * (certifications: a missing CNA or CDL makes a person no fit), distance and pay count most
 * (a long commute or a pay ask over the order's each cost a grade), skills, then occupation; history
 * and assessments are not in the set (no facts), so theirs are set by judgement.
 */
export const DEFAULT_WEIGHTS: MatchWeights = {
  occupation: 2, skills: 4, certifications: 6, distance: 6, experience: 0.5, availability: 1, pay: 6, history: 2, assessments: 1,
};

/** The radius when neither the order nor the candidate says one (decision 0055). */
export const DEFAULT_MAX_MILES = 50;

type Part = Omit<CategoryEvidence, 'category' | 'weight'>;
const unknown = (summary: string): Part => ({ value: null, summary, matched: [], missing: [] });

export function scoreMatch(input: ScoreInput): MatchResult {
  const parts: Record<MatchCategory, Part> = {
    occupation: occupationPart(input.requirements, input.profile, input.today),
    skills: skillsPart(input.requirements, input.profile),
    certifications: certificationsPart(input.requirements, input.profile, input.today),
    distance: distancePart(input.requirements, input.profile, input.facts),
    experience: experiencePart(input.requirements, input.profile, input.today),
    availability: availabilityPart(input.facts),
    pay: payPart(input.requirements, input.profile),
    history: historyPart(input.facts),
    assessments: assessmentsPart(input.facts),
  };
  const evidence = MATCH_CATEGORIES.map((category): CategoryEvidence => ({ category, weight: input.weights[category], ...parts[category] }));
  let sum = 0, total = 0;
  for (const e of evidence) if (e.value !== null && e.weight > 0) [sum, total] = [sum + e.value * e.weight, total + e.weight];
  return { score: total === 0 ? 0 : Math.round((100 * sum) / total), evidence };
}

// ---- dates --------------------------------------------------------------------------------------

/** Months since year 0 of a partial date (`yyyy` is its middle, June). */
export function monthOf(date: string): number {
  const [y, m] = date.split('-');
  return Number(y) * 12 + (m ? Number(m) - 1 : 5);
}

type Job = EmployeeProfile['workHistory'][number];
/** A job's months, from its start to its end (today when current or open); null without a start. */
function spanOf(job: Job, today: string): { from: number; to: number } | null {
  if (!job.startDate) return null;
  const to = job.endDate && !job.current ? monthOf(job.endDate) : monthOf(today);
  const from = monthOf(job.startDate);
  return to >= from ? { from, to: to + (job.startDate.length === 4 ? 0 : 1) } : null;
}

// ---- occupation -----------------------------------------------------------------------------------

/** How near a job's occupation is to the order's: the same 1, the same family 0.5 (a forklift operator for a picker order), else 0. */
function kinship(orderOccupation: string, jobOccupation: string | null): number {
  if (!jobOccupation) return 0;
  if (jobOccupation === orderOccupation) return 1;
  const a = OCCUPATION_BY_ID.get(orderOccupation), b = OCCUPATION_BY_ID.get(jobOccupation);
  return a && b && a.family === b.family ? 0.5 : 0;
}

/** Seniority as a rank: no word is the ordinary worker (a junior or trainee is one below, a senior one above). */
const RANK: Record<Seniority, number> = { trainee: -1, junior: -1, senior: 1, lead: 2, supervisor: 3, manager: 4 };
const rankOf = (s: Seniority | null) => (s === null ? 0 : RANK[s]);
/** A step of seniority either way costs a quarter: a manager for a picker order (4 steps) keeps little. */
const seniorityFit = (asked: Seniority | null, held: Seniority | null) => Math.max(0.1, 1 - 0.25 * Math.abs(rankOf(asked) - rankOf(held)));

/** The order's occupation against the jobs: the best job, the recent ones counting most (left over 3 years ago: less). */
function occupationPart(req: OrderRequirements, profile: EmployeeProfile, today: string): Part {
  if (!req.occupationId) return unknown('The order names no occupation the vocabulary knows.');
  const jobs = profile.workHistory.filter((j) => j.occupationId);
  // A resume whose jobs the parser could not read (a terse or table layout) says nothing either way.
  if (jobs.length === 0) return unknown('No job in the work history names a known occupation.');
  let best = { value: 0, job: jobs[0]! };
  jobs.forEach((job, n) => {
    const span = spanOf(job, today);
    const yearsAgo = span ? (monthOf(today) - span.to) / 12 : n;
    const recency = yearsAgo > 3 ? 0.6 : 1;
    const value = kinship(req.occupationId!, job.occupationId) * seniorityFit(req.seniority, job.seniority) * recency;
    if (value > best.value) best = { value, job };
  });
  const title = best.job.title ?? best.job.occupationId;
  if (best.value === 0) return { value: 0, summary: `No job as ${label(req.occupationId)} or close to it; latest: ${jobs[0]!.title ?? jobs[0]!.occupationId}.`, matched: [], missing: [req.occupationId] };
  const level = req.seniority === best.job.seniority ? '' : ` (seniority ${best.job.seniority ?? 'none named'}, the order asks ${req.seniority ?? 'none'})`;
  const same = best.job.occupationId === req.occupationId;
  return { value: round(best.value), summary: `${same ? 'Worked' : 'Close: worked'} as ${title}${level}.`, matched: [best.job.occupationId!], missing: same ? [] : [req.occupationId] };
}

const label = (id: string) => OCCUPATION_BY_ID.get(id)?.title ?? SKILL_BY_ID.get(id)?.label ?? CERTIFICATION_BY_ID.get(id)?.label ?? id;
const round = (n: number) => Math.round(n * 1000) / 1000;

// ---- skills ---------------------------------------------------------------------------------------

/**
 * A skill the work history stands behind: one of a held occupation's typical skills, or a skill of
 * the family of a job held. A skill listed with nothing behind it (a cashier listing forklift and
 * WMS: keyword stuffing) counts half.
 */
function supportedSkills(profile: EmployeeProfile): (id: string) => boolean {
  const occupations = profile.workHistory.map((j) => (j.occupationId ? OCCUPATION_BY_ID.get(j.occupationId) : undefined)).filter((o) => o !== undefined);
  // A work history the parser could not read says nothing either way: every skill is taken as listed.
  if (occupations.length === 0) return () => true;
  const typical = new Set(occupations.flatMap((o) => o.skills));
  const families = new Set(occupations.map((o) => o.family));
  return (id) => typical.has(id) || (SKILL_BY_ID.get(id)?.families ?? CERTIFICATION_BY_ID.get(id)?.families ?? []).some((f) => families.has(f));
}

export const UNSUPPORTED_CREDIT = 0.5;
/**
 * More listed skills than this with no work history behind them is a resume stuffed with keywords
 * (a driver listing QuickBooks, MIG welding and vital signs): what it lists is then believed half.
 */
export const STUFFED_BEYOND = 10;
const REQUIRED = 2, PREFERRED = 1, LANGUAGE = 3;

function skillsPart(req: OrderRequirements, profile: EmployeeProfile): Part {
  const asked = [
    ...req.requiredSkills.map((id) => ({ id, weight: REQUIRED })),
    ...req.preferredSkills.map((id) => ({ id, weight: PREFERRED })),
  ];
  const languages = req.requiredLanguages;
  if (asked.length === 0 && languages.length === 0) return unknown('The order asks for no skill the vocabulary knows.');
  const held = new Set(profile.skills.map((s) => s.id));
  const spoken = new Set(profile.languages.map((l) => l.id));
  const supported = supportedSkills(profile);
  let sum = 0, total = 0;
  const matched: string[] = [], missing: string[] = [], unbacked: string[] = [];
  for (const { id, weight } of asked) {
    total += weight;
    if (!held.has(id)) {
      if (weight === REQUIRED) missing.push(id);
      continue;
    }
    matched.push(id);
    const backed = supported(id);
    if (!backed) unbacked.push(id);
    sum += weight * (backed ? 1 : UNSUPPORTED_CREDIT);
  }
  for (const id of languages) {
    total += LANGUAGE;
    if (spoken.has(id)) {
      matched.push(id);
      sum += LANGUAGE;
    } else missing.push(id);
  }
  const stuffed = profile.skills.filter((k) => k.stated && !supported(k.id)).length > STUFFED_BEYOND;
  if (stuffed) sum = Math.min(sum, total / 2);
  const required = req.requiredSkills.length + languages.length;
  const requiredHeld = matched.filter((id) => req.requiredSkills.includes(id) || languages.includes(id)).length;
  const summary = `${requiredHeld} of ${required} required${matched.length ? `: ${matched.join(', ')}` : ''}${missing.length ? `; missing: ${missing.join(', ')}` : ''}${unbacked.length ? `; listed with no work history behind them: ${unbacked.join(', ')}` : ''}${stuffed ? `; more than ${STUFFED_BEYOND} skills listed with no work history behind them, believed half` : ''}.`;
  return { value: round(sum / total), summary, matched, missing };
}

// ---- certifications -------------------------------------------------------------------------------

/** Expired: its expiry (a month is good to its end) is before today. */
const expiredOn = (expires: string | null, today: string) => expires !== null && monthOf(expires) < monthOf(today.slice(0, 7)) - (expires.length === 4 ? 6 : 0);

function certificationsPart(req: OrderRequirements, profile: EmployeeProfile, today: string): Part {
  const asked = req.requiredCertifications.length + req.preferredCertifications.length;
  if (asked === 0) return unknown('The order asks for no certification or licence.');
  const held = new Map(profile.certifications.map((c) => [c.id, c]));
  const current = (id: string) => { const c = held.get(id); return c !== undefined && !expiredOn(c.expires, today); };
  const matched: string[] = [], missing: string[] = [], notes: string[] = [];
  let sum = 0, total = 0;
  const consider = (entry: string[], weight: number) => {
    total += weight;
    const good = entry.find(current);
    if (good) {
      matched.push(good);
      sum += weight;
      return;
    }
    missing.push(entry.join('|'));
    const lapsed = entry.map((id) => held.get(id)).find((c) => c?.expires);
    notes.push(lapsed ? `${entry.join(' or ')} expired ${lapsed.expires!.slice(0, 7)}` : `${entry.join(' or ')} not held`);
  };
  for (const entry of req.requiredCertifications) consider(entry, REQUIRED);
  for (const id of req.preferredCertifications) consider([id], PREFERRED);
  const summary = `${matched.length ? `Holds ${matched.join(', ')}` : 'Holds none asked'}${notes.length ? `; ${notes.join('; ')}` : ''}.`;
  return { value: round(sum / total), summary, matched, missing };
}

// ---- distance -------------------------------------------------------------------------------------

/** Near (15 miles or less) is 1, falling to 0.3 at the radius; beyond the candidate's own limit, half that. */

function distancePart(req: OrderRequirements, profile: EmployeeProfile, facts: CandidateFacts): Part {
  if (!req.worksite || !facts.place) return unknown(req.worksite ? 'Where the candidate lives is not known.' : 'The worksite is not placed.');
  const miles = metresBetween(facts.place, req.worksite) / METRES_PER_MILE;
  const radius = req.maxMiles ?? DEFAULT_MAX_MILES;
  let value = miles <= 15 ? 1 : miles >= radius ? 0 : 1 - (0.7 * (miles - 15)) / Math.max(1, radius - 15);
  const tooFar = profile.maxDistanceMiles !== null && miles > profile.maxDistanceMiles;
  if (tooFar) value /= 2;
  return { value: round(value), summary: `${Math.round(miles)} miles from the worksite${tooFar ? `, beyond the ${profile.maxDistanceMiles} the candidate will travel` : ''}.`, matched: [], missing: [] };
}

// ---- experience -----------------------------------------------------------------------------------

/**
 * Years of relevant work (the order's occupation in full, its family at half), against the years the
 * order asks (two when it asks none), and how recent: last done over three years ago counts 0.6.
 */
function experiencePart(req: OrderRequirements, profile: EmployeeProfile, today: string): Part {
  if (!req.occupationId) return unknown('The order names no occupation to count experience in.');
  let months = 0, lastMonth: number | null = null;
  const matched: string[] = [];
  for (const job of profile.workHistory) {
    const k = job.occupationId ? kinship(req.occupationId, job.occupationId) * seniorityFit(req.seniority, job.seniority) : 0;
    const span = spanOf(job, today);
    if (k === 0 || !span) continue;
    months += k * (span.to - span.from);
    lastMonth = Math.max(lastMonth ?? span.to, span.to);
    if (!matched.includes(job.occupationId!)) matched.push(job.occupationId!);
  }
  if (profile.workHistory.every((j) => !j.occupationId)) return unknown('No job in the work history names a known occupation.');
  if (lastMonth === null) return { value: 0, summary: 'No dated work in this occupation or its family.', matched: [], missing: [req.occupationId] };
  const years = months / 12;
  const wanted = req.minimumYears ?? 2;
  const sinceYears = (monthOf(today) - lastMonth) / 12;
  const recency = sinceYears > 3 ? 0.6 : 1;
  const value = Math.min(1, wanted === 0 ? 1 : years / wanted) * recency;
  const asked = req.minimumYears === null ? '' : ` (the order asks ${req.minimumYears})`;
  return { value: round(value), summary: `${years.toFixed(1)} years of relevant work${asked}${sinceYears > 0.5 ? `, last ${sinceYears.toFixed(1)} years ago` : ', current'}.`, matched, missing: [] };
}

// ---- facts ----------------------------------------------------------------------------------------

function availabilityPart(facts: CandidateFacts): Part {
  if (!facts.isActive) return { value: 0, summary: 'Inactive.', matched: [], missing: [] };
  if (facts.overlappingAssignments > 0) return { value: 0.3, summary: `On ${facts.overlappingAssignments} assignment(s) overlapping the order's dates.`, matched: [], missing: [] };
  return { value: 1, summary: `Active${facts.status ? ` (${facts.status})` : ''}, no assignment overlapping the order's dates.`, matched: [], missing: [] };
}

/** Hourly equivalents of a desired pay (2,080 hours a year). */
const HOURS: Record<NonNullable<EmployeeProfile['desiredPay']>['per'], number> = { hour: 1, day: 8, week: 40, month: 2080 / 12, year: 2080 };

/** At or under the order's pay is 1; asking 25 % more or beyond, 0.2. */
function payPart(req: OrderRequirements, profile: EmployeeProfile): Part {
  if (req.payPerHour === null || !profile.desiredPay) return unknown(req.payPerHour === null ? 'The order states no pay.' : 'The candidate states no desired pay.');
  const asked = profile.desiredPay.amount / HOURS[profile.desiredPay.per];
  const ratio = asked / req.payPerHour;
  const value = ratio <= 1 ? 1 : ratio >= 1.25 ? 0.2 : 1 - (0.8 * (ratio - 1)) / 0.25;
  return { value: round(value), summary: `Asks $${asked.toFixed(2)}/h; the order pays $${req.payPerHour.toFixed(2)}/h.`, matched: [], missing: [] };
}

function historyPart(facts: CandidateFacts): Part {
  const past = facts.pastAssignmentsWithCustomer;
  if (past.length === 0) return unknown('No past assignment with this customer.');
  const judged = past.filter((p) => p.endedWell !== null);
  const value = judged.length === 0 ? 0.7 : judged.filter((p) => p.endedWell).length / judged.length;
  const badly = judged.filter((p) => !p.endedWell).length;
  return { value: round(value), summary: `${past.length} past assignment(s) with this customer${badly ? `, ${badly} ended badly` : ''}.`, matched: past.map((p) => String(p.assignmentId)), missing: [] };
}

function assessmentsPart(facts: CandidateFacts): Part {
  const values = facts.assessments.map((a) => (a.score !== null ? a.score / 100 : a.passed === null ? null : a.passed ? 1 : 0)).filter((v) => v !== null);
  if (values.length === 0) return unknown('No completed assessment.');
  const value = values.reduce((a, b) => a + b, 0) / values.length;
  return { value: round(value), summary: `${values.length} assessment(s), average ${Math.round(100 * value)}.`, matched: facts.assessments.map((a) => a.name), missing: [] };
}
