// Configuration is read and validated once, at start-up: a bad value stops the process with a
// clear message instead of a half-started server.
import { Type, type Static } from 'typebox';
import { Value } from 'typebox/value';
import { availableParallelism } from 'node:os';
import proxyAddr from '@fastify/proxy-addr';

const Port = Type.Integer({ minimum: 0, maximum: 65535 });
const Url = Type.String({ pattern: '^https?://' });

export const ConfigSchema = Type.Object({
  PORT: Port,
  HOST: Type.String({ minLength: 1 }),
  DATA_DIR: Type.String({ minLength: 1 }),
  DATABASE_URL: Type.Optional(Type.String({ pattern: '^postgres(ql)?://' })),
  /** Port of the embedded PostgreSQL server; 0 picks a free one at each start. */
  EMBEDDED_PG_PORT: Port,
  BASE_URL: Type.Optional(Url),
  AUTH_URL: Type.Optional(Url),
  /** Port of the login server (default: PORT + 1; 0 picks a free one). */
  AUTH_PORT: Type.Optional(Port),
  /**
   * The reverse proxies in front of the API and the login server: addresses and CIDRs, comma-separated
   * (`loopback`, `linklocal`, `uniquelocal` name those ranges), as Fastify's `trustProxy` reads them.
   * Only a request whose direct peer is one of them has its X-Forwarded-For read (the client's
   * address in logs and per-address limits). Unset: no proxy is trusted. Public addresses never come
   * from forwarded headers: they are BASE_URL and AUTH_URL.
   */
  TRUST_PROXY: Type.Optional(Type.String({ minLength: 1 })),
  /** A public client of the login server the API reference page (/swagger) signs in with. */
  API_REFERENCE_CLIENT_ID: Type.Optional(Type.String({ minLength: 1 })),
  /** Run the login server inside `staffing serve` (`staffing login-server` runs it alone). */
  LOGIN_SERVER_IN_PROCESS: Type.Boolean(),
  /** Lifetime of a bearer access token, in seconds (the `expires_in` of token responses). */
  ACCESS_TOKEN_SECONDS: Type.Integer({ minimum: 60, maximum: 86_400 }),
  /** Lifetime of a refresh token of the code flow, in seconds. */
  REFRESH_TOKEN_SECONDS: Type.Integer({ minimum: 600, maximum: 90 * 86_400 }),
  /** Failed sign-ins of one username before it is locked for LOGIN_LOCK_SECONDS. */
  LOGIN_MAX_FAILURES: Type.Integer({ minimum: 1, maximum: 100 }),
  LOGIN_LOCK_SECONDS: Type.Integer({ minimum: 1, maximum: 86_400 }),
  /** Failed sign-ins through one client in 10 minutes before it is refused for 10 minutes (429). */
  LOGIN_CLIENT_MAX_FAILURES: Type.Integer({ minimum: 1, maximum: 100_000 }),
  /** Failed sign-ins from one client address (any username) in LOGIN_LOCK_SECONDS before it is refused for LOGIN_LOCK_SECONDS (429). */
  LOGIN_ADDRESS_MAX_FAILURES: Type.Integer({ minimum: 1, maximum: 100_000 }),
  /** Failed client authentications (a wrong client_secret) of one client_id in CLIENT_AUTH_LOCK_SECONDS before its requests are refused for CLIENT_AUTH_LOCK_SECONDS (429). */
  CLIENT_AUTH_MAX_FAILURES: Type.Integer({ minimum: 1, maximum: 100_000 }),
  /** Failed client authentications from one client address (any client) before its requests to the OAuth endpoints are refused (429). */
  CLIENT_AUTH_ADDRESS_MAX_FAILURES: Type.Integer({ minimum: 1, maximum: 100_000 }),
  CLIENT_AUTH_LOCK_SECONDS: Type.Integer({ minimum: 1, maximum: 86_400 }),
  /** Registrations (registration pages) from one client address in REGISTRATION_WINDOW_SECONDS; more answer 429. */
  REGISTRATION_MAX_PER_ADDRESS: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
  /** Registrations at one tenant in REGISTRATION_WINDOW_SECONDS, from any address; more answer 429. */
  REGISTRATION_MAX_PER_TENANT: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
  REGISTRATION_WINDOW_SECONDS: Type.Integer({ minimum: 1, maximum: 7 * 86_400 }),
  /** Requests a minute one API credential may make, counted across every API process (429 RATE_LIMITED beyond); a tenant may have its own (`staffing quota`). */
  API_QUOTA_PER_MINUTE: Type.Integer({ minimum: 1, maximum: 100_000_000 }),
  /** Origins of browser apps allowed to call the API (CORS), comma-separated (`https://app.example`), or `*`; unset: none (no CORS headers). */
  CORS_ORIGINS: Type.Optional(Type.String({ minLength: 1 })),
  /** Unfinished batch items above which GET /readyz answers 503 (the workers are not keeping up). */
  READY_MAX_BATCH_BACKLOG: Type.Integer({ minimum: 1, maximum: 100_000_000 }),
  JOBBOARD_URL: Type.Optional(Url),
  REGISTRATION_URL: Type.Optional(Url),
  LOG_LEVEL: Type.Union([Type.Literal('fatal'), Type.Literal('error'), Type.Literal('warn'), Type.Literal('info'), Type.Literal('debug'), Type.Literal('trace'), Type.Literal('silent')]),
  /** Simultaneous requests one credential may have in flight before it gets 429. */
  MAX_IN_FLIGHT_PER_CREDENTIAL: Type.Integer({ minimum: 1 }),
  /** Event loop delay (ms) above which the process answers 503 (overload). */
  MAX_EVENT_LOOP_DELAY_MS: Type.Integer({ minimum: 0 }),
  /** Largest request body in bytes (uploads have their own limits). */
  BODY_LIMIT_BYTES: Type.Integer({ minimum: 1024 }),
  /** How long a verified credential is trusted without another database lookup. */
  CREDENTIAL_CACHE_SECONDS: Type.Integer({ minimum: 0, maximum: 300 }),
  DB_POOL_SIZE: Type.Integer({ minimum: 1, maximum: 200 }),
  /** Connections at most that short statements share in pipeline mode (0: they use the pool; db/pipeline.ts). */
  DB_PIPELINE_CONNECTIONS: Type.Integer({ minimum: 0, maximum: 16 }),
  /** An external resume parsing service; unset: the built-in parser. */
  RESUME_PARSER_URL: Type.Optional(Url),
  /** Time limit per resume file (built-in parser thread, or the external service's answer). */
  RESUME_PARSE_TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 120_000 }),
  /** Run the batch worker inside the API process (`staffing worker` runs it on its own). */
  WORKER_IN_PROCESS: Type.Boolean(),
  /** Batch items one worker processes at once. */
  WORKER_CONCURRENCY: Type.Integer({ minimum: 1, maximum: 64 }),
  /** How long a claimed item is held before another worker may take it over. */
  BATCH_LEASE_SECONDS: Type.Integer({ minimum: 5, maximum: 3600 }),
  /** Claims of one item before it fails for good. */
  BATCH_MAX_ATTEMPTS: Type.Integer({ minimum: 1, maximum: 20 }),
  /** How long a job board search answer may be reused (dropped at once when the tenant's job board changes); 0: never. */
  JOB_BOARD_CACHE_SECONDS: Type.Integer({ minimum: 0, maximum: 3600 }),
  /**
   * Job board text searches without a location (matched across the tenant's whole board, the costly
   * kind) that run at once in this process; the others wait their turn, 503 after 5 s. Default: the
   * machine's cores (the embedded database shares them) and one more, to keep the cores busy while
   * an answer travels back; with a database server, its cores divided among the API processes.
   */
  JOB_BOARD_TEXT_SEARCHES: Type.Integer({ minimum: 1, maximum: 1000 }),
  /** Resume uploads must have an address the gazetteer can standardize (RES-11). */
  ADDRESS_STANDARDIZATION_REQUIRED: Type.Boolean(),
  /** Largest assignment message document (bytes); refused with 413 while the upload streams. */
  DOCUMENT_UPLOAD_MAX_BYTES: Type.Integer({ minimum: 1024, maximum: 100 * 1024 * 1024 }),
  /** Largest Import_<Records> file (bytes), uploaded (413 while it streams) or fetched from its URL (the file item fails). */
  IMPORT_MAX_BYTES: Type.Integer({ minimum: 1024, maximum: 1024 * 1024 * 1024 }),
  /** Webhook URLs may be plain http (default: https only). */
  WEBHOOK_ALLOW_HTTP: Type.Boolean(),
  /** Webhook hosts may resolve to loopback, private or link-local addresses (default: refused, at subscription and at each delivery). */
  WEBHOOK_ALLOW_PRIVATE_ADDRESSES: Type.Boolean(),
  /** Time limit of one webhook delivery attempt, connection to answer. */
  WEBHOOK_TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 60_000 }),
  /** Attempts of one webhook delivery before it fails for good (retries 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h apart). */
  WEBHOOK_MAX_ATTEMPTS: Type.Integer({ minimum: 1, maximum: 20 }),
  /** Days events and finished webhook deliveries are kept (the worker prunes older ones hourly; an event a delivery still retries stays). */
  EVENT_RETENTION_DAYS: Type.Integer({ minimum: 1, maximum: 3650 }),
  /** Days record history is kept (docs/history.md); unset: kept for good. The worker prunes older entries hourly. */
  HISTORY_RETENTION_DAYS: Type.Optional(Type.Integer({ minimum: 1, maximum: 36_500 })),
  /** Hours the answer of a request with an Idempotency-Key is kept for its retries (decision 0048); the worker prunes older ones hourly. */
  IDEMPOTENCY_KEY_HOURS: Type.Integer({ minimum: 1, maximum: 720 }),
});

export type Config = Static<typeof ConfigSchema> & {
  BASE_URL: string;
  AUTH_URL: string;
  AUTH_PORT: number;
  JOBBOARD_URL: string;
  REGISTRATION_URL: string;
};

const defaults: Record<string, string> = {
  PORT: '8080',
  HOST: '127.0.0.1',
  DATA_DIR: './data',
  EMBEDDED_PG_PORT: '0',
  LOG_LEVEL: 'info',
  MAX_IN_FLIGHT_PER_CREDENTIAL: '50',
  MAX_EVENT_LOOP_DELAY_MS: '1000',
  BODY_LIMIT_BYTES: String(1024 * 1024),
  CREDENTIAL_CACHE_SECONDS: '30',
  DB_POOL_SIZE: '20',
  DB_PIPELINE_CONNECTIONS: '2',
  RESUME_PARSE_TIMEOUT_MS: '5000',
  WORKER_IN_PROCESS: 'true',
  WORKER_CONCURRENCY: '2',
  BATCH_LEASE_SECONDS: '60',
  BATCH_MAX_ATTEMPTS: '3',
  ADDRESS_STANDARDIZATION_REQUIRED: 'false',
  DOCUMENT_UPLOAD_MAX_BYTES: String(10 * 1024 * 1024),
  IMPORT_MAX_BYTES: String(64 * 1024 * 1024),
  WEBHOOK_ALLOW_HTTP: 'false',
  WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'false',
  WEBHOOK_TIMEOUT_MS: '10000',
  WEBHOOK_MAX_ATTEMPTS: '8',
  EVENT_RETENTION_DAYS: '90',
  IDEMPOTENCY_KEY_HOURS: '24',
  JOB_BOARD_CACHE_SECONDS: '60',
  JOB_BOARD_TEXT_SEARCHES: String(availableParallelism() + 1),
  LOGIN_SERVER_IN_PROCESS: 'true',
  ACCESS_TOKEN_SECONDS: '3600',
  REFRESH_TOKEN_SECONDS: String(30 * 86_400),
  LOGIN_MAX_FAILURES: '5',
  LOGIN_LOCK_SECONDS: '900',
  LOGIN_CLIENT_MAX_FAILURES: '100',
  LOGIN_ADDRESS_MAX_FAILURES: '50',
  CLIENT_AUTH_MAX_FAILURES: '20',
  CLIENT_AUTH_ADDRESS_MAX_FAILURES: '50',
  CLIENT_AUTH_LOCK_SECONDS: '600',
  REGISTRATION_MAX_PER_ADDRESS: '20',
  REGISTRATION_MAX_PER_TENANT: '500',
  REGISTRATION_WINDOW_SECONDS: '3600',
  // 50,000 a second: above what bare Fastify answers on a 2-core machine (the core benchmark sends
  // 22,500 a second with one token), a ceiling against runaway clients of many processes, not a
  // tariff; tenants get theirs with `staffing quota`.
  API_QUOTA_PER_MINUTE: '3000000',
  READY_MAX_BATCH_BACKLOG: '100000',
};

export class ConfigError extends Error {}

/** What is wrong with a TRUST_PROXY list, read as Fastify reads it (proxy-addr). */
function trustProxyProblem(list: string): string | undefined {
  const entries = list.split(',').map((entry) => entry.trim());
  // A hop count would trust whoever is that many hops away, forged or not: only addresses are accepted.
  if (entries.some((entry) => /^\d+$/.test(entry))) return 'a hop count is not accepted: give the proxies\' addresses or CIDRs, comma-separated';
  try {
    proxyAddr.compile(entries);
    return undefined;
  } catch (e) {
    return `${e instanceof Error ? e.message : String(e)}: give the proxies' addresses or CIDRs, comma-separated`;
  }
}

/** What is wrong with a CORS_ORIGINS list: each entry is an origin (scheme, host, port: no path) or `*`. */
function corsOriginsProblem(list: string): string | undefined {
  for (const entry of list.split(',').map((e) => e.trim()).filter((e) => e !== '')) {
    if (entry === '*') continue;
    let origin: string | undefined;
    try { origin = new URL(entry).origin; } catch { origin = undefined; }
    if (origin !== entry) return `"${entry}" is not an origin: give scheme, host and port only (https://app.example), comma-separated, or *`;
  }
  return undefined;
}

/** Reads the configuration from an environment (process.env by default) and validates it. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const raw: Record<string, unknown> = {};
  for (const key of Object.keys(ConfigSchema.properties)) {
    const value = env[key] === undefined || env[key] === '' ? defaults[key] : env[key];
    if (value !== undefined) raw[key] = value;
  }
  const config = Value.Convert(ConfigSchema, raw);
  if (!Value.Check(ConfigSchema, config)) {
    const lines = [...Value.Errors(ConfigSchema, config)].map((e) => {
      const required = 'requiredProperties' in e.params ? e.params.requiredProperties : '';
      const key = e.instancePath.replace(/^\//, '') || String(required ?? '');
      return `  ${key}=${JSON.stringify(env[key] ?? defaults[key] ?? '')}: ${e.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const proxyProblem = config.TRUST_PROXY === undefined ? undefined : trustProxyProblem(config.TRUST_PROXY);
  if (proxyProblem) throw new ConfigError(`Invalid configuration:\n  TRUST_PROXY=${JSON.stringify(config.TRUST_PROXY)}: ${proxyProblem}`);
  const corsProblem = config.CORS_ORIGINS === undefined ? undefined : corsOriginsProblem(config.CORS_ORIGINS);
  if (corsProblem) throw new ConfigError(`Invalid configuration:\n  CORS_ORIGINS=${JSON.stringify(config.CORS_ORIGINS)}: ${corsProblem}`);
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  const base = (config.BASE_URL ?? `http://${host}:${config.PORT}`).replace(/\/$/, '');
  const authPort = config.AUTH_PORT ?? (config.PORT === 0 ? 0 : config.PORT + 1);
  return {
    ...config,
    BASE_URL: base,
    AUTH_PORT: authPort,
    // The login server's own address (its port 0 is replaced by the one it gets when it starts).
    AUTH_URL: (config.AUTH_URL ?? `http://${host}:${authPort}`).replace(/\/$/, ''),
    JOBBOARD_URL: (config.JOBBOARD_URL ?? `${base}/jobboard`).replace(/\/$/, ''),
    REGISTRATION_URL: (config.REGISTRATION_URL ?? `${base}/register`).replace(/\/$/, ''),
  };
}
