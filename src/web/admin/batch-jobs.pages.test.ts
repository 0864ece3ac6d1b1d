// The admin pages' batch jobs and resume upload (app.inject, a real worker on the test database): the
// upload form stages resumes into a new import job through the API's own upload, per-file refusals,
// the form token, malformed bodies, the job list and page with progress and failures, hierarchy
// isolation (a branch rep never sees another branch's jobs), hostile addresses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginContext } from '../../../test/login.ts';
import { startWorker } from '../../../test/helpers.ts';
import type { Background } from '../../platform/background.ts';
import { MESSAGES } from '../../platform/messages/index.ts';
import { adminPagesLogin, signedIn, type Cookies } from './admin.test-support.ts';
import { filePart, jobIdOf, postUpload, threeResumes, waitCompleted } from './batch-jobs.test-support.ts';
import { MAX_FILES } from './upload.receive.ts';

const en = MESSAGES.en.adminJobs;
let t: LoginContext;
let worker: Background;
let nora: Cookies;
let sam: Cookies;
let otherNora: Cookies;

beforeAll(async () => {
  ({ t, cookies: { nora, sam } } = await adminPagesLogin('nora', 'sam'));
  otherNora = await signedIn(t, 'nora', 'other');
  worker = await startWorker(t);
});
afterAll(async () => { await worker?.stop(); await t?.close(); });

const get = (url: string, cookies: Cookies) => t.app.inject({ url, cookies });

describe('uploading resumes', () => {
  it('shows the upload form: the form token first, a file input that takes several files, the drop zone and its script', async () => {
    const res = await get('/admin/upload', nora);
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<form[^>]*id="upload-form"[^>]*enctype="multipart\/form-data"[^>]*>\s*<input type="hidden" name="_csrf"/);
    expect(res.body).toContain('type="file" id="resume-files" name="resume" multiple');
    expect(res.body).toContain('<label for="resume-files">');
    expect(res.body).toContain('id="dropzone"');
    expect(res.body).toContain('<script src="/assets/upload.js" defer></script>');
    expect((await get('/assets/upload.js', {})).statusCode).toBe(200);
  });

  it('stages three resumes into a new import job and goes to the job page, which reaches Completed with three staged employees', async () => {
    const { res } = await postUpload(t.app, nora, await threeResumes());
    expect(res.statusCode, res.body).toBe(303);
    const id = jobIdOf(res.headers.location);
    const page = await get(`/admin/batch-jobs/${id}`, nora);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<progress id="job-progress"');
    expect(page.body).toContain(en.typeImport);
    const done = await waitCompleted(t.app, nora, id);
    expect(done).toMatchObject({ status: 'Completed', total: 3, done: 3, completedItems: 3, failedItems: 0 });
    const finished = await get(`/admin/batch-jobs/${id}`, nora);
    expect(finished.body).toContain('data-status="Completed"');
    expect(finished.body).toContain('3 of 3 items processed');
    expect(finished.body).toContain(en.noFailures);
    const staged = await get(`/admin/staged-employees?batchJobId=${id}`, nora);
    for (const name of ['Renée O&#39;Connor-Díaz', 'Marcus Whitfield', 'Yuki Tanaka']) expect(staged.body).toContain(name);
  });

  it('RES-03 RES-05: lists each refused file by name (too large, not a resume, empty) and stages the others', async () => {
    const good = (await threeResumes())[1];
    const files = [good!, filePart('huge.txt', 'text/plain', Buffer.alloc(2 * 1024 * 1024 + 1, 'a')), filePart('<script>alert(1)</script>.png', 'image/png', Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')), filePart('blank.txt', 'text/plain', Buffer.alloc(0))];
    const { res } = await postUpload(t.app, nora, files);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<strong>${good!.fileName}</strong>: ${en.fileOk}`);
    expect(res.body).toContain(`<strong>huge.txt</strong>: ${en.fileTooLarge}`);
    // The part's file name loses its path (busboy keeps what follows the last slash), and is escaped.
    expect(res.body).toContain(`<strong>script&gt;.png</strong>: ${en.fileWrongType}`);
    expect(res.body).not.toContain('<script>alert');
    expect(res.body).toContain(`<strong>blank.txt</strong>: ${en.fileEmpty}`);
    expect(res.body).toContain('3 of 4 files were not uploaded.');
    expect(res.body).toContain(en.watchJob);
  });

  it('answers the script in JSON (form token in the csrf-token header): 201 with each file, or the API\'s 415 when no file is a resume', async () => {
    const page = await t.app.inject({ url: '/admin/upload', cookies: nora });
    const token = /name="_csrf" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
    const cookies = { ...nora, ...Object.fromEntries(page.cookies.map((c) => [c.name, c.value])) };
    const [good] = await threeResumes();
    const ok = await postUpload(t.app, cookies, [good!], { csrf: '', headers: { accept: 'application/json', 'csrf-token': token } });
    expect(ok.res.statusCode, ok.res.body).toBe(201);
    expect(ok.res.json()).toMatchObject({ batchJobId: expect.any(Number), jobUrl: expect.stringMatching(/^\/admin\/batch-jobs\/\d+/), files: [{ name: good!.fileName, ok: true }] });
    const bad = await postUpload(t.app, cookies, [filePart('x.exe', 'application/octet-stream', Buffer.from('MZ\x90\x00binary'))], { csrf: '', headers: { accept: 'application/json', 'csrf-token': token } });
    expect(bad.res.statusCode).toBe(415);
    expect(bad.res.json()).toMatchObject({ files: [{ name: 'x.exe', ok: false, message: en.fileWrongType }] });
  });

  it('refuses a form without its token, or with another, before reading any file (403, nothing created)', async () => {
    const before = (await get('/admin/batch-jobs', nora)).body.match(/<tr>/g)?.length;
    const files = await threeResumes();
    for (const csrf of ['', 'forged-token']) {
      const { res } = await postUpload(t.app, nora, files, { csrf });
      expect(res.statusCode).toBe(403);
      expect(res.body).toContain(MESSAGES.en.common.formExpired);
    }
    const header = await postUpload(t.app, nora, files, { csrf: '', headers: { 'csrf-token': 'forged' } });
    expect(header.res.statusCode).toBe(403);
    expect((await get('/admin/batch-jobs', nora)).body.match(/<tr>/g)?.length).toBe(before);
  });

  it('answers a form without files 400, too many files or too large a body 413, malformed or non-multipart bodies 400/415: never 500', async () => {
    const none = await postUpload(t.app, nora, []);
    expect(none.res.statusCode).toBe(400);
    expect(none.res.body).toContain(en.noFiles);
    const many = Array.from({ length: MAX_FILES + 1 }, (_, n) => filePart(`r${n}.txt`, 'text/plain', Buffer.from(`Jane Doe ${n}\njane@example.com`)));
    const tooMany = await postUpload(t.app, nora, many);
    expect(tooMany.res.statusCode).toBe(413);
    expect(tooMany.res.body).toContain(`At most ${MAX_FILES} files`);
    const page = await t.app.inject({ url: '/admin/upload', cookies: nora });
    const cookies = { ...nora, ...Object.fromEntries(page.cookies.map((c) => [c.name, c.value])) };
    const post = (headers: Record<string, string>, payload: string | Buffer) => t.app.inject({ method: 'POST', url: '/admin/upload', cookies, headers, payload });
    const noBoundary = await post({ 'content-type': 'multipart/form-data' }, 'whatever');
    expect(noBoundary.statusCode).toBeGreaterThanOrEqual(400);
    expect(noBoundary.statusCode).toBeLessThan(500);
    const truncated = await post({ 'content-type': 'multipart/form-data; boundary=xyz' }, '--xyz\r\nContent-Disposition: form-data; name="_csrf"\r\n\r\nabc');
    expect(truncated.statusCode).toBeGreaterThanOrEqual(400);
    expect(truncated.statusCode).toBeLessThan(500);
    const garbage = await post({ 'content-type': 'multipart/form-data; boundary=xyz' }, Buffer.from([0xff, 0xfe, 0x00, 0x2d, 0x2d]));
    expect(garbage.statusCode).toBeGreaterThanOrEqual(400);
    expect(garbage.statusCode).toBeLessThan(500);
    const form = await post({ 'content-type': 'application/x-www-form-urlencoded' }, 'a=b');
    expect(form.statusCode).toBe(415);
    const huge = await post({ 'content-type': 'multipart/form-data; boundary=xyz', 'content-length': String(500 * 1024 * 1024) }, '--xyz--');
    expect([400, 413]).toContain(huge.statusCode);
  });

  it('sends a visitor without a session to the sign-in page', async () => {
    for (const url of ['/admin/upload', '/admin/batch-jobs', '/admin/batch-jobs/1', '/admin/batch-jobs/1/progress']) {
      const res = await get(url, {});
      expect(res.statusCode, url).toBe(303);
      expect(String(res.headers.location)).toMatch(/^\/admin\/sign-in\?/);
    }
    const posted = await t.app.inject({ method: 'POST', url: '/admin/upload', headers: { 'content-type': 'multipart/form-data; boundary=x' }, payload: '--x--' });
    expect(posted.statusCode).toBe(303);
  });
});

describe('batch job pages', () => {
  let noraJob: number;

  beforeAll(async () => {
    // A resume the type check accepts (a PDF by its first bytes) but the parser cannot read: a failed item.
    const [good] = await threeResumes();
    const { res } = await postUpload(t.app, nora, [good!, filePart('broken.pdf', 'application/pdf', Buffer.from('%PDF-1.7\nthis is not really a pdf'))]);
    expect(res.statusCode, res.body).toBe(303);
    noraJob = jobIdOf(res.headers.location);
    await waitCompleted(t.app, nora, noraJob);
  });

  it('BATCH-46: shows a job\'s failed items with their reasons, and links them to their staged employees', async () => {
    const res = await get(`/admin/batch-jobs/${noraJob}`, nora);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(en.failuresTitle);
    expect(res.body).toMatch(/<td><a href="\/admin\/staged-employees\/\d+\?lang=en">\d+<\/a><\/td><td>[^<]*(CORRUPT|pdf|PDF|read)[^<]*<\/td>/);
    expect(res.body).toContain('2 of 2 items processed');
  });

  it('lists the rep\'s jobs, newest first, with type, status and counts', async () => {
    const res = await get('/admin/batch-jobs', nora);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`>Job ${noraJob}<`);
    expect(res.body).toContain(en.typeImport);
    expect(res.body).toContain('<span class="badge bad">1</span>');
    const ids = [...res.body.matchAll(/\/admin\/batch-jobs\/(\d+)\?lang=en">Job/g)].map((m) => Number(m[1]));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('a branch rep never sees another branch\'s jobs (404 page and progress, absent from the list), nor another tenant\'s', async () => {
    for (const cookies of [sam, otherNora]) {
      expect((await get(`/admin/batch-jobs/${noraJob}`, cookies)).statusCode).toBe(404);
      expect((await get(`/admin/batch-jobs/${noraJob}/progress`, cookies)).statusCode).toBe(404);
      expect((await get('/admin/batch-jobs', cookies)).body).not.toContain(`>Job ${noraJob}<`);
    }
    const own = await postUpload(t.app, sam, [(await threeResumes())[2]!]);
    expect(own.res.statusCode, own.res.body).toBe(303);
    const samJob = jobIdOf(own.res.headers.location);
    expect((await get(`/admin/batch-jobs/${samJob}`, sam)).statusCode).toBe(200);
    expect((await get(`/admin/batch-jobs/${samJob}`, nora)).statusCode).toBe(404);
  });

  it('answers hostile addresses with a page, never a 500, and escapes what it shows', async () => {
    const long = 'x'.repeat(10_000);
    for (const url of [
      '/admin/batch-jobs/%3Cscript%3Ealert(1)%3C%2Fscript%3E', '/admin/batch-jobs/99999999999', '/admin/batch-jobs/0', '/admin/batch-jobs/-1',
      `/admin/batch-jobs/${long}`, '/admin/batch-jobs/%FF%FE', '/admin/batch-jobs/99999/progress?x=%FF', '/admin/batch-jobs/abc/progress',
    ]) {
      const res = await get(url, nora);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.body).not.toContain('<script>alert');
    }
    for (const url of [`/admin/batch-jobs?page=${long}`, '/admin/batch-jobs?page=%FF%FE', '/admin/batch-jobs?page=a&page=b', '/admin/batch-jobs?page=%3Cscript%3E',
      `/admin/batch-jobs/${noraJob}?page=99999`, '/admin/upload?lang=%3Cscript%3E']) {
      const res = await get(url, nora);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.body).not.toContain('<script>');
    }
  });

  it('speaks Spanish when asked', async () => {
    const res = await get(`/admin/batch-jobs/${noraJob}?lang=es`, nora);
    expect(res.body).toContain('<html lang="es">');
    expect(res.body).toContain(MESSAGES.es.adminJobs.failuresTitle);
    expect(res.body).toContain('2 de 2 elementos procesados');
  });
});
