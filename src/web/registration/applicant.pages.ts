// A registered applicant at the registration pages: signing in (checked as the `tw_vendor_webuser`
// grant checks a web user, with its sign-in limits), signing out, and applying to a link's orders without
// registering again (REG-19: "or the logged-in user").
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { TypedRequests } from '../../platform/http/typed-requests.ts';
import { passwordMatches } from '../../platform/auth/passwords.ts';
import { findWebUserLogin } from '../../resources/web-users/web-user.repository.ts';
import { webUserEmployee } from '../../resources/registration/registration.repository.ts';
import { applyToOrders, resolveLink } from '../../resources/registration/registration.service.ts';
import { minutesOf, signInFailed, signInHold, signInSucceeded, userKey } from '../../platform/auth/sign-in-throttle.ts';
import { retryAfter } from '../../platform/rate-limit/rate-limit.ts';
import type { WebContext } from '../web.pages.ts';
import { sendPage } from '../page.ts';
import { MESSAGES, say } from '../../platform/messages/index.ts';
import { endSession, startSession, updateSession } from '../session.ts';
import { APPLICANT_SESSION_SECONDS, applicantAt, languageLinks, LinkQuery, PlaceParams, placeOf, sessionOptions, type ApplicantData, type Place } from './registration.place.ts';

const SignInBody = Type.Object({
  _csrf: Type.Optional(Type.String({ maxLength: 200 })),
  username: Type.Optional(Type.String({ maxLength: 300 })),
  password: Type.Optional(Type.String({ maxLength: 300 })),
});
const CsrfBody = Type.Object({ _csrf: Type.Optional(Type.String({ maxLength: 200 })) });
const page = { config: { access: 'public' } } as const;

function renderSignIn(request: FastifyRequest, reply: FastifyReply, place: Place, username: string, error: string, status = 200) {
  const t = MESSAGES[place.locale].registration;
  const heading = say(t.signInTitle, { agency: place.tenant.displayName });
  return sendPage(request, reply, 'registration/views/sign-in', {
    locale: place.locale, title: heading, noindex: true, languageLinks: languageLinks(place, '/sign-in'),
  }, { heading, username, error, action: `${place.path}/sign-in${place.search}`, registerUrl: place.path + place.search }, status);
}

export async function applicantPages(app: FastifyInstance, context: WebContext) {
  const pages = app.withTypeProvider<TypedRequests>();
  const db = context.database.db;
  const options = sessionOptions(context);

  pages.get('/:localeId/:tenantName/sign-in', { ...page, schema: { hide: true, params: PlaceParams, querystring: LinkQuery } }, async (request, reply) => {
    const place = await placeOf(context, request, reply, request.params);
    if (!place) return reply;
    return renderSignIn(request, reply, place, '', '');
  });

  pages.post('/:localeId/:tenantName/sign-in', {
    ...page, preHandler: app.csrfProtection, schema: { hide: true, params: PlaceParams, querystring: LinkQuery, body: SignInBody },
  }, async (request, reply) => {
    const place = await placeOf(context, request, reply, request.params);
    if (!place) return reply;
    const t = MESSAGES[place.locale].registration;
    const username = (request.body.username ?? '').trim(), password = request.body.password ?? '';
    if (!username || !password) return renderSignIn(request, reply, place, username, t.signInMissing, 400);
    // The login server's limits: a username's failures count here and at the token endpoint alike.
    const who = { user: userKey(place.tenant.tenantId, 'employee', username), address: request.ip };
    const hold = await signInHold(context.limits, who);
    if (hold) {
      reply.header('retry-after', retryAfter(hold.state));
      return renderSignIn(request, reply, place, username, say(t.signInLocked, { minutes: minutesOf(hold) }), 429);
    }
    const login = await findWebUserLogin(db, place.tenant.tenantId, 'employee', username);
    const employee = login && (await webUserEmployee(db, place.tenant.tenantId, login.id));
    if (!(await passwordMatches(password, login?.passwordHash)) || !login || !employee) {
      await signInFailed(context.limits, who);
      return renderSignIn(request, reply, place, username, t.signInWrong, 401);
    }
    await signInSucceeded(context.limits, who);
    const data: ApplicantData = { employeeId: employee.employeeId, username, firstName: employee.firstName, lastApplied: [], justRegistered: false };
    await startSession(db, request, reply, options, { kind: 'applicant', tenantId: place.tenant.tenantId, subjectId: login.id, data, ttlSeconds: APPLICANT_SESSION_SECONDS });
    return reply.code(303).header('location', place.path + place.search).send();
  });

  // The applicant's forms that carry nothing but their token (sign out, apply): each answers with the
  // address to go to next (POST → 303 → GET).
  const placeAction = (path: string, act: (request: FastifyRequest, reply: FastifyReply, place: Place, query: Record<string, string | undefined>) => Promise<string>) =>
    pages.post(`/:localeId/:tenantName/${path}`, {
      ...page, preHandler: app.csrfProtection, schema: { hide: true, params: PlaceParams, querystring: LinkQuery, body: CsrfBody },
    }, async (request, reply) => {
      const place = await placeOf(context, request, reply, request.params);
      if (!place) return reply;
      const next = await act(request, reply, place, request.query);
      return reply.code(303).header('location', next).send();
    });

  placeAction('sign-out', async (request, reply, place) => {
    await endSession(db, request, reply, 'applicant', options);
    return place.path + place.search;
  });

  // REG-19: the signed-in applicant becomes a candidate on each of the link's orders (re-resolved here).
  placeAction('apply', async (request, _reply, place, query) => {
    const applicant = await applicantAt(context, request, place);
    if (!applicant) return `${place.path}/sign-in${place.search}`;
    const link = await resolveLink(place.scope, place.tenant, query, context.config.JOBBOARD_URL);
    const added = await applyToOrders(place.scope, applicant.data.employeeId, link);
    await updateSession(db, request, 'applicant', options, { ...applicant.data, lastApplied: added, justRegistered: false });
    return `${place.path}/done`;
  });
}
