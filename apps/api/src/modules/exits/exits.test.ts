import { sql } from 'kysely';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT_HEALTH_FRESH_SECONDS } from '@proxy/contract';
import { openSecret, SECRET_PURPOSES } from '@proxy/db';
import { REPO_ROOT } from '../../config/env.ts';
import { runCommand } from '../../../test/commands.ts';
import { TEST_DATA_ENCRYPTION_KEY, useScratchDatabase } from '../../../test/helpers.ts';
import { UsageError } from '../../cli/command.ts';
import { exitsCommands } from './exits.commands.ts';
import { DEMO_INVENTORY_FILE } from '../../db/seed/seed.ts';
import { readCatalogueFile } from '../catalogue/catalogue.loader.ts';
import { readInventoryFile, seedInventory } from '../inventory/inventory.service.ts';
import { ispBlocksCommands } from '../inventory/isp-blocks.commands.ts';

const dataKey = Buffer.from(TEST_DATA_ENCRYPTION_KEY, 'hex');
const dir = mkdtempSync(path.join(tmpdir(), 'exits-test-'));
const writeFile = (name: string, content: unknown) => {
  const file = path.join(dir, name);
  writeFileSync(file, JSON.stringify(content));
  return file;
};

/** Exits are global to a database: this file works in one of its own. */
describe('gateway exits: seed file and admin CLI', () => {
  const own = useScratchDatabase('cabinet_exits', { migrate: true });

  const exits = () =>
    own.database.db.selectFrom('gateway_exits').selectAll().orderBy('id').execute();
  const run = (name: string, args: string[] = []) =>
    runCommand(exitsCommands, own.database.db, name, args);

  it('the demo inventory serves every place the demo catalogue sells', () => {
    const inventory = readInventoryFile(DEMO_INVENTORY_FILE);
    const catalogue = readCatalogueFile();
    const blockCountries = new Set(inventory.isp_blocks.map((block) => block.country));
    // France is the demo's country without addresses (shown disabled, count 0).
    for (const country of catalogue.isp.countries)
      if (country.iso2 !== 'FR') expect(blockCountries, country.label).toContain(country.iso2);
    expect(blockCountries).not.toContain('FR');
    for (const location of catalogue.unlim.locations)
      expect(
        inventory.exits.some(
          (exit) =>
            exit.country === location.iso2 && (!location.city || exit.city === location.city),
        ),
        location.name,
      ).toBe(true);
    // Every address is bindable here without set-up, and each exit has its own.
    for (const exit of inventory.exits) expect(exit.address).toMatch(/^127\./);
    expect(new Set(inventory.exits.map((exit) => exit.address)).size).toBe(inventory.exits.length);
    for (const block of inventory.isp_blocks) expect(block.cidr).toMatch(/^127\./);
  });

  it("a fresh database has only the schema's direct exit and no ISP block", async () => {
    expect((await exits()).map((e) => [e.name, e.kind, e.is_active])).toEqual([
      ['direct', 'direct', true],
    ]);
    expect(await own.database.db.selectFrom('isp_blocks').select('id').execute()).toEqual([]);
  });

  it('a seed file is loaded while only the default exit exists, then never again', async () => {
    const file = writeFile('exits.json', {
      exits: [
        { name: 'direct' },
        {
          name: 'de-berlin',
          upstream: 'http://prov%40user:p%3Ass@10.0.0.5:3128',
          country: 'de',
          city: 'Berlin',
        },
        {
          name: 'us-socks',
          upstream: 'socks5://up.example:1080',
          country: 'US',
          username_template: 'cust-{country}-{session}',
          enabled: false,
        },
        { name: 'local-2', address: '127.0.0.2', country: 'uk' },
      ],
      isp_blocks: [{ cidr: '127.0.200.7/29', country: 'uk', isp: 'Demo' }],
    });
    expect(await seedInventory(own.database.db, file, dataKey)).toEqual({
      seeded: true,
      exits: ['de-berlin', 'us-socks', 'local-2'],
      ispBlocks: ['127.0.200.0/29'],
    });
    // A /29 has 6 usable addresses (network and broadcast left out).
    const addresses = await own.database.db
      .selectFrom('isp_addresses')
      .select(sql<string>`host(ip)`.as('ip'))
      .orderBy('ip')
      .execute();
    expect(addresses.map((a) => a.ip)).toEqual([1, 2, 3, 4, 5, 6].map((n) => `127.0.200.${n}`));
    const rows = await exits();
    expect(rows.map((e) => e.name)).toEqual(['direct', 'de-berlin', 'us-socks', 'local-2']);
    const berlin = rows[1];
    expect(berlin).toMatchObject({
      kind: 'http',
      country: 'DE',
      city: 'berlin',
      upstream_host: '10.0.0.5',
      upstream_port: 3128,
      username_template: 'prov@user',
      is_active: true,
    });
    expect(
      openSecret(
        dataKey,
        berlin?.upstream_password_encrypted ?? '',
        SECRET_PURPOSES.exitUpstreamPassword,
      ),
    ).toBe('p:ss');
    expect(rows[2]).toMatchObject({
      kind: 'socks5',
      username_template: 'cust-{country}-{session}',
      upstream_password_encrypted: null,
      is_active: false,
    });
    expect(rows[3]).toMatchObject({ kind: 'direct', local_address: '127.0.0.2', country: 'GB' });

    // The table is the operator's now: the next start does not read the file.
    await run('exits:remove', ['de-berlin']);
    expect(await seedInventory(own.database.db, file, dataKey)).toEqual({
      seeded: false,
      exits: [],
      ispBlocks: [],
    });
    expect((await exits()).map((e) => e.name)).toEqual(['direct', 'us-socks', 'local-2']);
    // A missing file changes nothing; an invalid one says what is wrong.
    expect(await seedInventory(own.database.db, path.join(dir, 'none.json'), dataKey)).toEqual({
      seeded: false,
      exits: [],
      ispBlocks: [],
    });
    const bad = writeFile('bad.json', { exits: [{ name: 'x', country: 'ZZ', city: 'a_b' }] });
    expect(() => readInventoryFile(bad)).toThrow(/country: an ISO 3166/);
  });

  it('exits:add, list, disable, enable and remove', async () => {
    expect(
      await run('exits:add', [
        'fr-paris',
        '--upstream',
        'http://user1:secret@proxy.example:8000',
        '--country=FR',
        '--city',
        'Paris',
        '--username-template',
        'user1-country-{country}',
      ]),
    ).toEqual({ output: 'exit fr-paris added', exitCode: 0 });
    await run('exits:add', ['jp-direct', '--address', '127.0.0.3', '--country', 'JP']);
    const list = (await run('exits:list')).output;
    expect(list).toContain(
      'fr-paris\thttp\tFR/paris\thttp://proxy.example:8000 as user1-country-{country}\ton',
    );
    expect(list).toContain('jp-direct\tdirect\tJP\t127.0.0.3\ton');
    expect(list).not.toContain('secret');
    const paris = (await exits()).find((e) => e.name === 'fr-paris');
    expect(
      openSecret(
        dataKey,
        paris?.upstream_password_encrypted ?? '',
        SECRET_PURPOSES.exitUpstreamPassword,
      ),
    ).toBe('secret');

    await run('exits:disable', ['fr-paris']);
    expect((await exits()).find((e) => e.name === 'fr-paris')?.is_active).toBe(false);
    expect((await run('exits:list')).output).toContain(
      'fr-paris\thttp\tFR/paris\thttp://proxy.example:8000 as user1-country-{country}\toff',
    );
    await run('exits:enable', ['fr-paris']);
    expect((await exits()).find((e) => e.name === 'fr-paris')?.is_active).toBe(true);
    await run('exits:remove', ['fr-paris']);
    expect((await exits()).some((e) => e.name === 'fr-paris')).toBe(false);

    for (const args of [
      ['bad1', '--country', 'XX'],
      ['bad2', '--city', 'paris'],
      ['bad3', '--address', '127.0.0.4', '--upstream', 'http://h:1'],
      ['bad4', '--upstream', 'ftp://h:21'],
      ['bad5', '--upstream', 'http://h'],
      ['bad6', '--address', 'not-an-ip'],
      ['bad7', '--username-template', 'x'],
      [],
    ])
      await expect(run('exits:add', args), args.join(' ')).rejects.toThrow(UsageError);
    await expect(run('exits:add', ['jp-direct'])).rejects.toThrow(/exists/);
    await expect(run('exits:remove', ['nope'])).rejects.toThrow(/no exit named nope/);
    await expect(run('exits:disable', ['nope'])).rejects.toThrow(/no exit named nope/);
    expect((await exits()).some((e) => e.name.startsWith('bad'))).toBe(false);
  });

  it("exits:add takes the pools and capacity; exits:list shows them and each gateway's fresh check", async () => {
    await run('exits:add', [
      'nl-unlim',
      '--address',
      '127.0.0.5',
      '--country',
      'NL',
      '--serves',
      'unlim, premium,unlim',
      '--capacity',
      '250',
    ]);
    await run('exits:add', ['nl-all', '--address', '127.0.0.6', '--country', 'NL']);
    const rows = await exits();
    expect(rows.find((e) => e.name === 'nl-unlim')).toMatchObject({
      serves: ['premium', 'unlim'],
      capacity_mbps: 250,
    });
    expect(rows.find((e) => e.name === 'nl-all')).toMatchObject({
      serves: ['dynamic', 'premium', 'unlim'],
      capacity_mbps: 1000,
    });
    const line = async (name: string) =>
      (await run('exits:list')).output.split('\n').find((text) => text.includes(`\t${name}\t`));
    expect(await line('nl-unlim')).toMatch(
      /\tNL\t127\.0\.0\.5\ton\tpremium,unlim\t250 Mbps\tnot checked$/,
    );

    // Two gateways' fresh checks, and a crashed one's stale row (not shown).
    const unlim = rows.find((e) => e.name === 'nl-unlim')?.id ?? 0;
    await own.database.db
      .insertInto('gateway_exit_health')
      .values([
        { exit_id: unlim, instance_id: 'gw-1', is_up: true, failures: 0, latency_ms: 12 },
        {
          exit_id: unlim,
          instance_id: 'gw-2',
          is_up: false,
          failures: 3,
          last_error: 'bind EADDRNOTAVAIL 127.0.0.5',
        },
        {
          exit_id: unlim,
          instance_id: 'gw-old',
          is_up: true,
          latency_ms: 5,
          checked_at: new Date(Date.now() - (EXIT_HEALTH_FRESH_SECONDS + 60) * 1000),
        },
      ])
      .execute();
    const listed = await line('nl-unlim');
    expect(listed).toMatch(
      /\t250 Mbps\tgw-1: up 12 ms \d+ s ago; gw-2: down \(3 failures: bind EADDRNOTAVAIL 127\.0\.0\.5\) \d+ s ago$/,
    );
    expect(listed).not.toContain('gw-old');
    expect(await line('nl-all')).toMatch(/\tnot checked$/);

    for (const args of [
      ['bad8', '--serves', 'dynamic,isp'],
      ['bad9', '--serves', ','],
      ['bad10', '--capacity', '0'],
      ['bad11', '--capacity', 'fast'],
      ['bad12', '--capacity', '1.5'],
    ])
      await expect(run('exits:add', args), args.join(' ')).rejects.toThrow(UsageError);
    await run('exits:remove', ['nl-unlim']);
    await run('exits:remove', ['nl-all']);
  });

  it('the inventory file takes serves and capacity_mbps too', async () => {
    const file = writeFile('pools.json', {
      exits: [{ name: 'pool-file', address: '127.0.0.9', serves: ['dynamic'], capacity_mbps: 40 }],
    });
    expect(await runCommand(ispBlocksCommands, own.database.db, 'inventory:load', [file])).toEqual({
      output: `1 of 1 exits and 0 of 0 ISP blocks added from ${file}`,
      exitCode: 0,
    });
    expect((await exits()).find((e) => e.name === 'pool-file')).toMatchObject({
      serves: ['dynamic'],
      capacity_mbps: 40,
    });
    const bad = writeFile('bad-pools.json', {
      exits: [{ name: 'x', serves: ['isp'], capacity_mbps: -1 }],
    });
    await expect(
      runCommand(ispBlocksCommands, own.database.db, 'inventory:load', [bad]),
    ).rejects.toThrow(/serves[^]*capacity_mbps/);
  });

  it('npm run admin lists the exits commands', () => {
    const help = spawnSync(
      process.execPath,
      [path.join(REPO_ROOT, 'apps/api/src/cli/admin.ts'), '--help'],
      { encoding: 'utf8', cwd: path.join(REPO_ROOT, 'apps/api') },
    );
    expect(help.status).toBe(0);
    for (const command of ['list', 'add', 'remove', 'enable', 'disable'])
      expect(help.stderr).toContain(`exits:${command}`);
    for (const command of ['list', 'add', 'remove', 'enable', 'disable'])
      expect(help.stderr).toContain(`isp-blocks:${command}`);
    expect(help.stderr).toContain('inventory:load');
  });
});

/**
 * The demo's first start on a database of its own: the inventory file is what the gateway may
 * send traffic through, so the schema's placeholder exit (the system's address) goes unless the
 * file names it (the test above keeps it that way).
 */
describe('gateway exits: the first start with an inventory file', () => {
  const own = useScratchDatabase('cabinet_exits_seed', { migrate: true });

  it("the demo inventory's exits are the only ones: untargeted traffic leaves from a demo exit", async () => {
    const seeded = await seedInventory(own.database.db, DEMO_INVENTORY_FILE, dataKey);
    const demo = readInventoryFile(DEMO_INVENTORY_FILE).exits.map((exit) => exit.name);
    expect(seeded).toMatchObject({ seeded: true, exits: demo });
    const rows = await own.database.db
      .selectFrom('gateway_exits')
      .select(['name', sql<string | null>`host(local_address)`.as('address')])
      .orderBy('id')
      .execute();
    expect(rows.map((row) => row.name)).toEqual(demo);
    for (const row of rows) expect(row.address).toMatch(/^127\.0\.0\.\d+$/);
  });
});
