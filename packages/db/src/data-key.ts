import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseDataKey } from './secret-box.ts';

/** The file in DATA_DIR holding the generated DATA_ENCRYPTION_KEY of the embedded default. */
export const DATA_KEY_FILE = 'data-encryption-key';

/** A secret of at least 32 characters stored in `dataDir/fileName`, or null. */
export const readSecretFile = (dataDir: string, fileName: string): string | null => {
  const file = path.join(dataDir, fileName);
  if (!existsSync(file)) return null;
  const stored = readFileSync(file, 'utf8').trim();
  return stored.length >= 32 ? stored : null;
};

/**
 * A secret persisted in DATA_DIR (mode 0600), generated on first use: with the embedded
 * database (one instance, one DATA_DIR) it survives restarts, so links signed and values
 * encrypted before a restart still work.
 */
export const loadOrCreateSecret = (dataDir: string, fileName = 'secret'): string => {
  const stored = readSecretFile(dataDir, fileName);
  if (stored !== null) return stored;
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  const file = path.join(dataDir, fileName);
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
};

/**
 * The key of the secrets at rest (decision 068): from the environment whenever DATABASE_URL
 * points at a server (every instance, API and gateway, must hold the same key, and it must not
 * live beside the data); for the embedded default the file in DATA_DIR, which the API generates
 * (`create`) and the gateway only reads. Errors read as environment errors.
 */
export const resolveDataKey = (options: {
  value: string | undefined;
  databaseUrl: string | undefined;
  dataDir: string;
  create: boolean;
}): Buffer => {
  const { value, databaseUrl, dataDir, create } = options;
  if (value === undefined && databaseUrl !== undefined)
    throw new Error(
      'Invalid environment:\n  DATA_ENCRYPTION_KEY: required with DATABASE_URL (32 bytes as hex or base64, e.g. `openssl rand -hex 32`)',
    );
  const text =
    value ??
    (create ? loadOrCreateSecret(dataDir, DATA_KEY_FILE) : readSecretFile(dataDir, DATA_KEY_FILE));
  if (text === null)
    throw new Error(
      `Invalid environment:\n  DATA_ENCRYPTION_KEY: unset and no ${path.join(dataDir, DATA_KEY_FILE)} (start the API once, or set the key)`,
    );
  try {
    return parseDataKey(text);
  } catch (error) {
    throw new Error(`Invalid environment:\n  ${(error as Error).message}`, { cause: error });
  }
};
