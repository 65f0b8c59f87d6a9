import type http from 'node:http';

/**
 * Answers `size` bytes from one preallocated chunk, honouring backpressure: the origin of the
 * benchmark and of the tests (GET /bytes/N).
 */
export const sendBytes = (res: http.ServerResponse, size: number, chunk: Buffer) => {
  res.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': size });
  let left = size;
  const pump = () => {
    while (left > 0) {
      const piece = left >= chunk.length ? chunk : chunk.subarray(0, left);
      left -= piece.length;
      if (!res.write(piece)) {
        res.once('drain', pump);
        return;
      }
    }
    res.end();
  };
  pump();
};
