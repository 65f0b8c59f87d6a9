import { isLanguage } from '@proxy/contract';

export const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;
export type ByteUnit = (typeof BYTE_UNITS)[number];

/**
 * A byte count in the largest binary unit (1024) that keeps it at least 1, with at most two
 * decimals: `{ value: '1.5', unit: 'GB' }`. The caller translates the unit.
 */
export const scaleBytes = (bytes: number, language: string): { value: string; unit: ByteUnit } => {
  let index = 0;
  let value = bytes;
  while (Math.abs(value) >= 1024 && index < BYTE_UNITS.length - 1) {
    value /= 1024;
    index += 1;
  }
  const locale = isLanguage(language) && language === 'ru' ? 'ru-RU' : 'en-GB';
  return {
    value: new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value),
    unit: BYTE_UNITS[index] ?? 'B',
  };
};
