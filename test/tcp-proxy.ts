// A TCP proxy in front of the test PostgreSQL server that a test can take down and bring back: down
// cuts every connection and refuses new ones (as a stopped server does), up accepts again on the
// same port. Lets a test stage a database outage without touching the server other files share.
import { createServer, connect, type Server, type Socket } from 'node:net';

export interface TcpProxy {
  port: number;
  /** `url` with its host and port replaced by the proxy's. */
  via(url: string): string;
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  const track = (s: Socket) => { sockets.add(s); s.once('close', () => sockets.delete(s)); };
  let server: Server | undefined;
  let port = 0;
  const open = () => new Promise<void>((resolve, reject) => {
    const s = createServer((client) => {
      const upstream = connect(targetPort, targetHost);
      track(client);
      track(upstream);
      client.pipe(upstream).pipe(client);
      client.on('error', () => upstream.destroy());
      upstream.on('error', () => client.destroy());
    });
    s.once('error', reject);
    s.listen(port, '127.0.0.1', () => {
      const address = s.address();
      if (typeof address === 'object' && address) port = address.port;
      server = s;
      resolve();
    });
  });
  const down = async () => {
    const s = server;
    server = undefined;
    for (const socket of sockets) socket.destroy();
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  };
  await open();
  return {
    port,
    via: (url) => { const u = new URL(url); u.hostname = '127.0.0.1'; u.port = String(port); return u.toString(); },
    down,
    up: () => (server ? Promise.resolve() : open()),
    close: down,
  };
}
