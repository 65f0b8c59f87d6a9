import { describe, expect, it } from 'vitest';
import { listing, option } from './command.ts';

describe('operator command helpers', () => {
  it('listing prints a line per row, or the empty text when there is none', () => {
    expect(listing([], 'no rows', (n: number) => `#${n}`)).toBe('no rows');
    expect(listing([1, 2], 'no rows', (n) => `#${n}`)).toBe('#1\n#2');
  });

  it('option reads --name=value and --name value, not a following flag', () => {
    expect(option(['--status=waiting'], 'status')).toBe('waiting');
    expect(option(['--status', 'waiting'], 'status')).toBe('waiting');
    expect(option(['--status', '--txid'], 'status')).toBeUndefined();
  });
});
