// The benchmark's origin, in its own process: GET /small answers 13 bytes with keep-alive,
// GET /bytes/N answers N bytes from one preallocated buffer.
import http from 'node:http';
import { sendBytes } from './bytes-response.ts';

const [host = '127.0.0.2', portText = '0'] = process.argv.slice(2);
const SMALL = Buffer.from('hello, world\n');
const CHUNK = Buffer.alloc(256 * 1024, 0x61);

const server = http.createServer((req, res) => {
  const match = /^\/bytes\/(\d+)/.exec(req.url ?? '');
  if (!match) {
    res.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Length': SMALL.length });
    res.end(SMALL);
    return;
  }
  sendBytes(res, Number(match[1]), CHUNK);
});
server.keepAliveTimeout = 60_000;
server.listen(Number(portText), host, () => {
  const address = server.address();
  process.stdout.write(`ready ${typeof address === 'object' && address ? address.port : 0}\n`);
});
