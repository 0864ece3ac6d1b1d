// The message catalogue: every page's words in English and Spanish, one section per area.
import { common } from './common.ts';
import { login } from './login.ts';
import { jobboard } from './jobboard.ts';
import { registration } from './registration.ts';
import { admin } from './admin.ts';
import { adminJobs } from './admin-jobs.ts';
import { adminMatches } from './admin-matches.ts';
import { LOCALES, type Locale } from './section.ts';

export { LOCALES, isLocale, say, type Locale } from './section.ts';

const catalogue = (locale: Locale) => ({
  common: common[locale],
  login: login[locale],
  jobboard: jobboard[locale],
  registration: registration[locale],
  admin: admin[locale],
  adminJobs: adminJobs[locale],
  adminMatches: adminMatches[locale],
});

export type Messages = ReturnType<typeof catalogue>;

export const MESSAGES: Readonly<Record<Locale, Messages>> = { en: catalogue('en'), es: catalogue('es') };

/** Every locale has every key (the sections' types ensure it; the catalogue test checks no value is empty). */
export const ALL_LOCALES = LOCALES;
