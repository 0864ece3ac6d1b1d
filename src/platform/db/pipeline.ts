// Short statements outside any transaction, pipelined (node-postgres' `pipeline: true`): each is
// written to a shared connection without waiting for the ones before it, and one backend answers
// them in order. Under load the statements of concurrent requests share writes, reads and wake-ups,
// where on the pool each is a round trip of its own to a backend woken for it. Measured on the job
// board's text + 25 miles, caches off: ~3,000 req/s on the pool, ~4,050 pipelined (decision 0033).
//
// A pipeline answers in order, so a slow statement holds up those written after it. Callers send
// only statements that are short by construction (an index lookup, a bounded area), and a lane
// takes no more once DEPTH statements wait on it or its oldest has run STALL_MS: the next lane (a
// connection opened only when needed) takes them, and with every lane busy the pool does.
import pg from 'pg';

/** What runs one statement: the pool, a transaction's connection, or a pipeline. */
export interface Queryable {
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(config: pg.QueryConfig): Promise<pg.QueryResult<R>>;
}

export interface Pipeline extends Queryable {
  close(): Promise<void>;
}

/** Statements waiting on one lane at most; at 8 concurrent requests lane 0 rarely holds more. */
export const DEPTH = 16;
/** A lane whose oldest statement has run this long takes no more: a short one takes well under 1 ms. */
export const STALL_MS = 5;

interface Lane {
  client: Promise<pg.Client>;
  /** When each statement waiting on the lane was written, oldest first (they finish in order). */
  started: number[];
}

/** `connections`: lanes at most (0: every statement goes to `overflow`, the pool). */
export function openPipeline(config: pg.ClientConfig, overflow: Queryable, connections: number): Pipeline {
  const lanes: (Lane | undefined)[] = [];
  let closed = false;

  // A lane whose connection fails is dropped: its waiting statements fail (503, like the pool's),
  // and the next statement opens it again. Its client is ended, not left open: pg ends a pipeline
  // once the statements already written are answered (at once when the connection is gone).
  const drop = (lane: Lane) => {
    const i = lanes.indexOf(lane);
    if (i < 0) return;
    lanes[i] = undefined;
    lane.client.then((client) => client.end(), () => {}).catch(() => {});
  };
  const open = (): Lane => {
    const client = new pg.Client({ ...config, pipeline: true });
    const lane: Lane = { client: client.connect().then(() => client), started: [] };
    client.on('error', () => drop(lane));
    client.on('end', () => drop(lane));
    lane.client.catch(() => drop(lane));
    return lane;
  };

  const laneFor = (now: number): Lane | undefined => {
    for (let i = 0; i < connections; i++) {
      const lane = (lanes[i] ??= open());
      const oldest = lane.started[0];
      if (lane.started.length < DEPTH && (oldest === undefined || now - oldest < STALL_MS)) return lane;
    }
    return undefined;
  };

  return {
    async query<R extends pg.QueryResultRow>(statement: pg.QueryConfig) {
      const now = performance.now();
      const lane = closed ? undefined : laneFor(now);
      if (!lane) return overflow.query<R>(statement);
      lane.started.push(now);
      try {
        return await (await lane.client).query<R>(statement);
      } catch (e) {
        // Anything but a statement's own error (a FATAL one ends the session) means the connection
        // is gone: the statement after this one must not be written to it before its 'end' arrives.
        if (!(e instanceof pg.DatabaseError) || e.severity === 'FATAL') drop(lane);
        throw e;
      } finally {
        lane.started.shift();
      }
    },
    async close() {
      closed = true;
      await Promise.all(lanes.map((lane) => lane?.client.then((client) => client.end(), () => {})));
    },
  };
}
