import { describe, expect, it } from 'vitest';
import type { PackageEntry } from '../auth/credential-cache.ts';
import { parseProxyUsername } from '../auth/targeting.ts';
import { ExitTable, type Exit } from '../exits/exit-table.ts';
import {
  lineOfUsername,
  lineTargeting,
  ListCache,
  type ListEntry,
  type ListRevokeReason,
  type ProxyListRow,
} from './list-cache.ts';

const LOGIN = 'ListLogin01234567890';

const row = (values: Partial<ProxyListRow> = {}): ProxyListRow => ({
  id: 1,
  package_id: 7,
  auth_type: 0,
  login: LOGIN,
  white_list: [],
  location_preset: 'world-mix',
  countries: [],
  region: null,
  city: null,
  isp: null,
  rotation_period: 600,
  ports_count: 3,
  port_start: null,
  ...values,
});

const exit = (id: number, values: Partial<Exit>): Exit => ({
  id,
  name: `exit-${id}`,
  kind: 'direct',
  country: null,
  city: null,
  region: null,
  isp: null,
  localAddress: undefined,
  upstreamHost: null,
  upstreamPort: null,
  usernameTemplate: null,
  upstreamPassword: null,
  serves: ['dynamic', 'premium', 'unlim'],
  capacityMbps: 1000,
  ...values,
});

const EXITS = [
  exit(1, {}),
  exit(2, { country: 'DE', city: 'berlin', region: 'berlin', isp: 'Telekom' }),
  exit(3, { country: 'DE', city: 'munich', region: 'bavaria', isp: 'Vodafone' }),
  exit(4, { country: 'FR', city: 'paris' }),
  exit(5, { country: 'US' }),
  exit(6, { country: 'JP' }),
];

const PACKAGE = { id: 7, family: 'dynamic', ips: [] } as unknown as PackageEntry;

const setup = (rows: ProxyListRow[]) => {
  const revoked: [number, ListRevokeReason][] = [];
  let applied = 0;
  const lists = new ListCache({
    onRevoke: (list, reason) => revoked.push([list.id, reason]),
    onApplied: () => (applied += 1),
  });
  lists.replaceAll(rows);
  const exits = new ExitTable();
  exits.replace(EXITS);
  return { lists, exits, revoked, applied: () => applied };
};

/** The exit ids line `line` of the list gets over `times` picks at `now`. */
const picks = (exits: ExitTable, list: ListEntry, line: number, times: number, now = 0) =>
  Array.from(
    { length: times },
    () => exits.pick(PACKAGE, lineTargeting(list, line), now, null)?.id,
  );

const lineOf = (list: ListEntry, username: string) => {
  const parsed = parseProxyUsername(username);
  return parsed ? lineOfUsername(list, username, parsed.session, parsed.country !== null) : -2;
};

describe('proxy lists in the gateway', () => {
  it('reads `{login}_s_{n}` as line n of a sticky list and nothing else', () => {
    const { lists } = setup([row()]);
    const list = lists.byLogin(LOGIN) as ListEntry;
    expect(lineOf(list, `${LOGIN}_s_1`)).toBe(1);
    expect(lineOf(list, `${LOGIN}_s_3`)).toBe(3);
    for (const username of [
      LOGIN,
      `${LOGIN}_s_0`,
      `${LOGIN}_s_4`,
      `${LOGIN}_s_01`,
      `${LOGIN}_s_x`,
      `${LOGIN}_s_1_ttl_5m`,
      `${LOGIN}_c_de_s_1`,
      `${LOGIN}_s_12345`,
    ])
      expect(lineOf(list, username), username).toBeLessThan(0);
  });

  it('reads only the bare login for a list with rotation 0', () => {
    const { lists } = setup([row({ rotation_period: 0 })]);
    const list = lists.byLogin(LOGIN) as ListEntry;
    expect(lineOf(list, LOGIN)).toBe(0);
    expect(lineOf(list, `${LOGIN}_s_1`)).toBeLessThan(0);
    expect(lineOf(list, `${LOGIN}_c_de`)).toBeLessThan(0);
  });

  it('selects exits by preset (world-mix, continent) and by custom country, region, city and ISP', () => {
    const { lists, exits } = setup([
      row({ id: 1, login: 'a'.repeat(20), rotation_period: 0, location_preset: 'world-mix' }),
      row({ id: 2, login: 'b'.repeat(20), rotation_period: 0, location_preset: 'europe' }),
      row({ id: 3, login: 'c'.repeat(20), rotation_period: 0, location_preset: 'asia' }),
      row({
        id: 4,
        login: 'd'.repeat(20),
        rotation_period: 0,
        location_preset: 'custom',
        countries: ['DE'],
        region: 'Bavaria',
      }),
      row({
        id: 5,
        login: 'e'.repeat(20),
        rotation_period: 0,
        location_preset: 'custom',
        countries: ['DE'],
        isp: 'telekom',
      }),
      row({
        id: 6,
        login: 'f'.repeat(20),
        rotation_period: 0,
        location_preset: 'custom',
        countries: ['FR', 'US'],
      }),
      row({ id: 7, login: 'g'.repeat(20), rotation_period: 0, location_preset: 'oceania' }),
    ]);
    const seen = (id: number) =>
      [...new Set(picks(exits, lists.byId(id) as ListEntry, 0, 10))].sort();
    // The exit without a country serves no list.
    expect(seen(1)).toEqual([2, 3, 4, 5, 6]);
    expect(seen(2)).toEqual([2, 3, 4]);
    expect(seen(3)).toEqual([6]);
    expect(seen(4)).toEqual([3]);
    expect(seen(5)).toEqual([2]);
    expect(seen(6)).toEqual([4, 5]);
    expect(seen(7)).toEqual([undefined]);
  });

  it('keeps a line on its exit for the rotation period, for ever with -1, never with 0', () => {
    const { lists, exits } = setup([
      row({ id: 1, login: 'a'.repeat(20), rotation_period: 600 }),
      row({ id: 2, login: 'b'.repeat(20), rotation_period: -1 }),
      row({ id: 3, login: 'c'.repeat(20), rotation_period: 0 }),
    ]);
    const ttl = lists.byId(1) as ListEntry;
    const [first] = picks(exits, ttl, 1, 1, 0);
    expect(picks(exits, ttl, 1, 5, 599_999)).toEqual(Array(5).fill(first));
    expect(picks(exits, ttl, 1, 1, 600_001)[0]).not.toBe(first);

    const sticky = lists.byId(2) as ListEntry;
    const [kept] = picks(exits, sticky, 1, 1, 0);
    expect(picks(exits, sticky, 1, 3, 10 * 365 * 86_400_000)).toEqual(Array(3).fill(kept));
    // Its exit leaves the table: the line moves.
    exits.replace(EXITS.filter((candidate) => candidate.id !== kept));
    expect(picks(exits, sticky, 1, 1, 0)[0]).not.toBe(kept);

    expect(new Set(picks(exits, lists.byId(3) as ListEntry, 0, 4)).size).toBeGreaterThan(1);
  });

  it('replaces a changed list (revoking the old one), keeps an unchanged one, reports a removed one', () => {
    const { lists, revoked, applied } = setup([
      row({ id: 1 }),
      row({ id: 2, login: 'b'.repeat(20) }),
    ]);
    const unchanged = lists.byId(2);
    lists.apply(
      [1, 2],
      [row({ id: 1, rotation_period: -1 }), row({ id: 2, login: 'b'.repeat(20) })],
    );
    expect(lists.byId(2)).toBe(unchanged);
    expect(lists.byId(1)?.rotationSeconds).toBe(-1);
    lists.apply([2], []);
    expect(lists.byId(2)).toBeUndefined();
    expect(lists.byLogin('b'.repeat(20))).toBeUndefined();
    expect(revoked).toEqual([
      [1, 'changed'],
      [2, 'removed'],
    ]);
    expect(applied()).toBe(3);
  });
});
