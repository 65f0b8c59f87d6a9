import { execFile } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { CURL_EXAMPLE_KEYS, curlExamples, type ApiTools } from '@proxy/contract';
import { findFreePort } from '@proxy/db';
import { bearer, useScratchDatabase, waitFor } from '../../../test/helpers.ts';
import { spawnServer, waitForHealth } from '../../../test/processes.ts';
import { customerWhoBoughtFrom } from '../../../test/shop.ts';

const run = promisify(execFile);

describe('API tools: the printed curl examples work through the gateway', () => {
  // A database of its own: the exits are global, and the server's sweeps take every package.
  const own = useScratchDatabase('api_tools_gateway');

  it(
    'plain, country, city, session, their combinations and SOCKS5, each run as printed',
    { timeout: 120_000 },
    async () => {
      const origin = http.createServer((_req, res) => {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end('reached the origin');
      });
      origin.listen(0, '127.0.0.1');
      await once(origin, 'listening');
      const checkUrl = `http://127.0.0.1:${(origin.address() as AddressInfo).port}/ip`;
      const server = await spawnServer({
        DATABASE_URL: own.scratch.url,
        START_GATEWAY: 'true',
        GATEWAY_HTTP_PORT: String(await findFreePort()),
        GATEWAY_SOCKS_PORT: String(await findFreePort()),
        GATEWAY_ALLOW_PRIVATE_DESTINATIONS: 'true',
        API_TOOLS_CHECK_URL: checkUrl,
        JOBS_POLL_SECONDS: '0.5',
      });
      try {
        await waitForHealth(server.base, 60_000).catch((error: unknown) => {
          throw new Error(`${String(error)}\n${server.stderr()}`);
        });
        // A place the gateway can serve: a direct exit the operator declared as New York.
        await own.database.db
          .insertInto('gateway_exits')
          .values({ name: 'new-york', kind: 'direct', country: 'US', city: 'new-york' })
          .execute();
        const { token, packageId } = await customerWhoBoughtFrom(
          server.base,
          own.database.db,
          'Tools',
          'base-1gb',
        );
        const { package_key: packageKey } = await own.database.db
          .selectFrom('packages')
          .select('package_key')
          .where('id', '=', packageId)
          .executeTakeFirstOrThrow();
        await waitFor(async () => {
          const row = await own.database.db
            .selectFrom('packages')
            .select('status')
            .where('id', '=', packageId)
            .executeTakeFirstOrThrow();
          return row.status === 'active' ? true : undefined;
        }, 30_000);

        const response = await fetch(`${server.base}/api/api-tools/${packageKey}`, {
          headers: bearer(token),
        });
        expect(response.status).toBe(200);
        const tools = ((await response.json()) as { data: ApiTools }).data;
        expect(tools).toMatchObject({
          package_key: packageKey,
          host: '127.0.0.1',
          check_url: checkUrl,
          sample: { country: 'us', city: 'new-york' },
        });
        expect(tools.https_url).toBe(
          `http://${tools.login}:${tools.password}@127.0.0.1:${tools.port}`,
        );
        expect(tools.socks5_url).toBe(
          `socks5h://${tools.login}:${tools.password}@127.0.0.1:${tools.port_socks}`,
        );

        const examples = curlExamples(tools, '482913');
        expect(examples.map((example) => example.key)).toEqual([...CURL_EXAMPLE_KEYS]);
        expect(examples.find((e) => e.key === 'city_session')?.login).toBe(
          `${tools.login}_c_us_city_new-york_s_482913`,
        );
        // The gateway may still be loading the new package and exit: retry until it serves.
        for (const example of examples) {
          const output = await waitFor(async () => {
            const result = await run('sh', ['-c', `${example.command} --silent --show-error`], {
              timeout: 10_000,
            }).catch((error: unknown) => ({ stdout: '', stderr: String(error) }));
            return result.stdout === 'reached the origin' ? result.stdout : undefined;
          }, 15_000);
          expect(output, example.command).toBe('reached the origin');
        }
        // A country the gateway has no exit for is refused: the examples are not vacuous.
        const refused = await run('sh', [
          '-c',
          `curl -s -o /dev/null -w '%{http_code}' -x 'http://${tools.login}_c_fr:${tools.password}@127.0.0.1:${tools.port}' '${checkUrl}'`,
        ]).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
        expect(refused.stdout).not.toBe('200');
      } finally {
        await server.stop();
        origin.close();
      }
    },
  );
});
