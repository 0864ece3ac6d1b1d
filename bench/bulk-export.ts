// The export half of `npm run bench -- bulk` (issue 29 item 4; bench/bulk.ts calls runBulkExport, or
// run it alone: `node --import tsx bench/bulk-export.ts`): 100,000 employees (`BENCH_EXPORT_EMPLOYEES`)
// exported by an Export_Employees job in each format (`BENCH_EXPORT_FORMATS`, default csv,xlsx,jsonl)
// by a `staffing worker` process of its own (the API's in-process worker off), timed from the job's
// creation to Completed; the worker's peak resident memory during each export (VmHWM, reset before
// it) is the figure, its start-up's peak beside it. Target: under 256 MB. The file is downloaded as a stream and its rows counted (every employee once: the header
// and 100,000 lines). Writes bench/results/bulk-export.json.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { root, seedDemo, startService, stop, switchPass, waitFor, type Service } from './harness.ts';
import { ENTRY, entryNodeFlags } from '../src/cli/entry-flags.ts';

const EMPLOYEES = Number(process.env.BENCH_EXPORT_EMPLOYEES ?? 100_000);
const FORMATS = (process.env.BENCH_EXPORT_FORMATS ?? 'csv,xlsx,jsonl').split(',');
const TARGET_MB = 256;

/** Fills the demo tenant up to EMPLOYEES employees; answers how many it holds. */
async function seed(dataDir: string): Promise<number> {
  const { sql } = await import('drizzle-orm');
  return seedDemo(dataDir, { employees: EMPLOYEES, customers: 0 }, async (db) => (await db.execute<{ n: number }>(sql`select count(*)::int as n
    from employees e join tenants t on t.id = e.tenant_id where t.name = 'demo'`)).rows[0]!.n);
}

/** The worker process's resident set now (VmRSS) or at its peak (VmHWM, since start or the last resetPeak), in MB. */
function memoryMb(child: ChildProcess, which: 'VmRSS' | 'VmHWM' = 'VmHWM'): number {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  const kb = Number(new RegExp(`${which}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN);
  return Math.round(kb / 102.4) / 10;
}
const peakMb = (child: ChildProcess) => memoryMb(child, 'VmHWM');

/**
 * Starts the peak over (Linux: `5` to /proc/<pid>/clear_refs resets VmHWM to the current RSS), so an
 * export's peak is its own and not the start-up's (migrations and reference data loaded at start).
 */
function resetPeak(child: ChildProcess): void {
  writeFileSync(`/proc/${child.pid}/clear_refs`, '5');
}

/** `staffing worker --types Export_Employees` on the service's database, in its own process. */
async function startWorkerProcess(service: Service): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: service.dataDir, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  // BENCH_WORKER_NODE_FLAGS (space-separated) replaces the entry's flags: to compare V8 settings.
  const flags = process.env.BENCH_WORKER_NODE_FLAGS === undefined ? entryNodeFlags() : process.env.BENCH_WORKER_NODE_FLAGS.split(' ').filter(Boolean);
  return spawn(process.execPath, [...flags, ENTRY, 'worker', '--types', 'Export_Employees', '--concurrency', '1'], { env, stdio: ['ignore', 'inherit', 'inherit'] });
}

/** The downloaded file's lines, counted as it streams in. */
async function countLines(response: Response): Promise<{ bytes: number; lines: number }> {
  let bytes = 0, lines = 0;
  for await (const chunk of response.body!) {
    const part: Uint8Array = chunk;
    bytes += part.length;
    for (const b of part) if (b === 10) lines++;
  }
  return { bytes, lines };
}

/** One export: the job, its time to Completed, the file's size and rows. */
async function exportOnce(service: Service, format: string) {
  const headers = { ...service.headers, 'content-type': 'application/json' };
  const started = performance.now();
  const created = await fetch(`${service.base}/batchjobs`, { method: 'POST', headers, body: JSON.stringify({ batchJobType: 'Export_Employees', batchJobParameters: { format } }) });
  if (created.status !== 201) throw new Error(`creating the export: ${created.status} ${await created.text()}`);
  const { batchJobId } = await created.json() as { batchJobId: number };
  let job: { status: string; details: { failedItems: number; failures: unknown[] } } | undefined;
  await waitFor(async () => {
    job = await (await fetch(`${service.base}/batchjobs/${batchJobId}`, { headers: service.headers })).json();
    return job?.status === 'Completed';
  }, `export ${batchJobId}`, 600_000);
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  if (job!.details.failedItems) throw new Error(`export ${batchJobId} failed: ${JSON.stringify(job!.details.failures)}`);
  const file = await fetch(`${service.base}/batchjobs/${batchJobId}/file`, { headers: service.headers });
  if (file.status !== 200) throw new Error(`downloading export ${batchJobId}: ${file.status}`);
  // XLSX is zipped: its rows are not lines; the count is checked for the text formats.
  const { bytes, lines } = await countLines(file);
  return { format, seconds, megabytes: Math.round(bytes / 104857.6) / 10, lines: format === 'xlsx' ? null : lines };
}

export async function runBulkExport() {
  const service = await startService();
  let worker: ChildProcess | undefined;
  try {
    const employees = await seed(service.dataDir);
    // The API without its worker: the export's memory is the worker process's alone.
    await switchPass(service, { label: 'no in-process worker', env: { WORKER_IN_PROCESS: 'false' } });
    worker = await startWorkerProcess(service);
    // An export of nothing, done once the worker process listens.
    const probe = await fetch(`${service.base}/batchjobs`, { method: 'POST', headers: { ...service.headers, 'content-type': 'application/json' }, body: JSON.stringify({ batchJobType: 'Export_Employees', batchJobParameters: { format: 'csv', lastName: 'NoSuchNameAtAll' } }) });
    const { batchJobId: probeId } = await probe.json() as { batchJobId: number };
    await waitFor(async () => (await (await fetch(`${service.base}/batchjobs/${probeId}`, { headers: service.headers })).json() as { status: string }).status === 'Completed', 'the worker process', 120_000);
    const startupPeakMb = peakMb(worker);
    const runs = [];
    for (const format of FORMATS) {
      const before = memoryMb(worker, 'VmRSS');
      resetPeak(worker);
      const run = await exportOnce(service, format);
      runs.push({ ...run, workerRssBeforeMb: before, workerPeakMb: peakMb(worker) });
      console.log(`  ${format}: ${run.seconds} s, ${run.megabytes} MB${run.lines === null ? '' : `, ${run.lines.toLocaleString('en')} lines`}; worker RSS ${before} MB before, peak ${peakMb(worker)} MB during`);
    }
    const peak = Math.max(...runs.map((r) => r.workerPeakMb));
    const idleMb = startupPeakMb;
    const complete = runs.every((r) => r.lines === null || r.lines === employees + (r.format === 'csv' ? 1 : 0));
    const result = {
      date: new Date().toISOString(), node: process.version, cores: cpus().length, loadAverage1m: loadavg()[0],
      employees, workerStartupPeakMb: idleMb, workerPeakMb: peak, target: `worker peak RSS under ${TARGET_MB} MB`, met: peak < TARGET_MB && complete, everyRowOnce: complete, runs,
    };
    console.log(`\nExport: ${employees.toLocaleString('en')} employees per format; worker peak RSS during an export ${peak} MB (its start-up's peak ${idleMb} MB); target under ${TARGET_MB} MB: ${result.met ? 'met' : 'NOT met'}\n`);
    mkdirSync(join(root, 'bench/results'), { recursive: true });
    writeFileSync(join(root, 'bench/results/bulk-export.json'), JSON.stringify(result, null, 2) + '\n');
    return result;
  } finally {
    if (worker) await stop(worker);
    await stop(service.child);
    rmSync(service.dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runBulkExport();
