// For the batch job, upload and staged employee pages' tests: people to write resumes for, the upload
// form posted as a browser without JavaScript does (the form token first, then the files), and a wait
// for a job to complete (watched through the page's own progress answer).
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { makeResume, SAMPLE_PERSON, type FixturePerson } from '../../resources/resumes/resume.fixtures.ts';
import { multipart, type FilePart } from '../../../test/multipart.ts';
import { openPage, withCookies, type Cookies } from './admin.test-support.ts';

export const PEOPLE: FixturePerson[] = [
  SAMPLE_PERSON,
  { ...SAMPLE_PERSON, firstName: 'Marcus', lastName: 'Whitfield', email: 'marcus.whitfield@example.com', phone: 'Mobile: (415) 555-0199' },
  { ...SAMPLE_PERSON, firstName: 'Yuki', lastName: 'Tanaka', email: 'yuki.tanaka@example.com', phone: 'Mobile: (206) 555-0123' },
];

const TYPES = { pdf: 'application/pdf', docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', txt: 'text/plain' } as const;

/** Three resumes (PDF, DOCX, plain text) of three people. */
export async function threeResumes(): Promise<FilePart[]> {
  const formats = ['pdf', 'docx', 'txt'] as const;
  return Promise.all(formats.map(async (format, n) => ({
    name: 'resume', fileName: `${PEOPLE[n]!.lastName.toLowerCase()}.${format}`, type: TYPES[format], bytes: await makeResume(PEOPLE[n]!, format),
  })));
}

export const filePart = (fileName: string, type: string, bytes: Buffer): FilePart => ({ name: 'resume', fileName, type, bytes });

/** Posts the upload form from the upload page: `_csrf` first (unless `csrf` is given: '' leaves it out), then the fields and files. */
export async function postUpload(app: FastifyInstance, cookies: Cookies, files: FilePart[], options: { csrf?: string; fields?: Record<string, string>; headers?: Record<string, string> } = {}): Promise<{ res: LightMyRequestResponse; cookies: Cookies }> {
  const page = await openPage(app, '/admin/upload', cookies);
  const token = options.csrf ?? page.csrf;
  const { payload, headers } = await multipart({ ...(token ? { _csrf: token } : {}), ...options.fields }, files);
  const res = await app.inject({ method: 'POST', url: '/admin/upload', cookies: page.cookies, payload, headers: { ...headers, ...options.headers } });
  return { res, cookies: withCookies(page.cookies, res) };
}

/** The job id of a job page's address (`/admin/batch-jobs/7?lang=en`). */
export function jobIdOf(location: unknown): number {
  const id = /\/admin\/batch-jobs\/(\d+)/.exec(String(location))?.[1];
  if (!id) throw new Error(`not a job page: ${String(location)}`);
  return Number(id);
}

/** Polls the job page's progress answer until the job is Completed (the worker runs in the test). */
export async function waitCompleted(app: FastifyInstance, cookies: Cookies, id: number): Promise<Record<string, unknown>> {
  for (let i = 0; i < 300; i++) {
    const res = await app.inject({ url: `/admin/batch-jobs/${id}/progress`, cookies });
    const body: unknown = res.json();
    if (typeof body === 'object' && body !== null && 'status' in body && body.status === 'Completed') return { ...body };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`batch job ${id} did not complete`);
}
