// The vocabulary's integrity: every entry has the declared shape, ids are unique, implications point
// to skills that exist and never loop, and every synonym names exactly one thing.
import { describe, expect, it } from 'vitest';
import { Value } from 'typebox/value';
import { Type, type TSchema } from 'typebox';
import { CERTIFICATIONS, FAMILIES, INTEREST_CODES, LANGUAGES, OCCUPATIONS, SENIORITY_MARKERS, SKILL_BY_ID, SKILLS } from './vocabulary.ts';
import { CertificationSchema, FAMILY_IDS, LanguageSchema, OccupationSchema, SeniorityMarkerSchema, SkillSchema } from './vocabulary.schemas.ts';
import { INDEXES, tokenize } from './normaliser.ts';

const duplicates = (values: string[]) => values.filter((v, i) => values.indexOf(v) !== i);
const invalid = (schema: TSchema, entries: unknown[]) => entries.filter((e) => !Value.Check(schema, e));

describe('vocabulary integrity (decision 0056)', () => {
  it('every entry has the declared shape', () => {
    expect(invalid(SkillSchema, SKILLS)).toEqual([]);
    expect(invalid(CertificationSchema, CERTIFICATIONS)).toEqual([]);
    expect(invalid(LanguageSchema, LANGUAGES)).toEqual([]);
    expect(invalid(OccupationSchema, OCCUPATIONS)).toEqual([]);
    expect(invalid(SeniorityMarkerSchema, SENIORITY_MARKERS)).toEqual([]);
    expect(Value.Check(Type.Array(Type.String()), INTEREST_CODES)).toBe(true);
  });

  it('ids are unique: skills and certifications share one namespace, occupations and languages have their own', () => {
    expect(duplicates([...SKILLS, ...CERTIFICATIONS].map((e) => e.id))).toEqual([]);
    expect(duplicates(OCCUPATIONS.map((o) => o.id))).toEqual([]);
    expect(duplicates(LANGUAGES.map((l) => l.id))).toEqual([]);
  });

  it('every synonym, label and title names one thing (no form claimed by two entries, none written twice)', () => {
    for (const [name, index] of Object.entries(INDEXES)) expect(index.collisions, name).toEqual([]);
    const within = (forms: string[]) => duplicates(forms.map((f) => tokenize(f).map((t) => t.key).join(' ')));
    for (const e of [...SKILLS, ...CERTIFICATIONS, ...LANGUAGES]) expect(within(e.synonyms), e.id).toEqual([]);
    for (const o of OCCUPATIONS) expect(within(o.synonyms), o.id).toEqual([]);
  });

  it('implied skills exist, are skills (a certification never implies a certification) and never loop', () => {
    for (const e of [...SKILLS, ...CERTIFICATIONS]) for (const id of e.implies ?? []) expect(SKILL_BY_ID.has(id), `${e.id} implies ${id}`).toBe(true);
    const reaches = (from: string, seen = new Set<string>()): Set<string> => {
      for (const id of SKILL_BY_ID.get(from)?.implies ?? []) if (!seen.has(id)) reaches(id, seen.add(id));
      return seen;
    };
    for (const s of SKILLS) expect(reaches(s.id).has(s.id), `${s.id} implies itself`).toBe(false);
  });

  it('an occupation\'s typical skills are skills or certifications of the vocabulary', () => {
    const known = new Set([...SKILLS, ...CERTIFICATIONS].map((e) => e.id));
    for (const o of OCCUPATIONS) expect(o.skills.filter((id) => !known.has(id)), o.id).toEqual([]);
  });

  it('CDL endorsements go on CDLs and carry their letter', () => {
    for (const c of CERTIFICATIONS.filter((c) => c.kind === 'endorsement')) {
      expect(c.code, c.id).toMatch(/^[HNPSTX]$/);
      expect(c.endorses?.every((id) => CERTIFICATIONS.some((l) => l.id === id && l.kind === 'licence')), c.id).toBe(true);
    }
  });

  it('covers every family a staffing agency fills, each with occupations and skills, and keeps the interest codes', () => {
    for (const family of FAMILY_IDS) {
      expect(OCCUPATIONS.some((o) => o.family === family), family).toBe(true);
      expect([...SKILLS, ...CERTIFICATIONS].some((s) => s.families.includes(family)), family).toBe(true);
    }
    expect(FAMILIES.map((f) => f.interestCode)).toEqual(['Warehouse', 'Light Industrial', 'Clerical', 'Customer Service', 'Healthcare', 'IT', 'Hospitality', 'Skilled Trades', 'Driving', 'Construction', 'Accounting', 'Sales', 'Manufacturing']);
  });
});
