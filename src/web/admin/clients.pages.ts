// The tenant's OAuth clients on the admin pages: list, register (the secret shown once) and revoke,
// with the functions `staffing client` uses (registerClient, revokeClient). Tenant-wide: only reps at
// the tenant's top hierarchy node (isTenantAdmin); others get the 403 page.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ALL_SCOPES } from '../../platform/auth/scopes.ts';
import { ClientRequestError, GRANTS } from '../../platform/auth/clients.ts';
import type { WebContext } from '../web.pages.ts';
import { sendPage } from '../page.ts';
import { MESSAGES, type Locale } from '../../platform/messages/index.ts';
import { ADMIN_PREFIX, adminNav, requireTenantAdmin as tenantAdmin, type Admin } from './admin.session.ts';
import { repsAt } from './admin.queries.ts';
import { productInstanceIds, registerTenantClient, revokeTenantClient, tenantClients } from './clients.queries.ts';
import { ADMIN_PID, isAdminPagesClient } from './login-client.ts';
import { confirmedAction, NOT_FOUND, type Refusal } from './confirmed-action.ts';
import { field, positiveId, requiredName, scopeGroups, ticked, type FieldErrors, type Form } from './forms.ts';
import { listForm } from './list-form.ts';

const PATH = `${ADMIN_PREFIX}/clients`;
const MAX_REDIRECT_URIS = 20;

interface FormView { values: Form; errors: FieldErrors; chosen: string[]; grants: string[] }


async function listPage(request: FastifyRequest, reply: FastifyReply, admin: Admin, locale: Locale, form: FormView, extra: Record<string, unknown> = {}, code = 200) {
  const t = MESSAGES[locale].admin;
  const rows = (await tenantClients(admin.scope)).map((r) => ({ ...r, own: isAdminPagesClient(r.clientId) }));
  return sendPage(request, reply, 'admin/views/clients', { locale, title: t.clientsTitle, nav: adminNav(locale, PATH), noindex: true }, {
    rows, form, grantNames: GRANTS, groups: scopeGroups(ALL_SCOPES), pids: await productInstanceIds(admin.scope),
    reps: await repsAt(admin.scope), ...extra,
  }, code);
}

const emptyForm = (): FormView => ({ values: {}, errors: {}, chosen: [...ALL_SCOPES], grants: [] });

export async function clientPages(app: FastifyInstance, context: WebContext): Promise<void> {

  listForm(app, context, {
    path: '/clients', guard: tenantAdmin,
    show: (request, reply, admin, locale, done) => listPage(request, reply, admin, locale, emptyForm(), { revoked: done === 'revoked' }),
    submit: async (request, reply, admin, locale, form) => {
      const t = MESSAGES[locale].admin;
      const errors: FieldErrors = {};
      const name = requiredName(form, 'name', errors, t.nameRequired, t.nameTooLong);
      const pid = field(form, 'pid');
      if (!/^[A-Za-z0-9._-]{1,64}$/.test(pid)) errors.pid = t.pidInvalid;
      else if (pid === ADMIN_PID) errors.pid = t.pidReserved;
      const grants = ticked(form, 'grant', GRANTS);
      if (!grants.length) errors.grants = t.grantsRequired;
      const scopes = ticked(form, 'scope', ALL_SCOPES);
      if (!scopes.length) errors.scopes = t.scopesRequired;
      const redirectUris = field(form, 'redirectUris').split(/\s+/).filter(Boolean);
      if (redirectUris.length > MAX_REDIRECT_URIS) errors.redirectUris = t.redirectUrisTooMany;
      const isPublic = form.public !== undefined;
      const repText = field(form, 'rep');
      const serviceRepId = repText ? positiveId(repText) : undefined;
      const reps = await repsAt(admin.scope);
      if (repText && (!serviceRepId || !reps.some((r) => r.id === serviceRepId))) errors.rep = t.repOutside;
      const values = { name: name.slice(0, 200), pid: pid.slice(0, 100), redirectUris: field(form, 'redirectUris').slice(0, 4000), rep: repText.slice(0, 20), public: isPublic ? 'on' : '' };
      const again = (more: FieldErrors) => listPage(request, reply, admin, locale, { values, errors: { ...errors, ...more }, chosen: scopes, grants }, {}, 400);
      if (Object.keys(errors).length) return again({});
      try {
        const registered = await registerTenantClient(admin.scope, pid, { name, grants, scopes, redirectUris, isPublic, serviceRepId });
        return sendPage(request, reply, 'admin/views/client-created', { locale, title: t.clientCreatedTitle, nav: adminNav(locale, PATH), noindex: true }, {
          registered, name, acr: `tenant:${admin.tenantName} pid:${pid}`, tokenUrl: `${context.config.AUTH_URL}/connect/token`,
        }, 201);
      } catch (error) {
        // registerClient's own checks (redirect URIs, grant combinations, the service rep) in its words.
        if (error instanceof ClientRequestError) return again({ form: error.message.replace(/--redirect-uri/g, t.redirectUrisLabel).replace(/--rep/g, t.serviceRepLabel) });
        throw error;
      }
    },
  });

  // The admin pages' own client stays: revoking it would end every administrator's session.
  const OWN_CLIENT: Refusal = { status: 403, message: (t) => t.ownClient };
  confirmedAction(app, context, {
    path: '/clients', verb: 'revoke', done: 'revoked', guard: tenantAdmin,
    confirm: async (admin, key, t) => {
      const client = (await tenantClients(admin.scope)).find((c) => c.clientId === key && !c.revokedAt);
      if (!client) return NOT_FOUND;
      if (isAdminPagesClient(client.clientId)) return OWN_CLIENT;
      return { title: t.revokeClientTitle, question: t.revokeClientQuestion, subject: `${client.name} (${client.clientId})`, button: t.revokeButton };
    },
    act: async (admin, key) => {
      if (isAdminPagesClient(key)) return OWN_CLIENT;
      return (await revokeTenantClient(admin.scope, key)) ? undefined : NOT_FOUND;
    },
  });
}
