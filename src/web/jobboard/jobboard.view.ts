// What the job board templates show, computed from the API's answers: results, the pager, the
// details' facts, in the page's language. Pure functions (no request, no database).
import type { Paged } from '../../platform/http/paging.ts';
import type { JobBoardOrderShape } from '../../resources/job-board/job-board-search.schemas.ts';
import type { JobBoardDetailsShape } from '../../resources/job-board/job-board-details.schemas.ts';
import { DISTANCE_UNITS, SORT_BY } from '../../resources/job-board/job-board-search.schemas.ts';
import { say, type Locale, type Messages } from '../../platform/messages/index.ts';
import { DEFAULT_DISTANCE_UNIT, FORM_FIELDS, PAGE_SIZE, type FormField, type FormValues } from './jobboard.search.ts';
import { currencyOf, descriptionHtml } from './job-posting.ts';
import { snippet } from './description.ts';

type Words = Messages['jobboard'];

export function formatDate(value: Date | string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(value));
}

export function countryName(alpha2: string | undefined, fallback: string, locale: Locale): string {
  if (!alpha2) return fallback;
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(alpha2) ?? fallback;
  } catch {
    return fallback;
  }
}

/** The address of a details page on this site (the path of the API's jobBoardUrl: it works behind any host). */
export function pathOf(url: string): string {
  return new URL(url).pathname;
}

function place(parts: (string | null)[]): string {
  const [municipality, region, postalCode] = parts;
  return [municipality, [region, postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
}

export interface ResultView { title: string; href: string; place: string; distance: string; posted: string; snippet: string; category: string; orderType: string }

/** The results; each links to its details page with the search (`search`, a query), for the way back. */
export function resultViews(answer: Paged<JobBoardOrderShape>, distanceUnitId: number | undefined, search: string, t: Words, locale: Locale): ResultView[] {
  const unit = distanceUnitId === 4 ? t.kilometers : t.miles;
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  return answer.data.map((r) => ({
    title: r.jobTitle ?? r.category ?? t.untitled,
    href: withSearch(pathOf(r.jobBoardUrl), search),
    place: place([r.municipality, r.region, r.postalCode]),
    distance: r.distance === null ? '' : say(t.distanceAway, { distance: number.format(r.distance), unit }),
    posted: r.dateOrderTaken === null ? '' : say(t.postedOn, { date: formatDate(r.dateOrderTaken, locale) }),
    snippet: snippet(r.jobDescription, r.jobDescriptionContentType),
    category: r.category ?? '',
    orderType: r.orderType ?? '',
  }));
}

export interface PagerView { page: number; pages: number; previous?: string; next?: string }

/** The search as an address's query: the fields given, and the page after the first. */
export function searchQuery(values: Partial<Record<string, string>>, page: number): string {
  const query = new URLSearchParams(Object.entries(values).flatMap(([k, v]) => (v ? [[k, v]] : [])));
  if (page > 1) query.set('page', String(page));
  return query.toString();
}

/** The path with the search's query, when there is one. */
export const withSearch = (path: string, query: string): string => (query ? `${path}?${query}` : path);

/**
 * The search a details page was reached from, as its address carries it (the results link with it):
 * the form's fields and the page, so "Back to the job search" returns to the same results.
 */
export function searchOf(input: Partial<Record<FormField | 'page', string>>): string {
  const values = Object.fromEntries(FORM_FIELDS.map((f) => [f, (input[f] ?? '').trim()]));
  const page = input.page?.trim() ?? '';
  return searchQuery(values, /^\d{1,9}$/.test(page) ? Number(page) : 1);
}

/** Previous and next links keep the search (only the fields given) and change the page. */
export function pagerView(path: string, values: FormValues, page: number, totalCount: number): PagerView {
  const pages = Math.max(1, Math.ceil(totalCount / PAGE_SIZE));
  const link = (to: number) => withSearch(path, searchQuery(values, to));
  return { page, pages, previous: page > 1 ? link(Math.min(page - 1, pages)) : undefined, next: page < pages ? link(page + 1) : undefined };
}

export interface Option { value: string; label: string; selected: boolean }

export function sortOptions(selected: string, canSearchByLocation: boolean, hasText: boolean, t: Words): Option[] {
  const chosen = selected || String(hasText ? SORT_BY.relevance : SORT_BY.created);
  const sorts: [number, string][] = [
    [SORT_BY.relevance, t.sortRelevance], [SORT_BY.jobTitle, t.sortJobTitle],
    ...(canSearchByLocation ? [[SORT_BY.distance, t.sortDistance] satisfies [number, string]] : []), [SORT_BY.created, t.sortCreated],
  ];
  return sorts.map(([value, label]) => ({ value: String(value), label, selected: String(value) === chosen }));
}

export function unitOptions(selected: string, t: Words): Option[] {
  const chosen = selected || String(DEFAULT_DISTANCE_UNIT);
  return Object.keys(DISTANCE_UNITS).map((id) => ({ value: id, label: id === '4' ? t.kilometers : t.miles, selected: id === chosen }));
}

export interface Fact { label: string; value: string }

export interface DetailsView {
  title: string; featured: boolean; facts: Fact[]; skills: string[];
  /** One of the two: sanitized HTML (an HTML description), or text shown with its line breaks. */
  descriptionHtml: string; descriptionText: string;
  education: string; experience: string;
}

function payText(d: JobBoardDetailsShape, t: Words, locale: Locale): string {
  const currency = currencyOf(d.address.countryCode);
  const money = new Intl.NumberFormat(locale, currency ? { style: 'currency', currency } : { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const amount = d.payMin !== null && d.payMax !== null ? say(t.payRange, { min: money.format(d.payMin), max: money.format(d.payMax) })
    : d.pay !== null ? say(t.payRate, { pay: money.format(d.pay) }) : '';
  if (!amount || !d.payFrequency) return amount;
  const frequency = ({ Monthly: t.freqMonthly, 'Bi-Monthly': t['freqBi-Monthly'], 'Bi-Weekly': t['freqBi-Weekly'], Weekly: t.freqWeekly, Daily: t.freqDaily } as const)[d.payFrequency];
  return frequency ? `${amount}, ${say(t.payFrequency, { frequency })}` : amount;
}

export function detailsView(d: JobBoardDetailsShape, title: string, country: string, t: Words, locale: Locale): DetailsView {
  const a = d.address;
  const street = [a.street1, a.street2].filter(Boolean).join(', ');
  const location = [street, place([a.municipality, a.region, a.postalCode]), country].filter(Boolean).join(', ');
  const facts: Fact[] = [
    { label: t.location, value: location },
    { label: t.pay, value: payText(d, t, locale) },
    { label: t.jobType, value: d.jobOrderType },
    { label: t.category, value: d.category },
    { label: t.branch, value: d.branchName },
    { label: t.posted, value: d.dateOrderTaken === null ? '' : formatDate(d.publishDateTime, locale) },
  ].filter((f) => f.value !== '');
  return {
    title, featured: d.featured === true, facts, skills: d.skills,
    descriptionHtml: d.jobDescriptionContentType.startsWith('text/html') ? descriptionHtml(d) ?? '' : '',
    descriptionText: d.jobDescriptionContentType.startsWith('text/html') ? '' : d.jobDescription?.trim() ?? '',
    education: d.educationSummary ?? '', experience: d.experienceSummary ?? '',
  };
}
