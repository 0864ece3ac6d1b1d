// The `staffing` command: serve, migrate, seed, token create / revoke. Commands reach the same
// database as the running service (the embedded one is shared through its data folder). They throw
// their refusals; how a refusal ends the command (message, exit code) is decided in refusals.ts.
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { serve } from './serve.ts';
import { migrateCommand, seedCommand } from './database.command.ts';
import { tokenCommand } from './token.command.ts';
import { openApiCommand } from './openapi.command.ts';
import { workerCommand } from './worker.command.ts';
import { importCommand } from './import.command.ts';
import { jobBoardCommand, JOBBOARD_USAGE } from './jobboard.command.ts';
import { registrationLinkCommand, REGISTRATION_LINK_USAGE } from './registration-link.command.ts';
import { registrationCommand, REGISTRATION_USAGE } from './registration.command.ts';
import { assessmentCommand, ASSESSMENT_USAGE } from './assessment.command.ts';
import { listsCommand, LISTS_USAGE } from './lists.command.ts';
import { loginCommand, loginServerCommand, LOGIN_USAGE } from './login.command.ts';
import { repCommand, REP_USAGE } from './rep.command.ts';
import { EX_USAGE, refusing, UsageError } from './refusals.ts';

const USAGE = `Usage: staffing <command> [options]

Commands:
  serve [--demo]          start the API and the login server (--demo: seed the demo tenant and print its credentials)
  migrate                 apply database migrations
  seed                    create the demo tenant (if absent) and print its credentials
  token create [--tenant <name>] [--rep <id>] [--scopes <a,b>] [--expires <date>] [--name <label>] [--json]
                          issue a personal access token (default: demo tenant, its administrator,
                          every scope, 90 days); prints the SID, secret and x-tw-token value once
  token revoke <sid> [--tenant <name>]
                          revoke a token at once (running services drop it from their caches)
  openapi [--out <file>]  print (or write) the OpenAPI description
  worker [--types <a,b>] [--concurrency <n>]
                          run the batch worker on its own (all job types by default) until a signal
  import resumes <folder> [--token <x-tw-token>] [--url <api>] [--concurrency <n>] [--skip-interest-codes]
                          bulk-import resumes through the API into a batch job, with progress
  ${JOBBOARD_USAGE}
  ${REGISTRATION_LINK_USAGE}
                          print an applicant registration link (docs/registration-link.md)
  ${REGISTRATION_USAGE}
  ${LOGIN_USAGE}
  ${REP_USAGE}
  ${ASSESSMENT_USAGE}
  ${LISTS_USAGE}

Configuration comes from the environment: PORT, HOST, DATA_DIR, DATABASE_URL, ... (see README).`;

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || ['help', '--help', '-h'].includes(command)) {
    console.log(USAGE);
    return command === undefined ? EX_USAGE : 0;
  }
  return refusing(run)(command, rest);
}

async function run(command: string, rest: string[]): Promise<number> {
  const config = loadConfig();
  switch (command) {
    case 'serve': {
      const { values } = parseArgs({ args: rest, options: { demo: { type: 'boolean', default: false } } });
      await serve(config, { demo: values.demo ?? false });
      return 0; // keeps running until a signal
    }
    case 'migrate': return await migrateCommand(config);
    case 'seed': return await seedCommand(config);
    case 'token': return await tokenCommand(config, rest);
    case 'openapi': return await openApiCommand(config, rest);
    case 'worker': return await workerCommand(config, rest);
    case 'import': return await importCommand(config, rest);
    case 'jobboard': return await jobBoardCommand(config, rest);
    case 'registration-link': return await registrationLinkCommand(config, rest);
    case 'registration': return await registrationCommand(config, rest);
    case 'assessment': return await assessmentCommand(config, rest);
    case 'lists': return await listsCommand(config, rest);
    case 'client': case 'webuser': case 'keys': return await loginCommand(config, command, rest);
    case 'rep': return await repCommand(config, rest);
    case 'login-server': return await loginServerCommand(config);
    default: throw new UsageError(`Unknown command: ${command}\n\n${USAGE}`);
  }
}
