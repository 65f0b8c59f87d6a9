import type net from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  addPackage,
  curlStatusAndSize,
  exchange,
  socksTunnel,
  startHttpOrigin,
  usageOf,
  useGatewayWithPackage,
  waitFor,
  type TestGateway,
} from './helpers.ts';

const socksConnect = (
  gateway: TestGateway,
  userId: string,
  password: string,
  destination: { host: string; port: number },
) => socksTunnel(gateway, { login: userId, password }, destination);

/** A raw HTTP/1.1 exchange on an open socket: the whole answer (the origin closes). */
const httpOver = (socket: net.Socket, path: string) =>
  new Promise<string>((resolve, reject) => {
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
    socket.write(`GET ${path} HTTP/1.1\r\nHost: origin\r\nConnection: close\r\n\r\n`);
  });

/** Sends raw bytes to the SOCKS port and collects what comes back until the server closes. */
const rawSocks = async (gateway: TestGateway, bytes: Buffer) =>
  (await exchange(gateway.socksPort, bytes)).bytes;

const userPass = (username: string, password: string) =>
  Buffer.concat([
    Buffer.from([0x01, Buffer.byteLength(username)]),
    Buffer.from(username),
    Buffer.from([Buffer.byteLength(password)]),
    Buffer.from(password),
  ]);

describe('SOCKS5 server', () => {
  const fixture = useGatewayWithPackage({ GATEWAY_HANDSHAKE_TIMEOUT_MS: '300' });

  it('connects with username/password and meters exactly what the fixture.origin saw', async () => {
    const readBefore = fixture.origin.bytesRead();
    const writtenBefore = fixture.origin.bytesWritten();
    const socket = await socksConnect(fixture.gateway, fixture.pkg.login, fixture.pkg.password, {
      host: '127.0.0.1',
      port: fixture.origin.port,
    });
    const answer = await httpOver(socket, '/bytes/123456');
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK/);
    await waitFor(() => fixture.gateway.registry.count(fixture.pkg.id) === 0);
    await fixture.gateway.flushUsage();
    expect(await usageOf(fixture.gateway.database.db, fixture.pkg.id)).toEqual({
      up: fixture.origin.bytesRead() - readBefore,
      down: fixture.origin.bytesWritten() - writtenBefore,
    });
  });

  it('works for curl with a domain name and targeting suffixes in the login', async () => {
    const proxy = ['--socks5-hostname', `127.0.0.1:${fixture.gateway.socksPort}`];
    const user = ['--proxy-user', `${fixture.pkg.login}_s_42_ttl_5m:${fixture.pkg.password}`];
    expect(
      await curlStatusAndSize(
        [...proxy, ...user],
        `http://localhost:${fixture.origin.port}/bytes/2048`,
      ),
    ).toBe('200 2048');
  });

  it('fails authentication (reply version 0x01, status 0x01) for a wrong password or malformed login', async () => {
    const greeting = Buffer.from([0x05, 0x01, 0x02]);
    for (const [username, password] of [
      [fixture.pkg.login, 'wrong'],
      [`${fixture.pkg.login}_c_zz`, fixture.pkg.password],
      [`${fixture.pkg.login}_city_paris`, fixture.pkg.password],
    ] as const) {
      const answer = await rawSocks(
        fixture.gateway,
        Buffer.concat([greeting, userPass(username, password)]),
      );
      expect([...answer]).toEqual([0x05, 0x02, 0x01, 0x01]);
    }
    await expect(
      socksConnect(fixture.gateway, fixture.pkg.login, 'wrong', {
        host: '127.0.0.1',
        port: fixture.origin.port,
      }),
    ).rejects.toThrow(/Authentication failed/);
  });

  it('carries an ISP package over SOCKS5 only when it was bought with the SOCKS5 protocol', async () => {
    const ips = JSON.stringify(['127.0.0.1']);
    const httpOnly = await addPackage(fixture.gateway, { type: 'isp', ips, socks: false });
    const withSocks = await addPackage(fixture.gateway, { type: 'isp', ips, socks: true });
    const destination = { host: '127.0.0.1', port: fixture.origin.port };
    // The login is right: authentication succeeds, the CONNECT gets "not allowed by ruleset".
    const port = Buffer.alloc(2);
    port.writeUInt16BE(fixture.origin.port);
    const answer = await rawSocks(
      fixture.gateway,
      Buffer.concat([
        Buffer.from([0x05, 0x01, 0x02]),
        userPass(httpOnly.login, httpOnly.password),
        Buffer.from([0x05, 0x01, 0x00, 0x01, 127, 0, 0, 1]),
        port,
      ]),
    );
    expect([...answer]).toEqual([0x05, 0x02, 0x01, 0x00, 0x05, 0x02, 0x00, 0x01, 0, 0, 0, 0, 0, 0]);
    const socket = await socksConnect(
      fixture.gateway,
      withSocks.login,
      withSocks.password,
      destination,
    );
    expect(await httpOver(socket, '/bytes/10')).toMatch(/^HTTP\/1\.1 200 OK/);
  });

  it('refuses clients that offer no username/password method', async () => {
    expect([...(await rawSocks(fixture.gateway, Buffer.from([0x05, 0x01, 0x00])))]).toEqual([
      0x05, 0xff,
    ]);
  });

  it('answers BIND with "command not supported" and closes garbage', async () => {
    const request = Buffer.from([0x05, 0x02, 0x00, 0x01, 127, 0, 0, 1, 0x00, 0x50]);
    const answer = await rawSocks(
      fixture.gateway,
      Buffer.concat([
        Buffer.from([0x05, 0x01, 0x02]),
        userPass(fixture.pkg.login, fixture.pkg.password),
        request,
      ]),
    );
    expect([...answer]).toEqual([0x05, 0x02, 0x01, 0x00, 0x05, 0x07, 0x00, 0x01, 0, 0, 0, 0, 0, 0]);
    expect((await rawSocks(fixture.gateway, Buffer.from('GET / HTTP/1.1\r\n\r\n'))).length).toBe(0);
  });

  it('answers a CONNECT to a zero-length domain or to port 0 with "host unreachable" (RFC 1928 requires a reply)', async () => {
    const login = Buffer.concat([
      Buffer.from([0x05, 0x01, 0x02]),
      userPass(fixture.pkg.login, fixture.pkg.password),
    ]);
    const hostUnreachable = [0x05, 0x02, 0x01, 0x00, 0x05, 0x04, 0x00, 0x01, 0, 0, 0, 0, 0, 0];
    const emptyDomain = Buffer.from([0x05, 0x01, 0x00, 0x03, 0x00, 0x00, 0x50]);
    const portZero = Buffer.from([0x05, 0x01, 0x00, 0x01, 127, 0, 0, 1, 0x00, 0x00]);
    const domainPortZero = Buffer.from([0x05, 0x01, 0x00, 0x03, 0x01, 0x61, 0x00, 0x00]);
    for (const request of [emptyDomain, portZero, domainPortZero])
      expect([...(await rawSocks(fixture.gateway, Buffer.concat([login, request])))]).toEqual(
        hostUnreachable,
      );
  });

  it('closes a client that does not finish the handshake in time', async () => {
    const started = Date.now();
    const answer = await rawSocks(fixture.gateway, Buffer.from([0x05, 0x01]));
    expect(answer.length).toBe(0);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
  });

  it('replies 0x04 when no exit serves the targeting', async () => {
    await expect(
      socksConnect(fixture.gateway, `${fixture.pkg.login}_c_de_city_berlin`, fixture.pkg.password, {
        host: '127.0.0.1',
        port: fixture.origin.port,
      }),
    ).rejects.toThrow(/HostUnreachable/);
  });

  it('replies 0x05 when the fixture.origin refuses', async () => {
    const closed = await startHttpOrigin();
    await closed.close();
    await expect(
      socksConnect(fixture.gateway, fixture.pkg.login, fixture.pkg.password, {
        host: '127.0.0.1',
        port: closed.port,
      }),
    ).rejects.toThrow(/ConnectionRefused/);
  });
});
