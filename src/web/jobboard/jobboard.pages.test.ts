// The public job board pages against the API they mirror: the search page lists what
// GET /Search/JobBoard lists, the details page shows what the details endpoint shows (and 404s where it
// does), the sitemap lists exactly the orders whose details answer, and no input makes a 500.
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { as, type Caller, testApp, type TestContext } from '../../../test/helpers.ts';
import { newJobTitle } from '../../../test/record-fixtures.ts';
import { worksites } from '../../resources/worksites/worksite.table.ts';
import { jobOrders } from '../../resources/job-orders/job-order.table.ts';
import { lookupId, seedCustomer } from '../../resources/job-orders/job-order.test-data.ts';
import { DEFAULT_JOB_BOARD_SETTINGS, writeJobBoardSettings, type JobBoardSettings } from '../../resources/reference-data/job-board.settings.ts';
import { registrationLink } from '../../resources/registration/registration-link.ts';
import { MESSAGES } from '../../platform/messages/index.ts';

let t: TestContext;
let admin: Caller;
const ids: Record<string, number> = {};
/** Every order made here, for the sitemap's comparison. */
const made: number[] = [];
const BOARD = '/jobboard/acme';

const newTitle = (isPublic: boolean, jobTitle: string) => newJobTitle(admin, t.database.db, t.tenant, isPublic, jobTitle);

/** An order made through POST /JobOrders, then PATCHed: public title and description as given. */
async function newOrder(title: string, description: string, extra: Record<string, unknown> = {}, patches: unknown[] = []): Promise<number> {
  const res = await admin({ method: 'POST', url: '/JobOrders', payload: {
    customerId: ids.customer, jobTitleId: ids.publicTitle, branchId: t.tenant.north.branchId, worksiteId: ids.worksite, jobOrderTypeId: ids.orderType,
    positionsRequired: 1, jobDescription: 'Private notes.', payRate: 21.5, ...extra,
  } });
  expect(res.statusCode, res.body).toBe(201);
  const id: number = res.json().jobOrderId;
  made.push(id);
  await patch(id, [{ op: 'replace', path: '/PublicJobTitle', value: title }, { op: 'replace', path: '/PublicJobDescription', value: description }, ...patches]);
  return id;
}
async function patch(id: number, document: unknown[]) {
  const res = await admin({ method: 'PATCH', url: `/JobOrders/${id}`, payload: JSON.stringify(document), headers: { 'content-type': 'application/json-patch+json' } });
  expect(res.statusCode, res.body).toBe(200);
}
const settings = (changes: Partial<JobBoardSettings>) => writeJobBoardSettings(t.database.db, t.tenant.tenantId, changes);

const page = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
/** The job order ids a page links to, in page order (a result's link carries the search after `?`). */
const linkedIds = (html: string) => [...html.matchAll(/href="\/jobboard\/acme\/jobs\/details\/(\d+)(?:\?[^"]*)?"/g)].map((m) => Number(m[1]));
async function apiIds(query: Record<string, string | number>): Promise<number[]> {
  const res = await admin({ method: 'GET', url: '/Search/JobBoard', query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.map((r: { jobOrderId: number }) => r.jobOrderId);
}
/** The JSON-LD block of a details page. */
function jsonLd(html: string): Record<string, unknown> {
  const block = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  expect(block, 'a JSON-LD block').not.toBeNull();
  return JSON.parse(block![1]!);
}

beforeAll(async () => {
  t = await testApp();
  admin = as(t.app, t.tenant.adminToken);
  const db = t.database.db, tenantId = t.tenant.tenantId;
  ids.customer = await seedCustomer(db, tenantId, t.tenant.north);
  const [site] = await db.insert(worksites).values({
    tenantId, name: 'Plant', street1: '100 Main St', municipality: 'Minneapolis', region: 'MN', postalCode: '55401', countryCode: 840, latitude: 44.9778, longitude: -93.265,
  }).returning({ id: worksites.id });
  ids.worksite = site!.id;
  const [far] = await db.insert(worksites).values({
    tenantId, name: 'Far plant', municipality: 'Austin', region: 'TX', postalCode: '78701', countryCode: 840, latitude: 30.2672, longitude: -97.7431,
  }).returning({ id: worksites.id });
  ids.farWorksite = far!.id;
  ids.orderType = (await admin({ method: 'GET', url: '/Datalists/OrderTypes' })).json().data.find((o: { orderType: string }) => o.orderType === 'Temporary').orderTypeId;
  ids.publicTitle = await newTitle(true, 'Forklift Operator');
  ids.privateTitle = await newTitle(false, 'Secret Agent');
  ids.filled = await lookupId(db, tenantId, 'jobOrderStatuses', 'Filled');
  // 23 orders with one word: two pages of results.
  for (let i = 0; i < 23; i++) {
    ids[`pager${i}`] = await newOrder(`Pager ${String.fromCharCode(65 + (i * 7) % 23)} Loader`, 'Load trucks. pagerword', i % 3 === 0 ? { worksiteId: ids.farWorksite } : {});
  }
  ids.html = await newOrder('Welder', '<h2>About</h2><p>Join <b>us</b>.</p><script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">click</a>',
    {}, [{ op: 'replace', path: '/PublicJobDescriptionContentType', value: 'text/html; charset=utf-8' }]);
  ids.hostileTitle = await newOrder('</script><script>alert(1)</script>', 'Plain words.');
});
afterAll(async () => { await t?.close(); });
afterEach(async () => { await settings(DEFAULT_JOB_BOARD_SETTINGS); });

describe('the search page', () => {
  it('lists the same orders, in the same order, as GET /Search/JobBoard for the same parameters', async () => {
    const cases: [Record<string, string>, Record<string, string | number>][] = [
      [{ textSearch: 'pagerword' }, { textSearch: 'pagerword', sortBy: 1 }],
      [{ textSearch: 'pagerword', sortBy: '2' }, { textSearch: 'pagerword', sortBy: 2 }],
      [{ textSearch: 'pagerword', sortBy: '2', page: '2' }, { textSearch: 'pagerword', sortBy: 2, skip: 20 }],
      [{ textSearch: 'pagerword', postalCode: '55401', distance: '25', distanceUnitId: '3', sortBy: '3' }, { textSearch: 'pagerword', postalCode: '55401', distance: 25, distanceUnitId: 3, sortBy: 3 }],
      [{ textSearch: 'pagerword', municipality: 'Austin', region: 'TX', distance: '40', distanceUnitId: '4', sortBy: '3' }, { textSearch: 'pagerword', municipality: 'Austin', region: 'TX', distance: 40, distanceUnitId: 4, sortBy: 3 }],
      [{}, { sortBy: 4 }],
    ];
    for (const [form, api] of cases) {
      const res = await page(`${BOARD}?${new URLSearchParams(form)}`);
      expect(res.statusCode, res.body).toBe(200);
      const expected = await apiIds({ countryCode: 840, take: 20, ...api });
      expect(expected.length).toBeGreaterThan(0);
      expect(linkedIds(res.body), JSON.stringify(form)).toEqual(expected);
    }
  });

  it('a link with only a place searches within the distance and unit the form shows (25 miles), not a 400', async () => {
    const cases: [string, Record<string, string | number>][] = [
      ['postalCode=55401', { postalCode: '55401' }],
      ['municipality=Minneapolis&region=MN', { municipality: 'Minneapolis', region: 'MN' }],
      ['textSearch=pagerword&postalCode=55401&distanceUnitId=4', { textSearch: 'pagerword', postalCode: '55401', distanceUnitId: 4, sortBy: 1 }],
    ];
    for (const [query, api] of cases) {
      const res = await page(`${BOARD}?${query}`);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
      expect(res.body).toMatch(/id="f-distance" name="distance"[^>]*value="25"/);
      const expected = await apiIds({ countryCode: 840, take: 20, sortBy: 4, distance: 25, distanceUnitId: 3, ...api });
      expect(expected.length, query).toBeGreaterThan(0);
      expect(linkedIds(res.body), query).toEqual(expected);
    }
  });

  it('each result\'s "Back to the job search" returns to the same search, page included', async () => {
    const search = 'textSearch=pagerword&postalCode=55401&distance=2000&page=2';
    const res = await page(`${BOARD}?${search}`);
    expect(res.statusCode).toBe(200);
    const href = /href="(\/jobboard\/acme\/jobs\/details\/\d+[^"]*)"/.exec(res.body)?.[1]?.replaceAll('&amp;', '&');
    expect(href).toBeDefined();
    const details = await page(href!);
    expect(details.statusCode).toBe(200);
    const back = new RegExp(`<a href="([^"]*)">${MESSAGES.en.jobboard.backToSearch}</a>`).exec(details.body)?.[1]?.replaceAll('&amp;', '&');
    expect(back).toBeDefined();
    const url = new URL(back!, 'http://x');
    expect(url.pathname).toBe(BOARD);
    expect(Object.fromEntries(url.searchParams)).toEqual(Object.fromEntries(new URLSearchParams(search)));
    // Straight to a details page (a shared link): the way back is the whole board.
    expect((await page(`${BOARD}/jobs/details/${ids.pager0}`)).body).toContain(`<a href="${BOARD}">${MESSAGES.en.jobboard.backToSearch}</a>`);
  });

  it('pages 20 at a time with previous and next links that keep the search, and says "page x of y"', async () => {
    const first = await page(`${BOARD}?textSearch=pagerword`);
    expect(first.body).toContain('Page 1 of 2');
    expect(first.body).toContain('23 jobs found');
    expect(first.body).toMatch(/href="\/jobboard\/acme\?textSearch=pagerword&amp;page=2" rel="next"/);
    const second = await page(`${BOARD}?textSearch=pagerword&page=2`);
    expect(second.body).toContain('Page 2 of 2');
    expect(second.body).toMatch(/href="\/jobboard\/acme\?textSearch=pagerword" rel="prev"/);
    expect(linkedIds(second.body)).toHaveLength(3);
  });

  it('is a real form: every field has a label, the four sort orders, miles and kilometres; in Spanish too', async () => {
    const res = await page(BOARD);
    for (const name of ['textSearch', 'postalCode', 'municipality', 'region', 'distance', 'distanceUnitId', 'sortBy']) {
      expect(res.body).toContain(`<label for="f-${name}">`);
      expect(res.body).toContain(`id="f-${name}" name="${name}"`);
    }
    expect(res.body).toMatch(/<form class="card" method="get" action="\/jobboard\/acme"/);
    for (const value of ['1', '2', '3', '4']) expect(res.body).toContain(`<option value="${value}"`);
    const es = await page(`${BOARD}?lang=es`);
    expect(es.body).toContain('<html lang="es">');
    expect(es.body).toContain(MESSAGES.es.jobboard.sortDistance);
    expect(es.body).toContain(MESSAGES.es.jobboard.kilometers);
  });

  it('the bare board may be indexed; a search is noindex (its links are still followed)', async () => {
    expect((await page(BOARD)).body).not.toContain('name="robots"');
    expect((await page(`${BOARD}?textSearch=pagerword`)).body).toContain('<meta name="robots" content="noindex">');
  });

  it('says so when nothing matches, with a way back to every job', async () => {
    const res = await page(`${BOARD}?textSearch=nosuchwordanywhere`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(MESSAGES.en.jobboard.noResults);
    expect(res.body).toContain(`href="${BOARD}">${MESSAGES.en.jobboard.clear}`);
  });

  it('JB-03: a value the API refuses is shown by its field, in the page\'s language, as a 400 page with the form', async () => {
    const unknown = await page(`${BOARD}?postalCode=00000&distance=25&distanceUnitId=3`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toMatch(/id="f-postalCode"[^>]*aria-describedby="h-postalCode e-postalCode"[^>]*aria-invalid="true"/);
    expect(unknown.body).toContain(`id="e-postalCode">${MESSAGES.en.jobboard.errorPostalCode}`);
    const es = await page(`${BOARD}?municipality=Minneapolis&region=ZZ&distance=25&distanceUnitId=3&lang=es`);
    expect(es.statusCode).toBe(400);
    expect(es.body).toContain(`id="e-region">${MESSAGES.es.jobboard.errorRegion}`);
    for (const [query, field] of [['sortBy=9', 'sortBy'], ['distance=abc&postalCode=55401', 'distance'], ['distanceUnitId=5', 'distanceUnitId'], ['textSearch=' + 'a'.repeat(1001), 'textSearch'], ['countryCode=1', 'countryCode']]) {
      const res = await page(`${BOARD}?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.body, query).toContain(`id="e-${field}"`);
    }
  });

  it('JB-38: without CanSearchByLocation the location fields are gone and a location in the address is ignored', async () => {
    await settings({ canSearchByLocation: false });
    const res = await page(`${BOARD}?textSearch=pagerword&postalCode=00000&distance=1&distanceUnitId=3`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('name="postalCode"');
    expect(res.body).not.toContain(`<option value="3"`);
    expect(linkedIds(res.body)).toEqual(await apiIds({ countryCode: 840, take: 20, sortBy: 1, textSearch: 'pagerword' }));
  });

  it('JB-46 JB-44: Hide Worksite hides the place of each result; Hide Old Dates hides old posting dates', async () => {
    const shown = await page(`${BOARD}?textSearch=pagerword`);
    expect(shown.body).toContain('Minneapolis, MN 55401');
    expect(shown.body).toContain('Posted ');
    await settings({ hideWorksite: true, hideOldDates: true, oldDateCutoffDays: 0 });
    await t.database.db.update(jobOrders).set({ dateOrderTaken: new Date('2020-01-01T00:00:00Z') }).where(and(eq(jobOrders.tenantId, t.tenant.tenantId), eq(jobOrders.id, ids.pager1!)));
    const hidden = await page(`${BOARD}?textSearch=pagerword`);
    expect(hidden.body).not.toContain('Minneapolis');
    expect(hidden.body).not.toContain('Austin');
    expect(hidden.body).not.toContain('January 1, 2020');
  });

  it('an unknown tenant is the 404 page', async () => {
    for (const url of ['/jobboard/nosuchtenant', '/jobboard/nosuchtenant/jobs/details/1', '/jobboard/nosuchtenant/sitemap.xml', '/jobboard/Acme']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain(MESSAGES.en.common.notFoundTitle);
    }
  });
});

describe('a busy board (decision 0029)', () => {
  it('a search that waited its turn too long (5 s) is the 503 page with Retry-After; the next one is answered', async () => {
    let free = () => {};
    const taken = Array.from({ length: t.config.JOB_BOARD_TEXT_SEARCHES }, () => t.app.jobBoardTextSearches(() => new Promise<void>((resolve) => {
      const before = free;
      free = () => { before(); resolve(); };
    })));
    const res = await page(`${BOARD}?textSearch=pagerword`);
    free();
    await Promise.all(taken);
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5'); // the error page's own
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect((await page(`${BOARD}?textSearch=pagerword`)).statusCode).toBe(200);
  }, 15_000);
});

describe('the details page', () => {
  it('shows the API\'s details, with the canonical address the API gives (jobBoardUrl) and an Apply link to registration with this order', async () => {
    const api = (await admin({ method: 'GET', url: `/JobOrders/${ids.pager0}/jobBoardDetails` })).json();
    const res = await page(`${BOARD}/jobs/details/${ids.pager0}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain(`<link rel="canonical" href="${api.jobBoardUrl}">`);
    expect(res.body).toContain(`<h1>${api.jobTitle}`);
    expect(res.body).toContain(api.branchName);
    const apply = registrationLink(t.config.REGISTRATION_URL, { localeId: 'en', tenantName: 'acme', orders: [ids.pager0!] });
    expect(res.body).toContain(`<a class="button" href="${apply.replace(/&/g, '&amp;')}">`);
    const es = await page(`${BOARD}/jobs/details/${ids.pager0}?lang=es`);
    expect(es.body).toContain(`href="${registrationLink(t.config.REGISTRATION_URL, { localeId: 'es', tenantName: 'acme', orders: [ids.pager0!] })}"`);
    expect(es.body).toContain(MESSAGES.es.jobboard.apply);
  });

  it('carries schema.org JobPosting data: title, description, dates, type, organisation, place, pay when shown, identifier', async () => {
    await t.database.db.update(jobOrders).set({ showPayRate: true, payFrequency: 'Weekly' }).where(and(eq(jobOrders.tenantId, t.tenant.tenantId), eq(jobOrders.id, ids.pager2!)));
    const api = (await admin({ method: 'GET', url: `/JobOrders/${ids.pager2}/jobBoardDetails` })).json();
    const data = jsonLd((await page(`${BOARD}/jobs/details/${ids.pager2}`)).body);
    expect(data).toMatchObject({
      '@context': 'https://schema.org', '@type': 'JobPosting', title: api.jobTitle, description: 'Load trucks. pagerword', datePosted: api.publishDateTime,
      employmentType: 'TEMPORARY', hiringOrganization: { '@type': 'Organization', name: 'acme Staffing' },
      jobLocation: { '@type': 'Place', address: { '@type': 'PostalAddress', streetAddress: '100 Main St', addressLocality: 'Minneapolis', addressRegion: 'MN', postalCode: '55401', addressCountry: 'US' } },
      baseSalary: { '@type': 'MonetaryAmount', currency: 'USD', value: { '@type': 'QuantitativeValue', value: 21.5, unitText: 'HOUR' } },
      identifier: { '@type': 'PropertyValue', value: String(ids.pager2) }, url: api.jobBoardUrl, directApply: false,
    });
    const hidden = jsonLd((await page(`${BOARD}/jobs/details/${ids.pager3}`)).body);
    expect(hidden.baseSalary, 'pay not shown by the API').toBeUndefined();
  });

  it('AMB-56: honours the settings: Hide Worksite leaves only the country, Hide Old Dates the date, the fallbacks the title', async () => {
    await settings({ hideWorksite: true, hideOldDates: true, oldDateCutoffDays: 0 });
    await t.database.db.update(jobOrders).set({ dateOrderTaken: new Date('2020-01-01T00:00:00Z') }).where(and(eq(jobOrders.tenantId, t.tenant.tenantId), eq(jobOrders.id, ids.pager4!)));
    const res = await page(`${BOARD}/jobs/details/${ids.pager4}`);
    expect(res.body).not.toContain('Minneapolis');
    expect(res.body).not.toContain('100 Main St');
    const data = jsonLd(res.body);
    expect(data.jobLocation).toEqual({ '@type': 'Place', address: { '@type': 'PostalAddress', addressCountry: 'US' } });
    expect(data.datePosted).toBeUndefined();
  });

  it('JBD-03 JBD-06 JBD-07 JBD-08 JBD-09 AMB-55: an order the details endpoint does not show is the 404 page; so are other tenants\' orders and malformed ids', async () => {
    const filled = await newOrder('Filled job', 'x', {}, [{ op: 'replace', path: '/JobOrderStatusId', value: ids.filled }]);
    const hidden = await newOrder('Hidden job', 'x', {}, [{ op: 'replace', path: '/DoNotPostPublicly', value: true }]);
    const inactive = await newOrder('Inactive job', 'x');
    await t.database.db.update(jobOrders).set({ isActive: false }).where(and(eq(jobOrders.tenantId, t.tenant.tenantId), eq(jobOrders.id, inactive)));
    const privateTitle = await newOrder('', 'x', { jobTitleId: ids.privateTitle });
    const notWebPublic = await newOrder('South job', 'x', { branchId: t.tenant.south.branchId });
    for (const id of [filled, hidden, inactive, privateTitle, notWebPublic]) {
      expect((await admin({ method: 'GET', url: `/JobOrders/${id}/jobBoardDetails` })).statusCode).toBe(404);
      const res = await page(`${BOARD}/jobs/details/${id}?textSearch=forklift`);
      expect(res.statusCode, String(id)).toBe(404);
      expect(res.body).toContain(MESSAGES.en.common.notFoundTitle);
      // The way back to the search the visitor came from.
      expect(res.body).toContain(`<a href="${BOARD}?textSearch=forklift">${MESSAGES.en.jobboard.backToSearch}</a>`);
    }
    expect((await page(`/jobboard/other/jobs/details/${ids.pager0}`)).statusCode).toBe(404);
    for (const bad of ['abc', '0', '-1', '1.5', '1e3', '99999999999', '2147483648', '%FF%FE', '%3Cscript%3E', `${ids.pager0}%00`, '2000000000']) {
      const res = await page(`${BOARD}/jobs/details/${bad}`);
      expect(res.statusCode, bad).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, bad).toBeLessThan(500);
    }
  });

  it('shows an HTML description rebuilt without scripts, handlers or links; a hostile title stays inside its JSON-LD string', async () => {
    const html = (await page(`${BOARD}/jobs/details/${ids.html}`)).body;
    expect(html).toContain('<p><strong>About</strong></p><p>Join <strong>us</strong>.</p>');
    expect(html).not.toMatch(/alert\(|onerror|javascript:/);
    const hostile = (await page(`${BOARD}/jobs/details/${ids.hostileTitle}`)).body;
    expect(hostile).not.toContain('<script>alert(1)</script>');
    expect(hostile).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(jsonLd(hostile).title).toBe('</script><script>alert(1)</script>');
  });
});

describe('the sitemap', () => {
  it('lists exactly the orders whose details page answers, with lastmod, as sitemaps.org 0.9 XML', async () => {
    const res = await page(`${BOARD}/sitemap.xml`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    const listed = [...res.body.matchAll(/<url><loc>([^<]+)<\/loc><lastmod>(\d{4}-\d\d-\d\dT[\d:.]+Z)<\/lastmod><\/url>/g)];
    const eligible: number[] = [];
    for (const id of made) if ((await admin({ method: 'GET', url: `/JobOrders/${id}/jobBoardDetails` })).statusCode === 200) eligible.push(id);
    expect(eligible.length).toBeLessThan(made.length);
    expect(listed.map((m) => m[1])).toEqual(eligible.sort((a, b) => a - b).map((id) => `${t.config.JOBBOARD_URL}/acme/jobs/details/${id}`));
    const other = await page('/jobboard/other/sitemap.xml');
    expect(other.body).not.toContain('/acme/');
  });
});

describe('hostile input', () => {
  const values = ['<script>alert(1)</script>', '"><img src=x onerror=alert(1)>', 'x'.repeat(10_000), '%FF%FE', '%C0%AE', '%00'];
  const fields = ['textSearch', 'countryCode', 'postalCode', 'municipality', 'region', 'distance', 'distanceUnitId', 'sortBy', 'page', 'lang', 'unknown'];

  it('in every query parameter, and twice over, is escaped or a 4xx page: never a 500', async () => {
    for (const field of fields) {
      for (const value of values) {
        const encoded = value.startsWith('%') ? value : encodeURIComponent(value);
        for (const url of [`${BOARD}?${field}=${encoded}`, `${BOARD}?${field}=${encoded}&${field}=b`, `${BOARD}/jobs/details/${ids.pager0}?${field}=${encoded}`]) {
          const res = await page(url);
          expect(res.statusCode, url.slice(0, 120)).toBeLessThan(500);
          expect(res.headers['content-type'], url.slice(0, 120)).toMatch(/^text\/html/);
          expect(res.body).not.toContain('<script>alert(1)</script>');
          expect(res.body).not.toContain('<img src=x onerror');
        }
      }
    }
  });

  it('a parameter given twice is the 400 page saying which', async () => {
    const res = await page(`${BOARD}?textSearch=a&textSearch=b`);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('textSearch');
  });

  it('in the tenant name of every address: a 4xx page, never a 500', async () => {
    for (const name of ['%3Cscript%3E', 'x'.repeat(300), '%FF%FE', '%00', '..', 'acme%2F..']) {
      for (const url of [`/jobboard/${name}`, `/jobboard/${name}/jobs/details/1`, `/jobboard/${name}/sitemap.xml`]) {
        const res = await page(url);
        expect(res.statusCode, url.slice(0, 80)).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, url.slice(0, 80)).toBeLessThan(500);
        expect(res.body).not.toContain('<script>');
      }
    }
  });
});
