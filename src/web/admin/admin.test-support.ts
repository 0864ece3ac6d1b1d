// For the admin pages' tests: signing a rep in through the real code flow over HTTP (no browser):
// the sign-in form (app.inject), the login server's pages (fetch, with a small cookie jar), consent
// (Allow or Deny), and the callback. Returns the browser's cookies for the admin pages.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { PASSWORD, testLogin, type LoginContext } from '../../../test/login.ts';
import { setRepLogin } from '../../platform/auth/rep-logins.ts';
import type { TenantFixture } from '../../../test/helpers.ts';

export type Cookies = Record<string, string>;

/** Text as the templates escape it (`<%= %>`). */
export function escaped(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** The form token of a page (its hidden `_csrf` field). */
export function csrfOf(html: string): string {
  return /name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
}

/** The browser's cookies after a response (cleared ones removed). */
export function withCookies(cookies: Cookies, response: LightMyRequestResponse): Cookies {
  const next = { ...cookies };
  for (const c of response.cookies) {
    if (c.value === '' || (c.expires && c.expires.getTime() < Date.now())) delete next[c.name];
    else next[c.name] = c.value;
  }
  return next;
}

/** GETs a page and returns its body, cookies and form token. */
export async function openPage(app: FastifyInstance, url: string, cookies: Cookies): Promise<{ res: LightMyRequestResponse; cookies: Cookies; csrf: string }> {
  const res = await app.inject({ method: 'GET', url, cookies });
  return { res, cookies: withCookies(cookies, res), csrf: csrfOf(res.body) };
}

/** POSTs a form (with the form token) from a page the browser has open. */
export async function postForm(app: FastifyInstance, url: string, cookies: Cookies, form: Record<string, string>): Promise<{ res: LightMyRequestResponse; cookies: Cookies }> {
  const res = await app.inject({ method: 'POST', url, cookies, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(form).toString() });
  return { res, cookies: withCookies(cookies, res) };
}

/** Opens the page at `from` and posts its form, with its form token, to `url`: what a browser's submit does. */
export async function submitForm(app: FastifyInstance, url: string, cookies: Cookies, form: Record<string, string>, from = url): Promise<{ res: LightMyRequestResponse; cookies: Cookies }> {
  const page = await openPage(app, from, cookies);
  return postForm(app, url, page.cookies, { _csrf: page.csrf, ...form });
}

class Jar {
  private readonly cookies = new Map<string, string>();
  take(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim(), value = pair.slice(at + 1);
      if (!value || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name); else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([n, v]) => `${n}=${v}`).join('; ');
  }
}

export interface SignInOptions { tenant: string; username: string; password: string; answer?: 'Allow' | 'Deny'; cookies?: Cookies }

/**
 * Runs the whole sign-in: returns the admin pages' cookies and the callback's response (a 303 to the
 * overview when it worked, or the page with a message).
 */
export async function signInOverHttp(app: FastifyInstance, baseUrl: string, options: SignInOptions): Promise<{ cookies: Cookies; callback: LightMyRequestResponse }> {
  const posted = await submitForm(app, '/admin/sign-in', options.cookies ?? {}, { tenant: options.tenant });
  if (posted.res.statusCode !== 303) throw new Error(`sign-in form answered ${posted.res.statusCode}: ${posted.res.body.slice(0, 500)}`);
  const jar = new Jar();
  let location = String(posted.res.headers.location);
  const origin = new URL(location).origin;
  const callbackPrefix = `${baseUrl}/admin/callback`;
  for (let step = 0; step < 20; step++) {
    if (location.startsWith(callbackPrefix)) {
      const url = new URL(location);
      const callback = await app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, cookies: posted.cookies });
      return { cookies: withCookies(posted.cookies, callback), callback };
    }
    const response = await fetch(new URL(location, origin), { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.take(response);
    if (response.status >= 300 && response.status < 400) {
      location = new URL(response.headers.get('location') ?? '', origin).toString();
      continue;
    }
    const html = await response.text();
    const uid = /action="\/interaction\/([^/"]+)\//.exec(html)?.[1];
    if (!uid) throw new Error(`the login server answered ${response.status}: ${html.slice(0, 500)}`);
    const isLogin = html.includes('name="password"');
    const path = isLogin ? 'login' : options.answer === 'Deny' ? 'abort' : 'confirm';
    const form: Record<string, string> = isLogin ? { username: options.username, password: options.password } : {};
    const submitted = await fetch(`${origin}/interaction/${uid}/${path}`, {
      method: 'POST', redirect: 'manual', body: new URLSearchParams(form).toString(),
      headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
    });
    jar.take(submitted);
    if (submitted.status < 300 || submitted.status >= 400) throw new Error(`${path} answered ${submitted.status}: ${(await submitted.text()).slice(0, 500)}`);
    location = new URL(submitted.headers.get('location') ?? '', origin).toString();
  }
  throw new Error('the sign-in did not come back to the callback');
}

/** The site's address the tests configure (BASE_URL): the pages are reached through app.inject, nothing listens there. */
export const BASE = 'http://127.0.0.1:9';

/** Reps who sign in to acme's admin pages: nora (North) has a login in every testLogin; ada and sam get theirs here. */
const REPS = {
  nora: () => undefined,
  /** The administrator, at the top node: the tenant-wide pages are for such reps only. */
  ada: (fixture: TenantFixture) => fixture.adminRepId,
  /** The South rep: another branch than nora's. */
  sam: (fixture: TenantFixture) => fixture.south.repId,
} satisfies Record<string, (fixture: TenantFixture) => number | undefined>;

/** Signs `username` of `tenant` in over HTTP (PASSWORD): the admin pages' cookies. */
export async function signedIn(t: LoginContext, username: string, tenant = 'acme'): Promise<Cookies> {
  return (await signInOverHttp(t.app, BASE, { tenant, username, password: PASSWORD })).cookies;
}

/** An admin pages test file's login server and app (the site at BASE), with the named acme reps signed in. */
export async function adminPagesLogin<N extends keyof typeof REPS>(...names: N[]): Promise<{ t: LoginContext; cookies: Record<N, Cookies> }> {
  const t = await testLogin({ BASE_URL: BASE });
  const cookies: Record<string, Cookies> = {};
  for (const name of names) {
    const repId = REPS[name](t.acme.fixture);
    if (repId !== undefined) await setRepLogin(t.database.db, t.acme.fixture.tenantId, repId, name, PASSWORD);
    cookies[name] = await signedIn(t, name);
  }
  return { t, cookies };
}
