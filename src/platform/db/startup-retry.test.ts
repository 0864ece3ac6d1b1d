// A process starting while its database restarts waits for it (retryWhileUnreachable), instead of
// exiting: the chaos test saw an API process die on ECONNRESET in its migrations during `pg_ctl restart`.
import { describe, expect, it } from 'vitest';
import { retryWhileUnreachable } from './database.ts';

const reset = () => Object.assign(new Error('connect ECONNRESET 127.0.0.1:5432'), { code: 'ECONNRESET' });

describe('retryWhileUnreachable', () => {
  it('tries a step again while the database cannot be reached, and answers what it finally answers', async () => {
    let calls = 0;
    const said: string[] = [];
    const answer = await retryWhileUnreachable(async () => {
      if (++calls < 3) throw reset();
      return 'migrated';
    }, (m) => said.push(m));
    expect(answer).toBe('migrated');
    expect(calls).toBe(3);
    expect(said).toHaveLength(2);
  });

  it('passes any other error at once, and a connection failure once its time is up', async () => {
    let calls = 0;
    await expect(retryWhileUnreachable(async () => { calls++; throw new Error('relation "x" does not exist'); }, () => {})).rejects.toThrow('relation');
    expect(calls).toBe(1);
    await expect(retryWhileUnreachable(async () => { throw reset(); }, () => {}, 0)).rejects.toThrow('ECONNRESET');
  });
});
