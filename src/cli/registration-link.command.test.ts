// `staffing registration-link` (REG-01 to REG-21): run as a user would (the real command in a child
// process; it needs no database), and its refusals in process (each child process costs seconds).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it, vi } from 'vitest';
import { testConfig } from '../../test/helpers.ts';
import { registrationLinkCommand } from './registration-link.command.ts';

const bin = new URL('../../bin/staffing.js', import.meta.url).pathname;
const env: NodeJS.ProcessEnv = { ...process.env, REGISTRATION_URL: 'https://register.example', LOG_LEVEL: 'silent' };
delete env.BASE_URL; // Vite sets BASE_URL=/ for its own purposes

async function inProcess(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const log = vi.spyOn(console, 'log').mockImplementation(() => {}), error = vi.spyOn(console, 'error').mockImplementation(() => {});
  try {
    const code = await registrationLinkCommand(testConfig({ REGISTRATION_URL: 'https://register.example' }), args);
    return { code, stdout: log.mock.calls.join('\n'), stderr: error.mock.calls.join('\n') };
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
}

async function staffing(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [bin, 'registration-link', ...args], { env });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const failed = e as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('staffing registration-link', () => {
  it('REG-01 REG-06 REG-19 REG-20: prints the link built from REGISTRATION_URL and the options, encoded', async () => {
    const run = await staffing('--tenant-name', 'acme apply', '--locale', 'es', '--branch-id', '3', '--orders', '10,11', '--utm-source', 'job fair',
      '--first-name', 'Ana', '--employment-category-id', '0b5a1c9e-7d2f-4c3a-9e1b-2f6d8a4c7e10');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.trim()).toBe('https://register.example/es/acme%20apply?branchId=3&firstName=Ana'
      + '&employmentCategoryId=0b5a1c9e-7d2f-4c3a-9e1b-2f6d8a4c7e10&orders=10,11&utm_source=job%20fair');
  });

  it('--registration-url overrides the configured address', async () => {
    const run = await inProcess('--tenant-name', 'acme', '--locale', 'en', '--registration-url', 'https://other.example/r');
    expect(run.stdout.trim()).toBe('https://other.example/r/en/acme');
  });

  it('REG-02 REG-19: a bad locale, a non-numeric order id, a missing tenant name or an unknown option exits 2 with a message', async () => {
    for (const [args, message] of [
      [['--tenant-name', 'acme', '--locale', 'fr'], /localeId: must be en or es/],
      [['--tenant-name', 'acme', '--locale', 'en', '--orders', '10,abc'], /orders: "abc" is not a job order id/],
      [['--locale', 'en'], /--tenant-name and --locale are required/],
      [['--tenant-name', 'acme', '--locale', 'en', '--colour', 'blue'], /colour/],
    ] as const) {
      const run = await inProcess(...args);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr).toMatch(message);
    }
  });
});
