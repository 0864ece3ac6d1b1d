// POST /Employees/Resume: one resume becomes an employee at once (RES-01 to RES-14).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { as, eventTypesOf, testApp, type TestContext } from '../../../test/helpers.ts';
import { multipart, type FilePart } from '../../../test/multipart.ts';
import { freePort } from '../../platform/db/embedded.ts';
import { howHeardOf } from '../../platform/db/schema.ts';
import { employees } from '../employees/employee.table.ts';
import { makeResume, NAME_SHAPES, SAMPLE_PERSON, zipBombDocx, type FixturePerson } from './resume.fixtures.ts';

let t: TestContext;
let north: ReturnType<typeof as>;
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const part = (bytes: Buffer, name = 'resume', type = DOCX, fileName = 'cv.docx'): FilePart => ({ name, fileName, type, bytes });

async function post(call: ReturnType<typeof as>, files: FilePart[], headers: Record<string, string> = {}) {
  const body = await multipart({}, files);
  return call({ method: 'POST', url: '/Employees/Resume', payload: body.payload, headers: { ...body.headers, ...headers } });
}

beforeAll(async () => {
  t = await testApp();
  north = as(t.app, t.tenant.northToken);
});
afterAll(async () => t.close());

describe('POST /Employees/Resume', () => {
  it('RES-01 RES-02 creates the employee from the resume: 201 {employeeId} and a Location', async () => {
    const res = await post(north, [part(await makeResume(SAMPLE_PERSON, 'docx'))]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ employeeId: expect.any(Number) });
    expect(res.headers.location).toBe(`/Employees/${res.json().employeeId}`);
    const employee = (await north({ method: 'GET', url: res.headers.location as string })).json();
    expect(employee).toMatchObject({
      firstName: 'Renée', lastName: "O'Connor-Díaz", primaryEmailAddress: SAMPLE_PERSON.email, branchId: t.tenant.north.branchId,
      street1: '742 Evergreen Terrace', municipality: 'Springfield', region: 'IL', postalCode: '62704', countryCode: 840,
    });
    expect(employee.primaryPhoneNumber).toMatch(/312.?555.?0147/);
    // GEN-16: subscribers hear of it as of any new employee.
    expect(await eventTypesOf(t.database, t.tenant.tenantId, 'Employee', res.json().employeeId)).toEqual(['employee.created']);
  });

  it('RES-04 takes the part named `file` too, and any case of the header names', async () => {
    const res = await post(north, [part(await makeResume(SAMPLE_PERSON, 'pdf'), 'file', 'application/pdf', 'cv.pdf')], { firstname: 'Renata' });
    expect(res.statusCode, res.body).toBe(201);
    expect((await north({ method: 'GET', url: `/Employees/${res.json().employeeId}` })).json().firstName).toBe('Renata');
  });

  it('RES-06 RES-08 RES-09 FirstName and LastName headers override the resume; 1 to 50 characters', async () => {
    const resume = await makeResume(SAMPLE_PERSON, 'txt');
    const res = await post(north, [part(resume, 'resume', 'text/plain', 'cv.txt')], { FirstName: 'Ann', LastName: 'Lee' });
    expect(res.statusCode, res.body).toBe(201);
    expect((await north({ method: 'GET', url: `/Employees/${res.json().employeeId}` })).json()).toMatchObject({ firstName: 'Ann', lastName: 'Lee' });
    for (const headers of [{ FirstName: 'x'.repeat(51) }, { LastName: '' }, { LastName: ' ' }] as Record<string, string>[]) {
      const bad = await post(north, [part(resume, 'resume', 'text/plain', 'cv.txt')], headers);
      expect(bad.statusCode, JSON.stringify(headers)).toBe(400);
      expect(Object.keys(bad.json().errors)).toEqual(Object.keys(headers));
    }
  });

  it('RES-07 HowHeardOfId is a how-heard-of id: stored when it exists, 400 otherwise', async () => {
    const [option] = await t.database.db.select().from(howHeardOf).where(and(eq(howHeardOf.tenantId, t.tenant.tenantId), eq(howHeardOf.originTypeId, 1))).limit(1);
    const resume = await makeResume(SAMPLE_PERSON, 'rtf');
    const res = await post(north, [part(resume, 'resume', 'application/rtf', 'cv.rtf')], { HowHeardOfId: String(option!.id) });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.database.db.select().from(employees).where(and(eq(employees.tenantId, t.tenant.tenantId), eq(employees.id, res.json().employeeId)));
    expect((row as Record<string, unknown>).howHeardOfId).toBe(option!.id);
    for (const id of ['999999', 'abc']) expect((await post(north, [part(resume, 'resume', 'application/rtf', 'cv.rtf')], { HowHeardOfId: id })).statusCode).toBe(400);
  });

  it('reads the work history of a terse resume and of a Spanish table into the employee\'s profile (issue 30)', async () => {
    const terse = ['Dana Whitfield', '(651) 555-0182 dana.whitfield@example.com', '118 Maple St, Saint Paul, MN 55104', '',
      'Line Cook - Blue Door Pub (Mar 2021 - Present)', 'Grill, Saute, Food prep'].join('\n');
    const table = ['Rosa Campos', 'rosa.campos@example.com | (512) 555-0199', '5712 Elm St, Helotes, TX 78023', '',
      'Experiencia', 'Empresa | Puesto | Desde | Hasta', 'Hotel Real | Recamarera | abr 2019 | Actual'].join('\n');
    const jobsOf = async (text: string) => {
      const res = await post(north, [part(Buffer.from(text), 'resume', 'text/plain', 'cv.txt')]);
      expect(res.statusCode, res.body).toBe(201);
      const profile = await north({ method: 'GET', url: `/Employees/${res.json().employeeId}/Profile` });
      expect(profile.statusCode, profile.body).toBe(200);
      return profile.json().workHistory.map((j: { title: string; employer: string; occupationId: string; startDate: string }) => [j.title, j.employer, j.occupationId, j.startDate]);
    };
    expect(await jobsOf(terse)).toEqual([['Line Cook', 'Blue Door Pub', 'cook', '2021-03']]);
    expect(await jobsOf(table)).toEqual([['Recamarera', 'Hotel Real', 'housekeeper', '2019-04']]);
  });

  it('RES-03 RES-05 2 MiB + 1 byte answers 413; other types 415; an empty file 400; no file part 400', async () => {
    expect((await post(north, [part(Buffer.alloc(2 * 1024 * 1024 + 1, 'a'), 'resume', 'text/plain', 'big.txt')])).statusCode).toBe(413);
    expect((await post(north, [part(Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00', 'latin1'), 'resume', 'image/gif', 'me.gif')])).statusCode).toBe(415);
    expect((await post(north, [part(Buffer.from([0, 1, 2, 3, 0, 0, 0, 9]), 'resume', 'application/octet-stream', 'x.bin')])).statusCode).toBe(415);
    expect((await post(north, [part(Buffer.alloc(0), 'resume', 'text/plain', 'empty.txt')])).statusCode).toBe(400);
    expect((await post(north, [part(Buffer.from('Jane Doe'), 'photo', 'text/plain', 'x.txt')])).statusCode).toBe(400);
  });

  it('keeps every part of the name as written: a job-word surname, a middle name, two Spanish surnames, McDonald in capitals', async () => {
    const person = (name: Partial<FixturePerson>) => NAME_SHAPES.find((p) => p.lastName === name.lastName)!;
    for (const [shape, nameStyle, expected] of [
      [person({ lastName: 'Cook' }), 'first-last', { firstName: 'Jamal', middleName: null, lastName: 'Cook' }],
      [person({ lastName: 'Hernández' }), 'first-last', { firstName: 'José', middleName: 'Luis', lastName: 'Hernández' }],
      [person({ lastName: 'García López' }), 'last-first', { firstName: 'Ana', middleName: null, lastName: 'García López' }],
      [person({ lastName: 'McDonald' }), 'last-first', { firstName: 'Ronald', middleName: null, lastName: 'McDonald' }],
    ] as const) {
      const res = await post(north, [part(await makeResume(shape, 'docx', { nameStyle }))]);
      expect(res.statusCode, res.body).toBe(201);
      expect((await north({ method: 'GET', url: `/Employees/${res.json().employeeId}` })).json()).toMatchObject(expected);
    }
    // Names given in the headers replace the resume's, middle name included (it may be in the FirstName given).
    const named = await post(north, [part(await makeResume(person({ lastName: 'Hernández' }), 'docx'))], { FirstName: 'José Luis' });
    expect((await north({ method: 'GET', url: `/Employees/${named.json().employeeId}` })).json()).toMatchObject({ firstName: 'José Luis', middleName: null, lastName: 'Hernández' });
  });

  it('a 2 KB DOCX whose ZIP directory understates its size answers 413 naming the file, as an oversized file does, without waiting for the time limit', async () => {
    const liar = zipBombDocx(2 * 1024 * 1024, 1000);
    const res = await post(north, [part(liar)]);
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json()).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE', errors: { resume: [expect.stringMatching(/^TOO_LARGE: /)] } });
  });

  it('a resume without a name answers 400 asking for the headers; a corrupt file 400 naming it', async () => {
    const res = await post(north, [part(Buffer.from('Skills: forklift, welding\nExperience: 5 years'), 'resume', 'text/plain', 'cv.txt')]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty(['FirstName']);
    const corrupt = await post(north, [part(Buffer.from('%PDF-1.7\nnot a pdf'), 'resume', 'application/pdf', 'cv.pdf')]);
    expect(corrupt.statusCode).toBe(400);
    expect(corrupt.json().errors.resume[0]).toMatch(/CORRUPT/);
  });

  it('RES-12 AUTH-32 ERR-08 ERR-19 a hierarchy level that may not insert master data answers 403 HIERARCHY_CANNOT_INSERT_MASTER_DATA', async () => {
    const res = await post(as(t.app, t.tenant.southToken), [part(await makeResume(SAMPLE_PERSON, 'docx'))]);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ status: 403, code: 'HIERARCHY_CANNOT_INSERT_MASTER_DATA' });
  });

  it('RES-14 ERR-08 needs the employee-write scope: 403 SCOPE_MISSING', async () => {
    const { issueCredential } = await import('../../platform/auth/tokens.ts');
    const reader = await issueCredential(t.database.db, { tenantId: t.tenant.tenantId, serviceRepId: t.tenant.north.repId, kind: 'personal', name: 'reader', scopes: ['employee-read'], expiresAt: new Date(Date.now() + 86_400_000) });
    expect((await post(as(t.app, reader), [part(await makeResume(SAMPLE_PERSON, 'docx'))])).json()).toMatchObject({ status: 403, code: 'SCOPE_MISSING' });
  });

  it('NEG-09 the resume comes as multipart/form-data: the same file as the whole body, or a JSON body, answers 415', async () => {
    const resume = await makeResume(SAMPLE_PERSON, 'docx');
    expect((await post(north, [part(resume)])).statusCode).toBe(201);
    for (const [type, payload] of [[DOCX, resume], ['application/octet-stream', resume], ['application/json', '{"resume":"cv.docx"}']] as const) {
      const res = await north({ method: 'POST', url: '/Employees/Resume', headers: { 'content-type': type }, payload });
      expect(res.statusCode, type).toBe(415);
      expect(res.json().code, type).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
  });
});

describe('address standardization and the external parser', () => {
  it('RES-10 RES-11 UseStandardizedAddressIfExists uses the gazetteer\'s address; required and impossible answers 400', async () => {
    const ctx = await testApp({ ADDRESS_STANDARDIZATION_REQUIRED: 'true' });
    try {
      const call = as(ctx.app, ctx.tenant.northToken);
      const lower = { ...SAMPLE_PERSON, address: { ...SAMPLE_PERSON.address!, municipality: 'SPRINGFIELD', street2: undefined } };
      const ok = await post(call, [part(await makeResume(lower, 'docx'))], { UseStandardizedAddressIfExists: 'true' });
      expect(ok.statusCode, ok.body).toBe(201);
      expect((await call({ method: 'GET', url: `/Employees/${ok.json().employeeId}` })).json()).toMatchObject({ municipality: 'Springfield', street1: '742 Evergreen Ter' });
      const wrongZip = { ...SAMPLE_PERSON, address: { ...SAMPLE_PERSON.address!, postalCode: '10001' } };
      const bad = await post(call, [part(await makeResume(wrongZip, 'docx'))], { UseStandardizedAddressIfExists: 'false' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors.address[0]).toMatch(/cannot be parsed or is incomplete, and address standardization is required/);
      expect((await post(call, [part(await makeResume(SAMPLE_PERSON, 'docx'))], { UseStandardizedAddressIfExists: 'maybe' })).statusCode).toBe(400);
    } finally { await ctx.close(); }
  });

  it('RES-13 AMB-38 ERR-17 ERR-18 ERR-19 an unreachable parsing service answers 520 EXTERNAL_UNREACHABLE, one that fails 521 EXTERNAL_FAILED', async () => {
    const closedPort = await freePort();
    const down = await testApp({ RESUME_PARSER_URL: `http://127.0.0.1:${closedPort}/parse` });
    const failing: Server = createServer((_req, res) => { res.writeHead(500); res.end('boom'); });
    await new Promise<void>((r) => failing.listen(0, '127.0.0.1', r));
    const broken = await testApp({ RESUME_PARSER_URL: `http://127.0.0.1:${(failing.address() as AddressInfo).port}/parse` });
    try {
      const resume = [part(await makeResume(SAMPLE_PERSON, 'docx'))];
      const unreachable = await post(as(down.app, down.tenant.northToken), resume);
      expect(unreachable.statusCode).toBe(520);
      expect(unreachable.json()).toMatchObject({ status: 520, code: 'EXTERNAL_UNREACHABLE' });
      const failed = await post(as(broken.app, broken.tenant.northToken), resume);
      expect(failed.statusCode).toBe(521);
      expect(failed.json()).toMatchObject({ status: 521, code: 'EXTERNAL_FAILED' });
    } finally {
      await down.close();
      await broken.close();
      await new Promise((r) => failing.close(r));
    }
  });
});
