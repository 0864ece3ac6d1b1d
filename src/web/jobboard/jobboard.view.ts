// What the job board templates show, computed from the API's answers: results, the pager, the
// details' facts, in the page's language. Pure functions (no request, no database).
import type { Paged } from '../../platform/http/paging.ts';
import type { JobBoardOrderShape } from '../../resources/job-board/job-board-search.schemas.ts';
import type { JobBoardDetailsShape } from '../../resources/job-board/job-board-details.schemas.ts';
import { DISTANCE_UNITS, SORT_BY } from '../../resources/job-board/job-board-search.schemas.ts';
import { say, type Locale, type Messages } from '../messages/index.ts';
import { PAGE_SIZE, type FormValues } from './jobboard.search.ts';
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

export function resultViews(answer: Paged<JobBoardOrderShape>, distanceUnitId: number | undefined, t: Words, locale: Locale): ResultView[] {
  const unit = distanceUnitId === 4 ? t.kilometers : t.miles;
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  return answer.data.map((r) => ({
    title: r.jobTitle ?? r.category ?? t.untitled,
    href: pathOf(r.jobBoardUrl),
    place: place([r.municipality, r.region, r.postalCode]),
    distance: r.distance === null ? '' : say(t.distanceAway, { distance: number.format(r.distance), unit }),
    posted: r.dateOrderTaken === null ? '' : say(t.postedOn, { date: formatDate(r.dateOrderTaken, locale) }),
    snippet: snippet(r.jobDescription, r.jobDescriptionContentType),
    category: r.category ?? '',
    orderType: r.orderType ?? '',
  }));
}

export interface PagerView { page: number; pages: number; previous?: string; next?: string }

/** Previous and next links keep the search (only the fields given) and change the page. */
export function pagerView(path: string, values: FormValues, page: number, totalCount: number): PagerView {
  const pages = Math.max(1, Math.ceil(totalCount / PAGE_SIZE));
  const link = (to: number) => {
    const query = new URLSearchParams(Object.entries(values).filter(([, v]) => v !== ''));
    if (to > 1) query.set('page', String(to));
    const text = query.toString();
    return text ? `${path}?${text}` : path;
  };
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
  const chosen = selected || '3';
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
