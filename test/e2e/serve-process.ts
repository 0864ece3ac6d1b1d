// A real `staffing serve --demo` process for end-to-end tests: its own data directory (embedded
// PostgreSQL included), a free port, and the demo credentials it writes. `stop` ends the process and
// removes its data, so a test file leaves nothing running behind it.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../src/platform/db/embedded.ts';
import type { DemoCredentials } from '../../src/resources/tenants/demo.seed.ts';

export const STAFFING_BIN = new URL('../../bin/staffing.js', import.meta.url).pathname;

export interface DemoServer {
  /** `http://127.0.0.1:<port>` */
  base: string;
  dir: string;
  /** The environment the process runs with (for CLI commands against the same database). */
  env: NodeJS.ProcessEnv;
  credentials: DemoCredentials;
  /** What the process printed so far. */
  output(): string;
  /** Resolves with the process's exit code (null when a signal ended it). */
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

/** `extraEnv`: more configuration (DATABASE_URL for a server instead of the embedded database). */
export async function startDemoServer(extraEnv: NodeJS.ProcessEnv = {}): Promise<DemoServer> {
  const dir = mkdtempSync(join(tmpdir(), 'staffing-e2e-'));
  const port = await freePort(), authPort = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir, PORT: String(port), AUTH_PORT: String(authPort), LOG_LEVEL: 'warn', DATABASE_URL: '',
    // Overload detection off, as in testConfig: a CI machine busy with other test files and a browser
    // stalls the event loop past a second at times, and the pages' tests then saw 503s (CI, 2026-11-27).
    MAX_EVENT_LOOP_DELAY_MS: '0', ...extraEnv };
  delete env.BASE_URL; // Vite sets BASE_URL=/ for its own purposes
  const server = spawn(process.execPath, [STAFFING_BIN, 'serve', '--demo'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
  let output = '';
  server.stdout!.on('data', (c) => { output += String(c); });
  server.stderr!.on('data', (c) => { output += String(c); });
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  for (let i = 0; i < 1800 && !output.includes('Personal access token:') && server.exitCode === null; i++) await new Promise((r) => setTimeout(r, 100));
  if (!output.includes('Personal access token:')) {
    await stop();
    throw new Error(`staffing serve did not start:\n${output}`);
  }
  const credentials = JSON.parse(readFileSync(join(dir, 'demo-credentials.json'), 'utf8')) as DemoCredentials;
  return { base: `http://127.0.0.1:${port}`, dir, env, credentials, output: () => output, exited, stop };
}
