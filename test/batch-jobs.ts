// Batch jobs as a test drives them through the API: queue one, wait for the worker to finish it.
import { expect } from 'vitest';
import type { Caller } from './helpers.ts';

export function batchJobsOf(caller: Caller) {
  /** Queues a job (201); answers its id. */
  async function job(batchJobType: string, batchJobParameters: Record<string, unknown> = {}): Promise<number> {
    const res = await caller({ method: 'POST', url: '/batchjobs', payload: { batchJobType, batchJobParameters } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().batchJobId;
  }
  /** Waits (up to `seconds`) for the worker to finish the job (its status, polled); answers the job as GET shows it. */
  async function completed(batchJobId: number, seconds = 30): Promise<Record<string, unknown>> {
    for (let i = 0; i < seconds * 10; i++) {
      const found = (await caller({ method: 'GET', url: `/batchjobs/${batchJobId}` })).json();
      if (found.status === 'Completed') return found;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`batch job ${batchJobId} did not complete`);
  }
  return { job, completed };
}
