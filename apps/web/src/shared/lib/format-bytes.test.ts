import { describe, expect, it } from 'vitest';
import { scaleBytes } from './format-bytes';

describe('scaleBytes', () => {
  it('picks the largest binary unit that keeps the amount at least 1', () => {
    expect(scaleBytes(0, 'en')).toEqual({ value: '0', unit: 'B' });
    expect(scaleBytes(1023, 'en')).toEqual({ value: '1,023', unit: 'B' });
    expect(scaleBytes(1024, 'en')).toEqual({ value: '1', unit: 'KB' });
    expect(scaleBytes(4.7 * 1024 ** 2, 'en')).toEqual({ value: '4.7', unit: 'MB' });
    expect(scaleBytes(10 * 1024 ** 3, 'en')).toEqual({ value: '10', unit: 'GB' });
    expect(scaleBytes(3 * 1024 ** 4, 'en')).toEqual({ value: '3', unit: 'TB' });
  });

  it('writes the number in the UI language, two decimals at most', () => {
    expect(scaleBytes(1.23456 * 1024 ** 2, 'ru')).toEqual({ value: '1,23', unit: 'MB' });
    expect(scaleBytes(1.23456 * 1024 ** 2, 'en')).toEqual({ value: '1.23', unit: 'MB' });
  });
});
