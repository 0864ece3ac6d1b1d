import { describe, expect, it } from 'vitest';
import { minimumYearsIn, NOTHING_STATED, requirementsInText, requirementsOf, type OrderFacts } from './order-requirements.ts';

const facts = (over: Partial<OrderFacts> = {}): OrderFacts => ({
  jobOrderId: 7, customerId: 3, title: null, jobTitle: 'Forklift Operator', description: null, skills: [], payRate: 18, startDate: '2026-12-01', endDate: null,
  worksitePoint: null, postalCodePoint: { latitude: 44.99, longitude: -93.25 }, ...over,
});

describe('requirementsOf', () => {
  it('reads "Required:" and "Preferred:" lines, "must have" and "a plus", and the years asked', () => {
    const read = requirementsInText('Load trucks. Must have a forklift certification, 2+ years. WMS a plus.\nRequired: reach truck.\nPreferred: RF scanner.');
    expect(read.requiredSkills).toContain('reach-truck');
    expect(read.preferredSkills).toEqual(expect.arrayContaining(['wms', 'rf-scanner']));
    expect(read.requiredCertifications).toEqual([['forklift-certification']]);
    expect(read.minimumYears).toBe(2);
    expect(minimumYearsIn('minimum 2 years acute care; 36 hrs/week')).toBe(2);
  });

  it('keeps alternatives as one entry ("CNA or LPN") and a required language', () => {
    const read = requirementsInText('Current CNA or LPN required. MUST be fluent in Spanish.');
    expect(read.requiredCertifications).toEqual([['cna', 'lpn']]);
    expect(read.requiredLanguages).toEqual(['es']);
  });

  it('takes the occupation and seniority from the title, else the job title; the worksite from the postal code when it has no point', () => {
    const r = requirementsOf(facts({ title: 'Warehouse Supervisor', description: 'Required: forklift.' }));
    expect(r).toMatchObject({ jobOrderId: 7, customerId: 3, occupationId: 'warehouse-associate', seniority: 'supervisor', payPerHour: 18, worksite: { latitude: 44.99 } });
    expect(r.sources).toMatchObject({ occupation: 'title', forklift: 'description', worksite: 'postal code' });
    expect(requirementsOf(facts()).occupationId).toBe('forklift-operator');
    expect(requirementsOf(facts({ worksitePoint: { latitude: 45, longitude: -93 } })).sources.worksite).toBe('worksite');
  });

  it('a stated field wins over what is read', () => {
    const r = requirementsOf(facts({ description: 'Required: forklift. 3 years.' }), { ...NOTHING_STATED, requiredSkills: ['pallet-jack'], maxMiles: 25 });
    expect(r.requiredSkills).toEqual(['pallet-jack']);
    expect(r.minimumYears).toBe(3);
    expect(r.maxMiles).toBe(25);
    expect(r.sources).toMatchObject({ requiredSkills: 'stated', 'pallet-jack': 'stated', maxMiles: 'stated', minimumYears: 'description' });
  });
});
