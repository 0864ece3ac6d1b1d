import { describe, expect, it } from 'vitest';
import { EMPTY_PROFILE, type EmployeeProfile } from './employee-profile.schema.ts';
import type { CandidateFacts, MatchCategory, OrderRequirements } from './matching.contract.ts';
import { DEFAULT_WEIGHTS, scoreMatch } from './score-match.ts';

const TODAY = '2026-11-27';
const order = (over: Partial<OrderRequirements> = {}): OrderRequirements => ({
  jobOrderId: 1, customerId: 1, occupationId: 'order-picker', seniority: null, requiredSkills: [], preferredSkills: [], requiredCertifications: [], preferredCertifications: [],
  requiredLanguages: [], minimumYears: null, maxMiles: null, worksite: { latitude: 30.2, longitude: -97.7 }, payPerHour: 17.5, startDate: '2026-12-07', endDate: null, sources: {}, ...over,
});
const job = (occupationId: string | null, startDate: string, endDate: string | null, seniority: EmployeeProfile['workHistory'][number]['seniority'] = null) => ({
  employer: 'Acme', title: occupationId, occupationId, seniority, startDate, endDate, current: endDate === null,
});
const person = (over: Partial<EmployeeProfile> = {}): EmployeeProfile => ({ ...EMPTY_PROFILE, ...over });
const facts = (over: Partial<CandidateFacts> = {}): CandidateFacts => ({
  employeeId: 1, name: 'A', isActive: true, status: null, place: { latitude: 30.2, longitude: -97.7 }, overlappingAssignments: 0, pastAssignmentsWithCustomer: [], assessments: [], refusals: [], ...over,
});
const part = (category: MatchCategory, requirements: OrderRequirements, profile: EmployeeProfile, f = facts()) =>
  scoreMatch({ requirements, profile, facts: f, weights: DEFAULT_WEIGHTS, today: TODAY }).evidence.find((e) => e.category === category)!;

describe('scoreMatch', () => {
  it('occupation: a picker for a picker order is 1, a forklift operator (same family) half, a cook nothing', () => {
    expect(part('occupation', order(), person({ workHistory: [job('order-picker', '2024-01', null)] })).value).toBe(1);
    expect(part('occupation', order(), person({ workHistory: [job('forklift-operator', '2024-01', null)] })).value).toBe(0.5);
    expect(part('occupation', order(), person({ workHistory: [job('cook', '2024-01', null)] })).value).toBe(0);
  });

  it('occupation: seniority mismatch lowers it both ways (a manager for a picker order, a picker for a manager order)', () => {
    const manager = person({ workHistory: [job('warehouse-associate', '2015-01', null, 'manager')] });
    const picker = person({ workHistory: [job('warehouse-associate', '2015-01', null)] });
    const pickerOrder = order({ occupationId: 'warehouse-associate' });
    const managerOrder = order({ occupationId: 'warehouse-associate', seniority: 'manager' });
    expect(part('occupation', pickerOrder, picker).value).toBe(1);
    expect(part('occupation', pickerOrder, manager).value).toBeLessThan(0.3);
    expect(part('occupation', managerOrder, picker).value).toBeLessThan(0.3);
    expect(part('occupation', managerOrder, manager).value).toBe(1);
    expect(part('occupation', pickerOrder, manager).summary).toContain('seniority manager');
  });

  it('skills: a cashier listing forklift and WMS (keyword stuffing) counts less than a forklift operator whose history backs them', () => {
    const asked = order({ occupationId: 'forklift-operator', requiredSkills: ['forklift', 'wms'] });
    const skills = [{ id: 'forklift', stated: true }, { id: 'wms', stated: true }];
    const stuffed = part('skills', asked, person({ skills, workHistory: [job('cashier', '2020-01', null)] }));
    const real = part('skills', asked, person({ skills, workHistory: [job('forklift-operator', '2020-01', null)] }));
    expect(real.value).toBe(1);
    expect(stuffed.value).toBe(0.5);
    expect(stuffed.summary).toContain('no work history behind them: forklift, wms');
    expect(part('skills', asked, person({ skills: [skills[0]!], workHistory: [job('forklift-operator', '2020-01', null)] })).missing).toEqual(['wms']);
  });

  it('a resume whose jobs could not be read leaves occupation and experience unknown and takes its skills as listed', () => {
    const asked = order({ occupationId: 'forklift-operator', requiredSkills: ['forklift'] });
    const unread = person({ skills: [{ id: 'forklift', stated: true }] });
    expect(part('occupation', asked, unread).value).toBeNull();
    expect(part('experience', asked, unread).value).toBeNull();
    expect(part('skills', asked, unread).value).toBe(1);
  });

  it('skills: a required language not spoken is missing (a bilingual desk)', () => {
    const bilingual = order({ occupationId: 'customer-service-representative', requiredLanguages: ['es'] });
    expect(part('skills', bilingual, person({ languages: [{ id: 'en', level: 'native' }] })).missing).toEqual(['es']);
    expect(part('skills', bilingual, person({ languages: [{ id: 'es', level: 'fluent' }] })).value).toBe(1);
  });

  it('certifications: an expired CNA counts as missing, with when it expired; "CNA or LPN" is held by either', () => {
    const cnaOrder = order({ occupationId: 'certified-nursing-assistant', requiredCertifications: [['cna']] });
    const cert = (id: string, expires: string | null) => ({ id, number: null, expires, endorsements: [] });
    const expired = part('certifications', cnaOrder, person({ certifications: [cert('cna', '2023-04')] }));
    expect(expired.value).toBe(0);
    expect(expired.missing).toEqual(['cna']);
    expect(expired.summary).toContain('expired 2023-04');
    expect(part('certifications', cnaOrder, person({ certifications: [cert('cna', '2027-06')] })).value).toBe(1);
    const either = order({ requiredCertifications: [['cna', 'lpn']] });
    expect(part('certifications', either, person({ certifications: [cert('lpn', null)] })).matched).toEqual(['lpn']);
  });

  it('distance: next door is 1, 40 miles less, beyond the radius 0', () => {
    const at = (latitude: number) => part('distance', order(), person(), facts({ place: { latitude, longitude: -97.7 } })).value!;
    expect(at(30.2)).toBe(1);
    expect(at(30.78)).toBeGreaterThan(0);
    expect(at(30.78)).toBeLessThan(0.7);
    expect(at(31.2)).toBe(0);
  });

  it('experience: by length against the years asked, and by recency', () => {
    const fiveYears = order({ occupationId: 'warehouse-associate', seniority: 'manager', minimumYears: 5 });
    const current = person({ workHistory: [job('warehouse-associate', '2016-01', null, 'manager')] });
    const twoYears = person({ workHistory: [job('warehouse-associate', '2024-11', null, 'manager')] });
    const longAgo = person({ workHistory: [job('cook', '2019-01', null), job('warehouse-associate', '2008-01', '2018-12', 'manager')] });
    expect(part('experience', fiveYears, current).value).toBe(1);
    expect(part('experience', fiveYears, twoYears).value).toBeCloseTo(0.4, 1);
    expect(part('experience', fiveYears, longAgo).value).toBe(0.6);
  });

  it('pay, availability, history, assessments: from the facts and the desired pay', () => {
    expect(part('pay', order(), person({ desiredPay: { amount: 17, maxAmount: null, per: 'hour' } })).value).toBe(1);
    expect(part('pay', order(), person({ desiredPay: { amount: 50000, maxAmount: null, per: 'year' } })).value).toBe(0.2);
    expect(part('availability', order(), person(), facts({ isActive: false })).value).toBe(0);
    const past = { assignmentId: 9, jobTitle: null, startDate: null, endDate: null, performanceNote: null };
    expect(part('history', order(), person(), facts({ pastAssignmentsWithCustomer: [{ ...past, endedWell: false }] })).value).toBe(0);
    expect(part('assessments', order(), person(), facts({ assessments: [{ name: 'Forklift', score: 80, passed: true, completedAt: null }] })).value).toBe(0.8);
    expect(part('history', order(), person()).value).toBeNull();
  });

  it('the score is the weighted mean of the known categories; a weight of 0 leaves a category out', () => {
    const profile = person({ workHistory: [job('order-picker', '2020-01', null)] });
    const all = scoreMatch({ requirements: order(), profile, facts: facts(), weights: DEFAULT_WEIGHTS, today: TODAY });
    const known = all.evidence.filter((e) => e.value !== null && e.weight > 0);
    expect(all.score).toBe(Math.round((100 * known.reduce((s, e) => s + e.value! * e.weight, 0)) / known.reduce((s, e) => s + e.weight, 0)));
    const onlyDistance = Object.fromEntries(Object.keys(DEFAULT_WEIGHTS).map((k) => [k, k === 'distance' ? 1 : 0]));
    expect(scoreMatch({ requirements: order(), profile, facts: facts({ place: { latitude: 31.2, longitude: -97.7 } }), weights: { ...DEFAULT_WEIGHTS, ...onlyDistance }, today: TODAY }).score).toBe(0);
  });
});
