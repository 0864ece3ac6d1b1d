// The login server at {auth_url}: its own HTTP listener, run by `staffing serve` in the same process
// or alone by `staffing login-server`. oidc-provider answers the OAuth and OpenID endpoints; the
// interaction pages (sign-in, consent) are ours. Its keys come from the database; a rotation
// (`staffing keys rotate`, any process) rebuilds the provider with the new set at once.
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import formbody from '@fastify/formbody';
import type { Writable } from 'node:stream';
import type { Provider } from 'oidc-provider';
import type { Config } from '../config.ts';
import type { Database } from '../platform/db/database.ts';
import { listen, type Listener } from '../platform/db/listen.ts';
import { loggerOptions } from '../platform/logging.ts';
import { listenOn } from '../platform/http/listen-port.ts';
import { ensureSigningKey, KEYS_CHANNEL, loadKeys } from '../platform/auth/signing-keys.ts';
import { purgeExpired } from './adapter.ts';
import { createProvider } from './provider.ts';
import { interactionRoutes } from './interactions.ts';
import { loginViews } from './views.ts';
import { localeOf, MESSAGES } from './i18n.ts';
import { openLimits } from '../platform/rate-limit/rate-limit.ts';
import { clientAuthLimits } from './token-limits.ts';
import { registerRequestIds, requestNaming } from '../platform/http/request-id.ts';

export interface LoginServerOptions {
  config: Config;
  database: Database;
  logStream?: Writable;
  /** Hear key rotations from other processes (off in most tests). */
  listenForRotations?: boolean;
}

export interface LoginServer {
  app: FastifyInstance;
  /** The issuer: AUTH_URL, with the port the server got when AUTH_PORT is 0. */
  issuer: string;
  /** Rebuilds the provider with the keys now in the database. */
  reloadKeys(): Promise<void>;
  close(): Promise<void>;
}

// Pages carry no script; nothing may frame them (clickjacking of the sign-in form).
const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; frame-ancestors 'none'; base-uri 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
};

/**
 * The forwarded headers oidc-provider (Koa, `proxy` on) reads, set to what is trusted whatever the
 * caller sent: the public host and protocol are always the issuer's (AUTH_URL: the endpoints of the
 * discovery document, redirects, secure cookies), and the client's address is Fastify's, which reads
 * X-Forwarded-For only from a TRUST_PROXY peer.
 */
function forwardedAsTrusted(request: FastifyRequest, issuer: URL): void {
  const headers = request.raw.headers;
  headers['x-forwarded-host'] = issuer.host;
  headers['x-forwarded-proto'] = issuer.protocol.replace(/:$/, '');
  headers['x-forwarded-for'] = request.ip;
}

export async function startLoginServer(options: LoginServerOptions): Promise<LoginServer> {
  const { config, database } = options;
  const db = database.db;
  await ensureSigningKey(db);
  await purgeExpired(db);
  const views = loginViews();
  // Failed sign-ins and client authentications, counted with every other process's (decision 0034).
  const limits = openLimits(database.pipeline, config);
  const clientAuth = clientAuthLimits(limits);

  const app = Fastify({
    // Request ids and traces as the API's (decision 0047): X-Request-Id and traceresponse on every answer, oidc-provider's too.
    logger: loggerOptions(config.LOG_LEVEL, options.logStream), ...requestNaming(), bodyLimit: 64 * 1024,
    // X-Forwarded-For only from the configured proxies (request.ip); the host and protocol never (forwardedAsTrusted).
    trustProxy: config.TRUST_PROXY ?? false,
  });
  // On the raw response: oidc-provider answers hijacked replies itself.
  registerRequestIds(app, true);
  app.addHook('onRequest', async (_request, reply) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) reply.raw.setHeader(name, value);
  });

  let provider: Provider | undefined;
  // The public address: AUTH_URL, its port filled in once listening.
  let publicAddress = new URL(config.AUTH_URL);
  const current = (): Provider => {
    if (!provider) throw new Error('The login server is not ready.');
    return provider;
  };

  await app.register(async (pages) => {
    await pages.register(formbody);
    await interactionRoutes(pages, { db, provider: current, views, audience: config.BASE_URL, limits, refreshTokenSeconds: config.REFRESH_TOKEN_SECONDS });
  });
  // Everything else is oidc-provider's: the raw request goes to it unread (its body parsers read it).
  await app.register(async (oauth) => {
    oauth.removeAllContentTypeParsers();
    oauth.addContentTypeParser('*', (_request, _payload, done) => done(null));
    oauth.all('/*', async (request, reply) => {
      reply.hijack();
      forwardedAsTrusted(request, publicAddress);
      await current().callback()(request.raw, reply.raw);
    });
  });

  await listenOn(app, { port: config.AUTH_PORT, host: config.HOST, variable: 'AUTH_PORT', what: 'the login server\'s port; PORT + 1 unless AUTH_PORT is set' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.AUTH_PORT;
  const issuer = config.AUTH_URL.replace(/:0$/, `:${port}`);
  publicAddress = new URL(issuer);

  const build = async () => {
    const keys = await loadKeys(db);
    provider = createProvider({
      issuer, db, audience: config.BASE_URL, keys,
      accessTokenSeconds: config.ACCESS_TOKEN_SECONDS, refreshTokenSeconds: config.REFRESH_TOKEN_SECONDS,
      limits, checkClient: clientAuth.checkClient,
      renderError: (ctx, error, description) => {
        const locale = localeOf(ctx.oidc?.params?.ui_locales, ctx.get('accept-language'));
        ctx.type = 'html';
        ctx.body = views.render('error', { locale, t: MESSAGES[locale], error, description });
      },
    });
    // Koa reads the forwarded headers, which forwardedAsTrusted has set to trusted values on every request.
    provider.proxy = true;
    provider.on('server_error', (_ctx, error) => app.log.error(error, 'login server error'));
    provider.use(clientAuth.middleware);
  };
  await build();

  let listener: Listener | undefined;
  if (options.listenForRotations ?? true) {
    const reload = () => void build().catch((e: unknown) => app.log.error(e, 'reloading signing keys failed'));
    // A rotation made while the connection was down is missed: reload once it listens again.
    listener = await listen(database, [KEYS_CHANNEL], reload, { onRestored: reload, log: app.log });
  }
  const purge = setInterval(() => void purgeExpired(db).catch(() => {}), 3_600_000).unref();

  return {
    app, issuer, reloadKeys: build,
    close: async () => {
      clearInterval(purge);
      await listener?.close();
      await app.close();
    },
  };
}
