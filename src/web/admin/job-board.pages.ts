// The tenant's job board settings on the admin pages (the same settings as `staffing jobboard
// settings`), read and written through the signed-in rep's scope. Tenant-wide: reps at the top hierarchy node only.
// Running processes drop their cached job board answers through the settings table's NOTIFY trigger
// (drizzle/0009), and the search index is refreshed by its trigger (drizzle/0007).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypedRequests } from '../../platform/http/typed-requests.ts';
import { changeJobBoardSettings, DEFAULT_JOB_BOARD_SETTINGS, jobBoardSettingsOf, type JobBoardSettings } from '../../resources/reference-data/job-board.settings.ts';
import type { WebContext } from '../web.pages.ts';
import { sendPage } from '../page.ts';
import { pageLocale } from '../locale.ts';
import { MESSAGES, say } from '../../platform/messages/index.ts';
import { ADMIN_PREFIX, adminNav, requireTenantAdmin } from './admin.session.ts';
import { AnyForm, field, NoticeQuery, type FieldErrors } from './forms.ts';

const PATH = `${ADMIN_PREFIX}/job-board`;
/** The CLI's limit (jobboard.command.ts). */
const MAX_CUTOFF_DAYS = 36500;
const FLAGS = ['canSearchByLocation', 'jobDescriptionFallback', 'jobTitleFallback', 'hideOldDates', 'hideWorksite', 'doNotPostToWeb'] as const;
type Flag = (typeof FLAGS)[number];

/** The form's values: ticked boxes and the cutoff as typed. */
interface View { flags: Record<Flag, boolean>; cutoff: string }

const viewOf = (settings: JobBoardSettings): View => ({
  flags: { canSearchByLocation: settings.canSearchByLocation, jobDescriptionFallback: settings.jobDescriptionFallback, jobTitleFallback: settings.jobTitleFallback, hideOldDates: settings.hideOldDates, hideWorksite: settings.hideWorksite, doNotPostToWeb: settings.doNotPostToWeb },
  cutoff: String(settings.oldDateCutoffDays),
});

export async function jobBoardPages(app: FastifyInstance, context: WebContext): Promise<void> {
  const api = app.withTypeProvider<TypedRequests>();

  const render = (request: FastifyRequest, reply: FastifyReply, view: View, errors: FieldErrors, saved: boolean, code = 200) => {
    const locale = pageLocale(request, reply);
    const t = MESSAGES[locale].admin;
    return sendPage(request, reply, 'admin/views/job-board', { locale, title: t.jobBoardTitle, nav: adminNav(locale, PATH), noindex: true }, {
      view, errors, saved, flags: FLAGS, defaults: DEFAULT_JOB_BOARD_SETTINGS,
    }, code);
  };

  api.get('/job-board', { config: { access: 'public' }, schema: { hide: true, querystring: NoticeQuery } }, async (request, reply) => {
    const admin = await requireTenantAdmin(app, request, reply, context);
    if (!admin) return reply;
    return render(request, reply, viewOf(await jobBoardSettingsOf(admin.scope)), {}, request.query.done === 'saved');
  });

  api.post('/job-board', { config: { access: 'public' }, preHandler: app.csrfProtection, schema: { hide: true, body: AnyForm } }, async (request, reply) => {
    const admin = await requireTenantAdmin(app, request, reply, context);
    if (!admin) return reply;
    const locale = pageLocale(request, reply);
    const form = request.body;
    const flags: Record<Flag, boolean> = {
      canSearchByLocation: form.canSearchByLocation !== undefined, jobDescriptionFallback: form.jobDescriptionFallback !== undefined,
      jobTitleFallback: form.jobTitleFallback !== undefined, hideOldDates: form.hideOldDates !== undefined,
      hideWorksite: form.hideWorksite !== undefined, doNotPostToWeb: form.doNotPostToWeb !== undefined,
    };
    const cutoff = field(form, 'oldDateCutoffDays');
    if (!/^\d{1,5}$/.test(cutoff) || Number(cutoff) > MAX_CUTOFF_DAYS) {
      return render(request, reply, { flags, cutoff: cutoff.slice(0, 20) }, { oldDateCutoffDays: say(MESSAGES[locale].admin.cutoffInvalid, { max: MAX_CUTOFF_DAYS }) }, false, 400);
    }
    await changeJobBoardSettings(admin.scope, { ...flags, oldDateCutoffDays: Number(cutoff) });
    return reply.redirect(`${PATH}?lang=${locale}&done=saved`, 303);
  });
}
