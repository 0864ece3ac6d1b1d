// The pages people use (decision 0021), served by the API process beside the API: the public job
// board at JOBBOARD_URL, applicant registration at REGISTRATION_URL and the admin pages at
// BASE_URL/admin. Each area is a plugin under its prefix with this frame around it: cookies, form
// tokens (CSRF), security headers with a strict Content-Security-Policy, the stylesheet and scripts
// under /assets, and error pages (HTML, in the visitor's language) instead of problem+json.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import cookie from '@fastify/cookie';
import csrf from '@fastify/csrf-protection';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Config } from '../config.ts';
import type { Database } from '../platform/db/database.ts';
import type { Limits } from '../platform/rate-limit/rate-limit.ts';
import { AppError, logAppError } from '../platform/http/errors.ts';
import { isConnectionFailure } from '../platform/db/database.ts';
import { isLocale, MESSAGES, say, type Locale } from '../platform/messages/index.ts';
import { pageLocale } from './locale.ts';
import { sendPage } from './page.ts';

export interface WebContext {
  config: Config;
  database: Database;
  /** The shared rate limits (registration, the applicant's sign-in): decision 0034. */
  limits: Limits;
  secure: boolean;
}

export interface WebArea {
  /** Where the area is mounted: `/jobboard`. */
  prefix: (config: Config) => string;
  routes: (app: FastifyInstance, context: WebContext) => Promise<void>;
}

/** The path of a configured address (`https://jobs.example/` → `/`, `http://h/jobboard` → `/jobboard`), or `fallback` for a root. */
export function mountPath(url: string, fallback: string): string {
  const path = new URL(url).pathname.replace(/\/+$/, '');
  return path === '' ? fallback : path;
}

function contentSecurityPolicy(config: Config): string {
  const auth = new URL(config.AUTH_URL).origin;
  // No inline script or style anywhere: scripts and the stylesheet come from /assets. Forms may post
  // here and be sent on to the login server (the admin sign-in).
  return [
    "default-src 'none'", "script-src 'self'", "style-src 'self'", "img-src 'self' data:", "connect-src 'self'",
    `form-action 'self' ${auth}`, "frame-ancestors 'none'", "base-uri 'none'", "manifest-src 'self'",
  ].join('; ');
}

interface Asset { body: Buffer; type: string; etag: string }

function loadAssets(): Map<string, Asset> {
  const dir = fileURLToPath(new URL('./assets/', import.meta.url));
  const types: Record<string, string> = { css: 'text/css; charset=utf-8', js: 'text/javascript; charset=utf-8', svg: 'image/svg+xml' };
  const assets = new Map<string, Asset>();
  for (const name of readdirSync(dir)) {
    const type = types[name.split('.').pop() ?? ''];
    if (!type) continue;
    const body = readFileSync(`${dir}${name}`);
    assets.set(name, { body, type, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 16)}"` });
  }
  return assets;
}

/** The locale of an error page: the registration address's, else the visitor's. */
function errorLocale(request: FastifyRequest, reply: FastifyReply): Locale {
  const params: unknown = request.params;
  const fromPath = params && typeof params === 'object' && 'localeId' in params ? params.localeId : undefined;
  return isLocale(fromPath) ? fromPath : pageLocale(request, reply);
}

function validationMessages(error: FastifyError): string[] {
  return (error.validation ?? []).map((v) => `${(v.instancePath || '').replace(/^\//, '') || (typeof v.params?.missingProperty === 'string' ? v.params.missingProperty : '')}: ${v.message ?? 'not valid'}`);
}

/** A link an error page offers: the way back to where the visitor can go on (a 404 job's search). */
export interface WayBack { href: string; label: string }

export function sendErrorPage(request: FastifyRequest, reply: FastifyReply, status: number, detail?: string, fields: string[] = [], back?: WayBack) {
  const locale = errorLocale(request, reply);
  const t = MESSAGES[locale].common;
  const [heading, message] = status === 404 ? [t.notFoundTitle, t.notFound]
    : status === 403 ? [t.forbiddenTitle, detail ?? t.forbidden]
      : status === 413 ? [t.tooLargeTitle, t.tooLarge]
        : status === 503 ? [t.unavailableTitle, t.unavailable]
          : status >= 500 ? [t.errorTitle, say(t.error, { reference: request.id })]
            : [t.badRequestTitle, say(t.badRequest, { detail: detail ?? '' })];
  if (status === 503) reply.header('retry-after', '5');
  return sendPage(request, reply, 'error', { locale, title: heading, noindex: true }, { heading, message, fields, back }, status);
}

function pageErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_CSRF_INVALID_TOKEN' || error.code === 'FST_CSRF_MISSING_SECRET') {
    return sendErrorPage(request, reply, 403, MESSAGES[errorLocale(request, reply)].common.formExpired);
  }
  if (error.validation) return sendErrorPage(request, reply, 400, validationMessages(error).join('; '), validationMessages(error));
  if (isConnectionFailure(error)) {
    request.log.warn({ err: error }, 'database unavailable');
    return sendErrorPage(request, reply, 503);
  }
  if (error instanceof AppError) {
    logAppError(request.log, error, 'page failed');
    return sendErrorPage(request, reply, error.status, error.message);
  }
  const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
  if (status >= 500) request.log.error({ err: error }, 'page failed');
  return sendErrorPage(request, reply, status, status < 500 ? error.message : undefined);
}

export function webPages(areas: readonly WebArea[], context: Omit<WebContext, 'secure'>) {
  const secure = context.config.BASE_URL.startsWith('https:');
  const web: WebContext = { ...context, secure };
  const headers: Record<string, string> = {
    'content-security-policy': contentSecurityPolicy(context.config),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=()',
    'cross-origin-opener-policy': 'same-origin',
    ...(secure ? { 'strict-transport-security': 'max-age=31536000' } : {}),
  };
  const assets = loadAssets();

  return async function pages(app: FastifyInstance) {
    await app.register(cookie);
    await app.register(csrf, {
      sessionPlugin: '@fastify/cookie',
      cookieKey: secure ? '__Host-staffing-csrf' : 'staffing-csrf',
      cookieOpts: { path: '/', sameSite: 'lax', httpOnly: true, secure },
      // The form field, or the header the pages' scripts send (uploads).
      getToken: (request) => {
        const body: unknown = request.body;
        const field = body && typeof body === 'object' && '_csrf' in body ? body._csrf : undefined;
        return typeof field === 'string' ? field : String(request.headers['csrf-token'] ?? '');
      },
    });
    app.addHook('onRequest', async (_request, reply) => {
      for (const [name, value] of Object.entries(headers)) reply.header(name, value);
    });
    app.setErrorHandler(pageErrorHandler);

    app.get('/assets/:name', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
      const params: unknown = request.params;
      const name = params && typeof params === 'object' && 'name' in params && typeof params.name === 'string' ? params.name : '';
      const asset = assets.get(name);
      if (!asset) return sendErrorPage(request, reply, 404);
      reply.header('etag', asset.etag).header('cache-control', 'public, max-age=300');
      if (request.headers['if-none-match'] === asset.etag) return reply.code(304).send();
      return reply.type(asset.type).send(asset.body);
    });

    for (const area of areas) {
      await app.register(async (scope) => {
        scope.setNotFoundHandler((request, reply) => sendErrorPage(request, reply, 404));
        await area.routes(scope, web);
      }, { prefix: area.prefix(context.config) });
    }
  };
}
