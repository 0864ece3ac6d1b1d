// A throwaway PostgreSQL cluster from Debian's binaries (/usr/lib/postgresql/<version>/bin, the
// `postgresql` package), for tests that must restart "the database server" itself. It listens on a
// free loopback port with trust authentication, and is removed by `stop`. As root it runs as the
// `postgres` system user (PostgreSQL refuses root), as .ci/run does.
import { execFile } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../src/platform/db/embedded.ts';

const run = promisify(execFile);

/** The newest Debian PostgreSQL binaries, if installed. */
export function debianPostgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'pg_ctl'))).sort((a, b) => Number(a) - Number(b));
  return versions.length ? join(root, versions.at(-1)!, 'bin') : undefined;
}

/** uid and gid of the `postgres` system user, from /etc/passwd. */
function postgresUser(): { uid: number; gid: number } {
  const line = readFileSync('/etc/passwd', 'utf8').split('\n').find((l) => l.startsWith('postgres:'));
  if (!line) throw new Error('Running as root needs the `postgres` system user (Debian\'s postgresql package creates it).');
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

export interface Cluster {
  /** `postgres://<user>@127.0.0.1:<port>/postgres` */
  url: string;
  /** `pg_ctl restart -m fast`: sessions are ended, the server shuts down cleanly and starts again; resolves once it accepts connections. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export async function startCluster(bin: string): Promise<Cluster> {
  const isRoot = userInfo().uid === 0;
  const ids = isRoot ? postgresUser() : undefined;
  const user = isRoot ? 'postgres' : userInfo().username;
  const dir = mkdtempSync(join(tmpdir(), 'staffing-pg-'));
  chmodSync(dir, 0o755);
  if (ids) chownSync(dir, ids.uid, ids.gid);
  const data = join(dir, 'data'), log = join(dir, 'log');
  const pgCtl = (...args: string[]) => run(join(bin, 'pg_ctl'), ['-D', data, '-l', log, '-w', ...args], { cwd: dir, ...ids });
  const stop = async () => {
    await pgCtl('-m', 'immediate', 'stop').catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const port = await freePort();
    await run(join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', user, '-E', 'UTF8', '--no-sync'], { cwd: dir, ...ids });
    await pgCtl('-o', `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c max_connections=100`, 'start');
    return { url: `postgres://${user}@127.0.0.1:${port}/postgres`, restart: async () => { await pgCtl('-m', 'fast', 'restart'); }, stop };
  } catch (error) {
    // A cluster that did not come up leaves nothing behind: a half-started server or its directory.
    await stop();
    throw error;
  }
}
