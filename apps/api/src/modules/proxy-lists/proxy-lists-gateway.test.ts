import { mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findFreePort } from '@proxy/db';
import { bearer, waitFor } from '../../../test/helpers.ts';
import { postJson, withServerAndOrigin } from '../../../test/processes.ts';
import { customerWhoBoughtFrom } from '../../../test/shop.ts';
import { packageRow } from '../../../../../packages/db/test/package-row.ts';

const ORIGIN_BODY = 'hello through a list line';

/** GET / of the origin through an HTTP proxy at host:port, with credentials if given. */
const viaHttpProxy = (
  proxy: { host: string; port: number; user?: string; pass?: string },
  originPort: number,
) =>
  new Promise<{ status: number; body: string }>((resolve) => {
    const headers: Record<string, string> = {};
    if (proxy.user !== undefined)
      headers['proxy-authorization'] =
        `Basic ${Buffer.from(`${proxy.user}:${proxy.pass ?? ''}`).toString('base64')}`;
    http
      .get(
        {
          host: proxy.host,
          port: proxy.port,
          path: `http://127.0.0.1:${originPort}/`,
          headers,
          agent: false,
        },
        (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      )
      .on('error', () => resolve({ status: 0, body: '' }));
  });

/** GET / of the origin through a SOCKS5 proxy without authentication (method 0x00). */
const viaSocksNoAuth = (proxy: { host: string; port: number }, originPort: number) =>
  new Promise<string>((resolve) => {
    const socket = net.connect(proxy.port, proxy.host);
    let stage = 0;
    let received = Buffer.alloc(0);
    socket.on('connect', () => socket.write(Buffer.from([5, 1, 0])));
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      if (stage === 0 && received.length >= 2) {
        if (received[1] !== 0) return socket.destroy();
        received = received.subarray(2);
        stage = 1;
        const port = Buffer.alloc(2);
        port.writeUInt16BE(originPort);
        socket.write(Buffer.concat([Buffer.from([5, 1, 0, 1, 127, 0, 0, 1]), port]));
      }
      if (stage === 1 && received.length >= 10) {
        if (received[1] !== 0) return socket.destroy();
        received = received.subarray(10);
        stage = 2;
        socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
      }
    });
    socket.on('close', () => resolve(stage === 2 ? received.toString() : ''));
    socket.on('error', () => undefined);
  });

/**
 * Decision 116: every line of a list works through our gateway exactly as printed. A server
 * with its gateway (npm start), an exit in Germany, a customer's europe lists: a login list's
 * line and an IP list's line carry real requests.
 */
describe('a proxy list line, as printed, through the real gateway', () => {
  it(
    'login list and IP list lines proxy HTTP (and SOCKS5 on an IP list port)',
    { timeout: 120_000 },
    async () => {
      const exitsFile = path.join(mkdtempSync(path.join(tmpdir(), 'list-exits-')), 'exits.json');
      writeFileSync(
        exitsFile,
        JSON.stringify({ exits: [{ name: 'direct' }, { name: 'de-local', country: 'DE' }] }),
      );
      const listPortsFrom = await findFreePort();
      const env = () => ({
        GATEWAY_LIST_PORTS: `${listPortsFrom}-${listPortsFrom + 1}`,
        GATEWAY_EXITS_FILE: exitsFile,
      });
      const origin: http.RequestListener = (_req, res) => res.end(ORIGIN_BODY);
      await withServerAndOrigin(
        { database: 'cabinet_list_gateway', origin, env },
        async (server, originPort, db) => {
          const { token, packageId } = await customerWhoBoughtFrom(
            server.base,
            db,
            'Lists',
            'base-1gb',
          );
          const api = (url: string) =>
            fetch(`${server.base}/api${url}`, { headers: bearer(token) }).then(
              (response) => response.json() as Promise<Record<string, unknown>>,
            );
          await waitFor(async () => {
            const detail = (await api(`/packages/${packageId}`)).data as { status: string };
            return detail.status === 'active' ? true : undefined;
          }, 30_000);
          const createList = async (body: Record<string, unknown>) => {
            const created = await postJson(
              server.base,
              `/api/packages/${packageId}/proxy-lists`,
              {
                proxy_link_format: 'ip',
                location_preset: 'europe',
                rotation_period: -1,
                ...body,
              },
              bearer(token),
            );
            expect(created.status).toBe(200);
            const { list_id: id } = (await created.json()) as { list_id: number };
            const { list } = (await api(
              `/proxy-list/${await packageKeyOf()}/${id}/${String(body.name)}`,
            )) as { list: string[] };
            return list;
          };
          const packageKeyOf = async () => (await packageRow(db, packageId)).package_key;

          // A login list: HOST:PORT:USER:PASS, a sticky session of the list's login.
          const logins = await createList({
            name: 'Logins',
            auth_type: 0,
            proxy_format: 0,
            ports_count: 2,
          });
          const [host = '', port = '', user = '', pass = ''] = (logins[1] ?? '').split(':');
          const viaLogin = await waitFor(async () => {
            const answer = await viaHttpProxy({ host, port: Number(port), user, pass }, originPort);
            return answer.status === 200 ? answer : undefined;
          }, 10_000);
          expect(viaLogin.body).toBe(ORIGIN_BODY);
          // A wrong password on the same line is refused.
          expect(
            (await viaHttpProxy({ host, port: Number(port), user, pass: `${pass}x` }, originPort))
              .status,
          ).toBe(407);

          // An IP list for this machine: HOST:PORT on a port of its own, no credentials.
          const ips = await createList({
            name: 'Office',
            auth_type: 1,
            white_list: '127.0.0.1',
            proxy_format: 0,
            ports_count: 2,
          });
          expect(ips).toEqual([`127.0.0.1:${listPortsFrom}`, `127.0.0.1:${listPortsFrom + 1}`]);
          const [ipHost = '', ipPort = ''] = (ips[0] ?? '').split(':');
          const viaIp = await waitFor(async () => {
            const answer = await viaHttpProxy({ host: ipHost, port: Number(ipPort) }, originPort);
            return answer.status === 200 ? answer : undefined;
          }, 10_000);
          expect(viaIp.body).toBe(ORIGIN_BODY);
          const socks = await viaSocksNoAuth({ host: ipHost, port: Number(ipPort) }, originPort);
          expect(socks).toContain(ORIGIN_BODY);
        },
      );
    },
  );
});
