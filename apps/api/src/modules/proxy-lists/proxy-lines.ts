import { randomInt } from 'node:crypto';
import {
  AUTH_TYPES,
  GENERATOR_LINE_FORMATS,
  STICKY_ID_MIN,
  STICKY_ID_RANGE,
  printLine,
  proxyFormatsOf,
  targetedLogin,
  type AuthType,
} from '@proxy/contract';

import type { GatewayAddress } from '../packages/packages.service.ts';

const isSocksTemplate = (template: string) => template.startsWith('socks5://');

/** What printing a list needs of its row. */
export type PrintableList = {
  auth_type: AuthType;
  login: string | null;
  rotation_period: number;
  proxy_format: number;
  ports_count: number;
  port_start: number | null;
};

/**
 * A list's lines, one per entry (decision 116), produced lazily so an export streams them:
 * auth 0 entry i is the session `{login}_s_{i}` on the shared port (the SOCKS5 port for
 * `socks5://` formats), no session when every request rotates; auth 1 entry i is the list's
 * port `port_start + i - 1`, no credentials.
 */
export function* listLines(
  list: PrintableList,
  gateway: GatewayAddress,
  packagePassword: string,
): Generator<string> {
  const template = proxyFormatsOf(list.auth_type)[list.proxy_format] ?? '';
  const socks = isSocksTemplate(template);
  for (let entry = 1; entry <= list.ports_count; entry++) {
    if (list.auth_type === AUTH_TYPES.ip) {
      const port = (list.port_start ?? 0) + entry - 1;
      yield printLine(template, { host: gateway.host, port, user: '', pass: '' });
      continue;
    }
    const login = list.login ?? '';
    const user = targetedLogin(login, {
      session: list.rotation_period === 0 ? null : String(entry),
    });
    yield printLine(template, {
      host: gateway.host,
      port: socks ? gateway.socksPort : gateway.httpPort,
      user,
      pass: packagePassword,
    });
  }
}

/**
 * `count` distinct 6-digit session ids (100000..999999) in random order: a partial
 * Fisher-Yates shuffle over the 900,000 ids, kept sparse in a Map. More than the range holds is
 * the spec's range error.
 */
export const uniqueSessionIds = (count: number, random = randomInt): number[] => {
  if (!Number.isInteger(count) || count < 0 || count > STICKY_ID_RANGE)
    throw new RangeError(`at most ${STICKY_ID_RANGE} unique 6-digit session ids`);
  const swapped = new Map<number, number>();
  const ids: number[] = [];
  for (let index = 0; index < count; index++) {
    const pick = index + random(STICKY_ID_RANGE - index);
    const value = swapped.get(pick) ?? pick;
    swapped.set(pick, swapped.get(index) ?? index);
    ids.push(STICKY_ID_MIN + value);
  }
  return ids;
};

/** Where generated lines exit: a country, or a city of a country; null for any exit. */
export type GeneratorTarget = { country: string; city: string | null } | null;

export type Generation = {
  login: string;
  password: string;
  port: number;
  host: string;
  format: number;
  count: number;
  /** Sticky sessions' life in seconds; null for rotating lines. */
  stickySeconds: number | null;
  targets: GeneratorTarget[];
};

/**
 * The generator's lines: `{login}[_c_{cc}[_city_{city}]][_s_{id}_ttl_{n}{unit}]`, spread over
 * the targets in turn; sticky lines each get their own session id.
 */
export const generateLines = (generation: Generation): string[] => {
  const template = GENERATOR_LINE_FORMATS[generation.format] ?? GENERATOR_LINE_FORMATS[0];
  const sessions = generation.stickySeconds === null ? null : uniqueSessionIds(generation.count);
  const targets = generation.targets.length > 0 ? generation.targets : [null];
  const lines: string[] = [];
  for (let index = 0; index < generation.count; index++) {
    const target = targets[index % targets.length] ?? null;
    const session = sessions?.[index];
    const user = targetedLogin(generation.login, {
      country: target?.country ?? null,
      city: target?.city ?? null,
      session: session === undefined ? null : String(session),
      ttlSeconds: generation.stickySeconds,
    });
    lines.push(
      printLine(template, {
        host: generation.host,
        port: generation.port,
        user,
        pass: generation.password,
      }),
    );
  }
  return lines;
};
