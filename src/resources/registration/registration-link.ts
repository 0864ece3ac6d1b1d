// The applicant registration link (REG-01 to REG-21): `{registration_url}/{localeId}/{tenantName}?...`.
// The registration site is not part of this service (AMB-26 (a)): this builds a valid link to it,
// with every parameter of the spec's table, checked and URL-encoded. docs/registration-link.md.
import { EMAIL_ADDRESS } from '../../platform/email-address.ts';

export const LOCALES = ['en', 'es'] as const;
export type Locale = (typeof LOCALES)[number];

export interface RegistrationLinkInput {
  /** REG-02. */
  localeId: Locale;
  /** REG-03: the registration tenant, usually not the API tenant's name. */
  tenantName: string;
  branchId?: number;
  workflowName?: string;
  workflowId?: number;
  username?: string;
  emailAddress?: string;
  phoneNumber?: string;
  howHeardOfId?: number;
  firstName?: string;
  middleName?: string;
  lastName?: string;
  postalCode?: string;
  /** A Guid, as the ids of GET /Datalists/EmploymentCategories. */
  employmentCategoryId?: string;
  /** REG-19: job order ids, comma-joined in the link. */
  orders?: number[];
  utm_source?: string;
  utm_campaign?: string;
  utm_medium?: string;
}

/** What a caller may hand in: every value is checked here, so it may arrive untyped (the CLI's words). */
export type RegistrationLinkValues = RegistrationLinkInput | { readonly [K in keyof RegistrationLinkInput]?: unknown };

export class RegistrationLinkError extends Error {
  constructor(readonly field: string, message: string) {
    super(`${field}: ${message}`);
  }
}

const MAX_ID = 2147483647;
const TEXT_MAX = 255;
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// A pragmatic check (one @, no spaces, a dot in the domain): the site validates fully.
// REG-12: partial numbers are allowed, so only the characters of a phone number are checked.
const PHONE = /^\+?[0-9 ().-]{1,25}$/;

/** The query parameters in the spec's table order, each with its check. */
const PARAMETERS: [keyof RegistrationLinkInput, (value: unknown) => string | undefined][] = [
  ['branchId', id], ['workflowName', text], ['workflowId', id], ['username', text], ['emailAddress', (v) => text(v) ?? (typeof v === 'string' && EMAIL_ADDRESS.test(v) ? undefined : 'is not an email address')],
  ['phoneNumber', (v) => text(v) ?? (typeof v === 'string' && PHONE.test(v) ? undefined : 'may hold only digits, spaces, + ( ) . and -, at most 25')],
  ['howHeardOfId', id], ['firstName', text], ['middleName', text], ['lastName', text], ['postalCode', (v) => text(v, 10)],
  ['employmentCategoryId', (v) => (typeof v === 'string' && GUID.test(v) ? undefined : 'must be a Guid')],
  ['orders', orders], ['utm_source', text], ['utm_campaign', text], ['utm_medium', text],
];

function id(value: unknown): string | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_ID ? undefined : `must be a whole number from 1 to ${MAX_ID}`;
}

function text(value: unknown, max = TEXT_MAX): string | undefined {
  if (typeof value !== 'string' || value.trim() === '') return 'must be a non-empty text';
  return value.length > max ? `must be at most ${max} characters` : undefined;
}

function orders(value: unknown): string | undefined {
  if (!Array.isArray(value) || value.length === 0) return 'must list at least one job order id';
  const bad = value.find((v) => id(v) !== undefined);
  return bad === undefined ? undefined : `"${String(bad)}" is not a job order id (whole numbers from 1 to ${MAX_ID})`;
}

/** The link, or a RegistrationLinkError naming the first bad parameter. Absent parameters are left out. */
export function registrationLink(registrationUrl: string, input: RegistrationLinkValues): string {
  if (!/^https?:\/\//.test(registrationUrl)) throw new RegistrationLinkError('registrationUrl', 'must start with http:// or https://');
  const locale = LOCALES.find((l) => l === input.localeId);
  if (!locale) throw new RegistrationLinkError('localeId', `must be ${LOCALES.join(' or ')}`);
  const tenantProblem = text(input.tenantName);
  if (tenantProblem) throw new RegistrationLinkError('tenantName', tenantProblem);
  const query: string[] = [];
  for (const [name, check] of PARAMETERS) {
    const value = input[name];
    if (value === undefined) continue;
    const problem = check(value);
    if (problem) throw new RegistrationLinkError(name, problem);
    // Ids are digits: the comma between order ids stays a literal comma, as the spec writes it.
    const encoded = name === 'orders' && Array.isArray(value) ? [...new Set(value)].join(',') : encodeURIComponent(String(value));
    query.push(`${name}=${encoded}`);
  }
  const base = `${registrationUrl.replace(/\/+$/, '')}/${locale}/${encodeURIComponent(String(input.tenantName))}`;
  return query.length ? `${base}?${query.join('&')}` : base;
}
