// `npm run bench:compare -- <ref> [suite ...] [--rounds N]`: the same suites run for another commit
// (`before`, checked out in a temporary worktree) and for this working tree (`after`), interleaved
// in one sitting (before, after, before, after, ...), and a table of medians. One pair of runs cannot
// tell a 5 % change apart on a shared 2-core machine: the same tree run twice differs by up to a
// third per figure (docs/benchmarks.md, issue 27). The spread column says how far to trust a change.
import { spawnSync } from 'node:child_process';
import { lstatSync, mkdtempSync, readFileSync, symlinkSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './harness.ts';

/** The suites a comparison can run (those reported by harness.ts's runSuite) and their result files. */
const RESULT_FILES: Record<string, string> = { core: 'latest.json', jobboard: 'jobboard-latest.json' };

interface Figure { requestsPerSecond: number }
interface SuiteResult { results: { scenario: string; bare: Figure; passes: { label: string; service: Figure; ratio: number }[] }[] }
/** Per figure (scenario and pass): the service's requests/s and the ratio, one per round. */
type Samples = Map<string, { service: number[]; ratio: number[] }>;

function parseArgs(argv: string[]) {
  const rounds = argv.includes('--rounds') ? Number(argv[argv.indexOf('--rounds') + 1]) : 3;
  const rest = argv.filter((a, i) => a !== '--rounds' && argv[i - 1] !== '--rounds');
  const [ref, ...asked] = rest;
  const suites = asked.length ? asked : ['core'];
  const unknown = suites.filter((s) => !RESULT_FILES[s]);
  if (!ref || !Number.isInteger(rounds) || rounds < 1 || unknown.length) {
    throw new Error(`usage: npm run bench:compare -- <git ref> [${Object.keys(RESULT_FILES).join('|')} ...] [--rounds N]${unknown.length ? `; unknown suite ${unknown.join(', ')}` : ''}`);
  }
  return { ref, suites, rounds };
}

const git = (...args: string[]) => {
  const r = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout.trim();
};

/** A worktree of `ref`; its dependencies are this tree's when the lock files agree, else installed. */
function checkout(ref: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'staffing-bench-before-'));
  git('worktree', 'add', '--detach', dir, ref);
  const sameLock = readFileSync(join(dir, 'package-lock.json'), 'utf8') === readFileSync(join(root, 'package-lock.json'), 'utf8');
  if (sameLock) symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
  else if (spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'inherit' }).status !== 0) throw new Error(`npm ci failed in the worktree of ${ref}`);
  return dir;
}

/** One run of the suites in `dir`; adds each figure of their result files to `samples`. */
function run(dir: string, suites: string[], samples: Samples): void {
  const r = spawnSync(process.execPath, ['bin/bench.js', ...suites], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
  if (r.status !== 0) throw new Error(`the bench failed in ${dir}`);
  for (const suite of suites) {
    const parsed: SuiteResult = JSON.parse(readFileSync(join(dir, 'bench/results', RESULT_FILES[suite]!), 'utf8'));
    for (const result of parsed.results) {
      for (const pass of result.passes) {
        const key = `${result.scenario} [${pass.label}]`;
        const figure = samples.get(key) ?? { service: [], ratio: [] };
        figure.service.push(pass.service.requestsPerSecond);
        figure.ratio.push(pass.ratio);
        samples.set(key, figure);
      }
    }
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b), m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
/** (max - min) / median: how far the same tree's runs lie apart. */
const spread = (xs: number[]) => (Math.max(...xs) - Math.min(...xs)) / median(xs);
const percent = (x: number) => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)} %`;

function report(ref: string, rounds: number, before: Samples, after: Samples) {
  console.log(`\n${ref} (before) against this tree (after), ${rounds} interleaved rounds; medians\n`);
  console.log('| figure | before req/s | after req/s | change | before ratio | after ratio | ratio change | spread before / after |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const [key, a] of after) {
    const b = before.get(key);
    if (!b) continue;
    const [bs, as, br, ar] = [median(b.service), median(a.service), median(b.ratio), median(a.ratio)];
    console.log(`| ${key} | ${Math.round(bs)} | ${Math.round(as)} | ${percent(as / bs - 1)} | ${br.toFixed(3)} | ${ar.toFixed(3)} | ${percent(ar / br - 1)} | ${percent(spread(b.service)).slice(1)} / ${percent(spread(a.service)).slice(1)} |`);
  }
}

let args: ReturnType<typeof parseArgs>;
try {
  args = parseArgs(process.argv.slice(2));
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exit(2);
}
const { ref, suites, rounds } = args;
const dir = checkout(ref);
try {
  const before: Samples = new Map(), after: Samples = new Map();
  for (let round = 1; round <= rounds; round++) {
    console.log(`round ${round} of ${rounds}: ${ref}…`);
    run(dir, suites, before);
    console.log(`round ${round} of ${rounds}: this tree…`);
    run(root, suites, after);
  }
  report(ref, rounds, before, after);
} finally {
  // The link to this tree's dependencies goes first: removing the worktree must not reach through it.
  if (lstatSync(join(dir, 'node_modules'), { throwIfNoEntry: false })?.isSymbolicLink()) unlinkSync(join(dir, 'node_modules'));
  git('worktree', 'remove', '--force', dir);
}
