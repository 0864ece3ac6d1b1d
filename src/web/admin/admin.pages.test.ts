// The admin pages come from one table (admin.pages.ts): each entry's address is served and linked,
// and a page added to the table is both, with nothing else to change.
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestContext } from '../../../test/helpers.ts';
import { openLimits } from '../../platform/rate-limit/rate-limit.ts';
import { MESSAGES } from '../../platform/messages/index.ts';
import { webPages } from '../web.pages.ts';
import { sendPage } from '../page.ts';
import { ADMIN_PAGES, adminAreaOf, navLinks, type AdminPage } from './admin.pages.ts';
import { ADMIN_PREFIX, adminNav, linkPages, overviewLinks } from './admin.session.ts';

let t: TestContext;
beforeAll(async () => { t = await testApp(); });
afterAll(async () => { await t?.close(); });

const labelOf = (page: AdminPage) => (page.label && ('admin' in page.label ? MESSAGES.en.admin[page.label.admin] : MESSAGES.en.adminJobs[page.label.adminJobs]));

describe('the admin pages\' table', () => {
  it('serves a GET page at every entry\'s address, and links every labelled one, in the table\'s order', () => {
    for (const page of ADMIN_PAGES) expect(t.app.hasRoute({ method: 'GET', url: `${ADMIN_PREFIX}${page.path}` }), page.path).toBe(true);
    const labelled = ADMIN_PAGES.filter((p) => p.label);
    expect(labelled.length).toBeGreaterThan(5);
    const nav = adminNav('en', `${ADMIN_PREFIX}/tokens`);
    const links = [...nav.matchAll(/href="([^"?]+)[^"]*"[^>]*>([^<]+)</g)].map((m) => [m[1], m[2]]);
    expect(links).toEqual([
      [ADMIN_PREFIX, MESSAGES.en.admin.navHome],
      ...labelled.map((p) => [`${ADMIN_PREFIX}${p.path}`, labelOf(p)]),
      [`${ADMIN_PREFIX}/sign-out`, MESSAGES.en.admin.navSignOut],
    ]);
    expect(nav).toContain(`href="${ADMIN_PREFIX}/tokens?lang=en" aria-current="page"`);
    expect(overviewLinks('es').map((l) => l.label)).toEqual(labelled.map((p) => p.label && ('admin' in p.label ? MESSAGES.es.admin[p.label.admin] : MESSAGES.es.adminJobs[p.label.adminJobs])));
  });

  it('adding a page is one entry: its route is served under /admin and the navigation and the overview link it', async () => {
    const example: AdminPage = {
      path: '/example', label: { admin: 'navLabel' }, intro: { admin: 'jobBoardIntro' },
      routes: async (app) => {
        app.get('/example', { config: { access: 'public' }, schema: { hide: true } }, (request, reply) =>
          sendPage(request, reply, 'admin/views/sign-out', { locale: 'en', title: 'Example', nav: adminNav('en', `${ADMIN_PREFIX}/example`), noindex: true }, {}));
      },
    };
    const app = Fastify();
    try {
      await app.register(webPages([adminAreaOf([...ADMIN_PAGES, example])], { config: t.config, database: t.database, limits: openLimits(t.database.pipeline, t.config) }));
      const res = await app.inject({ url: `${ADMIN_PREFIX}/example` });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(`href="${ADMIN_PREFIX}/example?lang=en" aria-current="page">${MESSAGES.en.admin.navLabel}<`);
      expect(overviewLinks('en').at(-1)).toEqual({ href: `${ADMIN_PREFIX}/example?lang=en`, label: MESSAGES.en.admin.navLabel, intro: MESSAGES.en.admin.jobBoardIntro });
    } finally {
      await app.close();
      linkPages(navLinks(ADMIN_PAGES));
    }
  });
});
