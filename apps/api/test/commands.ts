import type { Db } from '@proxy/db';
import type { Command } from '../src/cli/command.ts';
import { TEST_DATA_ENCRYPTION_KEY } from './helpers.ts';

/**
 * Runs one operator command of a module's map (as `npm run admin -- <name> ...` does) on `db`:
 * what it printed and its exit code.
 */
export const runCommand = async (
  commands: Record<string, Command>,
  db: Db,
  name: string,
  args: string[] = [],
  dataKey: Buffer = Buffer.from(TEST_DATA_ENCRYPTION_KEY, 'hex'),
) => {
  const command = commands[name];
  if (!command) throw new Error(`no command ${name}`);
  const result = await command.run(db, args, { dataKey });
  return typeof result === 'string' ? { output: result, exitCode: 0 } : result;
};
