// The connection pool and the Drizzle handle over it. Only the platform (scoped contexts, CLI,
// migrations, seeding) holds this; route handlers reach data through `request.scope`.
import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { openPipeline, type Queryable } from './pipeline.ts';

// int8 (bigint ids, counts) as JS numbers: the spec's Int64 ids are well inside 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
// `date` stays a string: a JS Date would shift it by the time zone.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);
// timestamptz outside the service's range (decision 0003: years 1 to 9999) reads as the range's
// nearest end: ±infinity or a BC year stored before the range was enforced (or by hand) must never
// make a record unreadable. In-range values are untouched.
const FIRST_INSTANT = Date.parse('0001-01-01T00:00:00.000Z');
const LAST_INSTANT = Date.parse('9999-12-31T23:59:59.999Z');
const parseTimestamp = pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ);
export function readInstant(text: string): Date {
  const parsed: unknown = parseTimestamp(text);
  const time = parsed instanceof Date ? parsed.getTime() : typeof parsed === 'number' ? parsed : Number.NaN;
  if (Number.isNaN(time)) return new Date(FIRST_INSTANT);
  return new Date(Math.min(LAST_INSTANT, Math.max(FIRST_INSTANT, time)));
}
pg.types.setTypeParser(pg.types.builtins.TIMESTAMPTZ, readInstant);
// numeric (money, rates) as JS numbers: values are bounded decimals well within double precision.
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

// No relational schema: queries name their tables (the platform holds no list of features' tables).
// `$client` is the pool, or inside a transaction the one pooled connection it runs on.
export type Db = NodePgDatabase & { $client: pg.Pool | pg.PoolClient };

export interface Database {
  pool: pg.Pool;
  /** The connection string, for dedicated connections (LISTEN). */
  url: string;
  db: Db;
  /** Short statements outside a transaction, pipelined with other requests' (pipeline.ts). */
  pipeline: Queryable;
  close(): Promise<void>;
}

/** Each database's pipeline, by its pool: what `shortStatements` finds from a Drizzle handle. */
const pipelines = new WeakMap<pg.Pool, Queryable>();

/** Where a short statement of `db` runs: on its transaction's connection inside one, else pipelined. */
export function shortStatements(db: Db): Queryable {
  const client = db.$client;
  return client instanceof pg.Pool ? pipelines.get(client) ?? client : client;
}

/** `pipelineConnections`: connections of the pipeline at most (0: short statements use the pool). */
export function openDatabase(url: string, poolSize = 20, pipelineConnections = 2): Database {
  const settings = {
    connectionString: url,
    // A request waiting this long for a connection is answered 503 (overload), not queued for ever.
    connectionTimeoutMillis: 5000,
    application_name: 'staffing',
    // The working set lives in memory (or on SSD): random reads cost about what sequential ones do.
    // With the default 4 (spinning disks) the planner scans whole tables instead of using GIN and
    // GiST indexes of broad matches (job board text search: twice the time).
    options: '-c random_page_cost=1.1',
  };
  const pool = new pg.Pool({ ...settings, max: poolSize, idleTimeoutMillis: 30000 });
  // A client losing its connection (server restart) must not crash the process: idle ones are
  // reported here (and dropped by the pool); one checked out between two queries (inside a
  // transaction) would emit 'error' with no listener. Its next query fails (503) and the pool drops
  // it on release.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzle(pool);
  // Named apart in pg_stat_activity, as the LISTEN connections are ('staffing listen').
  const pipeline = openPipeline({ ...settings, application_name: 'staffing pipeline' }, pool, pipelineConnections);
  pipelines.set(pool, pipeline);
  return { pool, db, url, pipeline, close: async () => { await pipeline.close(); await pool.end(); } };
}

export interface Transaction { db: Db; client: pg.PoolClient }

/**
 * Runs `fn` in one transaction on one pooled connection: every state change of a request is all or
 * nothing. Hands over both the Drizzle handle and the raw client (hot paths use named statements).
 */
/**
 * `begin`, with the transaction's own settings (`set_config(..., true)`: they end with it) sent in
 * the same round trip. Values are literals of the application's own making (an actor's JSON).
 */
function begin(settings: Readonly<Record<string, string>>): string {
  const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;
  const set = Object.entries(settings).map(([name, value]) => `set_config(${literal(name)}, ${literal(value)}, true)`);
  return set.length ? `begin; select ${set.join(', ')}` : 'begin';
}

/** `settings`: transaction-local settings (`staffing.actor`); inside a transaction, set in it. */
export async function transaction<T>(db: Db, fn: (tx: Transaction) => Promise<T>, settings: Readonly<Record<string, string>> = {}): Promise<T> {
  // Already inside a transaction: run in it (one connection, one commit).
  if (!(db.$client instanceof pg.Pool)) return fn({ db, client: db.$client });
  const client = await db.$client.connect();
  let broken = false;
  try {
    await client.query(begin(settings));
    const result = await fn({ db: drizzle(client), client });
    await client.query('commit');
    return result;
  } catch (e) {
    await client.query('rollback').catch(() => { broken = true; });
    throw e;
  } finally {
    client.release(broken);
  }
}

/** A transaction left open across the stages of a request (platform/idempotency): ended once, by `commit` or `rollback`. */
export interface OpenTransaction extends Transaction {
  /** Commits; throws (and commits nothing) when the transaction had failed, as PostgreSQL then only rolls back. */
  commit(): Promise<void>;
  /** Rolls back; never throws (a connection that cannot roll back is dropped). */
  rollback(): Promise<void>;
  /** Whether commit or rollback ran. */
  readonly ended: boolean;
}

/**
 * Begins a transaction (with `settings`, as `transaction` sets them) whose end is the caller's: for
 * work that spans more than one function (a request's handler, then the answer it stores before its
 * commit). The connection is held until `commit` or `rollback`.
 */
export async function openTransaction(db: Db, settings: Readonly<Record<string, string>> = {}): Promise<OpenTransaction> {
  if (!(db.$client instanceof pg.Pool)) throw new Error('openTransaction: already inside a transaction');
  const client = await db.$client.connect();
  try {
    await client.query(begin(settings));
  } catch (e) {
    client.release(true);
    throw e;
  }
  let ended = false;
  const end = async (statement: 'commit' | 'rollback') => {
    if (ended) return;
    ended = true;
    let result: pg.QueryResult;
    try {
      result = await client.query(statement);
    } catch (e) {
      // The connection's state is unknown: dropped, not returned to the pool.
      client.release(true);
      if (statement === 'commit') throw e;
      return;
    }
    client.release();
    // A failed transaction answers COMMIT with ROLLBACK, without an error.
    if (statement === 'commit' && result.command === 'ROLLBACK') throw new Error('The transaction had failed: nothing was committed.');
  };
  return { db: drizzle(client), client, commit: () => end('commit'), rollback: () => end('rollback'), get ended() { return ended; } };
}

/**
 * Memoises a prepared statement per database handle: built on first use, then reused, so hot-path
 * queries are named statements that PostgreSQL plans once per connection.
 */
export function prepared<F>(build: (db: Db) => F): (db: Db) => F {
  const cache = new WeakMap<Db, F>();
  return (db) => {
    let statement = cache.get(db);
    if (!statement) {
      statement = build(db);
      cache.set(db, statement);
    }
    return statement;
  };
}

/** The PostgreSQL error behind an error (Drizzle wraps it in `cause`), if any. */
export function pgError(e: unknown): { code?: string; constraint?: string } | undefined {
  for (let x: unknown = e; typeof x === 'object' && x !== null; x = 'cause' in x ? x.cause : undefined) {
    const code = 'code' in x ? x.code : undefined;
    const constraint = 'constraint' in x ? x.constraint : undefined;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return { code, ...(typeof constraint === 'string' && { constraint }) };
  }
  return undefined;
}

const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EHOSTUNREACH', 'EAI_AGAIN', '57P01', '57P02', '57P03', '53300']);
const CONNECTION_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|connection error|Connection refused|the database system is (starting up|shutting down|in recovery mode)|terminating connection/i;

/**
 * Whether an error (or one of its causes) says the database cannot be reached or has gone away
 * rather than that a query was wrong: the request may succeed later (503 + Retry-After).
 */
export function isConnectionFailure(e: unknown): boolean {
  for (let x: unknown = e, depth = 0; x && typeof x === 'object' && depth < 6; depth++) {
    const code = 'code' in x && typeof x.code === 'string' ? x.code : '';
    const message = 'message' in x && typeof x.message === 'string' ? x.message : '';
    if (CONNECTION_CODES.has(code) || code.startsWith('08') || CONNECTION_MESSAGES.test(message)) return true;
    x = 'cause' in x ? x.cause : undefined;
  }
  return false;
}

/** How long a process starting up keeps trying a database that is restarting (or not yet up). */
export const STARTUP_RETRY_MS = 60_000;

/**
 * Runs a start-up step (the migrations, say) again while the database cannot be reached, with short
 * pauses, for up to `STARTUP_RETRY_MS`: a process started while its server restarts (an orchestrator
 * restarting both, the chaos test's `pg_ctl restart`) waits for it instead of exiting. Any other
 * error, or the time running out, is the step's.
 */
export async function retryWhileUnreachable<T>(step: () => Promise<T>, log: (message: string) => void, limitMs = STARTUP_RETRY_MS): Promise<T> {
  const until = Date.now() + limitMs;
  for (let attempt = 0; ; attempt++) {
    try {
      return await step();
    } catch (e) {
      if (!isConnectionFailure(e) || Date.now() >= until) throw e;
      const pause = [250, 500, 1000, 2000][Math.min(attempt, 3)]!;
      log(`the database cannot be reached (${e instanceof Error ? e.message : String(e)}): trying again in ${pause} ms`);
      await new Promise((r) => setTimeout(r, pause));
    }
  }
}

/**
 * A column written with its table's name (`"job_titles"."tenant_id"`). Drizzle leaves columns bare
 * when a query reads one table, and inside a correlated subquery a bare name binds to the inner
 * table: always qualify outer columns there.
 */
export function qualified(column: AnyPgColumn): SQL {
  return sql.raw(`"${getTableName(column.table)}"."${column.name}"`);
}

interface Batch<K, R> {
  waiters: Map<K, { resolve(row: R | undefined): void; reject(e: unknown): void }[]>;
  load: (keys: K[]) => Promise<Map<K, R>>;
}

/**
 * Coalesces reads by key made in the same turn of the event loop into one query per group: the
 * first caller's `load` runs once (on setImmediate, or when `max` keys are waiting) for every key
 * asked, and each caller gets its own key's row. Callers of one group must be entitled to the same
 * rows (the group names the tenant and the hierarchy the query filters by). Under load many requests
 * arrive in one turn: one statement, one round trip and one row description serve them all. Each
 * read still starts after its request arrived, so nothing is served stale.
 */
export function coalescer<K, R>(max = 64): (group: string, key: K, load: (keys: K[]) => Promise<Map<K, R>>) => Promise<R | undefined> {
  const open = new Map<string, Batch<K, R>>();
  const flush = (group: string, batch: Batch<K, R>) => {
    if (open.get(group) === batch) open.delete(group);
    batch.load([...batch.waiters.keys()]).then(
      (rows) => { for (const [key, waiters] of batch.waiters) for (const w of waiters) w.resolve(rows.get(key)); },
      (e) => { for (const waiters of batch.waiters.values()) for (const w of waiters) w.reject(e); },
    );
  };
  return (group, key, load) => new Promise<R | undefined>((resolve, reject) => {
    let batch = open.get(group);
    if (!batch) {
      batch = { waiters: new Map(), load };
      open.set(group, batch);
      const b = batch;
      setImmediate(() => { if (open.get(group) === b) flush(group, b); });
    }
    const waiters = batch.waiters.get(key);
    if (waiters) waiters.push({ resolve, reject });
    else batch.waiters.set(key, [{ resolve, reject }]);
    if (batch.waiters.size >= max) flush(group, batch);
  });
}
