/**
 * The small-request load generator over SOCKS5 (wrk speaks no SOCKS), in its own process like
 * wrk: opens CONNECTIONS tunnels through the proxy (greeting, RFC 1929 login when the proxy asks
 * for one, CONNECT to the origin), then sends `GET /small` over keep-alive HTTP/1.1 inside each,
 * one request in flight per tunnel, the next as soon as the answer is whole, for SECONDS, and
 * prints `{"requests":N,"seconds":S,"errors":E}`: answers counted (200s, whole) inside the window.
 *
 * Kept light so the proxy stays the bottleneck: raw sockets reading into one shared buffer
 * (`onread`, no Buffer per read), one preallocated request written each time, answers framed by
 * scanning bytes for the header end and Content-Length (no strings, no HTTP parser objects).
 *
 * Usage: node socks-load.ts PROXY_HOST PROXY_PORT USER PASSWORD TARGET_HOST TARGET_PORT
 * CONNECTIONS SECONDS (PROXY_PORT 0: straight to the target, no SOCKS: the client's own ceiling).
 */
import net from 'node:net';
import { GREETING, socksMessages, socksStep, type SocksStage } from './socks-client.ts';

const [
  proxyHost = '127.0.0.1',
  proxyPortText = '0',
  user = '',
  password = '',
  targetHost = '127.0.0.2',
  targetPortText = '0',
  connectionsText = '64',
  secondsText = '5',
] = process.argv.slice(2);
const proxyPort = Number(proxyPortText);
const targetPort = Number(targetPortText);
const CONNECTIONS = Number(connectionsText);
const SECONDS = Number(secondsText);
const direct = proxyPort === 0;
const messages = socksMessages({ user, password }, targetHost, targetPort);

const REQUEST = Buffer.from(`GET /small HTTP/1.1\r\nHost: ${targetHost}:${targetPort}\r\n\r\n`);
const STATUS_200 = Buffer.from('HTTP/1.1 200 ');
const CONTENT_LENGTH = Buffer.from('content-length:');
/** Every socket reads into this one: onread callbacks run one at a time and copy out of it. */
const READ_BUFFER = Buffer.allocUnsafe(64 * 1024);
/** What one tunnel keeps of a partly arrived answer (an answer to /small is under 200 bytes). */
const CARRY_BYTES = 16 * 1024;

type Tunnel = {
  socket: net.Socket | null;
  stage: SocksStage;
  carry: Buffer;
  carried: number;
  opened: () => void;
  failed: (error: Error) => void;
};

let running = false;
let answered = 0;
let errors = 0;

/** Bytes of a whole answer at the start of `bytes` (`end` of them there): 0 while incomplete. */
const answerLength = (bytes: Buffer, end: number) => {
  let headerEnd = 0;
  for (let i = 3; i < end; i += 1)
    if (
      bytes[i] === 0x0a &&
      bytes[i - 1] === 0x0d &&
      bytes[i - 2] === 0x0a &&
      bytes[i - 3] === 0x0d
    ) {
      headerEnd = i + 1;
      break;
    }
  if (headerEnd === 0) return 0;
  for (let i = 0; i < STATUS_200.length; i += 1) if (bytes[i] !== STATUS_200[i]) return -1;
  let length = -1;
  for (let line = 0; line < headerEnd - CONTENT_LENGTH.length; line += 1) {
    if (bytes[line] !== 0x0a) continue;
    let same = true;
    for (let j = 0; j < CONTENT_LENGTH.length && same; j += 1)
      same = ((bytes[line + 1 + j] as number) | 0x20) === CONTENT_LENGTH[j];
    if (!same) continue;
    length = 0;
    for (let k = line + 1 + CONTENT_LENGTH.length; k < headerEnd; k += 1) {
      const byte = bytes[k] as number;
      if (byte === 0x20) continue;
      if (byte < 0x30 || byte > 0x39) break;
      length = length * 10 + byte - 0x30;
    }
    break;
  }
  if (length < 0) return -1;
  return headerEnd + length <= end ? headerEnd + length : 0;
};

const onAnswers = (tunnel: Tunnel) => {
  for (;;) {
    const length = answerLength(tunnel.carry, tunnel.carried);
    if (length === 0) return;
    if (length < 0) {
      errors += 1;
      tunnel.socket?.destroy();
      return;
    }
    tunnel.carry.copyWithin(0, length, tunnel.carried);
    tunnel.carried -= length;
    if (!running) return;
    answered += 1;
    tunnel.socket?.write(REQUEST);
  }
};

const onHandshake = (tunnel: Tunnel) => {
  let offset = 0;
  while (tunnel.stage !== 'open') {
    const step = socksStep(tunnel.stage, tunnel.carry, offset, tunnel.carried, messages);
    if (step.taken === 0) break;
    offset += step.taken;
    tunnel.stage = step.stage;
    if (step.send) tunnel.socket?.write(step.send);
  }
  tunnel.carry.copyWithin(0, offset, tunnel.carried);
  tunnel.carried -= offset;
  if (tunnel.stage === 'open') tunnel.opened();
};

const onRead = (tunnel: Tunnel, nread: number) => {
  if (tunnel.carried + nread > CARRY_BYTES) {
    tunnel.failed(new Error('an answer larger than expected'));
    tunnel.socket?.destroy();
    return;
  }
  READ_BUFFER.copy(tunnel.carry, tunnel.carried, 0, nread);
  tunnel.carried += nread;
  try {
    if (tunnel.stage === 'open') onAnswers(tunnel);
    else onHandshake(tunnel);
  } catch (error) {
    tunnel.failed(error as Error);
    tunnel.socket?.destroy();
  }
};

const openTunnel = () =>
  new Promise<Tunnel>((resolve, reject) => {
    const tunnel: Tunnel = {
      socket: null,
      stage: direct ? 'open' : 'method',
      carry: Buffer.allocUnsafe(CARRY_BYTES),
      carried: 0,
      opened: () => resolve(tunnel),
      failed: reject,
    };
    const socket = net.connect({
      host: direct ? targetHost : proxyHost,
      port: direct ? targetPort : proxyPort,
      noDelay: true,
      onread: {
        buffer: READ_BUFFER,
        callback: (nread) => {
          onRead(tunnel, nread);
          return true;
        },
      },
    });
    tunnel.socket = socket;
    socket.on('error', reject);
    // A tunnel the proxy closes while requests run is an error (the others go on).
    socket.on('close', () => {
      if (running) errors += 1;
      reject(new Error('closed during the handshake'));
    });
    socket.on('connect', () => {
      if (direct) resolve(tunnel);
      else socket.write(GREETING);
    });
  });

const tunnels = await Promise.all(Array.from({ length: CONNECTIONS }, openTunnel));
running = true;
const started = process.hrtime.bigint();
for (const tunnel of tunnels) tunnel.socket?.write(REQUEST);
await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
running = false;
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
const counted = answered;
for (const tunnel of tunnels) tunnel.socket?.destroy();
process.stdout.write(`${JSON.stringify({ requests: counted, seconds, errors })}\n`);
process.exit(0);
