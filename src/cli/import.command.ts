// `staffing import resumes <folder>`: a bulk import through the API, as any integrator would do it:
// create a Staged_Employee_Import_Resume_Data job, upload every resume (a few at a time), and show
// progress until the job is Completed; then a summary of failures.
import { readdir, readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import type { Config } from '../config.ts';
import { UsageError } from './refusals.ts';
import { usageText, type CommandUsage } from './usage.ts';

export const IMPORT_USAGE: CommandUsage = {
  resumes: {
    args: '<folder> [--token <x-tw-token> | STAFFING_TOKEN=...] [--url <api>] [--concurrency 1-32] [--skip-interest-codes]',
    does: `bulk-import resumes through the API into a batch job, with progress; the token needs the
           batchjob-read and batchjob-write scopes (staffing token create --scopes batchjob-read,batchjob-write)`,
  },
};

const TYPES: Record<string, string> = {
  '.pdf': 'application/pdf', '.doc': 'application/msword', '.txt': 'text/plain', '.rtf': 'application/rtf',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

export interface ImportOptions {
  folder: string; baseUrl: string; token: string; concurrency: number; skipInterestCodes: boolean;
  /** Progress and summary go here (stderr by default); a bar only on a terminal. */
  out?: NodeJS.WritableStream & { isTTY?: boolean };
  pollMs?: number;
}
export interface ImportSummary {
  batchJobId: number; files: number; uploaded: number; completed: number; failed: number;
  uploadFailures: { file: string; status: number; detail: string }[];
  itemFailures: { file: string; reason: string }[];
}

class ApiError extends Error {
  constructor(readonly status: number, detail: string) { super(detail); }
}

export async function importResumes(o: ImportOptions): Promise<ImportSummary> {
  const out = o.out ?? process.stderr;
  const api = async (path: string, init: RequestInit = {}) => {
    const res = await fetch(`${o.baseUrl}${path}`, { ...init, headers: { 'x-tw-token': o.token, accept: 'application/json', ...(init.headers ?? {}) } });
    const body = await res.text();
    if (!res.ok) {
      let detail = body;
      try { detail = (JSON.parse(body) as { detail?: string; title?: string }).detail ?? detail; } catch { /* not JSON */ }
      throw new ApiError(res.status, detail);
    }
    return body ? JSON.parse(body) : undefined;
  };

  const files = (await readdir(o.folder, { withFileTypes: true }))
    .filter((e) => e.isFile() && TYPES[extname(e.name).toLowerCase()]).map((e) => e.name).sort();
  const { batchJobId } = await api('/batchjobs', {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ batchJobType: 'Staged_Employee_Import_Resume_Data', batchJobParameters: { skipInterestCodes: o.skipInterestCodes } }),
  }) as { batchJobId: number };
  out.write(`Batch job ${batchJobId}: ${files.length} resumes from ${o.folder}\n`);

  const bar = out.isTTY ? new cliProgress.MultiBar({ stream: out, format: ' {task} [{bar}] {value}/{total}', hideCursor: true }, cliProgress.Presets.shades_classic) : undefined;
  const uploads = bar?.create(files.length, 0, { task: 'uploaded ' });
  const parsed = bar?.create(files.length, 0, { task: 'processed' });
  const fileOfRecord = new Map<number, string>();
  const uploadFailures: ImportSummary['uploadFailures'] = [];
  let next = 0;
  await Promise.all(Array.from({ length: Math.max(1, o.concurrency) }, async () => {
    while (next < files.length) {
      const name = files[next++]!;
      const form = new FormData();
      form.append('batchJobId', String(batchJobId));
      form.append('resume', new Blob([new Uint8Array(await readFile(join(o.folder, name)))], { type: TYPES[extname(name).toLowerCase()]! }), name);
      try {
        const staged = await api('/Staging/Employees/Resumes', { method: 'POST', body: form }) as { stagedEmployeeId: number };
        fileOfRecord.set(staged.stagedEmployeeId, name);
      } catch (e) {
        if (!(e instanceof ApiError)) throw e;
        uploadFailures.push({ file: name, status: e.status, detail: e.message });
      }
      uploads?.increment();
    }
  }));

  type Job = { status: string; details: { totalItems: number; completedItems: number; failedItems: number; message: string | null } };
  let job: Job;
  for (;;) {
    job = await api(`/batchjobs/${batchJobId}`) as Job;
    parsed?.setTotal(job.details.totalItems);
    parsed?.update(job.details.completedItems + job.details.failedItems);
    if (job.status === 'Completed' || job.details.totalItems === 0) break;
    if (job.details.message && job.details.completedItems + job.details.failedItems === 0) out.write(`${job.details.message}\n`);
    await new Promise((r) => setTimeout(r, o.pollMs ?? 500));
  }
  bar?.stop();

  const itemFailures: ImportSummary['itemFailures'] = [];
  for (let skip = 0; ; skip += 1000) {
    const page = await api(`/batchjobs/${batchJobId}/items?status=Failed&skip=${skip}&take=1000`) as { data: { recordId: number; failureReason: string | null }[]; totalCount: number };
    for (const item of page.data) itemFailures.push({ file: fileOfRecord.get(item.recordId) ?? `staged employee ${item.recordId}`, reason: item.failureReason ?? '' });
    if (skip + 1000 >= page.totalCount) break;
  }
  const summary = {
    batchJobId, files: files.length, uploaded: fileOfRecord.size, completed: job.details.completedItems, failed: job.details.failedItems, uploadFailures, itemFailures,
  };
  out.write(`Done: ${summary.completed} parsed, ${summary.failed} failed to parse, ${uploadFailures.length} refused at upload (batch job ${batchJobId}).\n`);
  for (const f of uploadFailures) out.write(`  refused  ${f.file}: ${f.status} ${f.detail}\n`);
  for (const f of itemFailures) out.write(`  failed   ${f.file}: ${f.reason}\n`);
  out.write(`Staged employees: GET ${o.baseUrl}/Staging/Employees?batchJobId=${batchJobId}\n`);
  return summary;
}

export async function importCommand(config: Config, args: string[]): Promise<number> {
  const [what, ...rest] = args;
  const { values, positionals } = parseArgs({
    args: rest, allowPositionals: true,
    options: { url: { type: 'string' }, token: { type: 'string' }, concurrency: { type: 'string', default: '4' }, 'skip-interest-codes': { type: 'boolean', default: false } },
  });
  const token = values.token ?? process.env.STAFFING_TOKEN;
  const concurrency = Number(values.concurrency);
  if (what !== 'resumes' || positionals.length !== 1 || !token || !(Number.isInteger(concurrency) && concurrency >= 1 && concurrency <= 32)) {
    throw new UsageError(usageText('import', IMPORT_USAGE));
  }
  try {
    const summary = await importResumes({ folder: positionals[0]!, baseUrl: (values.url ?? config.BASE_URL).replace(/\/$/, ''), token, concurrency, skipInterestCodes: values['skip-interest-codes'] ?? false });
    return summary.uploadFailures.length + summary.failed === 0 ? 0 : 1;
  } catch (e) {
    // Not a refusal of this command's words or input (refusals.ts): the API refused the run or was not there.
    console.error(e instanceof ApiError ? `The API answered ${e.status}: ${e.message}` : `Import failed: ${(e as Error).message}`);
    return 2;
  }
}
