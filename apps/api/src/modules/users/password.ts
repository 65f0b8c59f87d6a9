import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id; the package exports a const enum that isolated modules cannot read.
const ARGON2ID = 2;

/** OWASP recommendation for argon2id: m=19 MiB, t=2, p=1. */
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

let dummyHash: Promise<string> | null = null;

/**
 * Verifies a password; with no stored hash (unknown e-mail, Google-only user) it still
 * runs a full argon2 verification against a fixed dummy hash so both cases take as long.
 */
export const verifyPassword = async (
  storedHash: string | null,
  password: string,
): Promise<boolean> => {
  if (storedHash) {
    try {
      return await verify(storedHash, password);
    } catch {
      return false;
    }
  }
  dummyHash ??= hash('dummy-password-for-timing', OPTIONS);
  await verify(await dummyHash, password).catch(() => false);
  return false;
};
