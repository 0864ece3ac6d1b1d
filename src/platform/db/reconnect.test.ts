// A database that goes away and comes back (issue 14 item 8): the pool serves the first request
// after it is back, and every LISTEN connection reconnects however long the outage lasted, so
// NOTIFY-driven behaviour (revocations, job board cache) works again. The outage is staged with a
// TCP proxy in front of the test server (test/tcp-proxy.ts), longer than several reconnect attempts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.ts';
import { auth, seededDatabase, testConfig, type TenantFixture } from '../../../test/helpers.ts';
import { startTcpProxy, type TcpProxy } from '../../../test/tcp-proxy.ts';
import { issueCredential, revokeCredential } from '../auth/tokens.ts';
import { isConnectionFailure, openDatabase, transaction, type Database } from './database.ts';
import { listen, RECONNECT_DELAYS_MS } from './listen.ts';

const OUTAGE_MS = 3500;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let direct: Database;
let proxy: TcpProxy;
let proxied: Database;
let tenant: TenantFixture;

beforeAll(async () => {
  ({ database: direct, tenant } = await seededDatabase());
  const target = new URL(direct.url);
  proxy = await startTcpProxy(target.hostname, Number(target.port));
  proxied = openDatabase(proxy.via(direct.url), 4);
});
afterAll(async () => {
  await proxied?.close();
  await proxy?.close();
  await direct?.close();
});

/** Polls `check` every 20 ms until it holds or `ms` pass. */
async function within(ms: number, check: () => boolean | Promise<boolean>): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await sleep(20)) if (await check()) return true;
  return check();
}

async function outage(during: () => Promise<void> = async () => {}): Promise<void> {
  await proxy.down();
  try {
    await during();
    await sleep(OUTAGE_MS);
  } finally {
    await proxy.up();
  }
}

describe('a database outage', () => {
  it('the pool fails with a connection failure while it is down and serves the very first query once it is back', async () => {
    await proxied.db.execute(sql`select 1`);
    await outage(async () => {
      const failure = await proxied.db.execute(sql`select 1`).then(() => undefined, (e: unknown) => e);
      expect(isConnectionFailure(failure)).toBe(true);
    });
    const { rows } = await proxied.db.execute<{ n: number }>(sql`select 1 as n`);
    expect(rows).toEqual([{ n: 1 }]);
  });

  it('the pipeline (short statements) fails with a connection failure while it is down and answers the very first statement once it is back', async () => {
    const one = { text: 'select 1 as n' };
    expect((await proxied.pipeline.query(one)).rows).toEqual([{ n: 1 }]);
    await outage(async () => {
      const failure = await proxied.pipeline.query(one).then(() => undefined, (e: unknown) => e);
      expect(isConnectionFailure(failure)).toBe(true);
    });
    expect((await proxied.pipeline.query(one)).rows).toEqual([{ n: 1 }]);
  });

  it('a connection lost inside a transaction, between two of its queries, fails that transaction and crashes nothing', async () => {
    // pg emits 'error' on a checked-out client that is not running a query: without a listener the process dies.
    const failure = await transaction(proxied.db, async ({ client }) => {
      await client.query('select 1');
      await proxy.down();
      await sleep(200);
      await client.query('select 1');
    }).then(() => undefined, (e: unknown) => e);
    await proxy.up();
    expect(isConnectionFailure(failure)).toBe(true);
    expect((await proxied.db.execute<{ n: number }>(sql`select 1 as n`)).rows).toEqual([{ n: 1 }]);
  });

  it('a LISTEN connection reconnects after reconnect attempts failed, and hears notifications again', async () => {
    const heard: string[] = [];
    let lost = 0, restored = 0;
    const listener = await listen(proxied, ['staffing_reconnect_test'], (_channel, payload) => heard.push(payload), {
      onLost: () => { lost++; },
      onRestored: () => { restored++; },
    });
    try {
      await outage(async () => { expect(await within(1000, () => lost === 1)).toBe(true); });
      expect(await within(5000, () => listener.listening)).toBe(true);
      expect(restored).toBe(1);
      await direct.db.execute(sql`select pg_notify('staffing_reconnect_test', 'after')`);
      expect(await within(2000, () => heard.includes('after'))).toBe(true);
    } finally {
      await listener.close();
    }
  });

  it('the API answers 503 while it is down, 200 at once when it is back, and a revocation after it is heard at once', async () => {
    const app: FastifyInstance = await buildApp({ config: testConfig(), database: proxied, listenForRevocations: true });
    await app.ready();
    try {
      const token = await issueCredential(direct.db, { tenantId: tenant.tenantId, serviceRepId: tenant.adminRepId, kind: 'personal', name: 'outage', expiresAt: new Date(Date.now() + 86_400_000) });
      const branches = () => app.inject({ method: 'GET', url: '/Datalists/Branches', headers: auth.token(token) });
      expect((await branches()).statusCode).toBe(200);
      expect(app.jobBoardCache.enabled).toBe(true);
      await outage(async () => {
        const res = await branches();
        expect(res.statusCode).toBe(503);
        expect(res.headers['retry-after']).toBe('5');
        expect(await within(1000, () => !app.jobBoardCache.enabled)).toBe(true);
      });
      expect((await branches()).statusCode).toBe(200);
      // The job board cache turns on again only with a live listener: its LISTEN reconnected.
      expect(await within(5000, () => app.jobBoardCache.enabled)).toBe(true);
      // The credential verifier's LISTEN too: the token is cached, and its revocation is heard at once.
      await sleep(Math.max(...RECONNECT_DELAYS_MS) + 500);
      expect((await branches()).statusCode).toBe(200);
      await revokeCredential(direct.db, token.sid);
      expect(await within(1000, async () => (await branches()).statusCode === 401)).toBe(true);
    } finally {
      await app.close();
    }
  });
});
