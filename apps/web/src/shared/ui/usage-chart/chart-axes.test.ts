import { describe, expect, it } from 'vitest';
import {
  formatBucketStart,
  timeAxisLabels,
  timeAxisRange,
  timeAxisSteps,
  valueAxisRange,
  valueAxisSteps,
} from './chart-axes';

const seconds = (iso: string) => Date.parse(iso) / 1000;
const HOUR = 3600;
const DAY = 24 * HOUR;

describe('timeAxisRange', () => {
  it('is the day of a package bought today, half a day either side of its one point', () => {
    const range = timeAxisRange({
      bucket: 'day',
      from: '2026-11-28T00:00:00.000Z',
      to: '2026-11-29T00:00:00.000Z',
    });
    expect(range).toEqual([seconds('2026-11-27T12:00:00Z'), seconds('2026-11-28T12:00:00Z')]);
  });

  it('runs from the purchase day to today for "all"', () => {
    const [min, max] = timeAxisRange({
      bucket: 'day',
      from: '2026-10-01T00:00:00.000Z',
      to: '2026-11-29T00:00:00.000Z',
    });
    expect(min + DAY / 2).toBe(seconds('2026-10-01T00:00:00Z'));
    expect(max - DAY / 2).toBe(seconds('2026-11-28T00:00:00Z'));
  });

  it('covers every hour of a day of hours', () => {
    expect(
      timeAxisRange({ bucket: 'hour', from: '2026-11-27T10:00:00Z', to: '2026-11-28T10:00:00Z' }),
    ).toEqual([seconds('2026-11-27T09:30:00Z'), seconds('2026-11-28T09:30:00Z')]);
  });
});

describe('timeAxisSteps', () => {
  it('puts ticks only on whole days for buckets of days, leaves hours to uPlot', () => {
    expect(Math.min(...(timeAxisSteps('day') ?? []))).toBe(DAY);
    expect(timeAxisSteps('hour')).toBeUndefined();
  });
});

describe('timeAxisLabels', () => {
  const ticks = ['2026-12-30', '2026-12-31', '2027-01-01'].map((day) => seconds(`${day}T00:00Z`));

  it('writes days with the year under the first tick of each year, in en and ru', () => {
    expect(timeAxisLabels('en')(ticks, DAY)).toEqual(['30 Dec\n2026', '31 Dec', '1 Jan\n2027']);
    expect(timeAxisLabels('ru')(ticks, DAY)).toEqual(['30 дек.\n2026', '31 дек.', '1 янв.\n2027']);
  });

  it('writes hours on a 24-hour clock with the date under the first tick of each day', () => {
    const hours = ['2026-11-27T18:00Z', '2026-11-27T21:00Z', '2026-11-28T00:00Z'].map(seconds);
    expect(timeAxisLabels('en')(hours, 3 * HOUR)).toEqual([
      '18:00\n27 Nov',
      '21:00',
      '00:00\n28 Nov',
    ]);
  });

  it('writes months with their year', () => {
    const months = ['2026-11-01T00:00Z', '2026-12-01T00:00Z'].map(seconds);
    expect(timeAxisLabels('en')(months, 30 * DAY)).toEqual(['Nov\n2026', 'Dec']);
  });
});

describe('formatBucketStart', () => {
  it('names a day, or a day and an hour, in the UI language', () => {
    const time = seconds('2026-11-28T14:00:00Z');
    expect(formatBucketStart('en', 'day')(time)).toBe('28 Nov 2026');
    expect(formatBucketStart('en', 'hour')(time)).toBe('28 Nov 2026, 14:00');
    expect(formatBucketStart('ru', 'day')(time)).toBe('28 нояб. 2026 г.');
  });
});

describe('valueAxisRange', () => {
  const MB = 1024 ** 2;

  it('tops the axis with the first round amount at or above the largest value', () => {
    expect(valueAxisRange(4.01 * MB)).toEqual([0, 5 * MB]);
    expect(valueAxisRange(4 * MB)).toEqual([0, 4 * MB]);
    expect(valueAxisRange(700 * 1024)).toEqual([0, 800 * 1024]);
    expect(valueAxisRange(0)).toEqual([0, 1024]);
  });

  it('steps in round amounts of binary units', () => {
    expect(valueAxisSteps()).toContain(MB);
    expect(valueAxisSteps()).toContain(500 * 1024);
    expect(valueAxisSteps()).not.toContain(1_000_000);
  });
});
