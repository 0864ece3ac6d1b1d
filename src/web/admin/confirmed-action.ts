// An action on one listed thing that asks first (revoke a token or a client, disable a web user):
// GET <list>/<key>/<verb> shows the confirmation page, its form posts to the same address, which does
// it and goes back to the list with a notice (POST → 303 → GET). The pages say what differs.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypedRequests } from '../../platform/http/typed-requests.ts';
import type { WebContext } from '../web.pages.ts';
import { sendErrorPage } from '../web.pages.ts';
import { sendPage } from '../page.ts';
import { MESSAGES, type Messages } from '../../platform/messages/index.ts';
import { ADMIN_PREFIX, adminNav, asAdmin, type Admin, type Guard } from './admin.session.ts';
import { AnyForm, KeyParams, NoticeQuery } from './forms.ts';

type Words = Messages['admin'];

/** Why the thing may not be acted on: an error page's status, and its message when it has one. */
export interface Refusal { status: 403 | 404; message?: (t: Words) => string }

export interface ConfirmedAction {
  /** The list's route inside the admin area (`/tokens`), which the action's address extends. */
  path: string;
  verb: string;
  /** The notice the list shows afterwards (`?done=`). */
  done: string;
  guard: Guard;
  /** The confirmation's words for the thing under `key` (shown while it can still be acted on), or why not. */
  confirm(admin: Admin, key: string, t: Words): Promise<{ title: string; question: string; subject: string; button: string } | Refusal>;
  /** Does it: nothing, or why it could not. */
  act(admin: Admin, key: string): Promise<Refusal | undefined>;
}

export const NOT_FOUND: Refusal = { status: 404 };

const refused = (value: object): value is Refusal => 'status' in value;

export function confirmedAction(app: FastifyInstance, context: WebContext, action: ConfirmedAction): void {
  const api = app.withTypeProvider<TypedRequests>();
  const list = `${ADMIN_PREFIX}${action.path}`;
  const refuse = (request: FastifyRequest, reply: FastifyReply, refusal: Refusal, t: Words) => sendErrorPage(request, reply, refusal.status, refusal.message?.(t));

  api.get(`${action.path}/:key/${action.verb}`, { config: { access: 'public' }, schema: { hide: true, params: KeyParams, querystring: NoticeQuery } }, async (request, reply) => asAdmin(app, context, request, reply, async (admin, locale) => {
    const t = MESSAGES[locale].admin;
    const key = request.params.key;
    const words = await action.confirm(admin, key, t);
    if (refused(words)) return refuse(request, reply, words, t);
    return sendPage(request, reply, 'admin/views/confirm', { locale, title: words.title, nav: adminNav(locale, list), noindex: true }, {
      heading: words.title, question: words.question, subject: words.subject, action: `${list}/${key}/${action.verb}`, button: words.button, back: list,
    });
  }, action.guard));

  api.post(`${action.path}/:key/${action.verb}`, { config: { access: 'public' }, preHandler: app.csrfProtection, schema: { hide: true, params: KeyParams, body: AnyForm } }, async (request, reply) => asAdmin(app, context, request, reply, async (admin, locale) => {
    const refusal = await action.act(admin, request.params.key);
    if (refusal) return refuse(request, reply, refusal, MESSAGES[locale].admin);
    return reply.redirect(`${list}?lang=${locale}&done=${action.done}`, 303);
  }, action.guard));
}
