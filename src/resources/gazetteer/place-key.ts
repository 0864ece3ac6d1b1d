// The search key of a place name: how the gazetteer compares what people type with the names it
// holds. "Montréal" and "MONTREAL", "St. Paul" and "Saint Paul", "Ft Worth" and "Fort Worth" have one key.

/** Abbreviated words spelt out, as place names use both forms. */
const ABBREVIATIONS: Record<string, string> = { st: 'saint', ste: 'sainte', ft: 'fort', mt: 'mount' };

/** Accents and case folded, apostrophes and full stops dropped, other punctuation a space, abbreviations spelt out. */
export function placeKey(name: string): string {
  return name.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()
    .replace(/['‘’ʻʼ.]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((word) => ABBREVIATIONS[word] ?? word)
    .join(' ');
}

/** A key worth searching by when it comes from an alternate name: Latin letters only (no other scripts, no codes with digits). */
export const isLatinKey = (key: string): boolean => /^[a-z]+(?: [a-z]+)*$/.test(key);
