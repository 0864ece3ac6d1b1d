// The registration pages at {REGISTRATION_URL}/{localeId}/{tenantName} (issue 13, REG-01 to REG-21,
// decision 0023): the registration form from a link, its POST (the employee, the web user login, the
// registration and the candidates in one transaction, then 303), the confirmation, and, for a signed
// in applicant, applying to the link's orders (applicant.pages.ts).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { Value } from 'typebox/value';
import { readMultipart, type UploadedFile } from '../../platform/http/upload.ts';
import { keptResume, parseResume, RESUME_UPLOAD, resumeOf } from '../../resources/resumes/resume-upload.ts';
import { csrfPassed } from '../admin/upload.receive.ts';
import type { TypedRequests } from '../../platform/http/typed-requests.ts';
import { AppError } from '../../platform/http/errors.ts';
import { CallbackDeliverer } from '../../resources/registration/registration.callback.ts';
import { register, RegistrationRefused, resolveLink, FORM_FIELDS, type FormProblems, type FormValues, type RegisterInput, type Registered, type ResolvedLink } from '../../resources/registration/registration.service.ts';
import { giveBackRegistration, takeRegistration } from '../../resources/registration/registration.limits.ts';
import { candidacies } from '../../resources/registration/registration.repository.ts';
import type { WebArea, WebContext } from '../web.pages.ts';
import { pageLocale } from '../locale.ts';
import { sendPage } from '../page.ts';
import { MESSAGES, say } from '../../platform/messages/index.ts';
import { startSession } from '../session.ts';
import { applicantPages } from './applicant.pages.ts';
import { formGroups, postedValues } from './registration.form.ts';
import { APPLICANT_SESSION_SECONDS, applicantAt, areaPrefix, languageLinks, LinkQuery, PlaceParams, placeOf, sendTooMany, sendUnavailable, sessionOptions, type ApplicantData, type Place } from './registration.place.ts';

const RegisterBody = Type.Object({
  _csrf: Type.Optional(Type.String({ maxLength: 200 })),
  ...Object.fromEntries(FORM_FIELDS.map((f) => [f, Type.Optional(Type.String({ maxLength: 2000 }))])),
});

const page = { config: { access: 'public' } } as const;
const FORM_TYPE = 'application/x-www-form-urlencoded';

/** The form as posted: urlencoded (fields only), or multipart with the applicant's resume (an empty file part: none). */
interface Posted { fields: Readonly<Record<string, string | undefined>>; resume?: UploadedFile }

/**
 * The posted form; undefined when a multipart form's token failed (the 403 page has been sent). A
 * urlencoded form's token was checked before (preHandler); a multipart one's is in its body, read here.
 */
async function postedForm(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<Posted | undefined> {
  if (!request.isMultipart()) return { fields: Value.Check(RegisterBody, request.body) ? request.body : {} };
  const form = await readMultipart(request, { fileFields: ['resume'], ...RESUME_UPLOAD });
  if (!csrfPassed(app, request, reply, form.fields._csrf ?? '')) return undefined;
  if (!Value.Check(RegisterBody, form.fields)) throw new AppError('VALIDATION_FAILED', 'The form has a value longer than any field takes.');
  return { fields: form.fields, ...(form.file?.bytes.length ? { resume: form.file } : {}) };
}

/** The resume as the profile keeps it, parsed; an unreadable one is the applicant's to fix (its reason, in the page's words). */
async function readResume(app: FastifyInstance, tenantId: number, file: UploadedFile): Promise<RegisterInput['resume'] | { problem: string }> {
  try {
    const upload = resumeOf(file);
    return keptResume(upload, await parseResume(app.resumeParser, tenantId, upload));
  } catch (e) {
    if (e instanceof AppError) return { problem: e.message };
    throw e;
  }
}

function renderForm(request: FastifyRequest, reply: FastifyReply, place: Place, link: ResolvedLink, values: FormValues, problems: FormProblems, status = 200, resumeError?: string) {
  const t = MESSAGES[place.locale].registration;
  const groups = formGroups(t, link, values, problems);
  const heading = say(t.registerTitle, { agency: place.tenant.displayName });
  const errors = groups.flatMap((g) => g.fields).filter((f) => f.error).map((f) => ({ name: f.name, error: f.error }));
  return sendPage(request, reply, 'registration/views/register', {
    locale: place.locale, title: heading, noindex: true, languageLinks: languageLinks(place),
  }, {
    heading, groups, errors, resumeError, link, action: place.path + place.search,
    signInUrl: `${place.path}/sign-in${place.search}`,
  }, status);
}

async function registrationPages(app: FastifyInstance, context: WebContext, deliverer: CallbackDeliverer) {
  const pages = app.withTypeProvider<TypedRequests>();
  const db = context.database.db;

  pages.get('/', { ...page, schema: { hide: true } }, async (request, reply) => {
    const locale = pageLocale(request, reply);
    return sendPage(request, reply, 'registration/views/index', { locale, title: MESSAGES[locale].registration.title });
  });

  // REG-01: the page a registration link opens; a signed-in applicant sees the link's orders to apply to instead.
  pages.get('/:localeId/:tenantName', { ...page, schema: { hide: true, params: PlaceParams, querystring: LinkQuery } }, async (request, reply) => {
    const place = await placeOf(context, request, reply, request.params);
    if (!place) return reply;
    const link = await resolveLink(place.scope, place.tenant, request.query, context.config.JOBBOARD_URL);
    const applicant = await applicantAt(context, request, place);
    if (applicant) {
      const t = MESSAGES[place.locale].registration;
      const applied = await candidacies(place.scope, applicant.data.employeeId, link.orders.map((o) => o.id));
      return sendPage(request, reply, 'registration/views/apply', {
        locale: place.locale, title: t.applyTitle, noindex: true, languageLinks: languageLinks(place),
      }, {
        link, applied: [...applied], username: applicant.data.username,
        applyAction: `${place.path}/apply${place.search}`, signOutAction: `${place.path}/sign-out${place.search}`,
      });
    }
    return renderForm(request, reply, place, link, link.prefill, {});
  });

  pages.post('/:localeId/:tenantName', {
    // A urlencoded form's token is checked before its handler; a multipart one's (with a resume) once its body is read.
    ...page, preHandler: (request, reply, done) => (request.isMultipart() ? done() : app.csrfProtection(request, reply, done)),
    schema: { hide: true, params: PlaceParams, querystring: LinkQuery, body: { content: { [FORM_TYPE]: { schema: RegisterBody } } } },
  }, async (request, reply) => {
    const place = await placeOf(context, request, reply, request.params);
    if (!place) return reply;
    const posted = await postedForm(app, request, reply);
    if (!posted) return reply;
    // The link's fixed values (branch, workflow, orders) come from the query again, never from the form.
    const link = await resolveLink(place.scope, place.tenant, request.query, context.config.JOBBOARD_URL);
    const values = postedValues(posted.fields);
    // Issue 26: one address made 406 employees in 10 s. Points are taken before anything is written (or parsed).
    const at = { address: request.ip, tenantId: place.tenant.tenantId };
    const refused = await takeRegistration(context.limits, at);
    if (refused) return sendTooMany(request, reply, place.locale, refused);
    const resume = posted.resume && await readResume(app, place.tenant.tenantId, posted.resume);
    if (resume && 'problem' in resume) {
      await giveBackRegistration(context.limits, at);
      return renderForm(request, reply, place, link, values, {}, 400, say(MESSAGES[place.locale].registration.errResume, { reason: resume.problem }));
    }
    let done: Registered;
    try {
      done = await register(place.scope, { tenant: place.tenant, link, form: values, localeId: place.locale, parameters: place.parameters, ...(resume && { resume }) });
    } catch (e) {
      await giveBackRegistration(context.limits, at);
      if (e instanceof RegistrationRefused) return renderForm(request, reply, place, link, values, e.problems, 400);
      if (e instanceof AppError && e.code === 'HIERARCHY_CANNOT_CREATE_EMPLOYEES') return sendUnavailable(request, reply, place.locale);
      throw e;
    }
    if (place.tenant.settings.callbackUrl) deliverer.wake();
    const data: ApplicantData = { employeeId: done.employeeId, username: done.username, firstName: done.firstName, lastApplied: link.orders, justRegistered: true };
    await startSession(db, request, reply, sessionOptions(context), {
      kind: 'applicant', tenantId: place.tenant.tenantId, subjectId: done.webUserId, data, ttlSeconds: APPLICANT_SESSION_SECONDS,
    });
    return reply.code(303).header('location', `${place.path}/done`).send();
  });

  // The confirmation: what the applicant's session says was just done.
  pages.get('/:localeId/:tenantName/done', { ...page, schema: { hide: true, params: PlaceParams } }, async (request, reply) => {
    const place = await placeOf(context, request, reply, request.params);
    if (!place) return reply;
    const t = MESSAGES[place.locale].registration;
    const applicant = await applicantAt(context, request, place);
    const justRegistered = applicant?.data.justRegistered ?? true;
    return sendPage(request, reply, 'registration/views/done', {
      locale: place.locale, title: justRegistered ? t.doneTitle : t.appliedTitle, noindex: true, languageLinks: languageLinks(place, '/done', ''),
    }, {
      heading: justRegistered ? t.doneTitle : t.appliedTitle,
      message: !applicant ? t.doneGeneric
        : justRegistered ? say(t.doneWelcome, { name: applicant.data.firstName, username: applicant.data.username })
          : applicant.data.lastApplied.length ? '' : t.appliedNone,
      applied: applicant?.data.lastApplied ?? [],
      signOutAction: applicant ? `${place.path}/sign-out` : '',
    });
  });
}

export const registrationArea: WebArea = {
  prefix: areaPrefix,
  routes: async (app, context) => {
    // The post-registration callbacks are sent by the process that takes the registrations.
    const deliverer = new CallbackDeliverer(context.database.db, app.log);
    app.addHook('onReady', async () => deliverer.start());
    app.addHook('onClose', async () => deliverer.stop());
    await registrationPages(app, context, deliverer);
    await applicantPages(app, context);
  },
};
