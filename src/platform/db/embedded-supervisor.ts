// Keeps the embedded PostgreSQL server running under a long-lived process (`staffing serve`,
// `worker`, `login-server`): it checks twice a second that the postmaster is alive and, when it is
// not (killed, crashed), starts it again on the same port, waiting a little longer before each new
// attempt. When every attempt failed the process gives up (`onGiveUp`: stop and exit with
// EXIT_DATABASE_LOST) so that an outer supervisor (systemd, a container runtime) takes over.
// Requests meanwhile answer 503; the pool and the LISTEN connections reconnect by themselves.
// docs/operations.md, docs/decisions/0026-database-outages.md.
import type { EmbeddedServer } from './embedded.ts';

/** EX_TEMPFAIL: the embedded database could not be restarted; running the process again may work. */
export const EXIT_DATABASE_LOST = 75;

/** Waits before each restart attempt; as many attempts as entries (about 16 s in all). */
export const RESTART_DELAYS_MS = [250, 500, 1000, 2000, 4000, 8000];
/** A server that stopped again within this time of a restart continues the count instead of starting it afresh (a crash loop ends too). */
export const STABLE_MS = 60_000;
/** A process that did not start the server leaves the first attempt to the one that did. */
const NOT_OURS_EXTRA_MS = 2000;

export interface SupervisorOptions {
  log: (message: string) => void;
  onGiveUp: () => void;
  checkMs?: number;
  delaysMs?: readonly number[];
}

export interface Supervisor { stop(): void }

type Supervised = Pick<EmbeddedServer, 'port' | 'startedHere' | 'running' | 'restart'>;

export function superviseEmbedded(server: Supervised, options: SupervisorOptions): Supervisor {
  const { log, onGiveUp, checkMs = 500, delaysMs = RESTART_DELAYS_MS } = options;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let attempt = 0;
  let restartedAt = 0;
  let lostAt = 0;

  const later = (ms: number, run: () => void) => {
    timer = setTimeout(() => { timer = undefined; if (!stopped) run(); }, ms);
    timer.unref();
  };

  const giveUp = (why: string) => {
    log(`embedded PostgreSQL could not be kept running (${why}): stopping with exit code ${EXIT_DATABASE_LOST}`);
    onGiveUp();
  };

  const check = () => {
    if (server.running()) return later(checkMs, check);
    lostAt = Date.now();
    if (lostAt - restartedAt > STABLE_MS) attempt = 0;
    if (attempt >= delaysMs.length) return giveUp(`it stopped again within ${STABLE_MS / 1000} s of each of ${attempt} restarts`);
    log(`embedded PostgreSQL (port ${server.port}) is not running: restarting it`);
    later(delaysMs[attempt]! + (server.startedHere ? 0 : NOT_OURS_EXTRA_MS), tryRestart);
  };

  const tryRestart = () => {
    attempt++;
    server.restart().then(() => {
      restartedAt = Date.now();
      log(`embedded PostgreSQL is back on port ${server.port} (attempt ${attempt} of ${delaysMs.length}, ${restartedAt - lostAt} ms after it was found stopped)`);
      if (!stopped) later(checkMs, check);
    }, (e: unknown) => {
      if (stopped) return;
      const reason = e instanceof Error ? e.message : String(e);
      if (attempt >= delaysMs.length) return giveUp(`${attempt} attempts failed; the last: ${reason}`);
      log(`restarting embedded PostgreSQL failed (attempt ${attempt} of ${delaysMs.length}: ${reason}); next attempt in ${delaysMs[attempt]} ms`);
      later(delaysMs[attempt]!, tryRestart);
    });
  };

  later(checkMs, check);
  return { stop: () => { stopped = true; clearTimeout(timer); } };
}
