// How the staged employee pages show what the API answers: names, the parsed fields as lines, the
// filters' choices, and the selection (ids) read from a query or a form.
import type { Static } from 'typebox';
import { ITEM_STATUSES } from '../../platform/jobs/job.table.ts';
import type { StagedEmployee } from '../../resources/staging/staged-employee.schemas.ts';
import { PARSE_STATUSES } from '../../resources/staging/staged-employee.table.ts';
import { withLang } from '../locale.ts';
import { MESSAGES, say, type Locale } from '../../platform/messages/index.ts';
import { positiveId } from './forms.ts';
import { jobHref, parseLabel, statusLabel, typeLabel } from './batch-jobs.view.ts';

type Staged = Static<typeof StagedEmployee>;

/** At most this many staged employees are converted or deleted at once from the pages. */
export const MAX_SELECTED = 100;

export const stagedHref = (locale: Locale, id: number) => withLang(`/admin/staged-employees/${id}`, locale);

export function displayName(locale: Locale, s: Pick<Staged, 'firstName' | 'lastName'>): string {
  return [s.firstName, s.lastName].filter(Boolean).join(' ') || MESSAGES[locale].adminJobs.unnamed;
}

/** The ids of a selection (`?ids=1&ids=2`, or the form's `1,2`), or undefined when any is not an id. */
export function selectedIds(values: string | string[] | undefined): number[] | undefined {
  const list = (Array.isArray(values) ? values : [values ?? '']).flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean);
  const ids = list.map((v) => positiveId(v));
  if (!ids.length || ids.length > MAX_SELECTED) return undefined;
  const valid = ids.filter((id): id is number => id !== undefined);
  return valid.length === ids.length ? [...new Set(valid)] : undefined;
}

export function filterChoices(locale: Locale) {
  const t = MESSAGES[locale].adminJobs;
  return {
    statusOptions: [{ value: '', label: t.any }, ...ITEM_STATUSES.map((s) => ({ value: s, label: statusLabel(t, s) }))],
    parseOptions: [{ value: '', label: t.any }, ...PARSE_STATUSES.map((s) => ({ value: s, label: parseLabel(t, s) }))],
    convertedOptions: [{ value: '', label: t.any }, { value: 'true', label: t.yes }, { value: 'false', label: t.no }],
  };
}

export function listRow(locale: Locale, s: Staged) {
  const t = MESSAGES[locale].adminJobs;
  const name = displayName(locale, s);
  return {
    id: s.stagedEmployeeId, name, href: stagedHref(locale, s.stagedEmployeeId), selectLabel: say(t.selectOne, { name }),
    fileName: s.fileName, parseStatus: s.parseStatus, parseLabel: parseLabel(t, s.parseStatus), email: s.emailAddress ?? '',
    converted: s.isConverted ? t.yes : t.no, jobId: s.batchJobId, jobHref: jobHref(locale, s.batchJobId),
  };
}

export function selectionItem(locale: Locale, s: Staged) {
  return { name: displayName(locale, s), href: stagedHref(locale, s.stagedEmployeeId), fileName: s.fileName };
}

export function detailsOf(locale: Locale, s: Staged) {
  const t = MESSAGES[locale].adminJobs;
  const address = [[s.street1, s.street2].filter(Boolean).join(', '), [s.municipality, s.region, s.postalCode].filter(Boolean).join(' ')].filter(Boolean).join('\n');
  return {
    name: displayName(locale, s), parseStatus: s.parseStatus, parseLabel: parseLabel(t, s.parseStatus), parseError: s.parseError,
    email: s.emailAddress, phone: s.phoneNumber ? `${s.phoneCountryCallingCode ? `+${s.phoneCountryCallingCode} ` : ''}${s.phoneNumber}` : '',
    address, skills: s.skills.join(', '), interestCodes: s.interestCodes.join(', '),
    confidence: s.overallConfidence === null ? t.notFound : `${Math.round(s.overallConfidence * 100)} %`,
    duplicates: s.possibleDuplicateEmployeeIds.join(', '),
    fileName: s.fileName, format: (s.format ?? '?').toUpperCase(),
    jobHref: jobHref(locale, s.batchJobId), jobName: say(t.jobLink, { id: s.batchJobId }),
    isConverted: s.isConverted, converted: s.isConverted ? `${t.yes}${s.employeeId ? ` (${t.fieldEmployee} ${s.employeeId})` : ''}` : t.no,
    work: s.workHistory.map((w) => {
      const when = [w.startDate, w.current ? t.current : w.endDate].filter(Boolean).join(' – ');
      return `${[w.title, w.employer].filter(Boolean).join(', ')}${when ? ` (${when})` : ''}`;
    }),
    education: s.education.map((e) => {
      const what = [e.degree, e.field].filter(Boolean).join(', ');
      return `${[what, e.school].filter(Boolean).join(' — ')}${e.graduationYear ? ` (${e.graduationYear})` : ''}`;
    }),
    items: s.batchJobItems.map((i) => ({
      job: say(t.jobLink, { id: i.batchJobId }), href: jobHref(locale, i.batchJobId), type: typeLabel(t, i.batchJobType),
      status: statusLabel(t, i.status), reason: i.failureReason ?? '',
    })),
  };
}
