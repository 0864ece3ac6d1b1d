// The admin pages at {BASE_URL}/admin (issue 13, decision 0024): sign-in through the login server's
// code flow as a service rep, then personal access tokens, OAuth clients, web users, the job board
// settings, batch jobs, resume uploads and staged employees. Each module registers its own routes.
import type { WebArea } from '../web.pages.ts';
import { ADMIN_PREFIX } from './admin.session.ts';
import { signInPages } from './sign-in.pages.ts';
import { tokenPages } from './tokens.pages.ts';
import { clientPages } from './clients.pages.ts';
import { webUserPages } from './web-users.pages.ts';
import { jobBoardPages } from './job-board.pages.ts';
import { batchJobPages } from './batch-jobs.pages.ts';
import { stagedEmployeePages } from './staged-employees.pages.ts';

export const adminArea: WebArea = {
  prefix: () => ADMIN_PREFIX,
  routes: async (app, context) => {
    await signInPages(app, context);
    await tokenPages(app, context);
    await clientPages(app, context);
    await webUserPages(app, context);
    await jobBoardPages(app, context);
    // Batch jobs, resume upload and staged employees (their own modules):
    await batchJobPages(app, context);
    await stagedEmployeePages(app, context);
  },
};
