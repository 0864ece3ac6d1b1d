// The registration pages through app.inject: every parameter of the link with its effect (REG-04 to
// REG-21), invalid values ignored (AMB-79 (a)), the one transaction, errors next to their fields in
// the page's language, CSRF, the signed-in applicant, and hostile input (never a 500).
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, eventTypesOf, testApp, type TestContext } from '../../../test/helpers.ts';
import { newJobTitle } from '../../../test/record-fixtures.ts';
import { employees } from '../../resources/employees/employee.table.ts';
import { webUsers } from '../../resources/web-users/web-user.table.ts';
import { jobOrderCandidates } from '../../resources/candidates/candidate.table.ts';
import { employmentCategories, howHeardOf } from '../../platform/db/schema.ts';
import { lookupId, seedCustomer, seedWorksite } from '../../resources/job-orders/job-order.test-data.ts';
import { registrations } from '../../resources/registration/registration.table.ts';
import { addWorkflow } from '../../resources/registration/registration.repository.ts';
import { DEFAULT_REGISTRATION_SETTINGS, STAR_FIELDS, writeRegistrationSettings } from '../../resources/registration/registration.settings.ts';
import { MESSAGES } from '../../platform/messages/index.ts';

let t: TestContext;
const ids: Record<string, number> = {};
let categoryId = '';
let heardOfId = 0;
let serial = 0;

async function newOrder(branchId: number, titleId = ids.publicTitle): Promise<number> {
  const res = await as(t.app, t.tenant.adminToken)({ method: 'POST', url: '/JobOrders', payload: {
    customerId: ids.customer, worksiteId: ids.worksite, jobTitleId: titleId, branchId, jobOrderTypeId: ids.orderType, positionsRequired: 2, jobDescription: 'Lift things.', payRate: 20,
  } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().jobOrderId;
}

beforeAll(async () => {
  t = await testApp({ LOGIN_MAX_FAILURES: '3' });
  const admin = as(t.app, t.tenant.adminToken);
  const db = t.database.db, tenantId = t.tenant.tenantId;
  ids.customer = await seedCustomer(db, tenantId, t.tenant.north);
  ids.worksite = await seedWorksite(db, tenantId);
  ids.orderType = (await admin({ method: 'GET', url: '/Datalists/OrderTypes' })).json().data[0].orderTypeId;
  ids.publicTitle = await newJobTitle(admin, db, t.tenant, true, 'Forklift Operator');
  ids.privateTitle = await newJobTitle(admin, db, t.tenant, false, 'Secret Agent');
  ids.order1 = await newOrder(t.tenant.north.branchId);
  ids.order2 = await newOrder(t.tenant.north.branchId);
  ids.hiddenOrder = await newOrder(t.tenant.north.branchId, ids.privateTitle);
  ids.otherOrder = await (async () => {
    const o = as(t.app, t.other.adminToken);
    const customer = await seedCustomer(db, t.other.tenantId, t.other.north);
    const res = await o({ method: 'POST', url: '/JobOrders', payload: { customerId: customer, worksiteId: await seedWorksite(db, t.other.tenantId), jobTitleId: (await o({ method: 'POST', url: '/Administration/JobTitles', payload: {
      skillCode: 'OTHER', jobTitle: 'Other tenant job', isPublic: true, hierId: t.other.rootHierId, jobTitleCategoryId: await lookupId(db, t.other.tenantId, 'jobTitleCategories'),
    } })).json().jobTitleId, branchId: t.other.north.branchId, jobOrderTypeId: (await o({ method: 'GET', url: '/Datalists/OrderTypes' })).json().data[0].orderTypeId, positionsRequired: 1, jobDescription: 'x' } });
    return res.json().jobOrderId;
  })();
  ids.warehouse = await addWorkflow(db, tenantId, 'Warehouse');
  ids.office = await addWorkflow(db, tenantId, 'Office');
  const [category] = await db.select({ id: employmentCategories.id }).from(employmentCategories).where(eq(employmentCategories.tenantId, tenantId)).limit(1);
  categoryId = category!.id;
  const [heard] = await db.select({ id: howHeardOf.id }).from(howHeardOf).where(and(eq(howHeardOf.tenantId, tenantId), eq(howHeardOf.originTypeId, 1), eq(howHeardOf.requireDetails, false))).limit(1);
  heardOfId = heard!.id;
});
afterAll(async () => { await t?.close(); });

const settings = (changes: Parameters<typeof writeRegistrationSettings>[2]) => writeRegistrationSettings(t.database.db, t.tenant.tenantId, changes);
const reset = () => settings({ ...DEFAULT_REGISTRATION_SETTINGS, visibleFields: [...STAR_FIELDS] });

const page = (query = '', locale = 'en', tenant = 'acme') => t.app.inject({ method: 'GET', url: `/register/${locale}/${tenant}${query}` });

/** The hidden form token and the cookie that goes with it, from a page. */
function formToken(res: Awaited<ReturnType<typeof page>>) {
  const csrf = /name="_csrf" value="([^"]+)"/.exec(res.body)?.[1];
  const cookies = Object.fromEntries(res.cookies.map((c) => [c.name, c.value]));
  expect(csrf, res.body.slice(0, 400)).toBeTruthy();
  return { csrf: csrf!, cookies };
}

const inputValue = (html: string, name: string) => new RegExp(`<input[^>]*name="${name}" value="([^"]*)"`).exec(html)?.[1];
const selected = (html: string, name: string) => new RegExp(`<select[^>]*name="${name}"[\\s\\S]*?<option value="([^"]*)" selected`).exec(html)?.[1];
const hasField = (html: string, name: string) => new RegExp(`name="${name}"`).test(html);

interface PostOptions { query?: string; locale?: string; extraCookies?: Record<string, string>; path?: string }

async function post(form: Record<string, string>, options: PostOptions = {}) {
  const { query = '', locale = 'en', path = '' } = options;
  const before = await t.app.inject({ method: 'GET', url: `/register/${locale}/acme${path === '/apply' ? '' : path}${query}`, cookies: options.extraCookies });
  const { csrf, cookies } = formToken(before);
  return t.app.inject({
    method: 'POST', url: `/register/${locale}/acme${path}${query}`, cookies: { ...options.extraCookies, ...cookies },
    headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ _csrf: csrf, ...form }).toString(),
  });
}

const person = (extra: Record<string, string> = {}) => {
  serial += 1;
  return { username: `applicant${serial}`, password: 'correct horse battery', firstName: 'Pat', lastName: `Lee${serial}`, region: 'MN', branchId: String(t.tenant.north.branchId), ...extra };
};

const employeeCount = async () => (await t.database.db.select({ n: count() }).from(employees).where(eq(employees.tenantId, t.tenant.tenantId)))[0]!.n;
const loginsCount = async () => (await t.database.db.select({ n: count() }).from(webUsers).where(eq(webUsers.tenantId, t.tenant.tenantId)))[0]!.n;
const candidatesOf = (employeeId: number) => t.database.db.select().from(jobOrderCandidates).where(and(eq(jobOrderCandidates.tenantId, t.tenant.tenantId), eq(jobOrderCandidates.employeeId, employeeId)));
const lastRegistration = async () => (await t.database.db.select().from(registrations).where(eq(registrations.tenantId, t.tenant.tenantId)).orderBy(registrations.id)).at(-1)!;

describe('the registration page', () => {
  it('REG-01 REG-02 answers /{localeId}/{tenantName} in English and Spanish; another locale or tenant is a 404 page', async () => {
    const en = await page();
    expect(en.statusCode).toBe(200);
    expect(en.body).toContain('<html lang="en">');
    expect(en.body).toContain(MESSAGES.en.registration.submit);
    expect(en.body).toContain('<h1>Register with acme Staffing</h1>');
    expect(en.body).toContain('<title>Register with acme Staffing</title>');
    const es = await page('', 'es');
    expect(es.body).toContain('<html lang="es">');
    expect(es.body).toContain('<h1>Regístrese en acme Staffing</h1>');
    expect((await t.app.inject({ url: '/register/es/acme/sign-in' })).body).toContain('<h1>Inicie sesión en acme Staffing</h1>');
    expect(es.body).toContain(MESSAGES.es.registration.submit);
    for (const url of ['/register/fr/acme', '/register/EN/acme', '/register/en/nobody']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
    }
  });

  it('REG-03 addresses the tenant by its registration name once one is set (and no longer by its own)', async () => {
    await settings({ name: 'acme-apply' });
    try {
      expect((await page('', 'en', 'acme-apply')).statusCode).toBe(200);
      expect((await page('', 'en', 'acme')).statusCode).toBe(404);
    } finally { await reset(); }
  });

  it('says registration is unavailable (503) when the rep registrations act as is not active', async () => {
    await settings({ serviceRepId: 999999 });
    try {
      const res = await page();
      expect(res.statusCode).toBe(503);
      expect(res.body).toContain(MESSAGES.en.registration.unavailableTitle);
    } finally { await reset(); }
  });

  it('REG-06 branchId fixes the branch: no branch selection, the branch named; an invalid one is ignored (AMB-79)', async () => {
    const fixed = await page(`?branchId=${t.tenant.north.branchId}`);
    expect(hasField(fixed.body, 'branchId')).toBe(false);
    expect(fixed.body).toContain('North Branch');
    for (const bad of [String(t.tenant.south.branchId), '999999', 'abc', String(t.other.north.branchId)]) {
      const res = await page(`?branchId=${bad}`);
      expect(res.statusCode).toBe(200);
      expect(hasField(res.body, 'branchId'), bad).toBe(true);
      // South is not web-public: never offered.
      expect(/<select[^>]*name="branchId"[\s\S]*?<\/select>/.exec(res.body)?.[0]).not.toContain(`<option value="${t.tenant.south.branchId}"`);
    }
  });

  it('REG-07 REG-08 REG-09 the workflow: by id or name, fixed; workflowId when valid, else workflowName; neither valid: none', async () => {
    const shown = async (q: string) => /<dt>Registration type<\/dt><dd>([^<]*)<\/dd>/.exec((await page(q)).body)?.[1];
    expect(await shown(`?workflowId=${ids.warehouse}`)).toBe('Warehouse');
    expect(await shown('?workflowName=office')).toBe('Office');
    expect(await shown(`?workflowId=${ids.warehouse}&workflowName=Office`)).toBe('Warehouse');
    expect(await shown('?workflowId=999999&workflowName=Office')).toBe('Office');
    expect(await shown('?workflowId=x&workflowName=Nothing')).toBeUndefined();
  });

  it('REG-10 REG-14 REG-16 pre-fill username, first and last name, editable', async () => {
    const res = await page('?username=pat.lee&firstName=Pat&lastName=O%27Brien');
    expect(inputValue(res.body, 'username')).toBe('pat.lee');
    expect(inputValue(res.body, 'firstName')).toBe('Pat');
    expect(inputValue(res.body, 'lastName')).toBe('O&#39;Brien');
    expect(res.body).not.toMatch(/name="firstName"[^>]*readonly/);
  });

  it('REG-04 REG-11 REG-12 REG-13 REG-15 REG-17 REG-18 the * fields are pre-filled when shown to applicants', async () => {
    const res = await page(`?emailAddress=pat%40example.com&phoneNumber=612-555&howHeardOfId=${heardOfId}&middleName=Q&postalCode=55401&employmentCategoryId=${categoryId.toUpperCase()}`);
    expect(inputValue(res.body, 'emailAddress')).toBe('pat@example.com');
    expect(inputValue(res.body, 'phoneNumber')).toBe('612-555');
    expect(inputValue(res.body, 'middleName')).toBe('Q');
    expect(inputValue(res.body, 'postalCode')).toBe('55401');
    expect(selected(res.body, 'howHeardOfId')).toBe(String(heardOfId));
    expect(selected(res.body, 'employmentCategoryId')).toBe(categoryId);
  });

  it('REG-04 the * fields are neither shown nor pre-filled nor saved when the tenant does not show them', async () => {
    await settings({ visibleFields: ['emailAddress'] });
    try {
      const res = await page('?phoneNumber=612-555&middleName=Q&postalCode=55401&emailAddress=a%40b.example');
      for (const hidden of ['phoneNumber', 'howHeardOfId', 'middleName', 'postalCode', 'employmentCategoryId']) expect(hasField(res.body, hidden), hidden).toBe(false);
      expect(res.body).not.toContain('value="612-555"');
      expect(inputValue(res.body, 'emailAddress')).toBe('a@b.example');
      const done = await post(person({ middleName: 'Sneaky', phoneNumber: '999', postalCode: '55401' }));
      expect(done.statusCode, done.body).toBe(303);
      const employee = await as(t.app, t.tenant.adminToken)({ url: `/Employees/${(await lastRegistration()).employeeId}` });
      expect(employee.json()).toMatchObject({ middleName: null, postalCode: null, primaryPhoneNumber: null });
    } finally { await reset(); }
  });

  it('AMB-79 invalid pre-fill values are ignored: an unknown how-heard-of or category, a too long name', async () => {
    const res = await page(`?howHeardOfId=999999&employmentCategoryId=not-a-guid&firstName=${'x'.repeat(60)}`);
    expect(res.statusCode).toBe(200);
    expect(selected(res.body, 'howHeardOfId')).toBeUndefined();
    expect(selected(res.body, 'employmentCategoryId')).toBeUndefined();
    expect(inputValue(res.body, 'firstName')).toBe('');
  });

  it('REG-19 lists the link\'s orders the job board shows; others (hidden, another tenant\'s, not numbers) are ignored', async () => {
    const res = await page(`?orders=${ids.order1},${ids.hiddenOrder},${ids.otherOrder},abc,-4,${ids.order2}`);
    expect(res.body).toContain(`#${ids.order1}`);
    expect(res.body).toContain(`#${ids.order2}`);
    expect(res.body).not.toContain(`#${ids.hiddenOrder}`);
    expect(res.body).not.toContain(`#${ids.otherOrder}`);
  });
});

describe('registering', () => {
  it('REG-06 REG-07 REG-17 REG-19 REG-20 creates the employee, the login, the registration and a candidate on each valid order with the utm values, then 303', async () => {
    const query = `?branchId=${t.tenant.north.branchId}&workflowName=Warehouse&orders=${ids.order1},${ids.order2},${ids.hiddenOrder},zz&utm_source=indeed&utm_campaign=spring&utm_medium=cpc&custom=kept`;
    const form = person({ branchId: String(t.tenant.south.branchId), middleName: 'Q', emailAddress: 'pat@example.com', phoneNumber: '612-555', postalCode: '55401',
      region: 'MN', municipality: 'Minneapolis', howHeardOfId: String(heardOfId), employmentCategoryId: categoryId });
    const res = await post(form, { query });
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe('/register/en/acme/done');
    const registration = await lastRegistration();
    expect(registration).toMatchObject({ workflowId: ids.warehouse, localeId: 'en' });
    expect(registration.parameters).toMatchObject({ custom: 'kept', utm_source: 'indeed', orders: `${ids.order1},${ids.order2},${ids.hiddenOrder},zz` });
    const employee = (await as(t.app, t.tenant.adminToken)({ url: `/Employees/${registration.employeeId}` })).json();
    // The fixed branch wins over the form's (South is not the applicant's to pick).
    expect(employee).toMatchObject({ firstName: 'Pat', middleName: 'Q', branchId: t.tenant.north.branchId, postalCode: '55401', primaryEmailAddress: 'pat@example.com',
      primaryPhoneNumber: '612-555', howHeardOfId: heardOfId, employmentCategoryId: categoryId });
    expect(await eventTypesOf(t.database, t.tenant.tenantId, 'Employee', registration.employeeId)).toEqual(['employee.created']); // GEN-16
    const candidates = await candidatesOf(registration.employeeId);
    expect(candidates.map((c) => c.jobOrderId).sort()).toEqual([ids.order1, ids.order2].sort());
    for (const c of candidates) expect(c).toMatchObject({ status: 'Applied from web', utmSource: 'indeed', utmCampaign: 'spring', utmMedium: 'cpc' });
    expect(registration.jobOrderCandidateIds.sort()).toEqual(candidates.map((c) => c.id).sort());
    const done = await t.app.inject({ url: res.headers.location, cookies: Object.fromEntries(res.cookies.map((c) => [c.name, c.value])) });
    expect(done.body).toContain(MESSAGES.en.registration.doneTitle);
    expect(done.body).toContain(form.username);
  });

  it('REG-21 without orders the utm values are saved nowhere but the registration\'s parameters', async () => {
    const res = await post(person(), { query: '?utm_source=flyer' });
    expect(res.statusCode).toBe(303);
    const registration = await lastRegistration();
    expect(await candidatesOf(registration.employeeId)).toEqual([]);
    expect(registration.parameters).toEqual({ utm_source: 'flyer' });
  });

  it('REG-17 the postal code locates the applicant: city and state come from it when left blank', async () => {
    const res = await post(person({ region: '', postalCode: '55401' }));
    expect(res.statusCode, res.body).toBe(303);
    const employee = (await as(t.app, t.tenant.adminToken)({ url: `/Employees/${(await lastRegistration()).employeeId}` })).json();
    expect(employee).toMatchObject({ region: 'MN', municipality: 'Minneapolis', postalCode: '55401' });
  });

  it('the same rules as POST /Employees and POST /WebUsers: each error next to its field, in English', async () => {
    const res = await post({ username: '', password: 'short', firstName: '', lastName: 'x'.repeat(51), region: '', emailAddress: 'not-an-email', branchId: '' });
    expect(res.statusCode).toBe(400);
    const t_ = MESSAGES.en.registration;
    const errorOf = (name: string) => new RegExp(`<p class="field-error" id="e-${name}">([^<]*)</p>`).exec(res.body)?.[1];
    expect(errorOf('firstName')).toBe('First name: this field is required.');
    expect(errorOf('lastName')).toBe('Last name: at most 50 characters.');
    expect(errorOf('emailAddress')).toBe(t_.errEmail);
    expect(errorOf('password')).toBe('The password must be at least 10 characters.');
    expect(errorOf('username')).toBe('Username: this field is required.');
    expect(errorOf('branchId')).toBe('Branch: this field is required.');
    expect(errorOf('region')).toBe(t_.errRegion);
    expect(res.body).toMatch(/id="f-firstName"[^>]*aria-describedby="e-firstName" aria-invalid="true"/);
    expect(res.body).not.toContain('value="short"');
  });

  it('REG-02 the errors are in the page\'s language (Spanish)', async () => {
    const res = await post({ ...person(), firstName: '', emailAddress: 'nope' }, { locale: 'es' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('<html lang="es">');
    expect(res.body).toContain('Nombre: este campo es obligatorio.');
    expect(res.body).toContain(MESSAGES.es.registration.errEmail);
  });

  it('a rule of the employee record (how-heard-of needing details) shows next to its field', async () => {
    const [needs] = await t.database.db.select({ id: howHeardOf.id }).from(howHeardOf)
      .where(and(eq(howHeardOf.tenantId, t.tenant.tenantId), eq(howHeardOf.originTypeId, 1), eq(howHeardOf.requireDetails, true))).limit(1);
    if (!needs) return;
    const before = await employeeCount();
    const res = await post(person({ howHeardOfId: String(needs.id) }));
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('id="e-howHeardOfDetail"');
    expect(await employeeCount()).toBe(before);
  });

  it('one transaction: a taken username is an error next to it and nothing is created', async () => {
    const first = person();
    expect((await post(first)).statusCode).toBe(303);
    const [employeesBefore, loginsBefore] = [await employeeCount(), await loginsCount()];
    const again = await post(person({ username: first.username.toUpperCase() }), { query: `?orders=${ids.order1}` });
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain(MESSAGES.en.registration.errUsernameTaken);
    expect(await employeeCount()).toBe(employeesBefore);
    expect(await loginsCount()).toBe(loginsBefore);
  });

  it('one transaction: when adding a candidate fails, no employee, login or registration is left', async () => {
    const db = t.database.db;
    await db.execute(`create function refuse_candidate() returns trigger language plpgsql as $$ begin raise exception 'refused for the test'; end $$`);
    await db.execute(`create trigger refuse_candidate before insert on job_order_candidates for each row when (new.job_order_id = ${ids.order2}) execute function refuse_candidate()`);
    try {
      const [employeesBefore, loginsBefore] = [await employeeCount(), await loginsCount()];
      const registrationsBefore = (await db.select({ n: count() }).from(registrations))[0]!.n;
      const res = await post(person(), { query: `?orders=${ids.order1},${ids.order2}` });
      expect(res.statusCode).toBe(500);
      expect(await employeeCount()).toBe(employeesBefore);
      expect(await loginsCount()).toBe(loginsBefore);
      expect((await db.select({ n: count() }).from(registrations))[0]!.n).toBe(registrationsBefore);
    } finally {
      await db.execute('drop trigger refuse_candidate on job_order_candidates');
      await db.execute('drop function refuse_candidate');
    }
  });

  it('refuses a POST without the form token (CSRF): 403 page, nothing created', async () => {
    const before = await employeeCount();
    const res = await t.app.inject({ method: 'POST', url: '/register/en/acme', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(person()).toString() });
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain(MESSAGES.en.common.formExpired);
    const { cookies } = formToken(await page());
    const forged = await t.app.inject({ method: 'POST', url: '/register/en/acme', cookies, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ ...person(), _csrf: 'forged' }).toString() });
    expect(forged.statusCode).toBe(403);
    expect(await employeeCount()).toBe(before);
  });
});

describe('a signed-in applicant', () => {
  const signIn = async (username: string, password: string, query = '') => {
    const form = await t.app.inject({ url: `/register/en/acme/sign-in${query}` });
    const { csrf, cookies } = formToken(form);
    return t.app.inject({ method: 'POST', url: `/register/en/acme/sign-in${query}`, cookies, headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ _csrf: csrf, username, password }).toString() });
  };

  it('REG-19 REG-20 follows a link with orders and is added as a candidate without registering again', async () => {
    const me = person();
    expect((await post(me)).statusCode).toBe(303);
    const employeeId = (await lastRegistration()).employeeId;
    const query = `?orders=${ids.order1},${ids.order2}&utm_source=mail`;
    const res = await signIn(me.username, me.password, query);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/register/en/acme${query.replace(',', '%2C')}`);
    const session = Object.fromEntries(res.cookies.map((c) => [c.name, c.value]));
    const apply = await t.app.inject({ url: res.headers.location!, cookies: session });
    expect(apply.body).toContain(MESSAGES.en.registration.applyTitle);
    expect(hasField(apply.body, 'firstName')).toBe(false);
    const before = await employeeCount();
    const done = await post({}, { query, path: '/apply', extraCookies: session });
    expect(done.statusCode, done.body).toBe(303);
    expect(await employeeCount()).toBe(before);
    const candidates = await candidatesOf(employeeId);
    expect(candidates.map((c) => c.jobOrderId).sort()).toEqual([ids.order1, ids.order2].sort());
    expect(candidates.every((c) => c.utmSource === 'mail' && c.status === 'Applied from web')).toBe(true);
    // Again: nothing new, no error.
    expect((await post({}, { query, path: '/apply', extraCookies: session })).statusCode).toBe(303);
    expect(await candidatesOf(employeeId)).toHaveLength(2);
    const page_ = await t.app.inject({ url: res.headers.location!, cookies: session });
    expect(page_.body).toContain(MESSAGES.en.registration.alreadyApplied);
  });

  it('a wrong password is refused with a message; the throttle locks the username as the token grant does', async () => {
    const me = person();
    expect((await post(me)).statusCode).toBe(303);
    for (let i = 0; i < 3; i++) {
      const wrong = await signIn(me.username, 'wrong password!');
      expect(wrong.statusCode).toBe(401);
      expect(wrong.body).toContain(MESSAGES.en.registration.signInWrong);
    }
    const locked = await signIn(me.username, me.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.body).toContain('Too many failed sign-ins');
  });

  it('applying without a session leads to the sign-in page', async () => {
    const res = await post({}, { query: `?orders=${ids.order1}`, path: '/apply' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/register/en/acme/sign-in?orders=${ids.order1}`);
  });
});

describe('hostile input', () => {
  const SCRIPT = '<script>alert(1)</script>';

  it('escapes script in every query parameter and form field', async () => {
    const query = `?${['username', 'firstName', 'lastName', 'emailAddress', 'phoneNumber', 'middleName', 'postalCode', 'workflowName', 'orders', 'utm_source', 'branchId', 'howHeardOfId', 'employmentCategoryId', 'workflowId', 'other']
      .map((p) => `${p}=${encodeURIComponent(SCRIPT)}`).join('&')}`;
    const res = await page(query);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(SCRIPT);
    const posted = await post(Object.fromEntries(['username', 'password', 'firstName', 'lastName', 'region', 'emailAddress', 'municipality', 'branchId', 'howHeardOfDetail'].map((f) => [f, SCRIPT])), { query });
    expect(posted.statusCode).toBe(400);
    expect(posted.body).not.toContain(SCRIPT);
    expect(posted.body).toContain('&lt;script&gt;');
  });

  it('answers very long values, bad UTF-8, repeated parameters and NUL with a 4xx page or ignores them: never a 500', async () => {
    const long = 'x'.repeat(10_000);
    const urls = [`?firstName=${long}`, '?firstName=%FF%FE&orders=%FF', '?firstName=a&firstName=b', '?orders=1,2&orders=3', '?username=%00', `?orders=${'1,'.repeat(5000)}`];
    for (const q of urls) {
      const res = await page(q);
      expect(res.statusCode, q).toBeLessThan(500);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
    }
    expect((await t.app.inject({ url: '/register/en/%FF%FE' })).statusCode).toBeLessThan(500);
    expect((await t.app.inject({ url: `/register/en/${long}` })).statusCode).toBeLessThan(500);
    for (const form of [{ ...person(), firstName: long }, { ...person(), username: 'a\u0000b' }]) expect((await post(form)).statusCode).toBe(400);
    expect((await post({ ...person(), lastName: '%FF\uFFFD' })).statusCode).toBe(303);
    const { csrf, cookies } = formToken(await page());
    const arrays = await t.app.inject({ method: 'POST', url: '/register/en/acme', cookies, headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `_csrf=${encodeURIComponent(csrf)}&firstName=a&firstName=b&lastName=c&username=u&password=p` });
    expect(arrays.statusCode).toBe(400);
    const signInArrays = await t.app.inject({ method: 'POST', url: '/register/en/acme/sign-in', cookies, headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `_csrf=${encodeURIComponent(csrf)}&username=a&username=b&password=${long}` });
    expect(signInArrays.statusCode).toBe(400);
  });
});
