import { createHash } from 'node:crypto';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { relay, type ByteGate } from './relay.ts';
import { bulkBuffersHeld, UpstreamReads } from './upstream-reads.ts';
import { UsageMeter } from '../metering/usage-meter.ts';

/** Bytes that never repeat at a buffer's period, so a refilled buffer under a write shows. */
const pattern = (size: number) => {
  const bytes = Buffer.allocUnsafe(size);
  let x = 0x9e3779b9;
  for (let i = 0; i < size; i += 4) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    bytes.writeUInt32LE(x >>> 0, i);
  }
  return bytes;
};
const digest = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const closers: (() => void)[] = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

const listen = (onSocket: (socket: net.Socket) => void) =>
  new Promise<net.Server>((resolve) => {
    const server = net.createServer(onSocket).listen(0, '127.0.0.1', () => resolve(server));
    closers.push(() => server.close());
  });
const portOf = (server: net.Server) => (server.address() as net.AddressInfo).port;

/**
 * origin → (socket read through UpstreamReads) → relay → client: the relay under test, with a
 * client that reads in bursts and stalls (backpressure) and an optional gate.
 */
const download = async (body: Buffer, gate: ByteGate | null) => {
  const origin = await listen((socket) => socket.end(body));
  let releaseReads = () => {};
  const proxy = await listen((client) => {
    const reads = new UpstreamReads();
    releaseReads = () => reads.release();
    const upstream = net.connect({ port: portOf(origin), host: '127.0.0.1', onread: reads.onread });
    const counter = new UsageMeter().counter(1);
    relay(upstream, client, counter, false, gate, () => client.end(), reads);
    upstream.on('close', () => {
      reads.release();
      expect(counter.down).toBe(body.length);
    });
  });
  const received: Buffer[] = [];
  let heldDuring = 0;
  await new Promise<void>((resolve, reject) => {
    const socket = net.connect(portOf(proxy), '127.0.0.1');
    socket.on('data', (chunk: Buffer) => {
      received.push(chunk);
      heldDuring = Math.max(heldDuring, bulkBuffersHeld());
      // Stall now and then so the relay's writes stay pending and its reads must wait.
      if (received.length % 7 === 0) {
        socket.pause();
        setTimeout(() => socket.resume(), 3);
      }
    });
    socket.on('end', resolve);
    socket.on('error', reject);
  });
  releaseReads();
  return { bytes: Buffer.concat(received), heldDuring };
};

describe('reading the upstream through shared and bulk buffers', () => {
  it('relays a large download byte for byte under backpressure, in bulk buffers', async () => {
    const body = pattern(24 * 1024 * 1024);
    const { bytes, heldDuring } = await download(body, null);
    expect(bytes.length).toBe(body.length);
    expect(digest(bytes)).toBe(digest(body));
    expect(heldDuring).toBeGreaterThan(0);
    expect(bulkBuffersHeld()).toBe(0);
  });

  it('keeps bytes a gate holds back intact while the buffer is refilled', async () => {
    let allowance = 0;
    const waiting: (() => void)[] = [];
    const gate: ByteGate = {
      // Lets an odd part of each chunk through, the rest after a timer: held parts everywhere.
      take: (n) => {
        const allowed = Math.min(n, allowance);
        allowance -= allowed;
        return allowed;
      },
      wait: (resume) => {
        waiting.push(resume);
        setTimeout(() => {
          allowance += 40_000 + Math.floor(Math.random() * 200_000);
          waiting.shift()?.();
        }, 1);
      },
    };
    const body = pattern(6 * 1024 * 1024);
    const { bytes } = await download(body, gate);
    expect(digest(bytes)).toBe(digest(body));
  });

  it('gives quiet tunnels no buffer of their own', async () => {
    const body = Buffer.from('a small answer\n');
    const { bytes } = await download(body, null);
    expect(bytes.toString()).toBe('a small answer\n');
    expect(bulkBuffersHeld()).toBe(0);
  });
});
