// From a resume's normalised text to its fields. Pure functions, no I/O. Each field comes with a
// confidence (1: a strict pattern, lower: a guess) or is null / empty when not found. Rules and
// their limits: docs/resume-parsing.md.
import { findPhoneNumbersInText } from 'libphonenumber-js/max';
import { normaliseText, type ResumeFormat } from './resume.text.ts';
import type { Found, ParsedAddress, ParsedJob, ParsedPhone, ParsedResume, ParsedSchool, ParseOptions } from './resume.types.ts';
import { nameFromLines, type Name } from './resume.name.ts';
import { SECTION_HEADINGS, TITLE_KEYWORDS, type SectionName } from './resume.vocabulary.ts';
import { profileOf } from '../matching/matching.profile.ts';
import { findTerms, occupationOf, termOf, tokenize, type TermHit } from '../matching/vocabulary/normaliser.ts';
import { INTEREST_CODES, interestCodeOf } from '../matching/vocabulary/vocabulary.ts';

export function parseFields(raw: string, format: ResumeFormat, options: ParseOptions = {}): ParsedResume {
  // Normalised (single spaces) whatever the caller did: long whitespace runs make split patterns quadratic.
  const text = normaliseText(raw);
  const sections = splitSections(text);
  // One pass of the vocabulary over the text serves the skill strings and the profile.
  const tokens = tokenize(text);
  const terms = findTerms(text, tokens);
  const skills = findSkills(text, sections, terms);
  const workHistory = findWorkHistory(sections);
  const name = findName(sections);
  return {
    format,
    firstName: name?.first ?? null,
    middleName: name?.middle ?? null,
    lastName: name?.last ?? null,
    email: findEmail(text),
    phones: findPhones(sections),
    address: findAddress(sections),
    skills,
    interestCodes: options.skipInterestCodes ? [] : interestCodesOf(skills, workHistory),
    workHistory,
    education: findEducation(sections),
    text,
    profile: profileOf(text, workHistory.map((j) => j.title), tokens, terms),
  };
}

// ---- sections ---------------------------------------------------------------------------------

export interface Section { name: SectionName | 'header'; lines: string[] }

const HEADINGS = new Map(Object.entries(SECTION_HEADINGS).flatMap(([name, variants]) => variants.map((v) => [v, name as SectionName])));

function headingOf(line: string): SectionName | undefined {
  if (line.length > 45) return undefined;
  const key = line.toLowerCase().replace(/[:#*_=•|]+/g, ' ').replace(/^[\s\-–—]+|[\s\-–—]+$/g, '').replace(/\s+/g, ' ');
  return HEADINGS.get(key);
}

/** The text before the first heading is the `header` section; headings may carry content ("Skills: a, b"). */
export function splitSections(text: string): Section[] {
  const sections: Section[] = [{ name: 'header', lines: [] }];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    const heading = headingOf(line);
    if (heading) {
      sections.push({ name: heading, lines: [] });
      continue;
    }
    const inline = /^([A-Za-z &]{3,40}):\s*(.+)$/.exec(line);
    const inlineHeading = inline && headingOf(inline[1]!);
    if (inlineHeading) {
      sections.push({ name: inlineHeading, lines: [inline[2]!] });
      continue;
    }
    sections.at(-1)!.lines.push(line);
  }
  return sections;
}

const linesOf = (sections: Section[], ...names: Section['name'][]) => sections.filter((s) => names.includes(s.name)).flatMap((s) => s.lines);

// ---- name -------------------------------------------------------------------------------------

/** The name heads the resume: only the first lines are looked at, header and contact first. */
export function findName(sections: Section[]): Name | null {
  return nameFromLines([...linesOf(sections, 'header', 'contact'), ...sections.flatMap((s) => s.lines)].slice(0, 12));
}

// ---- email and phones -------------------------------------------------------------------------

export function findEmail(text: string): Found<string> | null {
  // Only around each "@" (the first 50): scanning all of a large text for the local part is slow.
  for (let at = text.indexOf('@'), n = 0; at >= 0 && n < 50; at = text.indexOf('@', at + 1), n++) {
    const start = Math.max(0, at - 64);
    const match = /[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63})*\.[A-Za-z]{2,24}/.exec(text.slice(start, at + 256));
    if (!match || start + match.index + match[0].indexOf('@') !== at) continue;
    const [local, domain] = match[0].split('@') as [string, string];
    return { value: `${local}@${domain.toLowerCase()}`, confidence: 0.99 };
  }
  return null;
}

// English and Spanish month names ("ene 2021", "agosto 2019": the set's Spanish resumes write them so).
const MONTH = '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?'
  + '|ene(?:ro)?|febrero|marzo|abr(?:il)?|mayo|junio|julio|ago(?:sto)?|set(?:iembre)?|septiembre|octubre|noviembre|dic(?:iembre)?)';
/** The end of a range still running ("Present", "Actual", "a la fecha"). */
const PRESENT = '(?:present|current|now|today|date|actual|actualidad|actualmente|presente|la fecha|hoy)';
const DATE = `(?:${MONTH}\\.?,?\\s+\\d{4}|\\d{1,2}/\\d{4}|\\d{4})`;
const DATE_RANGE = new RegExp(`(?<![\\d/])(${DATE})\\s*(?:-|–|—|to|until|through|thru|hasta|a|al)\\s*(${DATE}|${PRESENT})(?![\\d/\\p{L}])`, 'iu');
const DATE_LIKE = new RegExp(`${DATE_RANGE.source}|\\d{1,2}/\\d{1,2}/\\d{2,4}|\\d{1,2}/\\d{4}`, 'giu');
const IS_PRESENT = new RegExp(`^${PRESENT}$`, 'i');

const PHONE_LABELS: [RegExp, ParsedPhone['kind']][] = [
  [/\b(mobile|mob|cell|cellular|m|c)\b\.?\s*(phone|number|no\.?|#)?\s*[:.)-]?\s*$/i, 'mobile'],
  [/\b(home|h|residence)\b\.?\s*(phone|number|no\.?|#)?\s*[:.)-]?\s*$/i, 'home'],
  [/\b(work|office|business|w|o|direct)\b\.?\s*(phone|number|no\.?|#)?\s*[:.)-]?\s*$/i, 'work'],
];

export function findPhones(sections: Section[]): Found<ParsedPhone>[] {
  // Contact details first; the references section is somebody else's numbers.
  const near = findPhonesIn(linesOf(sections, 'header', 'contact').slice(0, 40), 0.95);
  if (near.length > 0) return near;
  // A resume has a few hundred lines; a file with thousands is not worth reading for phones.
  return findPhonesIn(sections.filter((s) => s.name !== 'other').flatMap((s) => s.lines).slice(0, 500), 0.8);
}

function findPhonesIn(lines: string[], confidence: number): Found<ParsedPhone>[] {
  const found = new Map<string, Found<ParsedPhone>>();
  for (const line of lines) {
    if (line.length > 300 || !/\d{3}/.test(line)) continue;
    // Date ranges ("03/2018 - 06/2020") read as phone numbers otherwise.
    const text = line.replace(DATE_LIKE, (m) => ' '.repeat(m.length));
    for (const hit of findPhoneNumbersInText(text, 'US')) {
      const phone = hit.number;
      if (found.has(phone.number) || found.size >= 5) continue;
      const before = text.slice(0, hit.startsAt).split(/\d[\d\s().-]*$/)[0]!.slice(-25);
      const after = text.slice(hit.endsAt, hit.endsAt + 12);
      let kind = PHONE_LABELS.find(([re]) => re.test(before))?.[1] ?? PHONE_LABELS.find(([re]) => re.test(`${after.replace(/^\s*\(?\s*/, '').split(/[)\s,|]/)[0]} `.replace(/\s+$/, '')))?.[1];
      kind ??= phone.getType() === 'MOBILE' ? 'mobile' : 'other';
      found.set(phone.number, {
        value: { countryCallingCode: Number(phone.countryCallingCode), number: phone.nationalNumber, e164: phone.number, kind },
        confidence,
      });
    }
  }
  return [...found.values()];
}

// ---- address ----------------------------------------------------------------------------------

const US_STATES: Record<string, string> = {
  AL: 'Alabama', AK: 'Alaska', AZ: 'Arizona', AR: 'Arkansas', CA: 'California', CO: 'Colorado', CT: 'Connecticut', DE: 'Delaware',
  DC: 'District of Columbia', FL: 'Florida', GA: 'Georgia', HI: 'Hawaii', ID: 'Idaho', IL: 'Illinois', IN: 'Indiana', IA: 'Iowa',
  KS: 'Kansas', KY: 'Kentucky', LA: 'Louisiana', ME: 'Maine', MD: 'Maryland', MA: 'Massachusetts', MI: 'Michigan', MN: 'Minnesota',
  MS: 'Mississippi', MO: 'Missouri', MT: 'Montana', NE: 'Nebraska', NV: 'Nevada', NH: 'New Hampshire', NJ: 'New Jersey',
  NM: 'New Mexico', NY: 'New York', NC: 'North Carolina', ND: 'North Dakota', OH: 'Ohio', OK: 'Oklahoma', OR: 'Oregon',
  PA: 'Pennsylvania', RI: 'Rhode Island', SC: 'South Carolina', SD: 'South Dakota', TN: 'Tennessee', TX: 'Texas', UT: 'Utah',
  VT: 'Vermont', VA: 'Virginia', WA: 'Washington', WV: 'West Virginia', WI: 'Wisconsin', WY: 'Wyoming', PR: 'Puerto Rico',
  GU: 'Guam', VI: 'Virgin Islands',
};
const STATE_BY_NAME = new Map(Object.entries(US_STATES).map(([code, name]) => [name.toLowerCase(), code]));
const CA_PROVINCES = new Set(['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT']);

export const STREET_SUFFIXES: Record<string, string> = {
  street: 'St', st: 'St', avenue: 'Ave', ave: 'Ave', av: 'Ave', road: 'Rd', rd: 'Rd', boulevard: 'Blvd', blvd: 'Blvd', lane: 'Ln', ln: 'Ln',
  drive: 'Dr', dr: 'Dr', court: 'Ct', ct: 'Ct', way: 'Way', place: 'Pl', pl: 'Pl', terrace: 'Ter', ter: 'Ter', circle: 'Cir', cir: 'Cir',
  parkway: 'Pkwy', pkwy: 'Pkwy', highway: 'Hwy', hwy: 'Hwy', trail: 'Trl', trl: 'Trl', square: 'Sq', sq: 'Sq', loop: 'Loop',
  plaza: 'Plz', plz: 'Plz', pike: 'Pike', row: 'Row', crescent: 'Cres', close: 'Close', run: 'Run', path: 'Path', alley: 'Aly',
  expressway: 'Expy', freeway: 'Fwy', point: 'Pt', ridge: 'Rdg', crossing: 'Xing', commons: 'Cmns',
};
const STREET = new RegExp(`^\\d{1,6}[A-Za-z]?(?:-\\d{1,5})?\\s+(?:[NSEW]\\.?\\s+|North\\s+|South\\s+|East\\s+|West\\s+)?[\\p{L}\\d.'’ -]{1,40}?\\s(?:${Object.keys(STREET_SUFFIXES).join('|')})\\.?(?:\\s+(?:[NSEW]|NE|NW|SE|SW)\\.?)?$`, 'iu');
const PO_BOX = /^(?:P\.?\s?O\.?\s?Box|Post Office Box)\s+\d{1,8}$/i;
const UNIT = /^(?:apt|apartment|suite|ste|unit|#|fl|floor|bldg|building|room|rm)\b\.?\s*#?\s*[\w-]{1,8}$/i;
const US_CITY_LINE = /(?:^|[,|•]\s*)(\p{L}[\p{L}.'’ -]{0,40}?)\s*,\s*([A-Za-z]{2}|\p{L}+(?: \p{L}+)?(?: of \p{L}+)?)\.?,?\s+(\d{5}(?:-\d{4})?)(?!\d)/u;
const CA_CITY_LINE = /(?:^|[,|•]\s*)(\p{L}[\p{L}.'’ -]{0,40}?)\s*,?\s+([A-Z]{2})\.?,?\s+([A-Z]\d[A-Z])\s?(\d[A-Z]\d)(?![\dA-Z])/u;
const UK_CITY_LINE = /(?:^|[,|•]\s*)(\p{L}[\p{L}.'’ -]{0,40}?)\s*,?\s+([A-Z]{1,2}\d[A-Z\d]?)\s?(\d[A-Z]{2})(?![\dA-Z])/u;
const CITY_STATE_ONLY = /^(\p{L}[\p{L}.'’ -]{0,40}?)\s*,\s*([A-Z]{2})$/u;

export function findAddress(sections: Section[]): Found<ParsedAddress> | null {
  // Addresses in work history are employers': only the header and contact lines are read.
  let lines = linesOf(sections, 'header', 'contact');
  if (lines.length === 0) lines = sections.flatMap((s) => s.lines).slice(0, 12);
  const parts = lines.slice(0, 40).filter((l) => l.length <= 500).flatMap((l) => l.split(/\s*[|•·]\s*|\t/)).map((p) => p.trim()).filter(Boolean).slice(0, 40);
  for (const [i, part] of parts.entries()) {
    if (part.length > 160) continue;
    const place = cityLine(part);
    if (!place) continue;
    // The street is before the city on the same line ("742 Evergreen Terrace, Springfield, IL"), or on the line(s) above.
    const before = part.slice(0, place.index).split(',').map((s) => s.trim()).filter(Boolean);
    const above = [parts[i - 2], parts[i - 1]].filter((s): s is string => !!s && !/@/.test(s)).flatMap((s) => s.split(',')).map((s) => s.trim());
    const candidates = before.length > 0 ? before : above;
    const street1 = candidates.find((s) => STREET.test(s) || PO_BOX.test(s)) ?? candidates.find((s) => /^\d{1,6}\s+\p{L}/u.test(s) && s.length <= 60) ?? null;
    const street2 = street1 ? candidates.slice(candidates.indexOf(street1) + 1).find((s) => UNIT.test(s)) ?? null : null;
    const strict = street1 !== null && (STREET.test(street1) || PO_BOX.test(street1));
    const confidence = place.postalCode ? (street1 ? (strict ? 0.95 : 0.85) : 0.75) : 0.5;
    return { value: { street1, street2, municipality: place.municipality, region: place.region, postalCode: place.postalCode, countryCode: place.countryCode }, confidence };
  }
  return null;
}

interface CityLine { index: number; municipality: string; region: string | null; postalCode: string | null; countryCode: number }

function cityLine(part: string): CityLine | undefined {
  const us = US_CITY_LINE.exec(part);
  if (us) {
    const region = us[2]!.length === 2 ? us[2]!.toUpperCase() : STATE_BY_NAME.get(us[2]!.toLowerCase());
    if (region && US_STATES[region] && (us[2]!.length > 2 || us[2] === us[2]!.toUpperCase())) {
      return { index: us.index, municipality: us[1]!.trim(), region, postalCode: us[3]!, countryCode: 840 };
    }
  }
  const ca = CA_CITY_LINE.exec(part);
  if (ca && CA_PROVINCES.has(ca[2]!)) return { index: ca.index, municipality: ca[1]!.trim(), region: ca[2]!, postalCode: `${ca[3]} ${ca[4]}`, countryCode: 124 };
  const uk = UK_CITY_LINE.exec(part);
  if (uk) return { index: uk.index, municipality: uk[1]!.trim(), region: null, postalCode: `${uk[2]} ${uk[3]}`, countryCode: 826 };
  const cs = CITY_STATE_ONLY.exec(part);
  if (cs && US_STATES[cs[2]!]) return { index: 0, municipality: cs[1]!.trim(), region: cs[2]!, postalCode: null, countryCode: 840 };
  if (cs && CA_PROVINCES.has(cs[2]!)) return { index: 0, municipality: cs[1]!.trim(), region: cs[2]!, postalCode: null, countryCode: 124 };
  return undefined;
}

// ---- skills and interest codes ----------------------------------------------------------------

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+');
export function findSkills(text: string, sections: Section[], terms: TermHit[] = findTerms(text)): string[] {
  const out = new Map<string, string>();
  const add = (skill: string) => {
    if (!out.has(skill.toLowerCase())) out.set(skill.toLowerCase(), skill);
  };
  for (const line of linesOf(sections, 'skills', 'certifications').slice(0, 200)) {
    if (line.length > 2000) continue;
    const items = line.replace(/^[^,;:]{1,30}:\s+/, '').split(/\s*(?:[,;•·▪●◦|\t]|\s[-–]\s|^[-*]\s)\s*/);
    for (const raw of items) {
      const item = raw.replace(/^(?:and|&)\s+/i, '').replace(/\s*\((?:\d{4}|expires?[^)]*)\)$/i, '').replace(/[\s.:]+$/, '').replace(/^[-*–\s]+/, '').trim();
      if (item.length < 2 || item.length > 50 || item.split(/\s+/).length > 5) continue;
      add(termOf(item)?.label ?? item);
    }
  }
  // Skills and certifications the vocabulary knows, anywhere in the text, by their labels.
  for (const hit of terms) add(hit.label);
  return [...out.values()];
}

const TITLE_RES = TITLE_KEYWORDS.map((k) => ({ category: k.category, re: new RegExp(`(?<![\\p{L}])(?:${k.words.map(escape).join('|')})(?![\\p{L}])`, 'iu') }));

/** Categories scored from skills (1 each) and job titles (2 each); weak single hints are dropped when stronger ones exist. */
export function interestCodesOf(skills: string[], jobs: ParsedJob[]): string[] {
  const score = new Map<string, number>();
  const add = (code: string, points: number) => score.set(code, (score.get(code) ?? 0) + points);
  for (const skill of skills) for (const family of termOf(skill)?.families ?? []) add(interestCodeOf(family), 1);
  for (const job of jobs) for (const { category, re } of TITLE_RES) if (job.title && re.test(job.title)) add(category, 2);
  const threshold = Math.max(...score.values(), 0) >= 2 ? 2 : 1;
  return INTEREST_CODES.filter((c) => (score.get(c) ?? 0) >= threshold);
}

// ---- work history -----------------------------------------------------------------------------

const TITLE_WORDS = /\b(manager|engineer|developer|operator|associate|assistant|driver|technician|nurse|clerk|specialist|representative|rep|supervisor|lead|analyst|coordinator|welder|picker|packer|cashier|server|cook|chef|director|consultant|administrator|intern|worker|handler|attendant|agent|officer|aide|receptionist|accountant|electrician|mechanic|laborer|labourer|teacher|designer|architect|programmer|executive|president|owner|guard|helper|loader|stocker|inspector|machinist|carpenter|plumber|painter|housekeeper|bartender|dishwasher|barista|caregiver|therapist|pharmacist|secretary|bookkeeper|foreman|superintendent|trainer|instructor|scientist|assembler|dispatcher|planner|buyer|recruiter|cna|lpn|rn|crew member|team member)s?\b/i;
const EMPLOYER_WORDS = /\b(inc|llc|l\.l\.c|ltd|limited|corp|corporation|company|co|group|hospital|clinic|center|centre|services|solutions|logistics|industries|systems|technologies|holdings|bank|university|college|school|foods|restaurant|hotel|store|stores|market|manufacturing|foundation|agency|department|gmbh|plc|s\.a|warehouse|distribution|health|healthcare|staffing)\b\.?/i;
const BULLET = /^[•·▪●◦*‣-]\s*/;

/**
 * An entry is recognized by its date range; its title and employer are on that line or the lines
 * around it. Without an experience section, a terse resume's jobs are read from the header, from the
 * first line ending in a range in brackets ("Line Cook - Blue Door Pub (Mar 2021 - Present)"): a
 * bare range in a text without headings may be anything, and is left.
 */
export function findWorkHistory(sections: Section[]): ParsedJob[] {
  const experience = linesOf(sections, 'experience');
  const lines = experience.length > 0 ? experience : terseJobLines(linesOf(sections, 'header'));
  const heads: { at: number; from: number; to: number; job: ParsedJob }[] = [];
  let consumedUntil = -1;
  let columns: Column[] | undefined;
  for (let i = 0; i < lines.length; i++) {
    const columnsHere = columnsOf(lines[i]!);
    if (columnsHere) {
      columns = columnsHere;
      continue;
    }
    const line = joinDateCells(lines[i]!);
    if (line.length > 200 || BULLET.test(line)) continue;
    const range = DATE_RANGE.exec(line);
    if (!range) continue;
    const rest = `${line.slice(0, range.index)} ${line.slice(range.index + range[0].length)}`;
    let { title, employer } = (columns && byColumns(columns, lines[i]!)) ?? titleAndEmployer(joinQualifier(partsOf(rest), rest));
    let from = i;
    let to = i;
    const isHeadLine = (n: number) => n > consumedUntil && n < lines.length && lines[n]!.length <= 80 && !BULLET.test(lines[n]!) && !/[.!?]$/.test(lines[n]!) && !DATE_RANGE.test(lines[n]!);
    if (!title || !employer) {
      const prev = isHeadLine(i - 1) ? titleAndEmployer(partsOf(lines[i - 1]!)) : undefined;
      if (prev && !title && !employer) {
        ({ title, employer } = prev);
        from = i - 1;
        if (!employer && isHeadLine(i - 2) && !TITLE_WORDS.test(lines[i - 2]!)) {
          employer = partsOf(lines[i - 2]!)[0] ?? null;
          from = i - 2;
        }
      } else if (prev && (prev.title ?? prev.employer)) {
        const other = prev.employer ?? prev.title;
        if (!employer) employer = other; else title = other;
        from = i - 1;
      } else if (isHeadLine(i + 1) && lines[i + 1]!.length <= 60) {
        // "Acme Logistics   2019 - Present" then "Forklift Operator".
        const next = partsOf(lines[i + 1]!)[0] ?? null;
        if (next && !title && TITLE_WORDS.test(next)) title = next;
        else if (next && !employer && !TITLE_WORDS.test(next)) employer = next;
        if (next && (title === next || employer === next)) to = i + 1;
      }
    }
    consumedUntil = to;
    heads.push({ at: i, from, to, job: { employer, title, startDate: dateOf(range[1]!), endDate: null, current: false, description: null } });
    const end = range[2]!.toLowerCase();
    if (IS_PRESENT.test(end)) heads.at(-1)!.job.current = true;
    else heads.at(-1)!.job.endDate = dateOf(range[2]!);
  }
  return heads.map((head, n) => {
    const next = heads[n + 1]?.from ?? lines.length;
    const description = lines.slice(head.to + 1, next).map((l) => l.replace(BULLET, '')).join('\n').trim();
    return { ...head.job, description: description || null };
  });
}

const BRACKETED_RANGE = new RegExp(`\\(\\s*${DATE_RANGE.source}\\s*\\)$`, 'iu');
/** The header's lines from its first job line on ("Title - Employer (Nov 2024 - Present)"), or none. */
function terseJobLines(header: string[]): string[] {
  const first = header.findIndex((line) => line.length <= 200 && BRACKETED_RANGE.test(line));
  return first < 0 ? [] : header.slice(first);
}

// ---- tables flattened to text ("Employer | Title | From | To", "Empresa | Puesto | Desde | Hasta")

type Column = 'employer' | 'title' | 'from' | 'to' | 'dates' | 'location';
const COLUMN_WORDS: [Column, RegExp][] = [
  ['employer', /^(employer|company|organi[sz]ation|empresa|empleador|compa[ñn][ií]a)$/i],
  ['title', /^(title|job title|position|role|job|puesto|cargo|posici[oó]n)$/i],
  ['from', /^(from|start|start date|began|desde|inicio|fecha de inicio)$/i],
  ['to', /^(to|end|end date|until|ended|hasta|fin|fecha de fin|fecha final)$/i],
  ['dates', /^(dates|date|period|years|fechas|periodo|per[ií]odo)$/i],
  ['location', /^(location|city|place|ubicaci[oó]n|ciudad|lugar)$/i],
];
const CELL_SPLIT = /\s*\|\s*/;

/** A header row's columns, when every cell names one and they say who and when. */
function columnsOf(line: string): Column[] | undefined {
  if (!line.includes('|') || line.length > 120) return undefined;
  const cells = line.split(CELL_SPLIT).filter(Boolean);
  if (cells.length < 3) return undefined;
  const columns = cells.map((cell) => COLUMN_WORDS.find(([, re]) => re.test(cell))?.[0]);
  if (columns.some((c) => c === undefined)) return undefined;
  const named = columns.filter((c): c is Column => c !== undefined);
  return (named.includes('title') || named.includes('employer')) && (named.includes('from') || named.includes('dates')) ? named : undefined;
}

/** A row's title and employer by the header's columns (a row with another number of cells is read as any line). */
function byColumns(columns: Column[], line: string): { title: string | null; employer: string | null } | undefined {
  const cells = line.split(CELL_SPLIT).filter(Boolean);
  if (cells.length !== columns.length) return undefined;
  const cell = (c: Column) => cells[columns.indexOf(c)]?.trim() || null;
  const found = { title: cell('title'), employer: cell('employer') };
  return found.title || found.employer ? found : undefined;
}

const DATE_CELLS = new RegExp(`(?<![\\d/])(${DATE})\\s*\\|\\s*(${DATE}|${PRESENT})\\s*(?=\\||$)`, 'iu');
/** "Nov 2024 | Current" in cells of their own reads as the range "Nov 2024 - Current". */
function joinDateCells(line: string): string {
  return line.length > 200 ? line : line.replace(DATE_CELLS, '$1 - $2');
}

function partsOf(text: string): string[] {
  const parts = text
    .replace(/\(\s*\)|[()]/g, ' ')
    .split(/\s+(?:at|@)\s+|\s*[|•·,]\s*|\s+[-–—]\s+|\s*[–—]\s*|\t/i)
    .map((p) => p.replace(/^[\s:,-]+|[\s:,-]+$/g, '').trim())
    .filter((p) => p.length > 1);
  // Drop locations: "Chicago, IL" becomes two parts, the state code and the city before it.
  const out: string[] = [];
  for (const part of parts) {
    if (US_STATES[part] || CA_PROVINCES.has(part) || /^(remote|hybrid|on-?site)$/i.test(part)) {
      if (out.length > 1) out.pop();
      continue;
    }
    out.push(part);
  }
  return out;
}

/**
 * "Team Lead - Customer Service, Concentrix": a title whose first words name no occupation and whose
 * qualifier after the dash makes one is one title, not a title and an employer.
 */
function joinQualifier(parts: string[], text: string): string[] {
  const [a, b, ...others] = parts;
  if (!a || !b || others.length === 0 || a.length + b.length > 80 || occupationOf(a) || !occupationOf(`${a} ${b}`)) return parts;
  return new RegExp(`${escape(a)}\\s*[-–—]\\s*${escape(b)}`).test(text) ? [`${a} - ${b}`, ...others] : parts;
}

function titleAndEmployer(parts: string[]): { title: string | null; employer: string | null } {
  const [a, b] = parts;
  if (!a) return { title: null, employer: null };
  const titleish = (s: string) => TITLE_WORDS.test(s) && !EMPLOYER_WORDS.test(s);
  const employerish = (s: string) => EMPLOYER_WORDS.test(s) && !TITLE_WORDS.test(s);
  if (!b) return titleish(a) || !employerish(a) && TITLE_WORDS.test(a) ? { title: a, employer: null } : { title: null, employer: a };
  if (employerish(a) || (titleish(b) && !titleish(a))) return { title: b, employer: a };
  return { title: a, employer: b };
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
/** Spanish months whose first three letters are not the English ones. */
const SPANISH_MONTHS: Record<string, string> = { ene: 'jan', abr: 'apr', ago: 'aug', set: 'sep', dic: 'dec' };

/** `yyyy-mm`, or `yyyy` when only the year is given. */
function dateOf(text: string): string | null {
  const t = text.toLowerCase();
  let m = /^(\d{1,2})\/(\d{4})$/.exec(t);
  if (m && Number(m[1]) >= 1 && Number(m[1]) <= 12) return `${m[2]}-${m[1]!.padStart(2, '0')}`;
  m = /^([a-z]{3})[a-z]*\.?,?\s+(\d{4})$/.exec(t);
  const month = m && (SPANISH_MONTHS[m[1]!] ?? m[1]!);
  if (m && month && MONTHS.includes(month)) return `${m[2]}-${String(MONTHS.indexOf(month) + 1).padStart(2, '0')}`;
  m = /^(\d{4})$/.exec(t);
  return m ? m[1]! : null;
}

// ---- education --------------------------------------------------------------------------------

const SCHOOL_RE = /(?<![\p{L}])(university|universidad|universität|université|universit[àa]|college|institute|institut|instituto|school|academy|polytechnic|polit[ée]cnic[oa]|lyc[ée]e|conservatory|seminary)(?![\p{L}])/iu;
const DEGREE_RE = new RegExp(
  "(?<![\\p{L}])(" +
    "(?:Bachelor|Master|Associate)(?:'s|’s)?(?: of (?:Applied |Fine |Business )?[A-Z][a-z]+)?(?: degree)?" +
    '|Doctor(?:ate)? of [A-Z][a-z]+|Ph\\.?\\s?D\\.?|M\\.?B\\.?A\\.?|B\\.?S\\.?N|M\\.?S\\.?N|B\\.?Sc\\.?|M\\.?Sc\\.?|B\\.?Eng\\.?|M\\.?Eng\\.?' +
    '|B\\.S\\.|B\\.A\\.|M\\.S\\.|M\\.A\\.|A\\.A\\.S\\.|A\\.S\\.|A\\.A\\.|BS|BA|MS|MA|AAS|AS|AA' +
    '|High School Diploma|GED|Diploma|Certificate|Baccalaur[ée]at|Licence|Licenciatura' +
  ')(?![\\p{L}])',
  'u',
);

export function findEducation(sections: Section[]): ParsedSchool[] {
  const schools: ParsedSchool[] = [];
  let current: ParsedSchool | undefined;
  for (const line of linesOf(sections, 'education')) {
    if (line.length > 200) continue;
    const parts = line.replace(BULLET, '').split(/\s*[|•·,]\s*|\s+[-–—]\s+|\t/).map((p) => p.trim()).filter(Boolean);
    // "High School Diploma" is a degree, not a school.
    const school = parts.find((p) => SCHOOL_RE.test(p.replace(DEGREE_RE, '')))?.replace(/\s*\(?\b(19|20)\d{2}\)?$/, '') ?? null;
    const degreePart = parts.find((p) => p !== school && DEGREE_RE.test(p));
    const degree = degreePart ? DEGREE_RE.exec(degreePart)![1]! : null;
    const years = [...line.matchAll(/(?<!\d)(19[5-9]\d|20\d\d)(?!\d)/g)].map((m) => Number(m[1]));
    if (!school && !degree && years.length === 0) continue;
    const startsNew = !current || (school && current.school) || (degree && current.degree) || (!school && !degree && current.graduationYear !== null);
    if (startsNew) {
      if (!school && !degree) continue;
      current = { school: null, degree: null, field: null, graduationYear: null };
      schools.push(current);
    }
    if (school) current!.school = school;
    if (degree) {
      current!.degree = degree.replace(/\s+degree$/, '');
      current!.field = fieldOf(degreePart!, degree) ?? parts.find((p) => p !== degreePart && p !== school && /^[A-Z][\p{L}&' ]{2,40}$/u.test(p) && !SCHOOL_RE.test(p) && !DEGREE_RE.test(p) && !US_STATES[p]) ?? null;
    }
    if (years.length > 0) current!.graduationYear = Math.max(...years);
  }
  return schools.filter((s) => s.school !== null || s.degree !== null);
}

function fieldOf(part: string, degree: string): string | null {
  const after = part.slice(part.indexOf(degree) + degree.length);
  const m = /^\s*(?:in|of|,|:|-)?\s*([\p{L}][\p{L}&'’ ]{1,60}?)\s*(?:[,(|;–—-]|\b(?:19|20)\d{2}\b|$)/u.exec(after);
  const field = m?.[1]?.trim();
  return field && !SCHOOL_RE.test(field) && !/^(expected|graduated|class|in)$/i.test(field) ? field : null;
}
