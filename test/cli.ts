// Running `staffing` commands in tests: in this process (fast; console captured) or as the real
// command in a child process (as a user runs it; seconds each).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { vi } from 'vitest';
import type { Config } from '../src/config.ts';
import { refusing } from '../src/cli/refusals.ts';
import type { Database } from '../src/platform/db/database.ts';
import { seedTenant, testDatabase, type TenantFixture } from './helpers.ts';

export interface CommandRun { code: number; stdout: string; stderr: string }

const bin = new URL('../bin/staffing.js', import.meta.url).pathname;

/** A command function run in this process as main.ts runs it (refusals end with their exit code): its exit code and what it printed. */
export async function inProcess(command: (config: Config, args: string[]) => Promise<number>, config: Config, args: string[]): Promise<CommandRun> {
  const log = vi.spyOn(console, 'log').mockImplementation(() => {}), error = vi.spyOn(console, 'error').mockImplementation(() => {});
  try {
    const code = await refusing(command)(config, args);
    return { code, stdout: log.mock.calls.join('\n'), stderr: error.mock.calls.join('\n') };
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
}

/** `staffing <args>` in a child process with the given environment. */
export async function staffing(env: NodeJS.ProcessEnv, ...args: string[]): Promise<CommandRun> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [bin, ...args], { env });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const failed = e as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/**
 * A command test file's database: the tenants named (the first is returned), and the environment a
 * child `staffing` runs with (that database's DATABASE_URL, no logs).
 */
export async function commandDatabase(tenants: readonly string[] = ['acme', 'other']): Promise<{ database: Database; tenant: TenantFixture; env: NodeJS.ProcessEnv }> {
  const database = await testDatabase();
  const seeded: TenantFixture[] = [];
  for (const name of tenants) seeded.push(await seedTenant(database, name));
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: database.pool.options.connectionString, LOG_LEVEL: 'silent' };
  delete env.BASE_URL; // Vite sets BASE_URL=/ for its own purposes
  return { database, tenant: seeded[0]!, env };
}
