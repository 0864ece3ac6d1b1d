// `staffing jobboard settings` (JB-49, AMB-57) against this test file's database (DATABASE_URL): run
// as a user would (the real command in a child process, like the `staffing token` tests), and its
// refusals in process (each child process costs seconds).
import { describe, expect, it } from 'vitest';
import { commandDatabaseForFile, inProcess as runInProcess, staffing as runStaffing } from '../../test/cli.ts';
import { jobBoardCommand } from './jobboard.command.ts';
import { DEFAULT_JOB_BOARD_SETTINGS, readJobBoardSettings } from '../resources/reference-data/job-board.settings.ts';

const cli = commandDatabaseForFile();

const inProcess = (...args: string[]) => runInProcess(jobBoardCommand, cli.config, args);
const staffing = (...args: string[]) => runStaffing(cli.env, 'jobboard', ...args);

describe('staffing jobboard settings', () => {
  it('JB-49 JB-37 JB-39 JB-41 JB-43 JB-45: prints a tenant\'s settings as JSON, the spec\'s defaults when none are stored', async () => {
    const run = await staffing('settings', '--tenant', 'acme');
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual(DEFAULT_JOB_BOARD_SETTINGS);
  });

  it('JB-49 AMB-57: --set changes the given settings of that tenant only (keys in any case) and prints the result', async () => {
    const run = await staffing('settings', '--tenant', 'acme', '--set', 'hideWorksite=true', '--set', 'OLDDATECUTOFFDAYS=14', '--set', 'canSearchByLocation=FALSE');
    expect(run.code, run.stderr).toBe(0);
    const expected = { ...DEFAULT_JOB_BOARD_SETTINGS, hideWorksite: true, oldDateCutoffDays: 14, canSearchByLocation: false };
    expect(JSON.parse(run.stdout)).toEqual(expected);
    expect(await readJobBoardSettings(cli.database.db, cli.tenant.tenantId)).toEqual(expected);
    expect(JSON.parse((await inProcess('settings', '--tenant', 'other')).stdout)).toEqual(DEFAULT_JOB_BOARD_SETTINGS);
  });

  it('JB-49: an unknown key, a value of the wrong kind or a bad pair exits 64 (wrong usage) with a message and changes nothing', async () => {
    const before = await readJobBoardSettings(cli.database.db, cli.tenant.tenantId);
    for (const [set, message] of [['colour=blue', /Unknown setting "colour"/], ['hideOldDates=yes', /hideOldDates: "yes" is not true or false/],
      ['oldDateCutoffDays=-1', /oldDateCutoffDays/], ['oldDateCutoffDays=1.5', /oldDateCutoffDays/], ['hideWorksite', /expected key=value/]] as const) {
      const run = await inProcess('settings', '--tenant', 'acme', '--set', 'jobTitleFallback=false', '--set', set);
      expect(run.code, set).toBe(64);
      expect(run.stderr, set).toMatch(message);
    }
    expect(await readJobBoardSettings(cli.database.db, cli.tenant.tenantId)).toEqual(before);
  });

  it('an unknown tenant exits 65 naming it; a missing action exits 64 with the usage', async () => {
    const unknown = await inProcess('settings', '--tenant', 'nobody');
    expect(unknown.code).toBe(65);
    expect(unknown.stderr).toMatch(/No tenant named "nobody"/);
    const usage = await inProcess('show');
    expect(usage.code).toBe(64);
    expect(usage.stderr).toMatch(/staffing jobboard settings/);
  });
});
