import { createHmac } from 'node:crypto';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

const base32Decode = (text: string): Buffer => {
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of text.replace(/[\s=]/g, '').toUpperCase()) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${text}`);
    value = ((value << 5) | index) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
};

/** RFC 6238 TOTP (HMAC-SHA-1, 6 digits, 30 s steps) of a step, as any authenticator app. */
const codeAt = (key: Buffer, step: number) => {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
};

/**
 * The authenticator app of a journey: codes from the secret the page shows, each time step
 * handed out once (the server accepts ±1 step and never a step twice).
 */
export const authenticatorApp = (secret: string) => {
  const key = base32Decode(secret);
  let lastStep = Number.NEGATIVE_INFINITY;
  return {
    next: () => {
      const now = Math.floor(Date.now() / 30_000);
      const step = Math.max(now - 1, lastStep + 1);
      if (step > now + 1) throw new Error('every step of the window is used');
      lastStep = step;
      return codeAt(key, step);
    },
  };
};
