// A list with a form that adds to it (tokens, OAuth clients, web users): GET shows the list with an
// empty form and the notice of a redirect (`?done=`), POST hands the form to the page, which checks it
// and answers (the list again with the errors at their fields, or what it made). The guard runs first.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypedRequests } from '../../platform/http/typed-requests.ts';
import type { WebContext } from '../web.pages.ts';
import type { Locale } from '../../platform/messages/index.ts';
import { asAdmin, type Admin, type Guard } from './admin.session.ts';
import { AnyForm, NoticeQuery, type Form } from './forms.ts';

export interface ListForm {
  /** The list's route inside the admin area (`/tokens`). */
  path: string;
  /** requireAdmin unless told. */
  guard?: Guard;
  show(request: FastifyRequest, reply: FastifyReply, admin: Admin, locale: Locale, done: string | undefined): Promise<unknown>;
  submit(request: FastifyRequest, reply: FastifyReply, admin: Admin, locale: Locale, form: Form): Promise<unknown>;
}

export function listForm(app: FastifyInstance, context: WebContext, page: ListForm): void {
  const api = app.withTypeProvider<TypedRequests>();
  api.get(page.path, { config: { access: 'public' }, schema: { hide: true, querystring: NoticeQuery } }, async (request, reply) =>
    asAdmin(app, context, request, reply, (admin, locale) => page.show(request, reply, admin, locale, request.query.done), page.guard));
  api.post(page.path, { config: { access: 'public' }, preHandler: app.csrfProtection, schema: { hide: true, body: AnyForm } }, async (request, reply) =>
    asAdmin(app, context, request, reply, (admin, locale) => page.submit(request, reply, admin, locale, request.body), page.guard));
}
