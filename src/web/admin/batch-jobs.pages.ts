// The admin pages' batch jobs (issue 13): the jobs the signed-in rep sees, one job with its live
// progress (progress.js polls the JSON answer of /batch-jobs/:id/progress; without JavaScript the
// page shows the state and a refresh link) and its failed items with their reasons, paged. Jobs are
// read through the API (GET /batchjobs/{id}, /items) as the rep, so a job outside their hierarchy
// is a 404 here as there.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static } from 'typebox';
import type { TypedRequests } from '../../platform/http/typed-requests.ts';
import { PagedList } from '../../platform/http/paging.ts';
import { BatchJob, BatchJobItem } from '../../resources/batch-jobs/batch-job.schemas.ts';
import { IMPORT_RESUMES } from '../../resources/batch-jobs/batch-job.types.ts';
import type { WebContext } from '../web.pages.ts';
import { sendErrorPage } from '../web.pages.ts';
import { sendPage } from '../page.ts';
import { withLang } from '../locale.ts';
import { MESSAGES, say, type Locale } from '../../platform/messages/index.ts';
import { adminNav, asAdmin, type Admin } from './admin.session.ts';
import { callApi } from './batch-jobs.api.ts';
import { listBatchJobs } from './batch-jobs.queries.ts';
import { formatTime, jobHref, pageNumber, pager, PAGE_SIZE, statusLabel, typeLabel } from './batch-jobs.view.ts';
import { positiveId } from './forms.ts';

const page = { config: { access: 'public' as const } };
const IdParams = Type.Object({ id: Type.String({ maxLength: 20 }) });
const PageQuery = Type.Object({ page: Type.Optional(Type.String({ maxLength: 20 })) });

/** The job as the API answers it for the rep, or undefined when they do not see it (404). */
async function readJob(admin: Admin, id: number): Promise<Static<typeof BatchJob> | undefined> {
  const answer = await callApi(admin, { method: 'GET', url: `/batchjobs/${id}` }, BatchJob);
  if (answer.ok) return answer.value;
  if (answer.status === 404) return undefined;
  throw new Error(`GET /batchjobs/${id} answered ${answer.status}: ${answer.detail}`);
}

/** What the page and progress.js show of a job's progress. */
function progressOf(locale: Locale, job: Static<typeof BatchJob>) {
  const t = MESSAGES[locale].adminJobs;
  const d = job.details;
  const done = d.completedItems + d.failedItems;
  return {
    status: job.status, statusLabel: statusLabel(t, job.status), total: d.totalItems, done,
    newItems: d.newItems, processingItems: d.processingItems, completedItems: d.completedItems, failedItems: d.failedItems,
    progressText: say(t.progressText, { done, total: d.totalItems }),
    completed: formatTime(locale, job.completedAt),
  };
}

async function jobsList(admin: Admin, locale: Locale, request: FastifyRequest, reply: FastifyReply, query: Static<typeof PageQuery>) {
  const t = MESSAGES[locale].adminJobs;
  const number = pageNumber(query.page);
  const { data, totalCount } = await listBatchJobs(admin.scope, { skip: (number - 1) * PAGE_SIZE, take: PAGE_SIZE });
  const jobs = data.map((job) => ({
    href: jobHref(locale, job.id), name: say(t.jobLink, { id: job.id }), type: typeLabel(t, job.type), status: job.status,
    statusLabel: statusLabel(t, job.status), totalItems: job.totalItems, completedItems: job.completedItems, failedItems: job.failedItems,
    created: formatTime(locale, job.createdAt),
  }));
  return sendPage(request, reply, 'admin/views/batch-jobs', { locale, title: t.title, nav: adminNav(locale, '/admin/batch-jobs'), noindex: true }, {
    jobs, pager: pager(locale, request.url, number, totalCount), uploadHref: withLang('/admin/upload', locale),
  });
}

async function jobDetails(admin: Admin, locale: Locale, request: FastifyRequest, reply: FastifyReply, idText: string, query: Static<typeof PageQuery>) {
  const id = positiveId(idText);
  const job = id === undefined ? undefined : await readJob(admin, id);
  if (id === undefined || !job) return sendErrorPage(request, reply, 404);
  const t = MESSAGES[locale].adminJobs;
  const number = pageNumber(query.page);
  const failed = job.details.failedItems > 0
    ? await callApi(admin, { method: 'GET', url: `/batchjobs/${id}/items`, query: { status: 'Failed', skip: String((number - 1) * PAGE_SIZE), take: String(PAGE_SIZE) } }, PagedList(BatchJobItem))
    : undefined;
  if (failed && !failed.ok) throw new Error(`GET /batchjobs/${id}/items answered ${failed.status}: ${failed.detail}`);
  const failures = (failed?.value.data ?? []).map((item) => ({
    item: item.batchJobItemId, record: item.recordId, reason: item.failureReason ?? '',
    href: withLang(`/admin/staged-employees/${item.recordId}`, locale),
  }));
  const heading = say(t.jobTitle, { id });
  return sendPage(request, reply, 'admin/views/batch-job', { locale, title: heading, nav: adminNav(locale, '/admin/batch-jobs'), noindex: true }, {
    heading,
    job: {
      ...progressOf(locale, job), type: typeLabel(t, job.batchJobType), created: formatTime(locale, job.createdAt),
      started: formatTime(locale, job.startedAt), message: job.details.message,
    },
    failures,
    pager: failed?.ok ? pager(locale, request.url, number, failed.value.totalCount) : null,
    selfHref: withLang(`/admin/batch-jobs/${id}`, locale),
    progressHref: withLang(`/admin/batch-jobs/${id}/progress`, locale),
    stagedHref: withLang(`/admin/staged-employees?batchJobId=${id}`, locale),
    uploadHref: job.batchJobType === IMPORT_RESUMES ? withLang('/admin/upload', locale) : null,
  });
}

/** The job's progress as JSON for progress.js; 404 (JSON) for a job the rep does not see. */
async function jobProgress(admin: Admin, locale: Locale, reply: FastifyReply, idText: string) {
  const id = positiveId(idText);
  const job = id === undefined ? undefined : await readJob(admin, id);
  reply.header('cache-control', 'no-store');
  if (!job) return reply.code(404).send({ error: MESSAGES[locale].common.notFoundTitle });
  return reply.send(progressOf(locale, job));
}

export async function batchJobPages(app: FastifyInstance, context: WebContext): Promise<void> {
  const routes = app.withTypeProvider<TypedRequests>();
  routes.get('/batch-jobs', { ...page, schema: { hide: true, querystring: PageQuery } }, async (request, reply) =>
    asAdmin(app, context, request, reply, (admin, locale) => jobsList(admin, locale, request, reply, request.query)));
  routes.get('/batch-jobs/:id', { ...page, schema: { hide: true, params: IdParams, querystring: PageQuery } }, async (request, reply) =>
    asAdmin(app, context, request, reply, (admin, locale) => jobDetails(admin, locale, request, reply, request.params.id, request.query)));
  routes.get('/batch-jobs/:id/progress', { ...page, schema: { hide: true, params: IdParams } }, async (request, reply) =>
    asAdmin(app, context, request, reply, (admin, locale) => jobProgress(admin, locale, reply, request.params.id)));
}
