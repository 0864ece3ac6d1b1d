// The registration pages (being built: issue 13).
import type { WebArea } from '../web.pages.ts';
import { mountPath } from '../web.pages.ts';
import { pageLocale } from '../locale.ts';
import { sendPage } from '../page.ts';
import { MESSAGES } from '../messages/index.ts';

export const registrationArea: WebArea = {
  prefix: (config) => mountPath(config.REGISTRATION_URL, '/register'),
  routes: async (app) => {
    app.get('/', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
      const locale = pageLocale(request, reply);
      return sendPage(request, reply, 'registration/views/index', { locale, title: MESSAGES[locale].registration.title });
    });
  },
};
