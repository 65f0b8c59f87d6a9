import http from 'node:http';
import type { Duplex } from 'node:stream';

/**
 * A plain-text error answer written straight to a socket that Node's HTTP server does not own
 * (CONNECT); the connection closes after it. The socket reads on
 * (discarding) so that the client's FIN is seen and the socket goes at once, not at a timeout.
 */
export const rawResponse = (socket: Duplex, status: number, reason: string, message: string) => {
  const body = `${message}\n`;
  socket.end(
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status] ?? 'Error'}\r\nContent-Type: text/plain; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nX-Proxy-Error: ${reason}\r\nConnection: close\r\n\r\n${body}`,
  );
  socket.resume();
};
