// The normaliser on the examples, Spanish titles and the negatives that matter: no
// substrings, CNA vs LPN vs RN apart, lower-case words that are also abbreviations.
import { describe, expect, it } from 'vitest';
import { findCertifications, findLanguages, findSkills, occupationOf } from './normaliser.ts';

const ids = (hits: { id: string }[]) => hits.map((h) => h.id);
const stated = (text: string) => ids(findSkills(text).filter((s) => s.stated));
const implied = (text: string) => findSkills(text).filter((s) => !s.stated).map((s) => [s.id, s.impliedBy]);

describe('skills', () => {
  it('reads "hi-lo", "hilo", "Hi Lo" and "sit-down forklift" as forklift, with the span written', () => {
    for (const text of ['Drove a hi-lo daily', 'hilo', 'HI LO driver', 'Sit-Down Forklifts', 'forklifts']) expect(stated(text), text).toEqual(['forklift']);
    const [hit] = findSkills('Operated a sit-down forklift.');
    expect(hit).toEqual({ id: 'forklift', label: 'Forklift', stated: true, impliedBy: null, start: 11, end: 28 });
  });

  it('a reach truck implies forklift; a stated skill stays stated', () => {
    expect(stated('Reach truck')).toEqual(['reach-truck']);
    expect(implied('Reach truck')).toEqual([['forklift', 'reach-truck']]);
    expect(implied('Reach truck, forklift')).toEqual([]);
  });

  it('ignores case, punctuation, plurals and "and" versus "&"', () => {
    for (const text of ['Shipping & Receiving', 'shipping and receiving', 'SHIPPING/RECEIVING']) expect(stated(text), text).toEqual(['shipping-receiving']);
    expect(stated('pallet jacks; RF scanners')).toEqual(['pallet-jack', 'rf-scanner']);
    expect(stated('Hand & Power Tools')).toEqual(['power-tools']);
  });

  it('prefers the longest phrase and never joins words across a comma', () => {
    expect(stated('electric pallet jack')).toEqual(['pallet-jack']);
    expect(stated('Pallet, jack of all trades')).toEqual([]);
  });

  it('never matches inside a word', () => {
    expect(findSkills('An excellent, reposted resume; learning; misshipping; uncooking')).toEqual([]);
    expect(stated('sqlite')).toEqual([]);
  });

  it('a certification implies skills: forklift certification -> forklift, CNA -> patient care', () => {
    expect(implied('Forklift certified')).toEqual([['forklift', 'forklift-certification']]);
    expect(implied('CNA')).toEqual([['patient-care', 'cna'], ['vital-signs', 'cna'], ['adl-assistance', 'cna']]);
  });

  it('reads Spanish skills', () => {
    expect(stated('Manejo de montacargas, servicio al cliente, limpieza')).toEqual(['forklift', 'customer-service', 'janitorial']);
    // "cajas" are boxes, not the till.
    expect(stated('Armé cajas y tarimas')).toEqual([]);
  });
});

describe('certifications', () => {
  it('reads a number and an expiry written beside it', () => {
    expect(findCertifications('CNA #123456, exp. 06/2027')).toEqual([
      { id: 'cna', label: 'CNA', kind: 'certification', number: '123456', expires: '2027-06', endorsements: [], start: 0, end: 3 },
    ]);
    const [rn, bls] = findCertifications('Registered Nurse, License No. RN-778812, expires March 31, 2026; BLS valid through 2026-01');
    expect(rn).toMatchObject({ id: 'rn', number: 'RN-778812', expires: '2026-03-31' });
    expect(bls).toMatchObject({ id: 'bls', number: null, expires: '2026-01' });
    expect(findCertifications('ServSafe Food Handler (exp 12/31/2025)')).toEqual([expect.objectContaining({ id: 'servsafe', expires: '2025-12-31' })]);
  });

  it('keeps CNA, LPN and RN apart: none implies or matches another', () => {
    expect(ids(findCertifications('Certified Nursing Assistant'))).toEqual(['cna']);
    expect(ids(findCertifications('Licensed Practical Nurse (LVN in Texas)'))).toEqual(['lpn']);
    expect(ids(findCertifications('LPN working toward my RN'))).toEqual(['lpn', 'rn']);
    expect(ids(findCertifications('CNA, 3 years'))).toEqual(['cna']);
  });

  it('"RN" only as a word in capitals: not inside words, not the lower-case letters', () => {
    expect(findCertifications('Learning, turning, Kern County, rn')).toEqual([]);
    expect(ids(findCertifications('Staff RN; RNs on the floor'))).toEqual(['rn']);
  });

  it('reads CDL classes with their endorsements, by letter or by name', () => {
    const [cdl, ...endorsements] = findCertifications('Class A CDL with H, N endorsements, clean MVR');
    expect(cdl).toMatchObject({ id: 'cdl-a', kind: 'licence', endorsements: ['H', 'N'] });
    expect(ids(endorsements)).toEqual(['cdl-hazmat', 'cdl-tanker']);
    expect(findCertifications('CDL-B, Tanker endorsement, exp 2027')[0]).toMatchObject({ id: 'cdl-b', endorsements: ['N'], expires: '2027' });
    expect(ids(findCertifications('CDL A and CDL B'))).toEqual(['cdl-a', 'cdl-b']);
  });

  it('reads OSHA 10 and OSHA 30 apart, and EPA 608', () => {
    expect(ids(findCertifications('OSHA-10, OSHA 30-Hour Construction, EPA 608 Universal'))).toEqual(['osha-10', 'osha-30', 'epa-608']);
  });
});

describe('languages', () => {
  it('reads languages with their level', () => {
    expect(findLanguages('Languages: English (native), Spanish (conversational)').map((l) => [l.id, l.level])).toEqual([['en', 'native'], ['es', 'conversational']]);
    expect(findLanguages('Bilingüe: español e inglés').map((l) => [l.id, l.level])).toEqual([['es', 'fluent'], ['en', null]]);
  });

  it('"polish" the verb is not Polish', () => {
    expect(findLanguages('Buffed and polished floors, polish brass')).toEqual([]);
    expect(ids(findLanguages('Speaks Polish'))).toEqual(['pl']);
  });
});

describe('job titles', () => {
  it('names the occupation and reads the seniority apart', () => {
    expect(occupationOf('Warehouse Supervisor')).toEqual({ occupationId: 'warehouse-associate', seniority: 'supervisor' });
    expect(occupationOf('Sr. Forklift Operator')).toEqual({ occupationId: 'forklift-operator', seniority: 'senior' });
    expect(occupationOf('Lead Line Cook')).toEqual({ occupationId: 'cook', seniority: 'lead' });
    expect(occupationOf('CNA Trainee')).toEqual({ occupationId: 'certified-nursing-assistant', seniority: 'trainee' });
    expect(occupationOf('Assistant Manager - Warehouse')).toEqual({ occupationId: 'warehouse-associate', seniority: 'manager' });
    expect(occupationOf('Truck Loader')).toEqual({ occupationId: 'loader', seniority: null });
  });

  it('reads Spanish titles', () => {
    expect(occupationOf('Montacarguista')).toEqual({ occupationId: 'forklift-operator', seniority: null });
    expect(occupationOf('Operador de Montacargas')).toEqual({ occupationId: 'forklift-operator', seniority: null });
    expect(occupationOf('Auxiliar de Enfermería')).toEqual({ occupationId: 'certified-nursing-assistant', seniority: null });
    expect(occupationOf('Jefe de Almacén')).toEqual({ occupationId: 'warehouse-associate', seniority: 'lead' });
    expect(occupationOf('Cocinera')).toEqual({ occupationId: 'cook', seniority: null });
    expect(occupationOf('Camarista')).toEqual({ occupationId: 'housekeeper', seniority: null });
    expect(occupationOf('Chofer de tráiler')).toEqual({ occupationId: 'truck-driver', seniority: null });
  });

  it('keeps nursing titles apart and answers null for what it does not know', () => {
    expect(occupationOf('LPN')?.occupationId).toBe('licensed-practical-nurse');
    expect(occupationOf('Registered Nurse')?.occupationId).toBe('registered-nurse');
    expect(occupationOf('Nursing Assistant')?.occupationId).toBe('certified-nursing-assistant');
    expect(occupationOf('Shift Supervisor')).toBeNull();
    expect(occupationOf('Astronaut')).toBeNull();
    expect(occupationOf('Ma and Pa Store Owner')).toBeNull();
  });
});

describe('vocabulary gaps found on the parser\'s output (issue 30)', () => {
  it('reads TABC, the Texas alcohol seller-server certification, apart from TIPS', () => {
    expect(ids(findCertifications('TABC Seller-Server Certification, exp. 05/2027'))).toEqual(['tabc']);
    expect(ids(findCertifications('TABC certified; TIPS certified'))).toEqual(['tabc', 'tips']);
    expect(findCertifications('Certificación TABC, vence 03/2028')).toEqual([expect.objectContaining({ id: 'tabc', expires: '2028-03' })]);
    // "tabc" is no ordinary word, yet "tab c" is not it.
    expect(ids(findCertifications('Press tab c to continue'))).toEqual([]);
  });

  it('reads the AWS D1.1 structural weld test as the AWS welding certification', () => {
    expect(ids(findCertifications('Structural weld test D1.1, exp. 08/2027'))).toEqual(['aws-welding-certification']);
    expect(ids(findCertifications('Passed D1.1 weld test (3G/4G)'))).toEqual(['aws-welding-certification']);
    expect(ids(findCertifications('AWS D1.1 Structural Welding Certification'))).toEqual(['aws-welding-certification']);
  });

  it('reads a sous chef as a chef (the kitchen\'s lead), not a cook', () => {
    expect(occupationOf('Sous Chef')).toEqual({ occupationId: 'chef', seniority: null });
    expect(occupationOf('Executive Sous Chef')).toEqual({ occupationId: 'chef', seniority: null });
    expect(occupationOf('Head Chef')).toEqual({ occupationId: 'chef', seniority: 'lead' });
    expect(occupationOf('Line Cook')).toEqual({ occupationId: 'cook', seniority: null });
  });

  it('reads call center titles: a contact center supervisor, a customer care specialist, a collector', () => {
    expect(occupationOf('Contact Center Supervisor')).toEqual({ occupationId: 'call-center-agent', seniority: 'supervisor' });
    expect(occupationOf('Customer Care Specialist')).toEqual({ occupationId: 'customer-service-representative', seniority: null });
    expect(occupationOf('Collections Representative')).toEqual({ occupationId: 'collections-representative', seniority: null });
    expect(occupationOf('Collector')).toEqual({ occupationId: 'collections-representative', seniority: null });
  });

  it('a synonym\'s capitals are matched as written, its other words in any case ("AP specialist" is "AP Specialist")', () => {
    expect(occupationOf('AP Specialist')).toEqual({ occupationId: 'accounts-payable-clerk', seniority: null });
    expect(occupationOf('AR SPECIALIST')).toEqual({ occupationId: 'accounts-receivable-clerk', seniority: null });
    expect(occupationOf('Ap Specialist')).toBeNull();
  });
});
