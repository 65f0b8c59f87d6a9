import { execFile } from 'node:child_process';
import type http from 'node:http';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { CURL_EXAMPLE_KEYS, curlExamples, type ApiTools } from '@proxy/contract';
import { bearer, waitFor } from '../../../test/helpers.ts';
import { withServerAndOrigin } from '../../../test/processes.ts';
import { customerWhoBoughtFrom } from '../../../test/shop.ts';
import { waitUntilActive } from '../../../test/packages.ts';
import { packageRow } from '../../../../../packages/db/test/package-row.ts';

const run = promisify(execFile);

describe('API tools: the printed curl examples work through the gateway', () => {
  it(
    'plain, country, city, session, their combinations and SOCKS5, each run as printed',
    { timeout: 120_000 },
    async () => {
      const origin: http.RequestListener = (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end('reached the origin');
      };
      const checkUrlOf = (originPort: number) => `http://127.0.0.1:${originPort}/ip`;
      const env = (originPort: number) => ({ API_TOOLS_CHECK_URL: checkUrlOf(originPort) });
      await withServerAndOrigin(
        // A database of its own also because the exits are global.
        { database: 'api_tools_gateway', origin, env },
        async (server, originPort, db) => {
          const checkUrl = checkUrlOf(originPort);
          // A place the gateway can serve: a direct exit the operator declared as New York.
          await db
            .insertInto('gateway_exits')
            .values({ name: 'new-york', kind: 'direct', country: 'US', city: 'new-york' })
            .execute();
          const { token, packageId } = await customerWhoBoughtFrom(
            server.base,
            db,
            'Tools',
            'base-1gb',
          );
          const { package_key: packageKey } = await packageRow(db, packageId);
          await waitUntilActive(db, packageId, 30_000);

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
        },
      );
    },
  );
});
