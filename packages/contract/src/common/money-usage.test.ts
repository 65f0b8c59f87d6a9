import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.join(import.meta.dirname, '../../../..');

const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === 'node_modules' ? [] : sources(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });

/** Hand-written conversions the money helpers (toCents, toDollars, formatDollars) replace. */
const HAND_WRITTEN = [
  /[cC]ents\)?\s*\/\s*100\b/, // cents -> dollars
  /Math\.round\([^)]*\*\s*100\)/, // dollars -> cents
  /\*\s*100\)\s*\/\s*100/, // rounding dollars to the cent
  /\bformatMoney\b/, // the cabinet's former copy of formatDollars
];

describe('money conversions', () => {
  it('apps/api and apps/web convert money only through the contract helpers', () => {
    const offenders = ['apps/api/src', 'apps/web/src'].flatMap((dir) =>
      sources(path.join(ROOT, dir)).flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .map((line, index) => ({ line, index }))
          .filter(({ line }) => HAND_WRITTEN.some((pattern) => pattern.test(line)))
          .map(({ line, index }) => `${path.relative(ROOT, file)}:${index + 1}: ${line.trim()}`),
      ),
    );
    expect(offenders).toEqual([]);
  });
});
