// Fields from resume text: each rule on small texts, variants of layout, and what "not found" looks like.
import { describe, expect, it } from 'vitest';
import { findAddress, findName, findPhones, parseFields, splitSections } from './resume.fields.ts';
import { standardStreet } from './resume.address.ts';

const name = (text: string) => {
  const found = findName(splitSections(text));
  return found && [found.first.value, found.last.value];
};
const full = (text: string) => {
  const found = findName(splitSections(text));
  return found && [found.first.value, found.middle?.value ?? null, found.last.value];
};
const phones = (text: string) => findPhones(splitSections(text)).map((p) => p.value);
const address = (text: string) => findAddress(splitSections(text))?.value ?? null;

describe('resume fields: name', () => {
  it('takes the first line that looks like a name, skipping titles, emails and phones', () => {
    expect(name('Resume\nMaria José Ortega\nmaria@example.com')).toEqual(['Maria', 'Ortega']);
    expect(name('CURRICULUM VITAE\n\nJohn Q. Public\n(312) 555-0147')).toEqual(['John', 'Public']);
    expect(name('jane.doe@example.com\nJane Doe')).toEqual(['Jane', 'Doe']);
  });

  it('reads "LAST, First", capitals, accents, hyphens, particles and suffixes', () => {
    expect(name("O'CONNOR-DÍAZ, Renée\nrenee@example.com")).toEqual(['Renée', "O'Connor-Díaz"]);
    expect(name('DOE, Jane M.')).toEqual(['Jane', 'Doe']);
    expect(name('JEAN-LUC PICARD')).toEqual(['Jean-Luc', 'Picard']);
    expect(name('Ludwig van Beethoven')).toEqual(['Ludwig', 'van Beethoven']);
    expect(name('José de la Cruz')).toEqual(['José', 'de la Cruz']);
    expect(name('Jane Doe, RN')).toEqual(['Jane', 'Doe']);
    expect(name('Dr. Martin Luther King Jr.')).toEqual(['Martin', 'King']);
  });

  it('keeps a surname that is also a job word ("Cook", "Mason"); a line of job words alone is a title', () => {
    expect(full('Jamal Cook\njamal.cook@example.com')).toEqual(['Jamal', null, 'Cook']);
    expect(full('COOK, Jamal\nLine Cook')).toEqual(['Jamal', null, 'Cook']);
    expect(full('Line Cook\nJamal Cook')).toEqual(['Jamal', null, 'Cook']);
    expect(full('Mason Lee\nWarehouse Associate')).toEqual(['Mason', null, 'Lee']);
    // Every word a job word: a title, unless it heads the resume and no other line is a name.
    expect(full('Resume\nLine Cook\nForklift Operator')).toBeNull();
    // Two job words are a title, whatever else the line holds (here an employer after the comma).
    expect(full('Forklift Operator, Acme Logistics\nJane Doe')).toEqual(['Jane', null, 'Doe']);
    expect(full('Acme Forklift Operator\nJane Doe')).toEqual(['Jane', null, 'Doe']);
    expect(full('Mason Cook\nmason@example.com')).toEqual(['Mason', null, 'Cook']);
    expect(findName(splitSections('Mason Cook'))!.first.confidence).toBeLessThan(0.75);
  });

  it('keeps each part as written: McDonald in capitals, a short surname that is also a particle', () => {
    expect(full('Ronald McDonald')).toEqual(['Ronald', null, 'McDonald']);
    expect(full('RONALD MCDONALD')).toEqual(['Ronald', null, 'McDonald']);
    expect(full('MCDONALD, Ronald')).toEqual(['Ronald', null, 'McDonald']);
    expect(full('Ronald MCDONALD')).toEqual(['Ronald', null, 'McDonald']);
    expect(full('Thanh Le')).toEqual(['Thanh', null, 'Le']);
    expect(full('THANH LE')).toEqual(['Thanh', null, 'Le']);
    expect(full('LE, Thanh')).toEqual(['Thanh', null, 'Le']);
    expect(full('Marie De La Cruz')).toEqual(['Marie', null, 'De La Cruz']);
    expect(full('AJ Smith')).toEqual(['AJ', null, 'Smith']);
    // A Vietnamese family name last: "Van" before it is a middle name, not the Dutch particle.
    expect(full('Thanh Van Nguyen')).toEqual(['Thanh', 'Van', 'Nguyen']);
    expect(full('Ludwig van Beethoven')).toEqual(['Ludwig', null, 'van Beethoven']);
    expect(full('JUAN DE LA CRUZ')).toEqual(['Juan', null, 'de la Cruz']);
    expect(full('DE LA CRUZ, Juan')).toEqual(['Juan', null, 'de la Cruz']);
  });

  it('keeps middle names, and two Spanish surnames together in the last name', () => {
    expect(full('José Luis Hernández')).toEqual(['José', 'Luis', 'Hernández']);
    expect(full('HERNÁNDEZ, José Luis')).toEqual(['José', 'Luis', 'Hernández']);
    expect(full('José Luis HERNÁNDEZ')).toEqual(['José', 'Luis', 'Hernández']);
    expect(full('Ana García López')).toEqual(['Ana', null, 'García López']);
    expect(full('GARCÍA LÓPEZ, Ana')).toEqual(['Ana', null, 'García López']);
    expect(full('Ana GARCÍA LÓPEZ')).toEqual(['Ana', null, 'García López']);
    expect(full('Ana Garcia Lopez')).toEqual(['Ana', null, 'Garcia Lopez']);
    expect(full('Ana María García y López')).toEqual(['Ana', 'María', 'García y López']);
    expect(full('Juan Pérez de la Cruz')).toEqual(['Juan', null, 'Pérez de la Cruz']);
    expect(full('João Pedro Silva Santos')).toEqual(['João', 'Pedro', 'Silva Santos']);
    expect(full('John Michael Smith')).toEqual(['John', 'Michael', 'Smith']);
    expect(full('Maria José Ortega')).toEqual(['Maria', 'José', 'Ortega']);
    expect(full('John Q. Public')).toEqual(['John', 'Q.', 'Public']);
    expect(full('Dr. Martin Luther King Jr.')).toEqual(['Martin', 'Luther', 'King']);
    expect(full('DOE, Jane M.')).toEqual(['Jane', 'M.', 'Doe']);
  });

  it('gives a lower confidence to a name further down, and null when there is none', () => {
    const first = findName(splitSections('Jane Doe'))!;
    const later = findName(splitSections('Resume\nPage 1\nWarehouse Associate\nJane Doe'))!;
    expect(first.first.confidence).toBeGreaterThan(later.first.confidence);
    expect(findName(splitSections('Resume\nwarehouse worker looking for work\n555 0147'))).toBeNull();
  });
});

describe('resume fields: email and phones', () => {
  it('finds the email and lower-cases its domain only', () => {
    expect(parseFields('Jane Doe\nContact: Jane.Doe@Example.COM.', 'txt').email).toEqual({ value: 'Jane.Doe@example.com', confidence: 0.99 });
    expect(parseFields('Jane Doe', 'txt').email).toBeNull();
  });

  it('reads phones with their calling code and kind from labels', () => {
    expect(phones('Jane Doe\nCell: 312.555.0199 | Home (773) 555-0123 | Office: +1 630 555 0100')).toEqual([
      { countryCallingCode: 1, number: '3125550199', e164: '+13125550199', kind: 'mobile' },
      { countryCallingCode: 1, number: '7735550123', e164: '+17735550123', kind: 'home' },
      { countryCallingCode: 1, number: '6305550100', e164: '+16305550100', kind: 'work' },
    ]);
  });

  it('reads international numbers (a UK mobile is a mobile without a label)', () => {
    expect(phones('Jane Doe\nTel: +44 20 7946 0958\n+44 7911 123456\n+52 55 1234 5678')).toEqual([
      { countryCallingCode: 44, number: '2079460958', e164: '+442079460958', kind: 'other' },
      { countryCallingCode: 44, number: '7911123456', e164: '+447911123456', kind: 'mobile' },
      { countryCallingCode: 52, number: '5512345678', e164: '+525512345678', kind: 'other' },
    ]);
  });

  it('never reads a date range as a phone, nor a reference as the candidate', () => {
    expect(phones('Jane Doe\nExperience\nClerk 03/2018 - 06/2020\nDriver 2017-2019\nReferences\nJohn Smith (312) 555-0188')).toEqual([]);
  });
});

describe('resume fields: address', () => {
  it('reads a US street line and "City, ST 12345" on one line or two, with a unit', () => {
    const expected = { street1: '742 Evergreen Terrace', street2: 'Apt 4B', municipality: 'Springfield', region: 'IL', postalCode: '62704', countryCode: 840 };
    expect(address('Jane Doe\n742 Evergreen Terrace, Apt 4B\nSpringfield, IL 62704')).toEqual(expected);
    expect(address('Jane Doe\n742 Evergreen Terrace, Apt 4B, Springfield, IL 62704 | jane@example.com')).toEqual(expected);
    expect(address('Jane Doe\n1600 Pennsylvania Avenue NW\nWashington, District of Columbia 20500-0003')).toMatchObject({ street1: '1600 Pennsylvania Avenue NW', region: 'DC', postalCode: '20500-0003' });
    expect(address('Jane Doe\nPO Box 42\nAustin, TX 78701')).toMatchObject({ street1: 'PO Box 42', municipality: 'Austin' });
  });

  it('reads Canadian and UK postcodes, and a city with only a state', () => {
    expect(address('Jane Doe\n55 Queen Street West\nToronto, ON M5H 2M9')).toMatchObject({ street1: '55 Queen Street West', municipality: 'Toronto', region: 'ON', postalCode: 'M5H 2M9', countryCode: 124 });
    expect(address('Jane Doe\n10 Downing Street\nLondon SW1A 2AA')).toMatchObject({ street1: '10 Downing Street', municipality: 'London', postalCode: 'SW1A 2AA', countryCode: 826 });
    const partial = findAddress(splitSections('Jane Doe\nChicago, IL'))!;
    expect(partial.value).toEqual({ street1: null, street2: null, municipality: 'Chicago', region: 'IL', postalCode: null, countryCode: 840 });
    expect(partial.confidence).toBeLessThan(0.75);
  });

  it('is null without an address, and ignores employers\' cities', () => {
    expect(address('Jane Doe\njane@example.com\nExperience\nClerk, Acme Inc, Chicago, IL 60601, 2019 - 2020')).toBeNull();
  });

  it('abbreviates the street type as USPS does', () => {
    expect(standardStreet('742  Evergreen Terrace')).toBe('742 Evergreen Ter');
    expect(standardStreet('1600 Pennsylvania Avenue NW')).toBe('1600 Pennsylvania Ave NW');
    expect(standardStreet('12 Court Street')).toBe('12 Court St');
  });
});

describe('resume fields: skills and interest codes (BATCH-09)', () => {
  const text = [
    'Jane Doe', 'Skills', '• Forklift • Pallet jack • RF scanning', 'Equipment: class A CDL; OSHA-10; hand and power tools, and Blueprints',
    'Experience', 'Truck Driver, Swift Transport, 2019 - Present', 'Delivered freight across the Midwest with excellent customer service.',
  ].join('\n');

  it('splits the Skills section on bullets, commas and semicolons, naming known skills their way', () => {
    const { skills } = parseFields(text, 'txt');
    expect(skills.slice(0, 7)).toEqual(['Forklift', 'Pallet Jack', 'RF Scanner', 'CDL Class A', 'OSHA 10', 'Power Tools', 'Blueprint Reading']);
    expect(skills).toContain('Customer Service'); // from the vocabulary, outside the section
  });

  it('derives interest codes from skills and titles, and skips them when asked', () => {
    expect(parseFields(text, 'txt').interestCodes).toEqual(['Warehouse', 'Light Industrial', 'Driving', 'Construction']) // one hint of Skilled Trades is too weak;
    expect(parseFields(text, 'txt', { skipInterestCodes: true }).interestCodes).toEqual([]);
  });

  it('does not match a skill inside another word', () => {
    expect(parseFields('Jane Doe\nAn excellent, reposted resume', 'txt').skills).toEqual([]);
  });
});

describe('resume fields: work history and education', () => {
  it('reads entries from date ranges, with title and employer in either order or on separate lines', () => {
    const text = [
      'Jane Doe', 'Employment History',
      'Forklift Operator | Acme Logistics | Chicago, IL | January 2019 – Present', '- Loaded trucks', '- Counted stock',
      'Globex Corporation', 'Warehouse Associate    03/2017 - 12/2018',
      'Initech Inc. — Data Entry Clerk (2015-2017)',
      'Senior Engineer at Umbrella Corp, Sept. 2012 to Jun 2015',
      '',
      'Stark Industries    2010 - 2012',
      'Machine Operator',
      '• Ran the press line',
    ].join('\n');
    expect(parseFields(text, 'txt').workHistory).toEqual([
      { title: 'Forklift Operator', employer: 'Acme Logistics', startDate: '2019-01', endDate: null, current: true, description: 'Loaded trucks\nCounted stock' },
      { title: 'Warehouse Associate', employer: 'Globex Corporation', startDate: '2017-03', endDate: '2018-12', current: false, description: null },
      { title: 'Data Entry Clerk', employer: 'Initech Inc.', startDate: '2015', endDate: '2017', current: false, description: null },
      { title: 'Senior Engineer', employer: 'Umbrella Corp', startDate: '2012-09', endDate: '2015-06', current: false, description: null },
      { title: 'Machine Operator', employer: 'Stark Industries', startDate: '2010', endDate: '2012', current: false, description: 'Ran the press line' },
    ]);
  });

  it('reads schools, degrees, fields and graduation years', () => {
    const text = [
      'Jane Doe', 'EDUCATION:',
      'University of Illinois at Chicago', 'Bachelor of Science in Nursing, May 2016',
      'B.S. in Business Administration, Northwestern University, 2012',
      'Universidad Politécnica de Madrid, MSc Computer Science',
      'GED, 2008',
    ].join('\n');
    expect(parseFields(text, 'txt').education).toEqual([
      { school: 'University of Illinois at Chicago', degree: 'Bachelor of Science', field: 'Nursing', graduationYear: 2016 },
      { school: 'Northwestern University', degree: 'B.S.', field: 'Business Administration', graduationYear: 2012 },
      { school: 'Universidad Politécnica de Madrid', degree: 'MSc', field: 'Computer Science', graduationYear: null },
      { school: null, degree: 'GED', field: null, graduationYear: 2008 },
    ]);
  });

  it('finds nothing, and does not fail, in a resume without sections', () => {
    const result = parseFields('Jane Doe\njane@example.com\nI have worked in warehouses for years and drive a forklift.', 'txt');
    expect(result).toMatchObject({ firstName: { value: 'Jane' }, lastName: { value: 'Doe' }, address: null, phones: [], workHistory: [], education: [], skills: ['Forklift'] });
  });

  it('recognizes headings in any case, with colons and decoration', () => {
    expect(splitSections('Jane\nWORK EXPERIENCE:\na\n-- Education --\nb\nskills: x, y').map((s) => [s.name, s.lines])).toEqual([
      ['header', ['Jane']], ['experience', ['a']], ['education', ['b']], ['skills', ['x, y']],
    ]);
  });
});

describe('resume fields: hostile text', () => {
  it('finishes on 2 MB of text built to make patterns backtrack', () => {
    const M = 2 * 1024 * 1024;
    const texts = [
      'a' + ' '.repeat(M - 2) + 'b',
      'a.'.repeat(M / 2),
      'a@'.repeat(M / 2),
      'Skills\na' + '\t \t|'.repeat(M / 4),
      'Experience\n' + 'Acme Inc — '.repeat(M / 11) + ' 2019 - 2020',
      'Jane Doe 312 555 0147 Jan 2019 - Present, Springfield, IL 62704\n'.repeat(M / 64),
    ];
    for (const text of texts) expect(parseFields(text, 'txt').format).toBe('txt');
  });
});

describe('resume fields: work history in terse, table and Spanish layouts (issue 30)', () => {
  const jobs = (text: string) => parseFields(text, 'txt').workHistory.map(({ title, employer, startDate, endDate, current }) => ({ title, employer, startDate, endDate, current }));

  it('reads a terse resume\'s jobs under the contact lines, with no heading', () => {
    const text = [
      'Dana Whitfield', '(651) 555-0182 dana.whitfield@example.com', '118 Maple St, Saint Paul, MN 55104', '',
      'Line Cook - Blue Door Pub (Mar 2021 - Present)', 'Grill, Saute, Food prep, ServSafe',
      'Dishwasher – Perkins (June 2019 – Feb 2021)',
    ].join('\n');
    const parsed = parseFields(text, 'txt');
    expect(jobs(text)).toEqual([
      { title: 'Line Cook', employer: 'Blue Door Pub', startDate: '2021-03', endDate: null, current: true },
      { title: 'Dishwasher', employer: 'Perkins', startDate: '2019-06', endDate: '2021-02', current: false },
    ]);
    expect(parsed.workHistory[0]!.description).toBe('Grill, Saute, Food prep, ServSafe');
    expect(parsed.profile!.jobs.map((j) => j.occupationId)).toEqual(['cook', 'dishwasher']);
    // The contact lines stay the contact's.
    expect(parsed.address?.value.postalCode).toBe('55104');
    expect(parsed.firstName?.value).toBe('Dana');
  });

  it('reads a table flattened to text: a header row names the columns, cells split by bars', () => {
    const bars = [
      'Marcus Lind', 'marcus.lind@example.com', '', 'Work Experience',
      'Employer | Title | From | To',
      'Northern Tool | Order Selector | Aug 2022 | Current',
      'Target Distribution | Forklift Operator | 03/2019 | 07/2022',
    ].join('\n');
    const expected = [
      { title: 'Order Selector', employer: 'Northern Tool', startDate: '2022-08', endDate: null, current: true },
      { title: 'Forklift Operator', employer: 'Target Distribution', startDate: '2019-03', endDate: '2022-07', current: false },
    ];
    expect(jobs(bars)).toEqual(expected);
    // Columns in another order, and a row without a header (title first, then the employer).
    expect(jobs(['Marcus Lind', 'Experience', 'Title | Company | Start | End', 'Order Selector | Northern Tool | Aug 2022 | Present'].join('\n')))
      .toEqual([expected[0]]);
    expect(jobs(['Marcus Lind', 'Experience', 'Order Selector | Northern Tool LLC | Aug 2022 | Present'].join('\n')))
      .toEqual([{ ...expected[0], employer: 'Northern Tool LLC' }]);
    expect(parseFields(bars, 'txt').profile!.jobs.map((j) => j.occupationId)).toEqual(['order-picker', 'forklift-operator']);
  });

  it('reads Spanish headings, months and "Actual", in lines and tables', () => {
    const lines = [
      'Rosa Elena Campos', 'rosa.campos@example.com', '',
      'Resumen', 'Cocinera con 5 años de experiencia.',
      'Experiencia Laboral', 'Cocinera, Restaurante La Palma – ene 2021 – Actual', '• Preparé platillos',
      'Lavaplatos, Hotel Real – ago 2018 – dic 2020',
      'Habilidades', 'Cocina, Manejo de alimentos',
      'Educación', 'Preparatoria (High School Diploma)',
    ].join('\n');
    expect(jobs(lines)).toEqual([
      { title: 'Cocinera', employer: 'Restaurante La Palma', startDate: '2021-01', endDate: null, current: true },
      { title: 'Lavaplatos', employer: 'Hotel Real', startDate: '2018-08', endDate: '2020-12', current: false },
    ]);
    expect(parseFields(lines, 'txt').workHistory[0]!.description).toBe('Preparé platillos');
    const table = ['Rosa Elena Campos', 'Historial Laboral', 'Empresa | Puesto | Desde | Hasta', 'Hotel Real | Recamarera | abr 2019 | Presente'].join('\n');
    expect(jobs(table)).toEqual([{ title: 'Recamarera', employer: 'Hotel Real', startDate: '2019-04', endDate: null, current: true }]);
    expect(parseFields(table, 'txt').profile!.jobs.map((j) => j.occupationId)).toEqual(['housekeeper']);
  });

  it('keeps a title\'s qualifier after a dash ("Team Lead - Customer Service, Concentrix")', () => {
    const text = ['Dana Whitfield', 'Experience',
      'Team Lead - Customer Service, Concentrix – May 2019 – Present',
      'Shift Lead - Warehouse - UNFI (May 2016 - Apr 2019)',
      'Forklift Operator - Acme Logistics - Chicago, IL, 2014 - 2016'].join('\n');
    expect(jobs(text).map((j) => [j.title, j.employer])).toEqual([
      ['Team Lead - Customer Service', 'Concentrix'], ['Shift Lead - Warehouse', 'UNFI'], ['Forklift Operator', 'Acme Logistics'],
    ]);
    expect(parseFields(text, 'txt').profile!.jobs).toEqual([
      { occupationId: 'customer-service-representative', seniority: 'lead' }, { occupationId: 'warehouse-associate', seniority: 'lead' }, { occupationId: 'forklift-operator', seniority: null },
    ]);
  });

  it('reads a dated line above the contact lines as nobody\'s job when the resume has its own experience section', () => {
    const text = ['Dana Whitfield', 'Open to work (Jan 2026 - Present)', 'Experience', 'Line Cook, Blue Door Pub, 2021 - Present'].join('\n');
    expect(jobs(text)).toEqual([{ title: 'Line Cook', employer: 'Blue Door Pub', startDate: '2021', endDate: null, current: true }]);
  });
});
