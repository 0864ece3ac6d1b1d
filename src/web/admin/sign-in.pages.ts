// Signing in to the admin pages through the login server's code flow (decision 0024): the sign-in
// page asks for the agency (tenant), the form sends the browser to the authorization endpoint with
// PKCE, and the callback exchanges the code on the back channel and starts the 'admin' session.
// Sign-out ends it and revokes the refresh token at the login server.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { TypedRequests } from '../../platform/http/typed-requests.ts';
import type { WebContext } from '../web.pages.ts';
import { sendErrorPage } from '../web.pages.ts';
import { sendPage } from '../page.ts';
import { pageLocale } from '../locale.ts';
import { MESSAGES, say, type Locale } from '../../platform/messages/index.ts';
import { tenantNamed } from '../public-scope.ts';
import { currentSession, endSession, startSession } from '../session.ts';
import { ADMIN_PREFIX, PENDING_SECONDS, adminNav, overviewLinks, isPendingData, isSignedInData, requireAdmin, sessionOptions, startAdminSession, type PendingData } from './admin.session.ts';
import { authorizeUrl, ensureAdminClient, exchangeCode, loginServerReachable, LoginServerUnavailable, newPendingSignIn, revokeRefreshToken, TokenRefused } from './login-client.ts';
import { AnyForm, field } from './forms.ts';

/** The agency last signed in to, to prefill the sign-in page (not a secret). */
const TENANT_COOKIE = 'staffing-admin-tenant';

const SignInQuery = Type.Object({
  lang: Type.Optional(Type.String({ maxLength: 10 })),
  tenant: Type.Optional(Type.String({ maxLength: 200 })),
  next: Type.Optional(Type.String({ maxLength: 2000 })),
  signedOut: Type.Optional(Type.String({ maxLength: 10 })),
});
const CallbackQuery = Type.Object({
  lang: Type.Optional(Type.String({ maxLength: 10 })),
  code: Type.Optional(Type.String({ maxLength: 2000 })),
  state: Type.Optional(Type.String({ maxLength: 2000 })),
  error: Type.Optional(Type.String({ maxLength: 200 })),
  error_description: Type.Optional(Type.String({ maxLength: 2000 })),
  iss: Type.Optional(Type.String({ maxLength: 2000 })),
});

/** Only a path of the admin pages is a place to come back to (never another site). */
const safeNext = (next: string | undefined): string | undefined =>
  next && /^\/admin(\/[A-Za-z0-9/_.?=&%-]*)?$/.test(next) && !next.includes('//') ? next : undefined;

interface SignInView { tenant: string; next?: string; error?: string; notice?: string; fieldError?: string }

function signInPage(request: FastifyRequest, reply: FastifyReply, locale: Locale, view: SignInView, status = 200) {
  const t = MESSAGES[locale].admin;
  return sendPage(request, reply, 'admin/views/sign-in', { locale, title: t.signInTitle, noindex: true }, { ...view, next: view.next ?? '' }, status);
}

export async function signInPages(app: FastifyInstance, context: WebContext): Promise<void> {
  const api = app.withTypeProvider<TypedRequests>();
  const db = context.database.db;
  const options = sessionOptions(context);

  const showSignIn = (request: FastifyRequest, reply: FastifyReply, query: { tenant?: string; next?: string; signedOut?: string }) => {
    const locale = pageLocale(request, reply);
    const remembered = request.cookies[TENANT_COOKIE];
    const tenant = query.tenant ?? (remembered && remembered.length <= 100 ? remembered : '');
    return signInPage(request, reply, locale, { tenant, next: safeNext(query.next), notice: query.signedOut ? MESSAGES[locale].admin.signedOut : undefined });
  };

  api.get('/', { config: { access: 'public' }, schema: { hide: true, querystring: SignInQuery } }, async (request, reply) => {
    if (!(await currentSession(db, request, 'admin', options, isSignedInData))) return showSignIn(request, reply, request.query);
    const admin = await requireAdmin(app, request, reply, context);
    if (!admin) return reply;
    const locale = pageLocale(request, reply);
    const t = MESSAGES[locale].admin;
    return sendPage(request, reply, 'admin/views/index', { locale, title: t.title, nav: adminNav(locale, ADMIN_PREFIX), noindex: true }, {
      welcome: say(t.welcome, { name: admin.repName, tenant: admin.tenantName }), links: overviewLinks(locale),
    });
  });

  api.get('/sign-in', { config: { access: 'public' }, schema: { hide: true, querystring: SignInQuery } }, async (request, reply) => showSignIn(request, reply, request.query));

  api.post('/sign-in', { config: { access: 'public' }, preHandler: app.csrfProtection, schema: { hide: true, body: AnyForm } }, async (request, reply) => {
    const locale = pageLocale(request, reply);
    const t = MESSAGES[locale].admin;
    const name = field(request.body, 'tenant');
    const next = safeNext(field(request.body, 'next'));
    const tenant = name && name.length <= 100 ? await tenantNamed(db, name.toLowerCase()) : undefined;
    if (!tenant) return signInPage(request, reply, locale, { tenant: name.slice(0, 100), next, fieldError: name ? t.tenantUnknown : t.tenantRequired }, 400);
    if (!(await loginServerReachable(context.config.AUTH_URL))) return sendErrorPage(request, reply, 503);
    const clientId = await ensureAdminClient(db, tenant.id, context.config.BASE_URL);
    const pending = newPendingSignIn(clientId, tenant.name);
    const data: PendingData = { pending, next };
    await startSession(db, request, reply, options, { kind: 'admin', tenantId: tenant.id, subjectId: 0, data, ttlSeconds: PENDING_SECONDS, meta: { pending: true } });
    reply.setCookie(TENANT_COOKIE, tenant.name, { path: ADMIN_PREFIX, sameSite: 'lax', httpOnly: true, secure: context.secure, maxAge: 365 * 86_400 });
    return reply.redirect(authorizeUrl(context.config.AUTH_URL, context.config.BASE_URL, pending, locale), 303);
  });

  api.get('/callback', { config: { access: 'public' }, schema: { hide: true, querystring: CallbackQuery } }, async (request, reply) => {
    const locale = pageLocale(request, reply);
    const t = MESSAGES[locale].admin;
    const session = await currentSession(db, request, 'admin', options, isPendingData);
    const again = (error: string, status = 400) => signInPage(request, reply, locale, { tenant: session?.data.pending.tenantName ?? '', next: session?.data.next, error }, status);
    if (!session) return again(t.signInExpired);
    const { pending } = session.data;
    if (request.query.state !== pending.state) return again(t.signInBadState);
    // The pending sign-in is spent whatever happens next: a code is tried once.
    await endSession(db, request, reply, 'admin', options);
    if (request.query.error) return again(request.query.error === 'access_denied' ? t.signInDenied : say(t.signInFailed, { error: request.query.error }), 403);
    if (!request.query.code) return again(t.signInBadState);
    try {
      const tokens = await exchangeCode(context.config.AUTH_URL, context.config.BASE_URL, pending, request.query.code);
      if (tokens.tenantId !== session.tenantId) return again(t.signInBadState);
      await startAdminSession(request, reply, context, pending.clientId, tokens);
    } catch (error) {
      if (error instanceof LoginServerUnavailable) return sendErrorPage(request, reply, 503);
      if (error instanceof TokenRefused) return again(say(t.signInFailed, { error: error.error }));
      throw error;
    }
    return reply.redirect(safeNext(session.data.next) ?? `${ADMIN_PREFIX}/`, 303);
  });

  api.get('/sign-out', { config: { access: 'public' }, schema: { hide: true, querystring: SignInQuery } }, async (request, reply) => {
    const admin = await requireAdmin(app, request, reply, context);
    if (!admin) return reply;
    const locale = pageLocale(request, reply);
    const t = MESSAGES[locale].admin;
    return sendPage(request, reply, 'admin/views/sign-out', { locale, title: t.signOutTitle, nav: adminNav(locale, `${ADMIN_PREFIX}/sign-out`), noindex: true }, {});
  });

  api.post('/sign-out', { config: { access: 'public' }, preHandler: app.csrfProtection, schema: { hide: true, body: AnyForm } }, async (request, reply) => {
    const locale = pageLocale(request, reply);
    const session = await currentSession(db, request, 'admin', options, isSignedInData);
    if (session) {
      // Ending the grant at the login server is best effort: the session ends here regardless.
      await revokeRefreshToken(context.config.AUTH_URL, session.data.signedIn.clientId, session.data.signedIn.refreshToken)
        .catch((error: unknown) => request.log.warn({ err: error }, 'revoking the admin refresh token failed'));
    }
    await endSession(db, request, reply, 'admin', options);
    return reply.redirect(`${ADMIN_PREFIX}/sign-in?lang=${locale}&signedOut=1`, 303);
  });
}
