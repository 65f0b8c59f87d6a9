import { describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  generateTotpSecret,
  matchTotpStep,
  otpauthUri,
  totpAt,
  totpStep,
} from './totp.ts';

/** RFC 6238 appendix B: the seeds of each algorithm and the 8-digit codes at each time. */
const SEEDS = {
  sha1: Buffer.from('12345678901234567890', 'ascii'),
  sha256: Buffer.from('12345678901234567890123456789012', 'ascii'),
  sha512: Buffer.from('1234567890123456789012345678901234567890123456789012345678901234', 'ascii'),
} as const;
const VECTORS: { time: number; sha1: string; sha256: string; sha512: string }[] = [
  { time: 59, sha1: '94287082', sha256: '46119246', sha512: '90693936' },
  { time: 1111111109, sha1: '07081804', sha256: '68084774', sha512: '25091201' },
  { time: 1111111111, sha1: '14050471', sha256: '67062674', sha512: '99943326' },
  { time: 1234567890, sha1: '89005924', sha256: '91819424', sha512: '93441116' },
  { time: 2000000000, sha1: '69279037', sha256: '90698825', sha512: '38618901' },
  { time: 20000000000, sha1: '65353130', sha256: '77737706', sha512: '47863826' },
];

describe('TOTP (RFC 6238)', () => {
  it('gives the test vectors of RFC 6238 appendix B', () => {
    for (const vector of VECTORS) {
      const step = totpStep(vector.time * 1000);
      for (const algorithm of ['sha1', 'sha256', 'sha512'] as const)
        expect(totpAt(SEEDS[algorithm], step, 8, algorithm), `${algorithm} at ${vector.time}`).toBe(
          vector[algorithm],
        );
    }
  });

  it('6-digit codes are the last six digits of the 8-digit vectors', () => {
    for (const vector of VECTORS)
      expect(totpAt(SEEDS.sha1, totpStep(vector.time * 1000))).toBe(vector.sha1.slice(2));
  });

  it('base32 round-trips and reads the RFC 4648 examples', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('mzxw6ytboi======')?.toString()).toBe('foobar');
    expect(base32Decode('MZXW 6YTB OI')?.toString()).toBe('foobar');
    expect(base32Decode('not base32!')).toBeNull();
    const secret = generateTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(secret)).toHaveLength(20);
  });

  it('matches a code of the current step or one step either side, nothing further', () => {
    const secret = base32Encode(SEEDS.sha1);
    const now = 1111111111 * 1000;
    const step = totpStep(now);
    const code = (offset: number) => totpAt(SEEDS.sha1, step + offset);
    expect(matchTotpStep(secret, code(0), now)).toBe(step);
    expect(matchTotpStep(secret, code(-1), now)).toBe(step - 1);
    expect(matchTotpStep(secret, code(1), now)).toBe(step + 1);
    expect(matchTotpStep(secret, code(2), now)).toBeNull();
    expect(matchTotpStep(secret, code(-2), now)).toBeNull();
    expect(matchTotpStep(secret, 'abcdef', now)).toBeNull();
  });

  it('writes the otpauth URI apps import', () => {
    expect(otpauthUri('Proxy Cabinet', 'a@b.test', 'JBSWY3DPEHPK3PXP')).toBe(
      'otpauth://totp/Proxy%20Cabinet:a%40b.test?secret=JBSWY3DPEHPK3PXP&issuer=Proxy+Cabinet&algorithm=SHA1&digits=6&period=30',
    );
  });
});
