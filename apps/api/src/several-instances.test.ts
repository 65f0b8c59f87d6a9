import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { sealSecret, SECRET_PURPOSES } from '@proxy/db';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './config/env.ts';
import { startGatewayProcess, type GatewayReady } from './lib/gateway-process.ts';
import { bearer, openScratchDatabase, TEST_DATA_ENCRYPTION_KEY, waitFor } from '../test/helpers.ts';
import { spawnServer, waitForHealth, type ServerProcess } from '../test/processes.ts';
import { customerWhoBoughtFrom } from '../test/shop.ts';

const MB = 1024 * 1024;
const GB = 1024 * MB;
const CHUNK = Buffer.alloc(64 * 1024, 120);

/** GET /bytes/N: N bytes as fast as the reader takes them; /slow/N: 16 KB every 5 ms. */
const origin: http.RequestListener = (req, res) => {
  const [, kind, size] = /^\/(bytes|slow)\/(\d+)$/.exec(req.url ?? '') ?? [];
  let left = Number(size ?? 0);
  res.writeHead(200, { 'content-length': left });
  const piece = () => (left >= CHUNK.length ? CHUNK : CHUNK.subarray(0, left));
  if (kind === 'slow') {
    const timer = setInterval(() => {
      const part = piece().subarray(0, 16 * 1024);
      left -= part.length;
      res.write(part);
      if (left === 0) {
        clearInterval(timer);
        res.end();
      }
    }, 5);
    res.on('close', () => clearInterval(timer));
    return;
  }
  const pump = () => {
    while (left > 0) {
      const part = piece();
      left -= part.length;
      if (!res.write(part)) return void res.once('drain', pump);
    }
    res.end();
  };
  pump();
};

type Login = { login: string; password: string };

/**
 * GET through one gateway's HTTP port: `started` once the first body bytes arrived, `done`
 * with the body bytes received and when the connection closed (the answer's end or a cut).
 */
const download = (port: number, login: Login, url: string) => {
  let received = 0;
  let onStarted: () => void = () => undefined;
  const started = new Promise<void>((resolve) => (onStarted = resolve));
  const done = new Promise<{ received: number; closedAt: number }>((resolve) => {
    const finish = () => resolve({ received, closedAt: Date.now() });
    http
      .get(
        {
          host: '127.0.0.1',
          port,
          path: url,
          agent: false,
          headers: {
            'Proxy-Authorization': `Basic ${Buffer.from(`${login.login}:${login.password}`).toString('base64')}`,
          },
        },
        (res) => {
          res.on('data', (chunk: Buffer) => {
            received += chunk.length;
            onStarted();
          });
          res.on('close', finish);
        },
      )
      .on('error', finish);
  });
  return { started, done };
};

describe('several instances on one database', () => {
  it(
    'three gateways and two API servers: one quota shared by all gateways, a password change and a deletion cut tunnels on every gateway within 2 s',
    { timeout: 240_000 },
    async () => {
      const own = await openScratchDatabase('cabinet_several_instances');
      const server = http.createServer(origin);
      server.listen(0, '127.0.0.1');
      await once(server, 'listening');
      const originUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const apis: ServerProcess[] = [];
      const gateways: { stop: () => Promise<void> }[] = [];
      const gatewayDirs: string[] = [];
      try {
        for (let i = 0; i < 2; i += 1)
          apis.push(
            await spawnServer({
              DATABASE_URL: own.scratch.url,
              START_GATEWAY: 'false',
              JOBS_POLL_SECONDS: '0.5',
            }),
          );
        await Promise.all(apis.map((api) => waitForHealth(api.base, 60_000)));
        const ports: GatewayReady[] = [];
        for (let i = 0; i < 3; i += 1) {
          const dataDir = mkdtempSync(path.join(REPO_ROOT, 'data', 'several-gateways-'));
          gatewayDirs.push(dataDir);
          const gateway = startGatewayProcess(
            {
              ...process.env,
              NODE_ENV: 'production',
              DATABASE_URL: own.scratch.url,
              DATA_DIR: dataDir,
              DATA_ENCRYPTION_KEY: TEST_DATA_ENCRYPTION_KEY,
              GATEWAY_HTTP_PORT: '0',
              GATEWAY_SOCKS_PORT: '0',
              GATEWAY_ALLOW_PRIVATE_DESTINATIONS: 'true',
              GATEWAY_FLUSH_INTERVAL_MS: '300',
              LOG_LEVEL: 'warn',
            },
            pino({ level: 'silent' }),
          );
          gateways.push(gateway);
          const ready = await gateway.ready;
          if (!ready) throw new Error('a gateway did not start');
          ports.push(ready);
        }
        const [first, second] = apis as [ServerProcess, ServerProcess];

        /** A customer's package bought through the first API, active, read through the second. */
        const boughtPackage = async (name: string) => {
          const { token, packageId } = await customerWhoBoughtFrom(
            first.base,
            own.database.db,
            name,
            'base-1gb',
          );
          const detailOf = async () =>
            (
              (await (
                await fetch(`${second.base}/api/packages/${packageId}`, { headers: bearer(token) })
              ).json()) as {
                data: Login & { status: string; traffic_used_bytes: number };
              }
            ).data;
          const active = await waitFor(async () => {
            const detail = await detailOf();
            return detail.status === 'active' ? detail : undefined;
          }, 30_000);
          return { token, packageId, login: active, detailOf };
        };

        // One quota across three gateways: 32 downloads of 40 MB want 1.25 GB of a 1 GB package.
        const shared = await boughtPackage('Shared');
        const received = await Promise.all(
          Array.from(
            { length: 32 },
            (_, index) =>
              download(
                (ports[index % 3] as GatewayReady).httpPort,
                shared.login,
                `${originUrl}/bytes/${40 * MB}`,
              ).done,
          ),
        );
        const total = received.reduce((sum, answer) => sum + answer.received, 0);
        expect(total).toBeLessThanOrEqual(GB);
        // Most of it was served: what stays unspent is at most the last lease of each gateway
        // (16 MB at most), leased while the downloads on it were ending.
        expect(total).toBeGreaterThan(GB - 3 * 16 * MB);
        // The package turns empty at once; the last usage of each gateway arrives with its next
        // flush (300 ms here). Every byte relayed is billed then, and none beyond the quota.
        const billed = await waitFor(async () => {
          const detail = await shared.detailOf();
          return detail.status === 'empty' && detail.traffic_used_bytes >= total
            ? detail
            : undefined;
        }, 30_000).catch(async () => {
          const detail = await shared.detailOf();
          throw new Error(
            `${detail.status}: billed ${detail.traffic_used_bytes} B of the ${total} B relayed`,
          );
        });
        expect(billed.traffic_used_bytes).toBeLessThanOrEqual(GB + MB);

        /** A slow download through each gateway; all closed within 2 s of `change`. */
        const cutEverywhere = async (login: Login, change: () => Promise<void>) => {
          const tunnels = ports.map((port) =>
            download(port.httpPort, login, `${originUrl}/slow/${64 * MB}`),
          );
          // Each is under way on its gateway before the change.
          await Promise.all(tunnels.map((tunnel) => tunnel.started));
          const changedAt = Date.now();
          await change();
          const closed = await Promise.all(tunnels.map((tunnel) => tunnel.done));
          for (const tunnel of closed) {
            expect(tunnel.received).toBeGreaterThan(0);
            expect(tunnel.received).toBeLessThan(64 * MB);
            expect(tunnel.closedAt - changedAt).toBeLessThan(2_000);
          }
        };

        const changed = await boughtPackage('Changed');
        await cutEverywhere(changed.login, async () => {
          await own.database.db
            .updateTable('packages')
            .set({
              password_encrypted: sealSecret(
                Buffer.from(TEST_DATA_ENCRYPTION_KEY, 'hex'),
                'a-new-password-1',
                SECRET_PURPOSES.packagePassword,
              ),
            })
            .where('id', '=', changed.packageId)
            .execute();
        });

        const deleted = await boughtPackage('Deleted');
        const { email } = await own.database.db
          .selectFrom('users')
          .innerJoin('packages', 'packages.user_id', 'users.id')
          .select('users.email')
          .where('packages.id', '=', deleted.packageId)
          .executeTakeFirstOrThrow();
        await cutEverywhere(deleted.login, async () => {
          const answer = await fetch(`${second.base}/api/packages/${deleted.packageId}`, {
            method: 'DELETE',
            headers: { ...bearer(deleted.token), 'content-type': 'application/json' },
            body: JSON.stringify({ email }),
          });
          expect(answer.status).toBeLessThan(300);
        });
      } finally {
        await Promise.all(gateways.map((gateway) => gateway.stop()));
        await Promise.all(apis.map((api) => api.stop()));
        server.closeAllConnections();
        server.close();
        for (const dir of gatewayDirs) rmSync(dir, { recursive: true, force: true });
        await own.close();
      }
    },
  );
});
