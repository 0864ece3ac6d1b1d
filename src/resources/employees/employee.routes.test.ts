// /Employees: what is the employee's own: every rule of the create request, the list's filters, and
// PATCH (the catalog field by field, withholdings, how-heard-of, tax jurisdictions).
// What every record does (reads, lists, isolation, scopes, 405, JSON Patch, branch moves): records.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, callers, recordRoutes, refusedNaming, testApp, type TestContext } from '../../../test/helpers.ts';
import { describeCatalog } from '../../../test/catalog-cases.ts';
import { employeeCatalog } from './employee.patch-catalog.ts';
import { employeePatchTarget, JURISDICTION_FIELDS } from './employee.record.ts';
import { codeListValues, jurisdictionOf } from '../reference-data/back-office.test-data.ts';
import { CONTACT_METHOD_TYPES } from '../contact-methods/contact-method.table.ts';

let t: TestContext;
let admin: Caller;
let north: Caller;
let south: Caller;
let ids: { washed: number; orderType: number; category: string; howHeard: number; howHeardDetails: number; contact: number; vendor: number; salesTeam: number };
/** Values of the back office's lists: the code lists' (wotcEligibilityStatusId, the vendor's setup) and a jurisdiction of each field's kind. */
let backOffice: Record<string, unknown>;

beforeAll(async () => {
  t = await testApp();
  ({ admin, north, south } = callers(t));
  const first = async (url: string) => (await admin({ method: 'GET', url })).json().data as Record<string, unknown>[];
  const howHeard = await first('/Datalists/HowHeardOf?originTypeId=1');
  const db = t.database.db, tenantId = t.tenant.tenantId;
  backOffice = await codeListValues(db, tenantId);
  for (const [field, kind] of Object.entries(JURISDICTION_FIELDS)) backOffice[field] = await jurisdictionOf(db, tenantId, kind);
  const { companyTypeId, employerId, paymentTypeId } = backOffice;
  ids = {
    washed: (await first('/Datalists/WashedStatuses'))[1]!.washedStatusId as number,
    orderType: (await first('/Datalists/OrderTypes'))[0]!.orderTypeId as number,
    category: (await first('/Datalists/EmploymentCategories'))[0]!.employmentCategoryId as string,
    howHeard: howHeard.find((h) => !h.requireDetails)!.howHeardOfId as number,
    howHeardDetails: howHeard.find((h) => h.requireDetails)!.howHeardOfId as number,
    contact: (await admin({ method: 'POST', url: '/Contacts', payload: { firstName: 'Carla', lastName: 'Contact', branchId: t.tenant.north.branchId } })).json().contactId,
    vendor: (await admin({ method: 'POST', url: '/Vendors', payload: { companyName: 'Temps Supply', companyTypeId, employerId, paymentTypeId } })).json().vendorId,
    salesTeam: (await t.database.pool.query<{ id: number }>('select id from sales_teams where tenant_id = $1 limit 1', [t.tenant.tenantId])).rows[0]!.id,
  };
});
afterAll(async () => { await t?.close(); });

const minimal = () => ({ firstName: 'Ann', lastName: 'Lee', branchId: t.tenant.north.branchId, region: 'MN' });
const { create, patch, read, make: newEmployee } = recordRoutes('/Employees', { id: 'employeeId', caller: () => admin, minimal });

/** The employee's contact methods, as GET /Employees/{id}/contactmethods lists them. */
const methodsOf = async (id: number) => (await admin({ method: 'GET', url: `/Employees/${id}/contactmethods` })).json().data;

describe('POST /Employees', () => {
  it('EMP-01 EMP-19 EMP-20: the minimum information creates the employee; 201 with its id and Location', async () => {
    const res = await create(minimal());
    expect(res.statusCode).toBe(201);
    const { employeeId } = res.json();
    expect(res.headers.location).toBe(`/Employees/${employeeId}`);
    const employee = await read(employeeId);
    expect(employee).toMatchObject({
      employeeId, firstName: 'Ann', lastName: 'Lee', branchId: t.tenant.north.branchId, branch: 'North Branch', region: 'MN',
      countryCode: 840, isActive: true, serviceRepId: t.tenant.adminRepId, serviceRep: 'Ada Admin', hierId: t.tenant.north.hierId,
      employeeStatusId: 'N', governmentPersonalId: null, primaryEmailAddress: null,
    });
  });

  it('EMP-02 EMP-03 EMP-05: names 1 to 50 characters and region at most 5 are required', async () => {
    for (const [body, field] of [
      [{ ...minimal(), firstName: '' }, 'firstName'], [{ ...minimal(), firstName: 'x'.repeat(51) }, 'firstName'],
      [{ ...minimal(), lastName: '' }, 'lastName'], [{ ...minimal(), lastName: 'x'.repeat(51) }, 'lastName'],
      [{ ...minimal(), region: 'ABCDEF' }, 'region'],
    ] as const) {
      const res = await create(body);
      expect(res.statusCode, field).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual([field]);
    }
    const res = await create({});
    expect(Object.keys(res.json().errors).sort()).toEqual(['branchId', 'firstName', 'lastName', 'region']);
  });

  it('EMP-04: the branch must exist inside the caller\'s hierarchy', async () => {
    expect((await create({ ...minimal(), branchId: 999999 })).json().errors).toEqual({ branchId: ['no such branch inside your hierarchy'] });
    const res = await create({ ...minimal(), branchId: t.tenant.south.branchId }, north);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['branchId']);
    expect((await create({ ...minimal(), branchId: t.other.north.branchId })).statusCode).toBe(400);
  });

  it('EMP-06 EMP-07 AMB-30 AMB-31: bypassAddressValidationService defaults to true; false requires a complete, well-formed address', async () => {
    const id = await newEmployee({ postalCode: 'nonsense' });
    expect((await read(id)).postalCode).toBe('nonsense');
    const res = await create({ ...minimal(), bypassAddressValidationService: false, postalCode: '5540' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['municipality', 'postalCode', 'street1']);
    await newEmployee({ bypassAddressValidationService: false, street1: '1 Main St', municipality: 'minneapolis', postalCode: '55401' });
    const unknown = await create({ ...minimal(), bypassAddressValidationService: false, street1: '1 Main St', municipality: 'Minneapolis', postalCode: '00000' });
    expect(unknown.json().errors).toEqual({ postalCode: ['is not a known US ZIP code'] });
    const elsewhere = await create({ ...minimal(), bypassAddressValidationService: false, street1: '1 Main St', municipality: 'Minneapolis', postalCode: '78701' });
    expect(elsewhere.json().errors).toEqual({ postalCode: ['belongs to Austin, TX'] });
  });

  it('EMP-07: with address validation, a city is accepted by any of its names: its place (Bloomington, whose ZIP codes say Minneapolis), "St." for "Saint"', async () => {
    for (const [municipality, postalCode] of [['Bloomington', '55420'], ['St. Paul', '55101'], ['Eagan', '55121']]) {
      const res = await create({ ...minimal(), bypassAddressValidationService: false, street1: '1 Main St', municipality, postalCode });
      expect(res.statusCode, `${municipality} ${res.body}`).toBe(201);
    }
    const far = await create({ ...minimal(), bypassAddressValidationService: false, street1: '1 Main St', municipality: 'Bloomington', postalCode: '55401' });
    expect(far.json().errors).toEqual({ postalCode: ['belongs to Minneapolis, MN'] });
  });

  it('EMP-08 AMB-30: countryCode defaults to the branch\'s and must be a known country', async () => {
    expect((await read(await newEmployee())).countryCode).toBe(840);
    expect((await read(await newEmployee({ countryCode: 124 }))).countryCode).toBe(124);
    expect((await create({ ...minimal(), countryCode: 999 })).json().errors).toHaveProperty('countryCode');
  });

  it('EMP-09: governmentPersonalId is checked by country: US SSN, UK NI number, Canadian SIN', async () => {
    expect((await create({ ...minimal(), governmentPersonalId: '000-12-3456' })).json().errors).toHaveProperty('governmentPersonalId');
    expect((await create({ ...minimal(), countryCode: 826, governmentPersonalId: 'AB123456E' })).statusCode).toBe(400);
    expect((await create({ ...minimal(), countryCode: 124, governmentPersonalId: '130 692 545' })).statusCode).toBe(400);
    await newEmployee({ countryCode: 826, governmentPersonalId: 'AB 12 34 56 C' });
    await newEmployee({ countryCode: 124, governmentPersonalId: '130 692 544' });
  });

  it('EMP-09 AMB-41: the government id is never returned in full', async () => {
    const id = await newEmployee({ governmentPersonalId: '219-09-9999' });
    const res = await admin({ method: 'GET', url: `/Employees/${id}` });
    expect(res.json().governmentPersonalId).toBe('*****9999');
    expect(res.body).not.toContain('219099999');
    expect(res.body).not.toContain('219-09');
  });

  it('EMP-23 AMB-34: 409 when an employee with the same governmentPersonalId exists (in any format)', async () => {
    await newEmployee({ governmentPersonalId: '321-54-9876' });
    const res = await create({ ...minimal(), firstName: 'Other', governmentPersonalId: '321549876' });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual({ governmentPersonalId: ['already exists'] });
    expect(res.json()).toMatchObject({ code: 'EMPLOYEE_GOVERNMENT_ID_EXISTS', type: '/problems/employee-government-id-exists' });
  });

  it('EMP-23: two simultaneous creates with one governmentPersonalId: exactly one 201', async () => {
    const body = { ...minimal(), governmentPersonalId: '401-22-3333' };
    const results = await Promise.all([create(body), create(body), create(body)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
  });

  it('EMP-10 to EMP-14: address and email lengths; the email is stored as a contact method and shown', async () => {
    for (const field of ['street1', 'street2', 'municipality']) expect((await create({ ...minimal(), [field]: 'x'.repeat(51) })).json().errors).toHaveProperty(field);
    expect((await create({ ...minimal(), postalCode: '12345678901' })).json().errors).toHaveProperty('postalCode');
    expect((await create({ ...minimal(), primaryEmailAddress: `${'a'.repeat(250)}@x.com` })).json().errors).toHaveProperty('primaryEmailAddress');
    const id = await newEmployee({ street1: '100 Main St', street2: 'Apt 2', municipality: 'Minneapolis', postalCode: '55401', primaryEmailAddress: 'ann.lee@example.com' });
    expect(await read(id)).toMatchObject({ street1: '100 Main St', street2: 'Apt 2', municipality: 'Minneapolis', postalCode: '55401', primaryEmailAddress: 'ann.lee@example.com' });
  });

  it('EMP-15 to EMP-18: a phone number needs its country calling code', async () => {
    expect((await create({ ...minimal(), primaryPhoneNumber: '612-555-0100' })).json().errors).toEqual({ primaryPhoneNumberCountryCallingCode: ['is required with primaryPhoneNumber'] });
    expect((await create({ ...minimal(), cellPhoneNumber: '612-555-0101' })).json().errors).toEqual({ cellPhoneNumberCountryCallingCode: ['is required with cellPhoneNumber'] });
    expect((await create({ ...minimal(), primaryPhoneNumber: 'x'.repeat(256), primaryPhoneNumberCountryCallingCode: 1 })).statusCode).toBe(400);
    const id = await newEmployee({ primaryPhoneNumber: '612-555-0100', primaryPhoneNumberCountryCallingCode: 1, cellPhoneNumber: '612-555-0101', cellPhoneNumberCountryCallingCode: 1 });
    expect((await read(id)).primaryPhoneNumber).toBe('612-555-0100');
  });

  it('EMP-11 EMP-12 EMP-13: street2 and municipality take up to 50 characters, postalCode up to 10, and read back as given; one more is a 400 naming the field', async () => {
    for (const [field, max] of [['street2', 50], ['municipality', 50], ['postalCode', 10]] as const) {
      const edge = 'x'.repeat(max);
      expect((await read(await newEmployee({ [field]: edge })))[field], field).toBe(edge);
      const long = await create({ ...minimal(), [field]: `${edge}x` });
      refusedNaming(long, field);
      // One message that says what is wrong, not one per member of `string | null` and one for the union.
      expect(long.json().errors[field], field).toEqual([`must NOT have more than ${max} characters`]);
    }
  });

  it('EMP-16: primaryPhoneNumberCountryCallingCode is required with primaryPhoneNumber (missing or null is a 400 naming it) and optional without it', async () => {
    for (const code of [undefined, null]) {
      const res = await create({ ...minimal(), primaryPhoneNumber: '020 7946 0000', primaryPhoneNumberCountryCallingCode: code });
      refusedNaming(res, 'primaryPhoneNumberCountryCallingCode');
      expect(res.json().errors.primaryPhoneNumberCountryCallingCode).toEqual(['is required with primaryPhoneNumber']);
    }
    // Without a phone the code is optional: left out, or given alone (no phone is stored then).
    for (const body of [{}, { primaryPhoneNumberCountryCallingCode: 44 }]) expect((await read(await newEmployee(body))).primaryPhoneNumber).toBeNull();
    const id = await newEmployee({ primaryPhoneNumber: '020 7946 0000', primaryPhoneNumberCountryCallingCode: 44 });
    expect((await read(id)).primaryPhoneNumber).toBe('020 7946 0000');
    expect(await methodsOf(id)).toEqual([expect.objectContaining({ contactMethodTypeId: CONTACT_METHOD_TYPES.homePhone, contactMethod: '020 7946 0000', countryCallingCode: 44 })]);
  });

  it('EMP-17: cellPhoneNumber takes up to 255 characters and is kept as the employee\'s cell phone; 256 is a 400 naming it', async () => {
    const cell = '612-555-0101 ext. '.padEnd(255, '9');
    const id = await newEmployee({ cellPhoneNumber: cell, cellPhoneNumberCountryCallingCode: 1 });
    expect(await methodsOf(id)).toEqual([expect.objectContaining({ contactMethodTypeId: CONTACT_METHOD_TYPES.cellPhone, contactMethod: cell, countryCallingCode: 1 })]);
    refusedNaming(await create({ ...minimal(), cellPhoneNumber: `${cell}9`, cellPhoneNumberCountryCallingCode: 1 }), 'cellPhoneNumber');
  });

  it('EMP-21: 403 when the caller\'s hierarchy level does not allow creating employees', async () => {
    const res = await create({ ...minimal(), branchId: t.tenant.south.branchId }, south);
    expect(res.statusCode).toBe(403);
  });

  it('EMP-22 EMP-24 AMB-35: an optional hierId places the employee; 403 when that level does not allow it', async () => {
    expect((await create({ ...minimal(), hierId: t.tenant.south.hierId })).statusCode).toBe(403);
    const id = await newEmployee({ hierId: t.tenant.rootHierId });
    expect((await read(id)).hierId).toBe(t.tenant.rootHierId);
    expect((await create({ ...minimal(), hierId: t.tenant.rootHierId }, north)).json().errors).toHaveProperty('hierId');
  });

  it('NEG-07 NEG-08 NEG-10: accepts the create request as XML and as form fields', async () => {
    const xml = await admin({ method: 'POST', url: '/Employees', headers: { 'content-type': 'application/xml' },
      payload: `<Employee><firstName>Xena</firstName><lastName>Ml</lastName><branchId>${t.tenant.north.branchId}</branchId><region>MN</region></Employee>` });
    expect(xml.statusCode, xml.body).toBe(201);
    const form = await admin({ method: 'POST', url: '/employees', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `firstName=Forma&lastName=Ur&branchId=${t.tenant.north.branchId}&region=MN&bypassAddressValidationService=true` });
    expect(form.statusCode, form.body).toBe(201);
  });
});

describe('reading and listing', () => {
  it('lists page by last name with filters', async () => {
    await newEmployee({ lastName: 'Zephyrine', firstName: 'B' });
    await newEmployee({ lastName: 'Zephyrine', firstName: 'A', branchId: t.tenant.south.branchId });
    const page = (await admin({ method: 'GET', url: '/Employees?lastName=ZEPH&take=1' })).json();
    expect(page.totalCount).toBe(2);
    expect(page.data).toEqual([expect.objectContaining({ firstName: 'A', lastName: 'Zephyrine', branch: 'South Branch' })]);
    const filtered = (await admin({ method: 'GET', url: `/Employees?lastName=zeph&branchId=${t.tenant.north.branchId}` })).json();
    expect(filtered.data.map((e: { firstName: string }) => e.firstName)).toEqual(['B']);
  });
});

describe('PATCH /Employees/{id}', () => {
  let id: number;
  beforeAll(async () => { id = await newEmployee({ lastName: 'Patchwork' }); });

  it('PATCH-EMP-02 PATCH-EMP-03: the withholdings accept 0 to 214748.36', async () => {
    for (const field of ['AdditionalTaxWithholding', 'ExtraWithholding']) {
      expect((await patch(id, [{ op: 'replace', path: `/${field}`, value: 214748.36 }])).statusCode).toBe(200);
      expect((await patch(id, [{ op: 'replace', path: `/${field}`, value: 214748.37 }])).statusCode).toBe(400);
      expect((await patch(id, [{ op: 'replace', path: `/${field}`, value: -0.01 }])).statusCode).toBe(400);
    }
  });

  it('PATCH-EMP-04 PATCH-EMP-05: a how-heard-of option that requires details needs HowHeardOfDetail', async () => {
    const res = await patch(id, [{ op: 'replace', path: '/HowHeardOfId', value: ids.howHeardDetails }, { op: 'replace', path: '/HowHeardOfDetail', value: '' }]);
    expect(res.json().errors).toEqual({ howHeardOfDetail: ['is required by the chosen how-heard-of option'] });
    expect((await patch(id, [{ op: 'replace', path: '/HowHeardOfId', value: ids.howHeardDetails }, { op: 'replace', path: '/HowHeardOfDetail', value: 'Referred by Sam' }])).statusCode).toBe(200);
    expect((await patch(id, [{ op: 'replace', path: '/HowHeardOfId', value: 99999 }])).json().errors).toHaveProperty('howHeardOfId');
  });

  it('issue 10: a tax jurisdiction field takes a jurisdiction of its kind only; a deactivated one stays where it is set but is refused as a new value', async () => {
    const { countyId, schoolDistrictId } = backOffice;
    expect((await patch(id, [{ op: 'replace', path: '/CountyId', value: countyId }, { op: 'replace', path: '/TaxCountyJurisdictionId', value: countyId }])).statusCode).toBe(200);
    const wrongKind = await patch(id, [{ op: 'replace', path: '/CountyId', value: schoolDistrictId }, { op: 'replace', path: '/SchoolDistrictId', value: countyId }]);
    expect(wrongKind.json().errors).toEqual({
      countyId: ['is not a value of GET /Datalists/TaxJurisdictions?kind=county'], schoolDistrictId: ['is not a value of GET /Datalists/TaxJurisdictions?kind=schoolDistrict'],
    });
    await t.database.pool.query('update tax_jurisdictions set is_active = false where tenant_id = $1 and id = $2', [t.tenant.tenantId, countyId]);
    try {
      expect((await patch(id, [{ op: 'replace', path: '/Alias', value: 'Kept county' }])).statusCode).toBe(200);
      expect(await read(id)).toMatchObject({ countyId, alias: 'Kept county' });
      expect((await newEmployee().then((other) => patch(other, [{ op: 'replace', path: '/CountyId', value: countyId }]))).json().errors)
        .toEqual({ countyId: ['is deactivated: records keep it, but it is not taken as a new value'] });
    } finally {
      await t.database.pool.query('update tax_jurisdictions set is_active = true where tenant_id = $1 and id = $2', [t.tenant.tenantId, countyId]);
    }
  });

  it('PATCH-EMP-06 AMB-74: HowHeardOfDetail is String(50), not nullable: 50 characters are stored; 51, null or a remove is a 400 naming it', async () => {
    const mine = await newEmployee();
    const detail = 'Referred by '.padEnd(50, 'x');
    expect((await patch(mine, [{ op: 'replace', path: '/HowHeardOfDetail', value: detail }])).statusCode).toBe(200);
    expect((await read(mine)).howHeardOfDetail).toBe(detail);
    for (const operation of [{ op: 'replace', value: `${detail}x` }, { op: 'replace', value: null }, { op: 'remove' }]) {
      refusedNaming(await patch(mine, [{ ...operation, path: '/HowHeardOfDetail' }]), 'howHeardOfDetail');
    }
    expect((await read(mine)).howHeardOfDetail).toBe(detail);
  });

  it('PATCH-EMP-07 AMB-82: FirstName and LastName are String(50), not nullable, not empty (as on create): 50 characters are stored; 51, empty or null is a 400 naming the field', async () => {
    const mine = await newEmployee();
    for (const [field, json] of [['FirstName', 'firstName'], ['LastName', 'lastName']] as const) {
      const name = `${field}-`.padEnd(50, 'x');
      expect((await patch(mine, [{ op: 'replace', path: `/${field}`, value: name }])).statusCode, field).toBe(200);
      expect((await read(mine))[json]).toBe(name);
      const long = await patch(mine, [{ op: 'replace', path: `/${field}`, value: `${name}x` }]);
      refusedNaming(long, json);
      expect(long.json().errors[json]).toEqual(['must be at most 50 characters']);
      refusedNaming(await patch(mine, [{ op: 'replace', path: `/${field}`, value: null }]), json);
      const empty = await patch(mine, [{ op: 'replace', path: `/${field}`, value: '' }]);
      refusedNaming(empty, json);
      expect(empty.json().errors[json]).toEqual(['must be at least 1 character']);
      expect((await read(mine))[json]).toBe(name);
    }
  });

  it('PATCH-EMP-08: TaxRegion is String(5) holding a state or province abbreviation; another code or 6 characters is a 400 naming it', async () => {
    const mine = await newEmployee();
    for (const region of ['MN', 'ON']) {
      expect((await patch(mine, [{ op: 'replace', path: '/TaxRegion', value: region }])).statusCode, region).toBe(200);
      expect((await read(mine)).taxRegion).toBe(region);
    }
    const notARegion = 'is not a US state or Canadian province code (MN, ON, ...)';
    for (const [value, message] of [['ZZ', notARegion], ['MNXYZ', notARegion], ['ABCDEF', 'must be at most 5 characters'], [null, 'must not be null']] as const) {
      const res = await patch(mine, [{ op: 'replace', path: '/TaxRegion', value }]);
      refusedNaming(res, 'taxRegion');
      expect(res.json().errors.taxRegion, String(value)).toEqual([message]);
    }
    expect((await read(mine)).taxRegion).toBe('ON');
  });

  it('PATCH-EMP-09 AMB-18: Int8 fields take 0 to 127', async () => {
    expect((await patch(id, [{ op: 'replace', path: '/Dependents', value: 127 }])).statusCode).toBe(200);
    expect((await patch(id, [{ op: 'replace', path: '/Dependents', value: 128 }])).statusCode).toBe(400);
    expect((await patch(id, [{ op: 'replace', path: '/Dependents', value: -1 }])).statusCode).toBe(400);
  });
});

let catalogRecord = 0;
describeCatalog(employeeCatalog, () => ({
  patch: async (document) => {
    catalogRecord ||= await newEmployee({ lastName: 'Catalog' });
    const res = await patch(catalogRecord, document);
    return { statusCode: res.statusCode, body: res.body };
  },
  read: async () => read(catalogRecord),
  valid: {
    washedStatusId: ids.washed, branchId: t.tenant.north.branchId, orderTypeId: ids.orderType, employmentCategoryId: ids.category,
    howHeardOfId: ids.howHeard, serviceRepId: t.tenant.north.repId, primaryPhoneNumberContactMethodId: null, primaryEmailAddressContactMethodId: null,
    contactId: ids.contact, interviewedBySrIdent: t.tenant.north.repId, taxRegion: 'MN', maritalTaxStatusId: 2, salesTeamId: ids.salesTeam, primaryMessageId: null, companyId: ids.vendor,
    ...backOffice,
  },
}), 'PATCH-EMP-01', employeePatchTarget);
