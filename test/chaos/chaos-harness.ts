// What the chaos test (chaos.test.ts) and the events benchmark (bench/events.ts) share: `staffing`
// processes to start, kill and restart; a webhook receiver that can be taken down and brought back;
// a feed consumer long-polling `GET /Events` with its cursor; and how both consumers' events are
// told apart (the change id, else the event id) and matched to the writes that made them.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const STAFFING_BIN = new URL('../../bin/staffing.js', import.meta.url).pathname;
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** An event as both consumers receive it; `changeId` and `changes` once the events carry the change (issue 28 item 2). */
export interface SeenEvent {
  id: string;
  sequence: number;
  type: string;
  record: { type: string; id: number };
  changeId?: string;
  changes?: Record<string, { old?: unknown; new?: unknown }>;
}

/** What a consumer de-duplicates on: the change id when the event has one, else the event id. */
export const eventKey = (e: SeenEvent) => e.changeId ?? e.id;

/** One receipt: the event and when it arrived (ms, performance.now()). */
export interface Receipt { event: SeenEvent; at: number; webhookId?: string }

// ---- staffing processes ----

export interface StaffingProcess {
  /** `serve` or `worker`, and its number. */
  name: string;
  /** `http://127.0.0.1:<port>` for `serve`. */
  base?: string;
  /** Its own DATA_DIR (where `serve --demo` writes the demo credentials). */
  dataDir: string;
  /** True from the start banner until it is killed or stopped. */
  ready: boolean;
  /** Exits it made on its own (not killed or stopped by us), each with the end of its output. */
  unexpectedExits: string[];
  /** SIGKILL, at once. */
  kill(): Promise<void>;
  /** Starts it again (same port, same environment); resolves when it is ready. */
  restart(): Promise<void>;
  /** SIGTERM and wait; removes its data directory. */
  stop(): Promise<void>;
  output(): string;
}

/**
 * `staffing serve` (on `port`) or `staffing worker`, with `env` added. A `serve` is ready once it
 * prints its banner; a worker once started. `firstArgs`: arguments of the first start only (`--demo`).
 */
export async function startStaffing(name: string, command: 'serve' | 'worker', env: NodeJS.ProcessEnv, port?: number, firstArgs: string[] = []): Promise<StaffingProcess> {
  const dir = mkdtempSync(join(tmpdir(), 'staffing-chaos-'));
  const fullEnv: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir, LOG_LEVEL: 'warn', ...env, ...(port === undefined ? {} : { PORT: String(port) }) };
  delete fullEnv.BASE_URL; // Vite sets BASE_URL=/ for its own purposes
  let child: ChildProcess | undefined;
  let output = '';
  let ending = false;
  const state: StaffingProcess = {
    name, dataDir: dir, base: port === undefined ? undefined : `http://127.0.0.1:${port}`, ready: false, unexpectedExits: [],
    output: () => output,
    kill: async () => { state.ready = false; ending = true; await end(child, 'SIGKILL'); },
    restart: async () => { await launch([]); },
    stop: async () => { state.ready = false; ending = true; await end(child, 'SIGTERM'); rmSync(dir, { recursive: true, force: true }); },
  };
  const launch = async (args: string[]) => {
    const c = spawn(process.execPath, [STAFFING_BIN, command, ...args], { env: fullEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    child = c;
    ending = false;
    c.once('exit', (code, signal) => {
      state.ready = false;
      if (!ending) state.unexpectedExits.push(`${name} exited (${code ?? signal}):\n${output.slice(-2000)}`);
    });
    let banner = false;
    const take = (chunk: Buffer) => {
      output = (output + String(chunk)).slice(-20_000);
      if (!banner && (command === 'worker' || output.includes('Staffing Operations API is running'))) banner = true;
    };
    c.stdout!.on('data', take);
    c.stderr!.on('data', take);
    for (let i = 0; i < 1200 && !banner && c.exitCode === null && c.signalCode === null; i++) await sleep(50);
    if (command === 'worker') await sleep(300); // started: it prints nothing at LOG_LEVEL=warn
    if (c.exitCode !== null || (!banner && command === 'serve')) throw new Error(`${name} did not start:\n${output}`);
    state.ready = true;
  };
  await launch(firstArgs);
  return state;
}

async function end(child: ChildProcess | undefined, signal: NodeJS.Signals): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill(signal);
  await exited;
}

// ---- the webhook receiver ----

export interface HookReceiver {
  /** `http://127.0.0.1:<port>/hook` */
  url: string;
  receipts: Receipt[];
  /** POSTs answered (2xx or not). */
  requests: number;
  /** Down for `ms`: the first half answering 503, the second refusing connections; then back on the same port. */
  down(ms: number): Promise<void>;
  close(): Promise<void>;
}

/** A receiver on 127.0.0.1 that records each delivery's body, `webhook-id` and arrival time; it checks no signature. */
export async function startHookReceiver(): Promise<HookReceiver> {
  let unavailable = false;
  const receiver: HookReceiver = { url: '', receipts: [], requests: 0, down: async () => {}, close: async () => {} };
  const listen = (port: number) => new Promise<Server>((resolve, reject) => {
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => { body += String(chunk); });
      req.on('end', () => {
        receiver.requests++;
        if (unavailable) return void res.writeHead(503).end();
        const webhookId = req.headers['webhook-id'];
        receiver.receipts.push({ event: JSON.parse(body) as SeenEvent, at: performance.now(), webhookId: typeof webhookId === 'string' ? webhookId : undefined });
        res.writeHead(204).end();
      });
    });
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
  const shut = async (server: Server) => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  };
  let server = await listen(0);
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the receiver listens on a TCP port');
  receiver.url = `http://127.0.0.1:${address.port}/hook`;
  receiver.down = async (ms) => {
    unavailable = true;
    await sleep(ms / 2);
    await shut(server);
    await sleep(ms / 2);
    unavailable = false;
    server = await listen(address.port);
  };
  receiver.close = () => shut(server);
  return receiver;
}

// ---- the feed consumer ----

export interface FeedConsumer {
  receipts: Receipt[];
  cursor: number;
  /** Requests that failed (network error, non-2xx) and were asked again. */
  errors: number;
  stop(): Promise<void>;
}

/**
 * Long-polls `GET /Events?after=<cursor>&wait=<waitSeconds>` on the base `next()` gives (another
 * after a failure), keeping its cursor across failures: what a careful integrator does. `wait` is
 * ignored by a service without the long poll (the feed then answers at once).
 */
export function startFeedConsumer(next: () => string, headers: Record<string, string>, options: { waitSeconds?: number; idleMs?: number; after?: number } = {}): FeedConsumer {
  const { waitSeconds = 10, idleMs = 50, after = 0 } = options;
  let running = true;
  let controller = new AbortController();
  const consumer: FeedConsumer = { receipts: [], cursor: after, errors: 0, stop: async () => {} };
  const loop = (async () => {
    while (running) {
      try {
        controller = new AbortController();
        const res = await fetch(`${next()}/Events?after=${consumer.cursor}&take=1000&wait=${waitSeconds}`, { headers, signal: controller.signal });
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        const page = await res.json() as { data: SeenEvent[]; next: number };
        const at = performance.now();
        for (const event of page.data) consumer.receipts.push({ event, at });
        consumer.cursor = page.next;
        if (!page.data.length) await sleep(idleMs); // no long poll (yet): do not spin
      } catch {
        if (!running) break;
        consumer.errors++;
        await sleep(100);
      }
    }
  })();
  consumer.stop = async () => {
    running = false;
    controller.abort();
    await loop;
  };
  return consumer;
}

// ---- matching ----

/** Receipts de-duplicated by `eventKey`, the first of each kept, in arrival order; and how many were repeats. */
export function firstReceipts(receipts: readonly Receipt[]): { unique: Receipt[]; duplicates: number } {
  const seen = new Set<string>();
  const unique = receipts.filter((r) => !seen.has(eventKey(r.event)) && seen.add(eventKey(r.event)));
  return { unique, duplicates: receipts.length - unique.length };
}

/** Percentile (0..1) of a list of numbers (nearest rank); NaN when empty. */
export function percentile(values: readonly number[], p: number): number {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}

/** A changed field's new value: history's `[old, new]`, an event's `{ old, new }`. */
export const newValue = (v: unknown): unknown => (Array.isArray(v) ? v[1] : v !== null && typeof v === 'object' && 'new' in v ? v.new : undefined);

/** The marker values (`<prefix><n>`) an object's new values carry: a change's fields (`[old, new]` or `{ old, new }`). */
export function markersIn(fields: Record<string, unknown> | undefined, prefix: string): string[] {
  return Object.values(fields ?? {}).map(newValue).filter((v): v is string => typeof v === 'string' && v.startsWith(prefix));
}

/** A query runner (a pg Pool or Client). */
export interface Queries { query<R extends object>(text: string, values?: unknown[]): Promise<{ rows: R[] }> }

/**
 * The markers each event's change wrote: from its `changes` when it carries them, else from the
 * history entry of its transaction (record_changes joined on the event's xid: the design's tie).
 */
export async function markersOfEvents(db: Queries, tenantId: number, events: readonly SeenEvent[], prefix: string): Promise<Map<string, string[]>> {
  const markers = new Map<string, string[]>();
  const bare: number[] = [];
  for (const e of events) {
    if (e.changes) markers.set(e.id, markersIn(e.changes, prefix));
    else bare.push(Number(e.id.replace(/^evt_/, '')));
  }
  for (let i = 0; i < bare.length; i += 5000) {
    const { rows } = await db.query<{ id: string; fields: Record<string, unknown> | null }>(
      `select e.id::text, c.fields from events e
         left join record_changes c on c.tenant_id = e.tenant_id and c.xid = e.xid and c.record_type = e.record_type and c.record_id = e.record_id
        where e.tenant_id = $1 and e.id = any($2::bigint[])`, [tenantId, bare.slice(i, i + 5000)]);
    for (const row of rows) markers.set(`evt_${row.id}`, markersIn(row.fields ?? {}, prefix));
  }
  return markers;
}
