// Costly work takes turns: at most `limit` at once, the rest first come first served, refused 503
// with Retry-After once they have waited too long (issue 14 item 13).
import { describe, expect, it } from 'vitest';
import { admission } from './admission.ts';
import pino from 'pino';
import { AppError, logAppError } from './errors.ts';

/** A piece of work that ends when told to. */
function held() {
  let finish = () => {};
  const done = new Promise<void>((resolve) => { finish = resolve; });
  return { work: () => done, finish };
}

describe('admission of costly work', () => {
  it('runs at most `limit` at once; the others start in the order they came as places free up', async () => {
    const admit = admission(2, 5000);
    const started: string[] = [];
    const pieces = ['a', 'b', 'c', 'd'].map((name) => {
      const h = held();
      return { name, finish: h.finish, result: admit(async () => { started.push(name); await h.work(); return name; }) };
    });
    await new Promise((r) => setTimeout(r, 10));
    expect(started).toEqual(['a', 'b']);
    pieces[1]!.finish();
    await pieces[1]!.result;
    await new Promise((r) => setTimeout(r, 10));
    expect(started).toEqual(['a', 'b', 'c']);
    for (const p of pieces) p.finish();
    expect(await Promise.all(pieces.map((p) => p.result))).toEqual(['a', 'b', 'c', 'd']);
  });

  it('a piece that waits longer than its limit is refused 503 with Retry-After and never runs; a failing piece frees its place', async () => {
    const admit = admission(1, 50);
    const first = held();
    const running = admit(first.work);
    let ran = false;
    const refused = await admit(async () => { ran = true; }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 503, code: 'OVERLOADED', headers: { 'retry-after': '2' } });
    first.finish();
    await running;
    await expect(admit(() => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    expect(await admit(async () => 'next')).toBe('next');
    expect(ran).toBe(false);
  });
});

describe('the log of a refusal', () => {
  it('a 503 (load shed as designed) is a warning without a stack; other 5xx are errors; 4xx are not logged', async () => {
    const lines: { level: number; err?: unknown; code?: string }[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => { lines.push(JSON.parse(line)); } });
    const admit = admission(1, 1), first = held();
    const running = admit(first.work);
    const refused = await admit(async () => {}).catch((e: unknown) => e);
    first.finish();
    await running;
    if (!(refused instanceof AppError)) throw new Error('not refused');
    logAppError(log, refused, 'request failed');
    logAppError(log, new AppError('EXTERNAL_FAILED'), 'request failed');
    logAppError(log, new AppError('NOT_FOUND'), 'request failed');
    expect(lines.map((l) => [l.level, l.code, l.err === undefined])).toEqual([[40, 'OVERLOADED', true], [50, undefined, false]]);
  });
});
