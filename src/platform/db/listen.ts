// A dedicated connection that LISTENs to channels and reconnects after a loss, retrying with backoff
// for as long as the database stays away (until closed). Notifications sent while it is down are
// lost: `onLost` runs when it goes down and `onRestored` once it listens again, so callers drop what
// they cached (a revocation may have been missed) or reload what may have changed.
// One connection per database (pool) per process, whoever listens (decision 0045): each `listen`
// adds its channels to it, and the last `close` ends it. A process idles one connection, not one
// per feature (revocations, job board, batch queue, events).
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

/** Who listens on a shared connection: its channels and callbacks. */
interface Subscriber {
  channels: readonly string[];
  onNotification: (channel: string, payload: string) => void;
  options: ListenOptions;
}

/** The one LISTEN connection of a pool in this process. Opens, LISTENs and closes one at a time (`serial`). */
class Connection {
  readonly subscribers = new Set<Subscriber>();
  private client: pg.Client | undefined;
  private listened = new Set<string>();
  private reconnecting = false;
  private closed = false;
  private timer: NodeJS.Timeout | undefined;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly pool: pg.Pool) {}

  get listening(): boolean { return this.client !== undefined; }

  private serial<T>(step: () => Promise<T>): Promise<T> {
    const next = this.queue.then(step);
    this.queue = next.catch(() => {});
    return next;
  }

  private channels(): string[] { return [...new Set([...this.subscribers].flatMap((s) => s.channels))]; }
  private get name(): string { return this.channels().join(', '); }
  private get log(): ListenOptions['log'] { return [...this.subscribers].find((s) => s.options.log)?.options.log; }

  private async open(): Promise<pg.Client> {
    const c = new pg.Client({ ...this.pool.options, application_name: LISTEN_APPLICATION_NAME });
    c.on('notification', (n) => this.dispatch(n.channel, n.payload ?? ''));
    // Until it is listening, `lost` ignores it (a failure is the attempt's, reported by the rejection).
    c.on('error', () => this.lost(c));
    c.on('end', () => this.lost(c));
    const channels = this.channels();
    try {
      await c.connect();
      for (const channel of channels) await c.query(`LISTEN ${channel}`);
    } catch (e) {
      await c.end().catch(() => {});
      throw e;
    }
    this.listened = new Set(channels);
    return c;
  }

  private dispatch(channel: string, payload: string): void {
    for (const s of this.subscribers) if (s.channels.includes(channel)) s.onNotification(channel, payload);
  }

  /** Adds a subscriber: LISTENs its channels (opening the connection if none is open); throws when the first open fails. */
  add(subscriber: Subscriber): Promise<void> {
    return this.serial(async () => {
      // Closed by its last subscriber while this one was queued: it lives on for this one.
      if (this.closed) {
        this.closed = false;
        if (!connections.has(this.pool)) connections.set(this.pool, this);
      }
      this.subscribers.add(subscriber);
      if (this.client) {
        // A failure here is the connection's: `lost` reconnects, and the new connection LISTENs every channel.
        for (const channel of subscriber.channels.filter((ch) => !this.listened.has(ch))) {
          await this.client.query(`LISTEN ${channel}`).then(() => this.listened.add(channel), () => {});
        }
        return;
      }
      if (this.reconnecting) return;
      try {
        this.client = await this.open();
      } catch (e) {
        this.subscribers.delete(subscriber);
        throw e;
      }
    });
  }

  /** Removes a subscriber; the last one gone, the connection ends. */
  remove(subscriber: Subscriber): Promise<void> {
    return this.serial(async () => {
      if (!this.subscribers.delete(subscriber)) return;
      if (this.subscribers.size > 0) return;
      this.closed = true;
      clearTimeout(this.timer);
      if (connections.get(this.pool) === this) connections.delete(this.pool);
      const c = this.client;
      this.client = undefined;
      await c?.end().catch(() => {});
    });
  }

  private lost(c: pg.Client): void {
    if (this.client !== c) return;
    this.client = undefined;
    c.end().catch(() => {});
    if (this.closed) return;
    this.reconnecting = true;
    this.log?.warn(`LISTEN ${this.name}: connection lost; reconnecting`);
    for (const s of this.subscribers) s.options.onLost?.();
    this.retry(0);
  }

  private retry(attempt: number): void {
    this.timer = setTimeout(() => {
      this.timer = undefined;
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
}

const connections = new Map<pg.Pool, Connection>();

export async function listen(
  database: Pick<Database, 'pool'>,
  channels: readonly string[],
  onNotification: (channel: string, payload: string) => void,
  options: ListenOptions = {},
): Promise<Listener> {
  let connection = connections.get(database.pool);
  if (!connection) {
    connection = new Connection(database.pool);
    connections.set(database.pool, connection);
  }
  const subscriber: Subscriber = { channels, onNotification, options };
  try {
    await connection.add(subscriber);
  } catch (e) {
    if (connection.subscribers.size === 0 && connections.get(database.pool) === connection) connections.delete(database.pool);
    throw e;
  }
  const shared = connection;
  let closed = false;
  return {
    get listening() { return !closed && shared.listening; },
    close: async () => {
      if (closed) return;
      closed = true;
      await shared.remove(subscriber);
    },
  };
}
