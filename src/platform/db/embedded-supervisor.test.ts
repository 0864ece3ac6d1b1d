// The embedded server's supervisor against a stand-in server: restart when it stops, bounded
// attempts, give up (so the process exits for an outer supervisor) when they all fail or the server
// keeps dying. The real server and process: test/e2e/database-outage.test.ts.
import { describe, expect, it } from 'vitest';
import { superviseEmbedded } from './embedded-supervisor.ts';

const DELAYS = [10, 20, 30];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A stand-in server: `up` says whether it runs; `restart` succeeds while `startable`. */
function standIn() {
  const server = {
    port: 5555, startedHere: true, up: true, startable: true, restarts: 0,
    running: () => server.up,
    restart: async () => {
      server.restarts++;
      if (!server.startable) throw new Error('could not bind IPv4 address "127.0.0.1": Address already in use');
      server.up = true;
    },
  };
  return server;
}

function watch(server: ReturnType<typeof standIn>) {
  const lines: string[] = [];
  let gaveUp = 0;
  const supervisor = superviseEmbedded(server, { log: (m) => lines.push(m), onGiveUp: () => { gaveUp++; }, checkMs: 5, delaysMs: DELAYS });
  return { lines, gaveUp: () => gaveUp, stop: supervisor.stop };
}

describe('the embedded server supervisor', () => {
  it('starts a server that stopped again, and says so', async () => {
    const server = standIn();
    const w = watch(server);
    try {
      await sleep(30);
      expect(server.restarts).toBe(0);
      server.up = false;
      await sleep(100);
      expect(server.up).toBe(true);
      expect(server.restarts).toBe(1);
      expect(w.lines.join('\n')).toMatch(/port 5555\) is not running: restarting it\n.*is back on port 5555 \(attempt 1 of 3/);
    } finally { w.stop(); }
  });

  it('gives up after the bounded attempts all failed, logging each', async () => {
    const server = standIn();
    server.startable = false;
    const w = watch(server);
    try {
      server.up = false;
      await sleep(250);
      expect(server.restarts).toBe(3);
      expect(w.gaveUp()).toBe(1);
      expect(w.lines.filter((l) => l.includes('failed (attempt'))).toHaveLength(2);
      expect(w.lines.at(-1)).toMatch(/could not be kept running \(3 attempts failed; the last: could not bind.*exit code 75/);
    } finally { w.stop(); }
  });

  it('gives up on a server that keeps dying right after each restart', async () => {
    const server = standIn();
    const w = watch(server);
    try {
      for (let i = 0; i < 5 && w.gaveUp() === 0; i++) {
        server.up = false;
        await sleep(120);
      }
      expect(server.restarts).toBe(3);
      expect(w.gaveUp()).toBe(1);
      expect(w.lines.at(-1)).toMatch(/stopped again within 60 s of each of 3 restarts/);
    } finally { w.stop(); }
  });

  it('does nothing once stopped (the process stops the server itself)', async () => {
    const server = standIn();
    const w = watch(server);
    w.stop();
    server.up = false;
    await sleep(80);
    expect(server.restarts).toBe(0);
  });
});
