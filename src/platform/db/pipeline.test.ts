// Short statements pipelined on shared connections (pipeline.ts): what share one, what a slow or
// failing statement does to the others, and a connection that goes away.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../../test/helpers.ts';
import { isConnectionFailure, openDatabase, shortStatements, transaction, type Database } from './database.ts';
import { DEPTH, STALL_MS, type Queryable } from './pipeline.ts';

let database: Database;
beforeAll(async () => { database = await testDatabase(); });
afterAll(async () => { await database?.close(); });

const pidOf = async (on: Queryable, text = 'select pg_backend_pid() as pid') => (await on.query<{ pid: number }>({ text })).rows[0]!.pid;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** A statement that holds its connection far longer than opening another one takes, even on a busy machine. */
const SLOW = 'select pg_backend_pid() as pid from pg_sleep(1.5)';

/** Whether the server's session `pid` ends within two seconds. */
async function gone(pid: number): Promise<boolean> {
  const alive = async () => (await database.pool.query('select 1 from pg_stat_activity where pid = $1', [pid])).rowCount !== 0;
  for (let i = 0; i < 100 && (await alive()); i++) await sleep(20);
  return !(await alive());
}

/**
 * Holds a lane of `on` with a slow statement, then sends another once that has run past STALL_MS:
 * the connection of each, and whether the slow one was done when the other was answered.
 */
async function pastAStall(on: Queryable) {
  const lane = await pidOf(on);
  let slowWasDone = false;
  const slow = pidOf(on, SLOW).finally(() => { slowWasDone = true; });
  await sleep(STALL_MS * 4);
  const next = await pidOf(on);
  const wasDone = slowWasDone;
  return { lane, next, slowWasDone: wasDone, slow: await slow };
}

describe('a pipeline', () => {
  it('sends statements of the same moment down one connection, and opens no other while it keeps up', async () => {
    const pids = await Promise.all(Array.from({ length: 8 }, () => pidOf(database.pipeline)));
    expect(new Set(pids).size).toBe(1);
    expect(await pidOf(database.pipeline)).toBe(pids[0]);
    // An operator tells it from the pool's connections ('staffing') in pg_stat_activity.
    const named = await database.pool.query('select application_name as name from pg_stat_activity where pid = $1', [pids[0]]);
    expect(named.rows).toEqual([{ name: 'staffing pipeline' }]);
  });

  it('fails a wrong statement alone: those before and after it on the connection are answered', async () => {
    const [before, wrong, after] = await Promise.allSettled([
      pidOf(database.pipeline), database.pipeline.query({ text: 'select 1 / 0' }), pidOf(database.pipeline),
    ]);
    expect(before).toMatchObject({ status: 'fulfilled' });
    expect(wrong).toMatchObject({ status: 'rejected', reason: { code: '22012' } });
    expect(after).toMatchObject({ status: 'fulfilled' });
    expect(after).toEqual(before);
  });

  it(`takes no more on a connection whose oldest statement has run ${STALL_MS} ms: the next one is answered meanwhile on another`, async () => {
    const { lane, next, slowWasDone, slow } = await pastAStall(database.pipeline);
    expect(slowWasDone).toBe(false);
    expect(next).not.toBe(lane);
    expect(slow).toBe(lane);
  });

  it(`takes at most ${DEPTH} statements on a connection at once: the next goes to another`, async () => {
    const pids = await Promise.all(Array.from({ length: DEPTH + 1 }, () => pidOf(database.pipeline)));
    expect(new Set(pids.slice(0, DEPTH)).size).toBe(1);
    expect(pids[DEPTH]).not.toBe(pids[0]);
  });

  it('with every connection busy, and with 0 connections, sends statements to the pool', async () => {
    const one = openDatabase(database.url, 4, 1);
    const none = openDatabase(database.url, 4, 0);
    try {
      const { lane, next, slowWasDone, slow } = await pastAStall(one.pipeline);
      expect(slowWasDone).toBe(false);
      expect(next).not.toBe(lane); // the pool's: the one lane is stalled
      expect(slow).toBe(lane);
      // Four at once on the pool: four connections (a pipeline would have used one).
      const pids = await Promise.all(Array.from({ length: 4 }, () => pidOf(none.pipeline, 'select pg_backend_pid() as pid from pg_sleep(0.05)')));
      expect(new Set(pids).size).toBe(4);
    } finally {
      await one.close();
      await none.close();
    }
  });

  it('fails the statements of a connection that goes away as connection failures (503), and the next one connects again', async () => {
    const own = openDatabase(database.url, 2, 1);
    try {
      const lost = await pidOf(own.pipeline);
      // Its failure is taken at once: it may arrive while the termination is still being answered.
      const waiting = own.pipeline.query({ text: 'select pg_sleep(5)' }).then(() => undefined, (e: unknown) => e);
      await sleep(50);
      await database.pool.query('select pg_terminate_backend($1)', [lost]);
      const failure = await waiting;
      expect(isConnectionFailure(failure)).toBe(true);
      const again = await pidOf(own.pipeline);
      expect(again).not.toBe(lost);
    } finally {
      await own.close();
    }
  });

  it('ends a connection it drops for an error of its own (a value that cannot be sent), and answers the next statement on a new one', async () => {
    const own = openDatabase(database.url, 2, 1);
    try {
      const dropped = await pidOf(own.pipeline);
      const unsendable = { toPostgres: () => { throw new Error('cannot be sent'); } };
      await expect(own.pipeline.query({ text: 'select $1::text', values: [unsendable] })).rejects.toThrow('cannot be sent');
      expect(await pidOf(own.pipeline)).not.toBe(dropped);
      expect(await gone(dropped)).toBe(true);
    } finally {
      await own.close();
    }
  });

  it('closes its connections with the database', async () => {
    const own = openDatabase(database.url, 2, 2);
    const pid = await pidOf(own.pipeline);
    await own.close();
    expect(await gone(pid)).toBe(true);
  });
});

describe('shortStatements', () => {
  it('runs inside a transaction on its connection (it sees the transaction\'s own writes), outside it on the pipeline', async () => {
    expect(shortStatements(database.db)).toBe(database.pipeline);
    await transaction(database.db, async ({ db, client }) => {
      expect(shortStatements(db)).toBe(client);
    });
  });
});
