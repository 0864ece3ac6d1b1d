// For the admin pages' tests: signing a rep in through the real code flow over HTTP (no browser):
// the sign-in form (app.inject), the login server's pages (fetch, with a small cookie jar), consent
// (Allow or Deny), and the callback. Returns the browser's cookies for the admin pages.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

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
  const page = await openPage(app, '/admin/sign-in', options.cookies ?? {});
  const posted = await postForm(app, '/admin/sign-in', page.cookies, { _csrf: page.csrf, tenant: options.tenant });
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
