// A dedicated connection that LISTENs to channels and reconnects after a loss. While it is down,
// `onLost` runs (callers drop what they cached, since they may miss notifications meanwhile).
import pg from 'pg';
import type { Database } from './database.ts';

export interface Listener { close(): Promise<void> }

export async function listen(
  database: Database,
  channels: readonly string[],
  onNotification: (channel: string, payload: string) => void,
  onLost: () => void = () => {},
): Promise<Listener> {
  let closed = false;
  let client: pg.Client | undefined;
  const connect = async (): Promise<void> => {
    if (closed) return;
    const c = new pg.Client(database.pool.options);
    c.on('notification', (n) => onNotification(n.channel, n.payload ?? ''));
    c.on('error', () => {
      client = undefined;
      onLost();
      if (!closed) setTimeout(() => void connect().catch(() => {}), 1000).unref();
    });
    await c.connect();
    for (const channel of channels) await c.query(`LISTEN ${channel}`);
    client = c;
  };
  await connect();
  return { close: async () => { closed = true; await client?.end().catch(() => {}); } };
}
