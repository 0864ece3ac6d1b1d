// schema.org JobPosting of a details page (https://schema.org/JobPosting; what search engines read
// for job listings). Built only from what the details page shows (the API's details, after the
// tenant's settings): structured data must not tell more than the page.
import type { JobBoardDetailsShape } from '../../resources/job-board/job-board-details.schemas.ts';
import { sanitizeDescription, escapeHtml } from './description.ts';

/** Order type names of a new tenant (datalist.defaults.ts) → schema.org employmentType; others are left out. */
const EMPLOYMENT_TYPES: Record<string, string> = {
  temporary: 'TEMPORARY', 'temp to hire': 'TEMPORARY', seasonal: 'TEMPORARY', 'direct hire': 'FULL_TIME', contract: 'CONTRACTOR', 'per diem': 'PER_DIEM',
};

/** Pay is shown in the worksite country's currency: the service stores no currency (payCurrency is obsolete). */
const CURRENCIES: Record<number, string> = { 840: 'USD', 124: 'CAD' };

export function employmentTypeOf(orderType: string): string | undefined {
  return EMPLOYMENT_TYPES[orderType.trim().toLowerCase()];
}

export function currencyOf(countryCode: number): string | undefined {
  return CURRENCIES[countryCode];
}

/** The description as HTML for `description` (schema.org takes HTML): sanitized, or plain text with its line breaks. */
export function descriptionHtml(details: Pick<JobBoardDetailsShape, 'jobDescription' | 'jobDescriptionContentType'>): string | undefined {
  if (!details.jobDescription?.trim()) return undefined;
  if (details.jobDescriptionContentType.startsWith('text/html')) return sanitizeDescription(details.jobDescription);
  return escapeHtml(details.jobDescription).replace(/\r?\n/g, '<br>');
}

const dropEmpty = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null && v !== ''));

export interface PostingContext {
  title: string;
  url: string;
  organization: string;
  /** ISO 3166 alpha-2 of the worksite's country. */
  country?: string;
}

export function jobPosting(details: JobBoardDetailsShape, context: PostingContext): Record<string, unknown> {
  const a = details.address;
  const currency = currencyOf(a.countryCode);
  // The rate is per hour (a staffing pay rate; payFrequency says how often it is paid).
  const value = details.payMin !== null && details.payMax !== null
    ? { '@type': 'QuantitativeValue', minValue: details.payMin, maxValue: details.payMax, unitText: 'HOUR' }
    : details.pay !== null ? { '@type': 'QuantitativeValue', value: details.pay, unitText: 'HOUR' } : undefined;
  return dropEmpty({
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: context.title,
    description: descriptionHtml(details) ?? context.title,
    // The posting date is left out when the tenant hides the order's date (Hide Old Dates).
    datePosted: details.dateOrderTaken === null ? undefined : details.publishDateTime,
    employmentType: employmentTypeOf(details.jobOrderType),
    hiringOrganization: { '@type': 'Organization', name: context.organization },
    jobLocation: {
      '@type': 'Place',
      address: dropEmpty({
        '@type': 'PostalAddress',
        streetAddress: [a.street1, a.street2].filter(Boolean).join(', ') || undefined,
        addressLocality: a.municipality, addressRegion: a.region, postalCode: a.postalCode, addressCountry: context.country,
      }),
    },
    baseSalary: value && currency ? { '@type': 'MonetaryAmount', currency, value } : undefined,
    identifier: { '@type': 'PropertyValue', name: context.organization, value: String(details.jobOrderId) },
    url: context.url,
    directApply: false,
    industry: details.category,
    skills: details.skills.length ? details.skills.join(', ') : undefined,
    educationRequirements: details.educationSummary ?? undefined,
    experienceRequirements: details.experienceSummary ?? undefined,
  });
}
