import { once } from 'node:events';
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Insertable } from 'kysely';
import type { DatabaseHandle, GatewayExits, ScratchDatabase } from '@proxy/db';
import type { Exit } from '../src/exits/exit-table.ts';
import {
  addPackage,
  basicAuth,
  closeAll,
  exchange,
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

/**
 * A stand-in upstream HTTP proxy that can be stopped and started again on its port: absolute-URI
 * requests forwarded, CONNECT tunnelled. `carried` counts what it did for the test's origin (not
 * the health checks).
 */
const startStandIn = async () => {
  let originPort = 0;
  let carried = 0;
  const server = http.createServer((req, res) => {
    carried += 1;
    const upstream = http.get(req.url ?? '', { agent: false }, (answer) => {
      // No keep-alive: a stopped stand-in leaves no pooled socket behind in the gateway.
      res.writeHead(answer.statusCode ?? 502, { ...answer.headers, connection: 'close' });
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
  });
  server.on('connect', (req: http.IncomingMessage, client: net.Socket) => {
    const [host, port] = (req.url ?? '').split(':');
    if (Number(port) === originPort) carried += 1;
    const far = net.connect(Number(port), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      far.pipe(client);
      client.pipe(far);
    });
    far.on('error', () => client.destroy());
    client.on('error', () => far.destroy());
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    carried: () => carried,
    setOrigin: (value: number) => (originPort = value),
    stop: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
    start: async () => {
      server.listen(port, '127.0.0.1');
      await once(server, 'listening');
    },
    close: async () => {
      server.closeAllConnections();
      if (server.listening) await new Promise((resolve) => server.close(resolve));
    },
  };
};
type StandIn = Awaited<ReturnType<typeof startStandIn>>;

/** A port nothing listens on. */
const closedPort = async () => {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as net.AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
};

describe('exit health, retries and refusals', () => {
  let own: { scratch: ScratchDatabase; database: DatabaseHandle };
  let gateway: TestGateway;
  let origin: Origin;
  let customer: TestPackage;
  const standIns: Record<'a' | 'b', StandIn> = {} as never;
  let deadPort: number;

  beforeAll(async () => {
    own = await openOwnDatabase('gateway_health_test');
    origin = await startHttpOrigin();
    standIns.a = await startStandIn();
    standIns.b = await startStandIn();
    for (const standIn of Object.values(standIns)) standIn.setOrigin(origin.port);
    deadPort = await closedPort();
    const exits: Insertable<GatewayExits>[] = [
      {
        name: 'nl-a',
        kind: 'http',
        country: 'NL',
        upstream_host: '127.0.0.1',
        upstream_port: standIns.a.port,
      },
      {
        name: 'nl-b',
        kind: 'http',
        country: 'NL',
        upstream_host: '127.0.0.1',
        upstream_port: standIns.b.port,
      },
      // Addresses this host does not have (TEST-NET-2): binding them fails (EADDRNOTAVAIL).
      { name: 'cz-bad', kind: 'direct', country: 'CZ', local_address: '198.51.100.2' },
      { name: 'cz-good', kind: 'direct', country: 'CZ', local_address: '127.0.0.26' },
      { name: 'pl-bad', kind: 'direct', country: 'PL', local_address: '198.51.100.3' },
      {
        name: 'se-dead',
        kind: 'http',
        country: 'SE',
        upstream_host: '127.0.0.1',
        upstream_port: deadPort,
      },
    ];
    await own.database.db.deleteFrom('gateway_exits').execute();
    await own.database.db.insertInto('gateway_exits').values(exits).execute();
    gateway = await startTestGateway({ DATABASE_URL: own.scratch.url });
    await waitFor(() => gateway.exits.size === exits.length);
    customer = await addPackage(gateway, { type: 'vip' });
  });
  afterAll(async () => {
    await closeAll(gateway, standIns.a, standIns.b, origin, own.database);
    await own.scratch.drop();
  });

  const url = () => `http://127.0.0.1:${origin.port}/echo`;
  const get = (suffix: string) =>
    proxyGet(gateway.httpPort, url(), {
      auth: basicAuth(customer.login + suffix, customer.password),
    });
  /** A CONNECT tunnel carrying one GET; the raw answer. */
  const viaConnect = async (suffix: string) =>
    (
      await exchange(
        gateway.httpPort,
        `CONNECT 127.0.0.1:${origin.port} HTTP/1.1\r\nProxy-Authorization: ${basicAuth(
          customer.login + suffix,
          customer.password,
        )}\r\n\r\nGET /echo HTTP/1.1\r\nHost: o\r\nConnection: close\r\n\r\n`,
      )
    ).text;
  const viaSocks = async (suffix: string) => {
    const socket = await socksTunnel(
      gateway,
      { login: customer.login + suffix, password: customer.password },
      { host: '127.0.0.1', port: origin.port },
    );
    return new Promise<string>((resolve) => {
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
      socket.on('close', () => resolve(text));
      socket.write('GET /echo HTTP/1.1\r\nHost: o\r\nConnection: close\r\n\r\n');
    });
  };
  const exitNamed = (name: string) =>
    gateway.exits.exits.find((exit) => exit.name === name) as Exit;
  /** Which stand-in carried what `run` does. */
  const carriedBy = async (run: () => Promise<unknown>) => {
    const before = { a: standIns.a.carried(), b: standIns.b.carried() };
    await run();
    const used = (['a', 'b'] as const).filter((key) => standIns[key].carried() > before[key]);
    expect(used).toHaveLength(1);
    return used[0];
  };
  const checkRounds = async (rounds: number) => {
    for (let i = 0; i < rounds; i += 1) await gateway.checkExits();
  };

  it('a 502 names no exit and no internal address: a code, a generic sentence, the detail in the log', async () => {
    for (const answer of [await get('_c_pl'), await get('_c_se')]) {
      expect(answer.status).toBe(502);
      expect(answer.body).not.toMatch(
        /198\.51\.100|127\.0\.0|pl-bad|se-dead|EADDRNOTAVAIL|ECONNREFUSED/,
      );
      expect(answer.body).not.toContain(String(deadPort));
    }
    expect((await get('_c_pl')).headers['x-proxy-error']).toBe('unreachable');
    expect((await get('_c_se')).headers['x-proxy-error']).toBe('refused');
    // CONNECT: through the direct exit and through the upstream one.
    for (const suffix of ['_c_pl', '_c_se']) {
      const text = await viaConnect(suffix);
      expect(text).toMatch(/^HTTP\/1\.1 502 /);
      expect(text).not.toMatch(/198\.51\.100|127\.0\.0|pl-bad|se-dead|EADDRNOTAVAIL|ECONNREFUSED/);
    }
  });

  it('a connect failure on one exit is retried on another within one request, on every path', async () => {
    // Direct exits: the fast GET path and CONNECT on handles move from the unbindable address.
    for (let i = 0; i < 4; i += 1) {
      const answer = await get('_c_cz');
      expect(answer.status).toBe(200);
      expect(peerOf(answer)).toBe('127.0.0.26');
      expect(await viaConnect('_c_cz')).toMatch(/^HTTP\/1\.1 200 [^]*"peer":"127\.0\.0\.26"/);
    }
    // Upstream exits: one stand-in stopped (not yet reported down), the other carries all.
    await standIns.a.stop();
    try {
      expect(gateway.exits.isDown(exitNamed('nl-a'))).toBe(false);
      for (let i = 0; i < 4; i += 1) {
        expect(await carriedBy(async () => expect((await get('_c_nl')).status).toBe(200))).toBe(
          'b',
        );
        expect(
          await carriedBy(async () =>
            expect(await viaConnect('_c_nl')).toMatch(/^HTTP\/1\.1 200 /),
          ),
        ).toBe('b');
        expect(
          await carriedBy(async () => expect(await viaSocks('_c_nl')).toMatch(/^HTTP\/1\.1 200 /)),
        ).toBe('b');
      }
    } finally {
      await standIns.a.start();
    }
  });

  it('a stopped upstream is down after GATEWAY_EXIT_DOWN_AFTER failed checks, skipped, and back after one success', async () => {
    const a = exitNamed('nl-a');
    await checkRounds(1);
    expect(gateway.exitHealth.stateOf(a.id)).toMatchObject({ isUp: true, failures: 0 });
    await standIns.a.stop();
    await checkRounds(2);
    expect(gateway.exitHealth.stateOf(a.id)).toMatchObject({ isUp: true, failures: 2 });
    expect(gateway.exits.isDown(a)).toBe(false);
    await checkRounds(1);
    expect(gateway.exits.isDown(a)).toBe(true);
    const row = await own.database.db
      .selectFrom('gateway_exit_health')
      .selectAll()
      .where('exit_id', '=', a.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      is_up: false,
      failures: 3,
      latency_ms: null,
    });
    expect(row.last_error).toMatch(/ECONNREFUSED/);
    // Skipped: every request goes through the other exit at once, no failed try first.
    for (let i = 0; i < 4; i += 1)
      expect(await carriedBy(async () => expect((await get('_c_nl')).status).toBe(200))).toBe('b');

    await standIns.a.start();
    await checkRounds(1);
    expect(gateway.exits.isDown(a)).toBe(false);
    const used = new Set<string | undefined>();
    for (let i = 0; i < 4; i += 1) used.add(await carriedBy(() => get('_c_nl')));
    expect(used).toEqual(new Set(['a', 'b']));
    const back = await own.database.db
      .selectFrom('gateway_exit_health')
      .select(['is_up', 'failures', 'last_error', 'latency_ms'])
      .where('exit_id', '=', a.id)
      .executeTakeFirstOrThrow();
    expect(back).toMatchObject({ is_up: true, failures: 0, last_error: null });
    expect(back.latency_ms).toBeGreaterThanOrEqual(0);
    // Direct exits: a bindable address is up, an address the host lacks is down.
    expect(gateway.exits.isDown(exitNamed('cz-good'))).toBe(false);
    expect(gateway.exits.isDown(exitNamed('cz-bad'))).toBe(true);
  });

  it('every exit of a targeting down: 502 exit_unavailable, SOCKS reply 0x04', async () => {
    expect(gateway.exits.isDown(exitNamed('pl-bad'))).toBe(true);
    const answer = await get('_c_pl');
    expect([answer.status, answer.headers['x-proxy-error']]).toEqual([502, 'exit_unavailable']);
    await expect(viaSocks('_c_pl')).rejects.toThrow(/HostUnreachable|0x04|Socks5 proxy rejected/i);
  });

  it('a sticky session keeps its exit through a retry, and moves only when its exit is down', async () => {
    const session = '_c_nl_s_stick1';
    const first = (await carriedBy(() => get(session))) as 'a' | 'b';
    const other = first === 'a' ? 'b' : 'a';
    const firstExit = exitNamed(`nl-${first}`);
    for (let i = 0; i < 3; i += 1) expect(await carriedBy(() => get(session))).toBe(first);
    // Its upstream fails one connect: the request is retried elsewhere, the session stays.
    await standIns[first].stop();
    expect(await carriedBy(async () => expect((await get(session)).status).toBe(200))).toBe(other);
    await standIns[first].start();
    expect(await carriedBy(() => get(session))).toBe(first);
    // Reported down: the session moves, and stays moved when the exit comes back.
    await standIns[first].stop();
    await checkRounds(3);
    expect(gateway.exits.isDown(firstExit)).toBe(true);
    expect(await carriedBy(() => get(session))).toBe(other);
    await standIns[first].start();
    await checkRounds(1);
    expect(gateway.exits.isDown(firstExit)).toBe(false);
    for (let i = 0; i < 3; i += 1) expect(await carriedBy(() => get(session))).toBe(other);
  });

  it("a stopped instance deletes its health rows; another instance's stay", async () => {
    const second = await startTestGateway({ DATABASE_URL: own.scratch.url });
    await waitFor(() => second.exits.size === gateway.exits.size);
    await second.checkExits();
    const instances = async () =>
      new Set(
        (
          await own.database.db.selectFrom('gateway_exit_health').select('instance_id').execute()
        ).map((row) => row.instance_id),
      );
    expect((await instances()).size).toBe(2);
    await second.close();
    expect((await instances()).size).toBe(1);
    // Health rows never touch gateway_exits (whose trigger reloads every gateway).
    const exitsUpdated = await own.database.db
      .selectFrom('gateway_exits')
      .select((eb) => eb.fn.max('updated_at').as('at'))
      .executeTakeFirstOrThrow();
    await gateway.checkExits();
    expect(
      (
        await own.database.db
          .selectFrom('gateway_exits')
          .select((eb) => eb.fn.max('updated_at').as('at'))
          .executeTakeFirstOrThrow()
      ).at,
    ).toEqual(exitsUpdated.at);
  });
});
