// The admin pages' resume upload (issue 13): a drag-and-drop zone (upload.js) over a plain form with
// `<input type=file multiple>` that works without JavaScript. Both post the files to POST /admin/upload,
// which creates a new import job and stages each file through the API's own upload
// (upload.receive.ts), then goes to the job's page to watch it complete. Each file's refusal (too
// large 413, not a resume 415, empty) is listed by name; a malformed body is a 400, never a 500.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WebContext } from '../web.pages.ts';
import { sendErrorPage } from '../web.pages.ts';
import { sendPage } from '../page.ts';
import { withLang } from '../locale.ts';
import { MESSAGES, say, type Locale } from '../../platform/messages/index.ts';
import { adminNav, asAdmin, type Admin } from './admin.session.ts';
import { jobHref } from './batch-jobs.view.ts';
import { MAX_BODY, MAX_FILES, receiveResumes, type FileResult } from './upload.receive.ts';

const page = { config: { access: 'public' as const } };

interface UploadView { error?: string; results?: { name: string; ok: boolean; message: string }[]; summary?: string; jobHref?: string | null }

function renderUpload(request: FastifyRequest, reply: FastifyReply, locale: Locale, view: UploadView, status = 200) {
  const t = MESSAGES[locale].adminJobs;
  return sendPage(request, reply, 'admin/views/upload', { locale, title: t.uploadTitle, nav: adminNav(locale, '/admin/upload'), noindex: true }, {
    intro: say(t.uploadIntro, { max: MAX_FILES }), action: withLang('/admin/upload', locale), maxFiles: MAX_FILES,
    tooMany: say(t.tooManyFiles, { max: MAX_FILES }), ...view,
  }, status);
}

function messageOf(locale: Locale, file: FileResult): string {
  const t = MESSAGES[locale].adminJobs;
  switch (file.outcome) {
    case 'ok': return t.fileOk;
    case 'tooLarge': return t.fileTooLarge;
    case 'wrongType': return t.fileWrongType;
    case 'empty': return t.fileEmpty;
    case 'refused': return say(t.fileFailed, { reason: file.detail });
  }
}

const wantsJson = (request: FastifyRequest) => (request.headers.accept ?? '').includes('application/json');

async function upload(app: FastifyInstance, admin: Admin, locale: Locale, request: FastifyRequest, reply: FastifyReply) {
  const t = MESSAGES[locale].adminJobs;
  const json = wantsJson(request);
  const refuse = (status: number, error: string) => {
    reply.header('connection', 'close');
    return json ? reply.code(status).send({ error }) : renderUpload(request, reply, locale, { error }, status);
  };
  if (!request.isMultipart()) return refuse(415, t.noFiles);
  if (Number(request.headers['content-length'] ?? 0) > MAX_BODY) return refuse(413, say(t.tooManyFiles, { max: MAX_FILES }));

  const received = await receiveResumes(app, request, reply, admin);
  if (received.kind === 'forbidden') return reply;
  if (received.kind === 'refused') {
    const error = received.reason === 'tooManyFiles' ? say(t.tooManyFiles, { max: MAX_FILES })
      : received.reason === 'job' ? say(t.refused, { reason: received.detail }) : MESSAGES[locale].common.badRequestTitle;
    return received.reason === 'malformed' && !json ? sendErrorPage(request, reply, received.status, received.detail) : refuse(received.status, error);
  }
  const { batchJobId, files } = received;
  if (!files.length) return refuse(400, t.noFiles);
  const href = batchJobId === undefined ? null : jobHref(locale, batchJobId);
  const results = files.map((file) => ({ name: file.name, ok: file.outcome === 'ok', message: messageOf(locale, file) }));
  const failed = results.filter((r) => !r.ok).length;
  // All refused: the first refusal's status (413, 415, 400), as the API answers one file.
  const status = failed === files.length ? (files[0]?.status ?? 400) : json ? 201 : 200;
  if (json) return reply.code(status).send({ batchJobId: batchJobId ?? null, jobUrl: href, files: results });
  if (!failed && href) return reply.redirect(href, 303);
  const summary = failed === files.length ? t.noneUploaded : say(t.someFailed, { failed, total: files.length });
  return renderUpload(request, reply, locale, { results, summary, jobHref: failed < files.length ? href : null }, status);
}

export async function uploadPages(app: FastifyInstance, context: WebContext): Promise<void> {
  app.get('/upload', { ...page, schema: { hide: true } }, async (request, reply) =>
    asAdmin(app, context, request, reply, async (_admin, locale) => renderUpload(request, reply, locale, {})));
  // The form token is checked inside (upload.receive.ts): a multipart body is read by the handler.
  app.post('/upload', { ...page, schema: { hide: true } }, async (request, reply) =>
    asAdmin(app, context, request, reply, (admin, locale) => upload(app, admin, locale, request, reply)));
}
