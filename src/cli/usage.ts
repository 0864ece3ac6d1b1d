// How a command says what it takes: each command module declares its actions (subcommands) once as
// data, and the same data gives the command's `--help`, the usage its refusals print and the list of
// `staffing --help` (commands.ts).

/** One action of a command: what follows `staffing <command> <action>`, and what it does. */
export interface ActionUsage { args: string; does: string }

/** A command's actions by their words (`create`, `vendor add`); `''` for a command that takes no action word. */
export type CommandUsage = Readonly<Record<string, ActionUsage>>;

const INDENT = '      ';

/** The synopsis line and the description of each action (of `only` when given), as help prints them. */
export function usageLines(command: string, usage: CommandUsage, only?: string): string {
  return Object.entries(usage)
    .filter(([action]) => only === undefined || action === only)
    .map(([action, { args, does }]) => {
      const synopsis = ['staffing', command, action, args].filter(Boolean).join(' ');
      return `  ${synopsis}\n${does.split('\n').map((line) => `${INDENT}${line.trim()}`).join('\n')}`;
    })
    .join('\n');
}

/** `Usage:` and the command's actions (one action's when given): what help prints and wrong usage shows. */
export function usageText(command: string, usage: CommandUsage, only?: string): string {
  return `Usage:\n${usageLines(command, usage, only)}`;
}
