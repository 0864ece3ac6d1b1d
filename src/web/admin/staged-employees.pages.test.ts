// The admin pages' staged employees (app.inject, a real worker on the test database): the list with
// the API's filters, the details, converting and deleting through the API's routes (which create
// batch jobs), field errors, the form token, hierarchy isolation, hostile input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginContext } from '../../../test/login.ts';
import { as, startWorker } from '../../../test/helpers.ts';
import type { Background } from '../../platform/background.ts';
import { MESSAGES } from '../../platform/messages/index.ts';
import { adminPagesLogin, openPage, postForm, submitForm, type Cookies } from './admin.test-support.ts';
import { jobIdOf, postUpload, threeResumes, waitCompleted } from './batch-jobs.test-support.ts';

const en = MESSAGES.en.adminJobs;
let t: LoginContext;
let worker: Background;
let nora: Cookies;
let sam: Cookies;
/** Staged employee ids of nora's import, in upload order (Renée, Marcus, Yuki). */
let ids: number[] = [];
let importJob: number;

const get = (url: string, cookies: Cookies) => t.app.inject({ url, cookies });
const stagedIds = (html: string) => [...html.matchAll(/name="ids" value="(\d+)"/g)].map((m) => Number(m[1]));

beforeAll(async () => {
  ({ t, cookies: { nora, sam } } = await adminPagesLogin('nora', 'sam'));
  worker = await startWorker(t);
  const { res } = await postUpload(t.app, nora, await threeResumes());
  expect(res.statusCode, res.body).toBe(303);
  importJob = jobIdOf(res.headers.location);
  await waitCompleted(t.app, nora, importJob);
  ids = stagedIds((await get(`/admin/staged-employees?batchJobId=${importJob}`, nora)).body);
});
afterAll(async () => { await worker?.stop(); await t?.close(); });

describe('the staged employees list and details', () => {
  it('lists the staged employees the rep sees, with a labelled checkbox each and the two actions', async () => {
    const res = await get('/admin/staged-employees', nora);
    expect(res.statusCode).toBe(200);
    expect(ids).toHaveLength(3);
    expect(res.body).toContain('aria-label="Select Marcus Whitfield"');
    expect(res.body).toContain(`formaction="/admin/staged-employees/convert?lang=en">${en.convertSelected}`);
    expect(res.body).toContain(`formaction="/admin/staged-employees/delete?lang=en">${en.deleteSelected}`);
  });

  it('filters as the API does (job, parse result, converted) and shows a bad filter at its field (400)', async () => {
    expect(stagedIds((await get('/admin/staged-employees?parseStatus=Parsed&isConverted=false', nora)).body)).toEqual(ids);
    expect(stagedIds((await get('/admin/staged-employees?isConverted=true', nora)).body)).toEqual([]);
    expect(stagedIds((await get('/admin/staged-employees?status=Completed', nora)).body)).toEqual(ids);
    const bad = await get('/admin/staged-employees?batchJobId=abc&parseStatus=%3Cscript%3E', nora);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('id="f-job" name="batchJobId" value="abc" maxlength="10" aria-invalid="true" aria-describedby="f-job-error"');
    expect(bad.body).toContain('aria-describedby="f-parse-error"');
    expect(bad.body).not.toContain('<script>');
  });

  it('shows a staged employee\'s parsed fields and its items', async () => {
    const res = await get(`/admin/staged-employees/${ids[1]}`, nora);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<h1>Staged employee');
    expect(res.body).toContain('Marcus Whitfield');
    expect(res.body).toContain('marcus.whitfield@example.com');
    expect(res.body).toContain('Forklift Operator, Acme Logistics (2019-01 – present)');
    expect(res.body).toContain(en.typeImport);
    expect(res.body).toContain(`href="/admin/staged-employees/convert?ids=${ids[1]}&amp;lang=en"`);
  });

  it('a branch rep never sees another branch\'s staged employees (absent from the list, 404 pages)', async () => {
    expect(stagedIds((await get('/admin/staged-employees', sam)).body)).toEqual([]);
    expect((await get(`/admin/staged-employees/${ids[0]}`, sam)).statusCode).toBe(404);
    expect((await get(`/admin/staged-employees/convert?ids=${ids[0]}`, sam)).statusCode).toBe(404);
    expect((await get(`/admin/staged-employees/delete?ids=${ids[0]}`, sam)).statusCode).toBe(404);
    const del = await submitForm(t.app, '/admin/staged-employees/delete', sam, { ids: String(ids[0]) }, '/admin/upload');
    expect(del.res.statusCode).toBe(404);
    expect((await get(`/admin/staged-employees/${ids[0]}`, nora)).statusCode).toBe(200);
  });

  it('answers hostile addresses and selections with a page, never a 500', async () => {
    const long = 'x'.repeat(10_000);
    for (const url of [
      '/admin/staged-employees/%3Cscript%3E', '/admin/staged-employees/99999999999', `/admin/staged-employees/${long}`, '/admin/staged-employees/%FF%FE',
      '/admin/staged-employees/convert', '/admin/staged-employees/convert?ids=abc', '/admin/staged-employees/convert?ids=%FF%FE', `/admin/staged-employees/delete?ids=${long}`,
      '/admin/staged-employees/delete?ids=1&ids=%3Cscript%3E', `/admin/staged-employees?page=${long}`, '/admin/staged-employees?status=a&status=b',
    ]) {
      const res = await get(url, nora);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.body).not.toContain('<script>');
    }
    expect(stagedIds((await get('/admin/staged-employees?batchJobId=99999&page=%FF', nora)).body)).toEqual([]);
  });
});

describe('converting and deleting', () => {
  it('refuses a conversion or deletion without its form token (403)', async () => {
    for (const url of ['/admin/staged-employees/convert', '/admin/staged-employees/delete']) {
      const res = await postForm(t.app, url, nora, { ids: String(ids[0]), branchId: String(t.acme.fixture.north.branchId), serviceRepId: String(t.acme.fixture.north.repId) });
      expect(res.res.statusCode).toBe(403);
    }
    expect(stagedIds((await get(`/admin/staged-employees?batchJobId=${importJob}`, nora)).body)).toEqual(ids);
  });

  it('answers hostile selections in the forms with a page, never a 500', async () => {
    const page = await openPage(t.app, '/admin/upload', nora);
    for (const ids of ['<script>alert(1)</script>', 'x'.repeat(10_000), '1,2,abc', '', '\uFFFD\uFFFE']) {
      for (const url of ['/admin/staged-employees/convert', '/admin/staged-employees/delete']) {
        const res = await postForm(t.app, url, page.cookies, { _csrf: page.csrf, ids, branchId: '<b>', serviceRepId: '1' });
        expect(res.res.statusCode, `${url} ${ids.slice(0, 20)}`).toBeGreaterThanOrEqual(400);
        expect(res.res.statusCode).toBeLessThan(500);
        expect(res.res.body).not.toContain('<script>alert');
      }
    }
  });

  it('shows the conversion form\'s errors at their fields: none chosen, and a branch outside the rep\'s hierarchy (the API\'s rule)', async () => {
    const page = await openPage(t.app, `/admin/staged-employees/convert?ids=${ids[0]}`, nora);
    expect(page.res.statusCode).toBe(200);
    expect(page.res.body).toContain('<label for="c-branch">');
    expect(page.res.body).toContain(`<option value="${t.acme.fixture.north.repId}" selected>`);
    const empty = await postForm(t.app, '/admin/staged-employees/convert', page.cookies, { _csrf: page.csrf, ids: String(ids[0]), branchId: '', serviceRepId: 'x'.repeat(10_000) });
    expect(empty.res.statusCode).toBe(400);
    expect(empty.res.body).toContain('aria-describedby="c-branch-error"');
    expect(empty.res.body).toContain('aria-describedby="c-rep-error"');
    const outside = await postForm(t.app, '/admin/staged-employees/convert', page.cookies, { _csrf: page.csrf, ids: String(ids[0]), branchId: String(t.acme.fixture.south.branchId), serviceRepId: String(t.acme.fixture.north.repId) });
    expect(outside.res.statusCode).toBe(400);
    expect(outside.res.body).toMatch(/<p class="field-error" id="c-branch-error">[^<]*branch/);
  });

  it('BATCH-10: converts one staged employee through a conversion job and ends on its page; the employee exists', async () => {
    const page = await openPage(t.app, `/admin/staged-employees/convert?ids=${ids[0]}`, nora);
    const res = await postForm(t.app, '/admin/staged-employees/convert', page.cookies, {
      _csrf: page.csrf, ids: String(ids[0]), branchId: String(t.acme.fixture.north.branchId), serviceRepId: String(t.acme.fixture.north.repId), isEmployeeActive: 'true',
    });
    expect(res.res.statusCode, res.res.body).toBe(303);
    const job = jobIdOf(res.res.headers.location);
    expect(await waitCompleted(t.app, nora, job)).toMatchObject({ completedItems: 1, failedItems: 0 });
    const details = await get(`/admin/staged-employees/${ids[0]}`, nora);
    const employeeId = /Employee (\d+)\)/.exec(details.body)?.[1];
    expect(employeeId).toBeDefined();
    const employee = await as(t.app, t.acme.fixture.northToken)({ url: `/Employees/${employeeId}` });
    expect(employee.json()).toMatchObject({ firstName: 'Renée', lastName: "O'Connor-Díaz" });
    expect(stagedIds((await get('/admin/staged-employees?isConverted=true', nora)).body)).toEqual([ids[0]]);
  });

  it('AMB-47: deletes the selected staged employees through a delete job and ends on its page', async () => {
    const confirm = await openPage(t.app, `/admin/staged-employees/delete?ids=${ids[1]}&ids=${ids[2]}`, nora);
    expect(confirm.res.statusCode).toBe(200);
    expect(confirm.res.body).toContain(en.deleteIntro);
    expect(confirm.res.body).toContain(`name="ids" value="${ids[1]},${ids[2]}"`);
    const res = await postForm(t.app, '/admin/staged-employees/delete', confirm.cookies, { _csrf: confirm.csrf, ids: `${ids[1]},${ids[2]}` });
    expect(res.res.statusCode, res.res.body).toBe(303);
    const job = jobIdOf(res.res.headers.location);
    expect(await waitCompleted(t.app, nora, job)).toMatchObject({ completedItems: 2 });
    expect((await get(`/admin/staged-employees/${ids[1]}`, nora)).statusCode).toBe(404);
    expect(stagedIds((await get('/admin/staged-employees', nora)).body)).toEqual([ids[0]]);
  });
});
