import {
  flag,
  listing,
  option,
  positional,
  requireContext,
  UsageError,
  type Command,
} from '../../cli/command.ts';
import { describeIssues, exitDefinitionSchema, toExitRow } from './exits.definition.ts';
import {
  deleteExit,
  findExits,
  findFreshExitHealth,
  insertExits,
  setExitActive,
} from './exits.repository.ts';

const ADD_USAGE =
  'exits:add <name> [--address IP | --upstream http|socks5://[user:pass@]host:port] [--country CC] [--region NAME] [--city NAME] [--isp NAME] [--username-template T] [--serves dynamic,premium,unlim] [--capacity MBPS] [--disabled]';

type HealthRow = Awaited<ReturnType<typeof findFreshExitHealth>>[number];

/** One instance's last check: `gw-1: up 12 ms 4 s ago`, `gw-2: down (3 failures: why) 2 s ago`. */
const describeCheck = (row: HealthRow) => {
  const state = row.is_up ? 'up' : 'down';
  const latency = row.latency_ms === null ? '' : ` ${row.latency_ms} ms`;
  const failures =
    row.failures === 0
      ? ''
      : ` (${row.failures} failure${row.failures === 1 ? '' : 's'}${
          row.last_error === null ? '' : `: ${row.last_error}`
        })`;
  return `${row.instance_id}: ${state}${latency}${failures} ${row.age_seconds} s ago`;
};

const nameOf = (args: string[], usage: string) => {
  const name = positional(args)[0];
  if (!name) throw new UsageError(usage);
  return name;
};

const setActive = (isActive: boolean): Command => {
  const usage = `exits:${isActive ? 'enable' : 'disable'} <name>`;
  return {
    usage: `${usage}   (the gateway applies it within a second)`,
    run: async (db, args) => {
      const name = nameOf(args, usage);
      if (!(await setExitActive(db, name, isActive))) throw new Error(`no exit named ${name}`);
      return `exit ${name} ${isActive ? 'enabled' : 'disabled'}`;
    },
  };
};

/**
 * The gateway's exits (decision 099). Every change reaches the running gateways at once through
 * the exits' NOTIFY; upstream passwords are sealed with DATA_ENCRYPTION_KEY and never
 * printed.
 */
export const exitsCommands: Record<string, Command> = {
  'exits:list': {
    usage:
      'exits:list   (the gateway exits: kind, place, where traffic leaves, on/off, pools, capacity, health per gateway)',
    run: async (db) => {
      const [exits, health] = await Promise.all([findExits(db), findFreshExitHealth(db)]);
      const checks = new Map<number, string[]>();
      for (const row of health)
        checks.set(row.exit_id, [...(checks.get(row.exit_id) ?? []), describeCheck(row)]);
      return listing(exits, 'no exits: the gateway refuses every request', (exit) => {
        const place = [exit.country ?? '*', exit.region, exit.city].filter(Boolean).join('/');
        const isp = exit.isp ? ` (${exit.isp})` : '';
        const target =
          exit.kind === 'direct'
            ? (exit.local_address ?? 'system address')
            : `${exit.kind}://${exit.upstream_host ?? ''}:${exit.upstream_port ?? ''}` +
              (exit.username_template ? ` as ${exit.username_template}` : '');
        return [
          exit.id,
          exit.name,
          exit.kind,
          place + isp,
          target,
          exit.is_active ? 'on' : 'off',
          exit.serves.join(','),
          `${exit.capacity_mbps} Mbps`,
          checks.get(exit.id)?.join('; ') ?? 'not checked',
        ].join('\t');
      });
    },
  },
  'exits:add': {
    usage: ADD_USAGE,
    run: async (db, args, context) => {
      const capacity = option(args, 'capacity');
      const parsed = exitDefinitionSchema.safeParse({
        name: nameOf(args, ADD_USAGE),
        address: option(args, 'address'),
        upstream: option(args, 'upstream'),
        country: option(args, 'country'),
        city: option(args, 'city'),
        region: option(args, 'region'),
        isp: option(args, 'isp'),
        username_template: option(args, 'username-template'),
        serves: option(args, 'serves')
          ?.split(',')
          .map((pool) => pool.trim())
          .filter((pool) => pool !== ''),
        capacity_mbps: capacity === undefined ? undefined : Number(capacity),
        enabled: !flag(args, '--disabled'),
      });
      if (!parsed.success) throw new UsageError(`${ADD_USAGE}\n${describeIssues(parsed.error)}`);
      const inserted = await insertExits(db, [
        toExitRow(parsed.data, requireContext(context).dataKey),
      ]);
      if (inserted.length === 0) throw new Error(`an exit named ${parsed.data.name} exists`);
      return `exit ${parsed.data.name} added`;
    },
  },
  'exits:remove': {
    usage: 'exits:remove <name>',
    run: async (db, args) => {
      const name = nameOf(args, 'exits:remove <name>');
      if (!(await deleteExit(db, name))) throw new Error(`no exit named ${name}`);
      return `exit ${name} removed`;
    },
  },
  'exits:enable': setActive(true),
  'exits:disable': setActive(false),
};
