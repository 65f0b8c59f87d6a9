import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDateTimeUtc } from './dates.ts';

describe('formatDateTime (one date format for the cabinet and the notifications)', () => {
  const iso = '2026-11-22T10:30:45.123Z';

  it('short date and time, day first, in the UI language', () => {
    expect(formatDateTime(iso, 'en', 'UTC')).toBe('22/11/2026, 10:30');
    expect(formatDateTime(iso, 'ru', 'UTC')).toBe('22.11.2026, 10:30');
  });

  it('an unknown language falls back to English; the time zone is applied', () => {
    expect(formatDateTime(iso, 'de', 'UTC')).toBe('22/11/2026, 10:30');
    expect(formatDateTime(iso, 'en', 'Europe/Moscow')).toBe('22/11/2026, 13:30');
  });

  it('empty values are a dash; a non-date is shown as it came', () => {
    expect(formatDateTime(null, 'en')).toBe('—');
    expect(formatDateTime(undefined, 'ru')).toBe('—');
    expect(formatDateTime('', 'en')).toBe('—');
    expect(formatDateTime('soon', 'en')).toBe('soon');
  });

  it('for a reader of unknown time zone: the same format in UTC, saying so', () => {
    expect(formatDateTimeUtc(iso, 'en')).toBe('22/11/2026, 10:30 UTC');
    expect(formatDateTimeUtc(iso, 'ru')).toBe('22.11.2026, 10:30 UTC');
    expect(formatDateTimeUtc('soon', 'ru')).toBe('soon');
  });
});
