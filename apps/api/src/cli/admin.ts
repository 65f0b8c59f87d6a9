import { loadConfig } from '../config/env.ts';
import { resolveDatabase, createDatabase, migrate } from '@proxy/db';
import { UsageError, type Command } from './command.ts';
import { usersCommands } from '../modules/users/users.commands.ts';
import { ledgerCommands } from '../modules/ledger/ledger.commands.ts';
import { withdrawalsCommands } from '../modules/withdrawals/withdrawals.commands.ts';
import { alertsCommands } from '../modules/alerts/alerts.commands.ts';
import { promoCommands } from '../modules/promo/promo.commands.ts';
import { balanceCommands } from '../modules/purchases/balance.commands.ts';
import { catalogueCommands } from '../modules/catalogue/catalogue.commands.ts';
import { exitsCommands } from '../modules/exits/exits.commands.ts';
import { ispBlocksCommands } from '../modules/inventory/isp-blocks.commands.ts';

/**
 * Operator CLI: `npm run admin -- <command> [args]`. Uses the server's config; with the
 * embedded database it attaches to the running server's cluster instead of starting a
 * second one on the same data directory. Commands live beside their modules.
 */
const COMMANDS: Record<string, Command> = {
  ...usersCommands,
  ...ledgerCommands,
  ...withdrawalsCommands,
  ...alertsCommands,
  ...promoCommands,
  ...balanceCommands,
  ...catalogueCommands,
  ...exitsCommands,
  ...ispBlocksCommands,
};

const help = () =>
  [
    'Usage: npm run admin -- <command>',
    '',
    'Commands:',
    ...Object.values(COMMANDS).map((c) => `  ${c.usage}`),
  ].join('\n');

const main = async (argv: string[]): Promise<number> => {
  const [name, ...args] = argv;
  const command = name ? COMMANDS[name] : undefined;
  if (!command) {
    process.stderr.write(
      `${name && name !== '--help' ? `Unknown command: ${name}\n\n` : ''}${help()}\n`,
    );
    return name === '--help' ? 0 : 2;
  }
  const config = loadConfig();
  const source = await resolveDatabase(config, { attachIfRunning: true });
  const database = createDatabase(source.url, 1);
  try {
    await migrate(source.url);
    const result = await command.run(database.db, args, { dataKey: config.DATA_ENCRYPTION_KEY });
    const { output, exitCode } =
      typeof result === 'string' ? { output: result, exitCode: 0 } : result;
    process.stdout.write(`${output}\n`);
    return exitCode;
  } catch (error) {
    if (error instanceof UsageError)
      process.stderr.write(`Usage: npm run admin -- ${error.message}\n`);
    else process.stderr.write(`Error: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  } finally {
    await database.close();
    if (source.embedded && !source.embedded.attached) await source.embedded.stop();
  }
};

process.exitCode = await main(process.argv.slice(2));
