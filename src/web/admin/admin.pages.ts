// The admin pages (being built: issue 13).
import type { WebArea } from '../web.pages.ts';
import { pageLocale } from '../locale.ts';
import { sendPage } from '../page.ts';
import { MESSAGES } from '../messages/index.ts';

export const adminArea: WebArea = {
  prefix: () => '/admin',
  routes: async (app) => {
    app.get('/', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
      const locale = pageLocale(request, reply);
      return sendPage(request, reply, 'admin/views/index', { locale, title: MESSAGES[locale].admin.title });
    });
  },
};
