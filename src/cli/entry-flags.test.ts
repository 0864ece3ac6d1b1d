// Decision 0032: the service runs with the entry's Node flags however a user starts it from npm.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { ENTRY, entryNodeFlags } from './entry-flags.ts';

const dir = mkdtempSync(join(tmpdir(), 'entry-flags-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the entry point\'s Node flags (decision 0032)', () => {
  it('bin/staffing.js names a young generation size on its first line', () => {
    expect(entryNodeFlags()).toContain('--max-semi-space-size=64');
  });

  it('running bin/staffing.js itself starts Node with those flags', async () => {
    // A module preloaded through NODE_OPTIONS reports the flags Node was started with, then the command runs on.
    const report = join(dir, 'report.cjs'), out = join(dir, 'argv.json');
    writeFileSync(report, `require('node:fs').writeFileSync(${JSON.stringify(out)}, JSON.stringify(process.execArgv));`);
    await promisify(execFile)(ENTRY, ['help'], { env: { ...process.env, NODE_OPTIONS: `--require ${report}` } }).catch(() => undefined);
    expect(JSON.parse(readFileSync(out, 'utf8'))).toContain('--max-semi-space-size=64');
  });

  it('npm start and npm run staffing run the file itself, not `node bin/staffing.js` (which drops them)', () => {
    const { scripts } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    expect(scripts.start).toMatch(/^bin\/staffing\.js /);
    expect(scripts.staffing).toBe('bin/staffing.js');
  });
});
