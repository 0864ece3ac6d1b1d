// The admin pages at {BASE_URL}/admin (issue 13, decision 0024): sign-in through the login server's
// code flow as a service rep, then personal access tokens, OAuth clients, web users, the job board
// settings, batch jobs, resume uploads, staged employees and the matches of a job order.
// One table: each page's address, its navigation label and what registers its routes. The
// navigation and the overview's list are derived from it, and so are the area's routes: adding a
// page is its module and one entry here (docs/web.md, decision 0043).
import type { FastifyInstance } from 'fastify';
import type { WebArea, WebContext } from '../web.pages.ts';
import { ADMIN_PREFIX, linkPages, type NavLink } from './admin.session.ts';
import { signInPages } from './sign-in.pages.ts';
import { tokenPages } from './tokens.pages.ts';
import { clientPages } from './clients.pages.ts';
import { webUserPages } from './web-users.pages.ts';
import { jobBoardPages } from './job-board.pages.ts';
import { batchJobPages } from './batch-jobs.pages.ts';
import { uploadPages } from './upload.pages.ts';
import { stagedEmployeePages } from './staged-employees.pages.ts';
import { jobOrderMatchPages } from './job-order-matches.pages.ts';

export interface AdminPage {
  /** Its address inside the admin area (`/tokens`): the navigation's link, which a GET route of `routes` answers. */
  path: string;
  /** Its label in the navigation (and on the overview), a message key; none: not in the navigation. */
  label?: NavLink['label'];
  /** What the overview says of it. */
  intro?: NavLink['intro'];
  /** Registers the page's routes (the page, its forms and actions) inside the admin area. */
  routes: (app: FastifyInstance, context: WebContext) => Promise<void>;
}

export const ADMIN_PAGES: readonly AdminPage[] = [
  // The overview (`/`), signing in and out: the frame, not a page of the navigation.
  { path: '/sign-in', routes: signInPages },
  { path: '/tokens', label: { admin: 'navTokens' }, intro: { admin: 'tokensIntro' }, routes: tokenPages },
  { path: '/clients', label: { admin: 'navClients' }, intro: { admin: 'clientsIntro' }, routes: clientPages },
  { path: '/web-users', label: { admin: 'navWebUsers' }, intro: { admin: 'webUsersIntro' }, routes: webUserPages },
  { path: '/job-board', label: { admin: 'navJobBoard' }, intro: { admin: 'jobBoardIntro' }, routes: jobBoardPages },
  { path: '/batch-jobs', label: { adminJobs: 'navBatchJobs' }, routes: batchJobPages },
  { path: '/upload', label: { adminJobs: 'navUpload' }, routes: uploadPages },
  { path: '/staged-employees', label: { adminJobs: 'navStaged' }, routes: stagedEmployeePages },
  { path: '/job-order-matches', label: { adminJobs: 'navMatches' }, routes: jobOrderMatchPages },
];

/** The table's pages that have a label, as the navigation links them. */
export const navLinks = (pages: readonly AdminPage[]): NavLink[] =>
  pages.flatMap(({ path, label, intro }) => (label ? [{ path, label, ...(intro ? { intro } : {}) }] : []));

/** The admin area of a table of pages: its routes and its navigation. */
export function adminAreaOf(pages: readonly AdminPage[]): WebArea {
  return {
    prefix: () => ADMIN_PREFIX,
    routes: async (app, context) => {
      linkPages(navLinks(pages));
      for (const page of pages) await page.routes(app, context);
    },
  };
}

export const adminArea: WebArea = adminAreaOf(ADMIN_PAGES);
