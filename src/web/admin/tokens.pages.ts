// Personal access tokens on the admin pages: create (name, scopes, expiry, acting rep), the secret
// shown once, list and revoke. The same functions as `staffing token` (issueCredential,
// revokeCredential) under the rule that a rep manages tokens of reps inside their hierarchy; a token
// gets no scope the signed-in rep's own session does not hold.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ALL_SCOPES } from '../../platform/auth/scopes.ts';
import { hasScope } from '../../platform/auth/principal.ts';
import type { WebContext } from '../web.pages.ts';
import { sendPage } from '../page.ts';
import { MESSAGES, type Locale } from '../../platform/messages/index.ts';
import { ADMIN_PREFIX, adminNav, requireAdmin, type Admin } from './admin.session.ts';
import { repsAt } from './admin.queries.ts';
import { issueToken, revokeVisibleToken, tokensVisible, tokenVisible } from './tokens.queries.ts';
import { confirmedAction, NOT_FOUND } from './confirmed-action.ts';
import { endOfDay, field, isoDay, positiveId, requiredName, scopeGroups, ticked, type FieldErrors, type Form } from './forms.ts';
import { listForm } from './list-form.ts';

const PATH = `${ADMIN_PREFIX}/tokens`;
const DEFAULT_DAYS = 90;

const status = (row: { expiresAt: Date | null; revokedAt: Date | null }) =>
  row.revokedAt ? 'revoked' : row.expiresAt && row.expiresAt.getTime() <= Date.now() ? 'expired' : 'active';

/** The scopes the signed-in rep may put on a token: those their own session holds. */
const grantable = (admin: Admin) => ALL_SCOPES.filter((s) => hasScope(admin.principal, s));

interface FormView { values: Form; errors: FieldErrors; chosen: string[] }

async function listPage(request: FastifyRequest, reply: FastifyReply, admin: Admin, locale: Locale, form: FormView, extra: Record<string, unknown> = {}, code = 200) {
  const t = MESSAGES[locale].admin;
  const rows = (await tokensVisible(admin.scope)).map((r) => ({ ...r, status: status(r), expires: r.expiresAt ? isoDay(r.expiresAt) : '' }));
  const reps = await repsAt(admin.scope);
  return sendPage(request, reply, 'admin/views/tokens', { locale, title: t.tokensTitle, nav: adminNav(locale, PATH), noindex: true }, {
    rows, reps, groups: scopeGroups(grantable(admin)), form, repId: admin.repId, ...extra,
  }, code);
}

const emptyForm = (): FormView => ({ values: { expires: isoDay(new Date(Date.now() + DEFAULT_DAYS * 86_400_000)) }, errors: {}, chosen: [] });

export async function tokenPages(app: FastifyInstance, context: WebContext): Promise<void> {

  listForm(app, context, {
    path: '/tokens',
    show: (request, reply, admin, locale, done) => listPage(request, reply, admin, locale, emptyForm(), { revoked: done === 'revoked' }),
    submit: async (request, reply, admin, locale, form) => {
      const t = MESSAGES[locale].admin;
      const errors: FieldErrors = {};
      const name = requiredName(form, 'name', errors, t.nameRequired, t.nameTooLong);
      const scopes = ticked(form, 'scope', grantable(admin));
      if (!scopes.length) errors.scopes = t.scopesRequired;
      const expiresAt = endOfDay(field(form, 'expires'));
      if (!expiresAt) errors.expires = t.expiresInvalid;
      else if (expiresAt.getTime() <= Date.now()) errors.expires = t.expiresPast;
      const repId = positiveId(field(form, 'rep'));
      const reps = await repsAt(admin.scope);
      if (!repId || !reps.some((r) => r.id === repId)) errors.rep = t.repOutside;
      const values = { name: field(form, 'name').slice(0, 200), expires: field(form, 'expires').slice(0, 20), rep: field(form, 'rep').slice(0, 20) };
      if (Object.keys(errors).length || !repId || !expiresAt) return listPage(request, reply, admin, locale, { values, errors, chosen: scopes }, {}, 400);
      const issued = await issueToken(admin.scope, { serviceRepId: repId, kind: 'personal', name, scopes, expiresAt });
      // The secret is in this answer only (never stored, never redirected through a URL).
      return sendPage(request, reply, 'admin/views/token-created', { locale, title: t.tokenCreatedTitle, nav: adminNav(locale, PATH), noindex: true }, {
        issued, name, repName: reps.find((r) => r.id === repId)?.name ?? '', expires: isoDay(expiresAt),
      }, 201);
    },
  });

  confirmedAction(app, context, {
    path: '/tokens', verb: 'revoke', done: 'revoked', guard: requireAdmin,
    confirm: async (admin, key, t) => {
      const token = await tokenVisible(admin.scope, key);
      if (!token || token.revokedAt) return NOT_FOUND;
      return { title: t.revokeTokenTitle, question: t.revokeTokenQuestion, subject: `${token.name} (${token.sid})`, button: t.revokeButton };
    },
    act: async (admin, key) => ((await revokeVisibleToken(admin.scope, key)) ? undefined : NOT_FOUND),
  });
}
