// Waking whoever waits for events (docs/decisions/0045): a trigger on `events` NOTIFYs
// 'staffing_events' with the tenant id at commit (drizzle/0028), and one LISTEN connection per
// database and process (shared by the feed's long polls and the webhook deliverer) wakes the waiters
// of that tenant. A notification is a hint, never the data: a woken waiter reads the log again. Any
// notification may be lost (the listener was down, a connection died silently), so a waiter also
// re-checks when the listener comes back and on a coarse timer; and a waiter registers before it
// reads, so a commit between its read and its wait still wakes it.
import pg from 'pg';
import type { DataScope } from '../scope.ts';
import { listen, type Listener, type ListenOptions } from '../db/listen.ts';
import { AppError } from '../http/errors.ts';

export const EVENTS_CHANNEL = 'staffing_events';
/** How often a waiter re-checks while the listener is up (a notification lost without the connection noticing). */
export const RECHECK_MS = 10_000;
/** How often a waiter re-checks while the listener is down (notifications are not heard). */
export const RECHECK_DOWN_MS = 1_000;
/** Waiters per process at most (each is a pending request, no connection): beyond it, 503. */
export const MAX_WAITERS = 1_000;

type Wake = () => void;

/** The listener of one database (pool) in this process, and its waiters by tenant (`any`: every tenant's). */
class Hub {
  private listener: Listener | undefined;
  private opening: Promise<void> | undefined;
  private users = 0;
  readonly byTenant = new Map<number, Set<Wake>>();
  readonly any = new Set<Wake>();

  constructor(private readonly pool: pg.Pool, private readonly log?: ListenOptions['log']) {}

  get listening(): boolean { return this.listener?.listening ?? false; }

  get waiters(): number {
    let n = this.any.size;
    for (const set of this.byTenant.values()) n += set.size;
    return n;
  }

  use(): void { this.users++; }

  /** Opens the listener if it is not open; a failure leaves it closed (waiters re-check often) until the next wait tries again. */
  async ready(): Promise<void> {
    if (this.listener || this.users === 0) return;
    this.opening ??= listen({ pool: this.pool }, [EVENTS_CHANNEL], (_channel, payload) => this.notified(Number(payload)), {
      onLost: () => this.wakeAll(), onRestored: () => this.wakeAll(), log: this.log,
    }).then(async (l) => {
      if (this.users === 0) return l.close();
      this.listener = l;
    }, (err: unknown) => { this.log?.warn(`LISTEN ${EVENTS_CHANNEL}: ${String(err)}; waiters re-check every ${RECHECK_DOWN_MS} ms`); })
      .finally(() => { this.opening = undefined; });
    await this.opening;
  }

  private notified(tenantId: number): void {
    for (const wake of [...(this.byTenant.get(tenantId) ?? []), ...this.any]) wake();
  }

  private wakeAll(): void {
    for (const wake of [...this.any, ...[...this.byTenant.values()].flatMap((s) => [...s])]) wake();
  }

  /** The last user gone: the listener closes. */
  async release(): Promise<void> {
    if (--this.users > 0) return;
    await this.opening;
    const l = this.listener;
    this.listener = undefined;
    hubs.delete(this.pool);
    await l?.close();
  }
}

const hubs = new Map<pg.Pool, Hub>();

/** Waiters of the tenant on the database in this process (undefined: of any tenant, the deliverers): what a test waits for before it writes. */
export function waitersOf(pool: pg.Pool, tenantId?: number): number {
  const hub = hubs.get(pool);
  return (tenantId === undefined ? hub?.any.size : hub?.byTenant.get(tenantId)?.size) ?? 0;
}

/** A registered waiter: wakes on a notification of its tenant from the moment it is armed. */
export interface Armed {
  /** Resolves on a notification (or one already heard since arming), after `ms`, when the listener is restored, on abort or close. */
  until(ms: number, signal?: AbortSignal): Promise<void>;
  /** Unregisters (after `until`, or when it is not needed). */
  cancel(): void;
}

/**
 * One user's waits (the feed of one app, one deliverer): shares the process's listener of its
 * database, and ends its own waits at once on close (a server shutting down answers its long polls).
 */
export class EventWaits {
  private hub: Hub | undefined;
  /** This user's waiters, each with what unregisters it. */
  private readonly mine = new Map<Wake, () => void>();
  private closed = false;

  constructor(private readonly log?: ListenOptions['log']) {}

  /** The hub of the database this user waits on (the first one it is given: one user, one database). */
  private hubOf(pool: pg.Pool): Hub {
    if (!this.hub) {
      this.hub = hubs.get(pool) ?? new Hub(pool, this.log);
      hubs.set(pool, this.hub);
      this.hub.use();
    }
    return this.hub;
  }

  /** Whether notifications are heard now (else waits re-check every RECHECK_DOWN_MS). */
  get listening(): boolean { return this.hub?.listening ?? false; }

  /** This user's waiters now (tests wait for a poll to be waiting before they write). */
  get waiting(): number { return this.mine.size; }

  get isClosed(): boolean { return this.closed; }

  /**
   * Registers a waiter of the tenant (undefined: of any tenant) before the caller reads, so nothing
   * committed after the read goes unheard. 503 beyond MAX_WAITERS in the process.
   */
  async arm(pool: pg.Pool, tenantId: number | undefined): Promise<Armed> {
    if (this.closed) return { until: () => Promise.resolve(), cancel: () => {} };
    const hub = this.hubOf(pool);
    await hub.ready();
    // The bound is the long polls' (a tenant's waiters); a process's deliverers (any tenant's) are few.
    if (tenantId !== undefined && hub.waiters >= MAX_WAITERS) throw new AppError('OVERLOADED', `Too many requests wait for events in this process (${MAX_WAITERS}); retry later.`, undefined, { 'retry-after': '1' });
    let woken = false;
    let resolveWait: (() => void) | undefined;
    const wake: Wake = () => { woken = true; resolveWait?.(); };
    const set = tenantId === undefined ? hub.any : hub.byTenant.get(tenantId) ?? new Set<Wake>();
    if (tenantId !== undefined) hub.byTenant.set(tenantId, set);
    set.add(wake);
    const cancel = () => {
      set.delete(wake);
      if (tenantId !== undefined && set.size === 0 && hub.byTenant.get(tenantId) === set) hub.byTenant.delete(tenantId);
      this.mine.delete(wake);
    };
    this.mine.set(wake, cancel);
    return {
      cancel,
      until: (ms, signal) => new Promise<void>((resolve) => {
        if (woken || this.closed || signal?.aborted) return resolve();
        const timer = setTimeout(done, ms);
        signal?.addEventListener('abort', done, { once: true });
        function done() {
          clearTimeout(timer);
          signal?.removeEventListener('abort', done);
          resolve();
        }
        resolveWait = done;
      }),
    };
  }

  /** Ends every wait of this user at once (and unregisters them) and lets the listener go when no one else uses it. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const [wake, cancel] of [...this.mine]) {
      wake();
      cancel();
    }
    const hub = this.hub;
    this.hub = undefined;
    await hub?.release();
  }
}

/**
 * Reads with `read` until `found` says the answer has something, or `ms` have passed, waking on the
 * tenant's notifications (re-checking every RECHECK_MS, or RECHECK_DOWN_MS while the listener is
 * down). The last read's answer is the answer; a wait that runs out answers the read before it.
 */
export async function longPoll<T>(waits: EventWaits, pool: pg.Pool, tenantId: number | undefined, ms: number, read: () => Promise<T>, found: (answer: T) => boolean, signal?: AbortSignal): Promise<T> {
  if (ms <= 0 || waits.isClosed) return read();
  const deadline = Date.now() + ms;
  for (;;) {
    const armed = await waits.arm(pool, tenantId);
    try {
      const answer = await read();
      const left = deadline - Date.now();
      if (found(answer) || left <= 0 || waits.isClosed || signal?.aborted) return answer;
      const recheck = waits.listening ? RECHECK_MS : RECHECK_DOWN_MS;
      // The last stretch ends the wait: its answer is the read before it (an event committed in it is the next poll's).
      if (left <= recheck) {
        await armed.until(left, signal);
        if (Date.now() >= deadline || waits.isClosed || signal?.aborted) return answer;
      } else {
        await armed.until(recheck, signal);
      }
    } finally {
      armed.cancel();
    }
  }
}

/** `longPoll` of the caller's tenant, on the database of its scope (resources hold no pool). */
export function longPollOf<T>(waits: EventWaits, scope: DataScope, ms: number, read: () => Promise<T>, found: (answer: T) => boolean, signal?: AbortSignal): Promise<T> {
  const pool = scope.db.$client;
  // Inside a transaction a wait would hold its connection: read once.
  if (!(pool instanceof pg.Pool)) return read();
  return longPoll(waits, pool, scope.tenantId, ms, read, found, signal);
}
