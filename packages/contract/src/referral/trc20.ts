import { sha256 } from '../common/sha256.ts';

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const TRON_ADDRESS_PREFIX = 0x41;

/** Shape only: the letter T followed by 33 base58 characters (spec 000 section 5). */
export const TRC20_SHAPE = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;

const decodeBase58 = (text: string): Uint8Array | null => {
  let value = 0n;
  for (const char of text) {
    const digit = ALPHABET.indexOf(char);
    if (digit < 0) return null;
    value = value * 58n + BigInt(digit);
  }
  const bytes: number[] = [];
  while (value > 0n) {
    bytes.unshift(Number(value % 256n));
    value /= 256n;
  }
  for (const char of text) {
    if (char !== '1') break;
    bytes.unshift(0);
  }
  return Uint8Array.from(bytes);
};

/**
 * A TRON (TRC20) address: base58check of 0x41 + 20-byte account id, the last 4 bytes being
 * the first 4 of sha256(sha256(payload)). A mistyped character breaks the checksum.
 */
export const isValidTrc20Address = (address: string): boolean => {
  if (!TRC20_SHAPE.test(address)) return false;
  const bytes = decodeBase58(address);
  if (!bytes || bytes.length !== 25 || bytes[0] !== TRON_ADDRESS_PREFIX) return false;
  const payload = bytes.slice(0, 21);
  const checksum = sha256(sha256(payload)).slice(0, 4);
  return checksum.every((byte, i) => byte === bytes[21 + i]);
};
