// A dedicated connection that LISTENs to channels and reconnects after a loss, retrying with backoff
// for as long as the database stays away (until closed). Notifications sent while it is down are
// lost: `onLost` runs when it goes down and `onRestored` once it listens again, so callers drop what
// they cached (a revocation may have been missed) or reload what may have changed.
import pg from 'pg';
import type { Database } from './database.ts';

export interface Listener {
  /** Whether the connection is up and listening (notifications are heard). */
  readonly listening: boolean;
  close(): Promise<void>;
}

export interface ListenOptions {
  onLost?: () => void;
  onRestored?: () => void;
  log?: { warn(message: string): void; info(message: string): void };
}

/** Waits between reconnect attempts: short at first (the database is often back within a second), then capped. */
export const RECONNECT_DELAYS_MS = [250, 500, 1000, 2000];

/** How an operator tells these connections (idle for ever, by design) from the pool's ('staffing') in pg_stat_activity. */
export const LISTEN_APPLICATION_NAME = 'staffing listen';

export function reconnectDelay(attempt: number): number {
  return RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)]!;
}

export async function listen(
  database: Pick<Database, 'pool'>,
  channels: readonly string[],
  onNotification: (channel: string, payload: string) => void,
  options: ListenOptions = {},
): Promise<Listener> {
  let closed = false;
  let client: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  const name = channels.join(', ');

  const open = async (): Promise<pg.Client> => {
    const c = new pg.Client({ ...database.pool.options, application_name: LISTEN_APPLICATION_NAME });
    c.on('notification', (n) => onNotification(n.channel, n.payload ?? ''));
    // Until it is listening, `lost` ignores it (a failure is the attempt's, reported by the rejection).
    c.on('error', () => lost(c));
    c.on('end', () => lost(c));
    try {
      await c.connect();
      for (const channel of channels) await c.query(`LISTEN ${channel}`);
    } catch (e) {
      await c.end().catch(() => {});
      throw e;
    }
    return c;
  };

  const lost = (c: pg.Client) => {
    if (client !== c) return;
    client = undefined;
    c.end().catch(() => {});
    if (closed) return;
    options.log?.warn(`LISTEN ${name}: connection lost; reconnecting`);
    options.onLost?.();
    retry(0);
  };

  const retry = (attempt: number) => {
    timer = setTimeout(() => {
      timer = undefined;
      if (closed) return;
      open().then((c) => {
        if (closed) return void c.end().catch(() => {});
        client = c;
        options.log?.info(`LISTEN ${name}: reconnected after ${attempt + 1} attempt(s)`);
        options.onRestored?.();
      }, () => retry(attempt + 1));
    }, reconnectDelay(attempt));
    timer.unref();
  };

  client = await open();
  return {
    get listening() { return client !== undefined; },
    close: async () => {
      closed = true;
      clearTimeout(timer);
      const c = client;
      client = undefined;
      await c?.end().catch(() => {});
    },
  };
}
