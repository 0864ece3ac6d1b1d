// How the page of an order's matches shows what the API answers: each match's name, score and
// distance, and its evidence per category in words a recruiter reads (a part with nothing known said
// so, `a|b` as "a / b"); the filters as the API's query and as the address to come back to.
import type { Static } from 'typebox';
import { MATCH_CATEGORIES, type MatchCategory } from '../../resources/matching/matching.contract.ts';
import type { OrderMatch } from '../../resources/matching/matches.schemas.ts';
import { withLang } from '../locale.ts';
import { MESSAGES, say, type Locale, type Messages } from '../../platform/messages/index.ts';

type Match = Static<typeof OrderMatch>;
type Words = Messages['adminMatches'];

export const MATCHES_PATH = '/admin/job-order-matches';

/** The list's filters as the page's form and the API name them (the order's id travels in the API's path). */
export const FILTERS = ['maxMiles', 'minScore', 'branchId', 'employeeStatusId'] as const;
export type Filter = (typeof FILTERS)[number];
export type Filters = Record<Filter | 'jobOrderId' | 'page', string>;

/** What is said at a filter the API refused. */
export const FILTER_ERRORS = { maxMiles: 'badMaxMiles', minScore: 'badMinScore', branchId: 'badBranch', employeeStatusId: 'badStatus' } as const satisfies Record<Filter, keyof Words>;

/** Each category's name, by its key in the evidence: a category added to the contract does not compile until it has one. */
const CATEGORY_WORDS = {
  occupation: 'categoryOccupation', skills: 'categorySkills', certifications: 'categoryCertifications', distance: 'categoryDistance',
  experience: 'categoryExperience', availability: 'categoryAvailability', pay: 'categoryPay', history: 'categoryHistory', assessments: 'categoryAssessments',
} as const satisfies Record<MatchCategory, keyof Words>;

/** The filters read from a query or a form, trimmed ('' when absent). */
export function filtersOf(source: Partial<Record<string, string>>): Filters {
  const value = (name: keyof Filters) => (source[name] ?? '').trim();
  return { jobOrderId: value('jobOrderId'), page: value('page'), maxMiles: value('maxMiles'), minScore: value('minScore'), branchId: value('branchId'), employeeStatusId: value('employeeStatusId') };
}

/** The list's address with these filters (only those given), and more parameters (a notice). */
export function listHref(locale: Locale, filters: Filters, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries({ ...filters, ...extra })) if (value) query.set(name, value);
  const search = query.toString();
  return withLang(`${MATCHES_PATH}${search ? `?${search}` : ''}`, locale);
}

const list = (t: Words, ids: readonly string[]) => (ids.length ? ids.map((id) => id.split('|').join(' / ')).join(', ') : t.none);

/** A match as the page shows it: its heading, score, distance and the evidence's rows. */
export function matchRow(locale: Locale, m: Match) {
  const t = MESSAGES[locale].adminMatches;
  const name = [m.firstName, m.lastName].filter(Boolean).join(' ');
  return {
    employeeId: m.employeeId, name, heading: `${name} (${say(t.employeeNumber, { id: m.employeeId })})`,
    score: m.score,
    distance: m.distanceMiles === null ? t.notKnown : say(t.miles, { miles: new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(m.distanceMiles) }),
    evidenceTitle: say(t.evidence, { name, score: m.score }),
    addLabel: say(t.addCandidateOf, { name }),
    evidence: MATCH_CATEGORIES.map((category) => {
      const part = m.evidence[category];
      return {
        category, label: t[CATEGORY_WORDS[category]],
        fit: part === undefined || part.value === null ? t.notKnown : `${Math.round(part.value * 100)} %`,
        known: part !== undefined && part.value !== null,
        weight: part?.weight ?? 0, summary: part?.summary ?? '', matched: list(t, part?.matched ?? []), missing: list(t, part?.missing ?? []),
      };
    }),
  };
}
