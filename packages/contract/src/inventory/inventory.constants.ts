import type { PackageRowType } from '../catalogue/buy.constants.ts';

/**
 * The pools an exit can belong to (gateway_exits.serves, decision 154): the Base pool of dynamic
 * packages and their proxy lists, the Premium pool of the generator, and the unlimited plans of
 * the location the exit is declared in. ISP packages leave from their own addresses instead.
 */
export const EXIT_POOLS = ['dynamic', 'premium', 'unlim'] as const;
export type ExitPool = (typeof EXIT_POOLS)[number];

/** The pool whose exits carry a package of each row type; ISP packages use no pool. */
export const EXIT_POOL_BY_PACKAGE_TYPE: Readonly<Record<PackageRowType, ExitPool | null>> = {
  dynamic: 'dynamic',
  vip: 'premium',
  unlim: 'unlim',
  isp: null,
};

/**
 * A gateway's report on an exit counts for this long after its check; older reports (a crashed
 * instance's) are ignored. Gateways check far more often (GATEWAY_EXIT_CHECK_INTERVAL_MS).
 */
export const EXIT_HEALTH_FRESH_SECONDS = 120;

/**
 * Why the gateway could not carry a request, as the client reads it (`X-Proxy-Error` and the
 * body's code): never an internal address; the operator's log has the detail.
 */
export const PROXY_REFUSAL_CODES = [
  'no_exit',
  'exit_unavailable',
  'blocked',
  'dns',
  'refused',
  'unreachable',
  'timeout',
  'upstream',
  'protocol_not_bought',
  'address_not_in_package',
] as const;
export type ProxyRefusalCode = (typeof PROXY_REFUSAL_CODES)[number];
