// End to end in a real browser (Debian's chromium, a real `staffing serve --demo`): the demo rep signs
// in to the admin pages through the login server (sign-in and consent), drops three resumes on the
// upload page, watches the import job's page reach Completed with three staged employees, converts one
// and deletes one from the staged employees page. axe on every page, a phone-width run, the same
// upload without JavaScript, no Content-Security-Policy violations, screenshots of each page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { DemoServer } from '../../../test/e2e/serve-process.ts';
import { checkPage, cspViolations, screenshot, PHONE, signInAsRep, startDemoAndBrowser, step, stopDemoAndBrowser, type TestBrowser } from '../../../test/web/browser.ts';
import { makeResume } from '../../resources/resumes/resume.fixtures.ts';
import { PEOPLE } from './batch-jobs.test-support.ts';

let server: DemoServer;
let browser: TestBrowser;
let signedIn: BrowserContext;

/** The three resumes as the page gets them: names, types and bytes (base64 to cross into the page). */
async function resumeFiles() {
  const formats = [['pdf', 'application/pdf'], ['docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'], ['txt', 'text/plain']] as const;
  return Promise.all(formats.map(async ([format, type], n) => ({
    name: `${PEOPLE[n]!.lastName.replace(/\W+/g, '-').toLowerCase()}.${format}`, mimeType: type, buffer: await makeResume(PEOPLE[n]!, format),
  })));
}

const check = (page: Page, name: string) => checkPage(browser, page, name);

/** Signs the demo rep in; the rep lands on the overview. */
async function signIn(page: Page) {
  await signInAsRep(page, server);
  expect(new URL(page.url()).pathname).toMatch(/^\/admin\/?$/);
}

/** Waits until the job page (reloaded by its script at the end) says Completed. */
async function completedJob(page: Page): Promise<string> {
  await page.locator('#job-live[data-status="Completed"]').waitFor({ timeout: 60_000 });
  return (await page.locator('#job-progress-text').textContent()) ?? '';
}

beforeAll(async () => {
  [server, browser] = await startDemoAndBrowser();
  signedIn = await browser.context();
  const page = await signedIn.newPage();
  await step(browser.events, 'signing in', () => signIn(page));
  await page.close();
}, 120_000);

afterAll(() => stopDemoAndBrowser(server, browser));

describe('bulk resume upload in the admin pages', () => {
  let jobUrl = '';

  it('uploads three resumes by drag and drop and watches the import job complete with three staged employees', async () => {
    const page = await signedIn.newPage();
    await step(browser.events, 'opening the upload page', async () => {
      await page.goto(`${server.base}/admin/upload`);
      await check(page, 'admin-upload');
    });
    await step(browser.events, 'dropping three files on the zone', async () => {
      const files = (await resumeFiles()).map((f) => ({ name: f.name, type: f.mimeType, data: f.buffer.toString('base64') }));
      const dataTransfer = await page.evaluateHandle((list) => {
        const transfer = new DataTransfer();
        for (const f of list) transfer.items.add(new File([Uint8Array.from(atob(f.data), (c) => c.charCodeAt(0))], f.name, { type: f.type }));
        return transfer;
      }, files);
      await page.dispatchEvent('#dropzone', 'dragenter', { dataTransfer });
      await page.dispatchEvent('#dropzone', 'drop', { dataTransfer });
      await expect.poll(() => page.locator('#chosen-files').textContent()).toContain('3 files chosen');
    });
    await step(browser.events, 'uploading and watching the job', async () => {
      await Promise.all([page.waitForURL(/\/admin\/batch-jobs\/\d+/), page.click('#upload-button')]);
      jobUrl = page.url();
      expect(await completedJob(page)).toBe('3 of 3 items processed');
      expect(await page.locator('#count-completed').textContent()).toBe('3');
      await check(page, 'admin-batch-job');
    });
    await step(browser.events, 'the job list', async () => {
      await page.goto(`${server.base}/admin/batch-jobs`);
      await check(page, 'admin-batch-jobs');
    });
    await step(browser.events, 'the job\'s staged employees', async () => {
      await page.goto(`${jobUrl.split('?')[0]}`);
      await Promise.all([page.waitForURL(/\/admin\/staged-employees\?/), page.getByRole('link', { name: 'Staged employees of this job' }).click()]);
      expect(await page.locator('input[name="ids"]').count()).toBe(3);
      for (const person of PEOPLE) expect(await page.getByRole('link', { name: `${person.firstName} ${person.lastName}` }).count()).toBe(1);
      await check(page, 'admin-staged-employees');
    });
    await step(browser.events, 'a staged employee\'s details', async () => {
      await page.getByRole('link', { name: `${PEOPLE[1]!.firstName} ${PEOPLE[1]!.lastName}` }).click();
      await page.waitForURL(/\/admin\/staged-employees\/\d+/);
      expect(await page.locator('h1').textContent()).toMatch(/^Staged employee \d+$/);
      await check(page, 'admin-staged-employee');
    });
    await page.close();
  }, 180_000);

  it('converts one staged employee and deletes another from the staged employees page', async () => {
    const page = await signedIn.newPage();
    const stagedList = `${jobUrl.replace(/\/admin\/batch-jobs\/(\d+).*/, '/admin/staged-employees?batchJobId=$1')}`;
    await step(browser.events, 'converting the first', async () => {
      await page.goto(stagedList);
      await page.getByRole('checkbox', { name: `Select ${PEOPLE[0]!.firstName} ${PEOPLE[0]!.lastName}` }).check();
      await Promise.all([page.waitForURL(/\/admin\/staged-employees\/convert\?/), page.getByRole('button', { name: 'Convert selected' }).click()]);
      await check(page, 'admin-staged-convert');
      await page.selectOption('#c-branch', { index: 1 });
      await Promise.all([page.waitForURL(/\/admin\/batch-jobs\/\d+/), page.getByRole('button', { name: 'Convert', exact: true }).click()]);
      expect(await completedJob(page)).toBe('1 of 1 items processed');
      expect(await page.locator('#count-completed').textContent()).toBe('1');
    });
    await step(browser.events, 'deleting the second', async () => {
      await page.goto(stagedList);
      await page.getByRole('checkbox', { name: `Select ${PEOPLE[1]!.firstName} ${PEOPLE[1]!.lastName}` }).check();
      await Promise.all([page.waitForURL(/\/admin\/staged-employees\/delete\?/), page.getByRole('button', { name: 'Delete selected' }).click()]);
      await check(page, 'admin-staged-delete');
      await Promise.all([page.waitForURL(/\/admin\/batch-jobs\/\d+/), page.getByRole('button', { name: 'Delete', exact: true }).click()]);
      expect(await completedJob(page)).toBe('1 of 1 items processed');
    });
    await step(browser.events, 'the list after both', async () => {
      await page.goto(stagedList);
      expect(await page.locator('input[name="ids"]').count()).toBe(2);
      await page.goto(`${stagedList}&isConverted=true`);
      expect(await page.locator('input[name="ids"]').count()).toBe(1);
    });
    await page.close();
  }, 120_000);

  it('fits a phone\'s width: upload, job, lists and details', async () => {
    const phone = await browser.context({ ...PHONE, storageState: await signedIn.storageState() });
    const page = await phone.newPage();
    await step(browser.events, 'the pages at 375 pixels', async () => {
      for (const [path, name] of [['/admin/upload', 'phone-admin-upload'], [new URL(jobUrl).pathname, 'phone-admin-batch-job'], ['/admin/batch-jobs', 'phone-admin-batch-jobs'], ['/admin/staged-employees', 'phone-admin-staged-employees']] as const) {
        await page.goto(`${server.base}${path}`);
        await check(page, name);
      }
    });
    await phone.close();
  }, 120_000);

  it('uploads without JavaScript: the plain form posts the files and the job page shows its state with a refresh link', async () => {
    const plain = await browser.context({ javaScriptEnabled: false, storageState: await signedIn.storageState() });
    const page = await plain.newPage();
    await step(browser.events, 'the plain form', async () => {
      await page.goto(`${server.base}/admin/upload`);
      await page.setInputFiles('#resume-files', (await resumeFiles()).slice(0, 2));
      await Promise.all([page.waitForURL(/\/admin\/batch-jobs\/\d+/), page.click('#upload-button')]);
      expect(await page.locator('h1').textContent()).toMatch(/^Batch job \d+$/);
      await screenshot(page, 'nojs-admin-batch-job');
      for (let i = 0; i < 60 && (await page.locator('#job-live').getAttribute('data-status')) !== 'Completed'; i++) {
        await page.waitForTimeout(500);
        await page.reload();
      }
      expect(await page.locator('#job-progress-text').textContent()).toBe('2 of 2 items processed');
    });
    await plain.close();
  }, 120_000);

  it('caused no Content-Security-Policy violation', () => {
    expect(cspViolations(browser.events)).toEqual([]);
  });
});
