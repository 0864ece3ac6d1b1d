// A candidate's normalised profile as read from a resume's text: the seam between the parser and
// the matcher (issue 30). The built-in parser fills it (resume.fields.ts); storing it on the
// employee, the order's requirements and the scorer come next and read the same shape.
import { Type, type Static } from 'typebox';
import { normaliseText, occupationOf, type TermHit, type Token } from './vocabulary/normaliser.ts';
import { CertificationHitSchema, LanguageHitSchema, OccupationMatchSchema, SkillHitSchema } from './vocabulary/vocabulary.schemas.ts';

export const PAY_PERIODS = ['hour', 'day', 'week', 'month', 'year'] as const;

export const DesiredPaySchema = Type.Object({
  amount: Type.Number({ minimum: 0 }),
  /** The top of a range ("$17-19/hr"); null for one figure. */
  maxAmount: Type.Union([Type.Number({ minimum: 0 }), Type.Null()]),
  per: Type.Enum(PAY_PERIODS),
});
export type DesiredPay = Static<typeof DesiredPaySchema>;

export const CandidateProfileSchema = Type.Object({
  skills: Type.Array(SkillHitSchema),
  certifications: Type.Array(CertificationHitSchema),
  languages: Type.Array(LanguageHitSchema),
  /** One per work history entry, in the same order: the title's occupation and seniority (nulls when not recognised). */
  jobs: Type.Array(OccupationMatchSchema),
  desiredPay: Type.Union([DesiredPaySchema, Type.Null()]),
  /** How far the candidate says they will travel to work, in miles (kilometres converted). */
  maxDistanceMiles: Type.Union([Type.Number({ minimum: 0 }), Type.Null()]),
}, { description: 'The resume read through the skill and occupation vocabulary (docs/matching.md).' });
export type CandidateProfile = Static<typeof CandidateProfileSchema>;

/** The profile of a resume's text; `titles` are its work history's titles, in order. */
export function profileOf(text: string, titles: (string | null)[], tokens?: Token[], terms?: TermHit[]): CandidateProfile {
  return {
    ...normaliseText(text, tokens, terms),
    jobs: titles.map((title) => (title && occupationOf(title)) || { occupationId: null, seniority: null }),
    desiredPay: desiredPayOf(text),
    maxDistanceMiles: maxDistanceOf(text),
  };
}

// ---- desired pay and distance -----------------------------------------------------------------

const MONEY = '\\$?\\s?(\\d{1,3}(?:,\\d{3})+|\\d+(?:\\.\\d{1,2})?)\\s*(k)?';
const PAY = new RegExp(
  '(?:desired|expected|target|minimum|requested)\\s+(?:pay|salary|wage|rate|compensation)|salary\\s+(?:requirements?|expectations?)|pay\\s+(?:expectations?|requirements?|rate\\s+desired)'
  + '|salario\\s+(?:deseado|esperado)|pago\\s+deseado|sueldo\\s+deseado',
  'i',
);
const PAY_FIGURE = new RegExp(`^[^\\n\\d$]{0,25}${MONEY}(?:\\s*(?:-|–|to|a)\\s*${MONEY})?\\s*(?:/|per|an?|por\\s+|al?\\s+)?\\s*(hour|hr|h|day|week|wk|month|mo|year|yr|annually|annual|hora|dia|día|semana|mes|año|ano)?\\b`, 'i');
const PERIODS: Record<string, DesiredPay['per']> = {
  hour: 'hour', hr: 'hour', h: 'hour', hora: 'hour', day: 'day', dia: 'day', 'día': 'day', week: 'week', wk: 'week', semana: 'week',
  month: 'month', mo: 'month', mes: 'month', year: 'year', yr: 'year', annually: 'year', annual: 'year', 'año': 'year', ano: 'year',
};

/** "Desired pay: $18/hr", "Salary requirements: $45,000 - $50,000", "Salario deseado: 17 por hora". */
export function desiredPayOf(text: string): DesiredPay | null {
  const label = PAY.exec(text);
  if (!label) return null;
  const m = PAY_FIGURE.exec(text.slice(label.index + label[0].length, label.index + label[0].length + 80));
  if (!m) return null;
  const money = (digits: string | undefined, k: string | undefined) => (digits === undefined ? null : Number(digits.replace(/,/g, '')) * (k ? 1000 : 1));
  const amount = money(m[1], m[2])!;
  const maxAmount = money(m[3], m[4]);
  // Without a period, the size says it: nobody asks $18 a year or $45,000 an hour.
  const per = (m[5] && PERIODS[m[5].toLowerCase()]) || (amount < 200 ? 'hour' : 'year');
  return { amount, maxAmount, per };
}

const DISTANCE = /\b(?:commut\w*|travel\w*|relocat\w*|distance|radius|drive|desplaz\w*|viajar|trasladarme)\b[^.\n\d]{0,30}?(\d{1,3}(?:\.\d)?)\s*(miles?|mi|km|kilometers?|kilometres?|kil[oó]metros|millas)\b/i;

/** "Willing to commute up to 30 miles", "dispuesto a desplazarme hasta 40 km". */
export function maxDistanceOf(text: string): number | null {
  const m = DISTANCE.exec(text);
  if (!m) return null;
  const n = Number(m[1]);
  return /^(?:mi|mil)/i.test(m[2]!) ? n : Math.round(n * 0.621371);
}
