// Receiving the upload form (several resumes in one multipart body) and handing each file to the
// API's own upload, POST /Staging/Employees/Resumes, as the signed-in rep: the same code decides the
// size (413), the type by content (415) and the staging. The files arrive one at a time and each is
// forwarded as soon as it is read, so at most one file (2 MiB) is held; the import job is created at
// the first file, so a form without files creates nothing.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import type {} from '@fastify/multipart';
import type {} from '@fastify/csrf-protection';
import { RESUME_LIMITS } from '../../resources/resumes/resume.text.ts';
import { IMPORT_RESUMES } from '../../resources/batch-jobs/batch-job.types.ts';
import { BatchJobCreated } from '../../resources/batch-jobs/batch-job.schemas.ts';
import { StagedResumeCreated } from '../../resources/staging/staged-employee.schemas.ts';
import type { Admin } from './admin.session.ts';
import { callApi, UnexpectedAnswer, type Refusal } from './batch-jobs.api.ts';

/** Files per upload: a folder's worth, small enough for one request (at most 40 MiB). */
export const MAX_FILES = 20;
/** The largest body worth reading: every file at its limit, plus the parts' headers and the fields. */
export const MAX_BODY = MAX_FILES * (RESUME_LIMITS.maxBytes + 2048) + 16 * 1024;

export type FileOutcome = 'ok' | 'tooLarge' | 'wrongType' | 'empty' | 'refused';
export interface FileResult { name: string; outcome: FileOutcome; status: number; detail: string }

export type Received =
  | { kind: 'done'; batchJobId: number | undefined; files: FileResult[] }
  /** The form's token was missing or wrong: the 403 page has been sent. */
  | { kind: 'forbidden' }
  /** The whole request was refused (malformed, too many files, a job that could not be created). */
  | { kind: 'refused'; status: number; reason: 'malformed' | 'tooManyFiles' | 'job'; detail: string };

/** Runs the form token check the pages' frame uses, with `token` from the form's first part; false when it has answered 403. */
export function csrfPassed(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, token: string): boolean {
  request.headers['csrf-token'] = token;
  // A refusal is answered before the rest of the body is read: the connection closes after it.
  reply.header('connection', 'close');
  let passed = false;
  app.csrfProtection(request, reply, () => { passed = true; });
  if (passed) reply.removeHeader('connection');
  return passed;
}

/** The file's bytes; `truncated` when it went past the limit (the rest was skipped, not kept). */
async function readCapped(stream: Readable & { truncated: boolean }): Promise<{ bytes: Buffer; truncated: boolean }> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) if (Buffer.isBuffer(chunk) && !stream.truncated) chunks.push(chunk);
  return { bytes: stream.truncated ? Buffer.alloc(0) : Buffer.concat(chunks), truncated: stream.truncated };
}

const safeType = (type: string) => (/^[\w.+-]{1,100}\/[\w.+-]{1,100}$/.test(type) ? type : 'application/octet-stream');
const asciiName = (name: string) => name.replace(/[^\x20-\x7e]|["\\]/g, '_').slice(0, 200) || 'resume';

/** One file as the API's upload takes it: multipart with the part `resume` and the field `batchJobId`. */
export function resumeBody(batchJobId: number, fileName: string, declaredType: string, bytes: Buffer): { payload: Buffer; contentType: string } {
  const boundary = `----staffing${randomBytes(16).toString('hex')}`;
  const head = [
    `--${boundary}`, 'Content-Disposition: form-data; name="batchJobId"', '', String(batchJobId),
    `--${boundary}`,
    `Content-Disposition: form-data; name="resume"; filename="${asciiName(fileName)}"; filename*=UTF-8''${encodeURIComponent(fileName.slice(0, 200))}`,
    `Content-Type: ${safeType(declaredType)}`, '', '',
  ].join('\r\n');
  return { payload: Buffer.concat([Buffer.from(head, 'utf8'), bytes, Buffer.from(`\r\n--${boundary}--\r\n`, 'utf8')]), contentType: `multipart/form-data; boundary=${boundary}` };
}

function outcomeOf(answer: Refusal): FileOutcome {
  if (answer.status === 413) return 'tooLarge';
  if (answer.status === 415) return 'wrongType';
  if (answer.status === 400 && Object.values(answer.fields).some((messages) => messages.includes('is empty'))) return 'empty';
  return 'refused';
}

async function createImportJob(admin: Admin, skipInterestCodes: boolean) {
  return callApi(admin, {
    method: 'POST', url: '/batchjobs',
    payload: { batchJobType: IMPORT_RESUMES, batchJobParameters: { skipInterestCodes } },
  }, BatchJobCreated);
}

async function stage(admin: Admin, batchJobId: number, name: string, declaredType: string, bytes: Buffer): Promise<FileResult> {
  const { payload, contentType } = resumeBody(batchJobId, name, declaredType, bytes);
  const answer = await callApi(admin, { method: 'POST', url: '/Staging/Employees/Resumes', payload, headers: { 'content-type': contentType } }, StagedResumeCreated);
  return answer.ok ? { name, outcome: 'ok', status: answer.status, detail: '' } : { name, outcome: outcomeOf(answer), status: answer.status, detail: answer.detail };
}

const hasCode = (e: unknown): e is { code: string } => typeof e === 'object' && e !== null && 'code' in e && typeof e.code === 'string';

/**
 * Reads the form: its token (the `csrf-token` header a script sends, else the `_csrf` field, which
 * the form puts first so it is checked before any file is read), `skipInterestCodes`, and the `resume`
 * files, each staged into the import job as it arrives.
 */
export async function receiveResumes(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, admin: Admin): Promise<Received> {
  const header = request.headers['csrf-token'];
  let verified = false;
  if (typeof header === 'string' && header) {
    if (!csrfPassed(app, request, reply, header)) return { kind: 'forbidden' };
    verified = true;
  }
  let skipInterestCodes = false;
  let batchJobId: number | undefined;
  const files: FileResult[] = [];
  try {
    // throwFileSizeLimit (read at run time, missing from the parts() type): a file over the limit ends
    // truncated instead of failing the whole form, so it is refused alone.
    const options = { throwFileSizeLimit: false, limits: { files: MAX_FILES, fileSize: RESUME_LIMITS.maxBytes, fields: 5, fieldSize: 4096, parts: MAX_FILES + 5 } };
    const parts = request.parts(options);
    for await (const part of parts) {
      if (!verified) {
        if (part.type === 'file') part.file.resume();
        const token = part.type === 'field' && part.fieldname === '_csrf' ? String(part.value) : '';
        if (!csrfPassed(app, request, reply, token)) return { kind: 'forbidden' };
        verified = true;
        continue;
      }
      if (part.type === 'field') {
        if (part.fieldname === 'skipInterestCodes') skipInterestCodes = true;
        continue;
      }
      if (part.fieldname !== 'resume') {
        part.file.resume();
        continue;
      }
      const { bytes, truncated } = await readCapped(part.file);
      // An empty file input still sends its part: no name, no bytes. That is no file.
      if (!part.filename && bytes.length === 0 && !truncated) continue;
      const name = part.filename || 'resume';
      if (truncated) {
        // Over the limit: refused here as the API would (413), without sending it a partial file.
        files.push({ name, outcome: 'tooLarge', status: 413, detail: '' });
        continue;
      }
      if (batchJobId === undefined) {
        const job = await createImportJob(admin, skipInterestCodes);
        if (!job.ok) return { kind: 'refused', status: job.status, reason: 'job', detail: job.detail };
        batchJobId = job.value.batchJobId;
      }
      files.push(await stage(admin, batchJobId, name, part.mimetype, bytes));
    }
  } catch (e) {
    if (hasCode(e) && e.code === 'FST_FILES_LIMIT') return { kind: 'refused', status: 413, reason: 'tooManyFiles', detail: '' };
    if (hasCode(e) && (e.code === 'FST_PARTS_LIMIT' || e.code === 'FST_FIELDS_LIMIT')) return { kind: 'refused', status: 413, reason: 'malformed', detail: '' };
    // What busboy throws for a body that is not well-formed multipart (no boundary, a part ending early);
    // not a fault of ours (an unexpected API answer, a bug), which stays a 500.
    if (e instanceof Error && !hasCode(e) && !(e instanceof UnexpectedAnswer) && !(e instanceof TypeError) && !(e instanceof RangeError) && !(e instanceof ReferenceError)) return { kind: 'refused', status: 400, reason: 'malformed', detail: e.message };
    if (hasCode(e) && e.code.startsWith('FST_')) return { kind: 'refused', status: 400, reason: 'malformed', detail: e instanceof Error ? e.message : e.code };
    throw e;
  }
  if (!verified) {
    // No part at all: nothing carried the token.
    if (!csrfPassed(app, request, reply, '')) return { kind: 'forbidden' };
  }
  return { kind: 'done', batchJobId, files };
}
