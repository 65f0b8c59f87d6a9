import { execFile } from 'node:child_process';
import type http from 'node:http';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { curlExamples, type ApiTools } from '@proxy/contract';
import { bearer, waitFor } from '../../../test/helpers.ts';
import { postJson, withServerAndOrigin } from '../../../test/processes.ts';
import {
  catalogueByKey,
  creditBalance,
  customerWhoBoughtFrom,
  tariffByKey,
} from '../../../test/shop.ts';
import { DEMO_INVENTORY_FILE } from '../../db/seed/seed.ts';
import { readInventoryFile } from './inventory.service.ts';

const run = promisify(execFile);

/** The demo exits' addresses in a country (and city), from the file the server seeds. */
const exitAddresses = (country: string, city?: string) =>
  readInventoryFile(DEMO_INVENTORY_FILE)
    .exits.filter((exit) => exit.country === country && (!city || exit.city === city))
    .map((exit) => exit.address);

/**
 * `curl` through `proxy` (a URL as printed, or host:port with `--proxy-user`), fetching the
 * origin that answers with the address it sees: that address, or curl's exit code and message.
 */
const curlVia = async (args: string[], originUrl: string) => {
  try {
    const { stdout } = await run('curl', ['-sS', '--max-time', '10', ...args, originUrl]);
    return { seen: stdout.trim(), code: 0, error: '' };
  } catch (error) {
    const failed = error as { code?: number; stderr?: string };
    return { seen: '', code: failed.code ?? -1, error: failed.stderr ?? '' };
  }
};

/** The origin: answers each request with the address it came from (the exit). */
const echoAddress: http.RequestListener = (req, res) => res.end(req.socket.remoteAddress);

/**
 * Every credential the cabinet delivers carries traffic as printed, through a real server and
 * gateway on the demo inventory (decision 154): each line of an ISP list, of a proxy list and
 * of the generator, the API tools page's curl examples, and the unlimited plan's connection.
 */
describe('delivered credentials work as printed', () => {
  it(
    'ISP lines, proxy-list lines, generated lines, API tools examples and an unlimited plan',
    { timeout: 180_000 },
    async () => {
      await withServerAndOrigin(
        {
          database: 'cabinet_delivered',
          origin: echoAddress,
          env: (originPort) => ({
            GATEWAY_EXITS_FILE: DEMO_INVENTORY_FILE,
            API_TOOLS_CHECK_URL: `http://127.0.0.1:${originPort}/`,
          }),
        },
        async (server, originPort, db) => {
          const origin = `http://127.0.0.1:${originPort}/`;
          const { token, packageId: dynamicId } = await customerWhoBoughtFrom(
            server.base,
            db,
            'Delivered',
            'base-1gb',
          );
          const userId = Number(
            (
              await db
                .selectFrom('packages')
                .select('user_id')
                .where('id', '=', dynamicId)
                .executeTakeFirstOrThrow()
            ).user_id,
          );
          await creditBalance(db, userId, 100_000);
          const api = async <T>(url: string) =>
            (await (
              await fetch(`${server.base}/api${url}`, { headers: bearer(token) })
            ).json()) as T;
          const buy = async (url: string, body: Record<string, unknown>) => {
            const response = await postJson(server.base, url, body, bearer(token));
            expect(response.status, await response.clone().text()).toBe(200);
            return ((await response.json()) as { package_id: number }).package_id;
          };
          const premiumId = await buy('/api/tariff/buy', {
            tariff_id: (await tariffByKey(db, 'premium-1gb')).id,
          });
          const catalogue = catalogueByKey(() => db);
          const us = await catalogue.country('isp-us');
          const ispId = await buy('/api/tariff/buy-isp', {
            tariff_id: (await tariffByKey(db, 'isp-us-5')).id,
            country_id: us.id,
            period: 30,
            socks: false,
          });
          const frankfurt = await catalogue.location('de-frankfurt');
          const unlimId = await buy('/api/tariff/buy-unlim', {
            tariff_id: (await tariffByKey(db, 'unlim-1d-100mbps')).id,
            location_id: frankfurt.id,
          });
          await waitFor(async () => {
            const rows = await db
              .selectFrom('packages')
              .select('status')
              .where('user_id', '=', userId)
              .execute();
            return rows.every((row) => row.status === 'active') ? true : undefined;
          }, 30_000);

          // ISP: each line leaves from its own address; SOCKS5, not bought, is refused as such.
          const ispLines = (
            await (
              await fetch(`${server.base}/api/export/proxy-list/isp/txt/login/${ispId}`, {
                headers: bearer(token),
              })
            ).text()
          )
            .trim()
            .split('\n');
          expect(ispLines).toHaveLength(5);
          // The gateway opens the addresses' listeners as it learns the package is active.
          await waitFor(async () => {
            const [ip = '', port = ''] = (ispLines.at(-1) ?? '').split(':');
            const probe = await curlVia(['-x', `http://${ip}:${port}`], origin);
            return probe.code === 7 ? undefined : true;
          }, 10_000);
          for (const line of ispLines) {
            const [ip = '', port = '', login = '', password = ''] = line.split(':');
            expect(
              await curlVia(['-x', `http://${login}:${password}@${ip}:${port}`], origin),
            ).toEqual({ seen: ip, code: 0, error: '' });
          }
          const isp = await api<{
            data: { connection: { port_socks: number | null; login: string; password: string } };
          }>(`/packages/isp/${ispId}`);
          expect(isp.data.connection.port_socks).toBeNull();
          const [firstIp = ''] = (ispLines[0] ?? '').split(':');
          const socksPort = (
            await api<{ data: { port_socks: number } }>(`/packages/vip/${premiumId}`)
          ).data.port_socks;
          const socks = await curlVia(
            [
              '--socks5',
              `${firstIp}:${socksPort}`,
              '--proxy-user',
              `${isp.data.connection.login}:${isp.data.connection.password}`,
            ],
            origin,
          );
          // 97: the proxy refused the request (reply 0x02), not the credentials (curl says so).
          expect(socks.code).toBe(97);
          expect(socks.error).not.toMatch(/authentication/i);

          // A proxy list of German exits: every line leaves from one of them.
          const created = await postJson(
            server.base,
            `/api/packages/${dynamicId}/proxy-lists`,
            {
              name: 'Germany',
              proxy_link_format: 'ip',
              auth_type: 0,
              location_preset: 'custom',
              countries: ['DE'],
              rotation_period: -1,
              proxy_format: 2,
              ports_count: 3,
            },
            bearer(token),
          );
          expect(created.status, await created.clone().text()).toBe(200);
          const { list_id: listId } = (await created.json()) as { list_id: number };
          const dynamicKey = (
            await db
              .selectFrom('packages')
              .select('package_key')
              .where('id', '=', dynamicId)
              .executeTakeFirstOrThrow()
          ).package_key;
          const { list } = await api<{ list: string[] }>(
            `/proxy-list/${dynamicKey}/${listId}/Germany`,
          );
          expect(list).toHaveLength(3);
          // The gateway learns of the new list through its NOTIFY.
          await waitFor(
            async () =>
              exitAddresses('DE').includes((await curlVia(['-x', list[0] ?? ''], origin)).seen)
                ? true
                : undefined,
            10_000,
          );
          for (const line of list) {
            const result = await curlVia(['-x', line], origin);
            expect(exitAddresses('DE'), line).toContain(result.seen);
          }

          // The generator: Japanese lines leave from the Tokyo exit, in both protocols.
          for (const protocols of ['http', 'socks5'] as const) {
            const generated = await postJson(
              server.base,
              `/api/packages/${premiumId}/proxy-generator`,
              {
                protocols,
                type: 'sticky',
                timespan: 60,
                lifetime: 5,
                proxy_count: 2,
                format: 1,
                countries: ['JP'],
              },
              bearer(token),
            );
            expect(generated.status, await generated.clone().text()).toBe(200);
            const lines = ((await generated.json()) as { list: string[] }).list;
            expect(lines).toHaveLength(2);
            for (const line of lines) {
              const proxy = protocols === 'http' ? `http://${line}` : `socks5h://${line}`;
              expect((await curlVia(['-x', proxy], origin)).seen, proxy).toBe(
                exitAddresses('JP')[0],
              );
            }
          }

          // The API tools page's examples, run as printed, for every package.
          for (const id of [dynamicId, premiumId, ispId, unlimId]) {
            const key = (
              await db
                .selectFrom('packages')
                .select('package_key')
                .where('id', '=', id)
                .executeTakeFirstOrThrow()
            ).package_key;
            const tools = (await api<{ data: ApiTools }>(`/api-tools/${key}`)).data;
            for (const example of curlExamples(tools, '482913')) {
              const { stdout } = await run('sh', ['-c', `${example.command} -sS --max-time 10`]);
              expect(stdout, example.command).toMatch(/^127\./);
              if (example.key.startsWith('country') || example.key.startsWith('city'))
                expect(
                  exitAddresses(tools.sample?.country.toUpperCase() ?? ''),
                  example.command,
                ).toContain(stdout);
            }
          }

          // The unlimited plan leaves from its location's exit.
          const unlim = await api<{
            data: {
              connection: { host: string; port_http: number; login: string; password: string };
            };
          }>(`/unlim/packages/${unlimId}`);
          const { host, port_http: port, login, password } = unlim.data.connection;
          expect(
            (await curlVia(['-x', `http://${login}:${password}@${host}:${port}`], origin)).seen,
          ).toBe(exitAddresses('DE', 'frankfurt')[0]);
        },
      );
    },
  );
});
