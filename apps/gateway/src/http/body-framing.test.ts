import { describe, expect, it } from 'vitest';
import { BodyFraming } from './body-framing.ts';

const CHUNKED =
  '5;name=value\r\nhello\r\n1A\r\nabcdefghijklmnopqrstuvwxyz\r\n0\r\nExpires: never\r\nX-Sum: 1\r\n\r\n';

describe('where a body ends', () => {
  it('finds the end of a chunked body however it is split', () => {
    const bytes = Buffer.from(`${CHUNKED}NEXT`);
    const end = CHUNKED.length;
    for (let split = 0; split <= bytes.length; split += 1) {
      const framing = new BodyFraming({ kind: 'chunked' });
      const first = framing.consume(bytes.subarray(0, split));
      const second = framing.done ? 0 : framing.consume(bytes.subarray(split));
      expect(framing.done, `split at ${split}`).toBe(true);
      expect(first + second, `split at ${split}`).toBe(end);
    }
    const byteAtATime = new BodyFraming({ kind: 'chunked' });
    let taken = 0;
    for (let i = 0; i < bytes.length && !byteAtATime.done; i += 1)
      taken += byteAtATime.consume(bytes.subarray(i, i + 1));
    expect(taken).toBe(end);
  });

  it('ends a chunked body without trailers at its blank line', () => {
    const framing = new BodyFraming({ kind: 'chunked' });
    expect(framing.consume(Buffer.from('3\r\nabc\r\n0\r\n\r\nrest'))).toBe(13);
    expect(framing.done).toBe(true);
  });

  it('refuses a malformed chunked body', () => {
    for (const text of ['x\r\n', '3\r\nabcX\r\n', '3\nabc', '\r\n', 'fffffffffffffff\r\n'])
      expect(new BodyFraming({ kind: 'chunked' }).consume(Buffer.from(text)), text).toBe(-1);
  });

  it('counts a length down and takes everything of a body that runs until close', () => {
    const framing = new BodyFraming({ kind: 'length', length: 5 });
    expect(framing.consume(Buffer.from('abc'))).toBe(3);
    expect(framing.done).toBe(false);
    expect(framing.consume(Buffer.from('defg'))).toBe(2);
    expect(framing.done).toBe(true);
    expect(new BodyFraming({ kind: 'length', length: 0 }).done).toBe(true);
    expect(new BodyFraming({ kind: 'none' }).done).toBe(true);
    const untilClose = new BodyFraming({ kind: 'close' });
    expect(untilClose.consume(Buffer.from('anything'))).toBe(8);
    expect(untilClose.done).toBe(false);
  });
});
