import { describe, expect, it } from 'vitest';
import type { Rollup } from 'vite';
import { chunkCycles } from './chunk-cycles';

const bundle = (graph: Record<string, string[]>): Rollup.OutputBundle =>
  Object.fromEntries(
    Object.entries(graph).map(([fileName, imports]) => [
      fileName,
      { type: 'chunk', fileName, imports, moduleIds: [] } as unknown as Rollup.OutputChunk,
    ]),
  );

describe('chunkCycles', () => {
  it('finds two chunks that import each other, and a longer loop', () => {
    const cycles = chunkCycles(
      bundle({
        'entry.js': ['names.js', 'referral.js'],
        'names.js': ['validation.js'],
        'validation.js': ['names.js'],
        'referral.js': ['a.js'],
        'a.js': ['b.js'],
        'b.js': ['referral.js'],
      }),
    );
    expect(cycles).toEqual([
      ['names.js', 'validation.js', 'names.js'],
      ['referral.js', 'a.js', 'b.js', 'referral.js'],
    ]);
  });

  it('finds none where chunks share what they import without a loop', () => {
    expect(
      chunkCycles(
        bundle({
          'entry.js': ['login.js', 'cabinet.js', 'zod.js'],
          'login.js': ['zod.js', 'react.js'],
          'cabinet.js': ['zod.js', 'react.js'],
          'zod.js': [],
          'react.js': [],
        }),
      ),
    ).toEqual([]);
  });
});
