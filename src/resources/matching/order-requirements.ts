// What an order asks, in vocabulary ids (issue 30 item 2): read from what the order already says
// (its title, its job title's name, its description, its skill fields, worksite, pay, dates) through
// the same normaliser the resume parser uses, then merged with what a recruiter stated on it.
// Plain functions: the statement that loads the facts is order-requirements.repository.ts.
import type { OrderRequirements, Point, StatedRequirements } from './matching.contract.ts';
import { findLanguages, findTerms, occupationOf } from './vocabulary/normaliser.ts';
import { CERTIFICATION_BY_ID, OCCUPATIONS } from './vocabulary/vocabulary.ts';

/** What requirementsOf reads of one order (one row of order-requirements.repository.ts). */
export interface OrderFacts {
  jobOrderId: number;
  customerId: number;
  /** The order's own title (its public job title), when it has one. */
  title: string | null;
  /** The name of the order's job title. */
  jobTitle: string | null;
  description: string | null;
  /** The order's skill fields (the job board's skills), each a phrase. */
  skills: string[];
  payRate: number | null;
  /** `yyyy-mm-dd`. */
  startDate: string | null;
  endDate: string | null;
  /** The worksite's own coordinates, when the gazetteer placed its address. */
  worksitePoint: Point | null;
  /** The centroid of the worksite's postal code in the gazetteer: the point when the worksite has none. */
  postalCodePoint: Point | null;
}

/** Nothing stated: every requirement is read from the order. */
export const NOTHING_STATED: StatedRequirements = {
  requiredSkills: [], preferredSkills: [], requiredCertifications: [], preferredCertifications: [], requiredLanguages: [], minimumYears: null, maxMiles: null,
};

type Need = 'required' | 'preferred' | 'mentioned';

/** A clause's own word for how much it is needed ("must have", "a plus"), if it says. */
function needOf(clause: string): Need | null {
  if (/\b(?:preferred|a plus|plus|nice to have|helpful|bonus|welcome|desired|deseable|preferible)\b/i.test(clause)) return 'preferred';
  if (/\b(?:required|requirements?|must|need(?:ed|s)?|mandatory|essential|requerid[oa]s?|obligatori[oa])\b/i.test(clause)) return 'required';
  return null;
}

interface Clause { text: string; start: number; need: Need }

/**
 * The description cut into clauses, each with its need: a line labelled "Required:" / "Preferred:"
 * is all of its kind; otherwise a sentence's clauses (cut at commas) say their own need, else take the
 * sentence's first, else are only "mentioned".
 */
function clausesOf(text: string): Clause[] {
  const out: Clause[] = [];
  for (const sentence of text.matchAll(/[^\n.!?]+(?:[.!?](?=\s|$)|\n|$)/g)) {
    const body = sentence[0];
    const label = /^\s*(required|requirements|must have|preferred|nice to have|a plus|bonus)\s*:/i.exec(body);
    if (label) {
      out.push({ text: body, start: sentence.index, need: /^\s*(?:required|requirements|must)/i.test(label[1]!) ? 'required' : 'preferred' });
      continue;
    }
    const whole = needOf(body) ?? 'mentioned';
    let at = 0;
    for (const part of body.split(/[,;]/)) {
      out.push({ text: part, start: sentence.index + at, need: needOf(part) ?? whole });
      at += part.length + 1;
    }
  }
  return out;
}

interface Read {
  requiredSkills: string[]; preferredSkills: string[]; requiredCertifications: string[][]; preferredCertifications: string[];
  requiredLanguages: string[]; minimumYears: number | null;
}

/**
 * Skills, certifications and languages a text asks for. Certifications named together with "or"
 * between them ("CNA or LPN", "Class B CDL (or A)") are one entry, held when any one is.
 */
export function requirementsInText(text: string): Read {
  const read: Read = { requiredSkills: [], preferredSkills: [], requiredCertifications: [], preferredCertifications: [], requiredLanguages: [], minimumYears: minimumYearsIn(text) };
  const clauses = clausesOf(text);
  const needAt = (offset: number) => {
    let need: Need = 'mentioned';
    for (const c of clauses) if (c.start <= offset) need = c.need;
    return need;
  };
  const hits = findTerms(text);
  let group: { ids: string[]; need: Need; end: number } | null = null;
  const closeGroup = () => {
    if (!group) return;
    if (group.need === 'required') read.requiredCertifications.push(group.ids);
    else read.preferredCertifications.push(...group.ids);
    group = null;
  };
  for (const hit of hits) {
    const need = needAt(hit.start);
    if (hit.kind === 'skill') {
      (need === 'required' ? read.requiredSkills : read.preferredSkills).push(hit.id);
      continue;
    }
    // An endorsement asked for alone is asked for as itself; "or" between two certifications joins them.
    const between: string | null = group ? text.slice(group.end, hit.start) : null;
    // The same one again ("Class A Commercial Driver License (CDL-A)") or another after "or".
    const again = group?.ids.at(-1) === hit.id && between !== null && !/[.\n,]/.test(between);
    if (group && between !== null && (again || (/\bor\b/i.test(between) && !/[.\n]/.test(between)))) {
      if (!group.ids.includes(hit.id)) group.ids.push(hit.id);
      group.end = hit.end;
      continue;
    }
    closeGroup();
    group = { ids: [hit.id], need, end: hit.end };
  }
  closeGroup();
  // Each clause apart: a language named first in passing ("Bilingual English/Spanish CSRs") may be required later.
  for (const clause of clauses) if (clause.need === 'required') read.requiredLanguages.push(...findLanguages(clause.text).map((l) => l.id));
  return dedupe(read);
}

function dedupe(read: Read): Read {
  const required = new Set(read.requiredSkills);
  // An entry inside a wider one ("Class B CDL", then "Class B or Class A CDL") is the wider one: it says what else will do.
  const entries = read.requiredCertifications.filter((ids, n, all) => !all.some((other, m) => m !== n && ids.every((id) => other.includes(id)) && (other.length > ids.length || m < n)));
  const groups = new Map(entries.map((ids) => [[...ids].sort().join('|'), ids]));
  const requiredCerts = new Set([...groups.values()].flat());
  return {
    requiredSkills: [...required],
    preferredSkills: [...new Set(read.preferredSkills)].filter((id) => !required.has(id)),
    requiredCertifications: [...groups.values()],
    preferredCertifications: [...new Set(read.preferredCertifications)].filter((id) => !requiredCerts.has(id) && CERTIFICATION_BY_ID.has(id)),
    requiredLanguages: [...new Set(read.requiredLanguages)],
    minimumYears: read.minimumYears,
  };
}

/** "2+ years", "minimum 2 years", "3-5 years" (the least), "1 year": the most the text asks for. */
export function minimumYearsIn(text: string): number | null {
  const years = [...text.matchAll(/\b(\d{1,2})\s*\+?\s*(?:(?:-|to)\s*\d{1,2}\s*)?(?:years?|yrs?|años?)\b(?![\s-]*old)/gi)].map((m) => Number(m[1]));
  return years.length ? Math.max(...years) : null;
}

/** The order's requirements: what it says, read through the vocabulary, with what is stated on it (a stated field wins). */
export function requirementsOf(order: OrderFacts, stated: StatedRequirements = NOTHING_STATED): OrderRequirements {
  const sources: Record<string, string> = {};
  const fromTitle = order.title ? occupationOf(order.title) : null;
  const fromJobTitle = order.jobTitle ? occupationOf(order.jobTitle) : null;
  const described = requirementsInText(order.description ?? '');
  // The order's skill fields are what it asks for: required, as the job board shows them.
  const fields = requirementsInText(order.skills.map((s) => `Required: ${s}`).join('\n'));
  const read: Read = dedupe({
    requiredSkills: [...fields.requiredSkills, ...described.requiredSkills],
    preferredSkills: described.preferredSkills,
    requiredCertifications: [...fields.requiredCertifications, ...described.requiredCertifications],
    preferredCertifications: described.preferredCertifications,
    requiredLanguages: [...fields.requiredLanguages, ...described.requiredLanguages],
    minimumYears: described.minimumYears,
  });
  const occupation = fromTitle ?? fromJobTitle ?? occupationOfSkills([...read.requiredSkills, ...read.requiredCertifications.flat()]);
  if (occupation) sources.occupation = fromTitle ? 'title' : fromJobTitle ? 'job title' : 'skills';
  const fieldSkills = new Set([...fields.requiredSkills, ...fields.requiredCertifications.flat()]);
  for (const id of [...read.requiredSkills, ...read.preferredSkills, ...read.requiredCertifications.flat(), ...read.preferredCertifications]) sources[id] = fieldSkills.has(id) ? 'skills' : 'description';
  if (read.minimumYears !== null) sources.minimumYears = 'description';
  const chosen = chooseStated(read, stated, sources);
  const worksite = order.worksitePoint ?? order.postalCodePoint;
  if (worksite) sources.worksite = order.worksitePoint ? 'worksite' : 'postal code';
  return {
    jobOrderId: order.jobOrderId,
    customerId: order.customerId,
    occupationId: occupation?.occupationId ?? null,
    seniority: occupation?.seniority ?? null,
    ...chosen,
    worksite,
    payPerHour: order.payRate && order.payRate > 0 ? order.payRate : null,
    startDate: order.startDate,
    endDate: order.endDate,
    sources,
  };
}

/**
 * When no title names an occupation ("HVAC Service Technician", "Yard Jockey"), the one whose typical
 * skills the order requires most of (at least two, or one certification: EPA 608 says HVAC).
 */
function occupationOfSkills(required: string[]): { occupationId: string; seniority: null } | null {
  let best: { occupationId: string; seniority: null } | null = null;
  let most = 0;
  for (const occupation of OCCUPATIONS) {
    const shared = occupation.skills.filter((id) => required.includes(id));
    const weight = shared.length + (shared.some((id) => CERTIFICATION_BY_ID.has(id)) ? 1 : 0);
    if (weight >= 2 && weight > most) [best, most] = [{ occupationId: occupation.id, seniority: null }, weight];
  }
  return best;
}

/**
 * Each field stated (a non-empty list, a number) replaces what was read for it: a recruiter who
 * states required skills states all of them, and can so drop one the description misread.
 */
function chooseStated(read: Read, stated: StatedRequirements, sources: Record<string, string>): StatedRequirements {
  const lists = ['requiredSkills', 'preferredSkills', 'preferredCertifications', 'requiredLanguages'] as const;
  const out: StatedRequirements = { ...read, maxMiles: stated.maxMiles };
  for (const key of lists) {
    if (stated[key].length === 0) continue;
    out[key] = stated[key];
    sources[key] = 'stated';
    for (const id of stated[key]) sources[id] = 'stated';
  }
  if (stated.requiredCertifications.length > 0) {
    out.requiredCertifications = stated.requiredCertifications;
    sources.requiredCertifications = 'stated';
    for (const id of stated.requiredCertifications.flat()) sources[id] = 'stated';
  }
  if (stated.minimumYears !== null) {
    out.minimumYears = stated.minimumYears;
    sources.minimumYears = 'stated';
  }
  if (stated.maxMiles !== null) sources.maxMiles = 'stated';
  return out;
}
