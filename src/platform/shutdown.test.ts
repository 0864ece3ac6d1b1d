// A long-running command exits with its code within the stop limit, whatever its stop waits for.
import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { stopOnSignals } from './shutdown.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function harness(stop: (reason: string, code: number) => Promise<void>, limitMs = 50) {
  const signals = new EventEmitter();
  const exits: number[] = [];
  const requestStop = stopOnSignals(stop, { limitMs, signals, exit: (code) => exits.push(code) });
  return { signals, exits, requestStop };
}

describe('stopOnSignals', () => {
  it('on SIGTERM stops once and exits 0; further signals and requests start no second stop', async () => {
    const stop = vi.fn(async () => {});
    const { signals, exits, requestStop } = harness(stop);
    signals.emit('SIGTERM');
    signals.emit('SIGINT');
    requestStop('the embedded database is lost', 75);
    await sleep(100);
    expect(stop.mock.calls).toEqual([['SIGTERM', 0]]);
    expect(exits).toEqual([0]);
  });

  it('a stop that never ends (the database is gone) still exits, with the requested code, after the limit', async () => {
    const { exits, requestStop } = harness(() => new Promise(() => {}));
    requestStop('the embedded database is lost', 75);
    await sleep(10);
    expect(exits).toEqual([]);
    await sleep(100);
    expect(exits).toEqual([75]);
  });

  it('a stop that fails exits at once: with the requested code, or 1 instead of 0', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const lost = harness(() => Promise.reject(new Error('connection terminated')), 10_000);
      lost.requestStop('the embedded database is lost', 75);
      const signalled = harness(() => Promise.reject(new Error('connection terminated')), 10_000);
      signalled.signals.emit('SIGINT');
      await sleep(10);
      expect([lost.exits, signalled.exits]).toEqual([[75], [1]]);
      expect(error).toHaveBeenCalledWith('stopping failed:', expect.any(Error));
    } finally {
      error.mockRestore();
    }
  });
});
