import {
  flag,
  listing,
  option,
  positional,
  requireContext,
  UsageError,
  type Command,
} from '../../cli/command.ts';
import { describeIssues, toExitRow } from '../exits/exits.definition.ts';
import { insertExits } from '../exits/exits.repository.ts';
import { readInventoryFile } from './inventory.service.ts';
import { ispBlockDefinitionSchema } from './inventory.definition.ts';
import {
  deleteIspBlock,
  findIspBlocks,
  insertIspBlocks,
  setIspBlockActive,
} from './isp-blocks.repository.ts';

const ADD_USAGE = 'isp-blocks:add <cidr> --country CC [--isp NAME] [--disabled]';

const cidrOf = (args: string[], usage: string) => {
  const cidr = positional(args)[0];
  if (!cidr) throw new UsageError(usage);
  return cidr;
};

const setActive = (isActive: boolean): Command => {
  const usage = `isp-blocks:${isActive ? 'enable' : 'disable'} <cidr>`;
  return {
    usage: isActive
      ? `${usage}   (its free addresses are sold again)`
      : `${usage}   (sells nothing more; packages keep the addresses they hold)`,
    run: async (db, args) => {
      const cidr = cidrOf(args, usage);
      if (!(await setIspBlockActive(db, cidr, isActive))) throw new Error(`no ISP block ${cidr}`);
      return `ISP block ${cidr} ${isActive ? 'enabled' : 'disabled'}`;
    },
  };
};

/**
 * ISP address blocks (decision 154): each address of a block is sold to one package at a time,
 * for the block's country. The blocks must be routed to the gateway hosts (bound or reachable
 * there), since traffic of an ISP package leaves from its own addresses.
 */
export const ispBlocksCommands: Record<string, Command> = {
  'isp-blocks:list': {
    usage: 'isp-blocks:list   (ISP address blocks: country, ISP, addresses free of all, on/off)',
    run: async (db) =>
      listing(await findIspBlocks(db), 'no ISP blocks: no ISP country has addresses to sell', (b) =>
        [
          b.cidr,
          b.country,
          b.isp ?? '-',
          `${b.free} free of ${b.total}`,
          b.is_active ? 'on' : 'off',
        ].join('\t'),
      ),
  },
  'isp-blocks:add': {
    usage: ADD_USAGE,
    run: async (db, args) => {
      const parsed = ispBlockDefinitionSchema.safeParse({
        cidr: cidrOf(args, ADD_USAGE),
        country: option(args, 'country'),
        isp: option(args, 'isp'),
        enabled: !flag(args, '--disabled'),
      });
      if (!parsed.success) throw new UsageError(`${ADD_USAGE}\n${describeIssues(parsed.error)}`);
      try {
        const inserted = await insertIspBlocks(db, [parsed.data]);
        if (inserted.length === 0) throw new Error(`the ISP block ${parsed.data.cidr} exists`);
        const [block] = (await findIspBlocks(db)).filter((row) => row.cidr === inserted[0]);
        return `ISP block ${inserted[0] ?? ''} added for ${parsed.data.country}: ${block?.total ?? 0} addresses`;
      } catch (error) {
        if ((error as { code?: string }).code === '23P01')
          throw new Error(`${parsed.data.cidr} overlaps another ISP block`, { cause: error });
        throw error;
      }
    },
  },
  'isp-blocks:remove': {
    usage: 'isp-blocks:remove <cidr>   (only while no package holds one of its addresses)',
    run: async (db, args) => {
      const cidr = cidrOf(args, 'isp-blocks:remove <cidr>');
      const outcome = await deleteIspBlock(db, cidr);
      if (outcome === 'none') throw new Error(`no ISP block ${cidr}`);
      if (outcome === 'held')
        throw new Error(
          `packages hold addresses of ${cidr}: disable it (isp-blocks:disable) to stop selling it`,
        );
      return `ISP block ${cidr} removed`;
    },
  },
  'isp-blocks:enable': setActive(true),
  'isp-blocks:disable': setActive(false),
  'inventory:load': {
    usage:
      "inventory:load <file>   (adds the file's exits and ISP blocks that are new; the GATEWAY_EXITS_FILE format)",
    run: async (db, args, context) => {
      const file = cidrOf(args, 'inventory:load <file>');
      const inventory = readInventoryFile(file);
      const { dataKey } = requireContext(context);
      const exits = await insertExits(
        db,
        inventory.exits.map((exit) => toExitRow(exit, dataKey)),
      );
      const blocks = await insertIspBlocks(db, inventory.isp_blocks);
      return (
        `${exits.length} of ${inventory.exits.length} exits and ` +
        `${blocks.length} of ${inventory.isp_blocks.length} ISP blocks added from ${file}`
      );
    },
  },
};
