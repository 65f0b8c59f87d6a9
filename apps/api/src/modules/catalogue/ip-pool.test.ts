import { describe, expect, it } from 'vitest';
import { ipsFromPool, poolSize } from './ip-pool.ts';

describe('ip pool', () => {
  it('walks the blocks in order, skipping network and broadcast', () => {
    const pool = ['10.0.0.0/30', '10.0.1.0/29'];
    expect(poolSize(pool)).toBe(2 + 6);
    expect(ipsFromPool(pool, 0, 3)).toEqual(['10.0.0.1', '10.0.0.2', '10.0.1.1']);
    expect(ipsFromPool(pool, 2, 2)).toEqual(['10.0.1.1', '10.0.1.2']);
    expect(ipsFromPool(pool, 7, 1)).toEqual(['10.0.1.6']);
    expect(() => ipsFromPool(pool, 7, 2)).toThrow('exhausted');
  });
});
