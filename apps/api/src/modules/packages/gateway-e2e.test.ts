import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { findFreePort } from '@proxy/db';
import { bearer, waitFor } from '../../../test/helpers.ts';
import { withServerAndOrigin } from '../../../test/processes.ts';
import { customerWhoBoughtFrom } from '../../../test/shop.ts';

type Detail = {
  status: string;
  login: string;
  password: string;
  host: string;
  port_http: number;
  traffic_used_bytes: number;
  traffic_left_bytes: number | null;
};

/** GET /bytes/n through the HTTP proxy; resolves with the body bytes received. */
const download = (detail: Detail, originPort: number, size: number) =>
  new Promise<number>((resolve) => {
    const auth = Buffer.from(`${detail.login}:${detail.password}`).toString('base64');
    http
      .get(
        {
          host: detail.host,
          port: detail.port_http,
          path: `http://127.0.0.1:${originPort}/bytes/${size}`,
          headers: { 'Proxy-Authorization': `Basic ${auth}` },
          agent: false,
        },
        (res) => {
          let received = 0;
          res.on('data', (chunk: Buffer) => (received += chunk.length));
          res.on('end', () => resolve(received));
          res.on('error', () => resolve(received));
          res.on('close', () => resolve(received));
        },
      )
      .on('error', () => resolve(0));
  });

describe('npm start: the cabinet shows what passed through its gateway', () => {
  it(
    'usage of real proxied traffic, the connection data, and the exhaustion notice',
    { timeout: 120_000 },
    async () => {
      const httpPort = await findFreePort();
      const origin: http.RequestListener = (req, res) => {
        const size = Number(/^\/bytes\/(\d+)$/.exec(req.url ?? '')?.[1] ?? 0);
        res.writeHead(200, { 'content-length': size });
        res.end(Buffer.alloc(size, 120));
      };
      const env = () => ({
        GATEWAY_HTTP_PORT: String(httpPort),
        GATEWAY_FLUSH_INTERVAL_MS: '300',
        PACKAGE_EVENTS_SWEEP_SECONDS: '0.5',
      });
      await withServerAndOrigin(
        { database: 'cabinet_gateway_e2e', origin, env },
        async (server, originPort, db) => {
          // npm start's box names the gateway once it listens, and nothing follows the box.
          const box = await waitFor(() => /┌[^]*└─+┘\s*$/.exec(server.stdout())?.[0], 30_000);
          expect(box).toContain(`http://LOGIN:PASSWORD@127.0.0.1:${httpPort}`);
          expect(server.stdout()).not.toContain('Proxy gateway:');
          const { token, packageId } = await customerWhoBoughtFrom(
            server.base,
            db,
            'Gateway',
            'base-1gb',
          );
          const detailOf = async () =>
            (
              (await (
                await fetch(`${server.base}/api/packages/${packageId}`, { headers: bearer(token) })
              ).json()) as { data: Detail }
            ).data;
          const active = await waitFor(async () => {
            const detail = await detailOf();
            return detail.status === 'active' ? detail : undefined;
          }, 30_000);
          // Where to connect: the gateway's configured host and port.
          expect(active).toMatchObject({ host: '127.0.0.1', port_http: httpPort });

          // Through the gateway with the cabinet's credentials: the cabinet shows it used.
          const received = await waitFor(async () => {
            const bytes = await download(active, originPort, 300_000);
            return bytes === 300_000 ? bytes : undefined;
          }, 10_000);
          const used = await waitFor(async () => {
            const detail = await detailOf();
            return detail.traffic_used_bytes >= received ? detail : undefined;
          }, 10_000);
          expect(used.traffic_used_bytes).toBeLessThan(received + 2_000);
          expect(used.traffic_left_bytes).toBe(1024 ** 3 - used.traffic_used_bytes);

          // The operator shrinks the quota to 1 MB: a 3 MB download is cut at the quota, the
          // package becomes empty and the customer is told once. First the gateway gives its
          // idle lease back (after 2 s idle): then only what was used stays granted, and its next
          // lease is taken against the new limit, which the lease reads from the packages row.
          const granted = async () =>
            (
              await db
                .selectFrom('package_traffic_grants')
                .select('granted_bytes')
                .where('package_id', '=', packageId)
                .executeTakeFirstOrThrow()
            ).granted_bytes;
          await waitFor(async () => {
            const leased = await granted();
            return leased <= (await detailOf()).traffic_used_bytes ? true : undefined;
          }, 10_000);
          await db
            .updateTable('packages')
            .set({ traffic_limit_bytes: 1024 * 1024 })
            .where('id', '=', packageId)
            .execute();
          const cut = await download(active, originPort, 3 * 1024 * 1024);
          // Never more than the quota: 1 MB with the first download's body.
          expect(cut).toBeLessThanOrEqual(1024 * 1024 - received);
          expect(cut).toBeGreaterThan(1024 * 1024 - received - 128 * 1024);
          await waitFor(async () => ((await detailOf()).status === 'empty' ? true : undefined));
          const notices = await waitFor(async () => {
            const list = (
              (await (
                await fetch(`${server.base}/api/profile/notifications`, { headers: bearer(token) })
              ).json()) as { data: { type: string }[] }
            ).data.filter((n) => n.type === 'notifications.traffic_exhausted');
            return list.length > 0 ? list : undefined;
          }, 15_000);
          expect(notices).toHaveLength(1);
          // What was relayed is metered: next to nothing is left.
          await waitFor(
            async () => ((await detailOf()).traffic_left_bytes ?? 0) < 64 * 1024 || undefined,
          );
        },
      );
    },
  );
});
