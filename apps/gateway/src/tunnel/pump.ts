import type net from 'node:net';
import type { LiveConnection } from '../limits/connection-registry.ts';
import type { UsageCounter } from '../metering/usage-meter.ts';
import { relay, type ByteGate } from './relay.ts';
import type { UpstreamReads } from './upstream-reads.ts';

export type TunnelOptions = {
  client: net.Socket;
  upstream: net.Socket;
  /** The upstream's reads, when it was made with them (direct exits); null: 'data' events. */
  upstreamReads: UpstreamReads | null;
  /** Where the bytes are counted (client to upstream = up); null = metering off. */
  counter: UsageCounter | null;
  /** The package's limits per direction (traffic budget, speed); null = unlimited. */
  upGate: ByteGate | null;
  downGate: ByteGate | null;
  /** Closed after this long without a byte either way. */
  idleTimeoutMs: number;
  /** Once, when the tunnel is over (either side closed, failed, idled out or was cut). */
  onClose: () => void;
};

/**
 * Relays bytes both ways between a client and its upstream until either side is done (see
 * relay.ts: counted per chunk, no copies, gated by the package's limits; the upstream read in
 * large buffers, upstream-reads.ts). A half-close is passed on (FIN one way,
 * the other way still flows), so protocols that shut down their sending side keep working.
 */
export const pumpTunnel = (options: TunnelOptions): LiveConnection => {
  const { client, upstream, counter } = options;
  let isClosed = false;

  const close = () => {
    if (isClosed) return;
    isClosed = true;
    client.destroy();
    upstream.destroy();
    options.upstreamReads?.release();
    options.onClose();
  };

  relay(client, upstream, counter, true, options.upGate, () => upstream.end());
  relay(
    upstream,
    client,
    counter,
    false,
    options.downGate,
    () => client.end(),
    options.upstreamReads,
  );
  // A client may send its FIN with its first bytes, before the tunnel exists (the HTTP server
  // read it while parsing CONNECT): pass it on now, or the origin waits until the idle timeout.
  if (client.readableEnded) upstream.end();
  client.on('error', close);
  upstream.on('error', close);
  client.on('close', close);
  upstream.on('close', close);
  // Any byte read or written on the client side (so either direction) restarts the clock.
  client.setTimeout(options.idleTimeoutMs, close);
  // The caller paused the client while connecting: bytes that arrived meanwhile flow now (the
  // upstream flows since its 'data' listener, unless its connector paused it).
  client.resume();
  // UpstreamReads resumed the upstream at attach, unless a write of its bytes is still pending.
  if (options.upstreamReads === null) upstream.resume();
  return { close };
};
