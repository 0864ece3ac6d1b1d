// The login pages' words come from the pages' message catalogue (platform/messages/login.ts). The language comes from the authorization request's
// `ui_locales` when it names one we have, else from the browser's Accept-Language, else English.
import Negotiator from 'negotiator';

export { LOCALES, type Locale } from '../platform/messages/section.ts';
import { isLocale, LOCALES, type Locale } from '../platform/messages/section.ts';
import { login } from '../platform/messages/login.ts';

export type Messages = (typeof login)['en'];
/** The login section of the pages' one message catalogue (platform/messages). */
export const MESSAGES = login;

/** `ui_locales` (space-separated, in order of preference) first, then Accept-Language. */
export function localeOf(uiLocales: unknown, acceptLanguage: string | undefined): Locale {
  if (typeof uiLocales === 'string') {
    for (const tag of uiLocales.split(/\s+/)) {
      const language = tag.split('-')[0]!.toLowerCase();
      if (isLocale(language)) return language;
    }
  }
  const preferred = new Negotiator({ headers: { 'accept-language': acceptLanguage ?? '' } }).language([...LOCALES]);
  return preferred && isLocale(preferred) ? preferred : 'en';
}

export { say } from '../platform/messages/section.ts';
