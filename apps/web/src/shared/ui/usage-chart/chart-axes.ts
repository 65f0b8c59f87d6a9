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

/** Steps of the value axis: 1, 2 and 5 times a power of ten of a binary unit (B, KB, MB...). */
const BYTE_STEPS = [1, 1024, 1024 ** 2, 1024 ** 3, 1024 ** 4].flatMap((unit) =>
  [1, 2, 5, 10, 20, 50, 100, 200, 500].map((times) => times * unit),
);

/** The tick steps of the value axis: round amounts in the unit they are written in ("2 MB"). */
export const valueAxisSteps = (): number[] => BYTE_STEPS;

/**
 * The value axis, from 0 to the first round amount at or above the largest value (1 KB at
 * least): every point sits at or under the top tick, none above the axis.
 */
export const valueAxisRange = (max: number): [min: number, max: number] => {
  const top = Math.max(max, 1024);
  // The lowest multiple of a step that reaches the top in at most five steps.
  const tops = BYTE_STEPS.filter((step) => step * 5 >= top).map(
    (step) => Math.ceil(top / step) * step,
  );
  return [0, tops.length > 0 ? Math.min(...tops) : top];
};
