import http from 'node:http';
import type net from 'node:net';
import type { Duplex } from 'node:stream';
import type { RequestAuthentication } from '../auth/authenticate.ts';
import type { Refusal } from '../pipeline/admit.ts';
import { serve } from '../pipeline/pipeline.ts';
import { holdClientConnection, type ProxyContext } from '../proxy-context.ts';
import { rawResponse } from './raw-response.ts';
import { parseAbsoluteHttpUrl, parseAuthority } from './targets.ts';

const REALM = 'Basic realm="proxy"';
const CONNECT_ESTABLISHED = Buffer.from('HTTP/1.1 200 Connection Established\r\n\r\n');
const CONNECT_REFUSED_407 =
  `HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: ${REALM}\r\n` +
  'Content-Length: 0\r\nConnection: close\r\n\r\n';

// Listeners shared by every socket (no closure per connection): an error or a timeout ends it.
function destroyThisSocket(this: net.Socket) {
  this.destroy();
}

const plainResponse = (
  res: http.ServerResponse,
  status: number,
  reason: string,
  message: string,
  extra: Record<string, string> = {},
) => {
  const body = `${message}\n`;
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'X-Proxy-Error': reason,
    ...extra,
  });
  res.end(body);
};

/**
 * The HTTP proxy's front end: Node's HTTP server reads every head (its llhttp parser refuses
 * what could smuggle a request, enforces the head size, 431, and the head timeout, 408).
 * Absolute-URI requests are forwarded (pipeline/forward.ts), CONNECT opens a tunnel
 * (pipeline/tunnel.ts), both behind `Proxy-Authorization: Basic`. Every request is
 * authenticated and admitted on its own, even on a keep-alive connection that changes
 * credentials. A refusal counts nothing.
 */
export const createHttpProxyServer = (
  ctx: ProxyContext,
  authenticate: RequestAuthentication = (socket, header, now) =>
    ctx.authenticator.authenticate(socket, header, now),
): http.Server => {
  const { config } = ctx;
  const server = http.createServer({
    maxHeaderSize: config.GATEWAY_MAX_HEADER_BYTES,
    headersTimeout: config.GATEWAY_HANDSHAKE_TIMEOUT_MS,
    // Bodies may be long uploads: idleness (server.timeout) bounds them, not a total time.
    requestTimeout: 0,
    keepAliveTimeout: 30_000,
    connectionsCheckingInterval: Math.min(1_000, config.GATEWAY_HANDSHAKE_TIMEOUT_MS),
    noDelay: true,
  });
  server.timeout = config.GATEWAY_IDLE_TIMEOUT_MS;
  // A client that half-closes after its request still wants the answer (RFC 9112 9.6: a
  // half-closed connection does not delimit a request): Node's server answers what it read,
  // then closes, instead of closing at the client's FIN. The one property of Node's we set that
  // its documentation does not list (Node's own tests and spdy use it); http-proxy.test.ts
  // "answers a request whose client half-closed" fails if it stops working.
  Object.assign(server, { httpAllowHalfOpen: true });

  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const authorized = authenticate(req.socket, req.headers['proxy-authorization'], Date.now());
    if (!authorized) {
      plainResponse(res, 407, 'auth', 'proxy authentication required', {
        'Proxy-Authenticate': REALM,
      });
      return;
    }
    holdClientConnection(ctx, req.socket, authorized);
    const target = req.url === undefined ? null : parseAbsoluteHttpUrl(req.url);
    if (!target) {
      plainResponse(
        res,
        400,
        'bad_request',
        'send http:// absolute-URI requests, or CONNECT for https',
      );
      return;
    }
    serve(ctx, {
      kind: 'forward',
      req,
      res,
      authorized,
      target,
      refuse: (refusal: Refusal) =>
        plainResponse(res, refusal.status, refusal.code, refusal.message),
    });
  });

  server.on('connect', (req: http.IncomingMessage, client: Duplex, head: Buffer) => {
    const socket = client as net.Socket;
    // The HTTP server let go of the socket: its errors and bytes are ours from here.
    socket.pause();
    socket.on('error', destroyThisSocket);
    const authorized = authenticate(socket, req.headers['proxy-authorization'], Date.now());
    if (!authorized) {
      socket.end(CONNECT_REFUSED_407);
      socket.resume();
      return;
    }
    const target = req.url === undefined ? null : parseAuthority(req.url, null);
    if (!target) {
      rawResponse(socket, 400, 'bad_request', 'CONNECT needs host:port');
      return;
    }
    // The connect timeout bounds the wait for the tunnel; the tunnel's idleness bounds it after.
    socket.setTimeout(config.GATEWAY_CONNECT_TIMEOUT_MS + 1_000);
    socket.on('timeout', destroyThisSocket);
    serve(ctx, {
      kind: 'tunnel',
      protocol: 'http',
      client: socket,
      authorized,
      host: target.host,
      port: target.port,
      early: head,
      established: CONNECT_ESTABLISHED,
      refuse: (refusal: Refusal) =>
        rawResponse(socket, refusal.status, refusal.code, refusal.message),
    });
  });

  return server;
};
