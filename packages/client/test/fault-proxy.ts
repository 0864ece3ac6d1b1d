// An HTTP proxy on 127.0.0.1 in front of a real API that answers some requests with a fault
// instead, as a plan says: a 429 or 503 with Retry-After either BEFORE forwarding (the server never
// saw the request) or AFTER it (the server did the work, and its answer is thrown away: the case
// that makes a blind retry of a POST write twice). It records what it saw; `close` ends it.
import { Agent, createServer, request as forward, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';

export type Fault =
  | { kind: 'pass' }
  | { kind: 'before' | 'after'; status: 409 | 429 | 503; retryAfter: string };

export interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  fault: Fault['kind'];
  /** What the proxy answered. */
  status: number;
}

/** Decides each request's fault: `n` counts the requests the proxy has seen, from 0. */
export type FaultPlan = (request: { method: string; url: string; headers: IncomingHttpHeaders }, n: number) => Fault;

export interface FaultProxy {
  /** `http://127.0.0.1:<port>`: give it to the client instead of the API's address. */
  base: string;
  seen: Seen[];
  /** Replaces the plan (between tests). */
  plan(next: FaultPlan): void;
  close(): Promise<void>;
}

export const pass: FaultPlan = () => ({ kind: 'pass' });

/** Hop-by-hop headers, and the length the proxy sets itself (it holds whole bodies). */
const NOT_FORWARDED = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'host']);
const forwardable = (headers: IncomingHttpHeaders): OutgoingHttpHeaders =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !NOT_FORWARDED.has(name)));

export async function startFaultProxy(target: string, initial: FaultPlan = pass): Promise<FaultProxy> {
  const upstream = new URL(target);
  const seen: Seen[] = [];
  let plan = initial;
  let n = 0;
  // Its own connections to the API, ended by `close` (none left behind).
  const agent = new Agent({ keepAlive: true });
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const method = req.method ?? 'GET', url = req.url ?? '/';
      const fault = plan({ method, url, headers: req.headers }, n++);
      const answerFault = (f: Extract<Fault, { status: number }>) => {
        seen.push({ method, url, headers: req.headers, fault: f.kind, status: f.status });
        const body = JSON.stringify({ type: 'about:blank', title: 'Injected fault', status: f.status, detail: `The fault proxy answered ${f.status} ${f.kind} forwarding.` });
        res.writeHead(f.status, { 'content-type': 'application/problem+json', 'retry-after': f.retryAfter, 'content-length': Buffer.byteLength(body) }).end(body);
      };
      if (fault.kind === 'before') { answerFault(fault); return; }
      const body = Buffer.concat(chunks);
      const out = forward({
        agent, host: upstream.hostname, port: upstream.port, method, path: url,
        headers: { ...forwardable(req.headers), host: upstream.host, 'content-length': body.length },
      }, (answer) => {
        const parts: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => parts.push(chunk));
        answer.on('end', () => {
          if (fault.kind === 'after') { answerFault(fault); return; }
          const content = Buffer.concat(parts);
          const status = answer.statusCode ?? 502;
          seen.push({ method, url, headers: req.headers, fault: 'pass', status });
          res.writeHead(status, { ...forwardable(answer.headers), 'content-length': content.length }).end(content);
        });
      });
      out.on('error', (error) => { res.writeHead(502).end(String(error)); });
      out.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the proxy listens on a TCP port');
  return {
    base: `http://127.0.0.1:${address.port}`,
    seen,
    plan: (next) => { plan = next; n = 0; },
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      agent.destroy();
    },
  };
}
