import { once } from 'node:events';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '@proxy/db';
import { gatewayChildEnvironment } from '../../config/env.ts';
import { startGatewayProcess } from '../../lib/gateway-process.ts';
import {
  createTestApp,
  useScratchDatabase,
  waitFor,
  type TestContext,
} from '../../../test/helpers.ts';
import { customerWhoBought, loadShop } from '../../../test/shop.ts';
import { setPackageColumns } from '../../../test/packages.ts';

type Credentials = { login: string; password: string };

/**
 * Opens a CONNECT tunnel through the gateway's HTTP proxy to `port` on this host. Resolves with
 * the tunnel socket, or with the proxy's refusal status.
 */
const connectThrough = (proxyPort: number, credentials: Credentials, port: number) =>
  new Promise<{ socket: net.Socket } | { status: number }>((resolve, reject) => {
    const auth = Buffer.from(`${credentials.login}:${credentials.password}`).toString('base64');
    const request = http.request({
      host: '127.0.0.1',
      port: proxyPort,
      method: 'CONNECT',
      path: `127.0.0.1:${port}`,
      headers: { 'Proxy-Authorization': `Basic ${auth}` },
      agent: false,
    });
    request.on('connect', (response, socket) => {
      if (response.statusCode === 200) resolve({ socket });
      else {
        socket.destroy();
        resolve({ status: response.statusCode ?? 0 });
      }
    });
    request.on('response', (response) => resolve({ status: response.statusCode ?? 0 }));
    request.on('error', reject);
    request.end();
  });

/** Writes `text` into the tunnel and resolves with what the echo server sent back. */
const echo = (socket: net.Socket, text: string) =>
  new Promise<string>((resolve) => {
    socket.once('data', (chunk: Buffer) => resolve(chunk.toString()));
    socket.write(text);
  });

describe('deleting a package cuts it off at the gateway', () => {
  // A database of its own: the gateway serves every active package it finds.
  const own = useScratchDatabase('package_delete_gateway', { migrate: true });
  const ctx = {} as TestContext;
  const origin = net.createServer((socket) => socket.pipe(socket));
  let proxyPort = 0;
  let gateway: ReturnType<typeof startGatewayProcess> | undefined;

  beforeAll(async () => {
    Object.assign(ctx, await createTestApp({ DATABASE_URL: own.scratch.url }));
    await loadShop(ctx.database.db);
    origin.listen(0, '127.0.0.1');
    await once(origin, 'listening');
    proxyPort = await findFreePort();
  });
  afterAll(async () => {
    await gateway?.stop();
    origin.close();
    await ctx.close();
  });

  it('an open tunnel is closed and the credentials stop working', { timeout: 90_000 }, async () => {
    const { user, packageId } = await customerWhoBought(ctx, 'base-1gb');
    const db = ctx.database.db;
    await setPackageColumns(db, packageId, { status: 'active' });
    const detail = await ctx.api.request('GET', `/api/packages/${packageId}`, {
      token: user.token,
    });
    const credentials = detail.json<{ data: Credentials }>().data;

    gateway = startGatewayProcess(
      {
        ...gatewayChildEnvironment(ctx.config, own.scratch.url),
        GATEWAY_HTTP_PORT: String(proxyPort),
        GATEWAY_SOCKS_PORT: String(await findFreePort()),
        GATEWAY_ALLOW_PRIVATE_DESTINATIONS: 'true',
        GATEWAY_WORKERS: '1',
      },
      pino({ level: 'silent' }),
    );
    expect(await gateway.ready).toMatchObject({ httpPort: proxyPort });
    const originPort = (origin.address() as AddressInfo).port;

    const opened = await waitFor(async () => {
      const attempt = await connectThrough(proxyPort, credentials, originPort);
      return 'socket' in attempt ? attempt.socket : undefined;
    }, 20_000);
    expect(await echo(opened, 'before delete')).toBe('before delete');
    const closed = once(opened, 'close');

    const deleted = await ctx.api.request('DELETE', `/api/packages/${packageId}`, {
      token: user.token,
      payload: { email: user.email },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);

    // The gateway hears the status change (NOTIFY at commit) and closes the open tunnel.
    await Promise.race([
      closed,
      new Promise((_resolve, reject) =>
        setTimeout(() => reject(new Error('the tunnel stayed open')), 15_000),
      ),
    ]);
    expect(opened.destroyed).toBe(true);
    // And the package's credentials no longer open a tunnel.
    expect(await connectThrough(proxyPort, credentials, originPort)).toEqual({ status: 407 });
  });
});
