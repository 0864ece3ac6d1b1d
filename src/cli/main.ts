// The `staffing` command: serve, migrate, seed, token create / revoke and the others of the command
// table (commands.ts). Commands reach the same database as the running service (the embedded one is
// shared through its data folder). They throw their refusals; how a refusal ends the command
// (message, exit code) is decided in refusals.ts. `--help` (or `-h`) anywhere before `--` is answered
// here, once for every command, from the table: no configuration is read and nothing is reached.
import { loadConfig } from '../config.ts';
import { COMMANDS, USAGE, type Command } from './commands.ts';
import { EX_USAGE, refusing, UsageError } from './refusals.ts';
import { usageText } from './usage.ts';

const HELP = ['--help', '-h'];

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || HELP.includes(command) || (command === 'help' && rest.length === 0)) {
    console.log(USAGE);
    return command === undefined ? EX_USAGE : 0;
  }
  if (command === 'help') return refusing(help)(rest);
  const end = rest.indexOf('--');
  if ((end < 0 ? rest : rest.slice(0, end)).some((word) => HELP.includes(word))) return refusing(help)([command, ...rest]);
  return refusing(run)(command, rest);
}

function commandNamed(name: string): Command {
  if (!Object.hasOwn(COMMANDS, name)) throw new UsageError(`Unknown command: ${name}\n\n${USAGE}`);
  return COMMANDS[name]!;
}

/** The usage of the command and action the words name (the command's whole usage when they name no action). */
async function help(words: string[]): Promise<number> {
  const [name = '', ...rest] = words.filter((word) => !HELP.includes(word));
  const { usage } = commandNamed(name);
  const actions = Object.keys(usage).filter(Boolean);
  // The action's words come right after the command's, before any flag (whose values are words too).
  const first = rest.findIndex((word) => word.startsWith('-'));
  const named = first < 0 ? rest : rest.slice(0, first);
  const action = actions.find((a) => a.split(' ').every((word, i) => named[i] === word));
  // A word where an action goes that is none of them is a mistake to show, not to hide behind help.
  if (actions.length > 0 && action === undefined && named.length > 0) throw new UsageError(`Unknown action: ${name} ${named[0]}\n\n${usageText(name, usage)}`);
  console.log(usageText(name, usage, action));
  return 0;
}

async function run(command: string, rest: string[]): Promise<number> {
  return commandNamed(command).run(loadConfig(), rest);
}
