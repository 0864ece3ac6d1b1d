// The language of a page: `?lang=` (which the language switch sets, and a cookie remembers), then the
// cookie, then the browser's Accept-Language, else English. The registration site takes it from its
// address (`/register/es/...`) instead.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type {} from '@fastify/cookie';
import Negotiator from 'negotiator';
import { isLocale, LOCALES, type Locale } from '../platform/messages/index.ts';

export const LANG_COOKIE = 'staffing-lang';

function queryLang(request: FastifyRequest): unknown {
  const query: unknown = request.query;
  return query && typeof query === 'object' && 'lang' in query ? query.lang : undefined;
}

export function pageLocale(request: FastifyRequest, reply: FastifyReply): Locale {
  const asked = queryLang(request);
  if (isLocale(asked)) {
    if (request.cookies[LANG_COOKIE] !== asked) reply.setCookie(LANG_COOKIE, asked, { path: '/', sameSite: 'lax', httpOnly: true, maxAge: 365 * 86_400 });
    return asked;
  }
  const remembered = request.cookies[LANG_COOKIE];
  if (isLocale(remembered)) return remembered;
  const preferred = new Negotiator({ headers: { 'accept-language': request.headers['accept-language'] ?? '' } }).language([...LOCALES]);
  return isLocale(preferred) ? preferred : 'en';
}

/** The current address with `lang` set: the language switch's links. */
export function withLang(url: string, locale: Locale): string {
  const parsed = new URL(url, 'http://x');
  parsed.searchParams.set('lang', locale);
  return `${parsed.pathname}${parsed.search}`;
}
