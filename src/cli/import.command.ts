// `staffing import resumes <folder>`: a bulk import through the API, as any integrator would do it:
// create a Staged_Employee_Import_Resume_Data job, upload every resume (a few at a time), and show
// progress until the job is Completed; then a summary of failures.
import { readdir, readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { Type, type Static, type TSchema } from 'typebox';
import { Value } from 'typebox/value';
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

// What the command reads of the API's answers (the rest is ignored): checked, so an answer of
// another shape is an error naming the call, not an undefined read later.
const Problem = Type.Object({ detail: Type.Optional(Type.String()) });
const JobCreated = Type.Object({ batchJobId: Type.Integer() });
const ResumeStaged = Type.Object({ stagedEmployeeId: Type.Integer() });
const JobState = Type.Object({
  status: Type.String(),
  details: Type.Object({ totalItems: Type.Integer(), completedItems: Type.Integer(), failedItems: Type.Integer(), message: Type.Union([Type.String(), Type.Null()]) }),
});
const FailedItems = Type.Object({
  data: Type.Array(Type.Object({ recordId: Type.Integer(), failureReason: Type.Union([Type.String(), Type.Null()]) })),
  totalCount: Type.Integer(),
});

class ApiError extends Error {
  constructor(readonly status: number, detail: string) { super(detail); }
}

export async function importResumes(o: ImportOptions): Promise<ImportSummary> {
  const out = o.out ?? process.stderr;
  const api = async <S extends TSchema>(path: string, answer: S, init: RequestInit = {}): Promise<Static<S>> => {
    const res = await fetch(`${o.baseUrl}${path}`, { ...init, headers: { 'x-tw-token': o.token, accept: 'application/json', ...(init.headers ?? {}) } });
    const body = await res.text();
    let json: unknown;
    try { json = JSON.parse(body); } catch { /* not JSON */ }
    if (!res.ok) throw new ApiError(res.status, (Value.Check(Problem, json) ? json.detail : undefined) ?? body);
    if (!Value.Check(answer, json)) throw new ApiError(res.status, `${path} answered what the command does not read: ${body.slice(0, 200)}`);
    return json;
  };

  const files = (await readdir(o.folder, { withFileTypes: true }))
    .filter((e) => e.isFile() && TYPES[extname(e.name).toLowerCase()]).map((e) => e.name).sort();
  const { batchJobId } = await api('/batchjobs', JobCreated, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ batchJobType: 'Staged_Employee_Import_Resume_Data', batchJobParameters: { skipInterestCodes: o.skipInterestCodes } }),
  });
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
        const staged = await api('/Staging/Employees/Resumes', ResumeStaged, { method: 'POST', body: form });
        fileOfRecord.set(staged.stagedEmployeeId, name);
      } catch (e) {
        if (!(e instanceof ApiError)) throw e;
        uploadFailures.push({ file: name, status: e.status, detail: e.message });
      }
      uploads?.increment();
    }
  }));

  let job: Static<typeof JobState>;
  for (;;) {
    job = await api(`/batchjobs/${batchJobId}`, JobState);
    parsed?.setTotal(job.details.totalItems);
    parsed?.update(job.details.completedItems + job.details.failedItems);
    if (job.status === 'Completed' || job.details.totalItems === 0) break;
    if (job.details.message && job.details.completedItems + job.details.failedItems === 0) out.write(`${job.details.message}\n`);
    await new Promise((r) => setTimeout(r, o.pollMs ?? 500));
  }
  bar?.stop();

  const itemFailures: ImportSummary['itemFailures'] = [];
  for (let skip = 0; ; skip += 1000) {
    const page = await api(`/batchjobs/${batchJobId}/items?status=Failed&skip=${skip}&take=1000`, FailedItems);
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
    console.error(e instanceof ApiError ? `The API answered ${e.status}: ${e.message}` : `Import failed: ${e instanceof Error ? e.message : String(e)}`);
    return 2;
  }
}
