// Text -> vocabulary ids: skills (stated or implied), certifications (with number, expiry and CDL
// endorsements), languages, and a job title's occupation and seniority. Plain functions over
// indexes built once per process. Matching is on tokens, not substrings: "RN" never matches inside
// "Learning", and case, accents, plural and "and"/"&" do not matter (docs/matching.md, "Vocabulary").
import { CERTIFICATION_BY_ID, CERTIFICATIONS, LANGUAGES, OCCUPATIONS, SENIORITY_MARKERS, SKILL_BY_ID, SKILLS } from './vocabulary.ts';
import { ENDORSEMENT_CODES, SENIORITIES, type CertificationHit, type EndorsementCode, type FamilyId, type LanguageHit, type OccupationMatch, type Seniority, type SkillHit } from './vocabulary.schemas.ts';

// ---- tokens -----------------------------------------------------------------------------------

export interface Token { key: string; raw: string; start: number; end: number; breakBefore: boolean }

const TOKEN = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*[+#]*|&/gu;
/** Between two tokens, these end a phrase: a phrase never spans "Forklift, Pallet". */
const HARD_BREAK = /[,;:!?()[\]{}\n•·▪●◦|]|\.(?:\s|$)/;
const BREAK_CHAR = /[,;:!?()[\]{}\n•·▪●◦|]/;

/** A word's matching key: lower case, no accents, no possessive, singular. */
export function keyOf(word: string): string {
  const lower = word.toLowerCase();
  // Most words are plain ASCII: skip the Unicode work for them (this runs on every word of every resume).
  const k = /^[a-z0-9]*$/.test(lower) ? lower : lower.normalize('NFD').replace(/\p{M}/gu, '').replace(/['’]s$/, '').replace(/['’]/g, '');
  if (k === '&') return 'and';
  if (k.length <= 3 || /\d/.test(k)) return k;
  if (/(?:ches|shes|xes|zes|sses|ores)$/.test(k)) return k.slice(0, -2);
  if (/[^sui]s$/.test(k)) return k.slice(0, -1);
  return k;
}

/** Words with their keys and offsets; "and" and "&" are dropped (both spellings match the same phrase). */
export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  let last = 0;
  let pendingBreak = false;
  for (const m of text.matchAll(TOKEN)) {
    const start = m.index;
    const breakBefore: boolean = pendingBreak || (out.length > 0 && start > last + 1 ? HARD_BREAK.test(text.slice(last, start)) : out.length > 0 && start === last + 1 && BREAK_CHAR.test(text[last]!));
    last = start + m[0].length;
    const key = keyOf(m[0]);
    if (key === 'and') {
      pendingBreak = breakBefore;
      continue;
    }
    pendingBreak = false;
    out.push({ key, raw: m[0], start, end: last, breakBefore });
  }
  return out;
}

// ---- phrase indexes ---------------------------------------------------------------------------

interface Phrase<T> { keys: string[]; raws: string[] | null; target: T }
interface Found<T> { target: T; at: number; length: number; start: number; end: number }

/** Phrases by their first key, longest first; `collisions` lists keys that two targets claim. */
export class PhraseIndex<T> {
  private readonly byFirst = new Map<string, Phrase<T>[]>();
  private readonly whole = new Map<string, Phrase<T>>();
  readonly collisions: { form: string; targets: T[] }[] = [];

  constructor(private readonly same: (a: T, b: T) => boolean = Object.is) {}

  /** A synonym with a capital letter matches only as written ("RN", "IT support"); a label matches ignoring case. */
  add(form: string, target: T, cased: boolean): void {
    const tokens = tokenize(form);
    if (tokens.length === 0) return;
    const keys = tokens.map((t) => t.key);
    const phrase: Phrase<T> = { keys, raws: cased ? tokens.map((t) => t.raw) : null, target };
    const existing = this.whole.get(keys.join(' '));
    if (existing) {
      if (!this.same(existing.target, target)) this.collisions.push({ form, targets: [existing.target, target] });
      // The same entry again: a cased synonym overrides its label's case-blind form.
      else if (cased && !existing.raws) existing.raws = phrase.raws;
      return;
    }
    this.whole.set(keys.join(' '), phrase);
    const list = this.byFirst.get(keys[0]!) ?? [];
    list.push(phrase);
    list.sort((a, b) => b.keys.length - a.keys.length);
    this.byFirst.set(keys[0]!, list);
  }

  /** The target a whole string names ("class A CDL"), if any. */
  exact(text: string): T | undefined {
    const tokens = tokenize(text);
    const phrase = this.whole.get(tokens.map((t) => t.key).join(' '));
    return phrase && matchesAt(phrase, tokens, 0) ? phrase.target : undefined;
  }

  /** Left to right, the longest phrase at each token wins and its tokens are taken. */
  scan(tokens: Token[]): Found<T>[] {
    const out: Found<T>[] = [];
    for (let i = 0; i < tokens.length;) {
      const phrase = this.byFirst.get(tokens[i]!.key)?.find((p) => matchesAt(p, tokens, i));
      if (!phrase) {
        i++;
        continue;
      }
      const length = phrase.keys.length;
      out.push({ target: phrase.target, at: i, length, start: tokens[i]!.start, end: tokens[i + length - 1]!.end });
      i += length;
    }
    return out;
  }
}

function matchesAt<T>(phrase: Phrase<T>, tokens: Token[], i: number): boolean {
  for (let j = 0; j < phrase.keys.length; j++) {
    const token = tokens[i + j];
    if (!token || token.key !== phrase.keys[j] || (j > 0 && token.breakBefore)) return false;
    const raw = phrase.raws?.[j];
    // Only a word written with capitals is matched as written ("AP" in "AP specialist"); the others in any case.
    if (raw !== undefined && hasCapital(raw) && token.raw !== raw && token.raw !== `${raw}s`) return false;
  }
  return true;
}

const hasCapital = (s: string) => /\p{Lu}/u.test(s);

// ---- the indexes, built once ------------------------------------------------------------------

/** What the skill index finds: a skill or a certification (one namespace, so each synonym names one thing). */
export type Term = { kind: 'skill' | 'certification'; id: string };
const sameTerm = (a: Term, b: Term) => a.kind === b.kind && a.id === b.id;

function buildTerms(): PhraseIndex<Term> {
  const index = new PhraseIndex<Term>(sameTerm);
  const entries = [...SKILLS.map((s) => ({ ...s, kind: 'skill' as const })), ...CERTIFICATIONS.map((c) => ({ ...c, kind: 'certification' as const }))];
  for (const e of entries) {
    const target: Term = { kind: e.kind, id: e.id };
    // Synonyms first, so a cased synonym repeating the label ("RN") sets how the label matches.
    for (const s of e.synonyms) index.add(s, target, hasCapital(s));
    index.add(e.label, target, false);
  }
  return index;
}

function buildLanguages(): PhraseIndex<string> {
  const index = new PhraseIndex<string>();
  for (const l of LANGUAGES) {
    for (const s of l.synonyms) index.add(s, l.id, hasCapital(s));
    index.add(l.label, l.id, false);
  }
  return index;
}

function buildOccupations(): PhraseIndex<string> {
  const index = new PhraseIndex<string>();
  for (const o of OCCUPATIONS) {
    for (const s of o.synonyms) index.add(s, o.id, hasCapital(s));
    index.add(o.title, o.id, false);
  }
  return index;
}

function buildSeniority(): PhraseIndex<Seniority> {
  const index = new PhraseIndex<Seniority>();
  for (const m of SENIORITY_MARKERS) for (const s of m.markers) index.add(s, m.seniority, hasCapital(s));
  return index;
}

export const INDEXES = { terms: buildTerms(), languages: buildLanguages(), occupations: buildOccupations(), seniority: buildSeniority() };

// ---- skills and certifications ----------------------------------------------------------------

export interface TermHit extends Term { label: string; families: FamilyId[]; start: number; end: number }

function describe(term: Term): { label: string; families: FamilyId[] } {
  const entry = term.kind === 'skill' ? SKILL_BY_ID.get(term.id)! : CERTIFICATION_BY_ID.get(term.id)!;
  return { label: entry.label, families: entry.families };
}

/** Every skill or certification the text names, in text order (repeats included). */
export function findTerms(text: string, tokens: Token[] = tokenize(text)): TermHit[] {
  return INDEXES.terms.scan(tokens).map((f) => ({ ...f.target, ...describe(f.target), start: f.start, end: f.end }));
}

/** The skill or certification a whole string names ("Pallet jacks", "class A CDL"), if any. */
export function termOf(text: string): (Term & { label: string; families: FamilyId[] }) | undefined {
  const term = INDEXES.terms.exact(text);
  return term && { ...term, ...describe(term) };
}

/** Skills stated in the text, then those implied by stated skills and certifications (each once; stated wins). */
export function findSkills(text: string, hits: TermHit[] = findTerms(text)): SkillHit[] {
  const out = new Map<string, SkillHit>();
  for (const h of hits) if (h.kind === 'skill' && !out.has(h.id)) out.set(h.id, { id: h.id, label: h.label, stated: true, impliedBy: null, start: h.start, end: h.end });
  const queue = hits.map((h) => ({ from: h.id, implies: impliesOf(h), start: h.start, end: h.end }));
  for (let n = 0; n < queue.length; n++) {
    const { from, implies, start, end } = queue[n]!;
    for (const id of implies) {
      if (out.has(id)) continue;
      const skill = SKILL_BY_ID.get(id)!;
      out.set(id, { id, label: skill.label, stated: false, impliedBy: from, start, end });
      queue.push({ from: id, implies: skill.implies ?? [], start, end });
    }
  }
  return [...out.values()];
}

const impliesOf = (term: Term) => (term.kind === 'skill' ? SKILL_BY_ID.get(term.id)?.implies : CERTIFICATION_BY_ID.get(term.id)?.implies) ?? [];

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const DATE = '(\\d{1,2})/(\\d{1,2})/(\\d{4})|(\\d{1,2})[/-](\\d{4})|(\\d{4})-(\\d{2})(?:-(\\d{2}))?|([A-Za-z]{3,9})\\.?\\s+(?:(\\d{1,2}),?\\s+)?(\\d{4})|(\\d{4})';
const EXPIRY = new RegExp(`(?:\\bexp(?:ires|iration|iring|ire|\\.|\\b)|\\bvalid\\s+(?:through|thru|until|to)\\b|\\bgood\\s+(?:through|thru|until)\\b|\\bvence\\b|\\bvencimiento\\b|\\bexpira\\b)\\s*(?:date\\b)?\\s*(?:on\\b)?\\s*[:-]?\\s*(?:${DATE})`, 'i');
const NUMBER = /(?:#|\b(?:no|num|number|lic(?:ense|ence)?|cert(?:ificate)?|id|registry|reg)\b\.?\s*(?:#|no\.?|number)?)\s*[:.]?\s*([A-Z]{0,3}-?\d[\dA-Z-]{2,19})\b/i;
const ENDORSEMENT_LETTERS = /(?:\bendorse(?:ments?|d)\b\s*[:-]?\s*\(?|\(|\bwith\s+)([HNPSTX](?:\s*[,/&]?\s*(?:and\s+)?[HNPSTX](?![A-Za-z]))*)(?![A-Za-z])|\b([HNPSTX]{1,6})\s+endorse(?:ments?|d)\b/;

/** `yyyy-mm-dd`, `yyyy-mm` or `yyyy` from the groups of DATE. */
function dateOf(g: (string | undefined)[]): string | null {
  const pad = (s: string) => s.padStart(2, '0');
  const [mdM, mdD, mdY, myM, myY, isoY, isoM, isoD, name, nameD, nameY, year] = g;
  if (mdY) return Number(mdM) <= 12 ? `${mdY}-${pad(mdM!)}-${pad(mdD!)}` : null;
  if (myY) return Number(myM) >= 1 && Number(myM) <= 12 ? `${myY}-${pad(myM!)}` : null;
  if (isoY) return isoD ? `${isoY}-${isoM}-${isoD}` : `${isoY}-${isoM}`;
  if (nameY) {
    const month = MONTHS.indexOf(name!.slice(0, 3).toLowerCase());
    if (month < 0) return null;
    return nameD ? `${nameY}-${pad(String(month + 1))}-${pad(nameD)}` : `${nameY}-${pad(String(month + 1))}`;
  }
  return year ?? null;
}

/** Certifications and licences the text names, each once, with what is written after it on its line. */
export function findCertifications(text: string, hits: TermHit[] = findTerms(text)): CertificationHit[] {
  const certs = hits.filter((h) => h.kind === 'certification');
  const out = new Map<string, CertificationHit>();
  const add = (hit: CertificationHit) => {
    const seen = out.get(hit.id);
    if (!seen) out.set(hit.id, hit);
    else {
      seen.number ??= hit.number;
      seen.expires ??= hit.expires;
      seen.endorsements = [...new Set([...seen.endorsements, ...hit.endorsements])];
    }
  };
  certs.forEach((h, n) => {
    const cert = CERTIFICATION_BY_ID.get(h.id)!;
    // What follows it on its line, up to the next other certification: "CNA #123456, exp. 06/2027; BLS ..."
    // (its own name may come back inside its number: "RN License No. RN-778812").
    const lineEnd = text.indexOf('\n', h.end);
    const next = certs.slice(n + 1).find((c) => c.id !== h.id && CERTIFICATION_BY_ID.get(c.id)!.kind !== 'endorsement');
    const end = Math.min(lineEnd < 0 ? text.length : lineEnd, next?.start ?? text.length, h.end + 120);
    const after = text.slice(h.end, end);
    const expiry = EXPIRY.exec(after);
    const number = NUMBER.exec(expiry ? after.slice(0, expiry.index) + ' '.repeat(expiry[0].length) + after.slice(expiry.index + expiry[0].length) : after);
    const endorsements = cert.kind === 'licence' && isCdl(h.id) ? endorsementsIn(after, certs, h.end, end) : [];
    // An endorsement's number and expiry are its licence's.
    const own = cert.kind !== 'endorsement';
    add({ id: h.id, label: h.label, kind: cert.kind, number: own ? number?.[1] ?? null : null, expires: own && expiry ? dateOf(expiry.slice(1)) : null, endorsements, start: h.start, end: h.end });
    for (const code of endorsements) {
      const e = ENDORSEMENT_BY_CODE.get(code)!;
      if (!out.has(e.id)) add({ id: e.id, label: e.label, kind: 'endorsement', number: null, expires: null, endorsements: [], start: h.start, end: h.end });
    }
  });
  return [...out.values()];
}

const ENDORSEMENT_BY_CODE = new Map(CERTIFICATIONS.filter((c) => c.code).map((c) => [c.code!, c]));
const isCdl = (id: string) => CERTIFICATIONS.some((c) => c.endorses?.includes(id));

const endorsementCode = (letter: string) => ENDORSEMENT_CODES.find((c) => c === letter);

function endorsementsIn(after: string, certs: TermHit[], from: number, to: number): EndorsementCode[] {
  const codes = certs.filter((c) => c.start >= from && c.end <= to).map((c) => CERTIFICATION_BY_ID.get(c.id)!.code).filter((c) => c !== undefined);
  const letters = ENDORSEMENT_LETTERS.exec(after);
  const written = ((letters?.[1] ?? letters?.[2] ?? '').match(/[HNPSTX]/g) ?? []).map(endorsementCode).filter((c) => c !== undefined);
  return [...new Set([...codes, ...written])];
}

// ---- languages --------------------------------------------------------------------------------

const LEVELS: [LanguageHit['level'], RegExp][] = [
  ['native', /\b(?:native|mother tongue|first language|nativo|nativa|lengua materna)\b/i],
  ['fluent', /\b(?:fluent|fluently|fluency|bilingual|proficient|fluido|fluida|bilingue|bilingüe)\b/i],
  ['conversational', /\b(?:conversational|intermediate|working knowledge|conversacional|intermedio)\b/i],
  ['basic', /\b(?:basic|beginner|limited|elementary|basico|básico)\b/i],
];

/** Languages named in the text, each once, with a level when one is written beside it. */
export function findLanguages(text: string, tokens: Token[] = tokenize(text)): LanguageHit[] {
  const found = INDEXES.languages.scan(tokens);
  const out = new Map<string, LanguageHit>();
  found.forEach((f, n) => {
    if (out.has(f.target)) return;
    // Its own stretch of the line: from the previous separator (or language) to the next.
    const lineStart = text.lastIndexOf('\n', f.start) + 1;
    const from = Math.max(lineStart, found[n - 1]?.end ?? 0, ...[',', ';', '|', '•'].map((c) => text.lastIndexOf(c, f.start) + 1));
    const lineEnd = text.indexOf('\n', f.end);
    const to = Math.min(lineEnd < 0 ? text.length : lineEnd, found[n + 1]?.start ?? text.length, ...[',', ';', '|', '•'].map((c) => { const i = text.indexOf(c, f.end); return i < 0 ? text.length : i; }));
    const window = text.slice(from, to);
    const level = LEVELS.find(([, re]) => re.test(window))?.[0] ?? null;
    out.set(f.target, { id: f.target, label: LANGUAGES.find((l) => l.id === f.target)!.label, level, start: f.start, end: f.end });
  });
  return [...out.values()];
}

// ---- job titles -------------------------------------------------------------------------------

/**
 * A job title's occupation and seniority, or null when no occupation is named. The longest title
 * phrase wins (the last one on a tie: English puts the head noun last, "Truck Loader"); seniority
 * words are read outside it, the highest when there are several ("Senior Shift Supervisor").
 */
export function occupationOf(title: string): OccupationMatch | null {
  const tokens = tokenize(title);
  const hits = INDEXES.occupations.scan(tokens);
  if (hits.length === 0) return null;
  const best = hits.reduce((a, b) => (b.length >= a.length ? b : a));
  const rest = [...tokens.slice(0, best.at), ...tokens.slice(best.at + best.length)];
  const levels = INDEXES.seniority.scan(rest).map((f) => f.target);
  const seniority = levels.length === 0 ? null : levels.reduce((a, b) => (SENIORITIES.indexOf(b) > SENIORITIES.indexOf(a) ? b : a));
  return { occupationId: best.target, seniority };
}

// ---- everything at once -----------------------------------------------------------------------

/** Skills, certifications and languages of one text, tokenized once (a caller that has the tokens and terms passes them). */
export function normaliseText(text: string, tokens = tokenize(text), hits = findTerms(text, tokens)): { skills: SkillHit[]; certifications: CertificationHit[]; languages: LanguageHit[] } {
  return { skills: findSkills(text, hits), certifications: findCertifications(text, hits), languages: findLanguages(text, tokens) };
}
