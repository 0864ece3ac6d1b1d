// Resume parsing speed: a generated two-page resume in each format (PDF, DOCX, DOC, RTF, TXT), parsed
// N times in the calling thread and N times through the worker pool (as many files in flight as
// threads). Prints mean and p99 ms per file and files/s per core; writes bench/results/resume-parse.json.
// Run: node --import tsx bench/resume-parse.ts   (BENCH_RESUMES=N, default 100)
// Target (issue 5): a two-page DOCX or PDF parsed in under 50 ms.
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { builtInParser } from '../src/resources/resumes/resume.parser.ts';
import { makeResume, SAMPLE_PERSON } from '../src/resources/resumes/resume.fixtures.ts';
import type { ResumeFormat } from '../src/resources/resumes/resume.text.ts';
import type { ResumeParser } from '../src/resources/resumes/resume.types.ts';

const FORMATS: ResumeFormat[] = ['pdf', 'docx', 'doc', 'rtf', 'txt'];
const N = Number(process.env.BENCH_RESUMES ?? 100);
const TARGET_MS = 50;

interface Timing { meanMs: number; p99Ms: number; filesPerSecondPerCore: number }

const round = (n: number) => Math.round(n * 100) / 100;

function summarize(times: number[], wallMs: number, cores: number): Timing {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    meanMs: round(times.reduce((a, b) => a + b, 0) / times.length),
    p99Ms: round(sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)]!),
    filesPerSecondPerCore: round((times.length / (wallMs / 1000)) / cores),
  };
}

/** `concurrency` files in flight until `n` are parsed; the time of each and the wall time. */
async function run(parser: ResumeParser, bytes: Buffer, n: number, concurrency: number): Promise<{ times: number[]; wallMs: number }> {
  const times: number[] = [];
  let started = 0;
  const start = performance.now();
  const lane = async () => {
    while (started < n) {
      started++;
      const t = performance.now();
      await parser.parse(bytes);
      times.push(performance.now() - t);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  return { times, wallMs: performance.now() - start };
}

async function main() {
  const cores = Math.max(1, availableParallelism());
  const inThread = builtInParser({ poolSize: 0 });
  const pool = builtInParser({ poolSize: cores });
  const results: Record<string, { bytes: number; inThread: Timing; pool: Timing }> = {};
  try {
    for (const format of FORMATS) {
      const bytes = await makeResume(SAMPLE_PERSON, format, { fillerLines: 8 });
      // Warm-up: modules loaded, code optimised, every pool thread started.
      await run(inThread, bytes, 20, 1);
      await run(pool, bytes, cores * 20, cores);
      const a = await run(inThread, bytes, N, 1);
      const b = await run(pool, bytes, N, cores);
      results[format] = { bytes: bytes.length, inThread: summarize(a.times, a.wallMs, 1), pool: summarize(b.times, b.wallMs, cores) };
    }
  } finally {
    await Promise.all([inThread.close(), pool.close()]);
  }

  console.log(`resume parsing: ${N} files per format, ${cores} core(s), pool of ${cores} thread(s)\n`);
  console.log('format   bytes   in-thread mean/p99 ms   files/s/core   pool mean/p99 ms   files/s/core');
  for (const [format, r] of Object.entries(results)) {
    console.log(
      `${format.padEnd(6)} ${String(r.bytes).padStart(7)}   ${`${r.inThread.meanMs} / ${r.inThread.p99Ms}`.padStart(21)}   ${String(r.inThread.filesPerSecondPerCore).padStart(12)}` +
        `   ${`${r.pool.meanMs} / ${r.pool.p99Ms}`.padStart(16)}   ${String(r.pool.filesPerSecondPerCore).padStart(12)}`,
    );
  }
  const met = results.docx!.inThread.meanMs < TARGET_MS && results.pdf!.inThread.meanMs < TARGET_MS;
  console.log(`\ntarget: a two-page DOCX or PDF in under ${TARGET_MS} ms (mean, in-thread): ${met ? 'met' : 'NOT met'}`);

  mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
  const out = { date: new Date().toISOString(), node: process.version, cores, filesPerFormat: N, targetMs: TARGET_MS, targetMet: met, formats: results };
  writeFileSync(new URL('./results/resume-parse.json', import.meta.url), JSON.stringify(out, null, 2) + '\n');
}

await main();
