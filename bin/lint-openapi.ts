// `npm run lint:openapi`: lints the committed API description (docs/openapi.json) with Spectral's
// `spectral:oas` rules (.spectral.yaml) and Redocly's `recommended` (redocly.yaml), and fails on any
// error or warning (decision 0052). Both run from node_modules and fetch nothing: Redocly's telemetry
// and update check are off. test/openapi-lint.test.ts runs the same check, so `npm test` catches it too.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const DESCRIPTION = 'docs/openapi.json';

/** Redocly's environment: no telemetry, no update notice (nothing leaves the machine). */
const OFFLINE = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_UPDATE_NOTIFIER: '1', NO_COLOR: '1' };

/** A tool's JSON report: the text from its first `open` character (both print a line or two of their own around it). */
function report(tool: string, args: string[], open: '[' | '{'): unknown {
  const run = spawnSync(`${ROOT}node_modules/.bin/${tool}`, args, { cwd: ROOT, env: OFFLINE, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (run.error) throw run.error;
  const start = run.stdout.indexOf(open);
  if (start < 0) throw new Error(`${tool} printed no report (exit ${run.status}): ${run.stdout}${run.stderr}`);
  const end = run.stdout.lastIndexOf(open === '[' ? ']' : '}');
  return JSON.parse(run.stdout.slice(start, end + 1));
}

interface SpectralResult { code: string; message: string; path: (string | number)[]; severity: number }
interface RedoclyProblem { ruleId: string; message: string; severity: string; location?: { pointer?: string }[] }

/** Spectral's errors and warnings (severity 0 and 1; hints and information are not counted), as `rule at path: message`. */
export function spectralProblems(file = DESCRIPTION): string[] {
  const results = report('spectral', ['lint', file, '--ruleset', '.spectral.yaml', '--format', 'json', '--quiet'], '[') as SpectralResult[];
  return results.filter((r) => r.severity <= 1).map((r) => `spectral ${r.code} at ${r.path.join('.')}: ${r.message}`);
}

/** Redocly's errors and warnings, as `rule at pointer: message`. */
export function redoclyProblems(file = DESCRIPTION): string[] {
  const { problems } = report('redocly', ['lint', file, '--config', 'redocly.yaml', '--format', 'json'], '{') as { problems: RedoclyProblem[] };
  return problems.filter((p) => p.severity === 'error' || p.severity === 'warn')
    .map((p) => `redocly ${p.ruleId} at ${p.location?.[0]?.pointer ?? '?'}: ${p.message}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const problems = [...spectralProblems(), ...redoclyProblems()];
  for (const problem of problems) console.error(problem);
  console.log(`${DESCRIPTION}: ${problems.length} problem(s) (Spectral spectral:oas, Redocly recommended)`);
  process.exitCode = problems.length ? 1 : 0;
}
