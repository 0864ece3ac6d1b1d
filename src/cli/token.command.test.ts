// A command that works on the service's data, run where the service keeps none (another directory,
// a mistyped DATA_DIR), says where it looked and how to point it at the right place, and creates
// no second, empty database there.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { staffing } from '../../test/cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'staffing-nodb-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('token create, client register and jobboard settings without the service\'s DATA_DIR exit 69 naming the directory, and start no database', async () => {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir, DATABASE_URL: '' };
  delete env.BASE_URL; // Vite sets BASE_URL=/ for its own purposes
  for (const args of [['token', 'create', '--tenant', 'demo'], ['jobboard', 'settings'], ['client', 'list', '--tenant', 'demo']]) {
    const run = await staffing(env, ...args);
    expect(run.code, `${args.join(' ')}: ${run.stderr}`).toBe(69);
    expect(run.stderr).toContain(`No database in DATA_DIR=${dir}`);
    expect(run.stderr).toMatch(/npm start/);
  }
  expect(existsSync(join(dir, 'pg'))).toBe(false);
  expect(readdirSync(dir)).toEqual([]);
});
