import { BUCKET_MS, intlLocale, type UsageBucket, type UsageSeries } from '@proxy/contract';

const HOUR = 3600;
const DAY = 24 * HOUR;

/**
 * Tick steps of a time axis of days, in seconds: whole days, then months and years as uPlot
 * counts them (30 and 365 days; it lays those out on calendar months and years). Hours would put
 * ticks between the points of a chart of days.
 */
const DAY_STEPS = [
  ...[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 15].map((days) => days * DAY),
  ...[1, 2, 3, 4, 6].map((months) => months * 30 * DAY),
  ...[1, 2, 5, 10].map((years) => years * 365 * DAY),
];

/** The tick steps of a bucket's time axis; `undefined` leaves uPlot's own (hours and up). */
export const timeAxisSteps = (bucket: UsageBucket): number[] | undefined =>
  bucket === 'day' ? DAY_STEPS : undefined;

/**
 * The time axis of a series, in seconds: from its first bucket (the package's first day for
 * "all") to its last (today), half a bucket wider on each side, so that every point sits over
 * its tick inside the frame. uPlot's own range would stretch a single point over years.
 */
export const timeAxisRange = (
  series: Pick<UsageSeries, 'bucket' | 'from' | 'to'>,
): [min: number, max: number] => {
  const step = BUCKET_MS[series.bucket] / 1000;
  const first = Date.parse(series.from) / 1000;
  const last = Math.max(first, Date.parse(series.to) / 1000 - step);
  return [first - step / 2, last + step / 2];
};

const formatter = (language: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat(intlLocale(language), { ...options, timeZone: 'UTC' });

/**
 * The tick labels of a time axis in the UI language, in UTC like the buckets: a time of day with
 * the date under the first tick of each day; a day with the year under the first tick of each
 * year; a month with its year likewise.
 */
export const timeAxisLabels = (language: string) => {
  const year = formatter(language, { year: 'numeric' });
  const dayMonth = formatter(language, { day: 'numeric', month: 'short' });
  const month = formatter(language, { month: 'short' });
  const time = formatter(language, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return (ticks: number[], step: number): string[] => {
    const [label, context] =
      step >= 28 * DAY ? [month, year] : step >= DAY ? [dayMonth, year] : [time, dayMonth];
    return ticks.map((tick, index) => {
      const date = new Date(tick * 1000);
      const previous = index > 0 ? new Date((ticks[index - 1] ?? tick) * 1000) : null;
      const isNewContext = previous === null || context.format(previous) !== context.format(date);
      return isNewContext ? `${label.format(date)}\n${context.format(date)}` : label.format(date);
    });
  };
};

/** A bucket's start as the legend shows it: its day, and its hour for buckets of hours. */
export const formatBucketStart = (language: string, bucket: UsageBucket) => {
  const format = formatter(language, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    ...(bucket === 'hour' ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } : {}),
  });
  return (seconds: number) => format.format(new Date(seconds * 1000));
};
