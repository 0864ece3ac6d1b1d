// The signed-in administrator of the admin pages (decision 0024): a service rep who signed in through
// the login server's code flow. Their 'admin' page session holds the access and refresh tokens
// (sealed); every page acts through the API in-process with that token, or through the functions the
// API's routes use with the same principal, so the pages follow the API's access rules.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Principal } from '../../platform/auth/principal.ts';
import { principalOfRep } from '../../platform/auth/rep-principal.ts';
import { DataScope } from '../../platform/scope.ts';
import { sendErrorPage, type WebContext } from '../web.pages.ts';
import { cookieName, currentSession, endSession, startSession, updateSession, type SessionOptions } from '../session.ts';
import { pageLocale, withLang } from '../locale.ts';
import { MESSAGES, type Locale, type Messages } from '../../platform/messages/index.ts';
import { refreshTokens, TokenRefused, LoginServerUnavailable, type AdminTokens, type PendingSignIn } from './login-client.ts';
import { repName } from './admin.queries.ts';

export interface Admin {
  tenantId: number; tenantName: string; repId: number; repName: string;
  /** principalOfRep(...) with the session token's scopes. */
  principal: Principal;
  /** new DataScope(db, principal) */
  scope: DataScope;
  /** Calls the API in-process (app.inject) with the session's bearer token (refreshed when expired). */
  api(options: InjectOptions): Promise<LightMyRequestResponse>;
}

/** What a signed-in admin session holds (sealed). */
export interface SignedInData {
  signedIn: { clientId: string; accessToken: string; refreshToken: string; accessExpiresAt: number; scopes: string[] };
}

/** What a browser on its way to the login server holds (sealed, short-lived): subject 0. */
export interface PendingData { pending: PendingSignIn; /** The admin page to show after signing in. */ next?: string }

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isStrings = (value: unknown): value is string[] => Array.isArray(value) && value.every((v) => typeof v === 'string');

export function isSignedInData(value: unknown): value is SignedInData {
  if (!isRecord(value) || !isRecord(value.signedIn)) return false;
  const s = value.signedIn;
  return typeof s.clientId === 'string' && typeof s.accessToken === 'string' && typeof s.refreshToken === 'string'
    && typeof s.accessExpiresAt === 'number' && isStrings(s.scopes);
}

export function isPendingData(value: unknown): value is PendingData {
  if (!isRecord(value) || !isRecord(value.pending)) return false;
  const p = value.pending;
  return ['state', 'nonce', 'verifier', 'clientId', 'tenantName'].every((k) => typeof p[k] === 'string');
}

export const ADMIN_PREFIX = '/admin';
/** A pending sign-in lasts as long as the login server's interaction (10 minutes). */
export const PENDING_SECONDS = 600;
/** The access token is renewed this long before it expires (a page's API calls must not race its end). */
const RENEW_BEFORE_MS = 60_000;

export const sessionOptions = (context: WebContext): SessionOptions => ({ secure: context.secure });

/** Starts the administrator's session after the code exchange; it lasts as long as the refresh token. */
export async function startAdminSession(request: FastifyRequest, reply: FastifyReply, context: WebContext, clientId: string, tokens: AdminTokens): Promise<void> {
  const data: SignedInData = { signedIn: { clientId, accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, accessExpiresAt: tokens.accessExpiresAt, scopes: tokens.scopes } };
  await startSession(context.database.db, request, reply, sessionOptions(context), {
    kind: 'admin', tenantId: tokens.tenantId, subjectId: tokens.repId, data, ttlSeconds: context.config.REFRESH_TOKEN_SECONDS,
    meta: { scopes: tokens.scopes.length },
  });
}

// Refresh tokens of a public client are rotated on use: two requests of one browser refreshing at
// once would spend the same token twice (and oidc-provider then revokes the grant). One refresh per
// session at a time in this process; the second request waits for the first's result.
const refreshing = new Map<string, Promise<SignedInData | undefined>>();
/** Refreshes done lately, by the SHA-256 of the refresh token they spent. */
const rotated = new Map<string, { next: SignedInData; until: number }>();
const ROTATED_KEPT_MS = 30_000;

async function renewed(request: FastifyRequest, context: WebContext, data: SignedInData): Promise<SignedInData | undefined> {
  const key = request.cookies[cookieName('admin', context.secure)] ?? '';
  const running = refreshing.get(key);
  if (running) return running;
  // A request that read the session before another one's refresh finished still holds the spent
  // refresh token: it takes that refresh's result instead of spending the token a second time.
  const spent = createHash('sha256').update(data.signedIn.refreshToken).digest('base64url');
  const recent = rotated.get(spent);
  if (recent && recent.until > Date.now()) return recent.next;
  const work = (async () => {
    try {
      const tokens = await refreshTokens(context.config.AUTH_URL, data.signedIn.clientId, data.signedIn.refreshToken);
      const next: SignedInData = { signedIn: { ...data.signedIn, accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, accessExpiresAt: tokens.accessExpiresAt, scopes: tokens.scopes } };
      await updateSession(context.database.db, request, 'admin', sessionOptions(context), next);
      for (const [k, v] of rotated) if (v.until <= Date.now()) rotated.delete(k);
      rotated.set(spent, { next, until: Date.now() + ROTATED_KEPT_MS });
      return next;
    } catch (error) {
      if (error instanceof TokenRefused) return undefined;
      throw error;
    } finally {
      refreshing.delete(key);
    }
  })();
  refreshing.set(key, work);
  return work;
}

/** The sign-in page's address, coming back to `next` (a path of the admin pages) afterwards. */
export function signInPath(locale: Locale, next?: string): string {
  const query = new URLSearchParams({ lang: locale });
  if (next && next.startsWith(`${ADMIN_PREFIX}/`) && !next.startsWith('//')) query.set('next', next);
  return `${ADMIN_PREFIX}/sign-in?${query}`;
}

/** The signed-in administrator, or undefined after replying with a redirect to the sign-in page. */
export async function requireAdmin(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, context: WebContext): Promise<Admin | undefined> {
  const db = context.database.db;
  const options = sessionOptions(context);
  const toSignIn = async () => {
    await reply.redirect(signInPath(pageLocale(request, reply), request.method === 'GET' ? request.url : undefined), 303);
    return undefined;
  };
  const session = await currentSession(db, request, 'admin', options, isSignedInData);
  if (!session) return toSignIn();
  let data = session.data;
  if (data.signedIn.accessExpiresAt - RENEW_BEFORE_MS < Date.now()) {
    const next = await renewed(request, context, data).catch((error: unknown) => {
      if (error instanceof LoginServerUnavailable) return data; // the pages still work until the token itself expires
      throw error;
    });
    if (!next || next.signedIn.accessExpiresAt < Date.now()) {
      await endSession(db, request, reply, 'admin', options);
      return toSignIn();
    }
    data = next;
  }
  const rep = await principalOfRep(db, session.tenantId, session.subjectId);
  if (!rep) {
    // The rep was deactivated since: the session ends with them.
    await endSession(db, request, reply, 'admin', options);
    return toSignIn();
  }
  const principal: Principal = { ...rep, clientId: data.signedIn.clientId, scopes: new Set(data.signedIn.scopes), expiresAt: data.signedIn.accessExpiresAt };
  let current = data;
  const scope = new DataScope(db, principal);
  return {
    tenantId: session.tenantId, tenantName: rep.tenantName, repId: session.subjectId, repName: await repName(scope, session.subjectId),
    principal, scope,
    api: async (inject) => {
      if (current.signedIn.accessExpiresAt - RENEW_BEFORE_MS < Date.now()) current = (await renewed(request, context, current)) ?? current;
      return app.inject({ ...inject, headers: { ...inject.headers, authorization: `Bearer ${current.signedIn.accessToken}` } });
    },
  };
}

/** What lets a rep onto a page: requireAdmin, or requireTenantAdmin for tenant-wide settings. */
export type Guard = (app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, context: WebContext) => Promise<Admin | undefined>;

/**
 * An admin page's answer for the rep the guard lets in, in the page's language. Without them the
 * guard has answered already (the sign-in redirect or the 403 page), which is sent as it is.
 */
export async function asAdmin<T>(
  app: FastifyInstance, context: WebContext, request: FastifyRequest, reply: FastifyReply,
  page: (admin: Admin, locale: Locale) => Promise<T>, guard: Guard = requireAdmin,
): Promise<T | FastifyReply> {
  const admin = await guard(app, request, reply, context);
  return admin ? page(admin, pageLocale(request, reply)) : reply;
}

/**
 * Tenant-wide settings (OAuth clients, job board settings) are changed by reps at the tenant's top
 * hierarchy node only: the node with no ancestors, whose reps see every branch (decision 0024).
 */
export function isTenantAdmin(admin: Admin): boolean {
  return admin.principal.ancestorHierIds.length === 0;
}

/** The signed-in rep when they may change tenant-wide settings; otherwise the 403 page (or the sign-in redirect) is sent. */
export async function requireTenantAdmin(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, context: WebContext): Promise<Admin | undefined> {
  const admin = await requireAdmin(app, request, reply, context);
  if (!admin) return undefined;
  if (isTenantAdmin(admin)) return admin;
  await sendErrorPage(request, reply, 403, MESSAGES[pageLocale(request, reply)].admin.tenantAdminOnly);
  return undefined;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A message of the admin pages' catalogue sections, by key: `{ admin: 'navTokens' }`. */
export type AdminWord = { admin: keyof Messages['admin'] } | { adminJobs: keyof Messages['adminJobs'] };

const wordOf = (t: Messages, word: AdminWord): string => ('admin' in word ? t.admin[word.admin] : t.adminJobs[word.adminJobs]);

/** A page's link in the navigation and on the overview. */
export interface NavLink {
  /** The page's address inside the admin area (`/tokens`). */
  path: string;
  label: AdminWord;
  /** What the overview says of the page. */
  intro?: AdminWord;
}

// The links come from the admin pages' table (admin.pages.ts), handed over when the area registers:
// the pages render the navigation, and the table imports the pages (so they cannot import it back).
let navigation: readonly NavLink[] = [];

/** Sets the pages the navigation and the overview link to (the admin area does, from its table). */
export function linkPages(links: readonly NavLink[]): void {
  navigation = links;
}

/** The overview's list of pages in the page's language. */
export function overviewLinks(locale: Locale): { href: string; label: string; intro?: string }[] {
  const t = MESSAGES[locale];
  return navigation.map((link) => ({ href: withLang(`${ADMIN_PREFIX}${link.path}`, locale), label: wordOf(t, link.label), intro: link.intro && wordOf(t, link.intro) }));
}

/** The admin pages' navigation (already escaped HTML for PageFrame.nav), `current` marking the page shown. */
export function adminNav(locale: Locale, current: string): string {
  const t = MESSAGES[locale];
  // The overview first and signing out last frame the table's pages.
  const entries: [string, string][] = [
    [ADMIN_PREFIX, t.admin.navHome],
    ...navigation.map((link): [string, string] => [`${ADMIN_PREFIX}${link.path}`, wordOf(t, link.label)]),
    [`${ADMIN_PREFIX}/sign-out`, t.admin.navSignOut],
  ];
  const items = entries.map(([href, label]) => {
    const here = href === current ? ' aria-current="page"' : '';
    return `<li><a href="${escapeHtml(withLang(href, locale))}"${here}>${escapeHtml(label)}</a></li>`;
  });
  return `<nav class="admin-nav" aria-label="${escapeHtml(t.admin.navLabel)}"><ul>${items.join('')}</ul></nav>`;
}
