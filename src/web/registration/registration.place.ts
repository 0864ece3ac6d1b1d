// What every registration page starts from: the language of its address (REG-02), the registration
// tenant it names (REG-03), the rep registrations act as, the link's parameters, the addresses of
// the area's pages, and the applicant's session (a registered web user of that tenant).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Config } from '../../config.ts';
import type { DataScope } from '../../platform/scope.ts';
import { actingScope, registrationTenantNamed, type LinkedOrder, type RegistrationTenant } from '../../resources/registration/registration.repository.ts';
import { isLocale, MESSAGES, say, type Locale } from '../../platform/messages/index.ts';
import { retryAfter, type LimitState } from '../../platform/rate-limit/rate-limit.ts';
import { mountPath, sendErrorPage, type WebContext } from '../web.pages.ts';
import { sendPage } from '../page.ts';
import { currentSession, type SessionOptions } from '../session.ts';

const text = (maxLength: number) => Type.Optional(Type.String({ maxLength }));

/** The link's parameters (docs/registration-link.md): strings, checked and resolved by the service. */
export const LINK_PARAMETERS = ['branchId', 'workflowName', 'workflowId', 'username', 'emailAddress', 'phoneNumber', 'howHeardOfId', 'firstName',
  'middleName', 'lastName', 'postalCode', 'employmentCategoryId', 'orders', 'utm_source', 'utm_campaign', 'utm_medium'] as const;
export const LinkQuery = Type.Object(Object.fromEntries(LINK_PARAMETERS.map((p) => [p, text(2000)])));
export const PlaceParams = Type.Object({ localeId: Type.String({ maxLength: 20 }), tenantName: Type.String({ maxLength: 300 }) });

export interface Place {
  locale: Locale;
  tenant: RegistrationTenant;
  scope: DataScope;
  /** `/register/en/acme`: the registration page's path (the other pages are under it). */
  path: string;
  /** The same path in another language. */
  pathIn(locale: Locale): string;
  /** The link's query string, re-encoded (`?orders=1%2C2`), or ''. */
  search: string;
  /** Every query parameter of the link, for the post-registration procedure (REG-05). */
  parameters: Record<string, string>;
}

const MAX_PARAMETERS = 50;

/** The link's query parameters (repeated ones comma-joined), without the language switch's `lang`. */
function linkParameters(url: string): URLSearchParams {
  const kept = new URLSearchParams();
  let n = 0;
  for (const [key, value] of new URL(url, 'http://x').searchParams) {
    if (key === 'lang' || key.length > 100 || value.length > 2000 || ++n > MAX_PARAMETERS) continue;
    const before = kept.get(key);
    kept.set(key, before === null ? value : `${before},${value}`);
  }
  return kept;
}

export const areaPrefix = (config: Config) => mountPath(config.REGISTRATION_URL, '/register');

/** The tenant cannot take registrations (no active rep to act as, or one whose level may not create employees). */
export function sendUnavailable(request: FastifyRequest, reply: FastifyReply, locale: Locale) {
  const t = MESSAGES[locale].registration;
  return sendPage(request, reply, 'error', { locale, title: t.unavailableTitle, noindex: true }, { heading: t.unavailableTitle, message: t.unavailable, fields: [] }, 503);
}

/** Too many registrations from here or at this agency (decision 0034): 429 with Retry-After, in the page's language. */
export function sendTooMany(request: FastifyRequest, reply: FastifyReply, locale: Locale, refused: LimitState) {
  const t = MESSAGES[locale].registration;
  const minutes = Math.max(1, Math.ceil(refused.resetSeconds / 60));
  reply.header('retry-after', retryAfter(refused));
  return sendPage(request, reply, 'error', { locale, title: t.tooManyTitle, noindex: true }, { heading: t.tooManyTitle, message: say(t.tooMany, { minutes }), fields: [] }, 429);
}

/**
 * The place a request is at, or undefined when a page has been answered instead: 404 for another
 * locale or an unknown tenant, "not available" when the tenant has no active rep to act as.
 */
export async function placeOf(context: WebContext, request: FastifyRequest, reply: FastifyReply, params: { localeId: string; tenantName: string }): Promise<Place | undefined> {
  if (!isLocale(params.localeId)) { await sendErrorPage(request, reply, 404); return undefined; }
  const locale = params.localeId;
  const tenant = await registrationTenantNamed(context.database.db, params.tenantName);
  if (!tenant) { await sendErrorPage(request, reply, 404); return undefined; }
  const scope = await actingScope(context.database.db, tenant);
  if (!scope) { await sendUnavailable(request, reply, locale); return undefined; }
  const query = linkParameters(request.url);
  const search = query.size ? `?${query.toString()}` : '';
  const pathIn = (l: Locale) => `${areaPrefix(context.config)}/${l}/${encodeURIComponent(tenant.name)}`;
  return { locale, tenant, scope, path: pathIn(locale), pathIn, search, parameters: Object.fromEntries(query) };
}

/** The same page in each language (the locale is in the path, REG-02). */
export function languageLinks(place: Place, suffix = '', search = place.search): Record<Locale, string> {
  return { en: place.pathIn('en') + suffix + search, es: place.pathIn('es') + suffix + search };
}

export interface ApplicantData { employeeId: number; username: string; firstName: string; lastApplied: LinkedOrder[]; justRegistered: boolean }

const isOrder = (v: unknown): v is LinkedOrder => typeof v === 'object' && v !== null && 'id' in v && typeof v.id === 'number' && 'title' in v && typeof v.title === 'string';

export function isApplicantData(v: unknown): v is ApplicantData {
  return typeof v === 'object' && v !== null && 'employeeId' in v && typeof v.employeeId === 'number' && 'username' in v && typeof v.username === 'string'
    && 'firstName' in v && typeof v.firstName === 'string' && 'lastApplied' in v && Array.isArray(v.lastApplied) && v.lastApplied.every(isOrder)
    && 'justRegistered' in v && typeof v.justRegistered === 'boolean';
}

export const sessionOptions = (context: WebContext): SessionOptions => ({ secure: context.secure });
export const APPLICANT_SESSION_SECONDS = 8 * 3600;

/** The applicant signed in to this registration tenant, if any. */
export async function applicantAt(context: WebContext, request: FastifyRequest, place: Place) {
  const session = await currentSession(context.database.db, request, 'applicant', sessionOptions(context), isApplicantData);
  return session && session.tenantId === place.tenant.tenantId ? session : undefined;
}
