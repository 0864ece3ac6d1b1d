// Bulk resume import end to end (issue 5): 1,000 mixed resumes (PDF, DOCX, DOC, RTF, TXT) uploaded
// through the API into one batch job, timed from the first upload until the job is Completed, with
// the service's in-process worker doing the parsing. Target: under 60 s on the 2-core machine.
// Run alone: `npm run bench -- batch`.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { root, startService, stop } from './harness.ts';
import { makeResume, SAMPLE_PERSON, type FixturePerson } from '../src/resources/resumes/resume.fixtures.ts';
import type { ResumeFormat } from '../src/resources/resumes/resume.text.ts';
import { importResumes } from '../src/cli/import.command.ts';

const COUNT = Number(process.env.BENCH_RESUMES ?? 1000);
const FORMATS: ResumeFormat[] = ['pdf', 'docx', 'doc', 'rtf', 'txt'];
const FIRST = ['Maria', 'James', 'Aisha', 'Wei', 'Carlos', 'Olga', 'Tomás', 'Priya', 'Kwame', 'Sofia'];
const LAST = ['Garcia', 'Smith', 'Okafor', 'Chen', 'Nguyen', 'Kowalski', 'Reyes', 'Patel', 'Mensah', 'Rossi'];

function person(i: number): FixturePerson {
  const firstName = FIRST[i % FIRST.length]!, lastName = `${LAST[Math.floor(i / FIRST.length) % LAST.length]}${i}`;
  return { ...SAMPLE_PERSON, firstName, lastName, email: `${firstName}.${lastName}@example.com`.toLowerCase(), phone: `Mobile: (312) 555-${String(1000 + (i % 9000)).padStart(4, '0')}` };
}

export async function runBatchImport() {
  const folder = mkdtempSync(join(tmpdir(), 'bench-resumes-'));
  console.log(`Generating ${COUNT} resumes…`);
  for (let i = 0; i < COUNT; i++) {
    const format = FORMATS[i % FORMATS.length]!;
    writeFileSync(join(folder, `resume-${String(i).padStart(4, '0')}.${format}`), await makeResume(person(i), format, { fillerLines: 12 }));
  }
  const service = await startService();
  try {
    const started = performance.now();
    const summary = await importResumes({
      folder, baseUrl: service.base, token: service.headers['x-tw-token']!, concurrency: 8, skipInterestCodes: false, pollMs: 200,
      out: new Writable({ write: (_c, _e, done) => done() }),
    });
    const seconds = Math.round((performance.now() - started) / 100) / 10;
    const result = {
      date: new Date().toISOString(), node: process.version, cores: cpus().length, loadAverage1m: loadavg()[0],
      resumes: COUNT, seconds, perSecond: Math.round((COUNT / seconds) * 10) / 10, target: 'under 60 s', met: seconds < 60 && summary.failed === 0,
      completed: summary.completed, failed: summary.failed, refused: summary.uploadFailures.length,
    };
    console.log(`\nBatch import: ${COUNT} mixed resumes (PDF, DOCX, DOC, RTF, TXT) from first upload to Completed`);
    console.log(`  ${seconds} s (${result.perSecond} resumes/s), ${summary.completed} parsed, ${summary.failed} failed, ${summary.uploadFailures.length} refused; target under 60 s: ${result.met ? 'met' : 'NOT met'}\n`);
    mkdirSync(join(root, 'bench/results'), { recursive: true });
    writeFileSync(join(root, 'bench/results/batch-import.json'), JSON.stringify(result, null, 2) + '\n');
    return result;
  } finally {
    await stop(service.child);
    rmSync(service.dataDir, { recursive: true, force: true });
    rmSync(folder, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runBatchImport();
