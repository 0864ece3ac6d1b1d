// A section of the message catalogue: the English words, and the Spanish ones for exactly the same
// keys (the type checker refuses a missing or extra key). `{name}` marks a placeholder (say()).
export const LOCALES = ['en', 'es'] as const;
export type Locale = (typeof LOCALES)[number];

export type Section<E extends Record<string, string>> = Readonly<Record<Locale, Readonly<E>>>;

export function section<const E extends Record<string, string>>(en: E, es: { readonly [K in keyof E]: string }): Section<{ [K in keyof E]: string }> {
  return { en, es };
}

export function isLocale(value: unknown): value is Locale {
  return LOCALES.some((l) => l === value);
}

/** A message with its `{name}` placeholders filled. */
export function say(text: string, values: Record<string, string | number> = {}): string {
  return text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''));
}
