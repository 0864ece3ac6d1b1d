// The candidate's name from the first lines of a resume: which line is the name, and how it splits
// into first, middle and last names, each part kept as written. The rules, and how a Spanish double
// surname is told from an English middle name: docs/decisions/0012-resume-parsing.md (Names).
import type { Found } from './resume.types.ts';
import { JOB_WORDS, NAME_PARTICLES, NOT_NAME_WORDS, SPANISH_SURNAMES, TITLE_KEYWORDS, VIETNAMESE_SURNAMES } from './resume.vocabulary.ts';

export interface Name { first: Found<string>; middle: Found<string> | null; last: Found<string> }

/** A name line cut into its given names and its last name, not yet in its final case. */
interface Split { given: string[]; last: string[]; inverted: boolean }

const SUFFIXES = /^(jr|sr|ii|iii|iv|phd|ph\.d|md|rn|lpn|cna|mba|cpa|pe|esq|bsn|msn)\.?$/i;
const PREFIXES = /^(mr|mrs|ms|miss|dr|mx)\.?$/i;
const NAME_TOKEN = /^(?:\p{Lu}\.|\p{Lu}[\p{L}'’]*(?:-\p{L}[\p{L}'’]*)*)$/u;
const NOT_NAME = new Set(NOT_NAME_WORDS);
const JOBS = new Set([...TITLE_KEYWORDS.flatMap((k) => k.words.filter((w) => !w.includes(' '))), ...JOB_WORDS]);
const PARTICLES = new Set(NAME_PARTICLES);
const SPANISH = new Set(SPANISH_SURNAMES);
const VIETNAMESE = new Set(VIETNAMESE_SURNAMES);

/** The first line among `lines` (the resume's first few) that reads as a name. */
export function nameFromLines(lines: string[]): Name | null {
  let headline: Split | undefined;
  for (const [index, line] of lines.entries()) {
    if (line.length > 200) continue;
    const candidate = line.replace(/^name\s*:\s*/i, '').split(/\s*[|•·]\s*|\s+[-–—]\s+|\t/)[0]!.trim();
    if (!candidate || /[@\d]|https?:|www\./i.test(candidate)) continue;
    const split = splitName(candidate);
    if (!split) continue;
    // Two job words ("Forklift Operator", "Forklift Operator, Acme") are a title, one beside a given
    // name a surname ("Jamal Cook"). But the resume's first line is where the name goes, so a name
    // of job words only ("Mason Cook") is kept there, at a low confidence, when no later line is a name.
    const jobs = jobWords(split);
    if (jobs.count >= 2 || (jobs.count > 0 && jobs.only)) {
      if (index === 0 && jobs.only) headline = split;
      continue;
    }
    return named(split, Math.max(0.5, (index === 0 ? 0.95 : 0.85 - 0.05 * index) - (split.inverted ? 0.1 : 0)));
  }
  return headline ? named(headline, 0.5) : null;
}

function named(split: Split, confidence: number): Name {
  const { given, last } = cased(split);
  return {
    first: { value: given[0]!, confidence },
    middle: given.length > 1 ? { value: given.slice(1).join(' '), confidence } : null,
    last: { value: last.join(' '), confidence },
  };
}

function splitName(text: string): Split | null {
  const comma = text.split(/\s*,\s*/);
  if (comma.length > 2) return null;
  if (comma.length === 2) {
    // "Jane Doe, RN" is a suffix; "DOE, Jane M." is last name first, and needs no guessing.
    if (comma[1]!.split(/\s+/).every((t) => SUFFIXES.test(t))) return splitName(comma[0]!);
    const last = nameWords(comma[0]!, true);
    const given = nameWords(comma[1]!);
    if (!last || !given || nameCount(last) > 4 || given.length > 3 || isParticle(given, 0)) return null;
    return { given, last, inverted: true };
  }
  const words = nameWords(text);
  if (!words || nameCount(words) < 2 || nameCount(words) > 5) return null;
  const start = surnameStart(words);
  return { given: words.slice(0, start), last: words.slice(start), inverted: false };
}

/**
 * The words as written, without prefixes and suffixes; undefined when one cannot be part of a name.
 * `surname`: the words are a last name alone ("de la Cruz, José"), which may start with a particle.
 */
function nameWords(text: string, surname = false): string[] | undefined {
  const words = text.split(/\s+/).filter((w) => !PREFIXES.test(w) && !SUFFIXES.test(w));
  if (words.length === 0) return undefined;
  const particle = (i: number) => isParticle(words, i) || (surname && i === 0 && words.length > 1 && PARTICLES.has(words[0]!.toLowerCase()));
  const ok = words.every((word, i) => !NOT_NAME.has(word.toLowerCase()) && (NAME_TOKEN.test(word) || particle(i)));
  return ok ? words : undefined;
}

/** A particle is one only between two name words: "Thanh Le" ends with a surname, not a particle. */
function isParticle(words: string[], i: number): boolean {
  return i > 0 && i < words.length - 1 && PARTICLES.has(words[i]!.toLowerCase());
}

const nameCount = (words: string[]) => words.filter((_, i) => !isParticle(words, i)).length;

/**
 * Where the last name starts, in a name written first name first: the last word, with the
 * particles before it (van Beethoven, de la Cruz) and a Spanish first surname before those
 * (García López, Pérez de la Cruz). What lies between the first word and the last name is the
 * middle name. A run of capitals at the end, after a first name that is not in capitals, is the
 * last name whatever its words (José Luis HERNÁNDEZ): the layout says so.
 */
function surnameStart(words: string[]): number {
  const capitals = capitalsRun(words);
  if (capitals !== undefined) return capitals;
  let start = words.length - 1;
  if (VIETNAMESE.has(fold(words[start]!))) return start;
  for (;;) {
    while (start > 1 && isParticle(words, start - 1)) start--;
    if (start > 1 && isSpanishSurname(words[start - 1]!)) start--;
    else return start;
  }
}

function capitalsRun(words: string[]): number | undefined {
  if (inCapitals(words[0]!)) return undefined;
  let start = words.length;
  while (start > 1 && (inCapitals(words[start - 1]!) || isParticle(words, start - 1))) start--;
  const run = words.slice(start);
  return run.some((w) => inCapitals(w) && !PARTICLES.has(w.toLowerCase())) && inCapitals(words.at(-1)!) ? start : undefined;
}

function isSpanishSurname(word: string): boolean {
  const folded = fold(word);
  return NAME_TOKEN.test(word) && (SPANISH.has(folded) || /^\p{L}{3,}ez$/u.test(folded));
}

function jobWords(split: Split): { count: number; only: boolean } {
  const words = [...split.given, ...split.last].filter((w) => !PARTICLES.has(w.toLowerCase()));
  const count = words.filter((w) => JOBS.has(w.toLowerCase())).length;
  return { count, only: count === words.length };
}

/**
 * Each part as written, except words in capitals, whose case was lost: they are title-cased
 * (McDonald keeps its capital), and particles in capitals go to lower case. A given name of two
 * capitals beside words that are not in capitals is kept as written (AJ, TJ are initials).
 */
function cased(split: Split): { given: string[]; last: string[] } {
  const allCapitals = [...split.given, ...split.last].every((w) => inCapitals(w) || !/\p{L}{2}/u.test(w) || PARTICLES.has(w.toLowerCase()));
  // In the last name a particle may come first (van Beethoven); never last.
  const surname = (w: string, i: number, all: string[]) =>
    !inCapitals(w) ? w : i < all.length - 1 && PARTICLES.has(w.toLowerCase()) ? w.toLowerCase() : titleCase(w);
  return {
    given: split.given.map((w) => (inCapitals(w) && (allCapitals || w.length > 2) ? titleCase(w) : w)),
    last: split.last.map(surname),
  };
}

/** Two letters or more, all capitals. */
const inCapitals = (word: string) => /\p{L}.*\p{L}/u.test(word) && word === word.toUpperCase() && word !== word.toLowerCase();

const titleCase = (word: string) =>
  word.toLowerCase()
    .replace(/(^|[-'’\s])(\p{L})/gu, (_, sep: string, ch: string) => sep + ch.toUpperCase())
    // Mc names always carry a second capital (McDonald, McKenzie); Mac names vary (Mack, Macy), so are left alone.
    .replace(/(^|-)Mc(\p{Ll})/gu, (_, sep: string, ch: string) => `${sep}Mc${ch.toUpperCase()}`);

/** Lower case without accents, for the word lists. */
const fold = (word: string) => word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
