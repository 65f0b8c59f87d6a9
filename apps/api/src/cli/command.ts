import type { Db } from '@proxy/db';

/**
 * One operator command. Each module keeps its commands in `<module>.commands.ts` and
 * src/cli/admin.ts lists those maps; `run` returns the text to print, or throws.
 * `exitCode` lets a check command (ledger:check) fail the process with its report printed.
 */
export type Command = {
  usage: string;
  run: (
    db: Db,
    args: string[],
    /** Given by `npm run admin`; commands that seal secrets require it (requireContext). */
    context?: CommandContext,
  ) => Promise<string | { output: string; exitCode: number }>;
};

/** What a command may need of the configuration (sealing secrets at rest). */
export type CommandContext = { dataKey: Buffer };

export const requireContext = (context: CommandContext | undefined): CommandContext => {
  if (!context)
    throw new Error('this command needs the configuration (run it through npm run admin)');
  return context;
};

/** The output of a list command: one line per row, or `empty` when there is none. */
export const listing = <T>(rows: readonly T[], empty: string, line: (row: T) => string): string =>
  rows.length === 0 ? empty : rows.map(line).join('\n');

export class UsageError extends Error {}

export const flag = (args: string[], name: string) => args.includes(name);
export const positional = (args: string[]) => args.filter((arg) => !arg.startsWith('--'));

/** Value of `--name=value` or `--name value`. */
export const option = (args: string[], name: string): string | undefined => {
  const inline = args.find((arg) => arg.startsWith(`--${name}=`));
  if (inline) return inline.slice(name.length + 3);
  const index = args.indexOf(`--${name}`);
  const next = index >= 0 ? args[index + 1] : undefined;
  return next && !next.startsWith('--') ? next : undefined;
};

export const requireArg = (args: string[], index: number, usage: string): string => {
  const value = positional(args)[index];
  if (!value) throw new UsageError(usage);
  return value;
};
