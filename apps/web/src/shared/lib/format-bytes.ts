import { useTranslation } from 'react-i18next';
import { intlLocale } from '@proxy/contract';

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
  return {
    value: new Intl.NumberFormat(intlLocale(language), { maximumFractionDigits: 2 }).format(value),
    unit: BYTE_UNITS[index] ?? 'B',
  };
};

/**
 * THE byte format of the cabinet (traffic of packages, statistics, charts): bytes as text in the
 * UI language, in the unit that fits ("4.7 MB", "4,7 МБ").
 */
export const useFormatBytes = () => {
  const { t, i18n } = useTranslation('base');
  return (bytes: number) => {
    const { value, unit } = scaleBytes(bytes, i18n.language);
    return t(`units.bytes.${unit}`, { value });
  };
};
