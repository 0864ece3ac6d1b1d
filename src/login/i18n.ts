// The login pages' words in English and Spanish. The language comes from the authorization request's
// `ui_locales` when it names one we have, else from the browser's Accept-Language, else English.
import Negotiator from 'negotiator';

export const LOCALES = ['en', 'es'] as const;
export type Locale = (typeof LOCALES)[number];

const en = {
  signInTitle: 'Sign in',
  signInIntro: 'Sign in with your service rep account to continue to {client}.',
  tenant: 'Agency',
  username: 'Username',
  password: 'Password',
  signIn: 'Sign in',
  wrongCredentials: 'The username or password is incorrect.',
  locked: 'Too many failed sign-ins. Try again in {minutes} minutes.',
  missing: 'Enter your username and password.',
  consentTitle: 'Allow access',
  consentIntro: '{client} asks to act on your behalf with these permissions:',
  consentRefresh: 'It may keep this access without asking you again for up to {days} days, until you or an administrator revoke it.',
  allow: 'Allow',
  deny: 'Deny',
  errorTitle: 'Something went wrong',
  language: 'Language',
};

export type Messages = typeof en;

const es: Messages = {
  signInTitle: 'Iniciar sesión',
  signInIntro: 'Inicie sesión con su cuenta de representante para continuar a {client}.',
  tenant: 'Agencia',
  username: 'Usuario',
  password: 'Contraseña',
  signIn: 'Iniciar sesión',
  wrongCredentials: 'El usuario o la contraseña no son correctos.',
  locked: 'Demasiados intentos fallidos. Inténtelo de nuevo en {minutes} minutos.',
  missing: 'Escriba su usuario y su contraseña.',
  consentTitle: 'Permitir acceso',
  consentIntro: '{client} solicita actuar en su nombre con estos permisos:',
  consentRefresh: 'Podrá conservar este acceso sin volver a preguntarle durante hasta {days} días, hasta que usted o un administrador lo revoquen.',
  allow: 'Permitir',
  deny: 'Denegar',
  errorTitle: 'Algo salió mal',
  language: 'Idioma',
};

export const MESSAGES: Record<Locale, Messages> = { en, es };

function isLocale(value: string): value is Locale {
  return LOCALES.some((l) => l === value);
}

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

/** A message with its `{name}` placeholders filled. */
export function say(text: string, values: Record<string, string | number> = {}): string {
  return text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''));
}
