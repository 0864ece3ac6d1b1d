// End to end (issue 14 item 8): the embedded PostgreSQL of a real `staffing serve --demo` is killed
// (kill -9 of the postmaster). The service answers 503 (never 500) while it is down, restarts it on
// the same port, answers 200 within 5 s of it accepting connections again, and hears NOTIFY again (a
// revocation after the outage takes effect at once). A server that cannot be started again (its port
// taken) makes the process give up with exit code 75 after its bounded attempts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import { startDemoServer, type DemoServer } from './serve-process.ts';
import { openDatabase, type Database } from '../../src/platform/db/database.ts';
import { issueCredential, revokeCredential } from '../../src/platform/auth/tokens.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let server: DemoServer;
let url: string;
let direct: Database | undefined;
let blocker: Server | undefined;

beforeAll(async () => {
  server = await startDemoServer();
  const { user, password } = JSON.parse(readFileSync(join(server.dir, 'pg-credentials.json'), 'utf8')) as { user: string; password: string };
  url = `postgres://${user}:${encodeURIComponent(password)}@127.0.0.1:${postmaster().port}/staffing`;
}, 200_000);
afterAll(async () => {
  await direct?.close();
  await server?.stop();
  await new Promise<void>((resolve) => (blocker ? blocker.close(() => resolve()) : resolve()));
});

function postmaster(): { pid: number; port: number } {
  const lines = readFileSync(join(server.dir, 'pg', 'postmaster.pid'), 'utf8').split('\n');
  return { pid: Number(lines[0]), port: Number(lines[3]) };
}

/** When the server accepts connections again (measured by a client of its own). */
async function acceptingAgain(deadline: number): Promise<number | undefined> {
  while (Date.now() < deadline) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query('select 1');
      return Date.now();
    } catch {
      await sleep(20);
    } finally {
      await client.end().catch(() => {});
    }
  }
  return undefined;
}

describe('the embedded database goes away and comes back', () => {
  it('503 with Retry-After while it is down, restarted on the same port, 200 within 5 s of it accepting connections; NOTIFY heard again', async () => {
    const get = async (token = server.credentials.personalAccessToken.token) => {
      const res = await fetch(`${server.base}/Datalists/Branches`, { headers: { 'x-tw-token': token } });
      await res.arrayBuffer();
      return { status: res.status, retryAfter: res.headers.get('retry-after'), at: Date.now() };
    };
    expect((await get()).status).toBe(200);
    const before = postmaster();
    process.kill(before.pid, 'SIGKILL');
    const killedAt = Date.now();
    let backAt: number | undefined;
    const back = acceptingAgain(killedAt + 30_000).then((at) => { backAt = at; });

    // Its backends may serve a request or two before they notice the postmaster is gone: answers
    // are collected until the server is back and one after the outage answered 200.
    const answers: Awaited<ReturnType<typeof get>>[] = [];
    for (let outage = false, last = 0; !(outage && last === 200 && backAt) && Date.now() < killedAt + 30_000; await sleep(25)) {
      const answer = await get();
      answers.push(answer);
      last = answer.status;
      outage ||= last !== 200;
    }
    await back;
    expect(backAt).toBeDefined();
    const lastDown = answers.map((a) => a.status !== 200).lastIndexOf(true);
    const down = answers.filter((a) => a.status !== 200);
    expect(down.length, server.output().slice(-3000)).toBeGreaterThan(0);
    expect(new Set(down.map((a) => `${a.status} ${a.retryAfter}`))).toEqual(new Set(['503 5']));
    const firstOk = answers[lastDown + 1];
    expect(firstOk?.status).toBe(200);
    const recoveryMs = firstOk!.at - backAt!;
    console.log(`embedded outage: back ${backAt! - killedAt} ms after kill -9; first 200 ${recoveryMs} ms after it accepted connections; ${down.length} answers 503 meanwhile`);
    expect(recoveryMs).toBeLessThan(5000);
    expect(postmaster()).toMatchObject({ port: before.port });
    expect(postmaster().pid).not.toBe(before.pid);
    expect(server.output()).toMatch(/embedded PostgreSQL is back on port \d+ \(attempt 1 of 6/);
    for (let i = 0; i < 10; i++) expect((await get()).status).toBe(200);

    // LISTEN reconnected: a token used (so cached) after the outage and then revoked is refused at once.
    direct = openDatabase(url, 1);
    const { tenantId, adminServiceRepId } = server.credentials;
    const token = await issueCredential(direct.db, { tenantId, serviceRepId: adminServiceRepId, kind: 'personal', name: 'after the outage', expiresAt: new Date(Date.now() + 86_400_000) });
    await sleep(2500); // longer than the longest wait between LISTEN reconnect attempts
    expect((await get(token.token)).status).toBe(200);
    await revokeCredential(direct.db, token.sid);
    let status = 200;
    for (const end = Date.now() + 1000; status === 200 && Date.now() < end; await sleep(20)) status = (await get(token.token)).status;
    expect(status).toBe(401);
    await direct.close();
    direct = undefined;
  }, 60_000);

  it('gives up with exit code 75 when the server cannot be started again (its port taken), answering 503 until then', async () => {
    const { pid, port } = postmaster();
    process.kill(pid, 'SIGKILL');
    blocker = createServer((socket) => socket.destroy());
    for (let bound = false; !bound; await sleep(10)) {
      bound = await new Promise<boolean>((resolve) => {
        blocker!.once('error', () => resolve(false));
        blocker!.listen(port, '127.0.0.1', () => resolve(true));
      });
    }
    const res = await fetch(`${server.base}/Datalists/Branches`, { headers: { 'x-tw-token': server.credentials.personalAccessToken.token } });
    expect(res.status).toBe(503);
    expect(await server.exited).toBe(75);
    expect(server.output()).toMatch(/restarting embedded PostgreSQL failed \(attempt \d of 6: PostgreSQL did not start: .*(in use|could not bind)/i);
    expect(server.output()).toMatch(/embedded PostgreSQL could not be kept running \(.*\): stopping with exit code 75/);
  }, 60_000);
});
