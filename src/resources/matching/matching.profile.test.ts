// The parser's profile: generated resumes (PDF, DOCX, TXT) through the built-in parser's threads come
// back with skill and certification ids, languages, each job's occupation and seniority, desired pay
// and distance; and the pieces on their own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Value } from 'typebox/value';
import { builtInParser } from '../resumes/resume.parser.ts';
import { makeResume, SAMPLE_PERSON, type FixturePerson } from '../resumes/resume.fixtures.ts';
import { ParsedResumeSchema, type ResumeParser } from '../resumes/resume.types.ts';
import { CandidateProfileSchema, desiredPayOf, maxDistanceOf, profileOf } from './matching.profile.ts';

const LUPITA: FixturePerson = {
  ...SAMPLE_PERSON,
  firstName: 'Guadalupe',
  lastName: 'Hernández',
  email: 'lupita.hernandez@example.com',
  skills: ['Hi-Lo', 'reach trucks', 'Class A CDL (H, N)', 'OSHA-10', 'Bilingual English/Spanish'],
  jobs: [
    { title: 'Supervisor de Almacén', employer: 'Bodegas del Norte', start: 'Jan 2021', end: 'Present', bullets: ['Desired pay: $19/hr; willing to commute up to 25 miles.'] },
    { title: 'Operador de Montacargas', employer: 'Acme Logistics', start: '03/2017', end: '12/2020', bullets: ['Cargué y descargué tráileres.'] },
    { title: 'Cashier', employer: 'Initech Foods', start: '2015', end: '2017', bullets: ['Handled cash and card payments.'] },
  ],
};

let parser: ResumeParser;
beforeAll(() => { parser = builtInParser({ poolSize: 1 }); });
afterAll(async () => { await parser?.close(); });

describe('the built-in parser\'s profile (issue 30, decision 0056)', () => {
  for (const format of ['pdf', 'docx', 'txt'] as const) {
    it(`reads the profile of a ${format.toUpperCase()} resume with Spanish titles`, async () => {
      const result = await parser.parse(await makeResume(LUPITA, format));
      expect(Value.Check(ParsedResumeSchema, result)).toBe(true);
      const profile = result.profile!;
      expect(profile.skills.filter((s) => s.stated).map((s) => s.id)).toEqual(expect.arrayContaining(['forklift', 'reach-truck', 'bilingual-spanish']));
      expect(profile.certifications.map((c) => [c.id, c.endorsements])).toEqual(expect.arrayContaining([['cdl-a', ['H', 'N']], ['osha-10', []]]));
      expect(profile.languages.map((l) => l.id)).toEqual(['en', 'es']);
      expect(profile.jobs).toEqual([
        { occupationId: 'warehouse-associate', seniority: 'supervisor' },
        { occupationId: 'forklift-operator', seniority: null },
        { occupationId: 'cashier', seniority: null },
      ]);
      expect(profile.desiredPay).toEqual({ amount: 19, maxAmount: null, per: 'hour' });
      expect(profile.maxDistanceMiles).toBe(25);
      // The spans point into the parsed text.
      const forklift = profile.skills.find((s) => s.id === 'forklift')!;
      expect(result.text.slice(forklift.start, forklift.end)).toBe('Hi-Lo');
    });
  }

  it('an external service may answer with or without a profile', () => {
    const answer = { format: 'txt', firstName: null, middleName: null, lastName: null, email: null, phones: [], address: null, skills: [], interestCodes: [], workHistory: [], education: [], text: '' };
    expect(Value.Check(ParsedResumeSchema, answer)).toBe(true);
    expect(Value.Check(ParsedResumeSchema, { ...answer, profile: profileOf('CNA', []) })).toBe(true);
    expect(Value.Check(ParsedResumeSchema, { ...answer, profile: { skills: 'forklift' } })).toBe(false);
  });
});

describe('profile pieces', () => {
  it('an empty text has an empty profile of the declared shape', () => {
    const profile = profileOf('', [null]);
    expect(Value.Check(CandidateProfileSchema, profile)).toBe(true);
    expect(profile).toEqual({ skills: [], certifications: [], languages: [], jobs: [{ occupationId: null, seniority: null }], desiredPay: null, maxDistanceMiles: null });
  });

  it('reads desired pay as a figure, a range, a salary, in Spanish, and nothing without a label', () => {
    expect(desiredPayOf('Desired Pay: $18.50 per hour')).toEqual({ amount: 18.5, maxAmount: null, per: 'hour' });
    expect(desiredPayOf('Salary requirements: $45,000 - $50,000')).toEqual({ amount: 45000, maxAmount: 50000, per: 'year' });
    expect(desiredPayOf('Expected salary 52k/yr')).toEqual({ amount: 52000, maxAmount: null, per: 'year' });
    expect(desiredPayOf('Salario deseado: 17 por hora')).toEqual({ amount: 17, maxAmount: null, per: 'hour' });
    expect(desiredPayOf('Earned $22/hr at Acme; 2019 - 2021')).toBeNull();
  });

  it('reads how far the candidate will travel, in miles', () => {
    expect(maxDistanceOf('Willing to commute up to 30 miles')).toBe(30);
    expect(maxDistanceOf('Dispuesta a desplazarme hasta 40 km')).toBe(25);
    expect(maxDistanceOf('Drove 500 miles a day for Swift')).toBeNull();
  });
});
