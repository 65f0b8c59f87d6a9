import type { Db } from '@proxy/db';
import type { Command } from '../src/cli/command.ts';

/**
 * Runs one operator command of a module's map (as `npm run admin -- <name> ...` does) on `db`:
 * what it printed and its exit code.
 */
export const runCommand = async (
  commands: Record<string, Command>,
  db: Db,
  name: string,
  args: string[] = [],
) => {
  const command = commands[name];
  if (!command) throw new Error(`no command ${name}`);
  const result = await command.run(db, args);
  return typeof result === 'string' ? { output: result, exitCode: 0 } : result;
};
