// `staffing registration-link` (REG-01 to REG-21): run as a user would (the real command in a child
// process; it needs no database), and its refusals in process (each child process costs seconds).
import { describe, expect, it } from 'vitest';
import { inProcess as runInProcess, staffing as runStaffing } from '../../test/cli.ts';
import { testConfig } from '../../test/helpers.ts';
import { registrationLinkCommand } from './registration-link.command.ts';

const env: NodeJS.ProcessEnv = { ...process.env, REGISTRATION_URL: 'https://register.example', LOG_LEVEL: 'silent' };
delete env.BASE_URL; // Vite sets BASE_URL=/ for its own purposes

const inProcess = (...args: string[]) => runInProcess(registrationLinkCommand, testConfig({ REGISTRATION_URL: 'https://register.example' }), args);
const staffing = (...args: string[]) => runStaffing(env, 'registration-link', ...args);

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

  it('REG-02 REG-19: a bad locale, a non-numeric order id, a missing tenant name or an unknown option exits 64 (wrong usage) with a message', async () => {
    for (const [args, message] of [
      [['--tenant-name', 'acme', '--locale', 'fr'], /localeId: must be en or es/],
      [['--tenant-name', 'acme', '--locale', 'en', '--orders', '10,abc'], /orders: "abc" is not a job order id/],
      [['--locale', 'en'], /--tenant-name and --locale are required/],
      [['--tenant-name', 'acme', '--locale', 'en', '--colour', 'blue'], /colour/],
    ] as const) {
      const run = await inProcess(...args);
      expect(run.code, args.join(' ')).toBe(64);
      expect(run.stderr).toMatch(message);
    }
  });
});
