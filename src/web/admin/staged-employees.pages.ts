// The admin pages' staged employees (issue 13): the list with the API's filters (paged), one staged
// employee with its parsed fields, and converting or deleting one or several. Every read and action
// is the API's own route called as the signed-in rep (GET /Staging/Employees, POST /batchjobs, POST
// /Staging/Employees/{id}/ConvertToEmployee, POST /Staging/Employees/delete), which create batch jobs:
// the actions end on the job's page (POST → 303 → GET). The selection travels as `?ids=` (the list's
// checkboxes, a GET form) to a confirmation page, whose form posts it back as one field.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static } from 'typebox';
import type { TypedRequests } from '../../platform/http/typed-requests.ts';
import { PagedList } from '../../platform/http/paging.ts';
import { ITEM_STATUSES } from '../../platform/jobs/job.table.ts';
import { BatchJobCreated } from '../../resources/batch-jobs/batch-job.schemas.ts';
import { CONVERT_STAGED } from '../../resources/batch-jobs/batch-job.types.ts';
import { BranchItem, ServiceRepItem } from '../../resources/datalists/datalist.schemas.ts';
import { ConversionQueued, StagedEmployee } from '../../resources/staging/staged-employee.schemas.ts';
import { PARSE_STATUSES } from '../../resources/staging/staged-employee.table.ts';
import type { WebContext } from '../web.pages.ts';
import { sendErrorPage } from '../web.pages.ts';
import { sendPage } from '../page.ts';
import { withLang } from '../locale.ts';
import { MESSAGES, say, type Locale } from '../../platform/messages/index.ts';
import { adminNav, asAdmin, type Admin } from './admin.session.ts';
import { callApi, type Refusal } from './batch-jobs.api.ts';
import { jobHref, pageNumber, pager, PAGE_SIZE } from './batch-jobs.view.ts';
import { AnyForm, field, positiveId, type FieldErrors, type Form } from './forms.ts';
import { detailsOf, filterChoices, listRow, selectedIds, selectionItem } from './staged-employees.view.ts';

const page = { config: { access: 'public' as const } };
const NAV = '/admin/staged-employees';
const Text = Type.Optional(Type.String({ maxLength: 20 }));
const ListQuery = Type.Object({ page: Text, batchJobId: Text, status: Text, parseStatus: Text, isConverted: Text });
const IdParams = Type.Object({ id: Type.String({ maxLength: 20 }) });
const SelectionQuery = Type.Object({
  ids: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Array(Type.String({ maxLength: 20 }), { maxItems: 1000 })])),
});
type Staged = Static<typeof StagedEmployee>;

const frame = (locale: Locale, title: string) => ({ locale, title, nav: adminNav(locale, NAV), noindex: true });
const oneOf = <T extends string>(values: readonly T[], value: string): value is T => values.some((v) => v === value);

/** The list's filters checked here (each error shown at its field), as the API's query. */
function readFilters(locale: Locale, query: Static<typeof ListQuery>) {
  const t = MESSAGES[locale].adminJobs;
  const filters = { batchJobId: query.batchJobId?.trim() ?? '', status: query.status ?? '', parseStatus: query.parseStatus ?? '', isConverted: query.isConverted ?? '' };
  const errors: FieldErrors = {};
  const api: Record<string, string> = {};
  if (filters.batchJobId) {
    const id = positiveId(filters.batchJobId);
    if (id === undefined) errors.batchJobId = t.badSelection;
    else api.batchJobId = String(id);
  }
  if (filters.status) {
    if (oneOf(ITEM_STATUSES, filters.status)) api.status = filters.status;
    else errors.status = t.badSelection;
  }
  if (filters.parseStatus) {
    if (oneOf(PARSE_STATUSES, filters.parseStatus)) api.parseStatus = filters.parseStatus;
    else errors.parseStatus = t.badSelection;
  }
  if (filters.isConverted) {
    if (filters.isConverted === 'true' || filters.isConverted === 'false') api.isConverted = filters.isConverted;
    else errors.isConverted = t.badSelection;
  }
  return { filters, errors, api };
}

async function stagedList(admin: Admin, locale: Locale, request: FastifyRequest, reply: FastifyReply, query: Static<typeof ListQuery>) {
  const t = MESSAGES[locale].adminJobs;
  const { filters, errors, api } = readFilters(locale, query);
  const number = pageNumber(query.page);
  let rows: ReturnType<typeof listRow>[] = [];
  let totalCount = 0;
  if (!Object.keys(errors).length) {
    const answer = await callApi(admin, { method: 'GET', url: '/Staging/Employees', query: { ...api, skip: String((number - 1) * PAGE_SIZE), take: String(PAGE_SIZE) } }, PagedList(StagedEmployee));
    if (answer.ok) {
      rows = answer.value.data.map((s) => listRow(locale, s));
      totalCount = answer.value.totalCount;
    } else if (answer.status === 404 || answer.status === 400) {
      // A job the rep does not see, say: shown at the field the API names.
      for (const name of Object.keys(answer.fields)) if (name in filters) errors[name] = name === 'batchJobId' ? t.notFound : t.badSelection;
      if (!Object.keys(errors).length) errors.batchJobId = answer.detail;
    } else throw new Error(`GET /Staging/Employees answered ${answer.status}: ${answer.detail}`);
  }
  return sendPage(request, reply, 'admin/views/staged-employees', frame(locale, t.stagedTitle), {
    ...filterChoices(locale), filters, errors, rows,
    action: withLang(NAV, locale), convertAction: withLang(`${NAV}/convert`, locale), deleteAction: withLang(`${NAV}/delete`, locale),
    pager: pager(locale, request.url, number, totalCount),
  }, Object.keys(errors).length ? 400 : 200);
}

async function readStaged(admin: Admin, id: number): Promise<Staged | undefined> {
  const answer = await callApi(admin, { method: 'GET', url: `/Staging/Employees/${id}` }, StagedEmployee);
  if (answer.ok) return answer.value;
  if (answer.status === 404) return undefined;
  throw new Error(`GET /Staging/Employees/${id} answered ${answer.status}: ${answer.detail}`);
}

async function stagedDetails(admin: Admin, locale: Locale, request: FastifyRequest, reply: FastifyReply, idText: string) {
  const id = positiveId(idText);
  const staged = id === undefined ? undefined : await readStaged(admin, id);
  if (id === undefined || !staged) return sendErrorPage(request, reply, 404);
  const heading = say(MESSAGES[locale].adminJobs.stagedEmployeeTitle, { id });
  return sendPage(request, reply, 'admin/views/staged-employee', frame(locale, heading), {
    heading, staged: detailsOf(locale, staged),
    convertHref: withLang(`${NAV}/convert?ids=${id}`, locale), deleteHref: withLang(`${NAV}/delete?ids=${id}`, locale),
  });
}

/** The selected staged employees the rep sees; a bad or empty selection answers 400, an unseen one 404. */
async function selection(admin: Admin, request: FastifyRequest, reply: FastifyReply, locale: Locale, values: string | string[] | undefined): Promise<Staged[] | undefined> {
  const ids = selectedIds(values);
  if (!ids) {
    const t = MESSAGES[locale].adminJobs;
    await sendErrorPage(request, reply, 400, values === undefined || values === '' ? t.noneSelected : t.badSelection);
    return undefined;
  }
  const staged = await Promise.all(ids.map((id) => readStaged(admin, id)));
  const seen = staged.filter((s): s is Staged => s !== undefined);
  if (seen.length < ids.length) {
    await sendErrorPage(request, reply, 404);
    return undefined;
  }
  return seen;
}

interface ConvertForm { branchId: string; serviceRepId: string; isEmployeeActive: boolean }

async function renderConvert(admin: Admin, request: FastifyRequest, reply: FastifyReply, locale: Locale, selected: Staged[], form: ConvertForm, errors: FieldErrors, error: string | null, status: number) {
  const t = MESSAGES[locale].adminJobs;
  const [branches, reps] = await Promise.all([
    callApi(admin, { method: 'GET', url: '/Datalists/Branches', query: { take: '1000' } }, PagedList(BranchItem)),
    callApi(admin, { method: 'GET', url: '/Datalists/ServiceReps', query: { take: '1000' } }, PagedList(ServiceRepItem)),
  ]);
  const branchList = branches.ok ? branches.value.data.filter((b) => b.isActive !== false).map((b) => ({ id: b.branchId, name: b.branchName })) : [];
  const repList = reps.ok ? reps.value.data.filter((r) => r.isActive).map((r) => ({ id: r.serviceRepId, name: r.name })) : [];
  const chosen = { ...form, branchId: form.branchId || (branchList.length === 1 ? String(branchList[0]?.id) : '') };
  return sendPage(request, reply, 'admin/views/staged-convert', frame(locale, t.convertTitle), {
    selected: selected.map((s) => selectionItem(locale, s)), ids: selected.map((s) => s.stagedEmployeeId).join(','),
    branches: branchList, reps: repList, form: chosen, errors, error,
    action: withLang(`${NAV}/convert`, locale), cancelHref: withLang(NAV, locale),
  }, status);
}

/** The API's refusal of the conversion job, at the form's fields where it names them. */
function conversionErrors(locale: Locale, refusal: Refusal): { errors: FieldErrors; error: string | null } {
  const errors: FieldErrors = {};
  for (const [name, messages] of Object.entries(refusal.fields)) {
    const key = name.replace(/^batchJobParameters\./, '');
    if (key === 'branchId' || key === 'serviceRepId') errors[key] = messages.join('; ');
  }
  return { errors, error: Object.keys(errors).length ? null : say(MESSAGES[locale].adminJobs.refused, { reason: refusal.detail }) };
}

async function convert(admin: Admin, locale: Locale, request: FastifyRequest, reply: FastifyReply, body: Form) {
  const t = MESSAGES[locale].adminJobs;
  const selected = await selection(admin, request, reply, locale, field(body, 'ids'));
  if (!selected) return reply;
  const form: ConvertForm = { branchId: field(body, 'branchId'), serviceRepId: field(body, 'serviceRepId'), isEmployeeActive: field(body, 'isEmployeeActive') === 'true' };
  const branchId = positiveId(form.branchId);
  const serviceRepId = positiveId(form.serviceRepId);
  const errors: FieldErrors = {};
  if (branchId === undefined) errors.branchId = t.choose;
  if (serviceRepId === undefined) errors.serviceRepId = t.choose;
  if (branchId === undefined || serviceRepId === undefined) return renderConvert(admin, request, reply, locale, selected, form, errors, null, 400);

  const job = await callApi(admin, {
    method: 'POST', url: '/batchjobs',
    payload: { batchJobType: CONVERT_STAGED, batchJobParameters: { branchId, serviceRepId, isEmployeeActive: form.isEmployeeActive } },
  }, BatchJobCreated);
  if (!job.ok) {
    const refused = conversionErrors(locale, job);
    return renderConvert(admin, request, reply, locale, selected, form, refused.errors, refused.error, job.status);
  }
  const { batchJobId } = job.value;
  // One item per staged employee, each queued by the API's own route (its own transaction).
  const queued = await Promise.all(selected.map((s) => callApi(admin, {
    method: 'POST', url: `/Staging/Employees/${s.stagedEmployeeId}/ConvertToEmployee`, payload: { batchJobId },
  }, ConversionQueued)));
  const refusal = queued.find((q): q is Refusal => !q.ok);
  if (refusal && queued.every((q) => !q.ok)) {
    return renderConvert(admin, request, reply, locale, selected, form, {}, say(t.refused, { reason: refusal.detail }), refusal.status);
  }
  return reply.redirect(jobHref(locale, batchJobId), 303);
}

async function renderDelete(request: FastifyRequest, reply: FastifyReply, locale: Locale, selected: Staged[], error: string | null, status: number) {
  const t = MESSAGES[locale].adminJobs;
  return sendPage(request, reply, 'admin/views/staged-delete', frame(locale, t.deleteTitle), {
    selected: selected.map((s) => selectionItem(locale, s)), ids: selected.map((s) => s.stagedEmployeeId).join(','), error,
    action: withLang(`${NAV}/delete`, locale), cancelHref: withLang(NAV, locale),
  }, status);
}

async function remove(admin: Admin, locale: Locale, request: FastifyRequest, reply: FastifyReply, body: Form) {
  const selected = await selection(admin, request, reply, locale, field(body, 'ids'));
  if (!selected) return reply;
  const job = await callApi(admin, {
    method: 'POST', url: '/Staging/Employees/delete', payload: { stagedEmployeeIds: selected.map((s) => s.stagedEmployeeId) },
  }, BatchJobCreated);
  if (!job.ok) return renderDelete(request, reply, locale, selected, say(MESSAGES[locale].adminJobs.refused, { reason: job.detail }), job.status);
  return reply.redirect(jobHref(locale, job.value.batchJobId), 303);
}

export async function stagedEmployeePages(app: FastifyInstance, context: WebContext): Promise<void> {
  const routes = app.withTypeProvider<TypedRequests>();
  routes.get('/staged-employees', { ...page, schema: { hide: true, querystring: ListQuery } }, async (request, reply) =>
    asAdmin(app, context, request, reply, (admin, locale) => stagedList(admin, locale, request, reply, request.query)));

  // Each action's confirmation page: the selection (`?ids=`) checked first, then the action's form.
  const confirmation = (path: string, render: (admin: Admin, locale: Locale, request: FastifyRequest, reply: FastifyReply, selected: Staged[]) => Promise<unknown>) =>
    routes.get(path, { ...page, schema: { hide: true, querystring: SelectionQuery } }, async (request, reply) =>
      asAdmin(app, context, request, reply, async (admin, locale) => {
        const selected = await selection(admin, request, reply, locale, request.query.ids);
        return selected ? render(admin, locale, request, reply, selected) : reply;
      }));

  confirmation('/staged-employees/convert', (admin, locale, request, reply, selected) =>
    renderConvert(admin, request, reply, locale, selected, { branchId: '', serviceRepId: String(admin.repId), isEmployeeActive: true }, {}, null, 200));
  routes.post('/staged-employees/convert', { ...page, preHandler: app.csrfProtection, schema: { hide: true, body: AnyForm } }, async (request, reply) =>
    asAdmin(app, context, request, reply, (admin, locale) => convert(admin, locale, request, reply, request.body)));

  confirmation('/staged-employees/delete', (_admin, locale, request, reply, selected) => renderDelete(request, reply, locale, selected, null, 200));
  routes.post('/staged-employees/delete', { ...page, preHandler: app.csrfProtection, schema: { hide: true, body: AnyForm } }, async (request, reply) =>
    asAdmin(app, context, request, reply, (admin, locale) => remove(admin, locale, request, reply, request.body)));

  routes.get('/staged-employees/:id', { ...page, schema: { hide: true, params: IdParams } }, async (request, reply) =>
    asAdmin(app, context, request, reply, (admin, locale) => stagedDetails(admin, locale, request, reply, request.params.id)));
}
