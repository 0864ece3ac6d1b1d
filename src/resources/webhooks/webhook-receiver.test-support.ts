// The receiver the webhook delivery tests send to, on 127.0.0.1: it records each request and answers
// with the next status queued (200 when none).
import { createServer, type IncomingHttpHeaders } from 'node:http';

export interface Received { url: string; headers: IncomingHttpHeaders; body: string }
export interface Answer { status: number; headers?: Record<string, string> }

export interface Receiver {
  /** `http://127.0.0.1:<port>`: a subscription's URL is this and a path. */
  base: string;
  /** The requests received, oldest first (a test empties it between tests). */
  received: Received[];
  /** The answers to give, in order (a test queues them). */
  answers: Answer[];
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const answers: Answer[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => { body += String(chunk); });
    req.on('end', () => {
      received.push({ url: req.url ?? '', headers: req.headers, body });
      const answer = answers.shift() ?? { status: 200 };
      res.writeHead(answer.status, answer.headers).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the receiver listens on a TCP port');
  const close = async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
  return { base: `http://127.0.0.1:${address.port}`, received, answers, close };
}
