import type net from 'node:net';
import type { Logger } from 'pino';
import type { Authorized, ClientAddress, RequestAuthenticator } from './auth/authenticate.ts';
import { normalizeAddress, type CredentialCache } from './auth/credential-cache.ts';
import type { GatewayConfig } from './config/env.ts';
import type { ConnectOptions } from './exits/exit-connect.ts';
import type { ExitTable } from './exits/exit-table.ts';
import type { Targeting } from './auth/targeting.ts';
import type { ConnectionRegistry, LiveConnection } from './limits/connection-registry.ts';
import type { ListCache } from './lists/list-cache.ts';
import type { PackageLimits } from './limits/package-limits.ts';
import type { SubUserCache } from './sub-users/sub-user-cache.ts';
import type { OriginPool } from './pipeline/forward.ts';
import type { UsageCounter, UsageMeter } from './metering/usage-meter.ts';

/** What the HTTP and SOCKS front ends share: the caches, the registry, the meter. */
export type ProxyContext = {
  config: GatewayConfig;
  cache: CredentialCache;
  authenticator: RequestAuthenticator;
  exits: ExitTable;
  /** Open connections per package (caps, live cuts). */
  registry: ConnectionRegistry;
  lists: ListCache;
  /** Open connections per proxy list (keyed by list id): a deleted list's are cut. */
  listConnections: ConnectionRegistry;
  subUsers: SubUserCache;
  /** Open connections per sub-user (keyed by sub-user id): a sub-user cut loses only its own. */
  subUserConnections: ConnectionRegistry;
  meter: UsageMeter;
  limits: PackageLimits;
  connectOptions: ConnectOptions;
  /** Kept-alive connections toward origins, per exit (forwarded requests). */
  origins: OriginPool;
  log: Logger;
};

/**
 * The counter a connection adds its bytes to (the package's, or its sub-user's, which the flush
 * books to both), or null with metering off (GATEWAY_METERING=false, benchmarks).
 */
export const counterFor = (ctx: ProxyContext, authorized: Authorized): UsageCounter | null =>
  ctx.config.GATEWAY_METERING
    ? ctx.meter.counter(authorized.entry.id, authorized.subUser?.id ?? null)
    : null;

/** "country US, city berlin": what a refused targeting asked for, for the client's message. */
export const describeTargeting = (targeting: Targeting): string =>
  targeting.selector !== null
    ? targeting.selector.description
    : targeting.country === null
      ? 'any location'
      : targeting.city === null
        ? `country ${targeting.country}`
        : `country ${targeting.country}, city ${targeting.city}`;

/**
 * Adds a connection to, or deletes it from, its package's registry (caps count per package) and
 * its proxy list's or sub-user's.
 */
const updateRegistries =
  (operation: 'add' | 'delete') =>
  (ctx: ProxyContext, authorized: Authorized, live: LiveConnection): void => {
    ctx.registry[operation](authorized.entry.id, live);
    if (authorized.list !== null) ctx.listConnections[operation](authorized.list.id, live);
    if (authorized.subUser !== null) ctx.subUserConnections[operation](authorized.subUser.id, live);
  };

/** Registers an open connection under its package (and its proxy list or sub-user, if any). */
export const trackConnection = updateRegistries('add');

/** Takes a closed connection out of the registries trackConnection put it in. */
export const untrackConnection = updateRegistries('delete');

/** The sub-user a kept-alive client connection is held under (null: none now). */
type HeldSocket = { subUserId: number | null; readonly live: LiveConnection };
const heldSockets = new WeakMap<net.Socket, HeldSocket>();

/**
 * A plain-HTTP client connection that carried a sub-user's request is held under that sub-user
 * (not its package: caps count requests) until it closes or carries another login's: a cut
 * sub-user's idle keep-alive connections close too, not only its requests in flight. A
 * package's own are not held (one WeakMap lookup per request): a cut package's idle ones are
 * refused at their next request, which is authenticated again.
 */
export const holdClientConnection = (
  ctx: ProxyContext,
  socket: net.Socket,
  authorized: Authorized,
): void => {
  const subUserId = authorized.subUser?.id ?? null;
  let held = heldSockets.get(socket);
  if (held === undefined) {
    if (subUserId === null) return;
    const entry: HeldSocket = { subUserId: null, live: { close: () => socket.destroy() } };
    socket.once('close', () => {
      if (entry.subUserId !== null) ctx.subUserConnections.delete(entry.subUserId, entry.live);
    });
    heldSockets.set(socket, entry);
    held = entry;
  }
  if (held.subUserId === subUserId) return;
  if (held.subUserId !== null) ctx.subUserConnections.delete(held.subUserId, held.live);
  held.subUserId = subUserId;
  if (subUserId !== null) ctx.subUserConnections.add(subUserId, held.live);
};

/**
 * The ISP address a connection arrived on (decision 154), or null when it arrived on the
 * gateway's own host (GATEWAY_HOST, or with a wildcard host any address no ISP package holds).
 * A package's own address is the line the customer uses: the connection leaves from it, and
 * no other package may be used there. The kernel is asked only while ISP addresses exist.
 */
export const arrivalOf = (ctx: ProxyContext, connection: ClientAddress): string | null => {
  if (!ctx.cache.hasIspAddresses) return null;
  const local = connection.localAddress;
  if (local === undefined) return null;
  const address = normalizeAddress(local);
  return address !== ctx.config.GATEWAY_HOST && ctx.cache.isIspAddress(address) ? address : null;
};
