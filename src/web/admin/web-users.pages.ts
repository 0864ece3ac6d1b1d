// Web users on the admin pages: the tenant's logins whose employee or contact is inside the signed-in
// rep's hierarchy, create one (POST /WebUsers) and disable one (DELETE /WebUsers/{id}), both through
// the API in-process with the rep's token: the API's rules and scopes apply as they are.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../../platform/auth/passwords.ts';
import type { WebContext } from '../web.pages.ts';
import { sendErrorPage } from '../web.pages.ts';
import { sendPage } from '../page.ts';
import { MESSAGES, say, type Locale } from '../../platform/messages/index.ts';
import { ADMIN_PREFIX, adminNav, requireAdmin, type Admin } from './admin.session.ts';
import { webUsersVisible } from './web-users.queries.ts';
import { confirmedAction, NOT_FOUND } from './confirmed-action.ts';
import { field, positiveId, requiredName, type FieldErrors, type Form } from './forms.ts';
import { listForm } from './list-form.ts';

const PATH = `${ADMIN_PREFIX}/web-users`;
const TYPES = ['WebUserEmployee', 'WebUserContact'] as const;
const isType = (value: string): value is (typeof TYPES)[number] => TYPES.some((t) => t === value);

async function listPage(request: FastifyRequest, reply: FastifyReply, context: WebContext, admin: Admin, locale: Locale, values: Form, errors: FieldErrors, extra: Record<string, unknown> = {}, code = 200) {
  const t = MESSAGES[locale].admin;
  const rows = await webUsersVisible(admin.scope);
  return sendPage(request, reply, 'admin/views/web-users', { locale, title: t.webUsersTitle, nav: adminNav(locale, PATH), noindex: true }, { rows, values, errors, ...extra }, code);
}

export async function webUserPages(app: FastifyInstance, context: WebContext): Promise<void> {
  listForm(app, context, {
    path: '/web-users',
    show: (request, reply, admin, locale, done) => listPage(request, reply, context, admin, locale, { type: 'WebUserEmployee' }, {}, { done }),
    submit: async (request, reply, admin, locale, form) => {
      const t = MESSAGES[locale].admin;
      const errors: FieldErrors = {};
      const type = field(form, 'type');
      if (!isType(type)) errors.type = t.webUserTypeInvalid;
      const recordId = positiveId(field(form, 'recordId'));
      if (!recordId) errors.recordId = t.recordIdInvalid;
      const username = requiredName(form, 'username', errors, t.usernameRequired, t.nameTooLong);
      const password = form.password ?? '';
      if (password.length < MIN_PASSWORD_LENGTH || password.length > MAX_PASSWORD_LENGTH) errors.password = say(t.passwordLength, { min: MIN_PASSWORD_LENGTH, max: MAX_PASSWORD_LENGTH });
      // The password is never sent back into the page.
      const values = { type: type.slice(0, 40), recordId: field(form, 'recordId').slice(0, 20), username: username.slice(0, 200) };
      if (Object.keys(errors).length || !isType(type) || !recordId) return listPage(request, reply, context, admin, locale, values, errors, {}, 400);
      const res = await admin.api({ method: 'POST', url: '/WebUsers', payload: { type, recordId, username, password } });
      if (res.statusCode === 201) return reply.redirect(`${PATH}?lang=${locale}&done=created`, 303);
      if (res.statusCode === 403) return sendErrorPage(request, reply, 403);
      const apiErrors: FieldErrors = res.statusCode === 404 ? { recordId: t.recordNotFound }
        : res.statusCode === 409 ? { username: t.webUserConflict }
          : { form: t.webUserRefused };
      return listPage(request, reply, context, admin, locale, values, apiErrors, {}, res.statusCode >= 400 && res.statusCode < 500 ? res.statusCode : 400);
    },
  });

  confirmedAction(app, context, {
    path: '/web-users', verb: 'disable', done: 'disabled', guard: requireAdmin,
    confirm: async (admin, key, t) => {
      const user = (await webUsersVisible(admin.scope)).find((u) => String(u.id) === key && !u.disabledAt);
      if (!user) return NOT_FOUND;
      return { title: t.disableWebUserTitle, question: t.disableWebUserQuestion, subject: `${user.username} (${user.recordName})`, button: t.disableButton };
    },
    // Through the API (DELETE /WebUsers/{id}), so its rules and scopes apply as they are.
    act: async (admin, key) => {
      const id = positiveId(key);
      if (!id) return NOT_FOUND;
      const res = await admin.api({ method: 'DELETE', url: `/WebUsers/${id}` });
      if (res.statusCode === 204) return undefined;
      return res.statusCode === 403 ? { status: 403 } : NOT_FOUND;
    },
  });
}
