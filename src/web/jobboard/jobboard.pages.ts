// The public job board (issue 13, decision 0022) at the path of JOBBOARD_URL: a tenant's search page,
// each job's details page at the address the API's jobBoardUrl gives, and a sitemap. Every answer
// comes from the job board module the API's routes use (request.server.jobBoard: search, details,
// sitemap) through the tenant's public scope, so the pages show exactly what GET /Search/JobBoard
// and the details endpoint show.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { TypedRequests } from '../../platform/http/typed-requests.ts';
import type { Paged } from '../../platform/http/paging.ts';
import type { JobBoardOrderShape } from '../../resources/job-board/job-board-search.schemas.ts';
import { SITEMAP_MAX } from '../../resources/job-board/job-board-details.repository.ts';
import { jobBoardUrl } from '../../resources/job-board/job-board.url.ts';
import { registrationLink } from '../../resources/registration/registration-link.ts';
import { registrationNameOf } from '../../resources/registration/registration.settings.ts';
import type { WebArea, WebContext } from '../web.pages.ts';
import { mountPath, sendErrorPage } from '../web.pages.ts';
import { pageLocale } from '../locale.ts';
import { sendPage } from '../page.ts';
import { renderTemplate, scriptJson } from '../views.ts';
import { MESSAGES, say } from '../../platform/messages/index.ts';
import { publicScope, tenantNamed } from '../public-scope.ts';
import { DEFAULT_DISTANCE, FORM_FIELDS, TEXT_LIMITS, readSearchForm, searchErrors, SearchPageQuery, type SearchForm, type SearchPageInput } from './jobboard.search.ts';
import { alpha2Of } from './jobboard.queries.ts';
import { countryName, detailsView, pagerView, resultViews, searchOf, searchQuery, sortOptions, unitOptions, withSearch } from './jobboard.view.ts';
import { jobPosting } from './job-posting.ts';
import { escapeHtml } from './description.ts';

const page = { access: 'public' } as const;
const TenantParams = Type.Object({ tenantName: Type.String({ maxLength: 200 }) });
const DetailsParams = Type.Object({ tenantName: Type.String({ maxLength: 200 }), id: Type.String({ maxLength: 40 }) });

/**
 * The board's address of a tenant as visitors see it: the path of JOBBOARD_URL (where jobBoardUrl
 * points), which is the mount path unless a proxy maps a bare host onto it.
 */
function boardPath(jobBoardBase: string, tenantName: string): string {
  return `${new URL(jobBoardBase).pathname.replace(/\/+$/, '')}/${encodeURIComponent(tenantName)}`;
}

/** A job order id as the address writes it; anything else (0, -1, 1e3, 99999999999) is no page. */
function orderId(text: string): number | undefined {
  if (!/^[1-9]\d{0,9}$/.test(text)) return undefined;
  const id = Number(text);
  return id <= 2_147_483_647 ? id : undefined;
}

async function searchPage(context: WebContext, request: FastifyRequest, reply: FastifyReply, tenantName: string, input: Parameters<typeof readSearchForm>[0]) {
  const db = context.database.db;
  const tenant = await tenantNamed(db, tenantName);
  if (!tenant) return sendErrorPage(request, reply, 404);
  const locale = pageLocale(request, reply);
  const t = MESSAGES[locale].jobboard;
  const jobBoard = request.server.jobBoard;
  const scope = await publicScope(db, tenant);
  const [settings, boardCountries] = await Promise.all([jobBoard.settings(scope), jobBoard.countries(scope)]);
  const board = { settings, countries: boardCountries };
  const form: SearchForm = readSearchForm(input, board.settings, board.countries, t);
  let answer: Paged<JobBoardOrderShape> | undefined;
  if (form.query) {
    try {
      answer = await jobBoard.search(scope, form.query);
    } catch (error) {
      const errors = searchErrors(error, t);
      if (!errors) throw error;
      Object.assign(form.errors, errors);
    }
  }
  const labels: Record<string, string> = {
    textSearch: t.keywords, countryCode: t.country, postalCode: t.postalCode, municipality: t.municipality, region: t.region,
    distance: t.distance, distanceUnitId: t.distanceUnit, sortBy: t.sortBy,
  };
  const errorList = FORM_FIELDS.flatMap((name) => (form.errors[name] ? [{ name, label: labels[name], message: form.errors[name] }] : []));
  const path = boardPath(context.config.JOBBOARD_URL, tenant.name);
  const pager = pagerView(path, form.values, form.page, answer?.totalCount ?? 0);
  const countries = await Promise.all(board.countries.map(async (code) => ({
    value: String(code), label: countryName(await alpha2Of(scope.reference, code), String(code), locale), selected: String(code) === (form.values.countryCode || String(form.query?.countryCode ?? '')),
  })));
  const beyond = answer !== undefined && answer.totalCount > 0 && answer.data.length === 0;
  const status = errorList.length > 0 ? 400 : 200;
  return sendPage(request, reply, 'jobboard/views/search', {
    locale, title: say(t.searchTitle, { tenant: tenant.displayName }),
    // The bare board is the tenant's landing page; its searches are many thin pages of it (links still followed).
    noindex: form.asked,
  }, {
    heading: say(t.searchHeading, { tenant: tenant.displayName }), action: path, values: form.values, errors: form.errors, errorList,
    asked: form.asked, canSearchByLocation: board.settings.canSearchByLocation, countries,
    sorts: sortOptions(form.values.sortBy, board.settings.canSearchByLocation, form.values.textSearch !== '', t),
    units: unitOptions(form.values.distanceUnitId, t), defaultDistance: DEFAULT_DISTANCE,
    limits: TEXT_LIMITS,
    results: answer && !beyond ? resultViews(answer, form.query?.distanceUnitId, searchQuery(form.values, form.page), t, locale) : undefined,
    countText: answer ? (answer.totalCount === 1 ? t.resultCountOne : say(t.resultCount, { count: answer.totalCount })) : '',
    pageError: form.errors.page ?? (beyond ? t.errorPage : ''),
    pager, pageOf: say(MESSAGES[locale].common.pageOf, { page: pager.page, pages: pager.pages }),
  }, status);
}

/**
 * A job's page. Its address may carry the search it was found by (the results link with it): the way
 * back returns there, from the page and from the 404 of a job no longer posted.
 */
async function detailsPage(context: WebContext, request: FastifyRequest, reply: FastifyReply, tenantName: string, idText: string, search: SearchPageInput) {
  const db = context.database.db;
  const tenant = await tenantNamed(db, tenantName);
  if (!tenant) return sendErrorPage(request, reply, 404);
  const locale = pageLocale(request, reply);
  const t = MESSAGES[locale].jobboard;
  const searchHref = withSearch(boardPath(context.config.JOBBOARD_URL, tenant.name), searchOf(search));
  const id = orderId(idText);
  const scope = await publicScope(db, tenant);
  const details = id === undefined ? undefined : await request.server.jobBoard.details(scope, id);
  if (!details || id === undefined) return sendErrorPage(request, reply, 404, undefined, [], { href: searchHref, label: t.backToSearch });
  const title = details.jobTitle ?? details.category ?? t.untitled;
  const alpha2 = await alpha2Of(scope.reference, details.address.countryCode);
  const canonical = details.jobBoardUrl;
  const head = renderTemplate('jobboard/views/details-head', {
    canonical, jsonLd: scriptJson(jobPosting(details, { title, url: canonical, organization: tenant.displayName, country: alpha2 })),
  });
  const applyHref = registrationLink(context.config.REGISTRATION_URL, { localeId: locale, tenantName: await registrationNameOf(db, tenant.id), orders: [id] });
  return sendPage(request, reply, 'jobboard/views/details', { locale, title: say(t.detailsTitle, { title, tenant: tenant.displayName }), head }, {
    view: detailsView(details, title, countryName(alpha2, details.address.country ?? '', locale), t, locale),
    searchHref,
    applyHref, applyHint: say(t.applyHint, { tenant: tenant.displayName }), jobNumber: say(t.jobNumber, { id }),
  });
}

async function sitemap(context: WebContext, request: FastifyRequest, reply: FastifyReply, tenantName: string) {
  const db = context.database.db;
  const tenant = await tenantNamed(db, tenantName);
  if (!tenant) return sendErrorPage(request, reply, 404);
  const orders = await request.server.jobBoard.sitemap(await publicScope(db, tenant), SITEMAP_MAX);
  const urls = orders.map((o) => `<url><loc>${escapeHtml(jobBoardUrl(context.config.JOBBOARD_URL, tenant.name, o.id))}</loc><lastmod>${o.updatedAt.toISOString()}</lastmod></url>`);
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
  return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=300').send(xml);
}

export const jobBoardArea: WebArea = {
  prefix: (config) => mountPath(config.JOBBOARD_URL, '/jobboard'),
  routes: async (app, context) => {
    const typed = app.withTypeProvider<TypedRequests>();
    typed.get('/:tenantName', { config: page, schema: { hide: true, params: TenantParams, querystring: SearchPageQuery } },
      (request, reply) => searchPage(context, request, reply, request.params.tenantName, request.query));
    typed.get('/:tenantName/jobs/details/:id', { config: page, schema: { hide: true, params: DetailsParams, querystring: SearchPageQuery } },
      (request, reply) => detailsPage(context, request, reply, request.params.tenantName, request.params.id, request.query));
    typed.get('/:tenantName/sitemap.xml', { config: page, schema: { hide: true, params: TenantParams } },
      (request, reply) => sitemap(context, request, reply, request.params.tenantName));
  },
};
