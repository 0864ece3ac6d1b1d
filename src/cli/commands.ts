// The `staffing` commands, as one table: each command's word, its actions with their usage (declared
// by the command's module), and what runs it. main.ts dispatches through it and answers `--help` from
// it; `staffing --help` lists it. The commands that build the HTTP app (serve, openapi, and migrate
// and seed, which print what serve prints) load it when they run, not when the table is read: a
// `staffing worker` process holds no app, login server or swagger (decision 0054).
import { parseArgs } from 'node:util';
import type { Config } from '../config.ts';
import { tokenCommand, TOKEN_USAGE } from './token.command.ts';
import { workerCommand } from './worker.command.ts';
import { importCommand, IMPORT_USAGE } from './import.command.ts';
import { jobBoardCommand, JOBBOARD_USAGE } from './jobboard.command.ts';
import { registrationLinkCommand, REGISTRATION_LINK_USAGE } from './registration-link.command.ts';
import { registrationCommand, REGISTRATION_USAGE } from './registration.command.ts';
import { assessmentCommand, ASSESSMENT_USAGE } from './assessment.command.ts';
import { listsCommand, LISTS_USAGE } from './lists.command.ts';
import { CLIENT_USAGE, KEYS_USAGE, loginCommand, loginServerCommand, LOGIN_SERVER_USAGE, WEBUSER_USAGE } from './login.command.ts';
import { repCommand, REP_USAGE } from './rep.command.ts';
import { quotaCommand, QUOTA_USAGE } from './quota.command.ts';
import { usageLines, type CommandUsage } from './usage.ts';

export interface Command {
  usage: CommandUsage;
  run(config: Config, args: string[]): Promise<number>;
}

const only = (args: string, does: string): CommandUsage => ({ '': { args, does } });

export const COMMANDS: Readonly<Record<string, Command>> = {
  serve: {
    usage: only('[--demo]', 'start the API and the login server (--demo: seed the demo tenant and print its credentials)'),
    run: async (config, args) => {
      const { values } = parseArgs({ args, options: { demo: { type: 'boolean', default: false } } });
      const { serve } = await import('./serve.ts');
      await serve(config, { demo: values.demo ?? false });
      return 0; // keeps running until a signal
    },
  },
  migrate: { usage: only('', 'apply database migrations'), run: async (config) => (await import('./database.command.ts')).migrateCommand(config) },
  seed: { usage: only('', 'create the demo tenant (if absent) and print its credentials'), run: async (config) => (await import('./database.command.ts')).seedCommand(config) },
  token: { usage: TOKEN_USAGE, run: tokenCommand },
  openapi: { usage: only('[--out <file>]', 'print (or write) the OpenAPI description'), run: async (config, args) => (await import('./openapi.command.ts')).openApiCommand(config, args) },
  worker: {
    usage: only('[--types <a,b>] [--concurrency <n>]', 'run the batch worker on its own (all job types by default) until a signal'),
    run: workerCommand,
  },
  import: { usage: IMPORT_USAGE, run: importCommand },
  jobboard: { usage: JOBBOARD_USAGE, run: jobBoardCommand },
  'registration-link': { usage: REGISTRATION_LINK_USAGE, run: registrationLinkCommand },
  registration: { usage: REGISTRATION_USAGE, run: registrationCommand },
  client: { usage: CLIENT_USAGE, run: (config, args) => loginCommand(config, 'client', args) },
  webuser: { usage: WEBUSER_USAGE, run: (config, args) => loginCommand(config, 'webuser', args) },
  keys: { usage: KEYS_USAGE, run: (config, args) => loginCommand(config, 'keys', args) },
  'login-server': { usage: LOGIN_SERVER_USAGE, run: (config) => loginServerCommand(config) },
  rep: { usage: REP_USAGE, run: repCommand },
  assessment: { usage: ASSESSMENT_USAGE, run: assessmentCommand },
  lists: { usage: LISTS_USAGE, run: listsCommand },
  quota: { usage: QUOTA_USAGE, run: quotaCommand },
};

export const USAGE = `Usage: staffing <command> [options]    (staffing <command> --help: one command's usage)

Commands:
${Object.entries(COMMANDS).map(([name, command]) => usageLines(name, command.usage)).join('\n')}

Configuration comes from the environment: PORT, HOST, DATA_DIR, DATABASE_URL, ... (see README).`;
