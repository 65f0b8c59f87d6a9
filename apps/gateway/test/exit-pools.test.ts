import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Insertable } from 'kysely';
import type { DatabaseHandle, GatewayExits, ScratchDatabase } from '@proxy/db';
import {
  addPackage,
  basicAuth,
  closeAll,
  openOwnDatabase,
  peerOf,
  proxyGet,
  socksTunnel,
  startHttpOrigin,
  startTestGateway,
  waitFor,
  type Origin,
  type TestGateway,
  type TestPackage,
} from './helpers.ts';

/** Direct exits on loopback addresses: the origin's peer address says which one carried. */
const EXITS: Insertable<GatewayExits>[] = [
  {
    name: 'de-dynamic',
    kind: 'direct',
    local_address: '127.0.0.21',
    country: 'DE',
    serves: ['dynamic'],
  },
  {
    name: 'de-premium',
    kind: 'direct',
    local_address: '127.0.0.22',
    country: 'DE',
    serves: ['premium'],
  },
  {
    name: 'de-berlin-unlim',
    kind: 'direct',
    local_address: '127.0.0.23',
    country: 'DE',
    city: 'berlin',
    serves: ['unlim'],
  },
  {
    name: 'de-munich-unlim',
    kind: 'direct',
    local_address: '127.0.0.24',
    country: 'DE',
    city: 'munich',
    serves: ['unlim'],
  },
  {
    name: 'fr-paris-all',
    kind: 'direct',
    local_address: '127.0.0.25',
    country: 'FR',
    city: 'paris',
  },
];

/** Exits are global to a database: this file's gateway has one of its own, with only these. */
describe('exit pools and unlimited locations', () => {
  let own: { scratch: ScratchDatabase; database: DatabaseHandle };
  let gateway: TestGateway;
  let origin: Origin;

  beforeAll(async () => {
    own = await openOwnDatabase('gateway_pools_test');
    // Without the migration's default direct exit, every pool has only the exits above.
    await own.database.db.deleteFrom('gateway_exits').execute();
    await own.database.db.insertInto('gateway_exits').values(EXITS).execute();
    origin = await startHttpOrigin();
    gateway = await startTestGateway({ DATABASE_URL: own.scratch.url });
    await waitFor(() => gateway.exits.size === EXITS.length);
  });
  afterAll(async () => {
    await closeAll(gateway, origin, own.database);
    await own.scratch.drop();
  });

  /** The addresses `times` requests with this login left from. */
  const peers = async (pkg: TestPackage, suffix = '', times = 6) => {
    const seen = new Set<string>();
    for (let i = 0; i < times; i += 1) {
      const answer = await proxyGet(gateway.httpPort, `http://127.0.0.1:${origin.port}/echo`, {
        auth: basicAuth(pkg.login + suffix, pkg.password),
      });
      expect(answer.status).toBe(200);
      seen.add(peerOf(answer));
    }
    return seen;
  };

  const location = async (key: string, iso2: string, city: string | null) =>
    (
      await own.database.db
        .insertInto('unlim_locations')
        .values({ key, name: key, iso2, city })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

  it('a premium package leaves only through premium exits, a dynamic one only through dynamic ones', async () => {
    const premium = await addPackage(gateway, { type: 'vip' });
    const dynamic = await addPackage(gateway, { type: 'dynamic' });
    expect(await peers(premium)).toEqual(new Set(['127.0.0.22', '127.0.0.25']));
    expect(await peers(premium, '_c_de')).toEqual(new Set(['127.0.0.22']));
    expect(await peers(dynamic, '_c_de')).toEqual(new Set(['127.0.0.21']));
    // No premium exit in Munich: a refusal, never a dynamic or unlimited exit.
    const refused = await proxyGet(gateway.httpPort, `http://127.0.0.1:${origin.port}/echo`, {
      auth: basicAuth(`${premium.login}_c_de_city_munich`, premium.password),
    });
    expect([refused.status, refused.headers['x-proxy-error']]).toEqual([502, 'no_exit']);
    // SOCKS5 chooses the same way.
    const socket = await socksTunnel(
      gateway,
      { login: `${premium.login}_c_de`, password: premium.password },
      { host: '127.0.0.1', port: origin.port },
    );
    const body = await new Promise<string>((resolve) => {
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
      socket.on('close', () => resolve(text));
      socket.write('GET /echo HTTP/1.1\r\nHost: o\r\nConnection: close\r\n\r\n');
    });
    expect(body).toContain('"peer":"127.0.0.22"');
  });

  it("an unlimited package leaves only through its location's exits, whatever its login asks", async () => {
    const berlin = await addPackage(gateway, {
      type: 'unlim',
      location_id: await location('berlin', 'DE', 'berlin'),
    });
    expect(await peers(berlin)).toEqual(new Set(['127.0.0.23']));
    expect(await peers(berlin, '_c_fr_city_paris')).toEqual(new Set(['127.0.0.23']));
    expect(await peers(berlin, '_s_abc')).toEqual(new Set(['127.0.0.23']));
    // A location naming only its country: every unlimited exit there.
    const germany = await addPackage(gateway, {
      type: 'unlim',
      location_id: await location('germany', 'DE', null),
    });
    expect(await peers(germany)).toEqual(new Set(['127.0.0.23', '127.0.0.24']));
    // A location no unlimited exit serves is refused, not served from elsewhere.
    const japan = await addPackage(gateway, {
      type: 'unlim',
      location_id: await location('tokyo', 'JP', 'tokyo'),
    });
    const refused = await proxyGet(gateway.httpPort, `http://127.0.0.1:${origin.port}/echo`, {
      auth: basicAuth(japan.login, japan.password),
    });
    expect([refused.status, refused.headers['x-proxy-error']]).toEqual([502, 'no_exit']);
    expect(refused.body).toContain("this package's location");
  });

  it("an exit's pools changed while running apply at once", async () => {
    const dynamic = await addPackage(gateway, { type: 'dynamic' });
    await own.database.db
      .updateTable('gateway_exits')
      .set({ serves: ['dynamic', 'premium'] })
      .where('name', '=', 'de-premium')
      .execute();
    await waitFor(async () => (await peers(dynamic, '_c_de', 4)).has('127.0.0.22'));
  });
});
