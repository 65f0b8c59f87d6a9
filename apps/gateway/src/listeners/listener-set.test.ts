import { once } from 'node:events';
import net from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '../../test/helpers.ts';
import { ListenerSet, type Endpoint } from './listener-set.ts';

const canConnect = (endpoint: Endpoint) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(endpoint);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** A free port on 127.0.0.1 (also free on the other 127.x addresses as far as tests go). */
const freePort = async () => {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
};

describe('ListenerSet', () => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0)) await step();
  });

  const start = (retryMs = 50) => {
    const accepted: Endpoint[] = [];
    const closed: Endpoint[] = [];
    const levels: string[] = [];
    const log = pino(
      { level: 'debug' },
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          const line = JSON.parse(chunk.toString()) as { level: number; msg: string };
          if (line.msg.includes('could not be opened'))
            levels.push(pino.levels.labels[line.level] ?? String(line.level));
          done();
        },
      }),
    );
    const set = new ListenerSet({
      what: 'a test listener',
      log,
      retryMs,
      accept: (socket, endpoint) => {
        accepted.push(endpoint);
        socket.destroy();
      },
      onClosed: (endpoints) => closed.push(...endpoints),
    });
    cleanup.push(() => set.stop());
    return { set, accepted, closed, levels };
  };

  it('listens on exactly the wanted endpoints, opening and closing as the set changes', async () => {
    const { set, accepted, closed } = start();
    const port = await freePort();
    const a = { host: '127.0.4.1', port };
    const b = { host: '127.0.4.2', port };
    await set.sync([a, b]);
    expect(await canConnect(a)).toBe(true);
    expect(await canConnect(b)).toBe(true);
    await waitFor(() => accepted.length === 2);
    expect(accepted).toEqual(expect.arrayContaining([a, b]));
    await set.sync([b]);
    expect(closed).toEqual([a]);
    await waitFor(async () => !(await canConnect(a)));
    expect(set.listening).toEqual([b]);
    await set.stop();
    await waitFor(async () => !(await canConnect(b)));
    // Stopped for good: a later sync opens nothing.
    await set.sync([a]);
    expect(set.listening).toEqual([]);
  });

  it('retries an endpoint it could not open, and says so once', async () => {
    const { set, levels } = start();
    const taken = net.createServer((socket) => socket.destroy());
    taken.listen(0, '127.0.4.3');
    await once(taken, 'listening');
    const endpoint = { host: '127.0.4.3', port: (taken.address() as net.AddressInfo).port };
    await set.sync([endpoint]);
    expect(set.isListening(endpoint)).toBe(false);
    await waitFor(() => levels.length >= 3);
    expect(levels.slice(0, 3)).toEqual(['error', 'debug', 'debug']);
    await new Promise((resolve) => taken.close(resolve));
    await waitFor(() => set.isListening(endpoint));
  });
});
