// `staffing worker` as its own process: it processes items, a SIGKILL mid-item leaves the item to be
// retried after its lease with nothing lost, and SIGTERM stops it cleanly (deregistered, exit 0).
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestContext } from '../../test/helpers.ts';
import { batchJobItems } from '../platform/jobs/job.table.ts';
import { createBackground } from '../platform/background.ts';
import { jobCatalog } from '../resources/jobs.ts';
import { stageResume } from '../resources/staging/staged-employee.repository.ts';
import { createBatchJob } from '../resources/batch-jobs/batch-job.repository.ts';
import { makeResume, SAMPLE_PERSON } from '../resources/resumes/resume.fixtures.ts';
import { principalOfRep } from '../platform/auth/rep-principal.ts';
import { DataScope } from '../platform/scope.ts';

const bin = new URL('../../bin/staffing.js', import.meta.url).pathname;
let t: TestContext;
let scope: DataScope;
let hanging: Server;

beforeAll(async () => {
  t = await testApp();
  scope = new DataScope(t.database.db, (await principalOfRep(t.database.db, t.tenant.tenantId, t.tenant.north.repId))!);
  // An external parser that never answers: the item stays in the worker's hands until it is killed.
  hanging = createServer(() => {});
  await new Promise<void>((r) => hanging.listen(0, '127.0.0.1', r));
});
afterAll(async () => {
  hanging.closeAllConnections();
  await new Promise((r) => hanging.close(r));
  await t.close();
});

function worker(extraEnv: Record<string, string>, ...args: string[]): ChildProcess {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: t.database.url, LOG_LEVEL: 'silent', ...extraEnv };
  delete env.BASE_URL; // Vite sets BASE_URL=/ for its own purposes
  return spawn(process.execPath, [bin, 'worker', ...args], { env, stdio: 'ignore' });
}
const exited = (child: ChildProcess) => new Promise<number | null>((r) => child.once('exit', (code) => r(code)));

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, what: string): Promise<T> {
  for (let i = 0; i < 600; i++) {
    const v = await read();
    if (ok(v)) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out: ${what}`);
}
const item = async (id: number) => (await t.database.db.select().from(batchJobItems).where(and(eq(batchJobItems.tenantId, t.tenant.tenantId), eq(batchJobItems.id, id))))[0]!;
const workers = async () => (await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from batch_workers`)).rows[0]!.n;
/** The LISTEN connections on this file's database, by the name an operator sees in pg_stat_activity. */
const listeners = async () => (await t.database.db.execute<{ n: number }>(
  sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = 'staffing listen'`)).rows[0]!.n;

describe('staffing worker', () => {
  it('a worker killed (SIGKILL) mid-item leaves it to be retried after its lease; nothing is lost', async () => {
    const job = await createBatchJob(scope, 'Staged_Employee_Import_Resume_Data', {});
    const staged = await stageResume(scope, job, { fileName: 'cv.docx', contentType: 'application/octet-stream', bytes: await makeResume(SAMPLE_PERSON, 'docx'), format: 'docx' });
    const child = worker({ RESUME_PARSER_URL: `http://127.0.0.1:${(hanging.address() as AddressInfo).port}/parse`, RESUME_PARSE_TIMEOUT_MS: '120000', BATCH_LEASE_SECONDS: '5' }, '--types', 'Staged_Employee_Import_Resume_Data');
    const held = await until(() => item(staged.batchJobItemId), (i) => i.status === 'Processing', 'the worker claims the item');
    expect(held.attempts).toBe(1);
    child.kill('SIGKILL');
    await exited(child);

    // Another worker (built-in parser) takes the item over once the lease has run out.
    const rescuer = createBackground(t.database, t.config, jobCatalog(t.app.resumeParser), pino({ level: 'silent' }), { pollMs: 200 });
    await rescuer.start();
    try {
      const done = await until(() => item(staged.batchJobItemId), (i) => i.status === 'Completed', 'the item is retried');
      expect(done.attempts).toBe(2);
      expect(done.workerId).not.toBe(held.workerId);
    } finally { await rescuer.stop(); }
    const record = await t.app.inject({ method: 'GET', url: `/Staging/Employees/${staged.stagedEmployeeId}`, headers: { 'x-tw-token': t.tenant.northToken.token } });
    expect(record.json()).toMatchObject({ parseStatus: 'Parsed', firstName: 'Renée' });
  });

  it('--types limits what it listens for; its LISTEN connection is named; SIGTERM stops it cleanly (deregistered, exit 0)', async () => {
    const before = await workers(), listening = await listeners();
    const child = worker({}, '--types', 'Delete_Staged_Employees', '--concurrency', '1');
    await until(workers, (n) => n === before + 1, 'the worker registers');
    await until(listeners, (n) => n === listening + 1, 'the worker listens as "staffing listen"');
    const types = await t.database.db.execute<{ types: string[] }>(sql`select types from batch_workers order by last_seen_at desc limit 1`);
    expect(types.rows[0]!.types).toEqual(['Delete_Staged_Employees']);
    child.kill('SIGTERM');
    expect(await exited(child)).toBe(0);
    expect(await workers()).toBe(before);
  });

  it('refuses an unknown type', async () => {
    const child = worker({}, '--types', 'No_Such_Type');
    expect(await exited(child)).toBe(64);
  });
});
