// `--help` on every command and action of the command table: its usage on stdout and exit 0, before
// any configuration is read or database reached; and as a user runs it, in a child process.
import { describe, expect, it, vi } from 'vitest';
import { staffing } from '../../test/cli.ts';
import { COMMANDS } from './commands.ts';
import { main } from './main.ts';

/** main() in this process with what it printed. */
async function run(...argv: string[]) {
  const log = vi.spyOn(console, 'log').mockImplementation(() => {}), error = vi.spyOn(console, 'error').mockImplementation(() => {});
  try {
    const code = await main(argv);
    return { code, stdout: log.mock.calls.join('\n'), stderr: error.mock.calls.join('\n') };
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
}

/** Every command word, and every command word followed by each of its actions. */
const invocations = Object.entries(COMMANDS).flatMap(([name, command]) => [
  { words: [name], shows: Object.keys(command.usage).map((action) => ['staffing', name, action].filter(Boolean).join(' ')) },
  ...Object.keys(command.usage).filter(Boolean).map((action) => ({ words: [name, ...action.split(' ')], shows: [`staffing ${name} ${action}`] })),
]);

describe('staffing <command> [<action>] --help', () => {
  it('covers the whole command table', () => {
    expect(invocations.length).toBeGreaterThan(Object.keys(COMMANDS).length);
    expect(invocations.map((i) => i.words.join(' '))).toEqual(expect.arrayContaining(['token create', 'token revoke', 'assessment vendor add', 'login-server']));
  });

  for (const { words, shows } of invocations) {
    it(`${words.join(' ')} --help and -h print its usage and exit 0`, async () => {
      // A configuration that would be refused: help reads none.
      vi.stubEnv('PORT', 'not a port');
      try {
        for (const flag of ['--help', '-h']) {
          const answer = await run(...words, flag);
          expect(answer, `${words.join(' ')} ${flag}`).toMatchObject({ code: 0, stderr: '' });
          for (const synopsis of shows) expect(answer.stdout).toContain(synopsis);
        }
        // Help after other flags too.
        expect((await run(...words, '--tenant', 'acme', '--help')).code).toBe(0);
      } finally {
        vi.unstubAllEnvs();
      }
    });
  }

  it('an action\'s help shows that action only; an unknown action is still wrong usage (64)', async () => {
    const create = await run('token', 'create', '--help');
    expect(create.stdout).toContain('staffing token create');
    expect(create.stdout).not.toContain('staffing token revoke');
    const unknown = await run('token', 'mint', '--help');
    expect(unknown.code).toBe(64);
    expect(unknown.stderr).toContain('staffing token create');
  });

  it('staffing help <command> <action> is the same as --help', async () => {
    expect(await run('help', 'token', 'create')).toEqual(await run('token', 'create', '--help'));
  });

  it('`staffing token create --help` as a user runs it: usage on stdout, exit 0', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' };
    delete env.BASE_URL; // Vite sets BASE_URL=/ for its own purposes
    const answer = await staffing(env, 'token', 'create', '--help');
    expect(answer).toMatchObject({ code: 0, stderr: '' });
    expect(answer.stdout).toMatch(/^Usage:\n {2}staffing token create \[--tenant <name>\]/);
  });
});
