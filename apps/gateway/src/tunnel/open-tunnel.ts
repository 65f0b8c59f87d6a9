import type net from 'node:net';
import type { Authorized } from '../auth/authenticate.ts';
import { connectThroughExits, type ExitAttempts } from '../exits/exit-attempts.ts';
import { toExitError, type ExitError } from '../exits/exit-connect.ts';
import type { Exit } from '../exits/exit-table.ts';
import type { LiveConnection } from '../limits/connection-registry.ts';
import {
  counterFor,
  trackConnection,
  untrackConnection,
  type ProxyContext,
} from '../proxy-context.ts';
import { pumpTunnel } from './pump.ts';
import { passWhole } from './relay.ts';
import { UpstreamReads } from './upstream-reads.ts';

export type TunnelRequest = {
  /** The client's socket, paused by the caller (its bytes wait for the tunnel). */
  client: net.Socket;
  authorized: Authorized;
  exit: Exit;
  host: string;
  port: number;
  /** Bytes the client sent after its request, before our answer. */
  early: Buffer;
  /** The answer that opens the tunnel (HTTP 200 Connection Established, SOCKS reply 0x00). */
  established: Buffer;
  /** No connection: the caller answers the client with the reason (exit-refusal.ts). */
  onFailure: (error: ExitError) => void;
  /** Tries of other exits begun before (a connect on TCP handles that failed), if any. */
  attempts?: ExitAttempts | null;
};

/**
 * The shared second half of CONNECT and SOCKS5: connect through the exit (another serving the
 * same targeting if it fails: exit-attempts.ts), then relay. While the
 * upstream connection is being made the client counts as the package's (and list's) connection
 * (a cut closes it); an upstream that arrives after the client left, or after the package or
 * list was revoked, is dropped.
 */
export const openTunnel = (ctx: ProxyContext, request: TunnelRequest) => {
  const { client, authorized, early } = request;
  const { entry } = authorized;
  const pending: LiveConnection = { close: () => client.destroy() };
  trackConnection(ctx, authorized, pending);
  // Direct exits read the far end through large buffers (upstream-reads.ts); proxies' sockets
  // come from their own connectors and use 'data' events.
  let directReads: UpstreamReads | null = null;
  connectThroughExits(
    ctx,
    authorized,
    request.exit,
    request.host,
    request.port,
    (exit) => (exit.kind === 'direct' ? (directReads ??= new UpstreamReads()) : null),
    { attempts: request.attempts ?? null },
  ).then(
    ({ socket: upstream, reads }) => {
      untrackConnection(ctx, authorized, pending);
      if (client.destroyed || !ctx.authenticator.isCurrent(authorized, Date.now())) {
        upstream.destroy();
        reads?.release();
        client.destroy();
        return;
      }
      client.write(request.established);
      const counter = counterFor(ctx, entry.id);
      const gates = ctx.limits.gatesFor(entry);
      const start = () => {
        const tunnel = pumpTunnel({
          client,
          upstream,
          upstreamReads: reads,
          counter,
          upGate: gates.up,
          downGate: gates.down,
          idleTimeoutMs: ctx.config.GATEWAY_IDLE_TIMEOUT_MS,
          onClose: () => untrackConnection(ctx, authorized, tunnel),
        });
        trackConnection(ctx, authorized, tunnel);
      };
      if (early.length === 0) return start();
      // Bytes the client sent with its request go first, spent from the package's limits like
      // the rest (the client may have ended its side after them, so they are not read again).
      const waiting: LiveConnection = {
        close: () => {
          upstream.destroy();
          reads?.release();
          client.destroy();
        },
      };
      trackConnection(ctx, authorized, waiting);
      passWhole(gates.up, early.length, () => {
        untrackConnection(ctx, authorized, waiting);
        if (counter) counter.up += early.length;
        upstream.write(early);
        start();
      });
    },
    (error: unknown) => {
      untrackConnection(ctx, authorized, pending);
      if (!client.destroyed) request.onFailure(toExitError(error));
    },
  );
};
