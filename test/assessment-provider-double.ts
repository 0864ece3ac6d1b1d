// A local stand-in for an AssessOnCloud-style provider (docs/assessments.md): a node:http server on
// 127.0.0.1 that implements `POST {apiUrl}/sessions` (any path ending in /sessions), records every
// request (headers and body, to check the Bearer key and the two callback addresses), answers as
// told, and calls the registered callback addresses back with a given credential. Started and
// stopped by each test file.
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import { Value } from 'typebox/value';
import { ProviderSessionRequest } from '../src/resources/assessments/assessment-provider.ts';

export interface RecordedRequest { method: string; path: string; headers: IncomingHttpHeaders; body: unknown }

/** How the double answers session requests: a session (default), an error status, a body that is not JSON, or no answer at all. */
export type Behaviour = 'session' | 'not-json' | 'hang' | { status: number; body?: unknown };

export interface CallbackAnswer { status: number; body: unknown }

export interface ProviderDouble {
  /** The vendor's apiUrl. */
  url: string;
  requests: RecordedRequest[];
  answerWith(behaviour: Behaviour): void;
  /** The last session request the double accepted. */
  lastSession(): ProviderSessionRequest;
  /** Calls the results or status address the last session request registered, as the provider would. */
  callBack(which: 'results' | 'status', payload: unknown, token: string): Promise<CallbackAnswer>;
  close(): Promise<void>;
}

function reply(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

export async function startProviderDouble(): Promise<ProviderDouble> {
  const requests: RecordedRequest[] = [];
  const sessions: ProviderSessionRequest[] = [];
  const hanging = new Set<ServerResponse>();
  let behaviour: Behaviour = 'session';

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try { body = JSON.parse(text); } catch { /* recorded as text */ }
      requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
      if (req.method !== 'POST' || !req.url?.endsWith('/sessions')) return reply(res, 404, { error: 'not found' });
      if (behaviour === 'hang') return void hanging.add(res);
      if (behaviour === 'not-json') return void res.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>');
      if (typeof behaviour === 'object') return reply(res, behaviour.status, behaviour.body ?? { error: 'provider error' });
      if (!Value.Check(ProviderSessionRequest, body)) return reply(res, 422, { error: 'bad session request' });
      sessions.push(body);
      const providerSessionId = `AOC-${body.assessmentSessionId}-${sessions.length}`;
      reply(res, 201, { providerSessionId, invitationUrl: `https://assess.example/take/${providerSessionId}`, expiresAt: '2030-01-31T23:59:59Z' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the provider double has no port');
  const { port } = address;

  return {
    url: `http://127.0.0.1:${port}/`,
    requests,
    answerWith: (b) => { behaviour = b; },
    lastSession: () => {
      const last = sessions.at(-1);
      if (!last) throw new Error('the provider double has not been asked for a session');
      return last;
    },
    callBack: async (which, payload, token) => {
      const response = await fetch(sessions.at(-1)?.callbacks[which] ?? 'http://127.0.0.1:9/none', {
        method: 'POST', headers: { 'content-type': 'application/json', 'x-tw-token': token }, body: JSON.stringify(payload),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null };
    },
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve())));
    },
  };
}
