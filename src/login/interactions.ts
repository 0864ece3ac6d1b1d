// The login server's pages for the authorization code flow: sign in (en, es) with a service rep's
// username and password, then consent to the scopes asked for. The interaction is bound to its cookie
// by oidc-provider, so a form posted from another site (no cookie: SameSite) finds no interaction.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Provider } from 'oidc-provider';
import { Type } from 'typebox';
import type { Db } from '../platform/db/database.ts';
import type { TypedRequests } from '../platform/http/typed-requests.ts';
import { passwordMatches } from '../platform/auth/passwords.ts';
import { repSubject } from '../platform/auth/rep-principal.ts';
import { placeOfClient } from './acr.ts';
import { findRepLogin } from '../platform/auth/rep-logins.ts';
import { retryAfter, type Limits } from '../platform/rate-limit/rate-limit.ts';
import { minutesOf, signInFailed, signInHold, signInSucceeded, userKey } from '../platform/auth/sign-in-throttle.ts';
import { localeOf, MESSAGES, say, type Locale } from './i18n.ts';
import { OIDC_SCOPES } from './adapter.ts';
import { consentGroups } from './consent.ts';
import type { Views } from './views.ts';

export interface InteractionOptions {
  db: Db;
  provider: () => Provider;
  views: Views;
  audience: string;
  /** Failed sign-ins per username and per address (throttle.ts). */
  limits: Limits;
  /** Refresh tokens live this long: the consent page says so (one is always issued). */
  refreshTokenSeconds: number;
}

const Uid = Type.Object({ uid: Type.String({ minLength: 1, maxLength: 100 }) });
const LoginForm = Type.Object({ username: Type.Optional(Type.String({ maxLength: 200 })), password: Type.Optional(Type.String({ maxLength: 256 })), locale: Type.Optional(Type.String({ maxLength: 10 })) });
const LocaleForm = Type.Object({ locale: Type.Optional(Type.String({ maxLength: 10 })) });
const LocaleQuery = Type.Object({ ui_locales: Type.Optional(Type.String({ maxLength: 100 })) });

/**
 * The scopes a consent grants: the OpenID ones asked for, and the API ones asked for, or all the
 * client's when none is (`defaulted`).
 */
function consentScopes(scope: unknown, clientScopes: readonly string[]): { oidc: string[]; api: string[]; defaulted: boolean } {
  const asked = typeof scope === 'string' ? scope.split(' ').filter(Boolean) : [];
  const api = asked.filter((s) => clientScopes.includes(s));
  return { oidc: asked.filter((s) => OIDC_SCOPES.includes(s)), api: api.length ? api : [...clientScopes], defaulted: !api.length };
}

export async function interactionRoutes(app: FastifyInstance, options: InteractionOptions) {
  const { db, views } = options;
  const api = app.withTypeProvider<TypedRequests>();

  async function details(request: FastifyRequest, reply: FastifyReply) {
    return options.provider().interactionDetails(request.raw, reply.raw);
  }

  function page(reply: FastifyReply, name: string, data: Record<string, unknown>, status = 200) {
    return reply.code(status).type('text/html; charset=utf-8').send(views.render(name, data));
  }

  async function loginPage(reply: FastifyReply, uid: string, locale: Locale, params: Record<string, unknown>, clientId: string, extra: { error?: string; username?: string; status?: number }) {
    const t = MESSAGES[locale];
    const place = await placeOfClient(db, clientId, params.acr_values, false);
    return page(reply, 'login', {
      locale, t, uid, intro: say(t.signInIntro, { client: place.ok ? place.client.name : clientId }), tenant: place.ok ? place.client.tenantName : undefined,
      error: extra.error, username: extra.username ?? '',
    }, extra.status);
  }

  api.get('/interaction/:uid', { schema: { params: Uid, querystring: LocaleQuery } }, async (request, reply) => {
    const interaction = await details(request, reply);
    const locale = localeOf(request.query.ui_locales ?? interaction.params.ui_locales, request.headers['accept-language']);
    const clientId = String(interaction.params.client_id);
    const t = MESSAGES[locale];
    const place = await placeOfClient(db, clientId, interaction.params.acr_values, false);
    const { oidc, api: apiScopes, defaulted } = consentScopes(interaction.params.scope, place.ok ? place.client.scopes : []);
    if (defaulted && apiScopes.length) {
      // RFC 6749 3.3: a request without API scopes gets the default, the client's scopes (provider.ts
      // sends it here for that). oidc-provider issues the code for the request's scopes, read back from
      // the interaction when it resumes.
      interaction.params.scope = [...oidc, ...apiScopes].join(' ');
      await interaction.save(interaction.exp - Math.floor(Date.now() / 1000));
    }
    if (interaction.prompt.name === 'login') return loginPage(reply, interaction.uid, locale, interaction.params, clientId, {});
    if (!place.ok) return page(reply, 'error', { locale, t, error: place.error, description: place.description }, 400);
    const refresh = say(t.consentRefresh, { days: Math.round(options.refreshTokenSeconds / 86_400) });
    const groups = consentGroups([...oidc, ...apiScopes], t);
    return page(reply, 'consent', { locale, t, uid: interaction.uid, intro: say(t.consentIntro, { client: place.client.name }), groups, refresh });
  });

  api.post('/interaction/:uid/login', { schema: { params: Uid, body: LoginForm } }, async (request, reply) => {
    const interaction = await details(request, reply);
    const locale = localeOf(request.body.locale, request.headers['accept-language']);
    const t = MESSAGES[locale];
    const clientId = String(interaction.params.client_id);
    const username = request.body.username?.trim() ?? '';
    const password = request.body.password ?? '';
    const again = (error: string, status: number) => loginPage(reply, interaction.uid, locale, interaction.params, clientId, { error, username, status });
    if (!username || !password) return again(t.missing, 400);
    const place = await placeOfClient(db, clientId, interaction.params.acr_values, false);
    if (!place.ok) return again(place.description, 400);
    const who = { user: userKey(place.client.tenantId, 'rep', username), address: request.ip };
    const hold = await signInHold(options.limits, who);
    if (hold) {
      reply.header('retry-after', retryAfter(hold.state));
      return again(say(t.locked, { minutes: minutesOf(hold) }), 429);
    }
    const rep = await findRepLogin(db, place.client.tenantId, username);
    if (!(await passwordMatches(password, rep?.passwordHash)) || !rep) {
      await signInFailed(options.limits, who);
      return again(t.wrongCredentials, 401);
    }
    await signInSucceeded(options.limits, who);
    return options.provider().interactionFinished(request.raw, reply.raw, { login: { accountId: repSubject(rep.id) } }, { mergeWithLastSubmission: false });
  });

  api.post('/interaction/:uid/confirm', { schema: { params: Uid, body: LocaleForm } }, async (request, reply) => {
    const provider = options.provider();
    const interaction = await details(request, reply);
    const { accountId } = interaction.session ?? {};
    if (!accountId) return reply.code(400).send('No signed-in user for this interaction.');
    const clientId = String(interaction.params.client_id);
    const place = await placeOfClient(db, clientId, interaction.params.acr_values, false);
    if (!place.ok) return reply.code(400).send(place.description);
    const grant = interaction.grantId ? await provider.Grant.find(interaction.grantId) : new provider.Grant({ accountId, clientId });
    if (!grant) return reply.code(400).send('The grant of this interaction has expired.');
    const { oidc, api: apiScopes } = consentScopes(interaction.params.scope, place.client.scopes);
    if (oidc.length) grant.addOIDCScope(oidc.join(' '));
    grant.addResourceScope(options.audience, apiScopes.join(' '));
    const grantId = await grant.save();
    return provider.interactionFinished(request.raw, reply.raw, { consent: { grantId } }, { mergeWithLastSubmission: true });
  });

  api.post('/interaction/:uid/abort', { schema: { params: Uid } }, async (request, reply) => {
    await details(request, reply);
    return options.provider().interactionFinished(request.raw, reply.raw,
      { error: 'access_denied', error_description: 'The user denied the request.' }, { mergeWithLastSubmission: false });
  });
}
