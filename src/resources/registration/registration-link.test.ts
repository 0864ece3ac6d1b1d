// The applicant registration link (REG-01 to REG-21): shape, every parameter, validation, encoding.
import { describe, expect, it } from 'vitest';
import { registrationLink, RegistrationLinkError, type RegistrationLinkInput } from './registration-link.ts';

const BASE = 'https://register.example';
const link = (extra: Partial<RegistrationLinkInput> = {}) => registrationLink(BASE, { localeId: 'en', tenantName: 'acme-apply', ...extra });
const refused = (extra: Record<string, unknown>, base = BASE) => {
  try {
    registrationLink(base, { localeId: 'en', tenantName: 'acme-apply', ...extra } as RegistrationLinkInput);
  } catch (e) {
    expect(e).toBeInstanceOf(RegistrationLinkError);
    return (e as RegistrationLinkError).field;
  }
  throw new Error(`accepted ${JSON.stringify(extra)}`);
};

describe('registrationLink', () => {
  it('REG-01 REG-02 REG-03: {registration_url}/{localeId}/{tenantName}, without a query when no parameter is given', () => {
    expect(link()).toBe('https://register.example/en/acme-apply');
    expect(registrationLink(`${BASE}/apply/`, { localeId: 'es', tenantName: 'acme-apply' })).toBe('https://register.example/apply/es/acme-apply');
  });

  it('REG-06 to REG-20: every parameter of the spec\'s table, in its order', () => {
    const url = new URL(link({
      branchId: 12, workflowName: 'Warehouse', workflowId: 7, username: 'pat', emailAddress: 'pat@example.com', phoneNumber: '612-555',
      howHeardOfId: 3, firstName: 'Pat', middleName: 'Q', lastName: 'Lee', postalCode: '55401', employmentCategoryId: '0b5a1c9e-7d2f-4c3a-9e1b-2f6d8a4c7e10',
      orders: [101, 102], utm_source: 'indeed', utm_campaign: 'spring', utm_medium: 'cpc',
    }));
    expect([...url.searchParams.keys()]).toEqual(['branchId', 'workflowName', 'workflowId', 'username', 'emailAddress', 'phoneNumber', 'howHeardOfId',
      'firstName', 'middleName', 'lastName', 'postalCode', 'employmentCategoryId', 'orders', 'utm_source', 'utm_campaign', 'utm_medium']);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ branchId: '12', workflowId: '7', phoneNumber: '612-555', orders: '101,102', utm_medium: 'cpc' });
  });

  it('REG-19: orders are comma-joined ids with a literal comma (duplicates once)', () => {
    expect(link({ orders: [5, 6, 5, 70] })).toBe('https://register.example/en/acme-apply?orders=5,6,70');
  });

  it('REG-01: values and the tenant name are URL-encoded (spaces, &, =, +, #, accents, /)', () => {
    const url = link({ tenantName: 'acme/apply now', firstName: 'José María', lastName: 'O\'Brien & Sons', utm_campaign: 'a=b+c#d', emailAddress: 'pat+jobs@example.com' });
    expect(url).toBe('https://register.example/en/acme%2Fapply%20now?emailAddress=pat%2Bjobs%40example.com&firstName=Jos%C3%A9%20Mar%C3%ADa'
      + '&lastName=O\'Brien%20%26%20Sons&utm_campaign=a%3Db%2Bc%23d');
    const parsed = new URL(url);
    expect(parsed.searchParams.get('lastName')).toBe('O\'Brien & Sons');
    expect(parsed.searchParams.get('utm_campaign')).toBe('a=b+c#d');
    expect(parsed.searchParams.get('emailAddress')).toBe('pat+jobs@example.com');
  });

  it('REG-02: localeId must be en or es', () => {
    expect(refused({ localeId: 'fr' })).toBe('localeId');
    expect(refused({ localeId: 'EN' })).toBe('localeId');
  });

  it('REG-03: the tenant name and the registration address are required', () => {
    expect(refused({ tenantName: ' ' })).toBe('tenantName');
    expect(refused({}, 'register.example')).toBe('registrationUrl');
  });

  it('REG-19 AMB-79: orders must be positive whole ids; a non-numeric entry or an empty list is refused', () => {
    expect(refused({ orders: [1, 'two'] })).toBe('orders');
    expect(refused({ orders: [0] })).toBe('orders');
    expect(refused({ orders: [1.5] })).toBe('orders');
    expect(refused({ orders: [2147483648] })).toBe('orders');
    expect(refused({ orders: [] })).toBe('orders');
  });

  it('REG-06 REG-08 REG-13 REG-18: ids are positive whole numbers; employmentCategoryId is a Guid', () => {
    for (const field of ['branchId', 'workflowId', 'howHeardOfId']) {
      expect(refused({ [field]: -1 })).toBe(field);
      expect(refused({ [field]: '12' })).toBe(field);
    }
    expect(refused({ employmentCategoryId: '12' })).toBe('employmentCategoryId');
  });

  it('REG-11 REG-12 REG-20: emails look like emails, phones are phone characters (partial allowed), texts at most 255 characters', () => {
    expect(refused({ emailAddress: 'not an email' })).toBe('emailAddress');
    expect(refused({ phoneNumber: 'call me' })).toBe('phoneNumber');
    expect(link({ phoneNumber: '+1 (612)' })).toContain('phoneNumber=%2B1%20(612)');
    expect(refused({ utm_source: 'x'.repeat(256) })).toBe('utm_source');
    expect(refused({ firstName: '' })).toBe('firstName');
    expect(refused({ postalCode: '12345678901' })).toBe('postalCode');
  });

  it('REG-09: workflowId and workflowName may both be given (the site prefers a valid workflowId)', () => {
    expect(link({ workflowId: 4, workflowName: 'Drivers' })).toBe('https://register.example/en/acme-apply?workflowName=Drivers&workflowId=4');
  });
});
