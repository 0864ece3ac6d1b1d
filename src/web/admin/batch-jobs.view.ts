// What the batch job, upload and staged employee pages share: words for the API's codes (types and
// statuses), times, ids read from addresses and forms, and the pager.
import { MESSAGES, say, type Locale } from '../../platform/messages/index.ts';
import { withLang } from '../locale.ts';
import { positiveId } from './forms.ts';
import { CONVERT_STAGED, DELETE_STAGED, IMPORT_RESUMES } from '../../resources/batch-jobs/batch-job.types.ts';
import { batchJobTypes, type BatchJobType } from '../../resources/jobs.ts';

type Words = (typeof MESSAGES)[Locale]['adminJobs'];

export const PAGE_SIZE = 25;

/** A job's page. */
export const jobHref = (locale: Locale, id: number) => withLang(`/admin/batch-jobs/${id}`, locale);

/** The words of each type of the job catalog: a type added to the catalog does not compile until it has its words. */
const TYPE_WORDS = { [IMPORT_RESUMES]: 'typeImport', [CONVERT_STAGED]: 'typeConvert', [DELETE_STAGED]: 'typeDelete' } as const satisfies Record<BatchJobType, keyof Words>;
const isCatalogType = (type: string): type is BatchJobType => batchJobTypes.some((entry) => entry.type === type);

/** A job's type in words; a type the catalog does not name (accepted, BATCH-05) as it was given. */
export function typeLabel(t: Words, type: string): string {
  return isCatalogType(type) ? t[TYPE_WORDS[type]] : type;
}

const STATUS_WORDS = { New: 'statusNew', Processing: 'statusProcessing', Completed: 'statusCompleted', Failed: 'statusFailed' } as const;
export function statusLabel(t: Words, status: string): string {
  const key = Object.entries(STATUS_WORDS).find(([code]) => code === status)?.[1];
  return key ? t[key] : status;
}

const PARSE_WORDS = { Pending: 'parsePending', Parsed: 'parseParsed', PartlyParsed: 'parsePartlyParsed', Failed: 'parseFailed' } as const;
export function parseLabel(t: Words, status: string): string {
  const key = Object.entries(PARSE_WORDS).find(([code]) => code === status)?.[1];
  return key ? t[key] : status;
}

/** A time as the page's language writes it, in UTC (said so: reps work across time zones). */
export function formatTime(locale: Locale, value: Date | string | null): string {
  if (value === null) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(date)} UTC`;
}

/** The 1-based page number of `?page=`, 1 when absent or not a number. */
export function pageNumber(text: string | undefined): number {
  return positiveId(text ?? '') ?? 1;
}

export interface Pager { text: string; previous: string | null; next: string | null }

/** The pager's links: this address with `page` changed (the other query parameters kept). */
export function pager(locale: Locale, url: string, page: number, totalCount: number, size = PAGE_SIZE): Pager | null {
  const pages = Math.max(1, Math.ceil(totalCount / size));
  if (pages <= 1 && page <= 1) return null;
  const link = (n: number) => {
    const parsed = new URL(url, 'http://x');
    parsed.searchParams.set('page', String(n));
    return withLang(`${parsed.pathname}${parsed.search}`, locale);
  };
  return {
    text: say(MESSAGES[locale].common.pageOf, { page, pages }),
    previous: page > 1 ? link(Math.min(page - 1, pages)) : null,
    next: page < pages ? link(page + 1) : null,
  };
}
