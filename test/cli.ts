// Running `staffing` commands in tests: in this process (fast; console captured) or as the real
// command in a child process (as a user runs it; seconds each).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, vi } from 'vitest';
import type { Config } from '../src/config.ts';
import { refusing } from '../src/cli/refusals.ts';
import type { Database } from '../src/platform/db/database.ts';
import { seededDatabase, testConfig, type TenantFixture } from './helpers.ts';

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
  const { database, tenant } = await seededDatabase(tenants);
  return { database, tenant, env: commandEnv(database) };
}

/** The environment a child `staffing` runs with on `database` (its DATABASE_URL, no logs). */
export function commandEnv(database: Database): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: database.pool.options.connectionString, LOG_LEVEL: 'silent' };
  delete env.BASE_URL; // Vite sets BASE_URL=/ for its own purposes
  return env;
}

export interface CommandDatabase {
  database: Database;
  /** The first tenant named. */
  tenant: TenantFixture;
  /** The environment a child `staffing` runs with. */
  env: NodeJS.ProcessEnv;
  /** The config a command run in process gets: this database. */
  config: Config;
}

/**
 * This command test file's database (commandDatabase): made before its tests, closed after them. A file
 * declares it once at its top, `const cli = commandDatabaseForFile();`, and reads its parts inside tests and hooks.
 */
export function commandDatabaseForFile(tenants?: readonly string[]): CommandDatabase {
  let made: Awaited<ReturnType<typeof commandDatabase>> | undefined;
  beforeAll(async () => { made = await commandDatabase(tenants); });
  afterAll(async () => { await made?.database.close(); });
  const ready = () => {
    if (!made) throw new Error('The command database is made in beforeAll: use it inside tests and hooks.');
    return made;
  };
  return {
    get database() { return ready().database; },
    get tenant() { return ready().tenant; },
    get env() { return ready().env; },
    get config() { return testConfig({ DATABASE_URL: ready().env.DATABASE_URL ?? '' }); },
  };
}
