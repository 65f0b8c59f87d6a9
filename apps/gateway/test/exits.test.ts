import { once } from 'node:events';
import http from 'node:http';
import type net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sealSecret, SECRET_PURPOSES, type DatabaseHandle } from '@proxy/db';
import {
  addPackage,
  basicAuth,
  closeAll,
  exchange,
  peerOf,
  proxyGet,
  socksTunnel,
  startHttpOrigin,
  startTestGateway,
  TEST_DATA_KEY,
  useGatewayWithOwnExits,
  waitFor,
  type Origin,
  type TestGateway,
  type TestPackage,
} from './helpers.ts';

/** An absolute-URI GET through the gateway, optionally from a given local address. */
const get = (gateway: TestGateway, url: string, auth: string | null, localAddress = '127.0.0.1') =>
  proxyGet(gateway.httpPort, url, { auth: auth ?? undefined, localAddress });

/**
 * Exits are global to a database: this file's gateway gets a database of its own, so the
 * upstream exits added here never carry the other test files' traffic.
 */
describe('exits, targeting and IP authorisation', () => {
  let database: DatabaseHandle;
  let gateway: TestGateway;
  /** The upstream proxy the exits lead to: another gateway, on the shared test database. */
  let upstream: TestGateway;
  let origin: Origin;
  let customer: TestPackage;
  const upstreamPackages: Record<'de1' | 'de2' | 'fr', TestPackage> = {} as never;

  beforeAll(async () => {
    origin = await startHttpOrigin();
    upstream = await startTestGateway();
    for (const key of ['de1', 'de2', 'fr'] as const) {
      upstreamPackages[key] = await addPackage(upstream);
    }
  });
  afterAll(() => closeAll(upstream, origin));

  const seal = (password: string) =>
    sealSecret(TEST_DATA_KEY, password, SECRET_PURPOSES.exitUpstreamPassword);
  const own = useGatewayWithOwnExits('gateway_exits_test', () => [
    {
      name: 'de-1',
      kind: 'http',
      country: 'DE',
      city: 'berlin',
      upstream_host: '127.0.0.1',
      upstream_port: upstream.httpPort,
      // {session} filled from the login (`x` keeps the suffix valid without one).
      username_template: `${upstreamPackages.de1.login}_s_x{session}`,
      upstream_password_encrypted: seal(upstreamPackages.de1.password),
    },
    {
      name: 'de-2',
      kind: 'socks5',
      country: 'DE',
      upstream_host: '127.0.0.1',
      upstream_port: upstream.socksPort,
      username_template: upstreamPackages.de2.login,
      upstream_password_encrypted: seal(upstreamPackages.de2.password),
    },
    {
      name: 'fr-paris',
      kind: 'http',
      country: 'FR',
      city: 'paris',
      upstream_host: '127.0.0.1',
      upstream_port: upstream.httpPort,
      username_template: upstreamPackages.fr.login,
      upstream_password_encrypted: seal(upstreamPackages.fr.password),
    },
  ]);
  beforeAll(async () => {
    ({ database, gateway } = own);
    customer = await addPackage(gateway);
  });

  /** Bytes the upstream gateway carried for each of its packages so far. */
  const carried = () =>
    Object.fromEntries(
      Object.entries(upstreamPackages).map(([key, pkg]) => {
        const counter = upstream.meter.counter(pkg.id);
        return [key, counter.up + counter.down];
      }),
    ) as Record<'de1' | 'de2' | 'fr', number>;

  /** Which upstream exit carried the request `run` makes. */
  const exitUsedBy = async (run: () => Promise<unknown>) => {
    const before = carried();
    await run();
    const after = carried();
    const used = (['de1', 'de2', 'fr'] as const).filter((key) => after[key] > before[key]);
    expect(used).toHaveLength(1);
    return used[0];
  };

  const url = () => `http://127.0.0.1:${origin.port}/echo`;

  it('a country reaches only the upstreams tagged with it, in turn', async () => {
    const auth = basicAuth(`${customer.login}_c_de`, customer.password);
    const first = await exitUsedBy(() => get(gateway, url(), auth));
    const second = await exitUsedBy(() => get(gateway, url(), auth));
    expect(new Set([first, second])).toEqual(new Set(['de1', 'de2']));
  });

  it('a city narrows to its exits; a city no exit serves is refused', async () => {
    expect(
      await exitUsedBy(async () => {
        const answer = await get(
          gateway,
          url(),
          basicAuth(`${customer.login}_c_fr_city_paris`, customer.password),
        );
        expect(answer.status).toBe(200);
      }),
    ).toBe('fr');
    const refused = await get(
      gateway,
      url(),
      basicAuth(`${customer.login}_c_fr_city_lyon`, customer.password),
    );
    expect(refused.status).toBe(502);
    expect(refused.headers['x-proxy-error']).toBe('no_exit');
    expect(refused.body).toContain('country FR, city lyon');
  });

  it('exits added, disabled and removed while running (what the admin CLI writes) apply within 2 s', async () => {
    const auth = basicAuth(`${customer.login}_c_jp`, customer.password);
    expect((await get(gateway, url(), auth)).status).toBe(502);
    const started = Date.now();
    await database.db
      .insertInto('gateway_exits')
      .values({
        name: 'jp-live',
        kind: 'http',
        country: 'JP',
        upstream_host: '127.0.0.1',
        upstream_port: upstream.httpPort,
        username_template: upstreamPackages.fr.login,
        upstream_password_encrypted: sealSecret(
          TEST_DATA_KEY,
          upstreamPackages.fr.password,
          SECRET_PURPOSES.exitUpstreamPassword,
        ),
      })
      .execute();
    await waitFor(async () => (await get(gateway, url(), auth)).status === 200, 2_000);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await exitUsedBy(() => get(gateway, url(), auth))).toBe('fr');

    const setLive = (isActive: boolean) =>
      database.db
        .updateTable('gateway_exits')
        .set({ is_active: isActive })
        .where('name', '=', 'jp-live')
        .execute();
    await setLive(false);
    await waitFor(async () => (await get(gateway, url(), auth)).status === 502, 2_000);
    await setLive(true);
    await waitFor(async () => (await get(gateway, url(), auth)).status === 200, 2_000);
    await database.db.deleteFrom('gateway_exits').where('name', '=', 'jp-live').execute();
    await waitFor(async () => (await get(gateway, url(), auth)).status === 502, 2_000);
    expect(gateway.exits.size).toBe(4);
  });

  it('a sticky session keeps its exit for its ttl, then moves on', async () => {
    // The session's ttl is counted on the gateway's clock (Date.now() at each connection): the
    // test moves that clock, not the timers, so only the ttl passes and nothing else waits.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const auth = basicAuth(`${customer.login}_c_de_s_abc123_ttl_2s`, customer.password);
      const first = await exitUsedBy(() => get(gateway, url(), auth));
      for (let i = 0; i < 4; i += 1)
        expect(await exitUsedBy(() => get(gateway, url(), auth))).toBe(first);
      // Just before the end of the ttl: still the same exit.
      vi.advanceTimersByTime(1_999);
      expect(await exitUsedBy(() => get(gateway, url(), auth))).toBe(first);
      vi.advanceTimersByTime(1);
      const after = await exitUsedBy(() => get(gateway, url(), auth));
      expect(after).not.toBe(first);
      // And sticks to the new one.
      expect(await exitUsedBy(() => get(gateway, url(), auth))).toBe(after);
    } finally {
      vi.useRealTimers();
    }
  });

  it('SOCKS5 and CONNECT go through upstream exits too', async () => {
    const viaSocks = await exitUsedBy(async () => {
      const socket = await socksTunnel(
        gateway,
        { login: `${customer.login}_c_fr`, password: customer.password },
        { host: '127.0.0.1', port: origin.port },
      );
      await new Promise<void>((resolve) => {
        socket.on('data', () => undefined);
        socket.on('close', () => resolve());
        socket.write('GET /bytes/1000 HTTP/1.1\r\nHost: o\r\nConnection: close\r\n\r\n');
      });
      await waitFor(() => upstream.registry.count(upstreamPackages.fr.id) === 0);
    });
    expect(viaSocks).toBe('fr');
  });

  it('an ISP package leaves from its own addresses; a session keeps one', async () => {
    const isp = await addPackage(gateway, {
      type: 'isp',
      ips: JSON.stringify(['127.0.0.7', '127.0.0.8']),
    });
    const peers = new Set<string>();
    for (let i = 0; i < 4; i += 1)
      peers.add(peerOf(await get(gateway, url(), basicAuth(isp.login, isp.password))));
    expect(peers).toEqual(new Set(['127.0.0.7', '127.0.0.8']));
    const sticky = new Set<string>();
    for (let i = 0; i < 4; i += 1)
      sticky.add(peerOf(await get(gateway, url(), basicAuth(`${isp.login}_s_77`, isp.password))));
    expect(sticky.size).toBe(1);
    const targeted = await get(gateway, url(), basicAuth(`${isp.login}_c_de`, isp.password));
    expect(targeted.status).toBe(502);
  });

  it('plain HTTP goes to an upstream HTTP proxy as an absolute-URI request, not a tunnel', async () => {
    // An upstream that forwards requests but allows no CONNECT (as many allow it to 443 only).
    const seen: { url: string; auth: string | undefined }[] = [];
    const standIn = http.createServer((req, res) => {
      seen.push({ url: req.url ?? '', auth: req.headers['proxy-authorization'] });
      const status =
        req.headers['proxy-authorization'] === basicAuth('nl-user', 'nl-pass') ? 200 : 407;
      res.writeHead(status, { 'Content-Type': 'text/plain' }).end('via the upstream');
    });
    standIn.on('connect', (_req, socket: net.Socket) => socket.destroy());
    standIn.listen(0, '127.0.0.1');
    await once(standIn, 'listening');
    const port = (standIn.address() as net.AddressInfo).port;
    const seal = (password: string) =>
      sealSecret(TEST_DATA_KEY, password, SECRET_PURPOSES.exitUpstreamPassword);
    const exits = [
      { name: 'nl-1', country: 'NL', username_template: 'nl-user', password: 'nl-pass' },
      { name: 'be-1', country: 'BE', username_template: 'be-user', password: 'wrong' },
    ];
    await database.db
      .insertInto('gateway_exits')
      .values(
        exits.map(({ password, ...exit }) => ({
          ...exit,
          kind: 'http' as const,
          upstream_host: '127.0.0.1',
          upstream_port: port,
          upstream_password_encrypted: seal(password),
        })),
      )
      .execute();
    try {
      await waitFor(() => gateway.exits.size === 6);
      const target = `http://127.0.0.1:${origin.port}/bytes/10?x=1`;
      const answer = await get(
        gateway,
        target,
        basicAuth(`${customer.login}_c_nl`, customer.password),
      );
      expect([answer.status, answer.body]).toEqual([200, 'via the upstream']);
      expect(seen).toEqual([{ url: target, auth: basicAuth('nl-user', 'nl-pass') }]);
      // The upstream refusing the exit's own credentials is the exit's failure: 502, not 407.
      const refused = await get(
        gateway,
        target,
        basicAuth(`${customer.login}_c_be`, customer.password),
      );
      expect([refused.status, refused.headers['x-proxy-error']]).toEqual([502, 'upstream']);
    } finally {
      await database.db.deleteFrom('gateway_exits').where('name', 'in', ['nl-1', 'be-1']).execute();
      standIn.close();
    }
  });

  it('a whitelisted client address needs no password; others still do', async () => {
    await addPackage(gateway, {
      type: 'isp',
      auth_ip: '127.0.0.9',
      ips: JSON.stringify(['127.0.0.1']),
      // Bought with the SOCKS5 protocol, so SOCKS5 below may carry it too.
      socks: true,
    });
    const allowed = await get(gateway, url(), null, '127.0.0.9');
    expect(allowed.status).toBe(200);
    expect((await get(gateway, url(), null, '127.0.0.1')).status).toBe(407);
    // SOCKS5 without authentication from the whitelisted address.
    const port = Buffer.alloc(2);
    port.writeUInt16BE(origin.port);
    const answer = [
      ...(
        await exchange(
          gateway.socksPort,
          Buffer.concat([Buffer.from([5, 1, 0, 5, 1, 0, 1, 127, 0, 0, 1]), port]),
          { localAddress: '127.0.0.9', stopAfter: 12 },
        )
      ).bytes,
    ];
    expect(answer.slice(0, 4)).toEqual([5, 0, 5, 0]);
    const refused = [
      ...(await exchange(gateway.socksPort, Buffer.from([5, 1, 0]), { localAddress: '127.0.0.1' }))
        .bytes,
    ];
    expect(refused).toEqual([5, 0xff]);
  });
});
