// The admin pages' matches of a job order (issue 30 item 6): choose an order by its number and the
// filters the API takes, see its employees ranked with the evidence of each score, and add one as the
// order's candidate. Every read and action is the API's own route called as the signed-in rep
// (GET /JobOrders/{id}/matches, POST /JobOrders/{id}/matches/{employeeId}), so its rules, hierarchy
// and refusals are the page's: a bad filter is the API's 400 shown at its field, an order the rep
// does not see its 404 at the order's field, a refused pair its 409 shown as a message. Adding ends
// back on the same list with a notice (POST → 303 → GET).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static } from 'typebox';
import type { TypedRequests } from '../../platform/http/typed-requests.ts';
import { PagedList } from '../../platform/http/paging.ts';
import { CandidateCreated } from '../../resources/candidates/candidate.schemas.ts';
import { BranchItem, EmployeeStatusItem } from '../../resources/datalists/datalist.schemas.ts';
import { OrderMatch } from '../../resources/matching/matches.schemas.ts';
import type { WebContext } from '../web.pages.ts';
import { sendErrorPage } from '../web.pages.ts';
import { sendPage } from '../page.ts';
import { withLang } from '../locale.ts';
import { MESSAGES, say, type Locale } from '../../platform/messages/index.ts';
import { adminNav, asAdmin, type Admin } from './admin.session.ts';
import { callApi, type Refusal } from './batch-jobs.api.ts';
import { pageNumber, pager, PAGE_SIZE } from './batch-jobs.view.ts';
import { AnyForm, field, positiveId, type FieldErrors, type Form } from './forms.ts';
import { FILTER_ERRORS, FILTERS, filtersOf, listHref, MATCHES_PATH, matchRow, type Filters } from './job-order-matches.view.ts';

const page = { config: { access: 'public' as const } };
const Text = Type.Optional(Type.String({ maxLength: 20 }));
const ListQuery = Type.Object({
  jobOrderId: Text, maxMiles: Text, minScore: Text, branchId: Text, employeeStatusId: Text, page: Text,
  lang: Type.Optional(Type.String({ maxLength: 10 })), done: Type.Optional(Type.String({ maxLength: 40 })), candidate: Text,
});

const frame = (locale: Locale, title: string) => ({ locale, title, nav: adminNav(locale, MATCHES_PATH), noindex: true });
const isFilter = (name: string): name is (typeof FILTERS)[number] => FILTERS.some((f) => f === name);

/** What the page says above the list: the notice of an addition, or why one was refused. */
interface Message { kind: 'ok' | 'error'; text: string }

/** The filters' choices: the branches and employee statuses the rep's token lists (none when it may not). */
async function choices(admin: Admin) {
  const [branches, statuses] = await Promise.all([
    callApi(admin, { method: 'GET', url: '/Datalists/Branches', query: { take: '1000' } }, PagedList(BranchItem)),
    callApi(admin, { method: 'GET', url: '/Datalists/EmployeeStatuses', query: { take: '1000' } }, PagedList(EmployeeStatusItem)),
  ]);
  return {
    branches: branches.ok ? branches.value.data.map((b) => ({ value: String(b.branchId), label: b.branchName })) : [],
    statuses: statuses.ok ? statuses.value.data.map((s) => ({ value: s.employeeStatusId, label: s.employeeStatus })) : [],
  };
}

/** The API's refusal of the list at the form's fields: an unseen order at the order, a bad filter at its own. */
function listErrors(locale: Locale, refusal: Refusal): FieldErrors {
  const t = MESSAGES[locale].adminMatches;
  if (refusal.status === 404) return { jobOrderId: t.orderNotFound };
  const errors: FieldErrors = {};
  for (const name of Object.keys(refusal.fields)) {
    if (isFilter(name)) errors[name] = t[FILTER_ERRORS[name]];
    else if (name === 'id') errors.jobOrderId = t.notAnId;
  }
  // A refusal naming no field (the rep's token may not read employees, a quota): its own words at the order.
  return Object.keys(errors).length ? errors : { jobOrderId: refusal.detail };
}

/** The ranked list for the chosen order, or the errors at the fields (400, or 404 for an unseen order). */
async function ranked(admin: Admin, locale: Locale, filters: Filters) {
  const t = MESSAGES[locale].adminMatches;
  if (!filters.jobOrderId) {
    // Filters without an order (an address typed by hand) have nothing to filter: the order is asked for.
    const filtered = FILTERS.some((name) => filters[name]);
    return { errors: filtered ? { jobOrderId: t.required } : {}, status: filtered ? 400 : 200, rows: [], totalCount: 0, chosen: false };
  }
  const id = positiveId(filters.jobOrderId);
  if (id === undefined) return { errors: { jobOrderId: t.notAnId }, status: 400, rows: [], totalCount: 0, chosen: false };
  const number = pageNumber(filters.page);
  const query: Record<string, string> = { skip: String((number - 1) * PAGE_SIZE), take: String(PAGE_SIZE) };
  for (const name of FILTERS) if (filters[name]) query[name] = filters[name];
  const answer = await callApi(admin, { method: 'GET', url: `/JobOrders/${id}/matches`, query }, PagedList(OrderMatch));
  if (!answer.ok) return { errors: listErrors(locale, answer), status: answer.status, rows: [], totalCount: 0, chosen: false };
  return { errors: {}, status: 200, rows: answer.value.data.map((m) => matchRow(locale, m)), totalCount: answer.value.totalCount, chosen: true };
}

async function showList(admin: Admin, locale: Locale, request: FastifyRequest, reply: FastifyReply, filters: Filters, message: Message | null, status?: number) {
  const t = MESSAGES[locale].adminMatches;
  const [list, options] = await Promise.all([ranked(admin, locale, filters), choices(admin)]);
  const title = list.chosen ? say(t.titleOf, { id: filters.jobOrderId }) : t.title;
  return sendPage(request, reply, 'admin/views/job-order-matches', frame(locale, title), {
    title, filters, errors: list.errors, message, rows: list.rows, chosen: list.chosen,
    count: list.totalCount === 1 ? t.resultsOne : say(t.resultsCount, { count: list.totalCount }),
    branches: options.branches, statuses: options.statuses,
    action: withLang(MATCHES_PATH, locale), addAction: withLang(`${MATCHES_PATH}/add`, locale),
    // The add forms carry the list's filters back, so the redirect shows the same list.
    hidden: [...FILTERS, 'page' as const].flatMap((name) => (filters[name] ? [{ name, value: filters[name] }] : [])),
    pager: list.chosen ? pager(locale, request.url, pageNumber(filters.page), list.totalCount) : null,
  }, status ?? list.status);
}

/** The notice after an addition (`?done=added&candidate=`), said only of an id. */
function addedNotice(locale: Locale, query: Static<typeof ListQuery>, filters: Filters): Message | null {
  const candidate = positiveId(query.candidate ?? '');
  if (query.done !== 'added' || candidate === undefined) return null;
  return { kind: 'ok', text: say(MESSAGES[locale].adminMatches.added, { id: candidate, order: filters.jobOrderId }) };
}

/** Why the API would not add the candidate, in the page's words where it has them. */
function refusalMessage(locale: Locale, refusal: Refusal): Message {
  const t = MESSAGES[locale].adminMatches;
  if (refusal.code === 'CANDIDATE_EXISTS') return { kind: 'error', text: t.alreadyCandidate };
  if (refusal.status === 404) return { kind: 'error', text: t.notFound };
  return { kind: 'error', text: say(t.refused, { reason: refusal.detail }) };
}

async function addCandidate(admin: Admin, locale: Locale, request: FastifyRequest, reply: FastifyReply, form: Form) {
  const filters = filtersOf(form);
  const orderId = positiveId(filters.jobOrderId);
  const employeeId = positiveId(field(form, 'employeeId'));
  if (orderId === undefined || employeeId === undefined) return sendErrorPage(request, reply, 400, MESSAGES[locale].adminMatches.notAnId);
  const made = await callApi(admin, { method: 'POST', url: `/JobOrders/${orderId}/matches/${employeeId}` }, CandidateCreated);
  if (made.ok) return reply.redirect(listHref(locale, filters, { done: 'added', candidate: String(employeeId) }), 303);
  if (made.status !== 404 && made.status !== 409) throw new Error(`POST /JobOrders/{id}/matches/{employeeId} answered ${made.status}: ${made.detail}`);
  return showList(admin, locale, request, reply, filters, refusalMessage(locale, made), made.status);
}

export async function jobOrderMatchPages(app: FastifyInstance, context: WebContext): Promise<void> {
  const routes = app.withTypeProvider<TypedRequests>();
  routes.get('/job-order-matches', { ...page, schema: { hide: true, querystring: ListQuery } }, async (request, reply) =>
    asAdmin(app, context, request, reply, (admin, locale) => {
      const filters = filtersOf(request.query);
      return showList(admin, locale, request, reply, filters, addedNotice(locale, request.query, filters));
    }));
  routes.post('/job-order-matches/add', { ...page, preHandler: app.csrfProtection, schema: { hide: true, body: AnyForm } }, async (request, reply) =>
    asAdmin(app, context, request, reply, (admin, locale) => addCandidate(admin, locale, request, reply, request.body)));
}
