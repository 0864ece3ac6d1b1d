// Bad input gets a 4xx on every record route: ids beyond Int32/Int64, negative, exponent notation,
// wrong body shapes. A 500 here is a missing validation.
import { afterAll, beforeAll, it, expect } from 'vitest';
import { as, testApp, type TestContext } from '../../test/helpers.ts';
let t: TestContext;
beforeAll(async () => { t = await testApp(); });
afterAll(async () => { await t?.close(); });
it('ERR-06 GEN-07 AMB-25: out-of-range ids, ids in queries and odd bodies never answer 500 on any record route', async () => {
  const admin = as(t.app, t.tenant.adminToken);
  const bad: string[] = [];
  const paths = ['/Employees/1/contactmethods', '/Contacts/1/contactmethods', '/Customers/1/contactmethods', '/Employees', '/Customers', '/Contacts', '/Contracts', '/Prospects', '/JobOrders', '/Administration/JobTitles', '/Assignments', '/TimeEntry/timecards', '/RateSheets', '/Vendors'];
  for (const p of paths) {
    for (const id of ['2147483648', '9007199254740993', '9223372036854775807', '9223372036854775808', '-1', '0', '1e3', '1e16', '99999999999']) {
      for (const method of ['GET', 'PATCH'] as const) {
        const r = await admin({ method, url: `${p}/${id}`, payload: method === 'PATCH' ? [{ op: 'replace', path: '/x', value: 1 }] : undefined });
        if (r.statusCode >= 500) bad.push(`${method} ${p}/${id} ${r.statusCode}`);
      }
    }
    for (const body of [{}, { branchId: 2147483648 }, { customerId: 2 ** 53 + 2, jobOrderId: 2147483648, employeeId: 2147483648 }, { customerId: 2 ** 63, employeeId: 2 ** 63 - 1024, contactId: 1e16 }, [], 'x']) {
      const r = await admin({ method: 'POST', url: p, payload: body as object });
      if (r.statusCode >= 500) bad.push(`POST ${p} ${JSON.stringify(body)} ${r.statusCode} ${r.body.slice(0, 100)}`);
    }
    for (const q of ['skip=99999999999', 'take=5&branchId=2147483648', 'customerId=9007199254740993', 'customerId=9223372036854775807', 'employeeId=1e16', 'jobOrderId=2147483648&employeeId=99999999999']) {
      const r = await admin({ method: 'GET', url: `${p}?${q}` });
      if (r.statusCode >= 500) bad.push(`GET ${p}?${q} ${r.statusCode}`);
    }
  }
  expect(bad).toEqual([]);
});

it('ERR-06 GEN-07 AMB-25: the job board, batch job and staging routes never answer 500 for odd ids, queries or bodies', async () => {
  const admin = as(t.app, t.tenant.adminToken);
  const bad: string[] = [];
  const check = async (method: 'GET' | 'POST', url: string, payload?: unknown) => {
    const r = await admin({ method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
    if (r.statusCode >= 500) bad.push(`${method} ${url} ${JSON.stringify(payload) ?? ''} ${r.statusCode} ${r.body.slice(0, 100)}`);
  };
  for (const id of ['2147483648', '9007199254740993', '9223372036854775807', '-1', '0', '1e3', 'abc']) {
    await check('GET', `/batchjobs/${id}`);
    await check('GET', `/batchjobs/${id}/items?status=Failed`);
    await check('GET', `/Staging/Employees/${id}`);
    await check('GET', `/JobOrders/${id}/jobBoardDetails`);
    await check('POST', `/Staging/Employees/${id}/ConvertToEmployee`, { batchJobId: id });
    await check('POST', `/JobOrders/${id}/jobBoardCandidate`, { employeeId: id });
    await check('POST', `/Staging/Employees/Resumes?batchJobId=${id}`, {});
  }
  for (const body of [{}, [], 'x', { batchJobType: 'Convert_Staged_Employees', batchJobParameters: { serviceRepId: 2 ** 40, branchId: -1, isEmployeeActive: 'yes' } },
    { batchJobType: 'Convert_Staged_Employees', batchJobParameters: { serviceRepId: 1, branchId: 1, isEmployeeActive: true, employmentCategoryId: 'not-a-guid', employeeStatusId: 'x'.repeat(11) } },
    { batchJobType: 'Staged_Employee_Import_Resume_Data', batchJobParameters: [] }, { batchJobType: 'x'.repeat(101) }]) {
    await check('POST', '/batchjobs', body);
  }
  for (const body of [{ stagedEmployeeIds: [2147483648] }, [0], { stagedEmployeeIds: 'x' }, [1, 1]]) await check('POST', '/Staging/Employees/delete', body);
  for (const q of ['batchJobId=2147483648', 'status=Nope', 'parseStatus=1', 'isConverted=maybe', 'take=0']) await check('GET', `/Staging/Employees?${q}`);
  for (const q of ['countryCode=840', 'sortBy=9&countryCode=840', 'sortBy=1&countryCode=99999999999', 'sortBy=1&countryCode=840&latitude=91&longitude=0&distance=5&distanceUnitId=3',
    'sortBy=1&countryCode=840&postalCode=%00&distance=5&distanceUnitId=3', 'sortBy=1&countryCode=840&textSearch=%22%22%20%26%20!', 'sortBy=1&countryCode=840&distance=2147483648&distanceUnitId=3&postalCode=55401']) {
    await check('GET', `/Search/JobBoard?${q}`);
  }
  expect(bad).toEqual([]);
});

it('ERR-06: a body nested 20,000 deep (JSON arrays, objects, XML elements) is a 400 before anything walks it, on every record POST and PATCH', async () => {
  const { records } = await import('./registry.ts');
  const admin = as(t.app, t.tenant.adminToken);
  const bodies: [string, string][] = [
    ['application/json', '['.repeat(20_000) + ']'.repeat(20_000)],
    ['application/json', '{"a":'.repeat(20_000) + '1' + '}'.repeat(20_000)],
    ['application/json-patch+json', `[{"op":"replace","path":"/x","value":${'['.repeat(20_000)}${']'.repeat(20_000)}}]`],
    ['application/xml', '<a>'.repeat(20_000) + '</a>'.repeat(20_000)],
  ];
  const bad: string[] = [];
  const { collectionPath } = await import('../platform/records/record.ts');
  const urls = [...records.flatMap((r) => [['POST', collectionPath(r, 1)], ['PATCH', `${collectionPath(r, 1)}/1`]] as const), ['POST', '/Search/Employees/Emails'] as const, ['POST', '/batchjobs'] as const, ['POST', '/JobOrders/1/jobBoardCandidate'] as const];
  for (const [method, url] of urls) {
    for (const [type, body] of bodies) {
      if (method === 'PATCH' && type === 'application/xml') continue;
      const r = await admin({ method, url, payload: body, headers: { 'content-type': type } });
      if (r.statusCode !== 400 || !r.json<{ errors?: object }>().errors) bad.push(`${method} ${url} ${type}: ${r.statusCode} ${r.body.slice(0, 120)}`);
    }
  }
  expect(bad).toEqual([]);
  // A body nested a few levels, as real ones are, still passes the parser (the route then judges it).
  const ok = await admin({ method: 'POST', url: '/Employees', payload: { firstName: { a: { b: { c: [[[1]]] } } } } });
  expect(ok.statusCode).toBe(400);
  expect(Object.keys(ok.json<{ errors: object }>().errors)).toContain('firstName');
});

it('ERR-06: an upload\'s file name with NUL, control or bidi characters, path segments or 5,000 characters is stored cleaned, never a 500', async () => {
  const { makeResume, SAMPLE_PERSON } = await import('./resumes/resume.fixtures.ts');
  const { safeFileName } = await import('../platform/http/upload.ts');
  expect(safeFileName('a\u0000b.pdf')).toBe('ab.pdf');
  expect(safeFileName('..\\..\\etc/\u202epasswd.pdf')).toBe('passwd.pdf');
  expect(safeFileName('\u0000')).toBe('upload');
  expect(safeFileName(`${'x'.repeat(5000)}.docx`)).toMatch(/^x{250}\.docx$/);
  const admin = as(t.app, t.tenant.adminToken);
  const job = await admin({ method: 'POST', url: '/batchjobs', payload: { batchJobType: 'Staged_Employee_Import_Resume_Data', batchJobParameters: {} } });
  const pdf = await makeResume(SAMPLE_PERSON, 'pdf');
  for (const name of ['a\u0000b.pdf', '\u0000', `${'x'.repeat(5000)}.pdf`]) {
    const body = Buffer.concat([Buffer.from(`--abc\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`), pdf, Buffer.from('\r\n--abc--\r\n')]);
    for (const url of [`/Staging/Employees/Resumes?batchJobId=${job.json<{ batchJobId: number }>().batchJobId}`, '/Employees/Resume']) {
      const r = await admin({ method: 'POST', url, payload: body, headers: { 'content-type': 'multipart/form-data; boundary=abc' } });
      expect(r.statusCode, `${url} ${JSON.stringify(name.slice(0, 20))}: ${r.body.slice(0, 200)}`).toBe(201);
    }
  }
});
