// Writes the matching evaluation set from structured personas: eval/matching/resumes/*.txt (what the
// service is given), resumes.json (each resume's file, format and language) and grades.tsv (each
// order's pool graded 0-3 with a rationale). Deterministic (a seeded generator): running it again
// writes the same files. `node --import tsx eval/matching/generate.ts`
//
// The grade is a recruiter's judgement of the PERSON (occupation, seniority, years, licences and
// their expiry, languages, where they live), applied by the rubric in grade(); it never looks at the
// resume's words, so keyword stuffing cannot raise it. README.md is the grading guide.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { usPostalCodes } from '../../src/resources/gazetteer/gazetteer.load.ts';
import { CERT_NAMES, LEGAL_LICENCES, OCCUPATIONS, type Cert, type Family, type Occupation, type OccupationKey } from './occupations.ts';
import { OTHER_CERT_NAMES, OTHER_WORDS } from './other-words.ts';
import { FAMILY_NEIGHBOURS, milesBetween, readOrders, type EvalOrder } from './set.ts';

const here = new URL('.', import.meta.url).pathname;
/** The day grades are judged on (licence expiry is compared with it). */
const TODAY = '2026-11-27';

// A small seeded generator (mulberry32): the set is the same on every run.
let seed = 20261127;
function random(): number {
  seed |= 0; seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const isOccupation = (key: string): key is OccupationKey => key in OCCUPATIONS;
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const chance = (p: number) => random() < p;

const METROS = {
  MSP: ['55401', '55407', '55413', '55114', '55117', '55121', '55305', '55337', '55344', '55418', '55428', '55435', '55104', '55106', '55408', '55412', '55420', '55430', '55303', '55016', '55044', '55110', '55124', '55369'],
  AUS: ['78701', '78704', '78705', '78741', '78744', '78745', '78746', '78753', '78756', '78758', '78759', '78723', '78660', '78664', '78681', '78613', '78610', '78626', '78640'],
  SAT: ['78205', '78216', '78219', '78229', '78201', '78207', '78213', '78228', '78237', '78245', '78250', '78023', '78109', '78148'],
  /** Beyond a metro's commute, or between two metros. */
  EDGE: ['56301', '55901', '76701', '78666', '53204'],
} as const;
type Metro = keyof typeof METROS;
const STREETS = ['Maple St', 'Oak Ave', 'Cedar Ln', 'Lake St', 'Elm St', 'Pine Dr', 'Main St', 'Park Ave', 'Ridge Rd', 'Mesquite Trl', 'Pecan St', 'Bluebonnet Dr', 'Hillcrest Dr', 'Washington Ave'];
const FIRST = ['James', 'Maria', 'Robert', 'Linda', 'Michael', 'Patricia', 'David', 'Jennifer', 'William', 'Elizabeth', 'Tyrone', 'Aisha', 'Kevin', 'Brittany', 'Nguyen', 'Mai', 'Ahmed', 'Fatima', 'Derek', 'Shanice', 'Brian', 'Karen', 'Marcus', 'Tanya', 'Ethan', 'Olivia', 'Hassan', 'Hodan', 'Trevor', 'Megan', 'Dwayne', 'Keisha', 'Paul', 'Heather', 'Abdi', 'Ly', 'Samuel', 'Grace', 'Jordan', 'Destiny'];
const LAST = ['Johnson', 'Williams', 'Brown', 'Anderson', 'Olson', 'Peterson', 'Nelson', 'Larson', 'Jackson', 'Thompson', 'Nguyen', 'Tran', 'Mohamed', 'Ali', 'Hughes', 'Carter', 'Mitchell', 'Schmidt', 'Becker', 'Lindqvist', 'Washington', 'Moore', 'Kowalski', 'Vang', 'Xiong', 'Her', 'Robinson', 'Bailey', 'Foster', 'Jensen', 'Hansen', 'Swanson'];
const FIRST_ES = ['José', 'María', 'Juan', 'Guadalupe', 'Luis', 'Rosa', 'Carlos', 'Ana', 'Jesús', 'Verónica', 'Miguel', 'Alejandra', 'Francisco', 'Yesenia', 'Jorge', 'Claudia', 'Ricardo', 'Leticia'];
const LAST_ES = ['García', 'Martínez', 'Hernández', 'López', 'González', 'Rodríguez', 'Pérez', 'Sánchez', 'Ramírez', 'Flores', 'Torres', 'Rivera', 'Gómez', 'Díaz', 'Reyes', 'Cruz', 'Morales', 'Ortiz'];

interface Licence { cert: Cert; state: string; expires: string | null }
export interface Persona {
  id: string;
  first: string; last: string;
  zip: string; street: string; city: string; state: string;
  occupation: OccupationKey;
  years: number;
  licences: Licence[];
  /** Writes the resume in Spanish. */
  spanishResume: boolean;
  speaksSpanish: boolean;
  layout: Layout;
  format: 'txt' | 'docx' | 'pdf';
  /** A hard negative: what kind, and the orders it is aimed at. */
  hard?: { kind: HardKind; orders: string[]; note: string };
  /** Claims skills the work history does not back (keyword stuffing). */
  stuffed?: string[];
  /** Earlier job, if any. */
  earlier: OccupationKey | 'cashier' | null;
  // Added 2026-11-27 (README.md, "Changes to the set"); absent from the first 320 personas.
  /** Added to make an order's local pool dense: what kind, and the order it was made for. */
  addition?: { kind: AdditionKind; orders: string[] };
  /** Describes the work in other words than agencies use (other-words.ts). */
  otherWords?: boolean;
  /** Left the occupation this many years ago, and has worked as `since` since. */
  leftYearsAgo?: number;
  since?: OccupationKey;
  /** The resume says: available for this shift only. */
  availability?: ShiftKind;
  /** The resume says: desired pay, dollars an hour. */
  desiredPay?: number;
  /** Duty lines naming another order's words, in this person's own (other) role. */
  echo?: string[];
}
type ShiftKind = 'days' | 'evenings' | 'nights';
type AdditionKind = 'other-words' | 'other-words-close' | 'years-ago' | 'short-experience' | 'licence' | 'shift' | 'pay' | 'adjacent' | 'echo' | 'keyword-stuffed';
type HardKind = 'keyword-stuffed' | 'wrong-seniority' | 'expired-licence' | 'far-away' | 'missing-licence';
type Layout = 'chronological' | 'functional' | 'skills-first' | 'terse' | 'long' | 'caps' | 'table';
const LAYOUTS: Layout[] = ['chronological', 'chronological', 'functional', 'skills-first', 'terse', 'long', 'caps', 'table'];

const places = new Map(usPostalCodes().map((p) => [p.postalCode, p]));
function placeOf(zip: string) {
  const place = places.get(zip);
  if (!place) throw new Error(`ZIP ${zip} is not in the gazetteer`);
  return place;
}

const orders = readOrders();
const orderById = new Map(orders.map((o) => [o.id, o]));
/** Which metro an order's worksite is in (by the nearest metro ZIP). */
function metroOf(order: EvalOrder): Metro {
  const metros: Metro[] = ['MSP', 'AUS', 'SAT'];
  return metros.reduce((best, m) => (milesBetween(placeOf(order.worksite.postalCode), placeOf(METROS[m][0]!)) < milesBetween(placeOf(order.worksite.postalCode), placeOf(METROS[best][0]!)) ? m : best));
}

/** The facts only the 2026-11-27 additions carry, copied from persona()'s options when given. */
function additionFacts(options: Partial<Persona>): Partial<Persona> {
  const { addition, otherWords, leftYearsAgo, since, availability, desiredPay, echo } = options;
  return {
    ...(addition ? { addition } : {}), ...(otherWords ? { otherWords } : {}), ...(leftYearsAgo ? { leftYearsAgo } : {}), ...(since ? { since } : {}),
    ...(availability ? { availability } : {}), ...(desiredPay ? { desiredPay } : {}), ...(echo ? { echo } : {}),
  };
}

let counter = 0;
function persona(occupation: OccupationKey, options: Partial<Persona> & { metro?: Metro } = {}): Persona {
  const occ = OCCUPATIONS[occupation];
  counter += 1;
  const spanishResume = options.spanishResume ?? false;
  const speaksSpanish = spanishResume || (options.speaksSpanish ?? chance(0.18));
  // People live near the work their occupation has: the metro of an order that wants them, mostly.
  const wanting = orders.filter((o) => o.grading.accept[occupation] === 3).map(metroOf);
  const metro: Metro = options.metro ?? (chance(0.08) ? 'EDGE' : wanting.length && chance(0.85) ? pick(wanting) : pick(['MSP', 'AUS', 'SAT']));
  const zip = options.zip ?? pick(METROS[metro]);
  const place = placeOf(zip);
  const [least, most] = occ.years;
  const years = options.years ?? Math.round((least + random() * (most - least)) * 2) / 2;
  const licences: Licence[] = options.licences ?? occ.certs.filter(([, p]) => chance(p)).map(([cert]) => ({ cert, state: place.region, expires: `${2027 + Math.floor(random() * 3)}-0${1 + Math.floor(random() * 9)}` }));
  const hispanic = spanishResume || (speaksSpanish && chance(0.7));
  return {
    id: String(counter).padStart(3, '0'),
    first: pick(hispanic ? FIRST_ES : FIRST), last: pick(hispanic ? LAST_ES : LAST),
    zip, street: `${100 + Math.floor(random() * 9800)} ${pick(STREETS)}`, city: place.municipality, state: place.region,
    occupation, years, licences, spanishResume, speaksSpanish, layout: options.layout ?? pick(LAYOUTS), format: 'txt',
    earlier: options.earlier !== undefined ? options.earlier : occ.before && isOccupation(occ.before) && chance(0.8) ? occ.before : chance(0.4) ? 'cashier' : null,
    ...(options.hard ? { hard: options.hard } : {}), ...(options.stuffed ? { stuffed: options.stuffed } : {}),
    ...additionFacts(options),
  };
}

// ---- The people -------------------------------------------------------------------------------

const COUNTS: [OccupationKey, number][] = [
  ['picker', 7], ['wh_associate', 6], ['forklift', 7], ['wh_lead', 4], ['wh_manager', 3], ['assembler', 5], ['machine_op', 4],
  ['cna', 10], ['hha', 4], ['lpn', 6], ['rn', 8], ['med_asst', 6], ['don', 2],
  ['receptionist', 8], ['data_entry', 7], ['admin_asst', 9], ['exec_asst', 5], ['office_mgr', 4],
  ['csr', 14], ['cc_supervisor', 5], ['collections', 6],
  ['cdl_a_driver', 12], ['cdl_b_driver', 9], ['courier', 8],
  ['electrician', 7], ['elec_helper', 6], ['hvac_tech', 6], ['laborer', 8], ['welder', 6], ['carpenter', 4],
  ['line_cook', 9], ['dishwasher', 6], ['server', 7], ['housekeeper', 7], ['sous_chef', 3], ['cashier', 5],
  ['ap_clerk', 7], ['ar_clerk', 5], ['bookkeeper', 6], ['staff_accountant', 6], ['payroll', 5], ['controller', 3],
];
/** Occupations whose resumes are sometimes written in Spanish. */
const SPANISH_PRONE: OccupationKey[] = ['picker', 'wh_associate', 'housekeeper', 'dishwasher', 'line_cook', 'cna', 'hha', 'laborer', 'csr', 'courier', 'carpenter', 'assembler'];

const people: Persona[] = [];
for (const [occupation, count] of COUNTS) {
  for (let i = 0; i < count; i++) people.push(persona(occupation, { spanishResume: SPANISH_PRONE.includes(occupation) && chance(0.22) }));
}

/** A ZIP near an order's worksite (within ~15 miles), so distance alone does not decide the grade. */
function near(orderId: string): string {
  const order = orderById.get(orderId)!;
  const at = placeOf(order.worksite.postalCode);
  const close = Object.values(METROS).flat().filter((z) => milesBetween(placeOf(z), at) <= 15);
  return pick(close);
}
const expired = () => `${2021 + Math.floor(random() * 4)}-0${1 + Math.floor(random() * 9)}`;
const valid = () => `${2027 + Math.floor(random() * 3)}-0${1 + Math.floor(random() * 9)}`;
const hard = (kind: HardKind, orderIds: string[], note: string) => ({ hard: { kind, orders: orderIds, note } });

const STUFFING = ['Forklift', 'CNA', 'RN', 'LPN', 'CDL-A', 'QuickBooks', 'Accounts Payable', 'Journeyman Electrician', 'HVAC', 'EPA 608', 'MIG Welding', 'Line Cook', 'ServSafe', 'Call Center', 'Data Entry', 'Payroll', 'ADP', 'Order Picking', 'RF Scanner', 'Reach Truck', 'Vital Signs', 'ADLs', 'Month-end Close', 'Conduit Bending', 'Banquet Service', 'Customer Service', 'Executive Assistant', 'Warehouse Management', 'Inventory Control'];
const stuffedFor = (order: EvalOrder) => [...order.requiredSkills, ...order.preferredSkills, order.title, ...STUFFING];

// Keyword-stuffed: the work history is something else; the skills list claims everything.
for (const [orderId, occupation] of [['W1', 'cashier'], ['W2', 'cashier'], ['H1', 'cashier'], ['D1', 'dishwasher'], ['A1', 'cashier'], ['T1', 'laborer'], ['CC1', 'dishwasher'], ['F1', 'cashier'], ['H3', 'hha'], ['A2', 'data_entry']] as const) {
  const order = orderById.get(orderId)!;
  people.push(persona(occupation, { zip: near(orderId), stuffed: stuffedFor(order), licences: [], ...hard('keyword-stuffed', [orderId], `${occupation} whose skills list names every keyword of ${orderId}`) }));
}
// The right title at the wrong seniority.
for (const [orderId, occupation] of [['W1', 'wh_manager'], ['W1', 'wh_manager'], ['W4', 'picker'], ['W4', 'picker'], ['H1', 'rn'], ['H1', 'rn'], ['H3', 'cna'], ['A1', 'controller'], ['A2', 'ap_clerk'], ['F2', 'sous_chef'], ['F5', 'line_cook'], ['CC1', 'cc_supervisor'], ['CC3', 'csr'], ['C4', 'receptionist'], ['T1', 'elec_helper']] as const) {
  people.push(persona(occupation, { zip: near(orderId), ...hard('wrong-seniority', [orderId], `${occupation} for ${orderId}`) }));
}
// Expired licences: otherwise a strong fit.
for (const [orderId, occupation, cert] of [['H1', 'cna', 'cna'], ['H5', 'cna', 'cna'], ['D1', 'cdl_a_driver', 'cdl_a'], ['D4', 'cdl_a_driver', 'cdl_a'], ['H3', 'rn', 'rn'], ['H2', 'lpn', 'lpn'], ['T1', 'electrician', 'journeyman'], ['T3', 'hvac_tech', 'epa608'], ['W2', 'forklift', 'forklift'], ['F5', 'sous_chef', 'servsafe']] as const) {
  const state = placeOf(orderById.get(orderId)!.worksite.postalCode).region;
  people.push(persona(occupation, { zip: near(orderId), years: OCCUPATIONS[occupation].years[1] - 1, licences: [{ cert, state, expires: expired() }], ...hard('expired-licence', [orderId], `${cert} expired`) }));
}
// A strong fit who lives 300-500 miles away.
for (const [orderId, occupation, zip] of [['W2', 'forklift', '64105'], ['H3', 'rn', '70112'], ['D2', 'cdl_b_driver', '73102'], ['T1', 'electrician', '64105'], ['A2', 'staff_accountant', '79901'], ['F1', 'line_cook', '60608'], ['H1', 'cna', '64105'], ['CC1', 'csr', '53204'], ['C2', 'data_entry', '73102'], ['T3', 'hvac_tech', '70112']] as const) {
  const state = placeOf(zip).region;
  const licences = OCCUPATIONS[occupation].certs.map(([cert]) => ({ cert, state, expires: valid() }));
  people.push(persona(occupation, { zip, years: OCCUPATIONS[occupation].years[1] - 1, licences, ...hard('far-away', [orderId], `strong fit for ${orderId} living in ${zip}`) }));
}
// A strong fit without the licence the order requires.
for (const [orderId, occupation] of [['D1', 'cdl_b_driver'], ['D1', 'courier'], ['T1', 'electrician'], ['T3', 'hvac_tech'], ['H1', 'cna'], ['H2', 'lpn'], ['H3', 'rn'], ['D4', 'cdl_b_driver'], ['W2', 'forklift'], ['F5', 'sous_chef']] as const) {
  const others = OCCUPATIONS[occupation].certs.map(([cert]) => cert).filter((c) => !orderById.get(orderId)!.requiredCertifications.some((r) => r.split('|').includes(c)));
  const state = placeOf(orderById.get(orderId)!.worksite.postalCode).region;
  people.push(persona(occupation, { zip: near(orderId), years: OCCUPATIONS[occupation].years[1] - 2, licences: others.filter((c) => c !== 'cdl_a' && c !== 'cdl_b').map((cert) => ({ cert, state, expires: valid() })), ...hard('missing-licence', [orderId], `no ${orderById.get(orderId)!.requiredCertifications.join(', ')}`) }));
}

// ---- Added 2026-11-27: dense local pools (README.md, "Changes to the set") ----------------------
// BM25 with the 50-mile filter scored the first 320 resumes 0.903 nDCG@10: within an order's radius
// few people of its family competed, and they worded their work as the orders do. For each order,
// people within 15 miles of it whose grades turn on what a recruiter weighs and word overlap does
// not show: strong fits in other words, the right occupation with a licence, years, shift or pay
// that does not fit, adjacent occupations and seniorities, and people who repeat the order's words
// in another role. Designed from those kinds, not from BM25's rankings. Drawn from a seed of their
// own, so the first 320 personas, their resumes and their grades stay as they were.

/** The shift an order works, from its start time. */
function shiftOf(order: EvalOrder): ShiftKind {
  const hour = Number(order.shift.start.slice(0, 2));
  return hour >= 18 || hour < 4 ? 'nights' : hour >= 12 ? 'evenings' : 'days';
}
const SHIFTS: ShiftKind[] = ['days', 'evenings', 'nights'];
const isCert = (key: string): key is Cert => key in CERT_NAMES;
/** Who would repeat an order's words in another role (scheduling, hiring, paying or dispatching those workers), by the order's family. */
const ECHOERS: Record<Family, OccupationKey[]> = {
  warehouse: ['office_mgr', 'admin_asst', 'payroll', 'csr', 'receptionist'],
  healthcare: ['receptionist', 'admin_asst', 'data_entry', 'payroll', 'office_mgr'],
  clerical: ['wh_lead', 'line_cook', 'courier', 'cc_supervisor', 'payroll'],
  callcenter: ['wh_lead', 'office_mgr', 'courier', 'admin_asst', 'payroll'],
  driver: ['csr', 'admin_asst', 'payroll', 'wh_manager', 'office_mgr'],
  trades: ['office_mgr', 'admin_asst', 'ap_clerk', 'csr', 'receptionist'],
  hospitality: ['office_mgr', 'admin_asst', 'payroll', 'receptionist', 'csr'],
  accounting: ['csr', 'receptionist', 'wh_manager', 'cc_supervisor', 'courier'],
};
/** Whose real work is unrelated to most orders (the keyword-stuffed and the "since" jobs). */
const UNRELATED: OccupationKey[] = ['cashier', 'dishwasher', 'laborer', 'data_entry', 'housekeeper', 'courier'];

function echoLines(order: EvalOrder): string[] {
  const title = order.title.replace(/\s*\(.*\)/, '');
  const [one = title, two = one] = order.requiredSkills;
  return [
    `Scheduled the ${title} team and kept their timecards and ${one} training records`,
    `Recruited and onboarded ${title}s; answered their questions about ${two}`,
    `Took calls from customers about ${one}, ${two} and ${title} staffing`,
  ].sort(() => random() - 0.5).slice(0, 2);
}

function densePool(order: EvalOrder): Persona[] {
  const graded = (g: number) => Object.entries(order.grading.accept).filter(([, v]) => v === g).map(([k]) => k).filter(isOccupation);
  const notAccepted = (list: OccupationKey[]) => list.filter((k) => !(k in order.grading.accept));
  const own = graded(3), close = graded(2).filter((k) => k in OTHER_WORDS), weak = graded(1);
  const state = placeOf(order.worksite.postalCode).region;
  const spanish = order.grading.requiresSpanish ? { speaksSpanish: true } : {};
  const aimed = (kind: AdditionKind) => ({ addition: { kind, orders: [order.id] }, zip: near(order.id) });
  /** What a person of this occupation holds for this order: the usual licences, the required ones (and the preferred, for a strong fit), all current. */
  const licencesFor = (occupation: OccupationKey, withPreferred: boolean): Licence[] => {
    const usual = OCCUPATIONS[occupation].certs.map(([c]) => c);
    const required = order.requiredCertifications.map((r) => { const alternatives = r.split('|').filter(isCert); return alternatives.find((a) => usual.includes(a)) ?? alternatives[0]!; });
    const preferred = withPreferred ? order.preferredCertifications.filter(isCert) : [];
    return [...new Set([...usual, ...required, ...preferred])].map((cert) => ({ cert, state, expires: valid() }));
  };
  /** Enough years for the order, within what the occupation's people have. */
  const enough = (occupation: OccupationKey) => {
    const least = Math.max(OCCUPATIONS[occupation].years[0], (order.grading.minYears ?? 0) + 0.5);
    const most = Math.max(least, OCCUPATIONS[occupation].years[1]);
    return Math.round((least + random() * (most - least)) * 2) / 2;
  };
  const strong = (occupation: OccupationKey, kind: AdditionKind, extra: Partial<Persona> = {}) =>
    persona(occupation, { ...aimed(kind), ...spanish, years: enough(occupation), licences: licencesFor(occupation, true), ...extra });
  const added: Persona[] = [];
  const writers = own.filter((k) => k in OTHER_WORDS);
  for (let i = 0; i < 2; i++) {
    const occupation = writers[i % writers.length]!;
    // The second writes in Spanish when its trade has Spanish words of its own here (montacargas, auxiliar de enfermería).
    const inSpanish = i === 1 && OTHER_WORDS[occupation]?.titleEs !== undefined && chance(0.6);
    added.push(strong(occupation, 'other-words', { otherWords: true, earlier: null, spanishResume: inSpanish, layout: pick<Layout>(['terse', 'terse', 'chronological', 'skills-first', 'functional', 'table']) }));
  }
  const near2 = close[0] ?? writers[0]!;
  added.push(persona(near2, { ...aimed('other-words-close'), ...spanish, otherWords: true, earlier: null, years: enough(near2), licences: licencesFor(near2, false), layout: pick<Layout>(['terse', 'chronological', 'skills-first']) }));
  const main = own[0]!;
  const since = pick(notAccepted(UNRELATED));
  added.push(strong(main, 'years-ago', { leftYearsAgo: 4 + Math.floor(random() * 6), since, layout: pick<Layout>(['chronological', 'caps', 'table', 'skills-first']) }));
  if (order.grading.minYears) added.push(strong(main, 'short-experience', { years: Math.max(0.5, order.grading.minYears - 1) }));
  if (order.requiredCertifications.length) {
    const [first] = order.requiredCertifications;
    const lapsed = licencesFor(main, true).flatMap((l) => (first!.split('|').includes(l.cert) ? (chance(0.5) ? [{ ...l, expires: expired() }] : []) : [l]));
    added.push(strong(main, 'licence', { licences: lapsed }));
  }
  const otherShift = pick(SHIFTS.filter((s) => s !== shiftOf(order)));
  const notLong = (): Layout => pick<Layout>(['chronological', 'functional', 'skills-first', 'terse', 'caps', 'table']);
  added.push(strong(main, 'shift', { availability: otherShift, layout: notLong() }));
  added.push(strong(main, 'pay', { desiredPay: Math.round(order.payRate * (1.35 + random() * 0.3)), layout: notLong() }));
  const sideways = [...weak, ...graded(2)].filter((k, i, all) => all.indexOf(k) === i).sort(() => random() - 0.5).slice(0, 2);
  for (const occupation of sideways) added.push(persona(occupation, { ...aimed('adjacent'), ...spanish, licences: OCCUPATIONS[occupation].certs.map(([cert]) => ({ cert, state, expires: valid() })) }));
  added.push(persona(pick(notAccepted(ECHOERS[order.family])), { ...aimed('echo'), echo: echoLines(order), layout: pick<Layout>(['chronological', 'caps', 'skills-first', 'long']) }));
  added.push(persona(pick(notAccepted(UNRELATED)), { ...aimed('keyword-stuffed'), stuffed: stuffedFor(order), licences: [] }));
  return added;
}

const firstSetSeed = seed;
seed = 20261128;
for (const order of orders) people.push(...densePool(order));
seed = firstSetSeed;

// Formats: every eleventh resume a DOCX, every thirteenth a PDF (the rest plain text).
people.forEach((p, i) => { p.format = i % 11 === 5 ? 'docx' : i % 13 === 7 ? 'pdf' : 'txt'; });

// ---- The resumes ------------------------------------------------------------------------------

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const MESES = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'];

interface Job { title: string; employer: string; from: string; to: string; duties: string[] }

/** The words a persona's resume uses for its occupation: the usual ones, or other-words.ts'. */
function wordsOf(p: Persona): Occupation {
  const occ = OCCUPATIONS[p.occupation];
  const other = p.otherWords ? OTHER_WORDS[p.occupation] : undefined;
  return other ? { ...occ, ...other } : occ;
}

function jobsOf(p: Persona): Job[] {
  const occ = wordsOf(p);
  const es = p.spanishResume;
  const months = Math.max(4, Math.round(p.years * 12));
  // Someone who left the occupation years ago: its jobs end then, and a job since comes first.
  const left = Math.round((p.leftYearsAgo ?? 0) * 12);
  const lastMonth = 2026 * 12 + 10 - left;
  const startMonth = lastMonth - months;
  const when = (m: number) => (es ? `${MESES[m % 12]} ${Math.floor(m / 12)}` : `${MONTHS[m % 12]} ${Math.floor(m / 12)}`);
  // The current occupation's years split over one or two employers.
  const split = p.years >= 4 && chance(0.6);
  const jobs: Job[] = [];
  const present = es ? 'Actual' : pick(['Present', 'Current', 'Present']);
  const until = left ? when(lastMonth) : present;
  const title = () => (es ? occ.titleEs : pick(occ.titles));
  const duties = (n: number) => (es ? occ.dutiesEs : [...occ.duties].sort(() => random() - 0.5)).slice(0, n);
  const latest = () => (p.echo ? [...p.echo, ...duties(1)] : duties(3));
  if (split) {
    const mid = startMonth + Math.floor(months / 2);
    jobs.push({ title: title(), employer: pick(occ.employers), from: when(mid), to: until, duties: latest() });
    jobs.push({ title: title(), employer: pick(occ.employers), from: when(startMonth), to: when(mid - 1), duties: duties(2) });
  } else {
    jobs.push({ title: title(), employer: pick(occ.employers), from: when(startMonth), to: until, duties: latest() });
  }
  if (p.earlier) {
    const before = OCCUPATIONS[p.earlier];
    const length = 12 + Math.floor(random() * 30);
    jobs.push({ title: es ? before.titleEs : before.titles[0]!, employer: pick(before.employers), from: when(startMonth - length - 1), to: when(startMonth - 1), duties: (es ? before.dutiesEs : before.duties).slice(0, 2) });
  }
  if (p.since) {
    const now = OCCUPATIONS[p.since];
    jobs.unshift({ title: es ? now.titleEs : now.titles[0]!, employer: pick(now.employers), from: when(lastMonth + 1), to: present, duties: (es ? now.dutiesEs : now.duties).slice(0, 2) });
  }
  return jobs;
}

function licenceLines(p: Persona): string[] {
  return p.licences.map((l) => {
    const plain = p.otherWords && !p.spanishResume ? OTHER_CERT_NAMES[l.cert] : undefined;
    const name = (plain ?? CERT_NAMES[l.cert][p.spanishResume ? 'es' : 'en']).replace('{state}', l.state);
    if (!l.expires) return name;
    const [y, m] = l.expires.split('-');
    return p.spanishResume ? `${name}, vence ${m}/${y}` : `${name}, exp. ${m}/${y}`;
  });
}

const SHIFTS_ES: Record<ShiftKind, string> = { days: 'de día', evenings: 'tardes', nights: 'noches' };

/** The resume: its layout, then the availability and pay it states, if any. */
function render(p: Persona): string {
  const es = p.spanishResume;
  const wants = [
    ...(p.availability ? [es ? `Disponibilidad: solo ${SHIFTS_ES[p.availability]}` : `Availability: ${p.availability} only`] : []),
    ...(p.desiredPay ? [es ? `Pago deseado: $${p.desiredPay}/hora` : `Desired pay: $${p.desiredPay}/hr`] : []),
  ];
  return wants.length ? `${resumeBody(p)}\n\n${wants.join('\n')}` : resumeBody(p);
}

function resumeBody(p: Persona): string {
  const occ = wordsOf(p);
  const es = p.spanishResume;
  const jobs = jobsOf(p);
  const phone = `(${p.state === 'MN' ? '612' : p.state === 'TX' ? '512' : '816'}) 555-${String(1000 + Number(p.id) * 7).slice(-4)}`;
  const email = `${p.first}.${p.last}${p.id}@example.com`.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const name = `${p.first} ${p.last}`;
  const addressLine = `${p.street}, ${p.city}, ${p.state} ${p.zip}`;
  const skills = [...(p.stuffed ?? occ.skills), ...(p.speaksSpanish && !es ? ['Bilingual English/Spanish'] : [])];
  const licences = licenceLines(p);
  const years = p.years >= 1 ? Math.floor(p.years) : 1;
  const summary = es
    ? `${occ.titleEs} con ${years} año${years > 1 ? 's' : ''} de experiencia. Responsable, puntual y con ganas de trabajar. Hablo español${chance(0.5) ? ' e inglés básico' : ''}.`
    : p.stuffed
      ? `Hard working and motivated. Experienced in ${p.stuffed.slice(0, 12).join(', ')}. Looking for any opportunity.`
      : `${occ.titles[0]} with ${years}+ year${years > 1 ? 's' : ''} of experience. ${pick(['Reliable and safety minded.', 'Known for attendance and a positive attitude.', 'Looking for a long-term position.', 'Fast learner who works well on a team.'])}`;
  const H = (en: string, sp: string) => (es ? sp : en);
  const jobBlock = (j: Job) => [`${j.title}, ${j.employer} \u2013 ${j.from} \u2013 ${j.to}`, ...j.duties.map((d) => `\u2022 ${d}`)];
  const education = [es && occ.school.includes('High School') ? 'Preparatoria (High School Diploma)' : es && occ.school.includes('high school') ? 'Secundaria' : occ.school];
  const header = [name, `${email} | ${phone}`, addressLine];
  const certs = licences.length ? [H('Certifications & Licenses', 'Certificaciones y Licencias'), ...licences] : [];
  switch (p.layout) {
    case 'terse':
      return [name, `${phone} ${email}`, addressLine, '', `${jobs[0]!.title} - ${jobs[0]!.employer} (${jobs[0]!.from} - ${jobs[0]!.to})`, skills.slice(0, 4).join(', '), ...licences].join('\n');
    case 'functional':
      return [...header, '', H('Profile', 'Perfil'), summary, '', H('Core Competencies', 'Competencias'), ...skills.map((s) => `\u2022 ${s}`), '',
        H('Accomplishments', 'Logros'), ...jobs.flatMap((j) => j.duties.slice(0, 2).map((d) => `\u2022 ${d}`)), '',
        H('Employment History', 'Historial Laboral'), ...jobs.map((j) => `${j.title}, ${j.employer} \u2013 ${j.from} \u2013 ${j.to}`), '',
        ...certs, '', H('Education', 'Educación'), ...education].join('\n');
    case 'skills-first':
      return [...header, '', H('Skills', 'Habilidades'), skills.join(' \u2022 '), '', ...certs, '', H('Experience', 'Experiencia'), ...jobs.flatMap(jobBlock), '', H('Education', 'Educación'), ...education].join('\n');
    case 'caps':
      return [name.toUpperCase(), ...header.slice(1), '', H('SUMMARY', 'RESUMEN'), summary, '', H('WORK HISTORY', 'EXPERIENCIA LABORAL'), ...jobs.flatMap(jobBlock), '',
        H('SKILLS', 'HABILIDADES'), skills.join(', '), '', ...certs.map((c, i) => (i === 0 ? c.toUpperCase() : c)), '', H('EDUCATION', 'EDUCACIÓN'), ...education].join('\n');
    case 'table':
      return [...header, '', H('Work Experience', 'Experiencia'), H('Employer | Title | From | To', 'Empresa | Puesto | Desde | Hasta'),
        ...jobs.map((j) => `${j.employer} | ${j.title} | ${j.from} | ${j.to}`), '', H('Skills', 'Habilidades'), ...skills.map((s) => `${s}\t|`), '', ...certs, '', H('Education', 'Educación'), ...education].join('\n');
    case 'long':
      return [...header, '', H('Professional Summary', 'Resumen Profesional'), summary, `${H('Open to', 'Disponible para')}: ${H('all shifts, overtime, weekends', 'todos los turnos, horas extra, fines de semana')}.`, '',
        H('Work Experience', 'Experiencia Laboral'), ...jobs.flatMap((j) => [...jobBlock(j), ...occ.duties.slice(3).map((d) => `\u2022 ${d}`), '']),
        H('Skills', 'Habilidades'), ...skills.map((s) => `\u2022 ${s}`), '', ...certs, '', H('Education', 'Educación'), ...education, '',
        H('Volunteer', 'Voluntariado'), H('Food shelf volunteer, 2019 - Present', 'Voluntaria en banco de comida, 2019 - Actual'), '', H('References available on request.', 'Referencias disponibles.')].join('\n');
    case 'chronological':
      return [...header, '', H('Summary', 'Resumen'), summary, '', H('Experience', 'Experiencia'), ...jobs.flatMap(jobBlock), '', H('Skills', 'Habilidades'), skills.join(', '), '', ...certs, '', H('Education', 'Educación'), ...education].join('\n');
  }
}

// ---- The grades -------------------------------------------------------------------------------

/** A grade and why: the rubric of README.md ("Grading guide"). */
export function grade(p: Persona, order: EvalOrder): { grade: number; why: string } {
  const occ = OCCUPATIONS[p.occupation];
  const title = occ.titles[0]!;
  const miles = Math.round(milesBetween(placeOf(p.zip), placeOf(order.worksite.postalCode)));
  const radius = order.maxMiles ?? 50;
  const where = `${miles} mi away`;
  if (miles > radius) return { grade: 0, why: `lives ${miles} mi from the worksite (${p.city}, ${p.state}); an on-site hourly order` };
  let g = order.grading.accept[p.occupation] ?? 0;
  const notes: string[] = [];
  if (g === 0) return { grade: 0, why: `${title}${p.stuffed ? ' with a keyword-stuffed skills list' : ''}: not this occupation` };
  notes.push(`${title}, ${p.years} yrs`);
  if (p.stuffed) notes.push('skills list claims much more than the work history shows');
  for (const requirement of order.requiredCertifications) {
    const alternatives = requirement.split('|');
    const held = p.licences.find((l) => alternatives.includes(l.cert));
    const legal = alternatives.some((c) => LEGAL_LICENCES.some((l) => l === c));
    if (!held || (held.expires && held.expires < TODAY.slice(0, 7))) {
      const what = held ? `${held.cert} expired ${held.expires}` : `no ${alternatives.join(' or ')}`;
      if (legal) return { grade: 0, why: `${title}, ${p.years} yrs, but ${what}: the order requires it` };
      g = Math.min(g, 1);
      notes.push(`${what} (required)`);
    }
  }
  if (order.grading.minYears && p.years < order.grading.minYears) { g -= 1; notes.push(`under the ${order.grading.minYears} yrs asked`); }
  if (p.leftYearsAgo && p.leftYearsAgo > 3) { g -= 1; notes.push(`left the work ${p.leftYearsAgo} yrs ago`); }
  for (const preferred of order.preferredCertifications) {
    if (g === 3 && !p.licences.some((l) => l.cert === preferred && (!l.expires || l.expires >= TODAY.slice(0, 7)))) { g = 2; notes.push(`no ${preferred} (preferred)`); }
  }
  if (order.grading.requiresSpanish && !p.speaksSpanish) return { grade: 0, why: `${title}, but no Spanish (required)` };
  if (p.spanishResume && !order.grading.requiresSpanish && ['callcenter', 'clerical', 'accounting'].includes(order.family) && g > 1) { g = Math.min(g, 2); notes.push('resume in Spanish only: English to confirm'); }
  if (p.availability && p.availability !== shiftOf(order) && g > 1) { g = 1; notes.push(`available ${p.availability} only, the order works ${shiftOf(order)}`); }
  if (p.desiredPay && p.desiredPay > order.payRate * 1.25 && g > 1) { g = 1; notes.push(`wants $${p.desiredPay}/hr, the order pays $${order.payRate}`); }
  if (miles > 30 && g > 2) { g = 2; notes.push('long commute'); }
  if (p.stuffed) g = Math.min(g, 1);
  notes.push(where);
  return { grade: Math.max(0, g), why: notes.join('; ') };
}

/** Who is graded for an order: its family and the neighbouring families, and the hard negatives aimed at it. */
function pool(order: EvalOrder): Persona[] {
  const families: Family[] = [order.family, ...FAMILY_NEIGHBOURS[order.family]];
  return people.filter((p) => families.includes(OCCUPATIONS[p.occupation].family) || p.hard?.orders.includes(order.id) || p.addition?.orders.includes(order.id));
}

// ---- Writing ----------------------------------------------------------------------------------

const resumesDir = join(here, 'resumes');
rmSync(resumesDir, { recursive: true, force: true });
mkdirSync(resumesDir);
const manifest = people.map((p) => {
  const file = `${p.id}-${p.occupation.replace(/_/g, '-')}.txt`;
  writeFileSync(join(resumesDir, file), `${render(p)}\n`);
  return { id: p.id, file, format: p.format, language: p.spanishResume ? 'es' : 'en', layout: p.layout, ...(p.hard ? { hardNegative: p.hard.kind, aimedAt: p.hard.orders } : {}), ...(p.addition ? { added: '2026-11-27', addition: p.addition.kind, aimedAt: p.addition.orders } : {}) };
});
writeFileSync(join(here, 'resumes.json'), `${JSON.stringify(manifest, null, 1)}\n`);
const rows = ['order\tresume\tgrade\trationale'];
for (const order of orders) for (const p of pool(order)) { const g = grade(p, order); rows.push(`${order.id}\t${p.id}\t${g.grade}\t${g.why}`); }
writeFileSync(join(here, 'grades.tsv'), `${rows.join('\n')}\n`);
console.log(`${people.length} resumes (${readdirSync(resumesDir).length} files), ${orders.length} orders, ${rows.length - 1} graded pairs`);
